import {
  collectAmountThb,
  daysInStock,
  expectedPieces,
  type TArriveDetail,
  type TArriveListQuery,
  type TArriveOrderQuery,
  type TArriveOrderRow,
  type TArriveRow,
} from '@theone/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { seesAllData } from '../../../platform/auth/data-scope';
import type { DbOrTx } from '../../../platform/db/database';
import { allOf, selectList } from '../../../platform/db/sql-helpers';
import { notFound } from '../../../platform/errors';
import { dateRange, limitOffset, orderOf, pageOf } from '../../../platform/http/paging';
import { listCacheKey, scopeCacheKey } from '../../../platform/short-cache';
import { todayIn } from '../../../platform/time';
import { driverNameOf, driverPhoneOf, markBalanceTypeOf, thbPerRmbOn, vehiclePlateOf } from '../../bas/api/arrive-refs';
import { isMarkWithCode, markCodeOf } from '../../bas/api/order-refs';
import { codeList, searchNumbers } from '../bus-list';
import type { TOrderCtx } from '../inware/inware.context';
import { busOrder } from '../inware/inware.table';
import { orderScope } from '../inware/order-common';
import { pick, refNames } from '../inware/order-names';
import { busLoad } from '../load/load.table';
import { latestTrack, loadListSums, loadLogOf, loadScope } from '../load/load-record';
import { busArrive, busArriveOrder, busArrivePhoto } from './arrive.table';
import { findArrive } from './arrive-record';

/**
 * Reading pick-up records and the orders at the overseas warehouse (screens arriveList, arriveDetails,
 * arriveOrder):
 *
 * - `listArrive`: records with their container (bus_load), latest milestone, vehicle, driver and warehouse names,
 *   and the counts of the caller's orders (scoped users see a record through their customers' orders, loadScope,
 *   and only those orders in its counts), filtered, sorted and paged, with the sums of the filtered set.
 * - `arriveDetail`: one record, its photos, the caller's orders of the container, the container's log.
 * - `listArriveOrders`: order rows (S5 of picked-up containers, S6 in stock, or all from S5 on) with their
 *   overseas arrival, days in stock, pieces counted and, for arrive-pay customers, the amount to collect in THB.
 */

const range = (column: SQL | typeof busLoad.etaDate, begin?: string, end?: string, timezone?: string) =>
  dateRange(column, { 'params[beginTime]': begin, 'params[endTime]': end }, timezone);

/** The WHERE of the pick-up list (and its export) over bus_arrive JOIN bus_load. */
export function arriveListWhere(ctx: TOrderCtx, q: TArriveListQuery & { ids?: number[] }): SQL | undefined {
  const loadNos = searchNumbers(q.loadNo, 'loadNo');
  const containers = searchNumbers(q.containerNo, 'containerNo');
  return allOf([
    loadScope(ctx.auth),
    q.ids?.length ? inArray(busArrive.id, q.ids) : undefined,
    loadNos ? inArray(busLoad.loadNo, loadNos) : undefined,
    containers ? inArray(busLoad.containerNo, containers) : undefined,
    q.truckNo ? eq(busLoad.truckNo, q.truckNo.toUpperCase()) : undefined,
    q.busType ? eq(busLoad.busType, q.busType) : undefined,
    q.destAddrId ? eq(busLoad.destAddrId, q.destAddrId) : undefined,
    q.unloadPort ? eq(busLoad.unloadPort, q.unloadPort) : undefined,
    q.status !== undefined ? inArray(busArrive.status, codeList(q.status)!) : undefined,
    q.houseId ? eq(busArrive.houseId, q.houseId) : undefined,
    range(busLoad.etaDate, q['params[beginEtaDate]'], q['params[endEtaDate]'], ctx.timezone),
    range(busArrive.pickupTime as never, q['params[beginPickupTime]'], q['params[endPickupTime]'], ctx.timezone),
    range(busArrive.createTime as never, q['params[beginTime]'], q['params[endTime]'], ctx.timezone),
  ]);
}

const recordColumns = {
  id: busArrive.id,
  loadId: busArrive.loadId,
  status: busArrive.status,
  version: busArrive.version,
  pickupTime: busArrive.pickupTime,
  vehicleId: busArrive.vehicleId,
  vehiclePlate: vehiclePlateOf(busArrive.vehicleId),
  driverId: busArrive.driverId,
  driverName: driverNameOf(busArrive.driverId),
  driverPhone: driverPhoneOf(busArrive.driverId),
  houseId: busArrive.houseId,
  unloadTime: busArrive.unloadTime,
  sealIntact: busArrive.sealIntact,
  remark: busArrive.remark,
  createBy: busArrive.createBy,
  createTime: busArrive.createTime,
  updateBy: busArrive.updateBy,
  updateTime: busArrive.updateTime,
  loadNo: busLoad.loadNo,
  loadStatus: busLoad.status,
  containerNo: busLoad.containerNo,
  sealNo: busLoad.sealNo,
  truckNo: busLoad.truckNo,
  containerType: busLoad.containerType,
  busType: busLoad.busType,
  leftAddrId: busLoad.leftAddrId,
  destAddrId: busLoad.destAddrId,
  unloadPort: busLoad.unloadPort,
  leftTime: busLoad.leftTime,
  etaDate: busLoad.etaDate,
  trackStatus: latestTrack('track_status'),
  trackTime: latestTrack('track_time'),
};

type TOrderSums = { orderCount: number; arrivedCount: number; pieces: number; weight: string; volume: string };

/** A load's stored totals (refreshLoadTotals keeps them with every order change): what a caller who sees every order gets. */
const storedTotals = {
  orderCount: busLoad.totalOrders,
  arrivedCount: busLoad.totalArrived,
  pieces: busLoad.totalPieces,
  weight: sql<string>`${busLoad.totalWeight}::text`,
  volume: sql<string>`${busLoad.totalVolume}::text`,
};

/** Counts and sums of a scoped caller's own orders per load (an aggregate of their orders). */
async function scopedSums(ctx: TOrderCtx, loadIds: readonly number[], scope: SQL) {
  const out = new Map<number, TOrderSums>();
  if (!loadIds.length) return out;
  const rows = await ctx.db
    .select({
      loadId: sql<number>`${busOrder.loadId}`,
      orderCount: sql<number>`count(*)::int`,
      arrivedCount: sql<number>`(count(*) FILTER (WHERE ${busOrder.status} >= 6))::int`,
      pieces: sql<number>`coalesce(sum(${busOrder.arrivedPiece}), 0)::int`,
      weight: sql<string>`coalesce(sum(${busOrder.arrivedWeight}), 0)::text`,
      volume: sql<string>`coalesce(sum(${busOrder.arrivedVolume}), 0)::text`,
    })
    .from(busOrder)
    .where(allOf([inArray(busOrder.loadId, [...loadIds]), scope]))
    .groupBy(busOrder.loadId);
  for (const { loadId, ...sums } of rows) out.set(Number(loadId), sums);
  return out;
}

/** Σ over the filtered records: stored totals for users who see every order, their own orders otherwise. */
async function listSums(ctx: TOrderCtx, where: SQL | undefined) {
  const scope = orderScope(ctx.auth);
  if (!scope) {
    const [sums] = await ctx.db
      .select({
        orders: sql<number>`coalesce(sum(${busLoad.totalOrders}), 0)::int`,
        arrived: sql<number>`coalesce(sum(${busLoad.totalArrived}), 0)::int`,
        pieces: sql<number>`coalesce(sum(${busLoad.totalPieces}), 0)::int`,
        volume: sql<string>`coalesce(sum(${busLoad.totalVolume}), 0)::text`,
      })
      .from(busArrive)
      .innerJoin(busLoad, eq(busLoad.id, busArrive.loadId))
      .where(where);
    return sums;
  }
  const filtered = sql`SELECT ${busArrive.loadId} FROM ${busArrive} INNER JOIN ${busLoad} ON ${busLoad.id} = ${busArrive.loadId} WHERE ${where ?? sql`true`}`;
  const [sums] = await ctx.db
    .select({
      orders: sql<number>`count(*)::int`,
      arrived: sql<number>`(count(*) FILTER (WHERE ${busOrder.status} >= 6))::int`,
      pieces: sql<number>`coalesce(sum(${busOrder.arrivedPiece}), 0)::int`,
      volume: sql<string>`coalesce(sum(${busOrder.arrivedVolume}), 0)::text`,
    })
    .from(busOrder)
    .where(allOf([sql`${busOrder.loadId} IN (${filtered})`, scope]));
  return sums;
}

/** The record list's SELECT, built once (scoped callers' counts replace the stored totals below). */
const RECORD_LIST = selectList({ ...recordColumns, ...storedTotals });

/**
 * Records by a WHERE over bus_arrive JOIN bus_load, as list rows, with the counts and sums of the caller's orders:
 * the load's stored totals in the same statement for callers who see every order, their own orders' aggregate
 * otherwise.
 */
async function arriveRows(
  ctx: TOrderCtx,
  where: SQL | undefined,
  order: SQL[],
  page?: { limit: number; offset: number },
) {
  const scope = orderScope(ctx.auth);
  const result = await ctx.db.execute(
    sql`SELECT ${sql.raw(RECORD_LIST.text)} FROM ${busArrive} INNER JOIN ${busLoad} ON ${busLoad.id} = ${busArrive.loadId} WHERE ${where ?? sql`true`} ORDER BY ${sql.join(order, sql`, `)} ${page ? limitOffset(page.limit, page.offset) : sql``}`,
  );
  const rows = RECORD_LIST.typed(result.rows);
  const [names, own] = await Promise.all([
    refNames(ctx.db),
    scope
      ? scopedSums(
          ctx,
          rows.map((r) => r.loadId),
          scope,
        )
      : undefined,
  ]);
  const none: TOrderSums = { orderCount: 0, arrivedCount: 0, pieces: 0, weight: '0', volume: '0' };
  // completed in place (a copy of 40 keys per row cost 4 % of the list's server time)
  return rows.map(
    (r) =>
      Object.assign(r, {
        trackTime: r.trackTime ? new Date(r.trackTime) : null,
        houseName: pick(ctx.lang, names.house.get(r.houseId ?? 0)),
        leftAddrName: pick(ctx.lang, names.geog.get(r.leftAddrId ?? 0)),
        destAddrName: pick(ctx.lang, names.geog.get(r.destAddrId ?? 0)),
        ...(own ? (own.get(r.loadId) ?? none) : {}),
      } satisfies Partial<TArriveRow>) as TArriveRow,
  );
}

const ARRIVE_ORDER = (q: TArriveListQuery) =>
  orderOf(
    q,
    {
      etaDate: busLoad.etaDate,
      pickupTime: busArrive.pickupTime,
      leftTime: busLoad.leftTime,
      createTime: busArrive.createTime,
      loadNo: busLoad.loadNo,
    },
    [desc(busArrive.id)],
  );

/**
 * The pick-up list: the page fresh, the count and sums of the whole set from the load lists' 3-second cache (per
 * caller scope and filters; dropped by every write this instance answers and every refresh of a load's stored
 * totals, load-record.ts `loadListSums`).
 */
export async function listArrive(ctx: TOrderCtx, q: TArriveListQuery) {
  const where = arriveListWhere(ctx, q);
  const key = listCacheKey('arrive/list', scopeCacheKey(ctx.auth, seesAllData(ctx.auth)), q);
  const [rows, { total, sums }] = await Promise.all([
    arriveRows(ctx, where, ARRIVE_ORDER(q), pageOf(q)),
    loadListSums.get(key, async () => {
      const [[count], sums] = await Promise.all([
        ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(busArrive)
          .innerJoin(busLoad, eq(busLoad.id, busArrive.loadId))
          .where(where),
        listSums(ctx, where),
      ]);
      return { total: count?.n ?? 0, sums };
    }),
  ]);
  return {
    rows,
    total,
    sums: { records: total, ...(sums ?? { orders: 0, arrived: 0, pieces: 0, volume: '0' }) },
  };
}

/** Every record of the filter (or the ticked ids) for the export, in the list's order, at most `max`. */
export async function arriveRowsForExport(ctx: TOrderCtx, q: TArriveListQuery & { ids?: number[] }, max: number) {
  const order = ARRIVE_ORDER(q);
  return arriveRows(ctx, arriveListWhere(ctx, q), order, { limit: max, offset: 0 });
}

// ---------------------------------------------------------------------------------------------------------
// Orders at the overseas warehouse

const orderColumns = () => ({
  id: busOrder.id,
  version: busOrder.version,
  transportId: busOrder.transportId,
  status: busOrder.status,
  markId: busOrder.markId,
  mark: markCodeOf(busOrder.markId),
  consignee: busOrder.consignee,
  consigneeTel: busOrder.consigneeTel,
  consigneeAddr: busOrder.consigneeAddr,
  cargoName: busOrder.cargoName,
  loadId: busOrder.loadId,
  loadNo: busLoad.loadNo,
  containerNo: busLoad.containerNo,
  truckNo: busLoad.truckNo,
  arriveId: busArrive.id,
  arriveStatus: busArrive.status,
  arrivedPiece: busOrder.arrivedPiece,
  arrivedWeight: busOrder.arrivedWeight,
  arrivedVolume: busOrder.arrivedVolume,
  arriveTime: busArriveOrder.arriveTime,
  arriveHouseId: busArriveOrder.houseId,
  pieces: busArriveOrder.pieces,
  trayNo: busOrder.trayNo,
  deliveryStatus: busOrder.deliveryStatus,
  sendId: busOrder.sendId,
  ifException: busOrder.ifException,
  balanceType: markBalanceTypeOf(busOrder.markId),
  currency: busOrder.currency,
  thFeeAr: busOrder.thFeeAr,
  feeArAmount: busOrder.feeArAmount,
});

function collectSql(rate: string | null): SQL<string> {
  const thb = rate === null ? sql`NULL` : sql`round(${busOrder.feeArAmount} * ${rate}::numeric, 2)`;
  return sql<string>`coalesce(sum(CASE WHEN ${markBalanceTypeOf(busOrder.markId)} = '2' THEN
    CASE ${busOrder.currency} WHEN 'THB' THEN ${busOrder.feeArAmount} WHEN 'RMB' THEN ${thb} END END), 0)::numeric(16,2)::text`;
}

function tabWhere(q: TArriveOrderQuery): SQL {
  if (q.tab === 'receive') return and(eq(busOrder.status, 5), sql`${busArrive.status} >= 1`)!;
  if (q.tab === 'stock') return eq(busOrder.status, 6);
  return sql`${busOrder.status} >= 5`;
}

export function arriveOrderWhere(ctx: TOrderCtx, q: TArriveOrderQuery & { ids?: number[] }): SQL | undefined {
  const waybills = searchNumbers(q.transportId, 'transportId');
  return allOf([
    tabWhere(q),
    orderScope(ctx.auth),
    q.ids?.length ? inArray(busOrder.id, q.ids) : undefined,
    waybills ? inArray(busOrder.transportId, waybills) : undefined,
    q.containerNo ? eq(busLoad.containerNo, q.containerNo.toUpperCase()) : undefined,
    q.loadNo ? eq(busLoad.loadNo, q.loadNo.toUpperCase()) : undefined,
    q.mark ? isMarkWithCode(busOrder.markId, q.mark.toUpperCase()) : undefined,
    q.consignee
      ? sql`${busOrder.consignee} ILIKE ${`%${q.consignee.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
    q.consigneeTel ? eq(busOrder.consigneeTel, q.consigneeTel) : undefined,
    q.destAddrId ? eq(busOrder.destAddrId, q.destAddrId) : undefined,
    q.minDays !== undefined
      ? sql`${busArriveOrder.arriveTime} <= now() - make_interval(days => ${q.minDays})`
      : undefined,
    q.ifException !== undefined ? eq(busOrder.ifException, Number(q.ifException)) : undefined,
    q.deliveryStatus !== undefined ? inArray(busOrder.deliveryStatus, codeList(q.deliveryStatus)!) : undefined,
    q.arriveId ? eq(busArrive.id, q.arriveId) : undefined,
    range(busArriveOrder.arriveTime as never, q['params[beginArriveTime]'], q['params[endArriveTime]'], ctx.timezone),
    range(busOrder.createTime as never, q['params[beginTime]'], q['params[endTime]'], ctx.timezone),
  ]);
}

const fromOrders = (db: DbOrTx, columns: Record<string, unknown>) =>
  db
    .select(columns as never)
    .from(busOrder)
    .innerJoin(busLoad, eq(busLoad.id, busOrder.loadId))
    .innerJoin(busArrive, eq(busArrive.loadId, busOrder.loadId))
    .leftJoin(busArriveOrder, eq(busArriveOrder.orderId, busOrder.id))
    .$dynamic();

type TRaw = Record<string, unknown>;

async function orderRows(
  ctx: TOrderCtx,
  where: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset: number },
  rate: string | null,
): Promise<TArriveOrderRow[]> {
  const rows = (await fromOrders(ctx.db, orderColumns())
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)) as unknown as TRaw[];
  const names = await refNames(ctx.db);
  const now = new Date();
  return rows.map(({ pieces, arriveHouseId, ...r }) => {
    const arriveTime = r.arriveTime as Date | null;
    return {
      ...r,
      mark: (r.mark as string | null) ?? '',
      arrivedPiece: (r.arrivedPiece as number | null) ?? 0,
      arriveHouseName: pick(ctx.lang, names.house.get((arriveHouseId as number | null) ?? 0)),
      daysInStock: r.status === 6 ? daysInStock(arriveTime, now) : null,
      scannedPieces: ((pieces as number[] | null) ?? []).length,
      expectedPieces: expectedPieces(r.arrivedPiece as number | null),
      balanceType: (r.balanceType as string | null) ?? '',
      collectAmount: collectAmountThb(
        {
          balanceType: r.balanceType as string | null,
          currency: r.currency as string,
          feeArAmount: r.feeArAmount as string | null,
        },
        rate,
      ),
    } as TArriveOrderRow;
  });
}

const ARRIVE_ORDER_SORT = (q: TArriveOrderQuery) =>
  orderOf(
    q,
    { arriveTime: busArriveOrder.arriveTime, transportId: busOrder.transportId, createTime: busOrder.createTime },
    [asc(busLoad.id), asc(busOrder.transportId)],
  );

export async function listArriveOrders(ctx: TOrderCtx, q: TArriveOrderQuery) {
  const rate = await thbPerRmbOn(ctx.db, todayIn(ctx.timezone));
  const where = arriveOrderWhere(ctx, q);
  const [rows, [sums]] = await Promise.all([
    orderRows(ctx, where, ARRIVE_ORDER_SORT(q), pageOf(q), rate),
    fromOrders(ctx.db, {
      orders: sql<number>`count(*)::int`,
      pieces: sql<number>`coalesce(sum(${busOrder.arrivedPiece}), 0)::int`,
      weight: sql<string>`coalesce(sum(${busOrder.arrivedWeight}), 0)::text`,
      volume: sql<string>`coalesce(sum(${busOrder.arrivedVolume}), 0)::text`,
      collectAmount: collectSql(rate),
    }).where(where) as unknown as Promise<
      { orders: number; pieces: number; weight: string; volume: string; collectAmount: string }[]
    >,
  ]);
  return { rows, total: sums?.orders ?? 0, sums: sums! };
}

export async function arriveOrdersForExport(ctx: TOrderCtx, q: TArriveOrderQuery & { ids?: number[] }, max: number) {
  const rate = await thbPerRmbOn(ctx.db, todayIn(ctx.timezone));
  return orderRows(ctx, arriveOrderWhere(ctx, q), ARRIVE_ORDER_SORT(q), { limit: max, offset: 0 }, rate);
}

// ---------------------------------------------------------------------------------------------------------
// GET arrive/{id}

export async function arriveDetail(ctx: TOrderCtx, id: number): Promise<TArriveDetail> {
  const record = await findArrive(ctx.db, ctx.auth, id);
  const rate = await thbPerRmbOn(ctx.db, todayIn(ctx.timezone));
  const [[arrive], photos, orders, log] = await Promise.all([
    arriveRows(ctx, eq(busArrive.id, id), [desc(busArrive.id)]),
    ctx.db
      .select({
        fileId: busArrivePhoto.fileId,
        kind: busArrivePhoto.kind,
        name: sql<string>`coalesce((SELECT f.original_name FROM sys_file f WHERE f.file_id = ${busArrivePhoto.fileId}), '')`,
      })
      .from(busArrivePhoto)
      .where(eq(busArrivePhoto.arriveId, id))
      .orderBy(asc(busArrivePhoto.id)),
    orderRows(
      ctx,
      allOf([eq(busOrder.loadId, record.loadId), orderScope(ctx.auth)]),
      [asc(busOrder.transportId)],
      { limit: 5000, offset: 0 },
      rate,
    ),
    loadLogOf(ctx.db, record.loadId, 500),
  ]);
  if (!arrive) throw notFound();
  return {
    arrive,
    photos: photos.map((p) => ({ ...p, kind: p.kind === '2' ? ('2' as const) : ('1' as const) })),
    orders,
    log,
  };
}

/** A record in the caller's scope as a list row (404 otherwise). */
export async function arriveRowById(ctx: TOrderCtx, id: number): Promise<TArriveRow> {
  await findArrive(ctx.db, ctx.auth, id);
  const [row] = await arriveRows(ctx, eq(busArrive.id, id), [desc(busArrive.id)]);
  if (!row) throw notFound();
  return row;
}
