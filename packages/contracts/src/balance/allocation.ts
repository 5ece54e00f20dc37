import type Decimal from 'decimal.js';
import { PARTY_TYPE, type TPartyType } from '../bas/constants';
import { type TWriteOffStatus, WRITE_OFF_STATUS } from '../bus/order-status';
import { add, money, sub, sum, type TMoneyInput, toMoneyString } from '../common/money';

/**
 * Write-off allocation (DOMAIN §6, screens balance-bas-system.md §1 'Allocation'): how one payment is spread
 * over the selected bills and their orders. The write-off dialog's live preview and the server's write-off run
 * this same pure function, so the preview is exactly what gets booked.
 *
 * - Bills oldest first by billTime, then billNo; within a bill, orders oldest first by leftTime, then
 *   transportId; a bill's other-fee lines (orderId null) after its orders, by otherFeeId. Missing times sort
 *   last. Ties keep the caller's order, so the result is deterministic.
 * - Each line takes min(its outstanding, what is left of the payment); the last one may be partial.
 * - A payment above the total outstanding is refused (`msg_amount_exceeds_outstanding`); a payment of zero or
 *   less is refused (`msg_amount_must_be_positive`); an amount with more than 2 decimals is `err_money`.
 * - Everything is decimal, to the cent: the allocations always add up to the payment exactly.
 * - A negative outstanding (a credit) is not allocatable: it counts as 0 and is never paid into.
 * - Every selected line is returned, in allocation order, also those that get 0.00 (the preview lists them);
 *   the server books only the lines with an amount (`bookedLines`).
 * The concurrency invariants (two clerks on one bill) are the server's conditional update; `applyToReceivable`
 * is the arithmetic it runs, refusing any result outside 0 <= written off <= amount.
 */

export const ALLOCATION_ERRORS = {
  exceeds: 'msg_amount_exceeds_outstanding',
  notPositive: 'msg_amount_must_be_positive',
  invalid: 'err_money',
} as const;
export type TAllocationError = (typeof ALLOCATION_ERRORS)[keyof typeof ALLOCATION_ERRORS];

/** Approval of an arap bill (screens balance §1, chosen): draft, then approved (frozen, can be written off). */
export const BILL_APPROVAL_STATUS = { DRAFT: 0, APPROVED: 1 } as const;
export type TBillApprovalStatus = (typeof BILL_APPROVAL_STATUS)[keyof typeof BILL_APPROVAL_STATUS];
export const BILL_APPROVAL_STATUS_LABEL_KEY: Record<TBillApprovalStatus, string> = {
  0: 'bill_draft',
  1: 'bill_approved',
};

export interface TAllocItemInput {
  /** null for an other-fee line of a bill */
  orderId: number | null;
  otherFeeId?: number | null;
  transportId?: string | null;
  /** departure time of the order ('YYYY-MM-DD HH:mm:ss' or ISO) */
  leftTime?: string | null;
  /** arLeftAmount before this payment */
  outstanding: TMoneyInput;
  /** the line's billed amount, to tell 'partly' from 'unwritten'; defaults to `outstanding` */
  amount?: TMoneyInput | null;
}

export interface TAllocBillInput {
  /** null when writing off orders directly (by container, screens balance §2.6) */
  billId: number | null;
  billNo?: string | null;
  billTime?: string | null;
  orders: readonly TAllocItemInput[];
}

export interface TAllocLine {
  billId: number | null;
  orderId: number | null;
  otherFeeId: number | null;
  /** outstanding before */
  outstanding: string;
  /** allocated by this payment (the spec's field name) */
  thisArWriteoffAmout: string;
  /** outstanding after */
  arLeftAmount: string;
  /** the line's status after */
  arWriteStatus: TWriteOffStatus;
}

export interface TAllocBillSummary {
  billId: number | null;
  billNo: string | null;
  outstanding: string;
  allocated: string;
  arLeftAmount: string;
  arWriteStatus: TWriteOffStatus;
}

export type TAllocationResult =
  | {
      ok: true;
      amount: string;
      totalOutstanding: string;
      lines: TAllocLine[];
      bills: TAllocBillSummary[];
    }
  | { ok: false; error: TAllocationError; totalOutstanding: string };

/** arWriteStatus from an amount and what is still outstanding on it. */
export function writeOffStatusOf(amount: TMoneyInput, leftAmount: TMoneyInput): TWriteOffStatus {
  const left = money(leftAmount);
  if (left.lte(0)) return WRITE_OFF_STATUS.FULLY;
  return left.gte(money(amount)) ? WRITE_OFF_STATUS.UNWRITTEN : WRITE_OFF_STATUS.PARTLY;
}

/** arWriteStatus of a container or a party from its lines': all fully -> fully, none -> unwritten, else partly. */
export function aggregateWriteOffStatus(statuses: readonly number[]): TWriteOffStatus {
  if (statuses.length > 0 && statuses.every((s) => s === WRITE_OFF_STATUS.FULLY)) return WRITE_OFF_STATUS.FULLY;
  if (statuses.every((s) => s === WRITE_OFF_STATUS.UNWRITTEN)) return WRITE_OFF_STATUS.UNWRITTEN;
  return WRITE_OFF_STATUS.PARTLY;
}

/** A stored amount: at most 2 decimals, or the data is corrupt (thrown, not reported to the user). */
function cents(value: TMoneyInput, what: string): Decimal {
  const d = money(value);
  if (d.decimalPlaces() > 2) throw new RangeError(`${what} has more than 2 decimals: ${d.toString()}`);
  return d;
}

/** Sort key text: date-times compare as text once 'T' and ' ' agree; missing values sort last. */
const timeKey = (value: string | null | undefined) => (value ? value.trim().replace('T', ' ') : null);

function compareNullableText(a: string | null | undefined, b: string | null | undefined): number {
  const x = a ?? null;
  const y = b ?? null;
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  return x < y ? -1 : 1;
}

function compareNullableNumber(a: number | null | undefined, b: number | null | undefined): number {
  return compareNullableText(
    a === null || a === undefined ? null : String(a).padStart(20, '0'),
    b === null || b === undefined ? null : String(b).padStart(20, '0'),
  );
}

const compareBills = (a: TAllocBillInput, b: TAllocBillInput) =>
  compareNullableText(timeKey(a.billTime), timeKey(b.billTime)) ||
  compareNullableText(a.billNo, b.billNo) ||
  compareNullableNumber(a.billId, b.billId);

const compareItems = (a: TAllocItemInput, b: TAllocItemInput) =>
  // orders before other-fee lines
  Number(a.orderId === null) - Number(b.orderId === null) ||
  compareNullableText(timeKey(a.leftTime), timeKey(b.leftTime)) ||
  compareNullableText(a.transportId, b.transportId) ||
  compareNullableNumber(a.orderId, b.orderId) ||
  compareNullableNumber(a.otherFeeId, b.otherFeeId);

/** Spread `payment` over the bills' lines, oldest first (see the header). */
export function allocatePayment(payment: TMoneyInput, bills: readonly TAllocBillInput[]): TAllocationResult {
  const ordered = [...bills].sort(compareBills).map((bill) => ({ bill, items: [...bill.orders].sort(compareItems) }));
  const outstandingOf = (item: TAllocItemInput) => {
    const d = cents(item.outstanding, 'An outstanding amount');
    return d.isNegative() ? money(0) : d;
  };
  const totalOutstanding = sum(ordered.flatMap(({ items }) => items.map(outstandingOf)));
  const fail = (error: TAllocationError): TAllocationResult => ({
    ok: false,
    error,
    totalOutstanding: toMoneyString(totalOutstanding),
  });

  let amount: Decimal;
  try {
    amount = cents(payment, 'The payment');
  } catch {
    return fail(ALLOCATION_ERRORS.invalid);
  }
  if (amount.lte(0)) return fail(ALLOCATION_ERRORS.notPositive);
  if (amount.gt(totalOutstanding)) return fail(ALLOCATION_ERRORS.exceeds);

  let remaining = amount;
  const lines: TAllocLine[] = [];
  const summaries: TAllocBillSummary[] = [];
  for (const { bill, items } of ordered) {
    const billLines: TAllocLine[] = [];
    let billAmount = money(0);
    for (const item of items) {
      const outstanding = outstandingOf(item);
      const allocated = outstanding.lt(remaining) ? outstanding : remaining;
      remaining = remaining.minus(allocated);
      const left = outstanding.minus(allocated);
      const lineAmount =
        item.amount === null || item.amount === undefined ? outstanding : cents(item.amount, 'An amount');
      billAmount = billAmount.plus(lineAmount);
      billLines.push({
        billId: bill.billId,
        orderId: item.orderId,
        otherFeeId: item.otherFeeId ?? null,
        outstanding: toMoneyString(outstanding),
        thisArWriteoffAmout: toMoneyString(allocated),
        arLeftAmount: toMoneyString(left),
        arWriteStatus: writeOffStatusOf(lineAmount, left),
      });
    }
    const billOutstanding = sum(billLines.map((line) => line.outstanding));
    const billAllocated = sum(billLines.map((line) => line.thisArWriteoffAmout));
    const billLeft = sub(billOutstanding, billAllocated);
    summaries.push({
      billId: bill.billId,
      billNo: bill.billNo ?? null,
      outstanding: toMoneyString(billOutstanding),
      allocated: toMoneyString(billAllocated),
      arLeftAmount: toMoneyString(billLeft),
      arWriteStatus: writeOffStatusOf(billAmount, billLeft),
    });
    lines.push(...billLines);
  }
  return {
    ok: true,
    amount: toMoneyString(amount),
    totalOutstanding: toMoneyString(totalOutstanding),
    lines,
    bills: summaries,
  };
}

/** Write-off of orders directly (by container): the same rule with the orders as one group. */
export function allocatePaymentToOrders(payment: TMoneyInput, orders: readonly TAllocItemInput[]): TAllocationResult {
  return allocatePayment(payment, [{ billId: null, orders }]);
}

/** The lines the server books: those that received an amount. */
export function bookedLines(lines: readonly TAllocLine[]): TAllocLine[] {
  return lines.filter((line) => money(line.thisArWriteoffAmout).gt(0));
}

export interface TReceivableState {
  amount: string;
  arWriteoffAmount: string;
  arLeftAmount: string;
  arWriteStatus: TWriteOffStatus;
}

/**
 * A bill's or order's figures after a write-off line (`delta` > 0) or its cancellation (`delta` < 0, restoring
 * exactly what the line took). Throws when the result would leave 0 <= written off <= amount: the invariant
 * of DOMAIN §6, checked again here so a bad line can never be stored.
 */
export function applyToReceivable(
  receivable: { amount: TMoneyInput; arWriteoffAmount: TMoneyInput },
  delta: TMoneyInput,
): TReceivableState {
  const amount = cents(receivable.amount, 'The amount');
  const written = add(cents(receivable.arWriteoffAmount, 'The written-off amount'), cents(delta, 'The line'));
  if (written.isNegative() || written.gt(amount)) {
    throw new RangeError(`Written off ${written.toString()} would leave 0..${amount.toString()}`);
  }
  const left = amount.minus(written);
  return {
    amount: toMoneyString(amount),
    arWriteoffAmount: toMoneyString(written),
    arLeftAmount: toMoneyString(left),
    arWriteStatus: written.isZero() ? WRITE_OFF_STATUS.UNWRITTEN : writeOffStatusOf(amount, left),
  };
}

// ---------------------------------------------------------------------------------------------------
// Checks on the selection before any write-off (screens balance §1, in that order)

export interface TParty {
  partyType: TPartyType;
  /** the party's mark: the customer's own, or the agent's */
  partyMark: string;
}

/** Bill-to party (screens balance §1): a sub-mark's orders are billed to its parent agent; an agent's own to itself. */
export function billToParty(mark: {
  mark: string;
  topMark?: string | null;
  isAgent?: boolean | number | null;
}): TParty {
  const topMark = mark.topMark?.trim();
  if (topMark) return { partyType: PARTY_TYPE.AGENT, partyMark: topMark };
  const isAgent = mark.isAgent === true || mark.isAgent === 1;
  return { partyType: isAgent ? PARTY_TYPE.AGENT : PARTY_TYPE.CUSTOMER, partyMark: mark.mark.trim() };
}

interface TSelectionRowBase extends TParty {
  arWriteStatus: number;
  currency: string;
}

/** A selected bill (write-off list) or a selected order (write-off by container). */
export type TWriteOffSelectionRow =
  | (TSelectionRowBase & { kind: 'bill'; billStatus: number })
  | (TSelectionRowBase & { kind: 'order'; auditStatus: number | null });

export const SELECTION_MESSAGES = {
  selectFirst: 'msg_select_data_first',
  audit: 'msg_audit_state_reselect',
  writtenOff: 'msg_writeoff_state_reselect',
  sameCustomer: 'msg_select_same_customer',
  sameAgent: 'msg_select_same_agent',
  differentMarkAgent: 'msg_different_mark_agent',
  sameCurrency: 'msg_same_currency',
} as const;

/** The first check the selection fails, as its message key, or null when it may be written off together. */
export function selectionCheck(rows: readonly TWriteOffSelectionRow[]): string | null {
  const M = SELECTION_MESSAGES;
  if (rows.length === 0) return M.selectFirst;
  // 1. audited orders, approved bills
  const approved = (row: TWriteOffSelectionRow) =>
    row.kind === 'bill' ? row.billStatus === BILL_APPROVAL_STATUS.APPROVED : row.auditStatus === 2;
  if (!rows.every(approved)) return M.audit;
  // 2. nothing already fully written off
  if (rows.some((row) => row.arWriteStatus === WRITE_OFF_STATUS.FULLY)) return M.writtenOff;
  // 3. one party
  const parties = new Set(rows.map((row) => `${row.partyType}:${row.partyMark.trim()}`));
  if (parties.size > 1) {
    if (rows.every((row) => row.partyType === PARTY_TYPE.CUSTOMER)) return M.sameCustomer;
    if (rows.every((row) => row.partyType === PARTY_TYPE.AGENT)) return M.sameAgent;
    return M.differentMarkAgent;
  }
  // 4. one currency
  if (new Set(rows.map((row) => row.currency)).size > 1) return M.sameCurrency;
  return null;
}
