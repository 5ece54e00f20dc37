import { SIGN_STATUS, splitCommaList } from '@theone/contracts';
import { maskIdcard } from '@theone/contracts/bus/send';
import type {
  TSendDeskQuery,
  TSendDetail,
  TSendListQuery,
  TSendOrderLine,
  TSendRow,
  TSignListQuery,
} from '@theone/contracts/bus/send.schemas';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { allOf, frozen } from '../../../platform/db/sql-helpers';
import { dateRange, descNullsLast, likeContains, limitOffset, orderOf, pageOf } from '../../../platform/http/paging';
import { listCacheKey, scopeCacheKey, shortCache } from '../../../platform/short-cache';
import { markCodeOf } from '../../bas/api/order-refs';
import { markPaysOnArrival, sendDriverNameOf, sendDriverPhoneOf, sendVehiclePlateOf } from '../../bas/api/send-refs';
import { recordLogFields } from '../bus.columns';
import { busSend, busSendLog } from './send.table';
import { findRun, orderReach, sendScope } from './send-record';

/**
 * The reads of delivery runs and signing: the run list (send/list) with the sums of the caller's lines, one run
 * (GET send/{id}), the dispatch desk over the overseas stock (send/desk: S6 and S7) and the sign list (sign/list:
 * S7 and S8 by tab). Scoped users see their customers' lines only; a driver every line of their runs.
 */

interface TCtx {
  db: DbOrTx;
  auth: AuthContext;
  timezone: string;
}

/** The lines (and their orders) the caller sees. */
const lineReach = (auth: AuthContext) => orderReach(auth);

/** Aggregates of a run's open lines the caller reaches (a LATERAL subquery, scoped callers). */
function aggregatesOf(reach: SQL) {
  return sql`LEFT JOIN LATERAL (
      SELECT count(*) FILTER (WHERE l.returned = '0')::int AS orders,
             coalesce(sum(l.pieces) FILTER (WHERE l.returned = '0'), 0)::int AS pieces,
             coalesce(sum(bus_order.arrived_weight) FILTER (WHERE l.returned = '0'), 0)::text AS weight,
             coalesce(sum(bus_order.arrived_volume) FILTER (WHERE l.returned = '0'), 0)::text AS volume,
             count(*) FILTER (WHERE l.returned = '0' AND bus_order.status = 8)::int AS signed,
             count(*) FILTER (WHERE l.returned = '0' AND bus_order.sign_status = 2)::int AS failed,
             count(*) FILTER (WHERE l.returned = '1')::int AS returned,
             coalesce(sum(l.send_fee_amount) FILTER (WHERE l.returned = '0'), 0)::numeric(16,2)::text AS "sendFeeAmount",
             coalesce(sum(l.send_part_amount) FILTER (WHERE l.returned = '0'), 0)::numeric(16,2)::text AS "sendPartAmount",
             coalesce(sum(l.send_other_amount) FILTER (WHERE l.returned = '0'), 0)::numeric(16,2)::text AS "sendOtherAmount"
        FROM bus_send_line l JOIN bus_order ON bus_order.id = l.order_id
       WHERE l.send_id = ${busSend.id} AND ${reach}) a ON true`;
}

function runFilters(ctx: TCtx, q: Partial<TSendListQuery>): SQL | undefined {
  const parts: (SQL | undefined)[] = [sendScope(ctx.auth)];
  if (q.sendNo) parts.push(sql`${busSend.sendNo} ILIKE ${likeContains(q.sendNo)}`);
  if (q.driverId) parts.push(eq(busSend.driverId, q.driverId));
  if (q.transDriver) parts.push(sql`${sendDriverNameOf(busSend.driverId)} ILIKE ${likeContains(q.transDriver)}`);
  if (q.plateNo) parts.push(sql`${sendVehiclePlateOf(busSend.vehicleId)} ILIKE ${likeContains(q.plateNo)}`);
  if (q.status) parts.push(sql`${busSend.status} = ANY(${sql.param(q.status.split(',').map(Number))}::smallint[])`);
  if (q.transportId || q.containerNo)
    parts.push(sql`EXISTS (SELECT 1 FROM bus_send_line l JOIN bus_order o ON o.id = l.order_id
      WHERE l.send_id = ${busSend.id} ${q.transportId ? sql`AND o.transport_id = ${q.transportId}` : sql``}
      ${q.containerNo ? sql`AND o.container_no = ${q.containerNo.toUpperCase()}` : sql``})`);
  parts.push(dateRange(busSend.sendTime, q as TSendListQuery, ctx.timezone));
  return allOf(parts);
}

const runColumns = sql`
  ${busSend.id} AS id, ${busSend.version} AS version, ${busSend.sendNo} AS "sendNo", ${busSend.status} AS status,
  ${busSend.sendTime} AS "sendTime", ${busSend.dispatchTime} AS "dispatchTime", ${busSend.driverId} AS "driverId",
  ${sendDriverNameOf(busSend.driverId)} AS "driverName", ${sendDriverPhoneOf(busSend.driverId)} AS "driverPhone",
  ${busSend.vehicleId} AS "vehicleId", ${sendVehiclePlateOf(busSend.vehicleId)} AS "plateNo",
  ${busSend.sendRemark} AS "sendRemark", ${busSend.createBy} AS "createBy", ${busSend.createTime} AS "createTime"`;
/** With the aggregates of the caller's lines (LATERAL `a`, scoped callers). */
const runSelect = frozen(sql`${runColumns},
  a.orders, a.pieces, a.weight, a.volume, a.signed, a.failed, a.returned,
  a."sendFeeAmount", a."sendPartAmount", a."sendOtherAmount"`);
/** With the run's stored totals (refreshRunTotals): callers who see every order. */
const runSelectStored = frozen(sql`${runColumns},
  ${busSend.totalOrders} AS orders, ${busSend.totalPieces} AS pieces, ${busSend.totalWeight}::text AS weight,
  ${busSend.totalVolume}::text AS volume, ${busSend.totalSigned} AS signed, ${busSend.totalFailed} AS failed,
  ${busSend.totalReturned} AS returned, ${busSend.totalFeeAmount}::text AS "sendFeeAmount",
  ${busSend.totalPartAmount}::text AS "sendPartAmount", ${busSend.totalOtherAmount}::text AS "sendOtherAmount"`);

/**
 * Run rows with the aggregates of their lines, for the runs `where` keeps in `order`, at most `limit` from `offset`:
 * the runs are chosen first (the inner query, named bus_send so the columns and the order apply to it) and only
 * their lines are summed (summing every run's lines before the top 20 cost 1.75 s on 6,049 runs). Callers who see
 * every order read the runs' stored totals instead (refreshRunTotals; the sums over 20 runs' 600 orders were the
 * list's main cost).
 */
const runRows = (auth: AuthContext, where: SQL | undefined, order: SQL[], limit: number, offset = 0) => {
  const orderBy = sql.join(order, sql`, `);
  const page = sql`FROM ${busSend} ${where ? sql`WHERE ${where}` : sql``} ORDER BY ${orderBy} ${limitOffset(limit, offset)}`;
  const reach = lineReach(auth);
  if (!reach) return sql`SELECT ${runSelectStored} ${page}`;
  return sql`SELECT ${runSelect} FROM (SELECT * ${page}) AS bus_send ${aggregatesOf(reach)} ORDER BY ${orderBy}`;
};

type TRunDbRow = Omit<TSendRow, 'sendTime' | 'createTime' | 'dispatchTime'> & {
  sendTime: string | Date;
  createTime: string | Date;
  dispatchTime: string | Date | null;
};
const asDate = (v: string | Date | null) => (v === null ? null : v instanceof Date ? v : new Date(v));
const runRow = (r: TRunDbRow): TSendRow => ({
  ...r,
  id: Number(r.id),
  driverId: Number(r.driverId),
  vehicleId: r.vehicleId === null ? null : Number(r.vehicleId),
  sendTime: asDate(r.sendTime)!,
  createTime: asDate(r.createTime)!,
  dispatchTime: asDate(r.dispatchTime),
});

const RUN_ORDER: Record<string, SQL> = {
  sendTime: sql`${busSend.sendTime}`,
  createTime: sql`${busSend.createTime}`,
  sendNo: sql`${busSend.sendNo}`,
};

/**
 * The lists' count and sums of the whole filtered set, kept a few seconds per list, caller scope and filters
 * (platform/short-cache.ts: dropped by every write request this instance answers, after its commit; another
 * instance's change shows within the interval); the rows are always read fresh. Summing every run's lines or every
 * open order's line costs 40-500 ms of PostgreSQL on the large seed: once per interval instead of once per request.
 */
export const SEND_SUMS_TTL_MS = 3_000;
const sendSums = shortCache({ ttlMs: SEND_SUMS_TTL_MS, max: 1_000, afterWrites: true });
const sumsKey = (name: string, auth: AuthContext, q: object) =>
  listCacheKey(name, scopeCacheKey(auth, orderReach(auth) === undefined), q);

type TRunSums = {
  total: number;
  orders: number;
  pieces: number;
  sendFeeAmount: string;
  sendPartAmount: string;
  sendOtherAmount: string;
};

/** send/list: runs in scope, newest send time first, with the sums of the whole filtered set. */
export async function listRuns(ctx: TCtx, q: TSendListQuery) {
  const where = runFilters(ctx, q);
  const { limit, offset } = pageOf(q);
  const order = orderOf(q, RUN_ORDER, [descNullsLast(busSend.sendTime), descNullsLast(busSend.id)]);
  const whereSql = where ? sql`WHERE ${where}` : sql``;
  const [page, sums] = await Promise.all([
    ctx.db.execute<TRunDbRow>(runRows(ctx.auth, where, order, limit, offset)),
    sendSums.get(sumsKey('send/list', ctx.auth, q), async () => {
      // the runs counted once, their open lines summed in one join (no per-run aggregate, no order unless scoped)
      const reach = lineReach(ctx.auth);
      const r = await ctx.db.execute<TRunSums>(sql`SELECT
        (SELECT count(*)::int FROM ${busSend} ${whereSql}) AS total, count(*)::int AS orders,
        coalesce(sum(l.pieces), 0)::int AS pieces,
        coalesce(sum(l.send_fee_amount), 0)::numeric(16,2)::text AS "sendFeeAmount",
        coalesce(sum(l.send_part_amount), 0)::numeric(16,2)::text AS "sendPartAmount",
        coalesce(sum(l.send_other_amount), 0)::numeric(16,2)::text AS "sendOtherAmount"
        FROM ${busSend} JOIN bus_send_line l ON l.send_id = ${busSend.id} AND l.returned = '0'
        ${reach ? sql`JOIN bus_order ON bus_order.id = l.order_id AND ${reach}` : sql``}
        ${whereSql}`);
      return r.rows[0]!;
    }),
  ]);
  const { total, ...s } = sums;
  return { rows: page.rows.map(runRow), total, sums: s };
}

/** Run rows by the list's filters, for the export (at most `max`). */
export async function exportRuns(ctx: TCtx, q: Partial<TSendListQuery> & { ids?: number[] }, max = 5000) {
  const where = allOf([
    runFilters(ctx, q),
    q.ids?.length ? sql`${busSend.id} = ANY(${sql.param(q.ids)}::bigint[])` : undefined,
  ]);
  const r = await ctx.db.execute<TRunDbRow>(
    runRows(ctx.auth, where, [descNullsLast(busSend.sendTime), descNullsLast(busSend.id)], max),
  );
  return r.rows.map(runRow);
}

// ---------------------------------------------------------------------------------------------------------
// Orders with their delivery line

/** The order-with-line columns; `l`/`s` are the line and its run (LEFT JOIN: an order in stock has none). */
const lineColumns = frozen(sql`
  o.id AS "orderId", o.version, o.transport_id AS "transportId", o.status, o.mark_id AS "markId",
  coalesce(${markCodeOf(sql`o.mark_id`)}, '') AS mark, o.consignee, o.consignee_tel AS "consigneeTel",
  o.consignee_addr AS "consigneeAddr", o.container_no AS "containerNo", o.arrived_piece AS "arrivedPiece",
  o.arrived_weight::text AS "arrivedWeight", o.arrived_volume::text AS "arrivedVolume", o.tray_no AS "trayNo",
  o.audit_status AS "auditStatus", o.delivery_status AS "deliveryStatus", o.sign_status AS "signStatus",
  o.if_exception AS "ifException", ${markPaysOnArrival(sql`o.mark_id`)} AS "arrivePay",
  CASE WHEN o.status IN (6, 7) THEN (SELECT floor(extract(epoch FROM now() - max(g.create_time)) / 86400)::int
    FROM bus_order_log g WHERE g.order_id = o.id AND g.action = 'confirmArrival') END AS "daysInStock",
  l.id AS "lineId", l.send_id AS "sendId", coalesce(s.send_no, '') AS "sendNo", s.status AS "sendStatus",
  s.send_time AS "sendTime", coalesce(${sendDriverNameOf(sql`s.driver_id`)}, '') AS "driverName",
  coalesce(${sendVehiclePlateOf(sql`s.vehicle_id`)}, '') AS "plateNo", l.pieces,
  l.send_fee_amount::text AS "sendFeeAmount", l.send_part_amount::text AS "sendPartAmount",
  l.send_other_amount::text AS "sendOtherAmount", o.sign_person AS "signPerson", o.sign_time AS "signTime",
  o.sign_piece AS "signPiece", coalesce(l.sign_tel, '') AS "signTel", coalesce(l.sign_idcard, '') AS "signIdcard",
  coalesce(l.sign_picture, '') AS "signPicture", coalesce(l.pod_picture, '') AS "podPicture",
  coalesce(l.sign_fail_reason, '') AS "signFailReason", coalesce(l.sign_fail_remark, '') AS "signFailRemark",
  coalesce(l.returned = '1', false) AS returned`);

type TLineDbRow = Omit<TSendOrderLine, 'sendTime' | 'signTime'> & {
  sendTime: string | Date | null;
  signTime: string | Date | null;
};
const lineRow = (r: TLineDbRow): TSendOrderLine => ({
  ...r,
  orderId: Number(r.orderId),
  markId: r.markId === null ? null : Number(r.markId),
  lineId: r.lineId === null ? null : Number(r.lineId),
  sendId: r.sendId === null ? null : Number(r.sendId),
  sendTime: asDate(r.sendTime),
  signTime: asDate(r.signTime),
  signIdcard: maskIdcard(r.signIdcard),
});

/** Filters of the desk and the sign list on `o` (order), `l` (open line) and `s` (run). */
function deskFilters(ctx: TCtx, q: Partial<TSendDeskQuery>): SQL[] {
  const parts: SQL[] = [];
  const reach = orderReach(ctx.auth);
  if (reach) parts.push(sql`o.id IN (SELECT bus_order.id FROM bus_order WHERE ${reach})`);
  if (q.transportId) {
    const list = splitCommaList(q.transportId).slice(0, 500);
    parts.push(sql`o.transport_id = ANY(${sql.param(list)}::text[])`);
  }
  if (q.mark) parts.push(sql`${markCodeOf(sql`o.mark_id`)} = ${q.mark.toUpperCase()}`);
  if (q.consignee) parts.push(sql`o.consignee ILIKE ${likeContains(q.consignee)}`);
  if (q.consigneeTel) parts.push(sql`o.consignee_tel ILIKE ${likeContains(q.consigneeTel)}`);
  if (q.area) parts.push(sql`o.consignee_addr ILIKE ${likeContains(q.area)}`);
  if (q.containerNo) parts.push(sql`o.container_no = ${q.containerNo.toUpperCase()}`);
  if (q.sendNo) parts.push(sql`s.send_no = ${q.sendNo}`);
  const digits = (v: string) => sql.param(v.split(',').map(Number));
  if (q.status) parts.push(sql`o.status = ANY(${digits(q.status)}::smallint[])`);
  if (q.deliveryStatus) parts.push(sql`o.delivery_status = ANY(${digits(q.deliveryStatus)}::smallint[])`);
  if (q.signStatus) parts.push(sql`o.sign_status = ANY(${digits(q.signStatus)}::smallint[])`);
  if (q.arrivePay === '1') parts.push(markPaysOnArrival(sql`o.mark_id`));
  if (q.arrivePay === '0') parts.push(sql`NOT ${markPaysOnArrival(sql`o.mark_id`)}`);
  if (q.driverId) parts.push(sql`s.driver_id = ${q.driverId}`);
  if (q.transDriver) parts.push(sql`${sendDriverNameOf(sql`s.driver_id`)} ILIKE ${likeContains(q.transDriver)}`);
  const range = (col: SQL, b?: string, e?: string) =>
    dateRange(col, { 'params[beginTime]': b, 'params[endTime]': e }, ctx.timezone);
  const sign = range(sql`o.sign_time`, q['params[beginSignTime]'], q['params[endSignTime]']);
  if (sign) parts.push(sign);
  const send = range(sql`s.send_time`, q['params[beginSendTime]'], q['params[endSendTime]']);
  if (send) parts.push(send);
  const any = range(sql`o.update_time`, q['params[beginTime]'], q['params[endTime]']);
  if (any) parts.push(any);
  return parts;
}

const LINE_ORDER: Record<string, SQL> = {
  transportId: sql`o.transport_id`,
  daysInStock: sql`"daysInStock"`,
  signTime: sql`o.sign_time`,
  sendTime: sql`s.send_time`,
};

const lineFrom = (join: string) =>
  sql.raw(`FROM bus_order o ${join} bus_send_line l ON l.order_id = o.id AND l.returned = '0'
    LEFT JOIN bus_send s ON s.id = l.send_id`);
const LINE_FROM = { LEFT: lineFrom('LEFT JOIN'), INNER: lineFrom('JOIN') };

async function orderLines(
  ctx: TCtx,
  name: string,
  base: SQL[],
  q: TSendDeskQuery | TSignListQuery,
  joinLine: 'LEFT' | 'INNER',
) {
  const from = LINE_FROM[joinLine];
  const where = sql`WHERE ${sql.join([...base, ...deskFilters(ctx, q)], sql` AND `)}`;
  const { limit, offset } = pageOf(q);
  const order = orderOf(q, LINE_ORDER, [sql`o.id DESC`]);
  const [page, sums] = await Promise.all([
    ctx.db.execute<TLineDbRow>(
      sql`SELECT ${lineColumns} ${from} ${where} ORDER BY ${sql.join(order, sql`, `)} ${limitOffset(limit, offset)}`,
    ),
    sendSums.get(sumsKey(name, ctx.auth, q), async () => {
      const r = await ctx.db.execute<{
        orders: number;
        pieces: number;
        weight: string;
        volume: string;
        sendPartAmount: string;
      }>(sql`SELECT count(*)::int AS orders, coalesce(sum(coalesce(l.pieces, o.arrived_piece)), 0)::int AS pieces,
        coalesce(sum(o.arrived_weight), 0)::text AS weight, coalesce(sum(o.arrived_volume), 0)::text AS volume,
        coalesce(sum(l.send_part_amount), 0)::numeric(16,2)::text AS "sendPartAmount" ${from} ${where}`);
      return r.rows[0]!;
    }),
  ]);
  const s = sums;
  return { rows: page.rows.map(lineRow), total: s.orders, sums: s };
}

/** send/desk: the overseas stock (S6) and the orders out for delivery (S7), default both. */
export async function deskList(ctx: TCtx, q: TSendDeskQuery) {
  return orderLines(ctx, 'send/desk', [sql`o.status IN (6, 7)`], q, 'LEFT');
}

/** The failed sign status as statement text (no parameter: see limitOffset). */
const FAILED = sql.raw(String(Number(SIGN_STATUS.FAILED)));
const TAB_FILTER: Record<TSignListQuery['tab'], SQL> = {
  unsigned: sql`o.status = 7 AND o.sign_status <> ${FAILED}`,
  failed: sql`o.status = 7 AND o.sign_status = ${FAILED}`,
  signed: sql`o.status = 8`,
  all: sql`o.status IN (7, 8)`,
};

/** sign/list: orders S7/S8 with their open delivery line, by tab. */
export async function signList(ctx: TCtx, q: TSignListQuery) {
  return orderLines(ctx, 'sign/list', [TAB_FILTER[q.tab]], q, 'INNER');
}

/** GET send/{id}: the run, its lines (returned ones too) and its log. */
export async function runDetail(ctx: TCtx, id: number): Promise<TSendDetail> {
  await findRun(ctx.db, ctx.auth, id);
  const reach = lineReach(ctx.auth);
  const [run, lines, log] = await Promise.all([
    ctx.db.execute<TRunDbRow>(runRows(ctx.auth, sql`${busSend.id} = ${id}`, [asc(busSend.id)], 1)),
    ctx.db.execute<TLineDbRow>(sql`SELECT ${lineColumns} FROM bus_send_line l JOIN bus_order o ON o.id = l.order_id
      JOIN bus_send s ON s.id = l.send_id WHERE l.send_id = ${id}
      ${reach ? sql`AND o.id IN (SELECT bus_order.id FROM bus_order WHERE ${reach})` : sql``}
      ORDER BY l.returned, l.seq, l.id`),
    ctx.db
      .select(recordLogFields(busSendLog))
      .from(busSendLog)
      .where(eq(busSendLog.sendId, id))
      .orderBy(asc(busSendLog.id)),
  ]);
  return { run: runRow(run.rows[0]!), lines: lines.rows.map(lineRow), log };
}

/** The lines of runs for the run sheet (open and returned, stop order), every line of the run (scope checked by the caller). */
export async function runSheetLines(db: DbOrTx, auth: AuthContext, ids: readonly number[]) {
  const reach = lineReach(auth);
  const r =
    await db.execute<TLineDbRow>(sql`SELECT ${lineColumns} FROM bus_send_line l JOIN bus_order o ON o.id = l.order_id
    JOIN bus_send s ON s.id = l.send_id WHERE l.send_id = ANY(${sql.param([...ids])}::bigint[]) AND l.returned = '0'
    ${reach ? sql`AND o.id IN (SELECT bus_order.id FROM bus_order WHERE ${reach})` : sql``}
    ORDER BY l.send_id, l.seq, l.id`);
  return r.rows.map(lineRow);
}

/** Orders with their open line by id, in reach, for delivery notes (missing ids: the caller's 404). */
export async function orderLinesById(db: DbOrTx, auth: AuthContext, ids: readonly number[]) {
  const reach = lineReach(auth);
  const r = await db.execute<TLineDbRow>(sql`SELECT ${lineColumns} FROM bus_order o
    LEFT JOIN bus_send_line l ON l.order_id = o.id AND l.returned = '0' LEFT JOIN bus_send s ON s.id = l.send_id
    WHERE o.id = ANY(${sql.param([...ids])}::bigint[])
    ${reach ? sql`AND o.id IN (SELECT bus_order.id FROM bus_order WHERE ${reach})` : sql``} ORDER BY o.id`);
  return r.rows.map(lineRow);
}

/** Sign-list rows for the export (the list's filters or ids, at most `max`). */
export async function exportSignLines(
  ctx: TCtx,
  q: Partial<TSignListQuery> & { ids?: number[]; tab: TSignListQuery['tab'] },
  max = 5000,
) {
  const base = [TAB_FILTER[q.tab]];
  if (q.ids?.length) base.push(sql`o.id = ANY(${sql.param(q.ids)}::bigint[])`);
  const where = sql.join([...base, ...deskFilters(ctx, q)], sql` AND `);
  const r = await ctx.db.execute<TLineDbRow>(sql`SELECT ${lineColumns} FROM bus_order o
    JOIN bus_send_line l ON l.order_id = o.id AND l.returned = '0' LEFT JOIN bus_send s ON s.id = l.send_id
    WHERE ${where} ORDER BY o.id DESC LIMIT ${max}`);
  return r.rows.map(lineRow);
}

/** An order's delivery lines in every run it was put into, newest first (order details, 'Delivery and sign'). */
export async function orderDeliveryLines(db: DbOrTx, auth: AuthContext, orderId: number) {
  const reach = lineReach(auth);
  const r =
    await db.execute<TLineDbRow>(sql`SELECT ${lineColumns} FROM bus_send_line l JOIN bus_order o ON o.id = l.order_id
    JOIN bus_send s ON s.id = l.send_id WHERE o.id = ${orderId}
    ${reach ? sql`AND o.id IN (SELECT bus_order.id FROM bus_order WHERE ${reach})` : sql``} ORDER BY l.id DESC`);
  return r.rows.map(lineRow);
}
