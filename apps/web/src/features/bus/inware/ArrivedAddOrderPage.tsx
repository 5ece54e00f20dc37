import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ListPage';
import { navigateTo } from '../../../lib/navigation';
import '../shared/bus.css';
import { ORDER_EDIT_PATH, type TOrder } from './api';
import { col, search } from './columns';
import { rowActions } from './list-actions';
import { inwareList } from './order-list-parts';

/**
 * arrivedAddOrder (screens §3): received cargo whose order data are incomplete (received before the customer
 * entered an order, or a no-mark item just assigned). A search needs a receipt, express or waybill number or a
 * mark (M8); each row lists what is missing; Supplement opens the order form.
 */
function Missing({ keys }: { keys: string[] }) {
  const { t } = useTranslation();
  if (!keys.length) return <Tag color="green">{t('bus_complete')}</Tag>;
  return (
    <Space size={2} wrap>
      {keys.map((k) => (
        <Tag key={k} color="orange">
          {t(k === 'price' ? 'field_price_id' : `field_${k.replace(/([A-Z])/g, '_$1').toLowerCase()}`)}
        </Tag>
      ))}
    </Space>
  );
}

export default function ArrivedAddOrderPage() {
  return (
    <ListPage<TOrder>
      {...inwareList('arrivedAddOrder', 'bus:arrivedAddOrder:export')}
      requireCondition
      searchFields={[
        search.receivingNo(),
        search.expressNo(),
        search.transportId(),
        search.mark(),
        search.range('arrivedTime', 'field_arrived_time'),
        {
          type: 'select',
          name: 'incomplete',
          label: 'bus_completeness',
          options: [
            { value: '1', label: 'bus_incomplete' },
            { value: '0', label: 'bus_complete' },
            { value: 'all', label: 'bus_all' },
          ],
        },
      ]}
      columns={[
        col.text('receivingNo', 'field_receiving_no', 150),
        col.transportId('info'),
        col.status(),
        col.mark(),
        col.time('arrivedTime', 'field_arrived_time', true),
        col.text('arrivedHouseName', 'field_arrived_house_id', 110),
        col.num('arrivedPiece', 'field_arrived_piece'),
        col.num('arrivedWeight', 'field_arrived_weight', 110),
        col.num('arrivedVolume', 'field_arrived_volume', 110),
        { key: 'missing', title: 'bus_missing', width: 260, render: (_v, r) => <Missing keys={r.missing} /> },
        col.text('consignee', 'field_consignee'),
        col.text('cargoName', 'field_cargo_name'),
        col.busType(),
        col.text('destAddrName', 'field_dest_addr_id', 100),
        col.money('feeArAmount', 'field_fee_ar_amount'),
        col.text('createBy', 'field_create_by', 100),
      ]}
      rowActions={[
        {
          key: 'supplement',
          label: 'bus_btn_supplement',
          perm: 'bus:arrivedAddOrder:edit',
          hidden: (r) => r.status > 3,
          onClick: (r) => navigateTo(`${ORDER_EDIT_PATH}?id=${r.id}`),
        },
        rowActions.info(),
      ]}
    />
  );
}
