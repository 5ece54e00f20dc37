import { describe, expect, it } from 'vitest';
import { FEE_FIELDS } from '../common/permissions';
import { itReturns } from '../common/table.test-utils';
import {
  checkSignPiece,
  formatSendNo,
  isSignIdcard,
  isSignTel,
  maskIdcard,
  normalizeSignIdcard,
  runStatusOf,
  SEND_OPERATIONS,
  sendAllows,
} from './send';
import { ZSignFailBody, ZSignSaveBody } from './send.schemas';

describe('runStatusOf', () => {
  it.each([
    [false, { active: 3, out: 0, signed: 0 }, 0],
    [false, { active: 0, out: 0, signed: 0 }, 0],
    [true, { active: 3, out: 3, signed: 0 }, 1],
    [true, { active: 3, out: 1, signed: 2 }, 1],
    [true, { active: 2, out: 0, signed: 2 }, 2],
    [true, { active: 1, out: 0, signed: 1 }, 2],
    // every line back in stock: a draft again
    [true, { active: 0, out: 0, signed: 0 }, 0],
  ])('dispatched %s, %j -> D%s', (dispatched, counts, status) => {
    expect(runStatusOf(dispatched, counts)).toBe(status);
  });
});

describe('SEND_OPERATIONS', () => {
  it.each([
    ['addOrder', 0, true],
    ['addOrder', 1, false],
    ['sure', 0, true],
    ['sure', 1, false],
    ['delete', 0, true],
    ['delete', 2, false],
    ['removeOrder', 1, true],
    ['removeOrder', 2, false],
    ['editHeader', 1, false],
    ['editAmounts', 2, true],
  ] as const)('%s in D%s: %s', (op, status, allowed) => {
    expect(sendAllows(op, status)).toBe(allowed);
  });
  it('names every operation', () => {
    expect(Object.keys(SEND_OPERATIONS).sort()).toEqual(
      ['addOrder', 'delete', 'editAmounts', 'editHeader', 'removeOrder', 'sure'].sort(),
    );
  });
});

describe('signIdcard: Thai 13 digits with the mod-11 check digit, Chinese 18 with ISO 7064 check character', () => {
  it.each([
    ['', true],
    ['1101700207447', true],
    ['1-1017-00207-44-7', true],
    ['3 1006 00123 45 1', false],
    ['1101700207444', false], // wrong check digit
    ['110170020744', false], // 12 digits
    ['11017002074471', false], // 14 digits
    ['0101700207447', false], // Thai IDs do not start with 0
    ['11010519491231002X', true],
    ['11010519491231002x', true],
    ['110105194912310021', false], // wrong check character
    ['11010519491331002X', false], // month 13
    ['1101051949123100', false], // 16 characters
  ])('%j -> %s', (value, valid) => {
    expect(isSignIdcard(normalizeSignIdcard(value))).toBe(valid);
  });
  itReturns('normalizeSignIdcard(%j) = %j', normalizeSignIdcard, [
    ['1-1017-00207-44-7', '1101700207447'],
    ['11010519491231002x', '11010519491231002X'],
  ]);
  itReturns('maskIdcard(%j) = %j', maskIdcard, [
    ['1101700207447', '****7447'],
    ['', ''],
  ]);
});

describe('signTel, signPiece, numbers', () => {
  itReturns('signTel %j -> %s', isSignTel, [
    ['', true],
    ['0823456789', true],
    ['13800138000', true],
    ['12345', false],
  ]);
  it.each([
    [3, 3, 'ok'],
    [2, 3, 'short'],
    [4, 3, 'tooMany'],
    [0, 3, 'none'],
  ] as const)('signPiece %s of %s -> %s', (piece, sent, verdict) => expect(checkSignPiece(piece, sent)).toBe(verdict));
  it('formats send numbers', () => {
    expect(formatSendNo('261124', 7)).toBe('SD2611240007');
  });
});

describe('request schemas', () => {
  const base = { signTime: '2026-11-24 10:00:00', signPicture: '8f14e45f-ceea-467f-a0e6-3b1f5d6e7a10' };
  it('sign/save needs exactly one target and, for one order, the person and pieces', () => {
    expect(ZSignSaveBody.safeParse({ ...base, orderId: 1, signPerson: 'A', signPiece: 1 }).success).toBe(true);
    expect(ZSignSaveBody.safeParse({ ...base, sendId: 1 }).success).toBe(true);
    expect(ZSignSaveBody.safeParse({ ...base }).success).toBe(false);
    expect(ZSignSaveBody.safeParse({ ...base, orderId: 1, sendId: 2, signPerson: 'A', signPiece: 1 }).success).toBe(
      false,
    );
    expect(ZSignSaveBody.safeParse({ ...base, orderId: 1, signPiece: 1 }).success).toBe(false);
    expect(
      ZSignSaveBody.safeParse({ ...base, orderId: 1, signPerson: 'A', signPiece: 1, signIdcard: '123' }).success,
    ).toBe(false);
  });
  it('sign fail: a reason, and a text for other', () => {
    expect(ZSignFailBody.safeParse({ orderIds: [1], signFailReason: '1' }).success).toBe(true);
    expect(ZSignFailBody.safeParse({ orderIds: [1], signFailReason: '6' }).success).toBe(false);
    expect(ZSignFailBody.safeParse({ orderIds: [1], signFailReason: '6', signFailRemark: 'x' }).success).toBe(true);
  });
  it('the amount to collect is not a fee field; the delivery cost and other costs are', () => {
    expect(FEE_FIELDS.has('sendPartAmount')).toBe(false);
    expect(FEE_FIELDS.has('sendFeeAmount')).toBe(true);
    expect(FEE_FIELDS.has('sendOtherAmount')).toBe(true);
  });
});
