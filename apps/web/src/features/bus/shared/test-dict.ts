/**
 * lib/dict for a web test, its dictionaries answering the given [value, label] pairs (no request to a server that is
 * not there). A mock factory imports it itself (vi.mock is hoisted above the file's imports):
 *
 *   vi.mock('../../../lib/dict', async (importOriginal) =>
 *     (await import('../shared/test-dict')).dictAnswering(await importOriginal(), [['6', '已到仓']]),
 *   );
 */
export function dictAnswering(original: unknown, pairs: readonly (readonly [string, string])[]) {
  const data = pairs.map(([dictValue, dictLabel]) => ({ dictValue, dictLabel }));
  return { ...(original as object), useDict: () => ({ data, isLoading: false }) };
}
