/**
 * The operations on a record of the container's journey (load plan and load, pick-up, delivery run), declared once
 * each: the record statuses that allow it (`from`) and the refusal key in any other status (`reject`, 'Not X or
 * already X, reselect').
 */
export type TRecordOperations<S extends number> = Record<
  string,
  { readonly from: readonly S[]; readonly reject: string }
>;

/** The refusal key of each operation. */
export function rejectKeysOf<K extends string>(operations: Record<K, { readonly reject: string }>): Record<K, string> {
  const entries = Object.entries<{ readonly reject: string }>(operations).map(([key, op]) => [key, op.reject]);
  return Object.fromEntries(entries) as Record<K, string>;
}

/** Whether a record status allows the operation. */
export function allowsOf<K extends string>(operations: Record<K, { readonly from: readonly number[] }>) {
  return (operation: K, status: number): boolean => operations[operation].from.includes(status);
}
