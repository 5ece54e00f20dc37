import { orderFieldLabelKey, type TLanguage, type TOrderFeeArField } from '@theone/contracts';
import type { ExcelColumn } from '../../../platform/excel/excel';
import { t } from '../../../platform/i18n';
import { billRows, type TLoadDocument } from './load-io.service';

/**
 * The sheets of a container's documents (load-io.routes.ts): the manifest for customs brokers and the overseas
 * team (one row per mark, the order lines on a second sheet) and the container bill [fee] (receivables per mark).
 * Headers are translation keys; figures are exact decimal text written as numbers.
 */

type Row = Record<string, unknown>;
const label = (field: string) => orderFieldLabelKey(field);

export const MANIFEST_MARK_COLUMNS: ExcelColumn<Row>[] = [
  { key: 'mark', header: label('mark'), width: 12 },
  { key: 'markName', header: label('markName'), width: 18 },
  { key: 'cargoNames', header: label('cargoName'), width: 30 },
  { key: 'orders', header: label('orderCount'), type: 'integer', width: 9 },
  { key: 'pieces', header: label('piece'), type: 'integer', width: 9 },
  { key: 'weight', header: label('weight'), type: 'number', width: 12 },
  { key: 'volume', header: label('volume'), type: 'number', width: 12 },
  { key: 'consignees', header: label('consignee'), width: 36 },
];

export const MANIFEST_ORDER_COLUMNS: ExcelColumn<Row>[] = [
  { key: 'mark', header: label('mark'), width: 12 },
  { key: 'transportId', header: label('transportId'), width: 17 },
  { key: 'status', header: label('status'), type: 'dict', dict: 'order_status', width: 12 },
  { key: 'cargoName', header: label('cargoName'), width: 20 },
  { key: 'cargoType', header: label('cargoType'), type: 'dict', dict: 'cargo_type', width: 12 },
  { key: 'pieces', header: label('piece'), type: 'integer', width: 9 },
  { key: 'weight', header: label('weight'), type: 'number', width: 12 },
  { key: 'volume', header: label('volume'), type: 'number', width: 12 },
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
    { key: 'mark', header: label('mark'), width: 12 },
    { key: 'markName', header: label('markName'), width: 18 },
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
