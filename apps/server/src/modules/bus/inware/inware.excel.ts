import {
  formatTransportId,
  money,
  ORDER_FEE_AR_FIELDS,
  type TInwareAddBody,
  type TLanguage,
  ZInwareAddBody,
} from '@theone/contracts';
import type { Db } from '../../../platform/db/database';
import {
  type ExcelColumn,
  importErrors,
  importFailed,
  loadDictLabels,
  readSheet,
  type SheetColumn,
  type SheetUpload,
} from '../../../platform/excel/excel';
import { t } from '../../../platform/i18n';
import { periodOf, reserveSequence } from '../../../platform/sequences';
import { activeMarksByCode, activePlaces, destinationCountryCodes } from '../../bas/api/order-lookups';
import { label, orderQuantityColumns, ROUTE_COLUMNS, WAYBILL_COLUMNS } from '../bus.excel-columns';
import { textFields } from '../bus-record';
import { insertOrders } from '../order/order-core';
import { newPricingCache, type TMarkInfo } from './inware.pricing';
import { buildNewOrder, needImport, type TOrderCtx } from './inware.service';
import type { busOrder } from './inware.table';
import { PARTY_FIELDS } from './order-common';

/**
 * Excel of the order module: the list export (streamed in keyset batches), an order's fee sheet, the cargo lines of
 * selected orders, and the import (template, 5,000 rows, all or nothing, errors by row and column in the user's
 * language, each row priced like an order entered by hand).
 */

type Row = Record<string, unknown>;

export const ORDER_EXPORT_COLUMNS: ExcelColumn<Row>[] = [
  ...WAYBILL_COLUMNS,
  { key: 'mark', header: label('mark'), width: 10 },
  { key: 'markName', header: label('markName'), width: 18 },
  ...ROUTE_COLUMNS,
  { key: 'consignee', header: label('consignee') },
  { key: 'consigneeTel', header: label('consigneeTel'), width: 14 },
  { key: 'consigneeAddr', header: label('consigneeAddr'), width: 30 },
  { key: 'businessNo', header: label('businessNo') },
  { key: 'clientNo', header: label('clientNo') },
  { key: 'expressCorp', header: label('expressCorp'), type: 'dict', dict: 'express_corp', width: 12 },
  { key: 'expressNo', header: label('expressNo'), width: 26 },
  { key: 'receivingNo', header: label('receivingNo'), width: 16 },
  { key: 'cargoName', header: label('cargoName') },
  { key: 'cargoType', header: label('cargoType'), type: 'dict', dict: 'cargo_type', width: 12 },
  ...orderQuantityColumns('cargo'),
  ...orderQuantityColumns('arrived'),
  { key: 'arrivedHouseName', header: label('arrivedHouseId') },
  { key: 'trayNo', header: label('trayNo'), width: 10 },
  { key: 'orderTime', header: label('orderTime'), type: 'datetime' },
  { key: 'arrivedTime', header: label('arrivedTime'), type: 'datetime' },
  { key: 'containerNo', header: label('containerNo'), width: 14 },
  { key: 'auditStatus', header: label('auditStatus'), type: 'dict', dict: 'audit_status', width: 11 },
  { key: 'feeFreightAr', header: label('feeFreightAr'), type: 'money' },
  { key: 'feeArAmount', header: label('feeArAmount'), type: 'money' },
  { key: 'currency', header: label('currency'), fee: true, width: 8 },
  { key: 'rmbAmount', header: label('rmbAmount'), type: 'money' },
  { key: 'createBy', header: label('createBy'), width: 12 },
];

/** deliveryfree's export adds the supplement fees. */
export const FEE_VIEW_EXPORT_COLUMNS: ExcelColumn<Row>[] = [
  ...ORDER_EXPORT_COLUMNS.filter((c) => !['feeArAmount', 'currency', 'rmbAmount', 'createBy'].includes(c.key)),
  ...(['feeSendAr', 'deliveryAr', 'feeUnloadAr', 'feeChacheAr', 'feeOtherAr', 'thFeeAr', 'feeArAmount'] as const).map(
    (key): ExcelColumn<Row> => ({ key, header: label(key), type: 'money' }),
  ),
  { key: 'currency', header: label('currency'), fee: true, width: 8 },
  { key: 'signTime', header: label('signTime'), type: 'datetime' },
];

export const CARGO_EXPORT_COLUMNS: ExcelColumn<Row>[] = [
  { key: 'transportId', header: label('transportId'), width: 17 },
  { key: 'mark', header: label('mark'), width: 10 },
  { key: 'receivingNo', header: label('receivingNo'), width: 16 },
  { key: 'lineNo', header: label('lineNo'), type: 'integer', width: 7 },
  { key: 'piece', header: label('piece'), type: 'integer', width: 8 },
  { key: 'totalCount', header: label('totalCount'), type: 'integer', width: 10 },
  { key: 'cargoLength', header: label('cargoLength'), type: 'number', width: 9 },
  { key: 'cargoWidth', header: label('cargoWidth'), type: 'number', width: 9 },
  { key: 'cargoHight', header: label('cargoHight'), type: 'number', width: 9 },
  { key: 'size', header: label('size'), width: 14 },
  { key: 'weight', header: label('weight'), type: 'number', width: 10 },
  { key: 'volume', header: label('volume'), type: 'number', width: 10 },
];

/** An order's fee sheet: one row per fee. */
export const FEE_SHEET_COLUMNS: ExcelColumn<Row>[] = [
  { key: 'item', header: 'bus_fee_item', width: 26 },
  { key: 'amount', header: 'bus_fee_amount', type: 'money', fee: true, width: 16 },
  { key: 'currency', header: label('currency'), fee: true, width: 10 },
];

export function feeSheetRows(order: Record<string, unknown>, lang: TLanguage): Row[] {
  const money = [...ORDER_FEE_AR_FIELDS, 'feeAgentAp', 'feeArAmount', 'agentArAmount'] as const;
  const rows: Row[] = [
    { item: t(label('transportId'), lang), amount: null, currency: String(order.transportId) },
    { item: t(label('mark'), lang), amount: null, currency: String(order.mark ?? '') },
  ];
  for (const f of money) {
    if (order[f] === null || order[f] === undefined) continue;
    rows.push({ item: t(label(f), lang), amount: order[f], currency: order.currency });
  }
  rows.push({ item: t(label('currencyRate'), lang), amount: null, currency: String(order.currencyRate) });
  rows.push({ item: t(label('rmbAmount'), lang), amount: order.rmbAmount, currency: 'RMB' });
  return rows;
}

// ---------------------------------------------------------------------------------------------------------
// Import

const SHEET: SheetColumn[] = [
  { key: 'mark', header: label('mark'), required: true, aliases: ['唛头', 'mark'] },
  { key: 'busType', header: label('busType'), required: true },
  { key: 'leftAddr', header: label('leftAddrId'), required: true },
  { key: 'destAddr', header: label('destAddrId'), required: true },
  { key: 'orderTime', header: label('orderTime') },
  { key: 'consignee', header: label('consignee') },
  { key: 'consigneeTel', header: label('consigneeTel') },
  { key: 'consigneeAddr', header: label('consigneeAddr') },
  { key: 'shipper', header: label('shipper') },
  { key: 'shipperTel', header: label('shipperTel') },
  { key: 'businessNo', header: label('businessNo') },
  { key: 'clientNo', header: label('clientNo') },
  { key: 'expressCorp', header: label('expressCorp') },
  { key: 'expressNo', header: label('expressNo') },
  { key: 'cargoName', header: label('cargoName') },
  { key: 'cargoType', header: label('cargoType') },
  { key: 'cargoPiece', header: label('cargoPiece') },
  { key: 'cargoWeight', header: label('cargoWeight') },
  { key: 'cargoVolume', header: label('cargoVolume') },
  { key: 'declaredValue', header: label('declaredValue') },
  { key: 'cargoRemark', header: label('cargoRemark') },
];

export const IMPORT_TEMPLATE_COLUMNS: ExcelColumn<Row>[] = SHEET.map((c) => ({
  key: c.key,
  header: c.header,
  width: c.key === 'consigneeAddr' || c.key === 'expressNo' ? 30 : 14,
}));

export const IMPORT_EXAMPLE: Row = {
  mark: 'TH001',
  busType: 'EK',
  leftAddr: 'GZ',
  destAddr: 'BKK',
  orderTime: '',
  consignee: 'Khun Prasert',
  consigneeTel: '0823456789',
  consigneeAddr: '12/3 Ratchada Rd, Din Daeng, Bangkok 10400',
  expressCorp: 'SF',
  expressNo: 'SF1234567890,SF1234567891',
  cargoName: '家具',
  cargoType: '1',
  cargoPiece: '3',
  cargoWeight: '120.5',
  cargoVolume: '1.235',
};

export const MAX_IMPORT_ROWS = 5_000;

/** Sheet column of a body field, for error messages. */
const COLUMN_OF: Record<string, string> = { markId: 'mark', leftAddrId: 'leftAddr', destAddrId: 'destAddr' };

/**
 * A number cell as typed: Excel stores 0.35 as the nearest double, and a value computed in a sheet may read back as
 * 0.35000000000000003; 12 significant digits give back what the user sees in the cell.
 */
const cellNumber = (text: string | undefined) =>
  text && /^-?\d+\.\d{7,}$/.test(text) ? money(text).toSignificantDigits(12).toFixed() : text || undefined;

async function dictMatcher(db: Db, type: string) {
  const byText = new Map<string, string>();
  for (const lang of ['zh-cn', 'en', 'th'] as TLanguage[]) {
    for (const [value, text] of (await loadDictLabels(db, [type], lang)).get(type) ?? new Map<string, string>()) {
      byText.set(value.toLowerCase(), value);
      byText.set(text.toLowerCase(), value);
    }
  }
  return (text: string) => byText.get(text.trim().toLowerCase());
}

async function geogMatcher(db: Db, orgId: number) {
  const rows = await activePlaces(db, orgId);
  const byText = new Map<string, { id: number; code: string; parentCode?: string }>();
  for (const r of rows)
    for (const text of [r.code, r.name, r.nameEn, r.nameTh]) if (text) byText.set(text.trim().toLowerCase(), r);
  return (text: string) => byText.get(text.trim().toLowerCase());
}

async function countryCodes(db: Db): Promise<Map<number, string>> {
  return destinationCountryCodes(db);
}

export async function importOrders(
  ctx: TOrderCtx & { db: Db },
  upload: SheetUpload,
): Promise<{ created: number; transportIds: string[] }> {
  const { db, auth, lang, timezone } = ctx;
  needImport(auth);

  const sheet = await readSheet(upload, SHEET, MAX_IMPORT_ROWS);
  const header = (key: string) => t(SHEET.find((c) => c.key === key)?.header ?? label(key), lang);
  const { errors, fail } = importErrors(lang, header);

  // Marks the caller may enter orders for, by code (one query for the whole file).
  const codes = [...new Set(sheet.map((r) => r.values.mark?.toUpperCase()).filter(Boolean))];
  const marks = new Map<string, TMarkInfo>();
  if (codes.length) {
    const rows = await activeMarksByCode(db, auth, codes);
    for (const m of rows) marks.set(m.mark, m);
  }
  const busType = await dictMatcher(db, 'bus_type');
  const cargoType = await dictMatcher(db, 'cargo_type');
  const expressCorp = await dictMatcher(db, 'express_corp');
  const origin = await geogMatcher(db, 1);
  const dest = await geogMatcher(db, 2);
  const countries = await countryCodes(db);

  const valid: { rowNumber: number; body: TInwareAddBody; mark: TMarkInfo; country: string }[] = [];
  for (const { rowNumber, values: v } of sheet) {
    const before = errors.length;
    /** A required cell looked up: missing is 'required', not found `unknownKey`. */
    const lookUp = <T>(column: string, match: (text: string) => T | undefined, unknownKey = 'err_invalid_value') => {
      const text = v[column];
      if (!text) return void fail(rowNumber, column, 'err_required');
      const hit = match(text);
      if (!hit)
        fail(rowNumber, column, unknownKey, unknownKey === 'err_invalid_value' ? undefined : { [column]: text });
      return hit;
    };
    const mark = lookUp('mark', (code) => marks.get(code.toUpperCase()), 'bus_err_mark_unknown');
    const bt = lookUp('busType', busType);
    const left = lookUp('leftAddr', origin);
    const to = lookUp('destAddr', dest);
    const ct = v.cargoType ? cargoType(v.cargoType) : '1';
    if (!ct) fail(rowNumber, 'cargoType', 'err_invalid_value');
    const ec = v.expressCorp ? expressCorp(v.expressCorp) : '';
    if (ec === undefined) fail(rowNumber, 'expressCorp', 'err_invalid_value');
    const parsed = ZInwareAddBody.safeParse({
      status: 0,
      markId: mark?.id ?? null,
      busType: bt ?? null,
      leftAddrId: left?.id ?? null,
      destAddrId: to?.id ?? null,
      orderTime: v.orderTime ? v.orderTime.replace(/(\.\d{3})?Z$/, '') : undefined,
      ...textFields(v, [...PARTY_FIELDS, 'businessNo', 'clientNo', 'expressNo', 'cargoName', 'cargoRemark']),
      expressCorp: ec ?? '',
      cargoType: ct ?? '1',
      cargoPiece: cellNumber(v.cargoPiece),
      cargoWeight: cellNumber(v.cargoWeight),
      cargoVolume: cellNumber(v.cargoVolume),
      declaredValue: cellNumber(v.declaredValue),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        const column = COLUMN_OF[field] ?? field;
        if (errors.length > before && ['mark', 'busType', 'leftAddr', 'destAddr'].includes(column)) continue;
        const key = /^(err|msg)_[a-z0-9_]+$/.test(issue.message) ? issue.message : 'err_invalid_value';
        fail(rowNumber, SHEET.some((c) => c.key === column) ? column : 'mark', key);
      }
      continue;
    }
    if (errors.length > before || !mark || !to) continue;
    valid.push({ rowNumber, body: parsed.data, mark, country: countries.get(to.id) ?? 'TH' });
  }
  if (errors.length) throw importFailed(errors);

  const cache = newPricingCache();
  return db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    const values: (typeof busOrder.$inferInsert)[] = [];
    for (const r of valid) {
      try {
        values.push(await buildNewOrder(c, r.body, { mark: r.mark, countryCode: r.country }, cache));
      } catch (err) {
        const e = err as { messageKey?: string; params?: Record<string, unknown> };
        if (!e.messageKey) throw err;
        fail(r.rowNumber, 'mark', e.messageKey, e.params);
      }
    }
    if (errors.length) throw importFailed(errors);
    const period = periodOf(new Date(), timezone, 'yyMMdd');
    const last = await reserveSequence(tx, 'transportId', period, values.length);
    values.forEach((v, i) => {
      v.transportId = formatTransportId(valid[i]!.country, period, last - values.length + 1 + i);
    });
    const created = await insertOrders(tx, ctx, 'save', values, 'import');
    return { created: created.length, transportIds: created.map((o) => o.transportId) };
  });
}
