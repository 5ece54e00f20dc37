import { isIdCard, isPhone } from '../common/validators';
import { allowsOf, rejectKeysOf, type TRecordOperations } from './record-operations';

/**
 * Delivery runs (send orders, screens bus-container.md §0 'Send order', sendOrder, send, sign-list): one run = one
 * day, one driver, one vehicle, many orders. Each order in a run is a delivery line (the spec's Delivery entity,
 * Q15) with its delivery cost [fee], the amount to collect on delivery (not a fee: the driver collects it), other
 * costs [fee] and its sign data. The order's own status moves through the order core (A19-A25, order-status.ts);
 * the run's status follows its lines like the load record follows its orders (ADR 0014):
 *
 * - D0 draft: not dispatched yet (orders S6 in it), or dispatched and every line taken back to stock again;
 * - D1 dispatched: `send/sure` moved its orders S6 -> S7 and at least one is still out for delivery (S7);
 * - D2 finished: dispatched, none out any more, at least one signed (the others returned to stock).
 */

export const SEND_STATUS = { DRAFT: 0, DISPATCHED: 1, FINISHED: 2 } as const;
export type TSendStatus = (typeof SEND_STATUS)[keyof typeof SEND_STATUS];
export const SEND_STATUSES = Object.values(SEND_STATUS) as readonly TSendStatus[];

const D = SEND_STATUS;

/**
 * Operations on a run: the run statuses that allow each, and the refusal in any other status ('Not X or already X,
 * reselect', naming the runs).
 */
export const SEND_OPERATIONS = {
  /** send/edit: time, driver, vehicle, remark (the amounts [fee] in any status) */
  editHeader: { from: [D.DRAFT], reject: 'msg_send_draft_reselect' },
  editAmounts: { from: [D.DRAFT, D.DISPATCHED, D.FINISHED], reject: 'msg_send_draft_reselect' },
  /** A19 send/add, send/addOrder */
  addOrder: { from: [D.DRAFT], reject: 'msg_send_draft_reselect' },
  /** A20 (S6 in a draft) and A22 (S7 unsigned in a dispatched run) */
  removeOrder: { from: [D.DRAFT, D.DISPATCHED], reject: 'msg_send_finished_reselect' },
  /** send/delete: a draft; its orders stay S6 */
  delete: { from: [D.DRAFT], reject: 'msg_send_draft_reselect' },
  /** A21 send/sure */
  sure: { from: [D.DRAFT], reject: 'msg_send_draft_reselect' },
} as const satisfies TRecordOperations<TSendStatus>;
export type TSendOperation = keyof typeof SEND_OPERATIONS;
export const SEND_REJECT_KEYS = rejectKeysOf(SEND_OPERATIONS);
export const sendAllows = allowsOf(SEND_OPERATIONS);

export interface TRunCounts {
  /** lines not taken back to stock */
  active: number;
  /** active lines whose order is out for delivery (S7) */
  out: number;
  /** active lines whose order is signed (S8) */
  signed: number;
}

/** A run's status from its lines, once dispatched (a draft stays a draft until `send/sure`). */
export function runStatusOf(dispatched: boolean, c: TRunCounts): TSendStatus {
  if (!dispatched) return D.DRAFT;
  if (c.out > 0) return D.DISPATCHED;
  if (c.signed > 0) return D.FINISHED;
  return D.DRAFT;
}

/** Send numbers: SD{yyMMdd}{NNNN}, the daily sequence 'sendNo' in the business time zone. */
export function formatSendNo(yyMMdd: string, n: number): string {
  return `SD${yyMMdd}${String(n).padStart(4, '0')}`;
}

/**
 * signIdcard (sign dialog, chosen): a Thai 13-digit national ID with its mod-11 check digit or an 18-digit Chinese
 * resident ID with its ISO 7064 check character; '' when not asked. Hyphens and spaces of the Thai form are kept
 * out of the stored value.
 */
export function normalizeSignIdcard(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}
export const isSignIdcard = (value: string): boolean => value === '' || isIdCard(value);
/** signTel: a Chinese or Thai mobile or landline, or ''. */
export const isSignTel = (value: string): boolean => value === '' || isPhone(value);

/** The ID number as lists show it: '****' and the last four characters. */
export function maskIdcard(value: string): string {
  if (!value) return '';
  return `****${value.slice(-4)}`;
}

/** Pieces a signature may name: 1..sent (fewer than sent = partly signed, a 'short delivery' problem item). */
export function checkSignPiece(signPiece: number, sent: number): 'ok' | 'short' | 'tooMany' | 'none' {
  if (signPiece < 1) return 'none';
  if (signPiece > sent) return 'tooMany';
  return signPiece < sent ? 'short' : 'ok';
}

/** Problem item type of a short delivery (dictionary exception_type '1' shortage). */
export const SHORT_DELIVERY_EXCEPTION_TYPE = '1';

/** Sign-list tabs (screens sign-list): unsigned (S7, not failed), failed (S7 failed), signed (S8), all. */
export const SIGN_TABS = ['unsigned', 'failed', 'signed', 'all'] as const;
export type TSignTab = (typeof SIGN_TABS)[number];
