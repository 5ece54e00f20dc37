/**
 * The value kept in `map` under `key`, made by `make()` the first time it is asked for: for objects that are costly
 * to create and the same for every call with the key (Intl formatters per time zone, plural rules per language).
 */
export function cachedIn<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  if (!map.has(key)) map.set(key, make());
  return map.get(key) as V;
}
