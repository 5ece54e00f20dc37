import { expect, it } from 'vitest';

/**
 * A table of a pure function's answers, for the unit tests: one test per row `[input, expected, ...labels]`, titled
 * by `title` (vitest's printf format over the row: `'isEmail(%j) = %s'`), asserting that `fn(input)` is `expected`
 * (toBe). Further elements of a row only name it in the title.
 */
export function itReturns<I, O>(
  title: string,
  fn: (input: I) => O,
  rows: readonly (readonly [I, O, ...unknown[]])[],
): void {
  it.each(rows.map((row) => [...row] as [I, O, ...unknown[]]))(title, (input, expected) => {
    expect(fn(input)).toBe(expected);
  });
}
