import { shortCache } from '../../../platform/short-cache';
/**
 * Totals of the user list, kept a few seconds per key (caller scope and filters): a busy list (many staff paging
 * the same 10,000 users) counts once per interval instead of once per request. Rows are always read fresh.
 * Every change made through the user, department and role routes of this instance drops the cache at once
 * (`invalidateUserCounts`, see `dropCountsOnChange`); a department, role or menu change made by any instance drops
 * it too (the session channel's '*', platform/cache-events.ts), so department names and the departments a scope
 * resolves to agree across instances; a user added on another instance shows in a total within COUNT_TTL_MS.
 * Callers put the auth epoch in the key, so a role or permission change never reads an old total.
 */
export const COUNT_TTL_MS = 3_000;
const counts = shortCache({ ttlMs: COUNT_TTL_MS, max: 500, topics: ['auth'] });

export function invalidateUserCounts() {
  counts.clear();
}

/** A value computed at most once per COUNT_TTL_MS per key (totals; the departments a scope resolves to). */
export function cachedCount<T = number>(key: string, compute: () => Promise<T>): Promise<T> {
  return counts.get(key, compute);
}
