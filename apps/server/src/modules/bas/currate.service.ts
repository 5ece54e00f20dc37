import { div, toRateString } from '@theone/contracts';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { basCurrate, basCurrency } from './bas.table';

/**
 * Exchange rates for other modules (DOMAIN §4: amounts keep the rate they were converted at).
 *
 * - `rateInForce(db, srcId, destId, day)`: the row with the latest effectiveDate <= day for the pair; when only
 *   the opposite pair has one, its inverse (6 decimals, `derived: true`). Null when neither exists.
 * - `rmbRateOn(db, currencyCode, day)`: RMB per one unit of `currencyCode` on that day ('1.000000' for RMB), the
 *   `rate` contracts' `toRmb(amount, currency, rate)` expects. Null when no rate was entered.
 */
export interface TRateInForce {
  id: number;
  srcCurrencyId: number;
  destCurrencyId: number;
  /** 6 decimals: one unit of src = rate units of dest */
  rate: string;
  effectiveDate: string;
  derived: boolean;
}

async function latest(db: DbOrTx, srcId: number, destId: number, day: string) {
  const [row] = await db
    .select({ id: basCurrate.id, rate: basCurrate.rate, effectiveDate: basCurrate.effectiveDate })
    .from(basCurrate)
    .where(
      and(
        eq(basCurrate.srcCurrencyId, srcId),
        eq(basCurrate.destCurrencyId, destId),
        lte(basCurrate.effectiveDate, day),
      ),
    )
    .orderBy(desc(basCurrate.effectiveDate), desc(basCurrate.id))
    .limit(1);
  return row;
}

export async function rateInForce(
  db: DbOrTx,
  srcId: number,
  destId: number,
  day: string,
): Promise<TRateInForce | null> {
  if (srcId === destId)
    return {
      id: 0,
      srcCurrencyId: srcId,
      destCurrencyId: destId,
      rate: toRateString(1),
      effectiveDate: day,
      derived: true,
    };
  const direct = await latest(db, srcId, destId, day);
  if (direct)
    return { ...direct, srcCurrencyId: srcId, destCurrencyId: destId, rate: toRateString(direct.rate), derived: false };
  const inverse = await latest(db, destId, srcId, day);
  if (inverse)
    return {
      ...inverse,
      srcCurrencyId: srcId,
      destCurrencyId: destId,
      rate: toRateString(div(1, inverse.rate)),
      derived: true,
    };
  return null;
}

export async function currencyIdOf(db: DbOrTx, code: string): Promise<number | null> {
  const [row] = await db.select({ id: basCurrency.id }).from(basCurrency).where(eq(basCurrency.code, code));
  return row?.id ?? null;
}

export async function rmbRateOn(db: DbOrTx, currencyCode: string, day: string): Promise<string | null> {
  if (currencyCode === 'RMB') return toRateString(1);
  const [from, rmb] = await Promise.all([currencyIdOf(db, currencyCode), currencyIdOf(db, 'RMB')]);
  if (!from || !rmb) return null;
  return (await rateInForce(db, from, rmb, day))?.rate ?? null;
}
