/** Router basename (spec §2, §9): the app lives under /theone. */
export const ROUTER_BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '') || '/';
