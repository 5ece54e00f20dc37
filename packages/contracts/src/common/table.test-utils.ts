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

/**
 * A table of two pure functions' answers over the same inputs: one test per row `[input, first, second]`, titled by
 * `title` over the row, asserting that `fns[0](input)` is `first` and `fns[1](input)` is `second` (toBe).
 */
export function itReturnsBoth<I, A, B>(
  title: string,
  fns: readonly [(input: I) => A, (input: I) => B],
  rows: readonly (readonly [I, A, B])[],
): void {
  it.each(rows.map((row) => [...row] as [I, A, B]))(title, (input, first, second) => {
    expect(fns[0](input)).toBe(first);
    expect(fns[1](input)).toBe(second);
  });
}
