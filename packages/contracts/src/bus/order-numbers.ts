import { hasWrongSeparator, splitCommaList } from '../common/page';

/**
 * The numbers an order carries (docs/domain.md 'Order numbers'), as pure rules shared by the order form, the
 * scan box and the server.
 *
 * - Waybill number (transportId, 运单号, on every label's barcode): `{country}{yyMMdd}{NNNNN}`, e.g.
 *   `TH25112200017`: the destination country's code (TH when not yet known), the day the number was issued in
 *   the business time zone, and a 5-digit sequence shared by every country that restarts each day
 *   (`nextSequence(db, 'transportId', yyMMdd)`; 99,999 a day, then 6 digits). Unique under concurrency; a number
 *   taken by a form that is never saved is simply not used.
 * - Warehouse receipt number (receivingNo, 入仓单号): `WR{yyMMdd}{NNNNN}` from the daily sequence 'receivingNo',
 *   or the number written on a paper receipt (letters, digits and '-', up to 30 characters).
 * - Piece label: `{transportId}-{n}` (the n-th carton of the order, printed as 'n of N').
 * - Express numbers (expressNo, 快递单号): several per order, English commas only (spec §5, M10); scanners'
 *   newlines become commas; letters upper-cased, duplicates dropped; each 4-40 letters, digits or '-'.
 */

export const TRANSPORT_ID_PATTERN = /^[A-Z]{2}\d{6}\d{5,6}$/;
export const RECEIVING_NO_PATTERN = /^[A-Za-z0-9-]{1,30}$/;
export const EXPRESS_NO_PATTERN = /^[A-Z0-9-]{4,40}$/;
export const PIECE_LABEL_PATTERN = /^([A-Z]{2}\d{11,12})-(\d{1,4})$/;

/** Most express numbers on one order (a parcel consolidation rarely has more than a few dozen). */
export const MAX_EXPRESS_NOS = 100;
/** Most numbers in one multi-number search box (screens §0). */
export const MAX_SEARCH_NOS = 500;

export const DEFAULT_COUNTRY_CODE = 'TH';

export function formatTransportId(countryCode: string, period: string, sequence: number): string {
  const country = /^[A-Z]{2}$/.test(countryCode) ? countryCode : DEFAULT_COUNTRY_CODE;
  return `${country}${period}${String(sequence).padStart(5, '0')}`;
}

export function formatReceivingNo(period: string, sequence: number): string {
  return `WR${period}${String(sequence).padStart(5, '0')}`;
}

export function isTransportId(value: string): boolean {
  return TRANSPORT_ID_PATTERN.test(value);
}

/** `TH25112200017-3` -> { transportId, piece: 3 }; null when the code is not a piece label. */
export function parsePieceLabel(code: string): { transportId: string; piece: number } | null {
  const m = PIECE_LABEL_PATTERN.exec(code.trim().toUpperCase());
  if (!m) return null;
  const piece = Number(m[2]);
  return piece >= 1 ? { transportId: m[1]!, piece } : null;
}

export interface TExpressNoCheck {
  /** normalised numbers: trimmed, upper-cased, without duplicates, in the order typed */
  numbers: string[];
  /** translation key of the first problem, null when the text is fine */
  error: 'msg_comma_separated' | 'err_express_no' | 'err_express_too_many' | null;
  /** the offending number for err_express_no */
  bad?: string;
}

/** Checks and normalises the express-number box of an order (M10). */
export function checkExpressNos(text: string | null | undefined): TExpressNoCheck {
  const value = (text ?? '').replace(/\r?\n/g, ',');
  if (!value.trim()) return { numbers: [], error: null };
  if (hasWrongSeparator(value)) return { numbers: [], error: 'msg_comma_separated' };
  const numbers = [...new Set(splitCommaList(value).map((n) => n.toUpperCase()))];
  if (numbers.length > MAX_EXPRESS_NOS) return { numbers, error: 'err_express_too_many' };
  const bad = numbers.find((n) => !EXPRESS_NO_PATTERN.test(n));
  if (bad !== undefined) return { numbers, error: 'err_express_no', bad };
  return { numbers, error: null };
}

/** The stored form of the express-number box: 'SF1,ZT2' (English commas, no spaces), '' when empty. */
export function normalizeExpressNos(text: string | null | undefined): string {
  return checkExpressNos(text).numbers.join(',');
}

/**
 * A multi-number search box (waybills, express, receipt, PO, container numbers): the numbers, upper-cased,
 * without duplicates; null when the separators are wrong (M10). Used by the server and the search forms alike.
 */
export function parseSearchNumbers(text: string | null | undefined, upperCase = true): string[] | null {
  const value = (text ?? '').replace(/\r?\n/g, ',');
  if (!value.trim()) return [];
  if (hasWrongSeparator(value)) return null;
  return [...new Set(splitCommaList(value).map((n) => (upperCase ? n.toUpperCase() : n)))].slice(0, MAX_SEARCH_NOS);
}

/** 'SF1,ZT2,YT3' -> 'SF1 +2' for a list cell. */
export function firstExpressNo(text: string | null | undefined): string {
  const numbers = splitCommaList(text ?? '');
  if (numbers.length <= 1) return numbers[0] ?? '';
  return `${numbers[0]} +${numbers.length - 1}`;
}
