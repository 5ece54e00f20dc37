import { ALL_PERMISSION, DEFAULT_ROLE } from '@theone/contracts/common/permissions';
import { sessionStore } from './storage';
import { createStore } from './store';

/**
 * The signed-in session: the bearer token with its expiry in session storage (spec §4 'Session'), and the
 * user, roles, permissions and fee-role flag from getInfo, held in memory. `clearSession()` is the one way
 * to end a session (logout, 401, expired token): it empties both and tells subscribers (menus, routes, tags
 * view, query cache) to reset.
 */
export const TOKEN_KEY = 'token';
/** The server's default business time zone (APP_TIMEZONE unset). */
export const DEFAULT_TIMEZONE = 'Asia/Shanghai';
export const TOKEN_EXPIRES_KEY = 'token-expires';
/** When the session ends for good (the server's SESSION_MAX_HOURS from sign-in): no refresh goes past it. */
export const SESSION_ENDS_KEY = 'session-ends';

export interface SessionUser {
  userId: number;
  userName: string;
  nickName: string;
  avatar?: string | null;
  deptId?: number | null;
  dept?: { deptId: number; deptName: string } | null;
  email?: string | null;
  phonenumber?: string | null;
  sex?: string | null;
  createTime?: string | null;
}

export interface UserInfoResponse {
  code: number;
  msg: string;
  user: SessionUser;
  roles: string[];
  permissions: string[];
  isFeeRole?: boolean;
  mustChangePassword?: boolean;
  /** The business time zone (APP_TIMEZONE): every business time is entered and shown in it (lib/business-time). */
  timezone?: string;
}

export interface AuthState {
  token: string | undefined;
  user: SessionUser | undefined;
  roles: string[];
  permissions: string[];
  isFeeRole: boolean;
  mustChangePassword: boolean;
  /** The business time zone from getInfo (lib/business-time); Asia/Shanghai until it answers. */
  timezone: string;
  /** True once getInfo has answered for this token. */
  loaded: boolean;
}

const empty = (): AuthState => ({
  token: readToken(),
  user: undefined,
  roles: [],
  permissions: [],
  isFeeRole: false,
  mustChangePassword: false,
  timezone: DEFAULT_TIMEZONE,
  loaded: false,
});

/** The token, or undefined when absent or past its expiry (an expired token is removed). */
export function readToken(): string | undefined {
  const token = sessionStore.getRaw(TOKEN_KEY);
  if (!token) return undefined;
  const expires = Number(sessionStore.getRaw(TOKEN_EXPIRES_KEY) ?? 0);
  if (expires > 0 && expires <= Date.now()) {
    sessionStore.remove(TOKEN_KEY);
    sessionStore.remove(TOKEN_EXPIRES_KEY);
    return undefined;
  }
  return token;
}

export function tokenExpiresAt(): number | undefined {
  const expires = Number(sessionStore.getRaw(TOKEN_EXPIRES_KEY) ?? 0);
  return expires > 0 ? expires : undefined;
}

export const authStore = createStore<AuthState>(empty());

/**
 * Stores a new token; `expiresInMinutes` as RuoYi-Cloud's `expires_in`, `sessionEndsInMinutes` the server's
 * `session_expires_in` (minutes until the session's absolute end).
 */
export function setToken(token: string, expiresInMinutes?: number, sessionEndsInMinutes?: number) {
  sessionStore.setRaw(TOKEN_KEY, token);
  const at = (minutes: number | undefined) => (minutes && minutes > 0 ? String(Date.now() + minutes * 60_000) : '');
  for (const [key, minutes] of [
    [TOKEN_EXPIRES_KEY, expiresInMinutes],
    [SESSION_ENDS_KEY, sessionEndsInMinutes],
  ] as const) {
    const value = at(minutes);
    if (value) sessionStore.setRaw(key, value);
    else sessionStore.remove(key);
  }
  authStore.set({ token });
}

/** When the session ends for good, if the server said. */
export function sessionEndsAt(): number | undefined {
  const ends = Number(sessionStore.getRaw(SESSION_ENDS_KEY) ?? 0);
  return ends > 0 ? ends : undefined;
}

/** Current token for the request client (re-reads storage so another tab's logout or an expiry is seen). */
export function getToken(): string | undefined {
  const token = readToken();
  if (!token && authStore.get().token) authStore.set({ token: undefined });
  return token;
}

export function applyUserInfo(info: UserInfoResponse) {
  const roles = info.roles?.length ? info.roles : [DEFAULT_ROLE];
  const permissions = info.permissions ?? [];
  authStore.set({
    user: info.user,
    roles,
    permissions,
    isFeeRole: info.isFeeRole ?? permissions.includes(ALL_PERMISSION),
    mustChangePassword: info.mustChangePassword ?? false,
    timezone: info.timezone || DEFAULT_TIMEZONE,
    loaded: true,
  });
}

const clearListeners = new Set<() => void>();

/** Register a reset to run when the session ends (routes, menus, tags, caches). */
export function onSessionCleared(listener: () => void): () => void {
  clearListeners.add(listener);
  return () => clearListeners.delete(listener);
}

export function clearSession() {
  sessionStore.remove(TOKEN_KEY);
  sessionStore.remove(TOKEN_EXPIRES_KEY);
  sessionStore.remove(SESSION_ENDS_KEY);
  authStore.replace({ ...empty(), token: undefined });
  for (const l of clearListeners) l();
}
