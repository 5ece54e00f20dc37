import {
  adjustPrice,
  money,
  type PRICE_TARGET_FIELDS,
  type TPriceBatchBody,
  type TPriceBatchResult,
  type TPriceBatchRow,
} from '@theone/contracts';
import { asc, eq, gte, inArray } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { DbOrTx, Tx } from '../../platform/db/database';
import { allOf } from '../../platform/db/sql-helpers';
import { badRequest } from '../../platform/errors';
import { addDays } from '../../platform/time';
import { basMark, basPrice } from './bas.table';
import { edited } from './bas-common';
import { priceFilterWhere, priceScope } from './price.service';

// ---------------------------------------------------------------------------------------------------
// Batch adjustment (screens §3.10)

const OLD_KEY = {
  volumePrice: 'oldVolumePrice',
  weightPrice: 'oldWeightPrice',
  volumePriceAgent: 'oldVolumePriceAgent',
  weightPriceAgent: 'oldWeightPriceAgent',
} as const;

/**
 * Preview (saves nothing) or apply, in one transaction: ticked rows still matching the filters, in the
 * caller's scope and not overdue are adjusted; 'fromDate' ends each old row the day before and adds a
 * new row from that day to the old end (rows starting on or after the day change in place; rows ending
 * before it are skipped). Empty agent prices stay empty (they follow the customer price). Applying is
 * refused while any new price would be below zero.
 */
export async function batchAdjustPrices(
  db: DbOrTx,
  auth: AuthContext,
  body: TPriceBatchBody,
  today: string,
): Promise<TPriceBatchResult> {
  const run = async (tx: Tx): Promise<TPriceBatchResult> => {
    const where = allOf([
      inArray(basPrice.id, body.ids),
      priceScope(auth),
      priceFilterWhere(body.filter, today),
      gte(basPrice.validToDate, today),
    ]);
    const candidates = body.preview
      ? await tx.select().from(basPrice).where(where).orderBy(asc(basPrice.id))
      : await tx.select().from(basPrice).where(where).orderBy(asc(basPrice.id)).for('update');
    const marks = new Map(
      (
        await tx
          .select({ id: basMark.id, mark: basMark.mark })
          .from(basMark)
          .where(inArray(basMark.id, [0, ...candidates.map((c) => c.markId ?? 0)]))
      ).map((m) => [m.id, m.mark]),
    );
    const rows: TPriceBatchRow[] = [];
    const plans: {
      row: typeof basPrice.$inferSelect;
      next: Partial<Record<(typeof PRICE_TARGET_FIELDS)[number], string | null>>;
      split: boolean;
    }[] = [];
    let negative = 0;
    for (const row of candidates) {
      if (body.effective === 'fromDate' && body.effectiveDate && row.validToDate < body.effectiveDate) continue;
      const next: Partial<Record<(typeof PRICE_TARGET_FIELDS)[number], string | null>> = {};
      const out: TPriceBatchRow = {
        id: row.id,
        mark: row.markId ? (marks.get(row.markId) ?? null) : null,
        busType: row.busType,
        leftAddrId: row.leftAddrId,
        destAddrId: row.destAddrId,
        cargoType: row.cargoType,
        currency: row.currency,
        validFromDate: row.validFromDate,
        validToDate: row.validToDate,
        negative: false,
      };
      for (const field of body.fields) {
        const old = row[field];
        const value = old === null ? null : adjustPrice(old, body.method, body.value);
        next[field] = value;
        out[OLD_KEY[field]] = old;
        out[field] = value;
        if (value !== null && money(value).isNegative()) out.negative = true;
      }
      if (out.negative) negative++;
      rows.push(out);
      const split = body.effective === 'fromDate' && !!body.effectiveDate && row.validFromDate < body.effectiveDate;
      plans.push({ row, next, split });
    }
    const result: TPriceBatchResult = {
      preview: body.preview,
      rows,
      changed: rows.length,
      skipped: body.ids.length - rows.length,
      negative,
    };
    if (body.preview) return result;
    if (negative) throw badRequest('bas_msg_price_negative', { n: negative, count: negative });
    for (const plan of plans) {
      const { row, split } = plan;
      // volumePrice and weightPrice are never empty, so their new values are never null.
      const next = plan.next as Partial<typeof basPrice.$inferInsert>;
      if (split) {
        const dayBefore = addDays(body.effectiveDate!, -1);
        await tx
          .update(basPrice)
          .set({
            validToDate: dayBefore,
            ...edited(basPrice.version, auth.userName),
          })
          .where(eq(basPrice.id, row.id));
        const { id: _id, version: _v, createTime: _ct, updateTime: _ut, updateBy: _ub, ...copy } = row;
        await tx
          .insert(basPrice)
          .values({ ...copy, ...next, validFromDate: body.effectiveDate!, createBy: auth.userName });
      } else {
        await tx
          .update(basPrice)
          .set({ ...next, ...edited(basPrice.version, auth.userName) })
          .where(eq(basPrice.id, row.id));
      }
    }
    return result;
  };
  if (body.preview) return run(db as Tx);
  return db.transaction(run);
}
