import { BALANCE_TYPE } from '../bas/constants';
import { convert, type TMoneyInput, toMoneyString } from '../common/money';
import { ORDER_STATUS } from './order-status';
import { allowsOf, rejectKeysOf, type TRecordOperations } from './record-operations';

/**
 * The pick-up (arrive) record of a departed load and the overseas warehouse receipt (screens bus-container.md §0,
 * arriveList, arriveDetails, arriveOrder; A17, A18). Pure rules shared by the server and the web.
 *
 * - P0 on the way (created by departure, A15), P1 picked up (the pick-up registered), P2 partly in the overseas
 *   warehouse, P3 all in. After the pick-up the status is derived from the load's orders (`arriveStatusOf`), like
 *   the load's own L3/L4.
 * - ARRIVE_OPERATIONS says which record statuses allow each operation; the orders' own statuses are checked by the
 *   order core (A17 S5 -> S6, A18 S6 -> S5).
 * - Scanning at the overseas warehouse (`scanOutcome`): a piece label `{transportId}-{n}` counts piece n; a waybill
 *   number counts every piece of the order at once (cartons labelled only with the waybill). The first scan of a
 *   departed (S5) order confirms its arrival; a piece scanned again, or a waybill scanned when every piece is
 *   counted, is refused as a duplicate.
 */

export const ARRIVE_STATUS = { ON_THE_WAY: 0, PICKED_UP: 1, PARTLY_IN: 2, ALL_IN: 3 } as const;
export type TArriveStatus = (typeof ARRIVE_STATUS)[keyof typeof ARRIVE_STATUS];
export const ARRIVE_STATUSES = Object.values(ARRIVE_STATUS) as readonly TArriveStatus[];

const P = ARRIVE_STATUS;

/**
 * Operations on a pick-up record: the record statuses that allow each, and the refusal in any other status
 * (`{{list}}`: the container or truck numbers).
 */
export const ARRIVE_OPERATIONS = {
  /** arrive/edit: register or correct the pick-up (P0 -> P1; later statuses keep theirs) */
  edit: { from: [P.ON_THE_WAY, P.PICKED_UP, P.PARTLY_IN, P.ALL_IN], reject: 'msg_changed_reload' },
  /** A17 arrive/sure: a picked-up container with orders still to receive */
  sure: { from: [P.PICKED_UP, P.PARTLY_IN], reject: 'arrive_msg_sure_state' },
  /** A18 arrive/cancel: something arrived */
  cancel: { from: [P.PARTLY_IN, P.ALL_IN], reject: 'arrive_msg_cancel_state' },
  /** arrive/delete: the registration cleared back to P0 while no order arrived */
  delete: { from: [P.PICKED_UP], reject: 'arrive_msg_delete_state' },
} as const satisfies TRecordOperations<TArriveStatus>;
export type TArriveOperation = keyof typeof ARRIVE_OPERATIONS;
export const ARRIVE_REJECT_KEYS = rejectKeysOf(ARRIVE_OPERATIONS);
export const arriveAllows = allowsOf(ARRIVE_OPERATIONS);

/** M-insend: '{transportId} is in a delivery order, reselect' (A18 refused while the order is in a run). */
export const ARRIVE_IN_SEND_KEY = 'msg_in_send_reselect';

/** The record's status from its load's orders: P0/P1 before any arrived (picked up or not), P2 some, P3 all. */
export function arriveStatusOf(counts: { total: number; arrived: number }, pickedUp: boolean): TArriveStatus {
  if (counts.arrived === 0) return pickedUp ? P.PICKED_UP : P.ON_THE_WAY;
  return counts.arrived >= counts.total ? P.ALL_IN : P.PARTLY_IN;
}

// ---------------------------------------------------------------------------------------------------------
// Scanning at the overseas warehouse

export type TScanKind = 'receive' | 'count' | 'duplicate' | 'wrongState';

export interface TScanOutcome {
  kind: TScanKind;
  /** the pieces counted after the scan, sorted (unchanged for a duplicate or a wrong state) */
  pieces: number[];
}

/** Pieces expected of an order: its received pieces at origin, at least one. */
export const expectedPieces = (arrivedPiece: number | null | undefined): number => Math.max(arrivedPiece ?? 0, 1);

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/**
 * What one scan does to an order (`piece` null: a waybill scan). S5: receive (A17) with the piece, or with every
 * piece for a waybill; S6: count a new piece (or the missing ones for a waybill), else duplicate; other statuses:
 * wrong state. The caller checks `piece <= expectedPieces` first (a higher number is no label of this order).
 */
export function scanOutcome(
  order: { status: number; arrivedPiece: number | null },
  scanned: readonly number[],
  piece: number | null,
): TScanOutcome {
  const all = range(expectedPieces(order.arrivedPiece));
  const have = [...new Set(scanned)].sort((a, b) => a - b);
  if (order.status === ORDER_STATUS.DEPARTED) return { kind: 'receive', pieces: piece === null ? all : [piece] };
  if (order.status !== ORDER_STATUS.ARRIVED) return { kind: 'wrongState', pieces: have };
  if (piece === null)
    return have.length >= all.length ? { kind: 'duplicate', pieces: have } : { kind: 'count', pieces: all };
  if (have.includes(piece)) return { kind: 'duplicate', pieces: have };
  return { kind: 'count', pieces: [...have, piece].sort((a, b) => a - b) };
}

// ---------------------------------------------------------------------------------------------------------
// Days in stock and the amount to collect

/** Over this many days in the overseas warehouse the row turns red (screens arriveOrder, chosen). */
export const STOCK_WARN_DAYS = 3;

/** Whole days since the overseas arrival (null before). */
export function daysInStock(arrivedAt: Date | string | null | undefined, now: Date = new Date()): number | null {
  if (!arrivedAt) return null;
  const at = typeof arrivedAt === 'string' ? new Date(arrivedAt) : arrivedAt;
  const ms = now.getTime() - at.getTime();
  return ms <= 0 ? 0 : Math.floor(ms / 86_400_000);
}

/** Payment on arrival: the consignee pays the driver (screens Q15: the amount to collect is shown to drivers). */
export const isArrivePay = (balanceType: string | null | undefined): boolean => balanceType === BALANCE_TYPE.ARRIVE_PAY;

/**
 * The amount to collect in THB from an arrive-pay order: its receivable total, converted from RMB at `rmbToThb`
 * (THB per RMB) when the order is in RMB. Null when the order is not arrive-pay, has no total, or needs a rate
 * that is missing. Exact decimals, rounded half up to the satang.
 */
export function collectAmountThb(
  order: { balanceType: string | null | undefined; currency: string; feeArAmount: TMoneyInput | null | undefined },
  rmbToThb: TMoneyInput | null | undefined,
): string | null {
  if (!isArrivePay(order.balanceType) || order.feeArAmount === null || order.feeArAmount === undefined) return null;
  if (order.currency === 'THB') return toMoneyString(order.feeArAmount);
  if (order.currency !== 'RMB' || rmbToThb === null || rmbToThb === undefined) return null;
  return toMoneyString(convert(order.feeArAmount, rmbToThb));
}
