import {
  fillOf,
  LOAD_STATUS,
  money,
  NO_NEWS_HOURS,
  type TLoadListQuery,
  type TLoadRow,
  type TTrackListQuery,
  type TTrackRow,
  toMoneyString,
} from '@theone/contracts';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { seesAllData } from '../../../platform/auth/data-scope';
import type { DbOrTx } from '../../../platform/db/database';
import { allOf, frozen, selectList } from '../../../platform/db/sql-helpers';
import {
  dateRange,
  descNullsLast as desc,
  INLINE_OFFSET_MAX,
  isAscending,
  limitOffset,
  orderOf,
  pageOf,
} from '../../../platform/http/paging';
import { listCacheKey, scopeCacheKey } from '../../../platform/short-cache';
import { ofMarksInScope } from '../../bas/api/order-lookups';
import {
  arrayParam,
  codeList,
  codesArray,
  codesIn,
  containing,
  equalTo,
  namedDateRanges,
  searchNumbers,
} from '../bus-list';
import type { TOrderCtx } from '../inware/inware.context';
import { busOrder } from '../inware/inware.table';
import { orderScope } from '../inware/order-common';
import { markIdsByCode, pick, refNames } from '../inware/order-names';
import { busLoad, busTrack } from './load.table';
import { latestTrack, loadListSums, loadScope, partyScope, partySums, type TScopeForm } from './load-record';

/**
 * The load lists (screens loadplanList, loadList, track-list) and load rows by id; a load's own page is
 * load-detail.read.ts. Every read is scoped twice: the records through `loadScope` (a sales person sees a load
 * holding at least one of their customers' orders), and the sums of each record through the order scope (only their
 * own customers' orders count).
 *
 * A list is two statements side by side: the page (fresh: its loads in the list's order, and per row its sums and,
 * on track-list, the latest milestone and its message count, in LATERAL subqueries), and the filtered set's count and
 * sums (cached briefly, `loadListSums`).
 */

export type TLoadView = 'loadplan' | 'load' | 'track';

export interface TLoadListSums {
  orders: number;
  pieces: number;
  weight: string;
  volume: string;
  containerFee: string;
  orderArAmount: string;
}

export interface TLoadListResult {
  rows: (TLoadRow | TTrackRow)[];
  total: number;
  sums: TLoadListSums;
}

const o = alias(busOrder, 'o');
/** `FROM bus_order o` (an alias renders as its name alone in a sql template). */
const O = sql.raw('bus_order o');
const {
  updateBy: _ub,
  updateTime: _ut,
  totalOrders: _to,
  totalPieces: _tp,
  totalWeight: _tw,
  totalVolume: _tv,
  totalAr: _ta,
  markIds: _mi,
  partyUsers: _pu,
  partyDepts: _pd,
  totalPlanned: _tpl,
  totalLoaded: _tl,
  totalArrived: _tar,
  totalSigned: _ts,
  loadedPieces: _lp,
  ...loadColumns
} = getTableColumns(busLoad);
const LOAD_LIST = selectList(loadColumns);
const trackTimeOf = (v: unknown) => (typeof v === 'string' ? busTrack.trackTime.mapFromDriverValue(v) : v);

/** L3 with no milestone (or departure) for NO_NEWS_HOURS (a constant in the text: see codesIn). */
const noNewsOf = (status: SQL, latest: SQL, leftTime: SQL) =>
  sql`(${status} = ${sql.raw(String(LOAD_STATUS.DEPARTED))} AND coalesce(${latest}, ${leftTime}) < now() - make_interval(hours => ${sql.raw(String(Math.trunc(NO_NEWS_HOURS)))}))`;
const noNewsSql = noNewsOf(sql`${busLoad.status}`, latestTrack('track_time'), sql`${busLoad.leftTime}`);
/** The same flag of a page row, from its latest milestone (the lateral `lt`, whose time is the loads' latest). */
const pageNoNews = noNewsOf(sql.raw('p.status'), sql.raw('lt."trackTime"'), sql.raw('p."leftTime"'));

/** The base statuses of a view (the `status` filter narrows them). */
function viewStatuses(view: TLoadView, q: TLoadListQuery | TTrackListQuery): number[] {
  if (view === 'loadplan') return q.status === undefined ? [0, 1] : [0, 1, 2];
  if (view === 'load') return [1, 2, 3, 4, 5];
  const tab = 'tab' in q ? q.tab : 'transit';
  if (tab === 'waiting') return [2];
  if (tab === 'arrived') return [4, 5];
  if (tab === 'all') return [2, 3, 4, 5];
  return [3];
}

/** The WHERE on bus_load of a list (scope included). */
export async function loadListWhere(
  db: DbOrTx,
  auth: AuthContext,
  view: TLoadView,
  q: TLoadListQuery | TTrackListQuery,
  timezone: string,
): Promise<SQL> {
  return whereOf(inScope(auth, await loadListFilter(db, auth, view, q, timezone), 'set'));
}

/** A list's filter: its statuses, and the rest of its WHERE. */
interface TLoadFilter {
  statuses: number[];
  rest: SQL;
}
const whereOf = (f: TLoadFilter): SQL => allOf([codesIn(busLoad.status, f.statuses), f.rest]) as SQL;

/** The filter within the caller's loads (loadScope written in `form`). */
const inScope = (auth: AuthContext, f: TLoadFilter, form: TScopeForm): TLoadFilter => {
  const scope = loadScope(auth, busLoad, form);
  return scope ? { statuses: f.statuses, rest: allOf([scope, f.rest]) as SQL } : f;
};

/** The list's filters (without the caller's scope: see inScope). */
async function loadListFilter(
  db: DbOrTx,
  auth: AuthContext,
  view: TLoadView,
  q: TLoadListQuery | TTrackListQuery,
  timezone: string,
): Promise<TLoadFilter> {
  const base = viewStatuses(view, q);
  const asked = codeList(q.status);
  const statuses = asked ? base.filter((s) => asked.includes(s)) : base;
  const parts: (SQL | undefined)[] = [];
  const loadNos = searchNumbers(q.loadNo, 'loadNo');
  if (loadNos) parts.push(sql`${busLoad.loadNo} = ANY(${arrayParam(loadNos, 'text[]')})`);
  const containers = searchNumbers(q.containerNo, 'containerNo');
  if (containers) parts.push(sql`${busLoad.containerNo} = ANY(${arrayParam(containers, 'text[]')})`);
  const transportIds = searchNumbers(q.transportId, 'transportId');
  if (transportIds)
    parts.push(
      sql`${busLoad.id} IN (SELECT ${o.loadId} FROM ${O} WHERE ${o.transportId} = ANY(${arrayParam(transportIds, 'text[]')}) AND ${o.loadId} IS NOT NULL${scopeAnd(auth)})`,
    );
  const marks = searchNumbers(q.mark, 'mark');
  if (marks) {
    const ids = await markIdsByCode(db, marks);
    parts.push(
      sql`${busLoad.id} IN (SELECT ${o.loadId} FROM ${O} WHERE ${ofMarksInScope(auth, o.markId, ids)} AND ${o.loadId} IS NOT NULL)`,
    );
  }
  parts.push(
    ...containing(q, busLoad, ['sealNo', 'truckNo', 'loadPerson', 'vesselName', 'voyageNo', 'customsCorp']),
    ...equalTo(q, busLoad, ['busType', 'leftAddrId', 'destAddrId', 'containerType']),
    dateRange(busLoad.loadTime, q, timezone),
    ...namedDateRanges(q, busLoad, ['loadTime', 'etdDate', 'etaDate', 'leftTime'], timezone),
  );
  if ('trackStatus' in q && q.trackStatus) parts.push(sql`${latestTrack('track_status')} = ${q.trackStatus}`);
  if ('noNews' in q && q.noNews === '1') parts.push(noNewsSql);
  if ('noNews' in q && q.noNews === '0') parts.push(sql`NOT ${noNewsSql}`);
  return { statuses, rest: allOf(parts) ?? sql`true` };
}

/** ` AND <order scope on o>` or nothing. */
function scopeAnd(auth: AuthContext): SQL {
  const scope = orderScope(auth, o as unknown as typeof busOrder);
  return scope ? sql` AND ${scope}` : sql``;
}

/** The load lists' sortable columns (LOAD_LIST_ORDER_BY), for the page and its export. */
export const LOAD_SORT_COLUMNS = {
  loadTime: busLoad.loadTime,
  etdDate: busLoad.etdDate,
  etaDate: busLoad.etaDate,
  leftTime: busLoad.leftTime,
  createTime: busLoad.createTime,
  loadNo: busLoad.loadNo,
};

/**
 * Whether a page is taken per status (pageOfFilter): the plan list in its default order (none asked, or the planned
 * loading time newest first, the screen's default sort). Plans (L0, L1) are a small share of the loads, read in order
 * from (status, load_time, id) per status. The container lists' several statuses cover most loads, which the walk of
 * (load_time, id) reads directly (per status measured slower there), and track-list's default tab is one status.
 */
function perStatusPage(view: TLoadView, q: Pick<TLoadListQuery, 'orderByColumn' | 'isAsc'>): boolean {
  if (view !== 'loadplan') return false;
  if (!q.orderByColumn) return true;
  return !isAscending(q) && q.orderByColumn === 'loadTime';
}

/** The ORDER BY of each view and asked sort, rendered once (a list page renders its statement on every request). */
const loadOrders = new Map<string, SQL>();

function loadOrder(view: TLoadView, q: Pick<TLoadListQuery, 'orderByColumn' | 'isAsc'>): SQL {
  const column = q.orderByColumn && Object.hasOwn(LOAD_SORT_COLUMNS, q.orderByColumn) ? q.orderByColumn : '';
  const key = `${view}|${column}|${column && isAscending(q) ? 'asc' : ''}`;
  let order = loadOrders.get(key);
  if (!order) {
    const fallback =
      view === 'track'
        ? [desc(busLoad.leftTime), desc(busLoad.loadTime), desc(busLoad.id)]
        : [desc(busLoad.loadTime), desc(busLoad.id)];
    order = frozen(sql.join(orderOf(q, LOAD_SORT_COLUMNS, fallback), sql`, `), 'order');
    loadOrders.set(key, order);
  }
  return order;
}

/** rowSumsLateral's fixed parts; PARTY_SUMS stops at its WHERE, which the caller's party scope completes. */
const STORED_SUMS = frozen(sql`LEFT JOIN LATERAL (SELECT p."__tOrders" AS "orderCount", p."__tLoaded" AS "loadedCount",
      p."__tMarks" AS "markCount", p."__tPieces" AS "pieces",
      p."__tWeight"::numeric(16,2)::text AS "weight", p."__tVolume"::numeric(16,3)::text AS "volume",
      p."__tAr"::numeric(16,2)::text AS "orderArAmount") a ON true`);
const PARTY_SUMS = frozen(sql`LEFT JOIN LATERAL (SELECT coalesce(sum(lp.orders), 0)::int AS "orderCount",
      coalesce(sum(lp.loaded), 0)::int AS "loadedCount", coalesce(sum(lp.marks), 0)::int AS "markCount",
      coalesce(sum(lp.pieces), 0)::int AS "pieces", coalesce(sum(lp.weight), 0)::numeric(16,2)::text AS "weight",
      coalesce(sum(lp.volume), 0)::numeric(16,3)::text AS "volume",
      coalesce(sum(lp.ar), 0)::numeric(16,2)::text AS "orderArAmount"
    FROM bus_load_party lp WHERE lp.load_id = p.id AND `);

/**
 * Per page row: the sums of the orders the caller may see: the load's stored totals for a user who sees every order
 * (refreshLoadTotals), else their party rows of the load (or their orders of it through the load_id index). The
 * fixed parts are rendered once.
 */
function rowSumsLateral(auth: AuthContext): SQL {
  if (seesAllData(auth)) return STORED_SUMS;
  if (partySums(auth)) return sql`${PARTY_SUMS}${partyScope(auth, 'lp')}) a ON true`;
  return sql`LEFT JOIN LATERAL (SELECT count(*)::int AS "orderCount",
      count(*) FILTER (WHERE ${o.status} >= 4)::int AS "loadedCount",
      count(DISTINCT ${o.markId})::int AS "markCount",
      coalesce(sum(${o.arrivedPiece}), 0)::int AS "pieces",
      coalesce(sum(${o.arrivedWeight}), 0)::numeric(16,2)::text AS "weight",
      coalesce(sum(${o.arrivedVolume}), 0)::numeric(16,3)::text AS "volume",
      coalesce(sum(${o.feeArAmount}), 0)::numeric(16,2)::text AS "orderArAmount"
    FROM ${O} WHERE ${o.loadId} = p.id${scopeAnd(auth)}) a ON true`;
}

const trackLateral = frozen(sql`LEFT JOIN LATERAL (SELECT t.track_status AS "trackStatus", t.track_time AS "trackTime",
      t.track_remark AS "trackRemark", t.create_by AS "trackBy"
    FROM bus_track t WHERE t.load_id = p.id ORDER BY t.track_time DESC NULLS LAST, t.id DESC NULLS LAST LIMIT 1) lt ON true
  LEFT JOIN LATERAL (SELECT count(*)::int AS "messageCount" FROM bus_track_message m JOIN bus_track t ON t.id = m.track_id
    WHERE t.load_id = p.id) mc ON true`);

interface TRawRow extends Record<string, unknown> {
  id: number | null;
  __rn: number;
  __total: number;
  __fee: string;
  __orders: number;
  __pieces: number;
  __weight: string;
  __volume: string;
  __ar: string;
}

/** The sums' key: the view, the caller's scope and every filter. */
const sumsKey = (view: TLoadView, auth: AuthContext, q: TLoadListQuery | TTrackListQuery) =>
  listCacheKey(view, scopeCacheKey(auth, seesAllData(auth)), q);

/**
 * s: the filtered records' count, container fees and (for a user who sees every order) the sums of their stored
 * totals, one pass over bus_load (index-only); os (scoped users): the sums of the caller's party rows of those
 * records (or of their orders when party rows would count an order twice, see partySums).
 */
async function querySums(ctx: TOrderCtx, where: SQL): Promise<{ total: number; sums: TLoadListSums }> {
  const { db, auth } = ctx;
  const scoped = !seesAllData(auth);
  const storedSums = sql`, coalesce(sum(${busLoad.totalOrders}), 0)::int AS "__orders",
      coalesce(sum(${busLoad.totalPieces}), 0)::int AS "__pieces",
      coalesce(sum(${busLoad.totalWeight}), 0)::numeric(16,2)::text AS "__weight",
      coalesce(sum(${busLoad.totalVolume}), 0)::numeric(16,3)::text AS "__volume",
      coalesce(sum(${busLoad.totalAr}), 0)::numeric(16,2)::text AS "__ar"`;
  const orderSums = partySums(auth)
    ? sql`SELECT coalesce(sum(lp.orders), 0)::int AS "__orders", coalesce(sum(lp.pieces), 0)::int AS "__pieces",
                 coalesce(sum(lp.weight), 0)::numeric(16,2)::text AS "__weight",
                 coalesce(sum(lp.volume), 0)::numeric(16,3)::text AS "__volume",
                 coalesce(sum(lp.ar), 0)::numeric(16,2)::text AS "__ar"
            FROM bus_load_party lp
           WHERE lp.load_id IN (SELECT ${busLoad.id} FROM ${busLoad} WHERE ${where}) AND ${partyScope(auth, 'lp')}`
    : sql`SELECT count(*)::int AS "__orders", coalesce(sum(${o.arrivedPiece}), 0)::int AS "__pieces",
                 coalesce(sum(${o.arrivedWeight}), 0)::numeric(16,2)::text AS "__weight",
                 coalesce(sum(${o.arrivedVolume}), 0)::numeric(16,3)::text AS "__volume",
                 coalesce(sum(${o.feeArAmount}), 0)::numeric(16,2)::text AS "__ar"
            FROM ${O} WHERE ${o.loadId} IN (SELECT ${busLoad.id} FROM ${busLoad} WHERE ${where})${scopeAnd(auth)}`;
  const result = await db.execute(sql`
    WITH s AS (SELECT count(*)::int AS "__total", coalesce(sum(${busLoad.containerFee}), 0)::numeric(16,2)::text AS "__fee"
                      ${scoped ? sql`` : storedSums}
                 FROM ${busLoad} WHERE ${where})${scoped ? sql`, os AS (${orderSums})` : sql``}
    SELECT s.*${scoped ? sql`, os.*` : sql``} FROM s${scoped ? sql` CROSS JOIN os` : sql``}`);
  const first = result.rows[0] as Partial<TRawRow> | undefined;
  return {
    total: first?.__total ?? 0,
    sums: {
      orders: first?.__orders ?? 0,
      pieces: first?.__pieces ?? 0,
      weight: first?.__weight ?? '0.00',
      volume: first?.__volume ?? '0.000',
      containerFee: first?.__fee ?? '0.00',
      orderArAmount: first?.__ar ?? '0.00',
    },
  };
}

/**
 * The page: its loads from `source` (pageOfWhere, pageOfFilter: taken in the list's order from bus_load, an index on
 * the sort key reading only the page), re-numbered over its own rows (the source is named bus_load so the same ORDER
 * BY applies), with the caller's sums per row and, for tracking, the latest milestone.
 */
async function queryPage(ctx: TOrderCtx, source: SQL, order: SQL, track: boolean): Promise<TRawRow[]> {
  const result = await ctx.db.execute(sql`
    ${track ? PAGE_HEAD.track : PAGE_HEAD.list}${order})::int AS "__rn"
              FROM ${source} AS bus_load) p
      ${rowSumsLateral(ctx.auth)}
      ${track ? trackLateral : sql``}
     ORDER BY p."__rn"`);
  return result.rows as TRawRow[];
}

/** The page statement up to its order: the columns, the carried totals and, for tracking, the milestone's. */
const pageHead = (track: boolean) => {
  const extra = track
    ? sql`, CASE WHEN ${busLoad.leftTime} IS NULL THEN NULL ELSE floor(extract(epoch FROM now() - ${busLoad.leftTime}) / 86400)::int END AS "daysInTransit"`
    : sql``;
  return frozen(sql`SELECT p.*, a.*${track ? sql`, lt.*, mc.*, ${pageNoNews} AS "noNews"` : sql``}
      FROM (SELECT ${sql.raw(LOAD_LIST.text)}${extra}, bus_load.total_orders AS "__tOrders",
                   bus_load.total_loaded AS "__tLoaded", cardinality(bus_load.mark_ids) AS "__tMarks",
                   bus_load.total_pieces AS "__tPieces", bus_load.total_weight AS "__tWeight",
                   bus_load.total_volume AS "__tVolume", bus_load.total_ar AS "__tAr", row_number() OVER (ORDER BY `);
};
const PAGE_HEAD = { list: pageHead(false), track: pageHead(true) };

/** The rows of a page: `(SELECT * FROM bus_load WHERE … ORDER BY … LIMIT … OFFSET …)`. */
const pageOfWhere = (where: SQL, order: SQL, page: { limit: number; offset: number }) =>
  sql`(SELECT * FROM ${busLoad} WHERE ${where} ORDER BY ${order} ${limitOffset(page.limit, page.offset)})`;

/**
 * The rows of a list page in the list's default order. Over several statuses the page is taken per status, each read
 * in that order from the index (status, order…) and stopped at the page, then merged (`status = ANY(…)` reads every
 * load of those statuses and sorts them all: the 210 plans of the plan list's first page on the large seed, 0.34 ms
 * against 0.22 ms per status). The first pages only (their limits are constants of the text, as limitOffset's).
 */
function pageOfFilter(filter: TLoadFilter, order: SQL, page: { limit: number; offset: number }, perStatus: boolean) {
  const { statuses, rest } = filter;
  if (!perStatus || statuses.length < 2 || page.offset > INLINE_OFFSET_MAX)
    return pageOfWhere(whereOf(filter), order, page);
  const each = limitOffset(page.offset + page.limit);
  return sql`(SELECT bus_load.* FROM unnest(${codesArray(statuses)}) AS s(status)
    CROSS JOIN LATERAL (SELECT * FROM ${busLoad} WHERE ${busLoad.status} = s.status AND (${rest}) ORDER BY ${order} ${each}) AS bus_load
    ORDER BY ${order} ${limitOffset(page.limit, page.offset)})`;
}

/** The page (fresh) and the sums of the whole set (cached briefly), side by side. */
async function queryLoads(
  ctx: TOrderCtx,
  /** the WHERE of the whole set, built only when its sums are not cached */
  where: () => SQL,
  source: SQL,
  track: boolean,
  order: SQL,
  key: string,
): Promise<TLoadListResult> {
  const [all, { total, sums }] = await Promise.all([
    queryPage(ctx, source, order, track),
    loadListSums.get(key, () => querySums(ctx, where())),
  ]);
  const rows = await presentLoads(ctx, all.length ? LOAD_LIST.rows(all) : [], track);
  return { rows, total, sums };
}

/**
 * The fill gauge of a row, remembered per container type and sums (two exact divisions cost more than the rest of
 * the row's mapping, and the same loads come back page after page); at most FILLS_MAX entries.
 */
const fills = new Map<string, ReturnType<typeof fillOf>>();
const FILLS_MAX = 10_000;
function fillOfRow(containerType: string, volume: string, weight: string) {
  const key = `${containerType}|${volume}|${weight}`;
  let fill = fills.get(key);
  if (!fill) {
    fill = fillOf(containerType, volume, weight);
    if (fills.size >= FILLS_MAX) fills.clear();
    fills.set(key, fill);
  }
  return fill;
}

/**
 * Names, fill gauge and margin of raw rows, the carried totals blanked (an undefined value is not serialised). This
 * runs for every row of every list page, so the driver's fresh row is completed in place by plain stores: a copy of
 * its 45 keys cost more than the rest of the mapping, and `Object.assign` onto the driver's rows (dictionary objects)
 * took 4.5 % of the track list's server CPU, five times the stores.
 */
async function presentLoads(ctx: TOrderCtx, raw: TRawRow[], track: boolean): Promise<(TLoadRow | TTrackRow)[]> {
  if (!raw.length) return [];
  const refs = await refNames(ctx.db);
  return raw.map((r) => {
    const row = r as unknown as Record<string, unknown> &
      TLoadRow & { containerFee: string | null; orderArAmount: string };
    const fill = fillOfRow(row.containerType, row.volume, row.weight);
    row.__tOrders = undefined;
    row.__tLoaded = undefined;
    row.__tMarks = undefined;
    row.__tPieces = undefined;
    row.__tWeight = undefined;
    row.__tVolume = undefined;
    row.__tAr = undefined;
    row.__rn = undefined;
    row.leftAddrName = row.leftAddrId !== null ? pick(ctx.lang, refs.geog.get(row.leftAddrId)) : '';
    row.destAddrName = row.destAddrId !== null ? pick(ctx.lang, refs.geog.get(row.destAddrId)) : '';
    row.loadHouseName = row.loadHouseId !== null ? pick(ctx.lang, refs.house.get(row.loadHouseId)) : '';
    row.volumePercent = fill.volumePercent;
    row.weightPercent = fill.weightPercent;
    // a fee field: not worked out for a user who may not see it (withoutFees blanks it)
    row.estimatedMargin =
      !ctx.auth.feeRole || row.containerFee === null
        ? null
        : toMoneyString(money(row.orderArAmount).minus(row.containerFee));
    if (!track) return row as TLoadRow;
    // the milestone's columns come from the LEFT JOINs (null without one); its time is mapped as Drizzle would
    row.trackTime = trackTimeOf(row.trackTime) ?? null;
    row.noNews = row.noNews === true;
    return row as unknown as TTrackRow;
  });
}

/** loadplan/list, load/list, track/list: the page of the view, its total and the sums of the whole set. */
export async function listLoads(
  ctx: TOrderCtx,
  view: TLoadView,
  q: TLoadListQuery | TTrackListQuery,
): Promise<TLoadListResult> {
  const filter = await loadListFilter(ctx.db, ctx.auth, view, q, ctx.timezone);
  const order = loadOrder(view, q);
  const source = pageOfFilter(inScope(ctx.auth, filter, 'probe'), order, pageOf(q), perStatusPage(view, q));
  const where = () => whereOf(inScope(ctx.auth, filter, 'set'));
  return queryLoads(ctx, where, source, view === 'track', order, sumsKey(view, ctx.auth, q));
}

/** The load rows of these ids in the caller's scope (missing ids left out), in the order asked. */
export async function loadRowsByIds(ctx: TOrderCtx, ids: readonly number[]): Promise<TLoadRow[]> {
  return rowsByIds(ctx, ids, false);
}

/** Like loadRowsByIds with the track-list columns (latest milestone, days in transit, no news, messages). */
export async function trackRowsByIds(ctx: TOrderCtx, ids: readonly number[]): Promise<TTrackRow[]> {
  return (await rowsByIds(ctx, ids, true)) as TTrackRow[];
}

async function rowsByIds(ctx: TOrderCtx, ids: readonly number[], track: boolean): Promise<TLoadRow[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const where = allOf([sql`${busLoad.id} = ANY(${arrayParam(unique, 'bigint[]')})`, loadScope(ctx.auth)]) ?? sql`true`;
  const byIdOrder = sql`${busLoad.id}`;
  const raw = await queryPage(
    ctx,
    pageOfWhere(where, byIdOrder, { limit: unique.length, offset: 0 }),
    byIdOrder,
    track,
  );
  const rows = await presentLoads(ctx, LOAD_LIST.rows(raw), track);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id)).filter((r): r is TLoadRow => r !== undefined);
}
