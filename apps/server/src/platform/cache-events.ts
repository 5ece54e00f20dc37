/**
 * Invalidation of in-process caches across instances (docs/architecture.md, 'Caches'). A cache that keeps rows of
 * a table any instance may change subscribes to that table here; database triggers NOTIFY 'theone_cache' with the
 * table's name (migration 0010), and each instance's listener (platform/auth/session-cache.ts, the connection that
 * also hears 'theone_auth') calls `tableChanged`. 'auth' stands for the session channel's '*' (departments, roles,
 * menus). When the listener connects again after a loss every cache is dropped (notifications may have been missed);
 * caches keep their own short lifetimes as a second line.
 */
export type TCacheTopic = 'bas_mark' | 'bas_geog' | 'bas_warehouse' | 'sys_config' | 'auth';

export const CACHE_CHANNEL = 'theone_cache';

const subscribers = new Map<TCacheTopic, Set<() => void>>();

/** Calls `drop` whenever one of `topics` changes, in any instance; returns the unsubscribe function. */
export function onTableChange(topics: readonly TCacheTopic[], drop: () => void): () => void {
  for (const topic of topics) {
    const set = subscribers.get(topic) ?? new Set();
    set.add(drop);
    subscribers.set(topic, set);
  }
  return () => {
    for (const topic of topics) subscribers.get(topic)?.delete(drop);
  };
}

/** A notification arrived (or this instance changed the table itself). Unknown names are ignored. */
export function tableChanged(topic: string): void {
  for (const drop of subscribers.get(topic as TCacheTopic) ?? []) drop();
}

/** Drops every subscribed cache once (the listener (re)connected: what happened meanwhile is unknown). */
export function everythingChanged(): void {
  const all = new Set<() => void>();
  for (const set of subscribers.values()) for (const drop of set) all.add(drop);
  for (const drop of all) drop();
}
