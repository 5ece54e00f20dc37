import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { createStore } from '../../lib/store';
import { tagKey } from './tags-store';

/**
 * Unsaved changes (screens §0: 'leaving a form with unsaved changes asks before leaving').
 * With the tags view's cache on, switching tabs keeps a form as it is, so there is nothing to ask then;
 * the user is asked when the form would really go: closing its tab (tags view), reloading or closing the
 * browser tab (beforeunload).
 *
 *   const dirty = Form.useWatch([], form) !== undefined && form.isFieldsTouched();
 *   useUnsavedChanges(dirty);
 */
export const dirtyTabsStore = createStore<{ keys: ReadonlySet<string> }>({ keys: new Set() });

function setDirty(key: string, dirty: boolean) {
  const keys = new Set(dirtyTabsStore.get().keys);
  if (dirty === keys.has(key)) return;
  if (dirty) keys.add(key);
  else keys.delete(key);
  dirtyTabsStore.set({ keys });
}

export const hasUnsavedChanges = (keys: readonly string[]) => keys.some((k) => dirtyTabsStore.get().keys.has(k));

export function useUnsavedChanges(dirty: boolean) {
  const location = useLocation();
  const key = tagKey(location.pathname, location.search);
  useEffect(() => {
    setDirty(key, dirty);
    return () => setDirty(key, false);
  }, [key, dirty]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
