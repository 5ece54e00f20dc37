import { describe, expect, it } from 'vitest';
import { pick } from './pick';

describe('pick', () => {
  it('keeps the named fields as they are and leaves the others out', () => {
    const row = { id: 7, name: 'Anan', remark: null, version: 3 };
    expect(pick(row, ['name', 'remark'])).toEqual({ name: 'Anan', remark: null });
  });
});
