import { describe, expect, it } from 'vitest';
import { textsOf } from './texts-of';

describe('textsOf', () => {
  it('keeps the named texts, gives an absent one as an empty text, and leaves the other fields out', () => {
    const values: { a?: string; b?: string | null; c: string; d: number } = { b: null, c: 'x', d: 1 };
    expect(textsOf(values, ['a', 'b', 'c'])).toEqual({ a: '', b: '', c: 'x' });
  });
});
