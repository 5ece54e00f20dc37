import {
  adjustPrice,
  isPriceOverdue,
  money,
  type PRICE_TARGET_FIELDS,
  selectPrice,
  splitCommaList,
  type TPriceAddBody,
  type TPriceBatchBody,
  type TPriceBatchResult,
  type TPriceBatchRow,
  type TPriceEditBody,
  type TPriceListQuery,
  type TPriceRow,
  type TPriceScope,
} from '@theone/contracts';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { DbOrTx, Tx } from '../../platform/db/database';
import { allOf, lockKey } from '../../platform/db/sql-helpers';
import { badRequest, changedReload, conflict, inUse, notFound } from '../../platform/errors';
import { orderOf } from '../../platform/http/paging';
import { addDays } from '../../platform/time';
import { basGeog, basMark, basPrice } from './bas.table';
import { markIdInScope } from './mark-scope';
import { isInUse } from './usage';

/**
 * Price rows (DOMAIN §4, screens §3.7-3.10). Visibility: the all-marks rows, and the rows of marks in the
 * caller's mark scope. Overlapping periods for the same key (mark, busType, origin, destination, cargoType)
 * are refused ('msg_price_overlap'); writers of one key are serialised by an advisory lock.
 */

const leftGeog = alias(basGeog, 'left_geog');
const destGeog = alias(basGeog, 'dest_geog');

export const priceColumns = {
  id: basPrice.id,
  markId: basPrice.markId,
  mark: basMark.mark,
  markName: basMark.nameZh,
  busType: basPrice.busType,
  leftAddrId: basPrice.leftAddrId,
  leftAddrName: leftGeog.name,
  destAddrId: basPrice.destAddrId,
  destAddrName: destGeog.name,
  cargoType: basPrice.cargoType,
  currency: basPrice.currency,
  isWeight: basPrice.isWeight,
  volumePrice: basPrice.volumePrice,
  weightPrice: basPrice.weightPrice,
  isWeightAgent: basPrice.isWeightAgent,
  volumePriceAgent: basPrice.volumePriceAgent,
  weightPriceAgent: basPrice.weightPriceAgent,
  volWgtRate: basPrice.volWgtRate,
  wgtVolRate: basPrice.wgtVolRate,
  validFromDate: basPrice.validFromDate,
  validToDate: basPrice.validToDate,
  remark: basPrice.remark,
  version: basPrice.version,
  createBy: basPrice.createBy,
  createTime: basPrice.createTime,
  updateBy: basPrice.updateBy,
  updateTime: basPrice.updateTime,
};

export type TPriceRecord = Awaited<ReturnType<typeof selectPrices>>[number];

/** The price rows a caller may see: all-marks rows and rows of marks in their scope. */
export function priceScope(auth: AuthContext): SQL | undefined {
  return markIdInScope(auth, basPrice.markId, { includeNull: true });
}

export function priceFilterWhere(
  q: Partial<
    Pick<
      TPriceListQuery,
      | 'mark'
      | 'markId'
      | 'allMarks'
      | 'busType'
      | 'leftAddrId'
      | 'destAddrId'
      | 'cargoType'
      | 'currency'
      | 'validOn'
      | 'isOverdue'
      | 'validFromBegin'
      | 'validFromEnd'
    >
  >,
  today: string,
): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q.allMarks === '1') parts.push(isNull(basPrice.markId));
  else if (q.allMarks === '0') parts.push(sql`${basPrice.markId} IS NOT NULL`);
  if (q.markId) parts.push(eq(basPrice.markId, q.markId));
  if (q.mark) {
    const codes = splitCommaList(q.mark).map((c) => c.toUpperCase());
    if (codes.length)
      parts.push(
        sql`${basPrice.markId} IN (SELECT m.id FROM bas_mark m WHERE m.mark IN (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )}))`,
      );
  }
  if (q.busType) parts.push(eq(basPrice.busType, q.busType));
  if (q.leftAddrId) parts.push(eq(basPrice.leftAddrId, q.leftAddrId));
  if (q.destAddrId) parts.push(eq(basPrice.destAddrId, q.destAddrId));
  if (q.cargoType) parts.push(eq(basPrice.cargoType, q.cargoType));
  if (q.currency) parts.push(eq(basPrice.currency, q.currency));
  if (q.validOn) parts.push(and(lte(basPrice.validFromDate, q.validOn), gte(basPrice.validToDate, q.validOn)));
  if (q.isOverdue === '1') parts.push(lt(basPrice.validToDate, today));
  if (q.isOverdue === '0') parts.push(gte(basPrice.validToDate, today));
  if (q.validFromBegin) parts.push(gte(basPrice.validFromDate, q.validFromBegin));
  if (q.validFromEnd) parts.push(lte(basPrice.validFromDate, q.validFromEnd));
  return allOf(parts);
}

export function priceOrder(q: Pick<TPriceListQuery, 'orderByColumn' | 'isAsc'>) {
  return orderOf(
    q,
    {
      createTime: basPrice.createTime,
      updateTime: basPrice.updateTime,
      validFromDate: basPrice.validFromDate,
      validToDate: basPrice.validToDate,
      volumePrice: basPrice.volumePrice,
      weightPrice: basPrice.weightPrice,
      volumePriceAgent: basPrice.volumePriceAgent,
      weightPriceAgent: basPrice.weightPriceAgent,
    },
    [desc(basPrice.createTime), desc(basPrice.id)],
  );
}

export async function selectPrices(
  db: DbOrTx,
  where: SQL | undefined,
  today: string,
  options: { order?: SQL[]; limit?: number; offset?: number } = {},
) {
  const rows = await db
    .select(priceColumns)
    .from(basPrice)
    .leftJoin(basMark, eq(basMark.id, basPrice.markId))
    .leftJoin(leftGeog, eq(leftGeog.id, basPrice.leftAddrId))
    .leftJoin(destGeog, eq(destGeog.id, basPrice.destAddrId))
    .where(where)
    .orderBy(...(options.order ?? [desc(basPrice.createTime), desc(basPrice.id)]))
    .limit(options.limit ?? 1000)
    .offset(options.offset ?? 0);
  return rows.map((r) => ({ ...r, isOverdue: isPriceOverdue(r, today) ? ('1' as const) : ('0' as const) }));
}

export async function countPrices(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(basPrice).where(where);
  return row?.n ?? 0;
}

export async function getPriceInScope(db: DbOrTx, auth: AuthContext, id: number, today: string) {
  const [row] = await selectPrices(db, allOf([eq(basPrice.id, id), priceScope(auth)]), today, { limit: 1 });
  if (!row) throw notFound();
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Writes

interface PriceKey {
  markId: number | null;
  busType: string;
  leftAddrId: number;
  destAddrId: number;
  cargoType: string;
}

const keyText = (k: PriceKey) => `${k.markId ?? 0}|${k.busType}|${k.leftAddrId}|${k.destAddrId}|${k.cargoType}`;

/** Refuses a period overlapping another row of the same key (call inside the write's transaction). */
export async function assertNoOverlap(tx: Tx, key: PriceKey, from: string, to: string, selfId?: number) {
  await lockKey(tx, 7302001, keyText(key));
  const [clash] = await tx
    .select({ id: basPrice.id })
    .from(basPrice)
    .where(
      allOf([
        key.markId === null ? isNull(basPrice.markId) : eq(basPrice.markId, key.markId),
        eq(basPrice.busType, key.busType),
        eq(basPrice.leftAddrId, key.leftAddrId),
        eq(basPrice.destAddrId, key.destAddrId),
        eq(basPrice.cargoType, key.cargoType),
        lte(basPrice.validFromDate, to),
        gte(basPrice.validToDate, from),
        selfId ? sql`${basPrice.id} <> ${selfId}` : undefined,
      ]),
    )
    .limit(1);
  if (clash) throw conflict('msg_price_overlap', { id: clash.id });
}

/** The mark of a price row must exist and be in the caller's scope; the route ids must be geography rows. */
async function checkRefs(
  tx: DbOrTx,
  auth: AuthContext,
  body: Pick<TPriceAddBody, 'markId' | 'leftAddrId' | 'destAddrId'>,
) {
  if (body.markId) {
    const [m] = await tx
      .select({ id: basMark.id })
      .from(basMark)
      .where(allOf([eq(basMark.id, body.markId), markIdInScope(auth, basMark.id)]));
    if (!m) throw badRequest('err_invalid_value', { field: 'markId' }, 'markId');
  }
  const geogs = await tx
    .select({ id: basGeog.id, orgId: basGeog.orgId })
    .from(basGeog)
    .where(inArray(basGeog.id, [body.leftAddrId, body.destAddrId]));
  if (!geogs.some((g) => g.id === body.leftAddrId && g.orgId === 1))
    throw badRequest('err_invalid_value', { field: 'leftAddrId' }, 'leftAddrId');
  if (!geogs.some((g) => g.id === body.destAddrId && g.orgId === 2))
    throw badRequest('err_invalid_value', { field: 'destAddrId' }, 'destAddrId');
}

function priceValues(b: TPriceAddBody) {
  return {
    markId: b.markId ?? null,
    busType: b.busType,
    leftAddrId: b.leftAddrId,
    destAddrId: b.destAddrId,
    cargoType: b.cargoType,
    currency: b.currency,
    isWeight: b.isWeight,
    volumePrice: b.volumePrice,
    weightPrice: b.weightPrice,
    isWeightAgent: b.isWeightAgent,
    volumePriceAgent: b.volumePriceAgent ?? null,
    weightPriceAgent: b.weightPriceAgent ?? null,
    volWgtRate: b.volWgtRate ?? null,
    wgtVolRate: b.wgtVolRate ?? b.volWgtRate ?? null,
    validFromDate: b.validFromDate,
    validToDate: b.validToDate,
    remark: b.remark,
  };
}

export async function addPrice(db: DbOrTx, auth: AuthContext, body: TPriceAddBody): Promise<number> {
  return db.transaction(async (tx) => {
    await checkRefs(tx, auth, body);
    const values = priceValues(body);
    await assertNoOverlap(tx, values, values.validFromDate, values.validToDate);
    const [row] = await tx
      .insert(basPrice)
      .values({ ...values, createBy: auth.userName })
      .returning({ id: basPrice.id });
    return row!.id;
  });
}

export async function editPrice(db: DbOrTx, auth: AuthContext, body: TPriceEditBody): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: basPrice.id })
      .from(basPrice)
      .where(allOf([eq(basPrice.id, body.id), priceScope(auth)]));
    if (!current) throw notFound();
    await checkRefs(tx, auth, body);
    const values = priceValues(body);
    await assertNoOverlap(tx, values, values.validFromDate, values.validToDate, body.id);
    const [updated] = await tx
      .update(basPrice)
      .set({ ...values, version: sql`${basPrice.version} + 1`, updateBy: auth.userName, updateTime: sql`now()` })
      .where(and(eq(basPrice.id, body.id), eq(basPrice.version, body.version)))
      .returning({ id: basPrice.id });
    if (!updated) throw changedReload();
  });
}

export async function deletePrice(db: DbOrTx, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: basPrice.id })
      .from(basPrice)
      .where(allOf([eq(basPrice.id, id), priceScope(auth)]))
      .for('update');
    if (!current) throw notFound();
    if (await isInUse(tx, 'price', id)) throw inUse();
    await tx.delete(basPrice).where(eq(basPrice.id, id));
  });
}

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
    if (negative) throw badRequest('bas_msg_price_negative', { n: negative });
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
            version: sql`${basPrice.version} + 1`,
            updateBy: auth.userName,
            updateTime: sql`now()`,
          })
          .where(eq(basPrice.id, row.id));
        const { id: _id, version: _v, createTime: _ct, updateTime: _ut, updateBy: _ub, ...copy } = row;
        await tx
          .insert(basPrice)
          .values({ ...copy, ...next, validFromDate: body.effectiveDate!, createBy: auth.userName });
      } else {
        await tx
          .update(basPrice)
          .set({ ...next, version: sql`${basPrice.version} + 1`, updateBy: auth.userName, updateTime: sql`now()` })
          .where(eq(basPrice.id, row.id));
      }
    }
    return result;
  };
  if (body.preview) return run(db as Tx);
  return db.transaction(run);
}

// ---------------------------------------------------------------------------------------------------
// The applicable price (DOMAIN §4)

export interface TPriceLookup {
  /** the order's mark id (null: cargo without a mark, only all-marks rows apply) */
  markId: number | null;
  busType: string;
  leftAddrId: number;
  destAddrId: number;
  cargoType: string;
}

export interface TFoundPrice {
  row: TPriceRecord;
  scope: TPriceScope;
  isOverdue: boolean;
  /** the mark and, for a sub-mark, its agent (what the pricing engine needs besides the row) */
  mark: {
    id: number;
    mark: string;
    topMarkId: number | null;
    topMark: string | null;
    calPriceType: string;
    minAmount: string | null;
  } | null;
}

/**
 * The price row that applies to an order on `date` ('YYYY-MM-DD'), by contracts' selectPrice: the mark's own
 * row, else its agent's, else the all-marks row; latest start wins. No data scope: for server use (orders,
 * audit recalculation). `includeExpired` returns the last ended row flagged isOverdue when none is valid.
 */
export async function findPrice(
  db: DbOrTx,
  key: TPriceLookup,
  date: string,
  options: { includeExpired?: boolean } = {},
): Promise<TFoundPrice | null> {
  let mark: TFoundPrice['mark'] = null;
  if (key.markId) {
    const top = alias(basMark, 'top_mark');
    const [m] = await db
      .select({
        id: basMark.id,
        mark: basMark.mark,
        topMarkId: basMark.topMarkId,
        topMark: top.mark,
        calPriceType: basMark.calPriceType,
        minAmount: basMark.minAmount,
      })
      .from(basMark)
      .leftJoin(top, eq(top.id, basMark.topMarkId))
      .where(eq(basMark.id, key.markId));
    if (!m) return null;
    mark = m;
  }
  const markIds = [mark?.id, mark?.topMarkId].filter((x): x is number => typeof x === 'number');
  const rows = await selectPrices(
    db,
    allOf([
      eq(basPrice.busType, key.busType),
      eq(basPrice.leftAddrId, key.leftAddrId),
      eq(basPrice.destAddrId, key.destAddrId),
      eq(basPrice.cargoType, key.cargoType),
      lte(basPrice.validFromDate, date),
      markIds.length
        ? sql`(${basPrice.markId} IS NULL OR ${inArray(basPrice.markId, markIds)})`
        : isNull(basPrice.markId),
    ]),
    date,
    { limit: 500 },
  );
  const asPriceRows = rows.map((r) => ({ ...r, mark: r.mark ?? null }) as TPriceRecord & TPriceRow);
  const chosen = selectPrice(
    asPriceRows,
    { mark: mark?.mark ?? null, topMark: mark?.topMark ?? null, ...key },
    date,
    options,
  );
  if (!chosen) return null;
  return { row: chosen.row, scope: chosen.scope, isOverdue: chosen.isOverdue, mark };
}
