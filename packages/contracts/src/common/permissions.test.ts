import { describe, expect, it } from 'vitest';
import {
  blankFeeFields,
  feeKeyIn,
  hasFeeRole,
  hasPermission,
  hasRole,
  stripFeeFields,
  stripFeeText,
} from './permissions';

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

describe('blankFeeFields (fresh list rows, in place)', () => {
  it('sets the fee fields of each row to undefined: not serialised, and nothing left for stripFeeFields to copy', () => {
    const rows = [
      { id: 1, feeArAmount: '10.00', containerFee: '3.00', weight: '1.00' },
      { id: 2, feeArAmount: null, weight: '2.00' },
    ];
    blankFeeFields(rows);
    expect(JSON.parse(JSON.stringify(rows))).toEqual([
      { id: 1, weight: '1.00' },
      { id: 2, weight: '2.00' },
    ]);
    const page = { code: 200, rows, total: 2 };
    expect(stripFeeFields(page)).toBe(page);
  });

  it('leaves nested fee values to stripFeeFields', () => {
    const rows = [{ id: 1, feeArAmount: '1.00', cargo: [{ volumePrice: '5.00', weight: '1.00' }] }];
    blankFeeFields(rows);
    expect(stripFeeFields({ rows })).toEqual({ rows: [{ id: 1, cargo: [{ weight: '1.00' }] }] });
  });

  it('leaves rows that name a fee field (log changes) to stripFeeFields, which drops them', () => {
    const rows = [
      { field: 'feeFreightAr', before: '100.00', after: '120.00' },
      { field: 'consignee', before: 'A', after: 'B' },
    ];
    blankFeeFields(rows);
    expect(stripFeeFields({ rows })).toEqual({ rows: [{ field: 'consignee', before: 'A', after: 'B' }] });
  });

  it('a page of rows with dates and no nested fee value is answered as it is', () => {
    const rows = [{ id: 1, loadTime: new Date(0), containerFee: '3.00', parts: [{ weight: '1.00' }] }];
    blankFeeFields(rows);
    const page = { rows, sums: { orders: 1 } };
    expect(stripFeeFields(page)).toBe(page);
    expect(JSON.parse(JSON.stringify(rows))).toEqual([
      { id: 1, loadTime: '1970-01-01T00:00:00.000Z', parts: [{ weight: '1.00' }] },
    ]);
  });
});

describe('fee values named by data (order-log changes)', () => {
  it('drops list entries whose field is a fee field and keeps the others', () => {
    const log = {
      rows: [
        {
          action: 'edit',
          changes: [
            { field: 'feeFreightAr', before: '100.00', after: '120.00' },
            { field: 'consignee', before: 'A', after: 'B' },
            { field: 'volumePrice', before: '800.00', after: '850.00' },
          ],
        },
      ],
    };
    expect(stripFeeFields(log)).toEqual({
      rows: [{ action: 'edit', changes: [{ field: 'consignee', before: 'A', after: 'B' }] }],
    });
    // an error answer naming a field is no list entry: it stays
    const error = { code: 400, msg: 'x', field: 'credtLimit' };
    expect(stripFeeFields(error)).toBe(error);
  });
});

describe('feeKeyIn', () => {
  it.each<[string, unknown, 'query' | 'body', string | null]>([
    ['a fee sort column', { orderByColumn: 'feeArAmount', isAsc: 'asc' }, 'query', 'feeArAmount'],
    ['another sort column', { orderByColumn: 'orderTime' }, 'query', null],
    ['the fee-supplement filter', { view: 'orderList', hasSupplement: '1' }, 'query', 'hasSupplement'],
    ['a cleared fee filter', { hasSupplement: '', credtLimit: '' }, 'query', null],
    ['a fee field filter', { credtLimit: '100' }, 'query', 'credtLimit'],
    ['a fee field written', { nameZh: 'x', credtLimit: '3000' }, 'body', 'credtLimit'],
    ['a fee field cleared', { minAmount: null }, 'body', 'minAmount'],
    ['an empty fee field written', { minAmount: '' }, 'body', 'minAmount'],
    ['nested in lines', { lines: [{ weight: '1' }, { volumePrice: '2' }] }, 'body', 'volumePrice'],
    ['a fee sort column in an export body', { orderByColumn: 'credtLimit' }, 'body', 'credtLimit'],
    ['an empty sort column in an export body', { orderByColumn: '', hasSupplement: '' }, 'body', null],
    ['nothing fee-related', { consignee: 'A', cargoLines: [{ piece: 1 }] }, 'body', null],
    ['not an object', 'feeArAmount', 'body', null],
  ])('%s', (_name, input, kind, expected) => {
    expect(feeKeyIn(input, kind)).toBe(expected);
  });
});

describe('stripFeeText (operation-log parameters and results)', () => {
  it('strips whole JSON like an answer', () => {
    expect(stripFeeText('{"id":3,"credtLimit":"3000","lines":[{"field":"feeFreightAr","after":"1"}]}')).toBe(
      '{"id":3,"lines":[]}',
    );
    expect(stripFeeText('')).toBe('');
  });

  it('masks fee values in text cut short, and cuts where a fee holds a list', () => {
    expect(stripFeeText('{"id":3,"feeFreightAr":"120.00","minAmount":null,"consignee":"A\\"B","remark":"x…')).toBe(
      '{"id":3,"feeFreightAr":"******","minAmount":"******","consignee":"A\\"B","remark":"x…',
    );
    expect(stripFeeText('{"id":3,"feeSendAr":5,"totals":[{"currency":"RMB","amount":"1…')).toBe(
      '{"id":3,"feeSendAr":"******",…',
    );
  });
});
