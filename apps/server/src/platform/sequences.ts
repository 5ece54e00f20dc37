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
