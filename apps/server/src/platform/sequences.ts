import { formatLoadNo, formatReceivingNo, formatTransportId } from '@theone/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './db/database';

/**
 * Business numbers (waybill, bill, write-off numbers): one atomic upsert per number, so concurrent callers
 * never get the same value, across instances too. Inside a transaction the number is only taken if it commits.
 */
export async function nextSequence(db: DbOrTx, name: string, period: string): Promise<number> {
  const r = await db.execute<{ value: number }>(sql`
    INSERT INTO sys_sequence (name, period, value) VALUES (${name}, ${period}, 1)
    ON CONFLICT (name, period) DO UPDATE SET value = sys_sequence.value + 1
    RETURNING value`);
  return Number(r.rows[0]!.value);
}

/** yyMMdd / yyMM in the business time zone, for number prefixes. */
export function periodOf(date: Date, timezone: string, pattern: 'yyMMdd' | 'yyMM' | 'yyyyMMdd'): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(date)
      .map((x) => [x.type, x.value]),
  );
  if (pattern === 'yyMM') return `${p.year!.slice(2)}${p.month}`;
  if (pattern === 'yyyyMMdd') return `${p.year}${p.month}${p.day}`;
  return `${p.year!.slice(2)}${p.month}${p.day}`;
}

/** `n` consecutive values of a sequence in one statement (imports): the last value taken; the first is last - n + 1. */
export async function reserveSequence(db: DbOrTx, name: string, period: string, n: number): Promise<number> {
  const r = await db.execute<{ value: number }>(sql`
    INSERT INTO sys_sequence (name, period, value) VALUES (${name}, ${period}, ${n})
    ON CONFLICT (name, period) DO UPDATE SET value = sys_sequence.value + ${n}
    RETURNING value`);
  return Number(r.rows[0]!.value);
}

// ---------------------------------------------------------------------------------------------------------
// Order numbers (docs/domain.md 'Order numbers'): waybill numbers per destination country and business day,
// receipt numbers per business day

/** A new waybill number: atomic, unique under concurrency. */
export async function newTransportId(db: DbOrTx, countryCode: string, timezone: string): Promise<string> {
  const period = periodOf(new Date(), timezone, 'yyMMdd');
  return formatTransportId(countryCode, period, await nextSequence(db, 'transportId', period));
}

/** `n` consecutive waybill numbers in one statement (imports). */
export async function reserveTransportIds(
  db: DbOrTx,
  n: number,
  countryCode: string,
  timezone: string,
): Promise<string[]> {
  if (n <= 0) return [];
  const period = periodOf(new Date(), timezone, 'yyMMdd');
  const last = await reserveSequence(db, 'transportId', period, n);
  return Array.from({ length: n }, (_, i) => formatTransportId(countryCode, period, last - n + 1 + i));
}

/** A new warehouse receipt number. */
export async function newReceivingNo(db: DbOrTx, timezone: string): Promise<string> {
  const period = periodOf(new Date(), timezone, 'yyMMdd');
  return formatReceivingNo(period, await nextSequence(db, 'receivingNo', period));
}

/** A new load (plan) number `LD{yyMMdd}{NNNN}`: the daily sequence 'loadNo' in the business time zone. */
export async function newLoadNo(db: DbOrTx, timezone: string): Promise<string> {
  const period = periodOf(new Date(), timezone, 'yyMMdd');
  return formatLoadNo(period, await nextSequence(db, 'loadNo', period));
}
