import { onSessionCleared } from '../../lib/session';
import { sessionStore } from '../../lib/storage';
import { createStore } from '../../lib/store';

/** Lock screen state; survives a reload of the tab (session storage), ends with the session. */
const STORAGE = 'locked';

export const lockStore = createStore<{ locked: boolean }>({
  locked: sessionStore.get<boolean>(STORAGE, false) === true,
});

lockStore.subscribe((s) => sessionStore.set(STORAGE, s.locked));
onSessionCleared(() => lockStore.set({ locked: false }));

export const lockNow = () => lockStore.set({ locked: true });
export const unlockNow = () => lockStore.set({ locked: false });
