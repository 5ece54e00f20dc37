import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/auth-api', () => ({ refreshToken: vi.fn(async () => undefined) }));

import { refreshToken } from '../../lib/auth-api';
import { clearSession, setToken } from '../../lib/session';
import { useTokenRefresh } from './use-token-refresh';

/** Refresh five minutes before expiry, but never one that the session's absolute end makes useless (issue 11). */
afterEach(() => {
  vi.useRealTimers();
  vi.mocked(refreshToken).mockClear();
  clearSession();
});

describe('useTokenRefresh', () => {
  it('refreshes five minutes before the token expires while the session has longer to live', () => {
    vi.useFakeTimers();
    setToken('tok', 30, 600);
    renderHook(() => useTokenRefresh());
    vi.advanceTimersByTime(24 * 60_000);
    expect(refreshToken).not.toHaveBeenCalled();
    vi.advanceTimersByTime(61_000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });

  it('asks for no refresh when the token already lasts until the session ends for good', () => {
    vi.useFakeTimers();
    setToken('tok', 10, 10);
    renderHook(() => useTokenRefresh());
    vi.advanceTimersByTime(10 * 60_000);
    expect(refreshToken).not.toHaveBeenCalled();
  });
});
