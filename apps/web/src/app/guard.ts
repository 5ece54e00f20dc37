/**
 * The route guard's decision (spec §2), as a pure function so it can be tested without a router:
 * - no token: only /login and /register; anything else goes to /login (keeping where the user was going)
 *   and the session is cleared;
 * - a token on /login: /home;
 * - a token before the routes are built: load getInfo and getRouters, then decide again (navigation redone);
 * - a session that must change its password: /register only.
 */
export const WHITE_LIST = ['/login', '/register'] as const;

export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'load' }
  | { kind: 'redirect'; to: string; clearSession: boolean };

export interface GuardInput {
  pathname: string;
  search: string;
  hasToken: boolean;
  routesReady: boolean;
  mustChangePassword: boolean;
}

export function decideGuard({
  pathname,
  search,
  hasToken,
  routesReady,
  mustChangePassword,
}: GuardInput): GuardDecision {
  const whitelisted = (WHITE_LIST as readonly string[]).includes(pathname);
  if (!hasToken) {
    if (whitelisted) return { kind: 'render' };
    const here = `${pathname}${search}`;
    const to = here === '/' || here === '' ? '/login' : `/login?redirect=${encodeURIComponent(here)}`;
    return { kind: 'redirect', to, clearSession: true };
  }
  if (pathname === '/login') return { kind: 'redirect', to: '/home', clearSession: false };
  if (!routesReady) return { kind: 'load' };
  if (mustChangePassword && pathname !== '/register') return { kind: 'redirect', to: '/register', clearSession: false };
  return { kind: 'render' };
}

/** A `redirect` query value that is safe to follow: a router path, never another origin. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/login')) return '/home';
  return value;
}
