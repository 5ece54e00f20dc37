import type { TLanguage, TOrderFeeArField } from '@theone/contracts';
import type { ExcelColumn } from '../../../platform/excel/excel';
import { t } from '../../../platform/i18n';
import { label, MARK_COLUMNS, QUANTITY_COLUMNS, ROUTE_COLUMNS, WAYBILL_COLUMNS } from '../bus.excel-columns';
import { billRows, type TLoadDocument } from './load-io.service';

/**
 * The sheets of a container's documents (load-io.routes.ts): the manifest for customs brokers and the overseas
 * team (one row per mark, the order lines on a second sheet) and the container bill [fee] (receivables per mark).
 * Headers are translation keys; figures are exact decimal text written as numbers.
 */

type Row = Record<string, unknown>;

export const MANIFEST_MARK_COLUMNS: ExcelColumn<Row>[] = [
  ...MARK_COLUMNS,
  { key: 'cargoNames', header: label('cargoName'), width: 30 },
  { key: 'orders', header: label('orderCount'), type: 'integer', width: 9 },
  ...QUANTITY_COLUMNS,
  { key: 'consignees', header: label('consignee'), width: 36 },
];

export const MANIFEST_ORDER_COLUMNS: ExcelColumn<Row>[] = [
  { key: 'mark', header: label('mark'), width: 12 },
  ...WAYBILL_COLUMNS,
  { key: 'cargoName', header: label('cargoName'), width: 20 },
  { key: 'cargoType', header: label('cargoType'), type: 'dict', dict: 'cargo_type', width: 12 },
  ...QUANTITY_COLUMNS,
  { key: 'consignee', header: label('consignee'), width: 18 },
  { key: 'consigneeTel', header: label('consigneeTel'), width: 14 },
  { key: 'consigneeAddr', header: label('consigneeAddr'), width: 36 },
  { key: 'destName', header: label('destAddrId'), width: 12 },
  { key: 'trayNo', header: label('trayNo'), width: 10 },
];

/** The manifest's rows: marks (then a total row) and order lines, mark by mark. */
export function manifestRows(doc: TLoadDocument, lang: TLanguage): { marks: Row[]; orders: Row[] } {
  const marks: Row[] = doc.marks.map((m) => ({
    mark: m.mark || t('print_no_mark', lang),
    markName: m.markName,
    cargoNames: m.cargoNames.join(', '),
    orders: m.orders.length,
    pieces: m.pieces,
    weight: m.weight,
    volume: m.volume,
    consignees: m.consignees.join(', '),
  }));
  if (doc.marks.length)
    marks.push({
      mark: t('print_total', lang),
      orders: doc.orderCount,
      pieces: doc.pieces,
      weight: doc.weight,
      volume: doc.volume,
    });
  const orders: Row[] = doc.marks.flatMap((m) =>
    m.orders.map((o) => ({ ...o, mark: m.mark || t('print_no_mark', lang) })),
  );
  return { marks, orders };
}

/** The bill's columns: mark, currency, orders, the fees some order has, Σ feeArAmount (all fee columns). */
export function billColumns(feeFields: readonly TOrderFeeArField[]): ExcelColumn<Row>[] {
  return [
    ...MARK_COLUMNS,
    { key: 'currency', header: label('currency'), fee: true, width: 9 },
    { key: 'orders', header: label('orderCount'), type: 'integer', width: 9 },
    ...feeFields.map((f): ExcelColumn<Row> => ({ key: f, header: label(f), type: 'money', width: 14 })),
    { key: 'feeArAmount', header: label('feeArAmount'), type: 'money', width: 16 },
  ];
}

/** The bill's rows (per mark and currency, then a total per currency) and the fee columns to show. */
export function billSheetRows(doc: TLoadDocument, lang: TLanguage): { columns: TOrderFeeArField[]; rows: Row[] } {
  const { rows, feeFields } = billRows(doc);
  return {
    columns: feeFields,
    rows: rows.map((r) => ({
      mark: r.total ? t('print_total', lang) : r.mark || t('print_no_mark', lang),
      markName: r.markName,
      currency: r.currency,
      orders: r.orders,
      ...r.fees,
      feeArAmount: r.feeArAmount,
    })),
  };
}

/**
 * The columns of loadList's and loadplanList's export (the list's columns, screens loadplanList / loadList):
 * fee columns (containerFee, orderArAmount, estimatedMargin, the container's currency) only reach the fee role
 * (sendExcel drops them). A plan's loading time is the planned one.
 */
export function loadExportColumns(view: 'load' | 'loadplan'): ExcelColumn<Row>[] {
  const plan = view === 'loadplan';
  return [
    { key: 'loadNo', header: label('loadNo'), width: 15 },
    { key: 'status', header: label('status'), type: 'dict', dict: 'load_status', width: 10 },
    { key: 'containerNo', header: label('containerNo'), width: 14 },
    { key: 'sealNo', header: label('sealNo'), width: 12 },
    { key: 'truckNo', header: label('truckNo'), width: 12 },
    { key: 'containerType', header: label('containerType'), type: 'dict', dict: 'container_type', width: 16 },
    ...ROUTE_COLUMNS,
    { key: 'loadHouseName', header: label('loadHouseId'), width: 14 },
    { key: 'loadTime', header: label(plan ? 'planLoadTime' : 'loadTime'), type: 'datetime' },
    { key: 'loadPerson', header: label('loadPerson'), width: 10 },
    { key: 'clsDate', header: label('clsDate'), type: 'date', width: 12 },
    { key: 'etdDate', header: label('etdDate'), type: 'date', width: 12 },
    { key: 'etaDate', header: label('etaDate'), type: 'date', width: 12 },
    ...(plan ? [] : [{ key: 'leftTime', header: label('leftTime'), type: 'datetime' } as ExcelColumn<Row>]),
    { key: 'loadPort', header: label('loadPort'), width: 14 },
    { key: 'unloadPort', header: label('unloadPort'), width: 14 },
    { key: 'vesselOwner', header: label('vesselOwner'), width: 14 },
    { key: 'vesselName', header: label('vesselName'), width: 14 },
    { key: 'voyageNo', header: label('voyageNo'), width: 10 },
    { key: 'customsCorp', header: label('customsCorp'), width: 14 },
    { key: 'exportAgent', header: label('exportAgent'), width: 14 },
    { key: 'orderCount', header: label('orderCount'), type: 'integer', width: 9 },
    { key: 'loadedCount', header: label('loaded'), type: 'integer', width: 9 },
    { key: 'markCount', header: label('markCount'), type: 'integer', width: 9 },
    ...QUANTITY_COLUMNS,
    { key: 'volumePercent', header: label('fillVolume'), type: 'number', width: 10 },
    { key: 'weightPercent', header: label('fillWeight'), type: 'number', width: 10 },
    { key: 'containerFee', header: label('containerFee'), type: 'money' },
    { key: 'orderArAmount', header: label('orderArAmount'), type: 'money' },
    { key: 'estimatedMargin', header: label('estimatedMargin'), type: 'money' },
    { key: 'currency', header: label('currency'), fee: true, width: 8 },
    { key: 'remark', header: label('remark'), width: 20 },
    { key: 'createBy', header: label('createBy'), width: 10 },
    { key: 'createTime', header: label('createTime'), type: 'datetime' },
  ];
}

/** The manifest's third sheet: the container's own data (what a customs broker types into a declaration). */
export const MANIFEST_CONTAINER_COLUMNS: ExcelColumn<Row>[] = [
  { key: 'item', header: 'load_xls_item', width: 22 },
  { key: 'value', header: 'load_xls_value', width: 40 },
];

export function containerRows(doc: TLoadDocument, lang: TLanguage): Row[] {
  const l = doc.load;
  const items: [string, unknown][] = [
    ['loadNo', l.loadNo],
    ['status', doc.statusLabel],
    ['containerNo', l.containerNo],
    ['sealNo', l.sealNo],
    ['truckNo', l.truckNo],
    ['containerType', doc.containerTypeLabel],
    ['busType', doc.busTypeLabel],
    ['leftAddrId', doc.leftName],
    ['destAddrId', doc.destName],
    ['loadHouseId', doc.houseName],
    ['loadTime', l.loadTime],
    ['loadPerson', l.loadPerson],
    ['vesselOwner', l.vesselOwner],
    ['vesselName', l.vesselName],
    ['voyageNo', l.voyageNo],
    ['loadPort', l.loadPort],
    ['unloadPort', l.unloadPort],
    ['clsDate', l.clsDate],
    ['etdDate', l.etdDate],
    ['etaDate', l.etaDate],
    ['leftTime', l.leftTime],
    ['customsCorp', l.customsCorp],
    ['exportAgent', l.exportAgent],
    ['markCount', doc.marks.length],
    ['orderCount', doc.orderCount],
    ['piece', doc.pieces],
    ['weight', doc.weight],
    ['volume', doc.volume],
  ];
  return items.map(([field, value]) => ({ item: t(label(field), lang), value: value ?? '' }));
}
