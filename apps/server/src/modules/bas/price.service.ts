import {
  isPriceOverdue,
  MAX_PLACE_DEPTH,
  PRICE_ORDER_BY,
  selectPrice,
  splitCommaList,
  type TPriceAddBody,
  type TPriceEditBody,
  type TPriceListQuery,
  type TPriceMatch,
  type TPriceSelection,
  type TPriceTrialMark,
} from '@theone/contracts';
import { and, desc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { DbOrTx, Tx } from '../../platform/db/database';
import { allOf, columnsOf, equalFilters, lockKey } from '../../platform/db/sql-helpers';
import { badRequest, conflict, inUse, notFound } from '../../platform/errors';
import { orderOf } from '../../platform/http/paging';
import { basGeog, basMark, basPrice } from './bas.table';
import { saveEdit } from './bas-common';
import { markIdInScope } from './mark-scope';
import { isInUse } from './usage';

/**
 * Price rows (DOMAIN §4, screens §3.7-3.10). Visibility: the all-marks rows, and the rows of marks in the
 * caller's mark scope. Overlapping periods for the same key (mark, busType, origin, destination, cargoType)
 * are refused ('msg_price_overlap'); writers of one key are serialised by an advisory lock.
 */

/** The origin and destination places of a route (price rows, container prices): their names on the wire. */
export const leftGeog = alias(basGeog, 'left_geog');
export const destGeog = alias(basGeog, 'dest_geog');

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
  parts.push(...equalFilters(q, basPrice, ['markId', 'busType', 'leftAddrId', 'destAddrId', 'cargoType', 'currency']));
  if (q.validOn) parts.push(and(lte(basPrice.validFromDate, q.validOn), gte(basPrice.validToDate, q.validOn)));
  if (q.isOverdue === '1') parts.push(lt(basPrice.validToDate, today));
  if (q.isOverdue === '0') parts.push(gte(basPrice.validToDate, today));
  if (q.validFromBegin) parts.push(gte(basPrice.validFromDate, q.validFromBegin));
  if (q.validFromEnd) parts.push(lte(basPrice.validFromDate, q.validFromEnd));
  return allOf(parts);
}

export function priceOrder(q: Pick<TPriceListQuery, 'orderByColumn' | 'isAsc'>) {
  return orderOf(q, columnsOf(basPrice, PRICE_ORDER_BY), [desc(basPrice.createTime), desc(basPrice.id)]);
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
    await saveEdit(tx, basPrice, body, values, auth.userName);
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
// The applicable price (DOMAIN §4, docs/domain.md 'Which price row applies')

export interface TPriceLookup {
  /** the order's mark id (null: cargo without a mark, only all-customers rows apply) */
  markId: number | null;
  busType: string;
  leftAddrId: number;
  destAddrId: number;
  cargoType: string;
}

/** The order's mark and, for a sub-mark, its agent (what the pricing engine needs besides the row). */
export type TPriceMark = TPriceTrialMark;

export interface TFoundPrice extends TPriceMatch<TPriceRecord> {
  /** the other matching rows, best first, each with the step where the chosen row beat it */
  others: TPriceSelection<TPriceRecord>['others'];
  mark: TPriceMark | null;
}

export interface TPriceCandidates {
  rows: TPriceRecord[];
  /** the origin and its ancestors, nearest first (text ids); empty for an unknown place */
  leftPlaces: string[];
  destPlaces: string[];
  mark: TPriceMark | null;
}

const orderMark = alias(basMark, 'order_mark');
const orderTop = alias(basMark, 'order_top');

/**
 * The origin's and the destination's chains of places in one walk up bas_geog, as a one-row derived table `places`
 * (left_chain, dest_chain: bigint arrays, nearest first). Places are few and shallow; the walk stops after
 * MAX_PLACE_DEPTH places.
 */
function placeChainsSql(leftAddrId: number, destAddrId: number): SQL {
  return sql`(WITH RECURSIVE up(side, id, parent_id, depth) AS (
      SELECT s.side, g.id, g.parent_id, 0
        FROM (VALUES ('L', ${leftAddrId}::bigint), ('D', ${destAddrId}::bigint)) AS s(side, id)
        JOIN bas_geog g ON g.id = s.id
      UNION ALL
      SELECT up.side, g.id, g.parent_id, up.depth + 1
        FROM up JOIN bas_geog g ON g.id = up.parent_id
       WHERE up.depth < ${MAX_PLACE_DEPTH - 1}
    )
    SELECT coalesce(array_agg(id ORDER BY depth) FILTER (WHERE side = 'L'), '{}') AS left_chain,
           coalesce(array_agg(id ORDER BY depth) FILTER (WHERE side = 'D'), '{}') AS dest_chain
      FROM up) AS places`;
}

/**
 * Every price row that can apply to the key on `date`, in one statement: rows of the order's mark, its agent's mark
 * and all customers, for the transport mode and cargo type, whose origin and destination lie on the order's chains
 * of places, started by `date` (and not ended before it unless `includeExpired`). The statement starts from the
 * one-row `places` and joins the mark and the rows to it, so the chains and the mark's pricing fields come back even
 * when no row matches (the trial previews an unsaved row on them). No data scope: for server use and for routes that
 * checked the mark.
 */
export async function priceCandidates(
  db: DbOrTx,
  key: TPriceLookup,
  date: string,
  options: { includeExpired?: boolean; limit?: number } = {},
): Promise<TPriceCandidates> {
  const rows = await db
    .select({
      ...priceColumns,
      leftPlaces: sql<string[]>`places.left_chain::text[]`,
      destPlaces: sql<string[]>`places.dest_chain::text[]`,
      orderMark: {
        id: orderMark.id,
        mark: orderMark.mark,
        topMarkId: orderMark.topMarkId,
        topMark: orderTop.mark,
        calPriceType: orderMark.calPriceType,
        minAmount: orderMark.minAmount,
      },
    })
    .from(placeChainsSql(key.leftAddrId, key.destAddrId))
    .leftJoin(orderMark, eq(orderMark.id, key.markId ?? 0))
    .leftJoin(orderTop, eq(orderTop.id, orderMark.topMarkId))
    .leftJoin(
      basPrice,
      allOf([
        eq(basPrice.busType, key.busType),
        eq(basPrice.cargoType, key.cargoType),
        sql`${basPrice.leftAddrId} = ANY(places.left_chain)`,
        sql`${basPrice.destAddrId} = ANY(places.dest_chain)`,
        lte(basPrice.validFromDate, date),
        options.includeExpired ? undefined : gte(basPrice.validToDate, date),
        key.markId
          ? sql`${orderMark.id} IS NOT NULL AND (${basPrice.markId} IS NULL OR ${basPrice.markId} = ${orderMark.id} OR ${basPrice.markId} = ${orderMark.topMarkId})`
          : isNull(basPrice.markId),
      ]),
    )
    .leftJoin(basMark, eq(basMark.id, basPrice.markId))
    .leftJoin(leftGeog, eq(leftGeog.id, basPrice.leftAddrId))
    .leftJoin(destGeog, eq(destGeog.id, basPrice.destAddrId))
    .orderBy(desc(basPrice.validToDate), desc(basPrice.id))
    .limit(options.limit ?? 500);
  const first = rows[0];
  return {
    rows: rows
      .filter((r) => r.id !== null)
      .map(({ leftPlaces: _l, destPlaces: _d, orderMark: _m, ...r }) => {
        const row = r as TPriceRecord;
        return { ...row, isOverdue: isPriceOverdue(row, date) ? ('1' as const) : ('0' as const) };
      }),
    leftPlaces: first?.leftPlaces ?? [],
    destPlaces: first?.destPlaces ?? [],
    // the left-joined mark comes back as an object of nulls when there is none
    mark: first?.orderMark.id != null ? (first.orderMark as TPriceMark) : null,
  };
}

/** The contracts' selection over the candidates of `priceCandidates`. */
export function choosePrice(
  candidates: TPriceCandidates,
  key: TPriceLookup,
  date: string,
  options: { includeExpired?: boolean } = {},
): TPriceSelection<TPriceRecord> | null {
  return selectPrice(
    candidates.rows,
    {
      markId: key.markId,
      topMarkId: candidates.mark?.topMarkId ?? null,
      busType: key.busType,
      cargoType: key.cargoType,
      leftPlaces: candidates.leftPlaces,
      destPlaces: candidates.destPlaces,
    },
    date,
    options,
  );
}

/**
 * The price row that applies to an order on `date` (its business day, 'YYYY-MM-DD'): one query for the candidates
 * along the origin's and destination's places, then contracts' `selectPrice` (the customer's own row, its agent's,
 * all customers'; then the nearer destination, the nearer origin; then the later start; then the newest entry).
 * No data scope: for server use (orders, audit). `includeExpired` returns the last ended row flagged isOverdue
 * when none is valid.
 */
export async function findPrice(
  db: DbOrTx,
  key: TPriceLookup,
  date: string,
  options: { includeExpired?: boolean } = {},
): Promise<TFoundPrice | null> {
  const candidates = await priceCandidates(db, key, date, options);
  const chosen = choosePrice(candidates, key, date, options);
  return chosen ? { ...chosen, mark: candidates.mark } : null;
}
