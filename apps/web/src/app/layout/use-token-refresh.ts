import { useEffect } from 'react';
import { refreshToken } from '../../lib/auth-api';
import { authStore, sessionEndsAt, tokenExpiresAt } from '../../lib/session';

const EARLY_MS = 5 * 60_000;

/**
 * Refreshes the token (POST /auth/refresh) five minutes before it expires while the app is open, unless the token
 * already lasts until the session's absolute end (SESSION_MAX_HOURS): no refresh can give more, so none is asked.
 */
export function useTokenRefresh() {
  const token = authStore.use((s) => s.token);
  useEffect(() => {
    const expires = tokenExpiresAt();
    if (!token || !expires) return;
    const ends = sessionEndsAt();
    if (ends !== undefined && expires >= ends - 60_000) return;
    const delay = Math.max(expires - Date.now() - EARLY_MS, 5_000);
    if (delay > 2 ** 31 - 1) return;
    const timer = window.setTimeout(() => {
      refreshToken().catch(() => undefined);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [token]);
}
