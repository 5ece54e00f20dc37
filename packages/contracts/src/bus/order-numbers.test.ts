import { describe, expect, it } from 'vitest';
import { itReturns } from '../common/table.test-utils';
import {
  checkExpressNos,
  firstExpressNo,
  formatReceivingNo,
  formatTransportId,
  isTransportId,
  normalizeExpressNos,
  parsePieceLabel,
  parseSearchNumbers,
} from './order-numbers';

describe('order numbers', () => {
  it('formats waybill numbers as country + yyMMdd + 5-digit sequence', () => {
    expect(formatTransportId('TH', '251122', 17)).toBe('TH25112200017');
    expect(formatTransportId('MY', '260101', 123456)).toBe('MY260101123456');
    expect(formatTransportId('', '251122', 1)).toBe('TH25112200001');
    expect(isTransportId('TH25112200017')).toBe(true);
    expect(isTransportId('TH2511220017')).toBe(false);
    expect(isTransportId('th25112200017')).toBe(false);
  });

  it('formats receipt numbers as WR + yyMMdd + sequence', () => {
    expect(formatReceivingNo('251122', 5)).toBe('WR25112200005');
  });

  it('reads piece labels', () => {
    expect(parsePieceLabel('TH25112200017-3')).toEqual({ transportId: 'TH25112200017', piece: 3 });
    expect(parsePieceLabel(' th25112200017-12 ')).toEqual({ transportId: 'TH25112200017', piece: 12 });
    expect(parsePieceLabel('TH25112200017-0')).toBeNull();
    expect(parsePieceLabel('TH25112200017')).toBeNull();
  });

  it.each([
    ['', [], null],
    ['sf123456, zt987654', ['SF123456', 'ZT987654'], null],
    ['SF123456\nZT987654\r\nSF123456', ['SF123456', 'ZT987654'], null],
    ['SF123456，ZT987654', [], 'msg_comma_separated'],
    ['SF123456 ZT987654', [], 'msg_comma_separated'],
    ['SF123456;ZT987654', [], 'msg_comma_separated'],
    ['SF1', ['SF1'], 'err_express_no'],
    ['SF12#45', ['SF12#45'], 'err_express_no'],
  ] as const)('checks the express box %j', (text, numbers, error) => {
    const r = checkExpressNos(text);
    expect(r.error).toBe(error);
    if (error !== 'msg_comma_separated') expect(r.numbers).toEqual(numbers);
  });

  it('refuses more than 100 express numbers on one order', () => {
    const text = Array.from({ length: 101 }, (_, i) => `SF${100000 + i}`).join(',');
    expect(checkExpressNos(text).error).toBe('err_express_too_many');
  });

  // the stored express text is normalised; lists show its first number with a count of the others
  itReturns('normalizeExpressNos(%j) = %j', normalizeExpressNos, [[' sf123456 ,zt987654,', 'SF123456,ZT987654']]);
  itReturns('firstExpressNo(%j) = %j', firstExpressNo, [
    ['SF123456,ZT987654,YT1111', 'SF123456 +2'],
    ['SF123456', 'SF123456'],
    ['', ''],
  ]);

  it('parses multi-number search boxes, refusing wrong separators', () => {
    expect(parseSearchNumbers('a1, b2\nA1')).toEqual(['A1', 'B2']);
    expect(parseSearchNumbers('a1、b2')).toBeNull();
    expect(parseSearchNumbers('')).toEqual([]);
    expect(parseSearchNumbers('x1', false)).toEqual(['x1']);
    const many = Array.from({ length: 600 }, (_, i) => `N${i}`).join(',');
    expect(parseSearchNumbers(many)).toHaveLength(500);
  });
});
