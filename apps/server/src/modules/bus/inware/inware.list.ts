import {
  hasSearchCondition,
  missingOrderData,
  parseSearchNumbers,
  type TInwareListQuery,
  type TLanguage,
  type TOrderView,
  VIEWS_NEEDING_CONDITION,
} from '@theone/contracts';
import { eq, getTableColumns, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { badRequest } from '../../../platform/errors';
import { dateRange, likeContains, orderOf, pageOf } from '../../../platform/http/paging';
import { basGeog, basMark, basWarehouse } from '../../bas/bas.table';
import { allOf } from '../../bas/bas-common';
import { busOrder } from './inware.table';
import { orderScope, type TOrderRow } from './order-common';

/**
 * `inware/list` and its views (screens unOrder, inOrder, noMarkOrder, arrivedAddOrder, orderList, orderListEdit,
 * deliveryfree): each view fixes its base filter here, so a user holding one screen's key reads only that
 * screen's orders; the data scope is always added. Multi-number boxes are exact matches on each number (express
 * and receipt numbers through the GIN indexes on the generated arrays). Counts and totals (`sums`) cover the
 * whole filtered set.
 */

const mark = alias(basMark, 'o_mark');
const topMark = alias(basMark, 'o_top_mark');
const leftGeog = alias(basGeog, 'o_left');
const destGeog = alias(basGeog, 'o_dest');
const house = alias(basWarehouse, 'o_house');

const { expressNos: _e, receivingNos: _r, ...orderColumns } = getTableColumns(busOrder);

export const listColumns = {
  ...orderColumns,
  mark: mark.mark,
  markName: mark.nameZh,
  isPrintPrice: mark.isPrintPrice,
  topMark: topMark.mark,
  leftAddrName: leftGeog.name,
  leftAddrNameEn: leftGeog.nameEn,
  leftAddrNameTh: leftGeog.nameTh,
  destAddrName: destGeog.name,
  destAddrNameEn: destGeog.nameEn,
  destAddrNameTh: destGeog.nameTh,
  arrivedHouseName: house.name,
  arrivedHouseNameEn: house.nameEn,
  arrivedHouseNameTh: house.nameTh,
};

type TJoinedNames =
  | 'mark'
  | 'markName'
  | 'isPrintPrice'
  | 'topMark'
  | 'leftAddrName'
  | 'leftAddrNameEn'
  | 'leftAddrNameTh'
  | 'destAddrName'
  | 'destAddrNameEn'
  | 'destAddrNameTh'
  | 'arrivedHouseName'
  | 'arrivedHouseNameEn'
  | 'arrivedHouseNameTh';
type TRawRow = Omit<TOrderRow, 'expressNos' | 'receivingNos'> & { [K in TJoinedNames]: string | null };

const pick = (lang: TLanguage, zh: string | null, en: string | null, th: string | null) =>
  (lang === 'en' ? en : lang === 'th' ? th : zh) || zh || '';

/** A list/detail row: names in the caller's language, the incomplete data of received orders. */
export function presentRow(r: TRawRow, lang: TLanguage) {
  const {
    leftAddrNameEn,
    leftAddrNameTh,
    destAddrNameEn,
    destAddrNameTh,
    arrivedHouseNameEn,
    arrivedHouseNameTh,
    ...rest
  } = r;
  return {
    ...rest,
    mark: r.mark ?? '',
    markName: r.markName ?? '',
    topMark: r.topMark ?? '',
    leftAddrName: pick(lang, r.leftAddrName, leftAddrNameEn, leftAddrNameTh),
    destAddrName: pick(lang, r.destAddrName, destAddrNameEn, destAddrNameTh),
    arrivedHouseName: pick(lang, r.arrivedHouseName, arrivedHouseNameEn, arrivedHouseNameTh),
    missing: r.status >= 2 ? missingOrderData(r) : [],
  };
}
export type TOrderListRow = ReturnType<typeof presentRow>;

/** SELECT with the joins for names; where/order/limit added by the caller. */
export function selectOrders(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(busOrder)
    .leftJoin(mark, eq(mark.id, busOrder.markId))
    .leftJoin(topMark, eq(topMark.id, busOrder.topMarkId))
    .leftJoin(leftGeog, eq(leftGeog.id, busOrder.leftAddrId))
    .leftJoin(destGeog, eq(destGeog.id, busOrder.destAddrId))
    .leftJoin(house, eq(house.id, busOrder.arrivedHouseId));
}

function numbers(text: string | undefined, field: string, upperCase = true): string[] | undefined {
  if (text === undefined) return undefined;
  const list = parseSearchNumbers(text, upperCase);
  if (list === null) throw badRequest('msg_comma_separated', { field }, field);
  return list.length ? list : undefined;
}

const param = (values: readonly unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}`;
const digits = (text: string | undefined) => (text === undefined ? undefined : text.split(',').map(Number));

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

export function listWhere(auth: AuthContext, q: TInwareListQuery, timezone: string): SQL | undefined {
  const view = q.view;
  if (VIEWS_NEEDING_CONDITION.includes(view) && !hasSearchCondition(q, view))
    throw badRequest('msg_enter_one_condition');
  const parts: (SQL | undefined)[] = [orderScope(auth), viewFilter(view, q)];
  const transportIds = numbers(q.transportId, 'transportId');
  if (transportIds) parts.push(sql`${busOrder.transportId} = ANY(${param(transportIds, 'text[]')})`);
  const express = numbers(q.expressNo, 'expressNo');
  if (express) parts.push(sql`${busOrder.expressNos} && ${param(express, 'text[]')}`);
  const receipts = numbers(q.receivingNo, 'receivingNo');
  if (receipts) parts.push(sql`${busOrder.receivingNos} && ${param(receipts, 'text[]')}`);
  const pos = numbers(q.businessNo, 'businessNo', false);
  if (pos) parts.push(sql`${busOrder.businessNo} = ANY(${param(pos, 'text[]')})`);
  const containers = numbers(q.containerNo, 'containerNo');
  if (containers) parts.push(sql`${busOrder.containerNo} = ANY(${param(containers, 'text[]')})`);
  const marks = numbers(q.mark, 'mark');
  if (marks)
    parts.push(
      sql`${busOrder.markId} = ANY(ARRAY(SELECT m.id FROM bas_mark m WHERE m.mark = ANY(${param(marks, 'text[]')})))`,
    );
  if (q.markId) parts.push(eq(busOrder.markId, q.markId));
  if (q.agent) {
    const agent = sql`(SELECT a.id FROM bas_mark a WHERE a.mark = ${q.agent.toUpperCase()})`;
    parts.push(sql`(${busOrder.markId} = ${agent} OR ${busOrder.topMarkId} = ${agent})`);
  }
  if (q.clientNo) parts.push(ilike(busOrder.clientNo, likeContains(q.clientNo)));
  if (q.consignee) parts.push(ilike(busOrder.consignee, likeContains(q.consignee)));
  if (q.consigneeTel) parts.push(ilike(busOrder.consigneeTel, likeContains(q.consigneeTel)));
  if (q.shipper) parts.push(ilike(busOrder.shipper, likeContains(q.shipper)));
  if (q.shipperTel) parts.push(ilike(busOrder.shipperTel, likeContains(q.shipperTel)));
  if (q.cargoName) parts.push(ilike(busOrder.cargoName, likeContains(q.cargoName)));
  if (q.expressCorp) parts.push(eq(busOrder.expressCorp, q.expressCorp));
  if (q.busType) parts.push(eq(busOrder.busType, q.busType));
  if (q.cargoType) parts.push(eq(busOrder.cargoType, q.cargoType));
  if (q.leftAddrId) parts.push(eq(busOrder.leftAddrId, q.leftAddrId));
  if (q.destAddrId) parts.push(eq(busOrder.destAddrId, q.destAddrId));
  if (q.arrivedHouseId) parts.push(eq(busOrder.arrivedHouseId, q.arrivedHouseId));
  const codes: [string | undefined, AnyPgColumn][] = [
    [q.status, busOrder.status],
    [q.auditStatus, busOrder.auditStatus],
    [q.arWriteStatus, busOrder.arWriteStatus],
    [q.deliveryStatus, busOrder.deliveryStatus],
    [q.signStatus, busOrder.signStatus],
  ];
  for (const [text, column] of codes) {
    const list = digits(text);
    if (list) parts.push(sql`${column} = ANY(${param(list, 'smallint[]')})`);
  }
  if (q.sealNo) parts.push(ilike(busOrder.sealNo, likeContains(q.sealNo)));
  if (q.truckNo) parts.push(ilike(busOrder.truckNo, likeContains(q.truckNo)));
  if (q.trayNo) parts.push(ilike(busOrder.trayNo, likeContains(q.trayNo)));
  if (q.ifException) parts.push(eq(busOrder.ifException, Number(q.ifException)));
  if (q.sales) parts.push(sql`${busOrder.markId} IN (SELECT s.id FROM bas_mark s WHERE s.sales = ${q.sales})`);
  if (q.service) parts.push(sql`${busOrder.markId} IN (SELECT s.id FROM bas_mark s WHERE s.service = ${q.service})`);
  if (q.createBy) parts.push(eq(busOrder.createBy, q.createBy));
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
  const ranges: [string, AnyPgColumn][] = [
    ['OrderTime', busOrder.orderTime],
    ['ArrivedTime', busOrder.arrivedTime],
    ['LeftTime', busOrder.leftTime],
    ['PreArriveTime', busOrder.preArriveTime],
    ['SignTime', busOrder.signTime],
  ];
  for (const [name, column] of ranges) {
    const begin = q[`params[begin${name}]` as keyof TInwareListQuery] as string | undefined;
    const end = q[`params[end${name}]` as keyof TInwareListQuery] as string | undefined;
    if (begin || end) parts.push(dateRange(column, { 'params[beginTime]': begin, 'params[endTime]': end }, timezone));
  }
  return allOf(parts);
}

const desc = (column: AnyPgColumn) => sql`${column} DESC NULLS LAST`;

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
      cargoPiece: busOrder.cargoPiece,
      cargoWeight: busOrder.cargoWeight,
      cargoVolume: busOrder.cargoVolume,
      arrivedPiece: busOrder.arrivedPiece,
      arrivedWeight: busOrder.arrivedWeight,
      arrivedVolume: busOrder.arrivedVolume,
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

export async function listOrders(
  db: DbOrTx,
  auth: AuthContext,
  q: TInwareListQuery,
  timezone: string,
  lang: TLanguage,
) {
  const where = listWhere(auth, q, timezone);
  const { limit, offset } = pageOf(q);
  const [rows, [agg]] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(...listOrder(q))
      .limit(limit)
      .offset(offset),
    db
      .select({
        total: sql<number>`count(*)::int`,
        cargoPiece: sql<number>`coalesce(sum(${busOrder.cargoPiece}), 0)::int`,
        cargoWeight: sql<string>`coalesce(sum(${busOrder.cargoWeight}), 0)::numeric(16,2)::text`,
        cargoVolume: sql<string>`coalesce(sum(${busOrder.cargoVolume}), 0)::numeric(16,3)::text`,
        arrivedPiece: sql<number>`coalesce(sum(${busOrder.arrivedPiece}), 0)::int`,
        arrivedWeight: sql<string>`coalesce(sum(${busOrder.arrivedWeight}), 0)::numeric(16,2)::text`,
        arrivedVolume: sql<string>`coalesce(sum(${busOrder.arrivedVolume}), 0)::numeric(16,3)::text`,
        feeFreightAr: sql<string>`coalesce(sum(${busOrder.feeFreightAr}), 0)::numeric(16,2)::text`,
        feeArAmount: sql<string>`coalesce(sum(${busOrder.feeArAmount}), 0)::numeric(16,2)::text`,
        rmbAmount: sql<string>`coalesce(sum(${busOrder.rmbAmount}), 0)::numeric(16,2)::text`,
      })
      .from(busOrder)
      .where(where),
  ]);
  const { total, ...sums } = agg!;
  return { rows: rows.map((r) => presentRow(r as TRawRow, lang)), total, sums: sums as TOrderSums };
}

/** One order with names (GET inware/{id}, selectByTransportId). */
export async function orderDetail(db: DbOrTx, auth: AuthContext, where: SQL, lang: TLanguage) {
  const [row] = await selectOrders(db)
    .where(allOf([where, orderScope(auth)]))
    .limit(1);
  return row ? presentRow(row as TRawRow, lang) : null;
}

export type { TRawRow };
