/**
 * Navigation for code outside React (the request client sends an expired session to /login).
 * The router registers its navigate function on mount; paths are router paths (without /theone).
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | undefined;

export function setNavigator(fn: Navigate | undefined) {
  navigator = fn;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}) {
  if (navigator) navigator(to, options);
  else if (typeof window !== 'undefined') window.location.assign(`${import.meta.env.BASE_URL.replace(/\/$/, '')}${to}`);
}

/** The current router path with its query, for `?redirect=` on the way to /login. */
export function currentRouterPath(): string {
  if (typeof window === 'undefined') return '/';
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  const path = window.location.pathname.startsWith(base)
    ? window.location.pathname.slice(base.length)
    : window.location.pathname;
  return `${path || '/'}${window.location.search}`;
}
