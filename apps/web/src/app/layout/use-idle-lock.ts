import { useEffect } from 'react';
import { lockNow, lockStore } from './lock-store';

const ACTIVITY = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** Locks the screen after `seconds` without input (0: never). */
export function useIdleLock(seconds: number) {
  const locked = lockStore.use((s) => s.locked);
  useEffect(() => {
    if (!seconds || seconds <= 0 || locked) return;
    let timer = window.setTimeout(lockNow, seconds * 1000);
    let last = Date.now();
    const onActivity = () => {
      const now = Date.now();
      if (now - last < 500) return;
      last = now;
      window.clearTimeout(timer);
      timer = window.setTimeout(lockNow, seconds * 1000);
    };
    for (const event of ACTIVITY) window.addEventListener(event, onActivity, { passive: true, capture: true });
    return () => {
      window.clearTimeout(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [seconds, locked]);
}
