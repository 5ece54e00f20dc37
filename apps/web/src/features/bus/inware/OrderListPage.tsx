import { ListPage } from '../../../components/ListPage';
import { businessToday } from '../../../lib/business-time';
import '../shared/bus.css';
import { yesNoField } from '../shared/list-parts';
import type { TOrder } from './api';
import { search, sumsFooter } from './columns';
import { cargoAndRouteSearch, inwareList, selectionPrints } from './order-list-parts';
import { orderListColumns, orderListRowActions, orderListToolbar } from './order-list-view';

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
      columns={orderListColumns}
      toolbar={orderListToolbar}
      toolbarExtra={selectionPrints<TOrder>(['label', 'receipt'], 'bus:order:print')}
      rowActions={orderListRowActions}
      actionsWidth={250}
      footer={sumsFooter()}
    />
  );
}
