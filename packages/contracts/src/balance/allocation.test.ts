import { describe, expect, it } from 'vitest';
import { PARTY_TYPE } from '../bas/constants';
import { WRITE_OFF_STATUS } from '../bus/order-status';
import { money, sum } from '../common/money';
import { itReturns } from '../common/table.test-utils';
import {
  aggregateWriteOffStatus,
  allocatePayment,
  allocatePaymentToOrders,
  applyToReceivable,
  billToParty,
  bookedLines,
  selectionCheck,
  type TAllocBillInput,
  type TAllocLine,
  type TWriteOffSelectionRow,
  writeOffStatusOf,
} from './allocation';

const { UNWRITTEN, PARTLY, FULLY } = WRITE_OFF_STATUS;

/** Three bills given out of order; allocation order is B3 (oldest), B2 (same time as B1, lower billNo), B1. */
const BILLS: TAllocBillInput[] = [
  {
    billId: 1,
    billNo: 'BL250100002',
    billTime: '2025-01-10 10:00:00',
    orders: [
      { orderId: 11, transportId: 'TH250105000002', leftTime: '2025-01-05 08:00:00', outstanding: '100.00' },
      { orderId: 12, transportId: 'TH250105000001', leftTime: '2025-01-05 08:00:00', outstanding: '50.50' },
    ],
  },
  {
    billId: 2,
    billNo: 'BL250100001',
    billTime: '2025-01-10 10:00:00',
    orders: [
      { orderId: null, otherFeeId: 5, outstanding: '10.00' },
      {
        orderId: 21,
        transportId: 'TH250103000001',
        leftTime: '2025-01-03 08:00:00',
        outstanding: '30.00',
        amount: '60.00',
      },
    ],
  },
  {
    billId: 3,
    billNo: 'BL241200009',
    billTime: '2024-12-20T09:00:00',
    orders: [{ orderId: 31, transportId: 'TH241215000001', leftTime: '2024-12-15', outstanding: '0.01' }],
  },
];

/** [billId, orderId or 'fee'+otherFeeId, allocated, left, status] */
type TShortLine = [number | null, string, string, string, number];
const short = (lines: TAllocLine[]): TShortLine[] =>
  lines.map((l) => [
    l.billId,
    l.orderId === null ? `fee${l.otherFeeId}` : String(l.orderId),
    l.thisArWriteoffAmout,
    l.arLeftAmount,
    l.arWriteStatus,
  ]);

describe('allocatePayment', () => {
  it.each<[string, string, TShortLine[]]>([
    [
      'the whole outstanding settles everything',
      '190.51',
      [
        [3, '31', '0.01', '0.00', FULLY],
        [2, '21', '30.00', '0.00', FULLY],
        [2, 'fee5', '10.00', '0.00', FULLY],
        [1, '12', '50.50', '0.00', FULLY],
        [1, '11', '100.00', '0.00', FULLY],
      ],
    ],
    [
      'oldest first, the last line partial, the rest untouched',
      '45.00',
      [
        [3, '31', '0.01', '0.00', FULLY],
        [2, '21', '30.00', '0.00', FULLY],
        [2, 'fee5', '10.00', '0.00', FULLY],
        [1, '12', '4.99', '45.51', PARTLY],
        [1, '11', '0.00', '100.00', UNWRITTEN],
      ],
    ],
    [
      'one cent',
      '0.01',
      [
        [3, '31', '0.01', '0.00', FULLY],
        [2, '21', '0.00', '30.00', PARTLY], // already partly written off before (amount 60.00)
        [2, 'fee5', '0.00', '10.00', UNWRITTEN],
        [1, '12', '0.00', '50.50', UNWRITTEN],
        [1, '11', '0.00', '100.00', UNWRITTEN],
      ],
    ],
    [
      'a partial line inside a bill',
      '20',
      [
        [3, '31', '0.01', '0.00', FULLY],
        [2, '21', '19.99', '10.01', PARTLY],
        [2, 'fee5', '0.00', '10.00', UNWRITTEN],
        [1, '12', '0.00', '50.50', UNWRITTEN],
        [1, '11', '0.00', '100.00', UNWRITTEN],
      ],
    ],
  ])('%s (%s)', (_label, payment, expected) => {
    const result = allocatePayment(payment, BILLS);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(short(result.lines)).toEqual(expected);
      expect(result.totalOutstanding).toBe('190.51');
    }
  });

  it('summarises each bill', () => {
    const result = allocatePayment('45', BILLS);
    expect(result.ok && result.bills).toEqual([
      {
        billId: 3,
        billNo: 'BL241200009',
        outstanding: '0.01',
        allocated: '0.01',
        arLeftAmount: '0.00',
        arWriteStatus: FULLY,
      },
      {
        billId: 2,
        billNo: 'BL250100001',
        outstanding: '40.00',
        allocated: '40.00',
        arLeftAmount: '0.00',
        arWriteStatus: FULLY,
      },
      {
        billId: 1,
        billNo: 'BL250100002',
        outstanding: '150.50',
        allocated: '4.99',
        arLeftAmount: '145.51',
        arWriteStatus: PARTLY,
      },
    ]);
  });

  it.each(['0.01', '0.02', '1', '29.99', '30.01', '40.01', '45', '90.50', '150', '190.50', '190.51'])(
    'allocations add up to the payment %s exactly, no line above its outstanding',
    (payment) => {
      const result = allocatePayment(payment, BILLS);
      if (!result.ok) throw new Error(result.error);
      expect(sum(result.lines.map((l) => l.thisArWriteoffAmout)).eq(money(payment))).toBe(true);
      for (const line of result.lines) {
        expect(money(line.thisArWriteoffAmout).lte(money(line.outstanding))).toBe(true);
        expect(money(line.thisArWriteoffAmout).plus(line.arLeftAmount).eq(money(line.outstanding))).toBe(true);
      }
    },
  );

  it.each([
    ['190.52', 'msg_amount_exceeds_outstanding'],
    ['1000', 'msg_amount_exceeds_outstanding'],
    ['0', 'msg_amount_must_be_positive'],
    ['0.00', 'msg_amount_must_be_positive'],
    ['-5', 'msg_amount_must_be_positive'],
    ['1.005', 'err_money'],
    ['abc', 'err_money'],
    ['', 'err_money'],
  ])('refuses a payment of %j with %s', (payment, error) => {
    expect(allocatePayment(payment, BILLS)).toEqual({ ok: false, error, totalOutstanding: '190.51' });
  });

  it('refuses any payment when nothing is outstanding', () => {
    expect(allocatePayment('1', [])).toEqual({
      ok: false,
      error: 'msg_amount_exceeds_outstanding',
      totalOutstanding: '0.00',
    });
  });

  it('is exact to the cent where floats are not (thirds)', () => {
    const result = allocatePaymentToOrders('100.00', [
      { orderId: 1, transportId: 'A', outstanding: '33.33' },
      { orderId: 2, transportId: 'B', outstanding: '33.33' },
      { orderId: 3, transportId: 'C', outstanding: '33.34' },
    ]);
    expect(result.ok && result.lines.map((l) => l.thisArWriteoffAmout)).toEqual(['33.33', '33.33', '33.34']);
  });

  it('orders without a bill: departed first, no departure time last, then transportId', () => {
    const result = allocatePaymentToOrders('15', [
      { orderId: 1, transportId: 'TH3', leftTime: null, outstanding: '10' },
      { orderId: 2, transportId: 'TH2', leftTime: '2025-02-01 00:00:00', outstanding: '10' },
      { orderId: 3, transportId: 'TH1', leftTime: '2025-02-01 00:00:00', outstanding: '10' },
    ]);
    expect(result.ok && short(result.lines)).toEqual([
      [null, '3', '10.00', '0.00', FULLY],
      [null, '2', '5.00', '5.00', PARTLY],
      [null, '1', '0.00', '10.00', UNWRITTEN],
    ]);
  });

  it('a credit (negative outstanding) is not allocatable and does not lower the total', () => {
    const result = allocatePaymentToOrders('10', [
      { orderId: 1, transportId: 'A', outstanding: '-5.00' },
      { orderId: 2, transportId: 'B', outstanding: '10.00' },
    ]);
    expect(result.ok && short(result.lines)).toEqual([
      [null, '1', '0.00', '0.00', FULLY],
      [null, '2', '10.00', '0.00', FULLY],
    ]);
  });

  it('bookedLines keeps only lines that received money', () => {
    const result = allocatePayment('45', BILLS);
    expect(result.ok && bookedLines(result.lines).map((l) => l.orderId ?? `fee${l.otherFeeId}`)).toEqual([
      31,
      21,
      'fee5',
      12,
    ]);
  });

  it('a stored outstanding with more than 2 decimals is corrupt data', () => {
    expect(() => allocatePaymentToOrders('1', [{ orderId: 1, outstanding: '1.001' }])).toThrow(RangeError);
  });
});

describe('receivable arithmetic', () => {
  it.each([
    ['100.00', '0', '30', { arWriteoffAmount: '30.00', arLeftAmount: '70.00', arWriteStatus: PARTLY }],
    ['100.00', '30.00', '70.00', { arWriteoffAmount: '100.00', arLeftAmount: '0.00', arWriteStatus: FULLY }],
    ['100.00', '100.00', '-70.00', { arWriteoffAmount: '30.00', arLeftAmount: '70.00', arWriteStatus: PARTLY }],
    ['100.00', '30.00', '-30.00', { arWriteoffAmount: '0.00', arLeftAmount: '100.00', arWriteStatus: UNWRITTEN }],
  ])('applyToReceivable(amount %s, written %s, line %s)', (amount, written, delta, expected) => {
    expect(applyToReceivable({ amount, arWriteoffAmount: written }, delta)).toEqual({ amount, ...expected });
  });

  it.each([
    ['100.00', '90.00', '10.01'],
    ['100.00', '10.00', '-10.01'],
    ['100.00', '0', '0.001'],
  ])('applyToReceivable(amount %s, written %s, line %s) breaks the invariant and throws', (amount, written, delta) => {
    expect(() => applyToReceivable({ amount, arWriteoffAmount: written }, delta)).toThrow(RangeError);
  });

  it.each([
    ['100', '100', UNWRITTEN],
    ['100', '0.01', PARTLY],
    ['100', '0', FULLY],
    ['0', '0', FULLY],
  ])('writeOffStatusOf(amount %s, left %s) = %i', (amount, left, expected) => {
    expect(writeOffStatusOf(amount, left)).toBe(expected);
  });

  itReturns('aggregateWriteOffStatus(%j) = %i', aggregateWriteOffStatus, [
    [[], UNWRITTEN],
    [[0, 0], UNWRITTEN],
    [[0, 2], PARTLY],
    [[1], PARTLY],
    [[2, 2], FULLY],
  ]);
});

describe('selection checks before a write-off', () => {
  const bill = (over: Partial<Extract<TWriteOffSelectionRow, { kind: 'bill' }>> = {}): TWriteOffSelectionRow => ({
    kind: 'bill',
    billStatus: 1,
    arWriteStatus: 0,
    partyType: PARTY_TYPE.CUSTOMER,
    partyMark: 'C001',
    currency: 'RMB',
    ...over,
  });
  const order = (over: Partial<Extract<TWriteOffSelectionRow, { kind: 'order' }>> = {}): TWriteOffSelectionRow => ({
    kind: 'order',
    auditStatus: 2,
    arWriteStatus: 0,
    partyType: PARTY_TYPE.AGENT,
    partyMark: 'AG01',
    currency: 'THB',
    ...over,
  });

  it.each<[string, TWriteOffSelectionRow[], string | null]>([
    ['nothing selected', [], 'msg_select_data_first'],
    ['approved bills of one customer', [bill(), bill({ arWriteStatus: 1 })], null],
    ['audited orders of one agent', [order(), order()], null],
    ['a draft bill', [bill(), bill({ billStatus: 0 })], 'msg_audit_state_reselect'],
    ['an unaudited order', [order({ auditStatus: 0 })], 'msg_audit_state_reselect'],
    ['an audit-cancelled order', [order({ auditStatus: 3 })], 'msg_audit_state_reselect'],
    ['an order without audit status', [order({ auditStatus: null })], 'msg_audit_state_reselect'],
    ['a fully written-off bill', [bill(), bill({ arWriteStatus: 2 })], 'msg_writeoff_state_reselect'],
    ['two customers', [bill(), bill({ partyMark: 'C002' })], 'msg_select_same_customer'],
    ['two agents', [order(), order({ partyMark: 'AG02' })], 'msg_select_same_agent'],
    ['a customer and an agent', [bill({ currency: 'THB' }), order()], 'msg_different_mark_agent'],
    [
      'a customer and an agent of the same code',
      [order({ partyType: PARTY_TYPE.CUSTOMER }), order()],
      'msg_different_mark_agent',
    ],
    ['two currencies', [bill(), bill({ currency: 'THB' })], 'msg_same_currency'],
    [
      'audit is checked before party',
      [bill({ billStatus: 0 }), bill({ partyMark: 'C002' })],
      'msg_audit_state_reselect',
    ],
    [
      'written-off is checked before party',
      [bill({ arWriteStatus: 2 }), bill({ partyMark: 'C002' })],
      'msg_writeoff_state_reselect',
    ],
    [
      'party is checked before currency',
      [bill(), bill({ partyMark: 'C002', currency: 'THB' })],
      'msg_select_same_customer',
    ],
  ])('%s -> %s', (_label, rows, expected) => {
    expect(selectionCheck(rows)).toBe(expected);
  });

  it.each([
    [
      { mark: 'S001', topMark: 'AG01' },
      { partyType: PARTY_TYPE.AGENT, partyMark: 'AG01' },
    ],
    [
      { mark: 'AG01', topMark: null, isAgent: 1 },
      { partyType: PARTY_TYPE.AGENT, partyMark: 'AG01' },
    ],
    [
      { mark: 'C001', topMark: '' },
      { partyType: PARTY_TYPE.CUSTOMER, partyMark: 'C001' },
    ],
    [
      { mark: ' C001 ', isAgent: false },
      { partyType: PARTY_TYPE.CUSTOMER, partyMark: 'C001' },
    ],
  ])('billToParty(%j) = %j', (mark, expected) => {
    expect(billToParty(mark)).toEqual(expected);
  });
});
