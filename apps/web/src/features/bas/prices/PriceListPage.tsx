import { SlidersOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { addButton } from '../../../components/list-presets';
import { priceKeys, type TPrice, useGeog } from '../api';
import { deleteActions } from '../common/list-actions';
import { routeFilters, validityColumns } from '../common/price-list-pieces';

/**
 * price-list (screens §3.7): freight tariffs per mark (or all marks), mode, route, cargo type and period.
 * Every price column is a fee column; the route itself needs the fee role. No export (the spec lists none).
 */
export default function PriceListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const origin = useGeog(1);
  const dest = useGeog(2);
  const remove = deleteActions<TPrice>('/bas/price', 'bas:price:remove');
  const money = (key: keyof TPrice & string, title: string, sortable = true): ListColumn<TPrice> => ({
    key,
    title,
    type: 'money',
    currency: (r) => r.currency,
    fee: true,
    sortable,
    width: 140,
    align: 'right',
  });
  const columns: ListColumn<TPrice>[] = [
    {
      key: 'mark',
      title: 'field_mark',
      width: 120,
      fixed: 'left',
      render: (_, r) =>
        r.markId ? (
          <Link to={`/bas/price-details/${r.id}`}>{r.mark}</Link>
        ) : (
          <Link to={`/bas/price-details/${r.id}`}>{t('bas_all_marks')}</Link>
        ),
    },
    { key: 'busType', title: 'field_bus_type', type: 'dict', dictType: 'bus_type', width: 110 },
    { key: 'leftAddrId', title: 'field_left_addr', width: 110, render: (_, r) => origin.labelOf(r.leftAddrId) },
    { key: 'destAddrId', title: 'field_dest_addr', width: 150, render: (_, r) => dest.labelOf(r.destAddrId) },
    { key: 'cargoType', title: 'field_cargo_type', type: 'dict', dictType: 'cargo_type', width: 110 },
    { key: 'isWeight', title: 'field_is_weight', type: 'dict', dictType: 'bas_price_basis', fee: true, width: 110 },
    money('volumePrice', 'field_volume_price'),
    money('weightPrice', 'field_weight_price'),
    {
      key: 'isWeightAgent',
      title: 'field_is_weight_agent',
      type: 'dict',
      dictType: 'bas_price_basis',
      fee: true,
      width: 120,
      defaultHidden: true,
    },
    money('volumePriceAgent', 'field_volume_price_agent'),
    money('weightPriceAgent', 'field_weight_price_agent'),
    { key: 'volWgtRate', title: 'field_vol_wgt_rate', type: 'number', decimals: 0, fee: true, width: 110 },
    {
      key: 'wgtVolRate',
      title: 'field_wgt_vol_rate',
      type: 'number',
      decimals: 0,
      fee: true,
      width: 110,
      defaultHidden: true,
    },
    { key: 'currency', title: 'field_currency', width: 80 },
    ...validityColumns<TPrice>(120),
    { key: 'updateBy', title: 'bas_updated_by', width: 100, render: (_, r) => r.updateBy || r.createBy },
    { key: 'updateTime', title: 'bas_updated_at', type: 'datetime', sortable: true, width: 170 },
  ];
  return (
    <ListPage<TPrice>
      id="bas/price-list"
      queryKey={priceKeys.lists()}
      url="/bas/price/list"
      rowKey="id"
      defaultSort={{ column: 'createTime', order: 'desc' }}
      defaultFilters={{ isOverdue: '0' }}
      visibleFields={4}
      searchFields={[
        { name: 'mark', label: 'field_mark' },
        {
          type: 'select',
          name: 'allMarks',
          label: 'bas_price_scope',
          options: [
            { value: '1', label: t('bas_all_marks') },
            { value: '0', label: t('bas_one_mark') },
          ],
        },
        { type: 'dict', name: 'busType', label: 'field_bus_type', dictType: 'bus_type' },
        ...routeFilters,
        { type: 'dict', name: 'cargoType', label: 'field_cargo_type', dictType: 'cargo_type' },
        { type: 'date', name: 'validOn', label: 'bas_valid_on' },
        { type: 'dict', name: 'isOverdue', label: 'field_is_overdue', dictType: 'price_overdue' },
      ]}
      columns={columns}
      toolbar={[
        addButton('bas:price:add', () => navigate('/bas/price-add')),
        {
          key: 'batch',
          label: 'menu_price_batch',
          icon: <SlidersOutlined />,
          perm: 'bas:price:batch',
          onClick: (ctx) => {
            const query = new URLSearchParams(Object.entries(ctx.filters).filter(([k, v]) => v && k !== 'isOverdue'));
            navigate(`/bas/price-batch${query.size ? `?${query}` : ''}`);
          },
        },
        remove.button,
      ]}
      rowActions={[
        {
          key: 'info',
          label: 'details',
          perm: 'bas:price:info',
          onClick: (r) => navigate(`/bas/price-details/${r.id}`),
        },
        { key: 'edit', label: 'edit', perm: 'bas:price:edit', onClick: (r) => navigate(`/bas/price-edit/${r.id}`) },
        {
          key: 'copy',
          label: 'bas_copy',
          perm: 'bas:price:add',
          onClick: (r) => navigate(`/bas/price-add?copy=${r.id}`),
        },
        remove.rowAction,
      ]}
      actionsWidth={210}
    />
  );
}
