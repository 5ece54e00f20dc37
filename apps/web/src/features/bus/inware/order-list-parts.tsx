import type { ReactNode } from 'react';
import type { ListContext } from '../../../components/ListPage';
import { PrintButtons, type PrintKind } from '../print';
import { inwareKeys } from './api';
import { col, search } from './columns';

/**
 * What the order lists (orderList, unOrder, noMarkOrder) share beyond single columns: the leading columns, the
 * cargo-and-route search fields, and the print buttons of the selection.
 */

/**
 * The ListPage props every order list shares: its id (`bus/<view>`, the key of its saved settings), query key, the
 * list endpoint showing `view` (the server's list of that screen, with `params`), the row key, and the order export
 * for users with `exportPerm`.
 */
export const inwareList = (view: string, exportPerm: string, params?: Record<string, string>) => ({
  id: `bus/${view}`,
  queryKey: inwareKeys.lists(),
  url: '/bus/inware/list',
  baseParams: { view, ...params },
  rowKey: 'id' as const,
  exportConfig: { url: '/bus/inware/export', fileName: 'bus_order_export', perm: exportPerm },
});

/** Waybill (to the info or details page), status, mark, mode, route, consignee and phone, cargo name and type. */
export const leadColumns = (to: 'info' | 'details') => [
  col.transportId(to),
  col.status(),
  col.mark(),
  col.busType(),
  col.route(),
  col.text('consignee', 'field_consignee'),
  col.text('consigneeTel', 'field_consignee_tel'),
  col.text('cargoName', 'field_cargo_name'),
  col.dict('cargoType', 'field_cargo_type', 'cargo_type'),
];

/** Cargo name, mode, cargo type, departure, destination and status. */
export const cargoAndRouteSearch = () => [
  ...search.texts('cargoName'),
  search.dict('busType', 'field_bus_type', 'bus_type'),
  search.dict('cargoType', 'field_cargo_type', 'cargo_type'),
  search.geog('leftAddrId', 1),
  search.geog('destAddrId', 2),
  search.dict('status', 'field_status', 'order_status'),
];

/** The toolbar's print buttons (`kinds`) for the selected orders, each for users with the screen's `perm`. */
export const selectionPrints = <Row extends { id: number }>(kinds: readonly PrintKind[], perm: string) => {
  const perms = Object.fromEntries(kinds.map((k) => [k, perm]));
  return (ctx: ListContext<Row>): ReactNode => (
    <PrintButtons ids={ctx.selectedRows.map((r) => r.id)} kinds={kinds} perms={perms} onPrinted={() => ctx.refetch()} />
  );
};
