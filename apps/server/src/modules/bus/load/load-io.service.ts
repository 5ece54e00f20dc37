import { isZero, ORDER_FEE_AR_FIELDS, sum, type TLanguage, type TOrderFeeArField } from '@theone/contracts';
import { asc, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { allOf } from '../../../platform/db/sql-helpers';
import { notFound } from '../../../platform/errors';
import { loadDictLabels } from '../../../platform/excel/excel';
import { markPrintRefs, placeNames, type TNamedRef, warehouseNames } from '../../bas/api/print-refs';
import { busOrder } from '../inware/inware.table';
import { orderQuantityColumns } from '../inware/order-common';
import { busLoad } from './load.table';
import { loadOrderScope, loadScope, type TLoadRecord } from './load-record';

/**
 * What the load documents show (loading list PDF, manifest and container bill Excel): the load records of the
 * ids with their names in the document's language, and their orders grouped by mark with sums.
 *
 * One query reads the orders of every load of the call (`load_id = ANY(ids)`, index bus_order_load_idx), so a
 * 500-order container is one round trip; marks, places and warehouses are read once for the whole call.
 *
 * Data scope (screens §0, DOMAIN §7): a load outside the caller's scope (`loadScope`: none of their customers'
 * orders) is a 404 for the whole call; inside one, a scoped user (sales, customer service) gets only their
 * customers' orders and the sums of those (`loadOrderScope`).
 */

export interface TLoadDocOrder {
  id: number;
  transportId: string;
  status: number;
  /** S4 or later: in the container */
  loaded: boolean;
  mark: string;
  markName: string;
  cargoName: string;
  cargoType: string;
  cargoTypeLabel: string;
  consignee: string;
  consigneeTel: string;
  consigneeAddr: string;
  destName: string;
  trayNo: string;
  /** received figures (declared ones while not received) */
  pieces: number;
  weight: string;
  volume: string;
  currency: string;
  feeArAmount: string | null;
  fees: Record<TOrderFeeArField, string | null>;
}

export interface TLoadDocMark {
  mark: string;
  markName: string;
  orders: TLoadDocOrder[];
  pieces: number;
  weight: string;
  volume: string;
  loaded: number;
  /** distinct cargo names and consignees, in order of appearance */
  cargoNames: string[];
  consignees: string[];
}

export interface TLoadDocument {
  load: TLoadRecord;
  statusLabel: string;
  busTypeLabel: string;
  containerTypeLabel: string;
  leftName: string;
  destName: string;
  houseName: string;
  marks: TLoadDocMark[];
  orderCount: number;
  loadedCount: number;
  pieces: number;
  weight: string;
  volume: string;
}

const pick = (lang: TLanguage, n: TNamedRef | undefined) =>
  (lang === 'en' ? n?.nameEn : lang === 'th' ? n?.nameTh : n?.name) || n?.name || '';
const present = (values: readonly (number | null)[]) => values.filter((v): v is number => v !== null);
const dec = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '0' : v);

const feeColumns = Object.fromEntries(ORDER_FEE_AR_FIELDS.map((f) => [f, busOrder[f]])) as {
  [K in TOrderFeeArField]: (typeof busOrder)[K];
};

const orderColumns = {
  id: busOrder.id,
  loadId: busOrder.loadId,
  transportId: busOrder.transportId,
  status: busOrder.status,
  markId: busOrder.markId,
  cargoName: busOrder.cargoName,
  cargoType: busOrder.cargoType,
  consignee: busOrder.consignee,
  consigneeTel: busOrder.consigneeTel,
  consigneeAddr: busOrder.consigneeAddr,
  destAddrId: busOrder.destAddrId,
  trayNo: busOrder.trayNo,
  ...orderQuantityColumns,
  currency: busOrder.currency,
  feeArAmount: busOrder.feeArAmount,
  ...feeColumns,
};

/**
 * The documents of the loads, in the ids' order (duplicates once); 404 when one is missing or outside the
 * caller's scope. Orders sorted by mark, then waybill number.
 */
export async function loadDocuments(
  db: DbOrTx,
  auth: AuthContext,
  ids: readonly number[],
  lang: TLanguage,
): Promise<TLoadDocument[]> {
  const unique = [...new Set(ids)];
  const idList = sql`ANY(${sql.param(unique)}::bigint[])`;
  const [loads, orders, dicts] = await Promise.all([
    db
      .select()
      .from(busLoad)
      .where(allOf([sql`${busLoad.id} = ${idList}`, loadScope(auth)])),
    db
      .select(orderColumns)
      .from(busOrder)
      .where(allOf([sql`${busOrder.loadId} = ${idList}`, loadOrderScope(auth)]))
      .orderBy(asc(busOrder.loadId), asc(busOrder.transportId)),
    loadDictLabels(db, ['load_status', 'bus_type', 'container_type', 'cargo_type'], lang),
  ]);
  if (loads.length !== unique.length) throw notFound();
  const [marks, places, houses] = await Promise.all([
    markPrintRefs(db, present(orders.map((o) => o.markId))),
    placeNames(
      db,
      present([...loads.flatMap((l) => [l.leftAddrId, l.destAddrId]), ...orders.map((o) => o.destAddrId)]),
    ),
    warehouseNames(
      db,
      loads.map((l) => l.loadHouseId),
    ),
  ]);
  const label = (type: string, value: string) => (value ? (dicts.get(type)?.get(value) ?? value) : '');

  const byLoad = new Map<number, TLoadDocOrder[]>();
  for (const o of orders) {
    const received = o.status >= 2 && o.arrivedPiece !== null;
    const m = o.markId !== null ? marks.get(o.markId) : undefined;
    const list = byLoad.get(o.loadId!) ?? [];
    list.push({
      id: o.id,
      transportId: o.transportId,
      status: o.status,
      loaded: o.status >= 4,
      mark: m?.mark ?? '',
      markName: m?.nameZh ?? '',
      cargoName: o.cargoName,
      cargoType: o.cargoType,
      cargoTypeLabel: label('cargo_type', o.cargoType),
      consignee: o.consignee,
      consigneeTel: o.consigneeTel,
      consigneeAddr: o.consigneeAddr,
      destName: pick(lang, o.destAddrId !== null ? places.get(o.destAddrId) : undefined),
      trayNo: o.trayNo,
      pieces: received ? (o.arrivedPiece ?? 0) : o.cargoPiece,
      weight: dec(received ? o.arrivedWeight : o.cargoWeight),
      volume: dec(received ? o.arrivedVolume : o.cargoVolume),
      currency: o.currency,
      feeArAmount: o.feeArAmount,
      fees: Object.fromEntries(ORDER_FEE_AR_FIELDS.map((f) => [f, o[f]])) as Record<TOrderFeeArField, string | null>,
    });
    byLoad.set(o.loadId!, list);
  }

  const loadById = new Map(loads.map((l) => [l.id, l]));
  return unique.map((id) => {
    const load = loadById.get(id)!;
    const list = byLoad.get(id) ?? [];
    const groups = groupByMark(list);
    return {
      load,
      statusLabel: label('load_status', String(load.status)),
      busTypeLabel: label('bus_type', load.busType),
      containerTypeLabel: label('container_type', load.containerType),
      leftName: pick(lang, places.get(load.leftAddrId)),
      destName: pick(lang, places.get(load.destAddrId)),
      houseName: pick(lang, houses.get(load.loadHouseId)),
      marks: groups,
      orderCount: list.length,
      loadedCount: list.filter((o) => o.loaded).length,
      pieces: list.reduce((n, o) => n + o.pieces, 0),
      weight: sum(list.map((o) => o.weight)).toString(),
      volume: sum(list.map((o) => o.volume)).toString(),
    };
  });
}

/** Orders grouped by mark code (sorted; cargo without a mark last), waybill order inside a mark. */
export function groupByMark(orders: readonly TLoadDocOrder[]): TLoadDocMark[] {
  const groups = new Map<string, TLoadDocOrder[]>();
  for (const o of orders) {
    const list = groups.get(o.mark) ?? [];
    list.push(o);
    groups.set(o.mark, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([mark, list]) => ({
      mark,
      markName: list[0]!.markName,
      orders: list,
      pieces: list.reduce((n, o) => n + o.pieces, 0),
      weight: sum(list.map((o) => o.weight)).toString(),
      volume: sum(list.map((o) => o.volume)).toString(),
      loaded: list.filter((o) => o.loaded).length,
      cargoNames: distinct(list.map((o) => o.cargoName)),
      consignees: distinct(list.map((o) => o.consignee)),
    }));
}

const distinct = (values: readonly string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

export interface TBillRow {
  mark: string;
  markName: string;
  currency: string;
  orders: number;
  /** Σ of each receivable fee (decimal text), Σ feeArAmount */
  fees: Record<TOrderFeeArField, string>;
  feeArAmount: string;
  /** true on the totals rows (one per currency) */
  total: boolean;
}

/**
 * The container bill: receivables per mark and currency (an order is billed in its own currency, so a mark
 * with orders in two currencies has two rows), then one totals row per currency. Exact decimal sums.
 */
export function billRows(doc: TLoadDocument): { rows: TBillRow[]; feeFields: TOrderFeeArField[] } {
  const rows: TBillRow[] = [];
  const sumOf = (orders: readonly TLoadDocOrder[], pickValue: (o: TLoadDocOrder) => string | null) =>
    sum(orders.map((o) => dec(pickValue(o)))).toFixed(2);
  const row = (mark: string, markName: string, currency: string, orders: TLoadDocOrder[], total: boolean) => ({
    mark,
    markName,
    currency,
    orders: orders.length,
    fees: Object.fromEntries(ORDER_FEE_AR_FIELDS.map((f) => [f, sumOf(orders, (o) => o.fees[f])])) as Record<
      TOrderFeeArField,
      string
    >,
    feeArAmount: sumOf(orders, (o) => o.feeArAmount),
    total,
  });
  const currencies = new Map<string, TLoadDocOrder[]>();
  for (const m of doc.marks) {
    const byCurrency = new Map<string, TLoadDocOrder[]>();
    for (const o of m.orders) byCurrency.set(o.currency, [...(byCurrency.get(o.currency) ?? []), o]);
    for (const [currency, orders] of [...byCurrency].sort(([a], [b]) => a.localeCompare(b))) {
      rows.push(row(m.mark, m.markName, currency, orders, false));
      currencies.set(currency, [...(currencies.get(currency) ?? []), ...orders]);
    }
  }
  for (const [currency, orders] of [...currencies].sort(([a], [b]) => a.localeCompare(b)))
    rows.push(row('', '', currency, orders, true));
  // Only the fees some order of the container has (a column of zeros says nothing).
  const all = doc.marks.flatMap((m) => m.orders);
  const feeFields = ORDER_FEE_AR_FIELDS.filter((f) => all.some((o) => o.fees[f] !== null && !isZero(o.fees[f]!)));
  return { rows, feeFields };
}
