import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { request } from '../../../lib/request';
import { contPriceKeys, useGeog } from '../api';
import { GeogFilterSelect, ValidityTag } from '../common/selects';

/** contPriceList (screens §3.11): carrier cost and quoted price per container or truck type and route. */
export interface TContPrice {
  id: number;
  containerType: string;
  busType: string;
  leftAddrId: number;
  destAddrId: number;
  vesselOwner: string;
  apPrice?: string;
  arPrice?: string | null;
  currency: string;
  validFromDate: string;
  validToDate: string;
  isOverdue: '0' | '1';
  remark: string;
  version: number;
  updateTime: string | null;
  createTime: string;
}

export default function ContPriceListPage() {
  const navigate = useNavigate();
  const origin = useGeog(1);
  const dest = useGeog(2);
  const columns: ListColumn<TContPrice>[] = [
    { key: 'containerType', title: 'field_container_type', type: 'dict', dictType: 'container_type', width: 170 },
    { key: 'busType', title: 'field_bus_type', type: 'dict', dictType: 'bus_type', width: 110 },
    { key: 'leftAddrId', title: 'field_left_addr', width: 110, render: (_, r) => origin.labelOf(r.leftAddrId) },
    { key: 'destAddrId', title: 'field_dest_addr', width: 150, render: (_, r) => dest.labelOf(r.destAddrId) },
    { key: 'vesselOwner', title: 'field_vessel_owner', width: 130 },
    {
      key: 'apPrice',
      title: 'field_ap_price',
      type: 'money',
      currency: (r) => r.currency,
      fee: true,
      sortable: true,
      width: 150,
    },
    {
      key: 'arPrice',
      title: 'field_ar_price',
      type: 'money',
      currency: (r) => r.currency,
      fee: true,
      sortable: true,
      width: 150,
    },
    { key: 'validFromDate', title: 'field_valid_from', sortable: true, width: 120 },
    { key: 'validToDate', title: 'field_valid_to', sortable: true, width: 120 },
    {
      key: 'isOverdue',
      title: 'field_is_overdue',
      width: 110,
      render: (_, r) => <ValidityTag isOverdue={r.isOverdue} validToDate={r.validToDate} />,
    },
    { key: 'remark', title: 'remark', width: 160 },
    { key: 'updateTime', title: 'bas_updated_at', type: 'datetime', sortable: true, width: 170 },
  ];
  return (
    <ListPage<TContPrice>
      id="bas/contPriceList"
      queryKey={contPriceKeys.lists()}
      url="/bas/contPrice/list"
      rowKey="id"
      defaultSort={{ column: 'createTime', order: 'desc' }}
      visibleFields={4}
      searchFields={[
        { type: 'dict', name: 'containerType', label: 'field_container_type', dictType: 'container_type' },
        { type: 'dict', name: 'busType', label: 'field_bus_type', dictType: 'bus_type' },
        { type: 'custom', name: 'leftAddrId', label: 'field_left_addr', render: () => <GeogFilterSelect orgId={1} /> },
        { type: 'custom', name: 'destAddrId', label: 'field_dest_addr', render: () => <GeogFilterSelect orgId={2} /> },
        { name: 'vesselOwner', label: 'field_vessel_owner' },
        { type: 'date', name: 'validOn', label: 'bas_valid_on' },
      ]}
      columns={columns}
      toolbar={[
        {
          key: 'add',
          label: 'add',
          type: 'primary',
          icon: <PlusOutlined />,
          perm: 'bas:contPrice:add',
          onClick: () => navigate('/bas/contPriceAdd'),
        },
        {
          key: 'delete',
          label: 'delete',
          danger: true,
          perm: 'bas:contPrice:remove',
          selection: 'multiple',
          onClick: (ctx) =>
            ctx.runAction({
              confirm: 'confirm_delete',
              danger: true,
              run: async (rows, config) => {
                for (const r of rows) await request.post(`/bas/contPrice/delete/${r.id}`, undefined, config);
              },
            }),
        },
      ]}
      rowActions={[
        {
          key: 'edit',
          label: 'edit',
          perm: 'bas:contPrice:edit',
          onClick: (r) => navigate(`/bas/contPriceEdit/${r.id}`),
        },
        {
          key: 'delete',
          label: 'delete',
          danger: true,
          perm: 'bas:contPrice:remove',
          onClick: (r, ctx) =>
            ctx.runAction({
              rows: [r],
              confirm: 'confirm_delete',
              danger: true,
              run: (rows, config) => request.post(`/bas/contPrice/delete/${rows[0]!.id}`, undefined, config),
            }),
        },
      ]}
    />
  );
}
