import type { AuthContext } from './auth/auth-context';
import { onTableChange, type TCacheTopic } from './cache-events';

/**
 * A value computed at most once per `ttlMs` per key: the totals and sums of busy lists (many staff paging the same
 * records), so a list counts once per interval instead of once per request while its rows are always read fresh.
 * The promise is kept (concurrent callers share one computation); a failed one is forgotten. `clear` drops every
 * key; `topics` clear it whenever one of those tables changes in any instance (platform/cache-events.ts), and
 * `afterWrites` clears it after every write request this instance answers (`writeDone`, called by app.ts before a
 * non-GET answer is sent, so after its transaction committed): a change made here shows at once, one made by
 * another instance within `ttlMs`.
 */
export interface ShortCache {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  clear(): void;
}

const afterWriteCaches = new Set<ShortCache>();

export function shortCache(options: {
  ttlMs: number;
  max?: number;
  topics?: readonly TCacheTopic[];
  afterWrites?: boolean;
}): ShortCache {
  const { ttlMs, max = 500 } = options;
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  const cache: ShortCache = {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
      const value = compute();
      if (entries.size >= max) entries.clear();
      const entry = { at: Date.now(), value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
  if (options.topics?.length) onTableChange(options.topics, cache.clear);
  if (options.afterWrites) afterWriteCaches.add(cache);
  return cache;
}

/** A write request of this instance is answered (its transaction is over): drop the caches that asked for it. */
export function writeDone(): void {
  for (const cache of afterWriteCaches) cache.clear();
}

/**
 * The part of a cache key that stands for what the caller may see: 'all' for a user who sees every record, else
 * their roles with data scopes, department, user and auth epoch (a role change never reads an old value).
 */
export function scopeCacheKey(auth: AuthContext, seesAll: boolean): string {
  if (seesAll) return 'all';
  const roles = auth.roles.map((r) => `${r.roleId}:${r.dataScope}`).sort();
  return [auth.authEpoch, auth.userId, auth.deptId, ...roles].join('|');
}

/** A list's cache key: its name, the caller's scope and its filters (paging and sorting left out). */
export function listCacheKey(name: string, scope: string, q: object): string {
  const { pageNum: _n, pageSize: _s, orderByColumn: _c, isAsc: _a, ...filters } = q as Record<string, unknown>;
  return JSON.stringify([name, scope, filters]);
}
