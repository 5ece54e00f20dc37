import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/auth-api', () => ({ refreshToken: vi.fn(async () => undefined) }));

import { refreshToken } from '../../lib/auth-api';
import { clearSession, setToken } from '../../lib/session';
import { useTokenRefresh } from './use-token-refresh';

/** Refresh five minutes before expiry, but never one that the session's absolute end makes useless (issue 11). */
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.mocked(refreshToken).mockClear();
  clearSession();
});

/** A token that expires in `tokenMinutes`, of a session that ends for good in `sessionMinutes`, and the hook running. */
function signedIn(tokenMinutes: number, sessionMinutes: number) {
  setToken('tok', tokenMinutes, sessionMinutes);
  renderHook(() => useTokenRefresh());
}

describe('useTokenRefresh', () => {
  it('refreshes five minutes before the token expires while the session has longer to live', () => {
    signedIn(30, 600);
    vi.advanceTimersByTime(24 * 60_000);
    expect(refreshToken).not.toHaveBeenCalled();
    vi.advanceTimersByTime(61_000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });

  it('asks for no refresh when the token already lasts until the session ends for good', () => {
    signedIn(10, 10);
    vi.advanceTimersByTime(10 * 60_000);
    expect(refreshToken).not.toHaveBeenCalled();
  });
});
