import { describe, expect, it } from 'vitest';
import { hasFeeRole, hasPermission, hasRole, stripFeeFields } from './permissions';

describe('permissions', () => {
  it.each([
    [['*:*:*'], 'bus:order', true],
    [['bus:order'], 'bus:order', true],
    [['bus:order:add'], 'bus:order', false],
    [[], 'bus:order', false],
  ])('%j grants %s: %s', (granted, required, expected) => {
    expect(hasPermission(granted, required)).toBe(expected);
    expect(hasPermission(new Set(granted), required)).toBe(expected);
  });

  it('admin passes every role check; the fee role is the wildcard or bus:fee:view', () => {
    expect(hasRole(['admin'], 'finance')).toBe(true);
    expect(hasRole(['sales'], 'finance')).toBe(false);
    expect(hasFeeRole(['*:*:*'])).toBe(true);
    expect(hasFeeRole(['bus:fee:view'])).toBe(true);
    expect(hasFeeRole(['bus:order'])).toBe(false);
  });
});

describe('stripFeeFields', () => {
  it('removes fee fields at any depth and keeps everything else', () => {
    const input = {
      code: 200,
      rows: [{ transportId: 'TH1', feeArAmount: '10.00', cargo: [{ weight: '1.00', volumePrice: '5.00' }] }],
      totals: [{ currency: 'RMB', amount: '10.00' }],
      createTime: new Date('2026-01-01T00:00:00Z'),
    };
    const out = stripFeeFields(input);
    expect(out).toEqual({
      code: 200,
      rows: [{ transportId: 'TH1', cargo: [{ weight: '1.00' }] }],
      createTime: input.createTime,
    });
    expect(input.rows[0]!.feeArAmount).toBe('10.00'); // the input is not modified
  });

  it('returns the same object when there is nothing to remove', () => {
    const input = { code: 200, rows: [{ userName: 'a', dept: { deptName: 'x' } }] };
    expect(stripFeeFields(input)).toBe(input);
  });
});
