import { describe, expect, it } from 'vitest';
import {
  ARRIVE_OPERATIONS,
  ARRIVE_STATUS,
  arriveAllows,
  arriveStatusOf,
  collectAmountThb,
  daysInStock,
  expectedPieces,
  scanOutcome,
} from './arrive';
import { ZArriveEditBody, ZArriveExportBody, ZArriveSureBody } from './arrive.schemas';

const P = ARRIVE_STATUS;

describe('arrive record operations by status (P0-P3)', () => {
  it.each([
    ['edit', [true, true, true, true]],
    ['sure', [false, true, true, false]],
    ['cancel', [false, false, true, true]],
    ['delete', [false, true, false, false]],
  ] as const)('%s is allowed in P0..P3: %j', (operation, allowed) => {
    expect([P.ON_THE_WAY, P.PICKED_UP, P.PARTLY_IN, P.ALL_IN].map((s) => arriveAllows(operation, s))).toEqual(allowed);
  });

  it('knows every operation', () => {
    expect(Object.keys(ARRIVE_OPERATIONS).sort()).toEqual(['cancel', 'delete', 'edit', 'sure']);
  });
});

describe('arriveStatusOf: the record status from the load orders', () => {
  it.each([
    [{ total: 3, arrived: 0 }, false, P.ON_THE_WAY],
    [{ total: 3, arrived: 0 }, true, P.PICKED_UP],
    [{ total: 3, arrived: 1 }, true, P.PARTLY_IN],
    [{ total: 3, arrived: 3 }, true, P.ALL_IN],
    [{ total: 1, arrived: 1 }, true, P.ALL_IN],
    [{ total: 0, arrived: 0 }, true, P.PICKED_UP],
  ])('%j picked up %s -> P%i', (counts, pickedUp, status) => {
    expect(arriveStatusOf(counts, pickedUp)).toBe(status);
  });
});

describe('scanOutcome: one scan at the overseas warehouse', () => {
  const departed = { status: 5, arrivedPiece: 3 };
  const arrived = { status: 6, arrivedPiece: 3 };
  it.each([
    ['a waybill receives a departed order with every piece', departed, [], null, 'receive', [1, 2, 3]],
    ['a piece label receives it with that piece', departed, [], 2, 'receive', [2]],
    ['another piece of an arrived order is counted', arrived, [2], 1, 'count', [1, 2]],
    ['the same piece again is a duplicate', arrived, [1, 2], 2, 'duplicate', [1, 2]],
    ['a waybill completes a partly counted order', arrived, [2], null, 'count', [1, 2, 3]],
    ['a waybill of a fully counted order is a duplicate', arrived, [1, 2, 3], null, 'duplicate', [1, 2, 3]],
    ['an order still loaded is in the wrong state', { status: 4, arrivedPiece: 3 }, [], null, 'wrongState', []],
    ['an order out for delivery is in the wrong state', { status: 7, arrivedPiece: 3 }, [1], 1, 'wrongState', [1]],
  ] as const)('%s', (_name, order, scanned, piece, kind, pieces) => {
    expect(scanOutcome(order, scanned, piece)).toEqual({ kind, pieces });
  });

  it('expects at least one piece', () => {
    expect(expectedPieces(null)).toBe(1);
    expect(expectedPieces(0)).toBe(1);
    expect(expectedPieces(12)).toBe(12);
    expect(scanOutcome({ status: 5, arrivedPiece: null }, [], null)).toEqual({ kind: 'receive', pieces: [1] });
  });
});

describe('daysInStock', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it.each([
    [null, null],
    ['2026-11-23T09:00:00Z', 0],
    ['2026-11-22T10:00:00Z', 1],
    ['2026-11-19T11:00:00Z', 3],
    ['2026-11-24T10:00:00Z', 0],
  ])('%s -> %s', (at, days) => {
    expect(daysInStock(at, now)).toBe(days);
  });
});

describe('collectAmountThb: what the driver collects from an arrive-pay consignee', () => {
  it.each([
    ['arrive-pay in THB: the total', { balanceType: '2', currency: 'THB', feeArAmount: '1500.5' }, '5.1', '1500.50'],
    [
      'arrive-pay in RMB: converted and rounded half up',
      { balanceType: '2', currency: 'RMB', feeArAmount: '100.01' },
      '4.875',
      '487.55',
    ],
    ['arrive-pay in RMB without a rate', { balanceType: '2', currency: 'RMB', feeArAmount: '100' }, null, null],
    ['monthly: nothing to collect', { balanceType: '5', currency: 'THB', feeArAmount: '100' }, '5', null],
    ['no total yet', { balanceType: '2', currency: 'THB', feeArAmount: null }, '5', null],
    [
      'exact to the satang on large sums',
      { balanceType: '2', currency: 'RMB', feeArAmount: '12345678901.23' },
      '4.9',
      '60493826616.03',
    ],
  ] as const)('%s', (_name, order, rate, expected) => {
    expect(collectAmountThb(order, rate)).toBe(expected);
  });
});

describe('arrive request schemas', () => {
  it('sure needs a record or a code, and a code is not combined with ticked orders', () => {
    expect(ZArriveSureBody.safeParse({}).success).toBe(false);
    expect(ZArriveSureBody.safeParse({ arriveId: 1 }).success).toBe(true);
    expect(ZArriveSureBody.safeParse({ code: 'TH1' }).success).toBe(true);
    expect(ZArriveSureBody.safeParse({ code: 'TH1', orderIds: [1] }).success).toBe(false);
    expect(ZArriveSureBody.safeParse({ arriveId: 1, orderIds: [] }).success).toBe(false);
    expect(ZArriveSureBody.safeParse({ arriveId: 1, extra: 1 }).success).toBe(false);
    expect(ZArriveSureBody.safeParse({ arriveId: 1, arriveTime: '2026-02-30 10:00:00' }).success).toBe(false);
  });

  it('edit needs the pick-up time and the warehouse; at most 10 photos of a kind', () => {
    const base = { id: 1, version: 0, pickupTime: '2026-11-23 08:00:00', houseId: 3 };
    expect(ZArriveEditBody.safeParse(base).success).toBe(true);
    expect(ZArriveEditBody.safeParse({ ...base, pickupTime: '' }).success).toBe(false);
    expect(ZArriveEditBody.safeParse({ ...base, houseId: undefined }).success).toBe(false);
    expect(ZArriveEditBody.safeParse({ ...base, sealIntact: 'Y' }).success).toBe(false);
    expect(ZArriveEditBody.safeParse({ ...base, sealPhotos: Array(11).fill('f') }).success).toBe(false);
  });

  it('export reads the records view by default and the orders view when asked', () => {
    expect(ZArriveExportBody.parse({ status: '1' })).toMatchObject({ status: '1' });
    expect(ZArriveExportBody.parse({ view: 'orders', tab: 'stock' })).toMatchObject({ view: 'orders', tab: 'stock' });
    expect(ZArriveExportBody.parse({ ids: '1,2' })).toMatchObject({ ids: [1, 2] });
  });
});
