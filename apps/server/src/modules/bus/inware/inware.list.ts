import {
  hasSearchCondition,
  missingOrderData,
  ORDER_LIST_VIEW_FIELDS,
  sum,
  type TInwareListQuery,
  type TLanguage,
  type TOrderListViewField,
  type TOrderView,
  toMoneyString,
  toVolumeString,
  toWeightString,
  VIEWS_NEEDING_CONDITION,
} from '@theone/contracts';
import { asc, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { allOf, selectList } from '../../../platform/db/sql-helpers';
import { badRequest } from '../../../platform/errors';
import { dateRange, descNullsLast as desc, limitOffset, orderOf, pageOf } from '../../../platform/http/paging';
import { allMarkNames, ofMarksInScope } from '../../bas/api/order-lookups';
import { arrayParam, codeList, containing, equalTo, namedDateRanges, searchNumbers } from '../bus-list';
import { busOrder } from './inware.table';
import { orderQuantityColumns, orderScope, type TOrderRow } from './order-common';
import { cachedMarks, markIdsByCode, pick, refNames } from './order-names';

/**
 * `inware/list` and its views (screens unOrder, inOrder, noMarkOrder, arrivedAddOrder, orderList, orderListEdit,
 * deliveryfree): each view fixes its base filter here, so a user holding one screen's key reads only that
 * screen's orders; the data scope is always added. Multi-number boxes are exact matches on each number (express
 * and receipt numbers through the GIN indexes on the generated arrays). Counts and totals (`sums`) cover the
 * whole filtered set.
 */

const { expressNos: _e, receivingNos: _r, ...orderColumns } = getTableColumns(busOrder);

/** The order columns of the details (the generated search arrays left out). */
export const listColumns = orderColumns;

type TOrderColumns = Omit<TOrderRow, 'expressNos' | 'receivingNos'>;

/**
 * Columns only the details need (pricing inputs, later modules' links, audit fields): list pages leave them out,
 * so a page of 20 orders is about a third lighter to read, serialise and send.
 */
const {
  volumeManual: _vm,
  declaredValue: _dv,
  insuranceId: _ii,
  woodenFrame: _wf,
  loadId: _li,
  arriveId: _ai,
  sendId: _si,
  billId: _bi,
  signPerson: _sp,
  billStatus: _bs,
  exceptionDesc: _ed,
  exceptionStatus: _es,
  exceptionHandler: _eh,
  exceptionHandleTime: _et,
  handleRemark: _hr,
  exceptionRaiseBy: _erb,
  exceptionRaiseTime: _ert,
  calPriceType: _cp,
  minAmount: _ma,
  volumePrice: _vp,
  weightPrice: _wp,
  volumePriceAgent: _vpa,
  weightPriceAgent: _wpa,
  volWgtRate: _vr,
  wgtVolRate: _wr,
  feeAgentAp: _fa,
  agentArAmount: _aa,
  currencyRate: _cr,
  updateBy: _ub,
  updateTime: _ut,
  remark: _rm,
  ...listRowColumns
} = orderColumns;

/** What `presentRows` reads. */
type TPresentable = Pick<
  TOrderColumns,
  | 'status'
  | 'leftAddrId'
  | 'destAddrId'
  | 'arrivedHouseId'
  | 'consignee'
  | 'consigneeTel'
  | 'consigneeAddr'
  | 'cargoName'
  | 'busType'
  | 'priceId'
  | 'freightManual'
> & { mark?: string | null; markName?: string | null; isPrintPrice?: string | null; topMark?: string | null };

/**
 * List and detail rows (from `selectOrders`): names of origin, destination and warehouse in the caller's
 * language, and the incomplete data of received orders.
 */
export async function presentRows<T extends TPresentable>(
  db: DbOrTx,
  rows: readonly T[],
  lang: TLanguage,
  options: { missing?: boolean } = {},
) {
  if (!rows.length) return [];
  const refs = await refNames(db);
  // the rows are fresh objects from the driver: completed in place (an export of 100,000 rows allocates less)
  return rows.map((r) =>
    Object.assign(r, {
      mark: r.mark ?? '',
      markName: r.markName ?? '',
      isPrintPrice: r.isPrintPrice ?? '0',
      topMark: r.topMark ?? '',
      leftAddrName: r.leftAddrId !== null ? pick(lang, refs.geog.get(r.leftAddrId)) : '',
      destAddrName: r.destAddrId !== null ? pick(lang, refs.geog.get(r.destAddrId)) : '',
      arrivedHouseName: r.arrivedHouseId !== null ? pick(lang, refs.house.get(r.arrivedHouseId)) : '',
      missing: options.missing !== false && r.status >= 2 ? missingOrderData(r) : [],
    }),
  );
}
export type TOrderListRow = Awaited<ReturnType<typeof presentRows<TOrderColumns>>>[number];

/** A mark field by the order's mark_id or top_mark_id (qualified: bas_mark has a top_mark_id of its own). */
const markOf = (column: 'mark_id' | 'top_mark_id', field: string) =>
  sql<string | null>`(SELECT m.${sql.raw(field)} FROM bas_mark m WHERE m.id = ${sql.raw(`"bus_order"."${column}"`)})`;

const markColumns = {
  mark: markOf('mark_id', 'mark'),
  markName: markOf('mark_id', 'name_zh'),
  isPrintPrice: markOf('mark_id', 'is_print_price'),
  topMark: markOf('top_mark_id', 'mark'),
};

/**
 * The list page's SELECT as text, built once: the hot list path sends it with the WHERE of the request instead of
 * rebuilding 70 column expressions per request (the rows come back keyed like the Drizzle select).
 */
const LIST = selectList(listRowColumns);
type TListRow = Pick<TOrderColumns, keyof typeof listRowColumns>;

/** The columns of a row of the view `orderList` (contracts ORDER_LIST_VIEW_FIELDS; its names are added later). */
const orderListViewColumns = Object.fromEntries(
  ORDER_LIST_VIEW_FIELDS.flatMap((key) =>
    key in listRowColumns ? [[key, listRowColumns[key as keyof TListRow]]] : [],
  ),
) as unknown as Pick<typeof listRowColumns, Extract<TOrderListViewField, keyof TListRow>>;
type TOrderListViewRow = Pick<TOrderColumns, keyof typeof orderListViewColumns>;

/** The list's SELECT and row completion of a view: `orderList` reads its narrower row, the other views all columns. */
const viewSelect = <L extends { text: string }>(list: L, narrow: boolean) => ({
  ...list,
  narrow,
  select: `SELECT ${list.text} FROM "bus_order"`,
});
const VIEW_LISTS = {
  orderList: viewSelect(selectList(orderListViewColumns), true),
  other: viewSelect(LIST, false),
};
const viewList = (view: TOrderView) => (view === 'orderList' ? VIEW_LISTS.orderList : VIEW_LISTS.other);

/** SELECT of an order page (lists); where/order/limit added by the caller, mark and other names by `namedRows`. */
export function selectOrders(db: DbOrTx) {
  return db.select(listRowColumns).from(busOrder);
}

/** A page of the caller's orders with these waybill numbers, in waybill order, with their names (scan pages). */
export async function ordersByWaybills(
  db: DbOrTx,
  auth: AuthContext,
  numbers: readonly string[],
  page: { pageNum: number; pageSize: number },
  lang: TLanguage,
) {
  const where = allOf([sql`${busOrder.transportId} = ANY(${sql.param([...numbers])}::text[])`, orderScope(auth)]);
  const [rows, [count]] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(asc(busOrder.transportId))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(busOrder).where(where),
  ]);
  return { rows: await namedRows(db, rows, lang), total: count?.n ?? 0 };
}

/** List rows with their mark fields (from the cache) and names (`presentRows`). */
export async function namedRows<T extends TPresentable & { markId: number | null; topMarkId: number | null }>(
  db: DbOrTx,
  rows: readonly T[],
  lang: TLanguage,
) {
  const marks = await cachedMarks(
    db,
    rows.flatMap((r) => [r.markId, r.topMarkId]).filter((x): x is number => x !== null),
  );
  return presentRows(db, withMarks(rows, marks), lang);
}

/**
 * What every export row needs besides its sheet's own columns: the ids its names come from and what
 * `presentRows` reads.
 */
const EXPORT_BASE_KEYS = [
  'id',
  'status',
  'markId',
  'topMarkId',
  'leftAddrId',
  'destAddrId',
  'arrivedHouseId',
  'consignee',
  'consigneeTel',
  'consigneeAddr',
  'cargoName',
  'busType',
  'priceId',
  'freightManual',
] as const satisfies readonly (keyof typeof listRowColumns)[];
type TExportRowColumns = Pick<typeof listRowColumns, (typeof EXPORT_BASE_KEYS)[number]> &
  Partial<typeof listRowColumns>;
const exportColumnSets = new WeakMap<readonly { key: string }[], TExportRowColumns>();

/**
 * SELECT of export rows: the order columns the sheet's columns name (derived from them, so a new sheet column is
 * read without a second list to keep), plus EXPORT_BASE_KEYS; `withMarks` adds the mark fields from a map.
 * About half the list's width: an export of 100,000 orders allocates (and collects) that much less.
 */
export function selectExportRows(db: DbOrTx, sheetColumns: readonly { key: string }[]) {
  let columns = exportColumnSets.get(sheetColumns);
  if (!columns) {
    const keys = new Set<string>([...EXPORT_BASE_KEYS, ...sheetColumns.map((c) => c.key)]);
    columns = Object.fromEntries(
      Object.entries(listRowColumns).filter(([key]) => keys.has(key)),
    ) as unknown as TExportRowColumns;
    exportColumnSets.set(sheetColumns, columns);
  }
  return db.select(columns).from(busOrder);
}

/** Every mark's code, name, print flag by id, read once per export (2,000 marks: one small query). */
export async function markNames(db: DbOrTx) {
  const rows = await allMarkNames(db);
  return new Map(rows.map((m) => [m.id, m]));
}

export function withMarks<T extends { markId: number | null; topMarkId: number | null }>(
  rows: readonly T[],
  marks: Map<number, { mark: string; nameZh: string; isPrintPrice: string }>,
) {
  return rows.map((r) => {
    const m = r.markId !== null ? marks.get(r.markId) : undefined;
    return Object.assign(r, {
      mark: m?.mark ?? null,
      markName: m?.nameZh ?? null,
      isPrintPrice: m?.isPrintPrice ?? null,
      topMark: r.topMarkId !== null ? (marks.get(r.topMarkId)?.mark ?? null) : null,
    });
  });
}

/** SELECT of whole orders (details). */
export function selectOrderDetails(db: DbOrTx) {
  return db.select({ ...listColumns, ...markColumns }).from(busOrder);
}

/** Orders of the given marks that are inside the caller's mark scope (see listWhere). */
function markFilter(auth: AuthContext, ids: readonly number[]): SQL {
  return ofMarksInScope(auth, busOrder.markId, ids);
}

/** The base filter of a view (bus-container.md §3). */
export function viewFilter(view: TOrderView, q: Pick<TInwareListQuery, 'tab' | 'incomplete'>): SQL | undefined {
  switch (view) {
    case 'unOrder':
      return sql`${busOrder.status} IN (0, 1)`;
    case 'inOrder':
      if (q.tab === 'awaiting') return sql`${busOrder.status} IN (0, 1)`;
      if (q.tab === 'received') return sql`${busOrder.status} >= 2`;
      return sql`${busOrder.status} = 2 AND ${busOrder.markId} IS NOT NULL`;
    case 'noMarkOrder':
      return sql`${busOrder.status} = 2 AND ${busOrder.markId} IS NULL`;
    case 'arrivedAddOrder':
      return sql`${busOrder.status} >= 2`;
    case 'deliveryfree':
      return sql`${busOrder.status} IN (6, 7, 8)`;
    default:
      return undefined;
  }
}

const incompleteSql = sql`(${busOrder.consignee} = '' OR ${busOrder.consigneeTel} = '' OR ${busOrder.consigneeAddr} = '' OR ${busOrder.cargoName} = '' OR ${busOrder.busType} = '' OR (${busOrder.priceId} IS NULL AND ${busOrder.freightManual} <> '1'))`;

/** The default date column of `params[beginTime]`/`params[endTime]` per view. */
function defaultDateColumn(view: TOrderView) {
  if (view === 'inOrder' || view === 'noMarkOrder' || view === 'arrivedAddOrder') return busOrder.arrivedTime;
  if (view === 'deliveryfree') return busOrder.signTime;
  return busOrder.orderTime;
}

/** The WHERE of a list or export (async: mark codes are looked up). */
export async function listWhere(
  db: DbOrTx,
  auth: AuthContext,
  q: TInwareListQuery,
  timezone: string,
): Promise<SQL | undefined> {
  const view = q.view;
  if (VIEWS_NEEDING_CONDITION.includes(view) && !hasSearchCondition(q, view))
    throw badRequest('msg_enter_one_condition');
  const marks = searchNumbers(q.mark, 'mark');
  const transportIds = searchNumbers(q.transportId, 'transportId');
  const express = searchNumbers(q.expressNo, 'expressNo');
  const receipts = searchNumbers(q.receivingNo, 'receivingNo');
  // a search by number keeps a handful of orders: the scope is tested on each one's mark (probe)
  const probe = !!(transportIds || express || receipts);
  const parts: (SQL | undefined)[] = [marks ? undefined : orderScope(auth, busOrder, { probe }), viewFilter(view, q)];
  // A mark filter is resolved to mark ids first (codes never change): `mark_id = $1` lets the planner walk the
  // (mark_id, order_time) index and stop after a page, where a subquery on codes read and sorted every order of
  // the mark. The data scope is then checked on those marks alone, once per statement (an InitPlan), instead of
  // on each order against every mark the caller may see.
  if (marks) parts.push(markFilter(auth, await markIdsByCode(db, marks)));
  if (transportIds) parts.push(sql`${busOrder.transportId} = ANY(${arrayParam(transportIds, 'text[]')})`);
  // Express and receipt numbers: the matching ids come from the GIN index first (an InitPlan), then the rows by
  // primary key; the planner cannot misjudge the array match and walk the time index instead.
  if (express)
    parts.push(
      sql`${busOrder.id} = ANY(ARRAY(SELECT x.id FROM bus_order x WHERE x.express_nos && ${arrayParam(express, 'text[]')}))`,
    );
  if (receipts)
    parts.push(
      sql`${busOrder.id} = ANY(ARRAY(SELECT x.id FROM bus_order x WHERE x.receiving_nos && ${arrayParam(receipts, 'text[]')}))`,
    );
  const pos = searchNumbers(q.businessNo, 'businessNo', false);
  if (pos) parts.push(sql`${busOrder.businessNo} = ANY(${arrayParam(pos, 'text[]')})`);
  const containers = searchNumbers(q.containerNo, 'containerNo');
  if (containers) parts.push(sql`${busOrder.containerNo} = ANY(${arrayParam(containers, 'text[]')})`);
  if (q.markId) parts.push(eq(busOrder.markId, q.markId));
  if (q.agent) {
    const agent = sql`(SELECT a.id FROM bas_mark a WHERE a.mark = ${q.agent.toUpperCase()})`;
    parts.push(sql`(${busOrder.markId} = ${agent} OR ${busOrder.topMarkId} = ${agent})`);
  }
  parts.push(
    ...containing(q, busOrder, [
      'clientNo',
      'consignee',
      'consigneeTel',
      'shipper',
      'shipperTel',
      'cargoName',
      'sealNo',
      'truckNo',
      'trayNo',
    ]),
    ...equalTo(q, busOrder, [
      'expressCorp',
      'busType',
      'cargoType',
      'leftAddrId',
      'destAddrId',
      'arrivedHouseId',
      'createBy',
    ]),
  );
  const codes: [string | undefined, AnyPgColumn][] = [
    [q.status, busOrder.status],
    [q.auditStatus, busOrder.auditStatus],
    [q.arWriteStatus, busOrder.arWriteStatus],
    [q.deliveryStatus, busOrder.deliveryStatus],
    [q.signStatus, busOrder.signStatus],
  ];
  for (const [text, column] of codes) {
    const list = codeList(text);
    if (list) parts.push(sql`${column} = ANY(${arrayParam(list, 'smallint[]')})`);
  }
  if (q.ifException) parts.push(eq(busOrder.ifException, Number(q.ifException)));
  if (q.sales) parts.push(sql`${busOrder.markId} IN (SELECT s.id FROM bas_mark s WHERE s.sales = ${q.sales})`);
  if (q.service) parts.push(sql`${busOrder.markId} IN (SELECT s.id FROM bas_mark s WHERE s.service = ${q.service})`);
  if (q.noMark === '1') parts.push(isNull(busOrder.markId));
  if (q.noMark === '0') parts.push(sql`${busOrder.markId} IS NOT NULL`);
  const incomplete = q.incomplete ?? (view === 'arrivedAddOrder' ? '1' : undefined);
  if (incomplete === '1') parts.push(incompleteSql);
  if (incomplete === '0') parts.push(sql`NOT ${incompleteSql}`);
  if (q.minDays) {
    const since = view === 'unOrder' ? busOrder.orderTime : busOrder.arrivedTime;
    parts.push(sql`${since} <= now() - make_interval(days => ${q.minDays})`);
  }
  const supplement = sql`(${busOrder.feeSendAr} + ${busOrder.deliveryAr} + ${busOrder.feeUnloadAr} + ${busOrder.feeChacheAr} + ${busOrder.feeOtherAr} + ${busOrder.thFeeAr}) > 0`;
  if (q.hasSupplement === '1') parts.push(supplement);
  if (q.hasSupplement === '0') parts.push(sql`NOT ${supplement}`);
  parts.push(dateRange(defaultDateColumn(view), q, timezone));
  parts.push(
    ...namedDateRanges(q, busOrder, ['orderTime', 'arrivedTime', 'leftTime', 'preArriveTime', 'signTime'], timezone),
  );
  return allOf(parts);
}

/** ORDER BY: the allowlisted column, else newest first on the view's date (matching the indexes). */
export function listOrder(q: TInwareListQuery): SQL[] {
  const byArrival = q.view === 'inOrder' || q.view === 'noMarkOrder' || q.view === 'arrivedAddOrder';
  const fallback = byArrival
    ? [desc(busOrder.arrivedTime), desc(busOrder.id)]
    : [desc(busOrder.orderTime), desc(busOrder.id)];
  return orderOf(
    q,
    {
      orderTime: busOrder.orderTime,
      arrivedTime: busOrder.arrivedTime,
      createTime: busOrder.createTime,
      transportId: busOrder.transportId,
      preArriveTime: busOrder.preArriveTime,
      leftTime: busOrder.leftTime,
      signTime: busOrder.signTime,
      ...orderQuantityColumns,
      feeArAmount: busOrder.feeArAmount,
    },
    fallback,
  );
}

export interface TOrderSums {
  cargoPiece: number;
  cargoWeight: string;
  cargoVolume: string;
  arrivedPiece: number;
  arrivedWeight: string;
  arrivedVolume: string;
  feeFreightAr: string;
  feeArAmount: string;
  rmbAmount: string;
}

/**
 * Count and sums of the filtered set as one text column ('total,cargoPiece,...'): the list reads them in the same
 * statement as its page (one round trip, one plan), and only the first row's copy is parsed.
 */
const SUM_FIELDS = [
  ['total', 'count(*)::int'],
  ['cargoPiece', 'coalesce(sum("cargo_piece"), 0)::int'],
  ['cargoWeight', 'coalesce(sum("cargo_weight"), 0)::numeric(16,2)'],
  ['cargoVolume', 'coalesce(sum("cargo_volume"), 0)::numeric(16,3)'],
  ['arrivedPiece', 'coalesce(sum("arrived_piece"), 0)::int'],
  ['arrivedWeight', 'coalesce(sum("arrived_weight"), 0)::numeric(16,2)'],
  ['arrivedVolume', 'coalesce(sum("arrived_volume"), 0)::numeric(16,3)'],
  ['feeFreightAr', 'coalesce(sum("fee_freight_ar"), 0)::numeric(16,2)'],
  ['feeArAmount', 'coalesce(sum("fee_ar_amount"), 0)::numeric(16,2)'],
  ['rmbAmount', 'coalesce(sum("rmb_amount"), 0)::numeric(16,2)'],
] as const;
const SUMS_TEXT = `concat_ws(',', ${SUM_FIELDS.map(([, e]) => e).join(', ')})`;

function parseSums(text: string): TOrderSums & { total: number } {
  const values = text.split(',');
  const out: Record<string, string | number> = {};
  SUM_FIELDS.forEach(([key], i) => {
    const v = values[i] ?? '0';
    out[key] = key === 'total' || key === 'cargoPiece' || key === 'arrivedPiece' ? Number(v) : v;
  });
  return out as unknown as TOrderSums & { total: number };
}

export async function listOrders(
  db: DbOrTx,
  auth: AuthContext,
  q: TInwareListQuery,
  timezone: string,
  lang: TLanguage,
): Promise<{ rows: (TOrderListRow | TOrderListViewRowNamed)[]; total: number; sums: TOrderSums }> {
  const where = (await listWhere(db, auth, q, timezone)) ?? sql`true`;
  const { limit, offset } = pageOf(q);
  const order = sql.join(listOrder(q), sql`, `);
  const list = viewList(q.view);
  const select = sql.raw(list.select);
  const named = async (rows: TOrderListViewRow[]) =>
    list.narrow ? orderListViewNames(db, rows, lang) : namedRows(db, rows as TListRow[], lang);
  // Number searches (express, receipt, waybill, PO, container numbers) find a handful of orders: the page alone,
  // and when a first page is not full it is the whole set, so its sums come from its rows.
  if (q.expressNo || q.receivingNo || q.transportId || q.businessNo || q.containerNo) {
    const rows = list.rows(
      (await db.execute(sql`${select} WHERE ${where} ORDER BY ${order} ${limitOffset(limit, offset)}`))
        .rows as TOrderListViewRow[],
    );
    const { total, ...sums } =
      offset === 0 && rows.length < limit
        ? sumsOf(rows)
        : parseSums(
            (
              (await db.execute(sql`SELECT ${sql.raw(SUMS_TEXT)} AS "__sums" FROM "bus_order" WHERE ${where}`))
                .rows[0] as { __sums: string }
            ).__sums,
          );
    return { rows: await named(rows), total, sums };
  }
  // Otherwise the sums of the whole set and the page in one statement: a row per order of the page, each
  // carrying the sums; an empty page still gives one row (the sums, the order columns null).
  const result = await db.execute(
    sql`WITH s AS (SELECT ${sql.raw(SUMS_TEXT)} AS "__sums" FROM "bus_order" WHERE ${where}) SELECT s."__sums", p.* FROM s LEFT JOIN LATERAL (${select} WHERE ${where} ORDER BY ${order} ${limitOffset(limit, offset)}) p ON true`,
  );
  const all = result.rows as (TOrderListViewRow & { __sums?: string })[];
  const { total, ...sums } = parseSums(all[0]?.__sums ?? '0');
  const rows = all[0]?.id == null ? [] : list.rows(all);
  // the carried copy is not sent (undefined keeps each row's shape; JSON leaves it out)
  for (const r of rows) r.__sums = undefined;
  return { rows: await named(rows), total, sums };
}

/**
 * Rows of the view `orderList` with the names it shows (mark, top mark, route), from the caches: the view's row has
 * no warehouse, print flag or incomplete data (ORDER_LIST_VIEW_FIELDS).
 */
async function orderListViewNames<T extends TOrderListViewRow>(db: DbOrTx, rows: T[], lang: TLanguage) {
  if (!rows.length) return [];
  const [marks, refs] = await Promise.all([
    cachedMarks(
      db,
      rows.flatMap((r) => [r.markId, r.topMarkId]).filter((x): x is number => x !== null),
    ),
    refNames(db),
  ]);
  return rows.map((r) => {
    const m = r.markId !== null ? marks.get(r.markId) : undefined;
    return Object.assign(r, {
      mark: m?.mark ?? '',
      markName: m?.nameZh ?? '',
      topMark: r.topMarkId !== null ? (marks.get(r.topMarkId)?.mark ?? '') : '',
      leftAddrName: r.leftAddrId !== null ? pick(lang, refs.geog.get(r.leftAddrId)) : '',
      destAddrName: r.destAddrId !== null ? pick(lang, refs.geog.get(r.destAddrId)) : '',
    });
  });
}
type TOrderListViewRowNamed = Awaited<ReturnType<typeof orderListViewNames<TOrderListViewRow>>>[number];

/** The same figures as the SQL sums, from rows already read (exact decimal sums, contracts' Money). */
type TSummable = Pick<
  TOrderColumns,
  | 'cargoPiece'
  | 'cargoWeight'
  | 'cargoVolume'
  | 'arrivedPiece'
  | 'arrivedWeight'
  | 'arrivedVolume'
  | 'feeFreightAr'
  | 'feeArAmount'
  | 'rmbAmount'
>;

function sumsOf(rows: readonly TSummable[]): TOrderSums & { total: number } {
  const add = (pick: (r: TSummable) => string | null) => sum(rows.map((r) => pick(r) ?? '0'));
  return {
    total: rows.length,
    cargoPiece: rows.reduce((n, r) => n + r.cargoPiece, 0),
    cargoWeight: toWeightString(add((r) => r.cargoWeight)),
    cargoVolume: toVolumeString(add((r) => r.cargoVolume)),
    arrivedPiece: rows.reduce((n, r) => n + (r.arrivedPiece ?? 0), 0),
    arrivedWeight: toWeightString(add((r) => r.arrivedWeight)),
    arrivedVolume: toVolumeString(add((r) => r.arrivedVolume)),
    feeFreightAr: toMoneyString(add((r) => r.feeFreightAr)),
    feeArAmount: toMoneyString(add((r) => r.feeArAmount)),
    rmbAmount: toMoneyString(add((r) => r.rmbAmount)),
  };
}

/** One order with names (GET inware/{id}, selectByTransportId). */
export async function orderDetail(db: DbOrTx, auth: AuthContext, where: SQL, lang: TLanguage) {
  const rows = await selectOrderDetails(db)
    .where(allOf([where, orderScope(auth)]))
    .limit(1);
  return (await presentRows(db, rows, lang))[0] ?? null;
}
