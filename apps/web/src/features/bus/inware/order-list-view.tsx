import type { ListColumn, RowAction, ToolbarButton } from '../../../components/ListPage';
import { navigateTo } from '../../../lib/navigation';
import { canDo } from '../shared/order-actions';
import type { TOrder } from './api';
import { col } from './columns';
import { rowActions, toolbar } from './list-actions';
import { leadColumns } from './order-list-parts';

/**
 * The orderList screen's columns, buttons and row actions. Its rows carry only the fields of contracts
 * ORDER_LIST_VIEW_FIELDS (the server reads no more for this view): the test beside this file fails when one of these
 * reads another field, so a new column is added there too.
 */
export const orderListColumns: ListColumn<TOrder>[] = [
  ...leadColumns('details'),
  col.pieces(),
  col.weights(),
  col.volumes(),
  col.time('orderTime', 'field_order_time', true),
  col.time('arrivedTime', 'field_arrived_time', true),
  col.text('containerNo', 'field_container_no', 130),
  col.time('leftTime', 'field_left_time', false, true),
  col.time('preArriveTime', 'field_pre_arrive_time', true, true),
  col.time('signTime', 'field_sign_time', true, true),
  col.num('signPiece', 'field_sign_piece'),
  col.dict('auditStatus', 'field_audit_status', 'audit_status'),
  col.exception(),
  col.money('feeFreightAr', 'field_fee_freight_ar'),
  col.money('feeArAmount', 'field_fee_ar_amount', true),
  { ...col.dict('arWriteStatus', 'field_ar_write_status', 'write_status'), fee: true },
  { ...col.express(), defaultHidden: true },
  col.text('businessNo', 'field_business_no', 110, true),
  col.text('clientNo', 'field_client_no', 110, true),
  col.text('trayNo', 'field_tray_no', 90, true),
  col.text('truckNo', 'field_truck_no', 110, true),
  col.text('sealNo', 'field_seal_no', 110, true),
  { ...col.num('printTimes', 'field_print_times'), defaultHidden: true },
  col.text('shipper', 'field_shipper', 110, true),
];

export const orderListToolbar: ToolbarButton<TOrder>[] = [
  toolbar.exportCargo('bus:order:export'),
  toolbar.fetchPrice('bus:order:price'),
  toolbar.recalculate('bus:order:price'),
];

export const orderListRowActions: RowAction<TOrder>[] = [
  rowActions.details(),
  rowActions.edit('bus:order:edit'),
  {
    key: 'modify',
    label: 'bus_btn_modify',
    perm: 'bus:orderListEdit:edit',
    hidden: (r) => !canDo(r, 'modifyAfterReceipt'),
    onClick: (r) => navigateTo(`/bus/orderListEdit?transportId=${r.transportId}`),
  },
  rowActions.stepBack(),
];
