import { ListPage } from '../../../components/ListPage';
import { businessToday } from '../../../lib/business-time';
import { navigateTo } from '../../../lib/navigation';
import { canDo } from '../shared/order-actions';
import '../shared/bus.css';
import { yesNoField } from '../shared/list-parts';
import type { TOrder } from './api';
import { col, search, sumsFooter } from './columns';
import { rowActions, toolbar } from './list-actions';
import { cargoAndRouteSearch, inwareList, leadColumns, selectionPrints } from './order-list-parts';

/**
 * orderList (screens §3): any order in any status. Opens on the last 30 days; a search with no condition says M8.
 * Several waybill, express, receipt, PO or container numbers are separated by English commas.
 */
const day = (offset: number) => businessToday(offset);

export default function OrderListPage() {
  return (
    <ListPage<TOrder>
      {...inwareList('orderList', 'bus:order:export')}
      requireCondition
      defaultFilters={{ beginTime: day(-30), endTime: day(0) }}
      visibleFields={4}
      searchFields={[
        search.transportId(),
        search.expressNo(),
        search.mark(),
        search.range('orderTime', 'field_order_time'),
        search.receivingNo(),
        search.businessNo(),
        ...search.texts('clientNo'),
        search.text('agent', 'field_top_mark'),
        ...search.texts('consignee', 'consigneeTel', 'shipper'),
        ...cargoAndRouteSearch(),
        search.dict('auditStatus', 'field_audit_status', 'audit_status'),
        search.dict('deliveryStatus', 'field_delivery_status', 'send_status'),
        search.dict('signStatus', 'field_sign_status', 'sign_status'),
        {
          type: 'dict',
          name: 'arWriteStatus',
          label: 'field_ar_write_status',
          dictType: 'write_status',
          multiple: true,
        },
        yesNoField('ifException', 'field_if_exception'),
        search.containerNo(),
        ...search.texts('sealNo', 'truckNo', 'trayNo'),
        search.range('arrivedTime', 'field_arrived_time', 'ArrivedTime'),
        search.range('signTime', 'field_sign_time', 'SignTime'),
      ]}
      columns={[
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
      ]}
      toolbar={[
        toolbar.exportCargo('bus:order:export'),
        toolbar.fetchPrice('bus:order:price'),
        toolbar.recalculate('bus:order:price'),
      ]}
      toolbarExtra={selectionPrints<TOrder>(['label', 'receipt'], 'bus:order:print')}
      rowActions={[
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
      ]}
      actionsWidth={250}
      footer={sumsFooter()}
    />
  );
}
