import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  add,
  cmp,
  convert,
  div,
  formatMoney,
  isNegative,
  isPositive,
  isZero,
  max,
  min,
  money,
  mul,
  roundMoney,
  roundRate,
  roundVolume,
  roundWeight,
  sameFigure,
  sub,
  sum,
  type TMoneyInput,
  toMoneyString,
  toPlainString,
  toRateString,
  toVolumeString,
  toWeightString,
  tryMoney,
  zMoney,
  zRate,
  zSignedMoney,
  zVolume,
  zWeight,
} from './money';
import { itReturns } from './table.test-utils';

describe('money() parsing', () => {
  it.each<[TMoneyInput, string]>([
    ['1234.50', '1234.5'],
    [' 12 ', '12'],
    ['-3.2', '-3.2'],
    ['+7', '7'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['0.000001', '0.000001'],
    ['123456789012345678.99', '123456789012345678.99'],
    [0.1, '0.1'],
    [42, '42'],
    [new Decimal('9.99'), '9.99'],
  ])('money(%j) = %s', (value, expected) => {
    expect(money(value).toString()).toBe(expected);
  });

  it.each<[TMoneyInput]>([
    [''],
    ['  '],
    ['abc'],
    ['12abc'],
    ['1,234.50'],
    ['1e3'],
    ['NaN'],
    ['Infinity'],
    ['¥12'],
    ['1.2.3'],
    ['-'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [Number.NEGATIVE_INFINITY],
    [new Decimal(Number.NaN)],
    [new Decimal(Number.POSITIVE_INFINITY)],
  ])('money(%j) throws', (value) => {
    expect(() => money(value)).toThrow(RangeError);
  });

  it.each([
    ['12.5', '12.5'],
    ['x', null],
    [null, null],
    [undefined, null],
  ])('tryMoney(%j) = %j', (value, expected) => {
    expect(tryMoney(value)?.toString() ?? null).toBe(expected);
  });
});

describe('rounding, half up away from zero', () => {
  itReturns('toMoneyString(%j) = %s', toMoneyString, [
    ['1.005', '1.01'],
    ['1.004', '1.00'],
    ['2.675', '2.68'], // 2.675 is 2.67499... as a float: decimal strings do not suffer
    ['-1.005', '-1.01'],
    ['-0.004', '0.00'],
    ['0.125', '0.13'],
    ['1234.5', '1234.50'],
    ['0', '0.00'],
    ['-0', '0.00'],
    ['999999999999.995', '1000000000000.00'],
  ]);

  it.each([
    ['roundMoney', roundMoney, '1.235', '1.24'],
    ['roundWeight', roundWeight, '0.005', '0.01'],
    ['roundWeight', roundWeight, '0.0049', '0'],
    ['roundVolume', roundVolume, '1.2345', '1.235'],
    ['roundVolume', roundVolume, '0.0005', '0.001'],
    ['roundVolume', roundVolume, '0.00049', '0'],
    ['roundRate', roundRate, '0.2012345', '0.201235'],
    ['roundRate', roundRate, '4.9999995', '5'],
  ])('%s(%j) = %s', (_name, round, value, expected) => {
    expect(round(value).toString()).toBe(expected);
  });

  it.each([
    ['toVolumeString', toVolumeString, '1.2', '1.200'],
    ['toWeightString', toWeightString, '10', '10.00'],
    ['toRateString', toRateString, '0.2', '0.200000'],
  ])('%s(%j) = %s', (_name, format, value, expected) => {
    expect(format(value)).toBe(expected);
  });
});

describe('arithmetic never uses floating point', () => {
  it.each<[string, () => Decimal, string]>([
    ['0.1 + 0.2', () => add('0.1', '0.2'), '0.3'],
    ['0.1 + 0.2 as numbers', () => add(0.1, 0.2), '0.3'],
    ['1.1 × 3', () => mul('1.1', 3), '3.3'],
    ['0.3 − 0.1', () => sub('0.3', '0.1'), '0.2'],
    ['1 ÷ 3', () => div(1, 3), '0.3333333333333333333333333333333333333333'],
    ['1 ÷ 8', () => div('1', '8'), '0.125'],
    ['Σ 0.1 × 10', () => sum(Array.from({ length: 10 }, () => '0.1')), '1'],
    ['Σ []', () => sum([]), '0'],
    ['Σ mixed', () => sum(['1.10', 2, new Decimal('-0.1')]), '3'],
    ['max', () => max('1.5', '2', '-3'), '2'],
    ['min', () => min('1.5', '2', '-3'), '-3'],
    ['max single', () => max('7'), '7'],
  ])('%s', (_label, compute, expected) => {
    expect(compute().toString()).toBe(expected);
  });

  it('division by zero throws', () => {
    expect(() => div('1', '0.00')).toThrow(RangeError);
  });

  it.each([
    ['1.00', '1', 0],
    ['1.01', '1', 1],
    ['-2', '1', -1],
  ] as const)('cmp(%j, %j) = %i', (a, b, expected) => {
    expect(cmp(a, b)).toBe(expected);
  });

  it.each([
    ['0.00', true, false, false],
    ['-0', true, false, false],
    ['0.01', false, false, true],
    ['-0.01', false, true, false],
  ])('%j: zero %s, negative %s, positive %s', (value, zero, negative, positive) => {
    expect(isZero(value)).toBe(zero);
    expect(isNegative(value)).toBe(negative);
    expect(isPositive(value)).toBe(positive);
  });
});

describe('formatting and conversion', () => {
  it.each([
    ['1234.5', undefined, '1,234.50'],
    ['1234.5', 'RMB', '1,234.50 RMB'],
    ['-1234567.891', 'THB', '-1,234,567.89 THB'],
    ['0', undefined, '0.00'],
    ['999', undefined, '999.00'],
    ['1000', undefined, '1,000.00'],
    ['123456789012.34', undefined, '123,456,789,012.34'],
  ])('formatMoney(%j, %j) = %s', (value, currency, expected) => {
    expect(formatMoney(value, currency)).toBe(expected);
  });

  it.each([
    ['1000.00', '0.201234', '201.23'], // THB -> RMB
    ['1000.00', '0.201235', '201.24'], // 201.235 half up
    ['100', '4.950000', '495.00'], // RMB -> THB
    ['0', '0.2', '0.00'],
  ])('convert(%j, %j) = %s', (amount, rate, expected) => {
    expect(toMoneyString(convert(amount, rate))).toBe(expected);
  });
});

describe('zod schemas', () => {
  const issues = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it.each<[z.ZodType, unknown, string]>([
    [zMoney, '1234.5', '1234.50'],
    [zMoney, '0', '0.00'],
    [zMoney, '-0', '0.00'],
    [zMoney, '1.500', '1.50'],
    [zMoney, '999999999999.99', '999999999999.99'],
    [zSignedMoney, '-12.3', '-12.30'],
    [zRate, '0.2', '0.200000'],
    [zRate, '36.123456', '36.123456'],
    [zVolume, '1.2', '1.200'],
    [zWeight, '25', '25.00'],
  ])('%#: parses %j to %j', (schema, value, expected) => {
    expect(schema.parse(value)).toBe(expected);
  });

  it.each<[z.ZodType, unknown, string]>([
    [zMoney, '1.005', 'err_money'],
    [zMoney, 0.1 + 0.2, 'err_decimal_as_text'],
    [zMoney, 1234.5, 'err_decimal_as_text'],
    [zRate, 36.123456, 'err_decimal_as_text'],
    [zVolume, 1, 'err_decimal_as_text'],
    [zMoney, '1000000000000', 'err_money'],
    [zMoney, '1,000.00', 'err_money'],
    [zMoney, '', 'err_money'],
    [zMoney, 'abc', 'err_money'],
    [zMoney, null, 'err_money'],
    [zMoney, Number.NaN, 'err_decimal_as_text'],
    [zMoney, Number.POSITIVE_INFINITY, 'err_decimal_as_text'],
    [zMoney, true, 'err_money'],
    [zMoney, '-1.00', 'err_money_negative'],
    [zSignedMoney, '-1000000000000', 'err_money'],
    [zRate, '0.0000001', 'err_rate'],
    [zRate, '1000000', 'err_rate'],
    [zVolume, '1.2345', 'err_volume'],
    [zWeight, '0.001', 'err_weight'],
    [zWeight, -1, 'err_decimal_as_text'],
    [zWeight, '-25', 'err_weight_negative'],
    [zVolume, '-0.5', 'err_volume_negative'],
    [zRate, '-0.2', 'err_rate_negative'],
    [zMoney, '-800', 'err_money_negative'],
  ])('%#: refuses %j with %s', (schema, value, key) => {
    expect(issues(schema, value)).toEqual([key]);
  });

  it('describes itself as JSON Schema for both directions', () => {
    expect(() => z.toJSONSchema(zMoney, { io: 'input' })).not.toThrow();
    expect(z.toJSONSchema(zMoney, { io: 'output' })).toMatchObject({ type: 'string' });
  });
});

describe('plain text and equality of figures', () => {
  // drops trailing zeros exactly, without floating point
  itReturns('toPlainString(%j) = %j', toPlainString, [
    ['300.000000', '300'],
    ['0.500', '0.5'],
    ['-0.000', '0'],
    ['12345678901234.123456', '12345678901234.123456'],
    ['0.000001', '0.000001'],
  ]);

  it('compares figures by value; text that is not a decimal equals nothing', () => {
    expect(sameFigure('1.50', '1.5')).toBe(true);
    expect(sameFigure('1.50', 1.5)).toBe(true);
    expect(sameFigure('1.51', '1.5')).toBe(false);
    expect(sameFigure('abc', 'abc')).toBe(false);
    expect(sameFigure(null, null)).toBe(false);
  });
});
