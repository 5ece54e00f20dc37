/** The named fields of a record as they are (e.g. a form's values from a loaded row). */
export function pick<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, record[k]])) as Pick<T, K>;
}
