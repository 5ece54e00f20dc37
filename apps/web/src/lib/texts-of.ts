/**
 * The named text fields of a record, an absent one as '' (request bodies and forms hold '' for an empty text):
 *   { ...textsOf(values, ['company', 'phone']) }  // { company: values.company ?? '', phone: values.phone ?? '' }
 */
export function textsOf<V extends object, K extends keyof V & string>(
  values: V,
  keys: readonly K[],
): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, values[k] ?? ''])) as Record<K, string>;
}
