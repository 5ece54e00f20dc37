import { orderFieldLabelKey } from '@theone/contracts';
import type { ExcelColumn } from '../../platform/excel/excel';

/**
 * Column sets the bus sheets share (order list, manifest, container bill, load lists): the same field with the same
 * header, type and width wherever it stands. Headers are the order fields' translation keys.
 */

type Row = Record<string, unknown>;

/** The translation key of an order field's label, as a header. */
export const label = (field: string) => orderFieldLabelKey(field);

/** The transport mode and the route, by name. */
export const ROUTE_COLUMNS: ExcelColumn<Row>[] = [
  { key: 'busType', header: label('busType'), type: 'dict', dict: 'bus_type', width: 12 },
  { key: 'leftAddrName', header: label('leftAddrId'), width: 10 },
  { key: 'destAddrName', header: label('destAddrId'), width: 10 },
];

/** A group's pieces, weight and volume (a mark's, an order's, a load's). */
export const QUANTITY_COLUMNS: ExcelColumn<Row>[] = [
  { key: 'pieces', header: label('piece'), type: 'integer', width: 9 },
  { key: 'weight', header: label('weight'), type: 'number', width: 12 },
  { key: 'volume', header: label('volume'), type: 'number', width: 12 },
];

/** A mark with its customer's name. */
export const MARK_COLUMNS: ExcelColumn<Row>[] = [
  { key: 'mark', header: label('mark'), width: 12 },
  { key: 'markName', header: label('markName'), width: 18 },
];

/** An order's waybill number and status. */
export const WAYBILL_COLUMNS: ExcelColumn<Row>[] = [
  { key: 'transportId', header: label('transportId'), width: 17 },
  { key: 'status', header: label('status'), type: 'dict', dict: 'order_status', width: 12 },
];

/** An order's quantities as entered (`cargo`) or as received (`arrived`): pieces, weight, volume. */
export const orderQuantityColumns = (kind: 'cargo' | 'arrived'): ExcelColumn<Row>[] =>
  (
    [
      ['Piece', 'integer', 9],
      ['Weight', 'number', 11],
      ['Volume', 'number', 11],
    ] as const
  ).map(([what, type, width]) => ({ key: `${kind}${what}`, header: label(`${kind}${what}`), type, width }));
