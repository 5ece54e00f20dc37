import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney, isNegativeAmount, plainDecimal } from './format';

describe('formatMoney', () => {
  it.each([
    ['1234.5', 2, '1,234.50'],
    ['1234567.891', 2, '1,234,567.89'],
    ['0.005', 2, '0.01'],
    ['-0.004', 2, '0.00'],
    ['-1234.565', 2, '-1,234.57'],
    ['999.995', 2, '1,000.00'],
    ['12', 0, '12'],
    ['12.5', 0, '13'],
    ['0012.30', 2, '12.30'],
    ['.5', 2, '0.50'],
    ['abc', 2, 'abc'],
    ['', 2, ''],
    [null, 2, ''],
  ])('%s with %i decimals -> %s', (value, decimals, expected) => {
    expect(formatMoney(value, decimals)).toBe(expected);
  });

  it('never goes through floating point', () => {
    expect(formatMoney('12345678901234567.15')).toBe('12,345,678,901,234,567.15');
  });

  it('spots negative amounts', () => {
    expect(isNegativeAmount('-0.01')).toBe(true);
    expect(isNegativeAmount('-0.00')).toBe(false);
    expect(isNegativeAmount('5')).toBe(false);
  });
});

describe('formatDateTime', () => {
  it('shows YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDateTime('2026-11-22T08:05:09')).toBe('2026-11-22 08:05:09');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('plainDecimal', () => {
  it.each([
    ['0.300000', '0.3'],
    ['12.000', '12'],
    ['4.850000', '4.85'],
    ['100', '100'],
    ['12345678901234567.10', '12345678901234567.1'],
    [null, ''],
    ['abc', 'abc'],
  ])('%s -> %s', (value, expected) => {
    expect(plainDecimal(value)).toBe(expected);
  });
});
