import { LOAD_STATUS, type TTrackDetailRow, type TTrackRow } from '@theone/contracts';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { allOf, columnsOf } from '../../../platform/db/sql-helpers';
import { notFound } from '../../../platform/errors';
import { markCodeOf } from '../../bas/api/order-refs';
import { arriveRecordsOf } from '../arrive/arrive-record';
import type { TOrderCtx } from '../inware/inware.context';
import { busOrder } from '../inware/inware.table';
import { orderScope } from '../inware/order-common';
import { trackRowsByIds } from './load.read';
import { busLoad, busTrack } from './load.table';
import { loadScope } from './load-record';

/**
 * Reading a container's journey (screens track-list, track-details, loadDetails' Tracking tab, the orders'
 * Tracking tab and customer service's 'where is my cargo', home's arriving containers):
 *
 * - `trackRowById`: one load as ZTrackRow (load.read.ts's trackRowsByIds: sums over the caller's orders, latest
 *   milestone, 'no news', days in transit, messages) in the caller's scope, 404 otherwise.
 * - `timeline`: a load's milestones newest first. The 'received' milestone (code '2') is not stored: it is
 *   synthesized at the earliest arrivedTime (origin warehouse receipt) of the load's orders, with id 0 and auto '1'
 *   (no messages, no actions; it moves when a receipt does). Every other milestone is a bus_track row.
 * - `orderJourneys`: orders by waybill, express or receipt number in the caller's scope, each with its load and that
 *   load's milestones; there the 'received' entry is the order's own receipt (its arrivedTime), and an order not yet
 *   planned shows only that entry.
 * - `waitingDepartureCount`, `arrivingLoads`, `seesEveryLoad`: the home page's figures (home reads no bus table).
 */

export const RECEIVED_MILESTONE = '2';

/** A load in the caller's scope as a track row (load.read.ts's columns; 404 otherwise). */
export async function trackRowById(ctx: TOrderCtx, id: number): Promise<TTrackRow> {
  const [row] = await trackRowsByIds(ctx, [id]);
  if (!row) throw notFound();
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// Timeline

const milestoneColumns = {
  ...columnsOf(busTrack, [
    'id',
    'loadId',
    'trackStatus',
    'trackTime',
    'trackRemark',
    'auto',
    'version',
    'createBy',
    'createTime',
    'updateBy',
  ]),
  // written out: inside a subquery drizzle would render the outer column unqualified ("id" of the messages)
  messageCount: sql<number>`(SELECT count(*)::int FROM bus_track_message m WHERE m.track_id = "bus_track"."id")`,
};

/** The synthesized 'received' entry (id 0) at the first receipt of the given orders. */
function receivedEntry(loadId: number, firstReceipt: Date | null): TTrackDetailRow[] {
  if (!firstReceipt) return [];
  return [
    {
      id: 0,
      loadId,
      trackStatus: RECEIVED_MILESTONE,
      trackTime: firstReceipt,
      trackRemark: '',
      auto: '1',
      version: 0,
      createBy: '',
      createTime: firstReceipt,
      updateBy: '',
      messageCount: 0,
    },
  ];
}

const newestFirst = (a: TTrackDetailRow, b: TTrackDetailRow) =>
  b.trackTime.getTime() - a.trackTime.getTime() || b.id - a.id;

/** Stored milestones of some loads, by load. */
async function milestonesOf(db: DbOrTx, loadIds: readonly number[]) {
  const byLoad = new Map<number, TTrackDetailRow[]>();
  if (!loadIds.length) return byLoad;
  const rows = await db
    .select(milestoneColumns)
    .from(busTrack)
    .where(inArray(busTrack.loadId, [...loadIds]))
    .orderBy(desc(busTrack.trackTime), desc(busTrack.id));
  for (const r of rows) {
    const list = byLoad.get(r.loadId) ?? [];
    list.push({ ...r, auto: r.auto === '1' ? '1' : '0' });
    byLoad.set(r.loadId, list);
  }
  return byLoad;
}

/** A load's milestones newest first, with the synthesized 'received' entry (404 outside the caller's scope). */
export async function timeline(db: DbOrTx, auth: AuthContext, loadId: number): Promise<TTrackDetailRow[]> {
  const [load] = await db
    .select({ id: busLoad.id })
    .from(busLoad)
    .where(allOf([eq(busLoad.id, loadId), loadScope(auth)]));
  if (!load) throw notFound();
  const [stored, [first]] = await Promise.all([
    milestonesOf(db, [loadId]),
    db
      .select({ at: sql<string | null>`min(${busOrder.arrivedTime})` })
      .from(busOrder)
      .where(eq(busOrder.loadId, loadId)),
  ]);
  const firstReceipt = first?.at ? new Date(first.at) : null;
  return [...(stored.get(loadId) ?? []), ...receivedEntry(loadId, firstReceipt)].sort(newestFirst);
}

// ---------------------------------------------------------------------------------------------------------
// 'Where is my cargo': orders by waybill, express or receipt number with their container and milestones

export interface TJourneyPage {
  pageNum: number;
  pageSize: number;
}

/** Orders in the caller's scope matching any of the numbers (waybill, express number or receipt number). */
export async function orderJourneys(db: DbOrTx, auth: AuthContext, numbers: readonly string[], page: TJourneyPage) {
  const list = sql.param([...numbers]);
  const where = allOf([
    sql`(${busOrder.transportId} = ANY(${list}::text[]) OR ${busOrder.expressNos} && ${list}::text[] OR ${busOrder.receivingNos} && ${list}::text[])`,
    orderScope(auth),
  ]);
  const [orders, [count]] = await Promise.all([
    db
      .select({
        orderId: busOrder.id,
        transportId: busOrder.transportId,
        status: busOrder.status,
        mark: markCodeOf(busOrder.markId),
        consignee: busOrder.consignee,
        arrivedTime: busOrder.arrivedTime,
        leftTime: busOrder.leftTime,
        preArriveTime: busOrder.preArriveTime,
        loadId: busOrder.loadId,
      })
      .from(busOrder)
      .where(where)
      .orderBy(asc(busOrder.transportId))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(busOrder).where(where),
  ]);
  const loadIds = [...new Set(orders.flatMap((o) => (o.loadId ? [o.loadId] : [])))];
  const [loads, milestones] = await Promise.all([
    loadIds.length
      ? db
          .select({
            id: busLoad.id,
            loadNo: busLoad.loadNo,
            status: busLoad.status,
            containerNo: busLoad.containerNo,
            sealNo: busLoad.sealNo,
            truckNo: busLoad.truckNo,
            busType: busLoad.busType,
            vesselName: busLoad.vesselName,
            voyageNo: busLoad.voyageNo,
            etdDate: busLoad.etdDate,
            etaDate: busLoad.etaDate,
            leftTime: busLoad.leftTime,
          })
          .from(busLoad)
          .where(inArray(busLoad.id, loadIds))
      : [],
    milestonesOf(db, loadIds),
  ]);
  const loadById = new Map(loads.map((l) => [l.id, l]));
  const rows = orders.map(({ loadId, ...o }) => ({
    ...o,
    mark: o.mark ?? '',
    load: (loadId && loadById.get(loadId)) || null,
    milestones: [...(loadId ? (milestones.get(loadId) ?? []) : []), ...receivedEntry(loadId ?? 0, o.arrivedTime)].sort(
      newestFirst,
    ),
  }));
  return { rows, total: count?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------------------
// Home page figures

/** Loads waiting for departure (L2) in the caller's scope: the track list's 'waiting' tab total. */
export async function waitingDepartureCount(db: DbOrTx, auth: AuthContext): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(busLoad)
    .where(allOf([eq(busLoad.status, LOAD_STATUS.LOADED), loadScope(auth)]));
  return r?.n ?? 0;
}

/** Whether the caller's load scope is every load (then arrivingLoads answers the same to every such caller). */
export const seesEveryLoad = (auth: AuthContext) => loadScope(auth) === undefined;

/** The loads in transit (L3) due in [from, to) (a business day), in the caller's scope, with their arrive records. */
export async function arrivingLoads(ctx: TOrderCtx, range: { from: Date; to: Date }) {
  const loads = await ctx.db
    .select({ id: busLoad.id })
    .from(busLoad)
    .where(
      allOf([
        eq(busLoad.status, LOAD_STATUS.DEPARTED),
        sql`${busLoad.etaDate} >= ${range.from} AND ${busLoad.etaDate} < ${range.to}`,
        loadScope(ctx.auth),
      ]),
    )
    .orderBy(asc(busLoad.etaDate), asc(busLoad.id))
    .limit(200);
  const ids = loads.map((l) => l.id);
  const [rows, arriveOf] = await Promise.all([trackRowsByIds(ctx, ids), arriveRecordsOf(ctx.db, ids)]);
  return rows.map((r) => ({ ...r, arrive: arriveOf.get(r.id) ?? null }));
}

// ---------------------------------------------------------------------------------------------------------
// The exception list's Timers tab

/**
 * Loads in transit (L3) in the caller's scope whose latest milestone (departure if none since) is one of
 * `milestones` and older than `hours`, oldest first: at most `limit` rows and the count of all of them.
 */
export async function stalledLoads(
  db: DbOrTx,
  auth: AuthContext,
  opts: { hours: number; milestones: readonly string[]; limit: number },
) {
  const latest = sql`LATERAL (SELECT t.track_status, t.track_time FROM bus_track t WHERE t.load_id = ${busLoad.id} ORDER BY t.track_time DESC, t.id DESC LIMIT 1) lt ON true`;
  const since = sql`coalesce(lt.track_time, ${busLoad.leftTime})`;
  const where = allOf([
    eq(busLoad.status, LOAD_STATUS.DEPARTED),
    sql`${since} < now() - make_interval(hours => ${opts.hours})`,
    sql`coalesce(lt.track_status, '5') = ANY(${sql.param([...opts.milestones])}::text[])`,
    loadScope(auth),
  ]);
  const { rows } = await db.execute<{
    id: number;
    loadNo: string;
    containerNo: string;
    truckNo: string;
    busType: string;
    trackStatus: string;
    trackTime: Date | string | null;
    hours: number;
    total: number;
  }>(
    sql`SELECT ${busLoad.id}::int AS "id", ${busLoad.loadNo} AS "loadNo", ${busLoad.containerNo} AS "containerNo",
          ${busLoad.truckNo} AS "truckNo", ${busLoad.busType} AS "busType",
          coalesce(lt.track_status, '5') AS "trackStatus", ${since} AS "trackTime",
          floor(extract(epoch FROM now() - ${since}) / 3600)::int AS "hours", count(*) OVER ()::int AS "total"
        FROM ${busLoad} LEFT JOIN ${latest}
       WHERE ${where}
       ORDER BY ${since} ASC, ${busLoad.id} ASC
       LIMIT ${opts.limit}`,
  );
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map(({ total: _t, trackTime, ...r }) => ({
      ...r,
      trackTime: trackTime === null ? null : new Date(trackTime),
    })),
  };
}
