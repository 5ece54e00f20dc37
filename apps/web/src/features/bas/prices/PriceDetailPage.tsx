import { ArrowLeftOutlined, CopyOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { toPlainString } from '@theone/contracts/common/money';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useLeavePage } from '../../../app/layout/use-leave-page';
import { useTabTitle } from '../../../app/layout/use-tab-title';
import { Auth } from '../../../components/Auth';
import { type DetailItem, DetailView } from '../../../components/DetailView';
import { getData } from '../../../lib/request';
import { priceKeys, type TPrice, useGeog } from '../api';
import { ValidityTag } from '../common/selects';
import '../common/bas.css';

/** price-details (screens §3.9): every field read-only, with Edit, Copy and Back. */
/** A kg-per-m³ rate as people write it ('300.000000' -> '300 kg/m³'), exact. */
const perCubicMetre = (v: unknown) => (v ? `${toPlainString(String(v))} kg/m³` : '-');

export default function PriceDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const leave = useLeavePage();
  const origin = useGeog(1);
  const dest = useGeog(2);
  const { data, isLoading } = useQuery({
    queryKey: priceKeys.detail(id ?? ''),
    queryFn: () => getData<TPrice>(`/bas/price/${id}`),
  });
  useTabTitle(data ? `${t('menu_price_details')} ${data.mark ?? t('bas_all_marks')}` : undefined);
  const money = (name: keyof TPrice & string, label: string): DetailItem<TPrice> => ({
    name,
    label,
    type: 'money',
    currency: (p) => p.currency,
    fee: true,
  });
  const items: DetailItem<TPrice>[] = [
    {
      name: 'mark',
      label: 'field_mark',
      render: (v, p) => (p.markId ? `${v} · ${p.markName ?? ''}` : t('bas_all_marks')),
    },
    { name: 'busType', label: 'field_bus_type', type: 'dict', dictType: 'bus_type' },
    { name: 'cargoType', label: 'field_cargo_type', type: 'dict', dictType: 'cargo_type' },
    { name: 'leftAddrId', label: 'field_left_addr', render: (v) => origin.labelOf(v as number) },
    { name: 'destAddrId', label: 'field_dest_addr', render: (v) => dest.labelOf(v as number) },
    { name: 'currency', label: 'field_currency', type: 'dict', dictType: 'currency' },
    { name: 'isWeight', label: 'field_is_weight', type: 'dict', dictType: 'bas_price_basis', fee: true },
    money('volumePrice', 'field_volume_price'),
    money('weightPrice', 'field_weight_price'),
    { name: 'isWeightAgent', label: 'field_is_weight_agent', type: 'dict', dictType: 'bas_price_basis', fee: true },
    money('volumePriceAgent', 'field_volume_price_agent'),
    money('weightPriceAgent', 'field_weight_price_agent'),
    { name: 'volWgtRate', label: 'field_vol_wgt_rate', fee: true, render: perCubicMetre },
    { name: 'wgtVolRate', label: 'field_wgt_vol_rate', fee: true, render: perCubicMetre },
    { name: 'validFromDate', label: 'field_valid_from' },
    { name: 'validToDate', label: 'field_valid_to' },
    {
      name: 'isOverdue',
      label: 'field_is_overdue',
      render: (v, p) => <ValidityTag isOverdue={v as string} validToDate={p.validToDate} />,
    },
    { name: 'createBy', label: 'created_by' },
    { name: 'createTime', label: 'field_create_time', type: 'datetime' },
    { name: 'updateBy', label: 'bas_updated_by' },
    { name: 'updateTime', label: 'bas_updated_at', type: 'datetime' },
    { name: 'remark', label: 'remark', span: 3 },
  ];
  return (
    <Card
      className="bas-page"
      title={t('menu_price_details')}
      extra={
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={() => leave('/bas/price-list')}>
            {t('back')}
          </Button>
          <Auth perm="bas:price:add">
            <Button icon={<CopyOutlined />} onClick={() => navigate(`/bas/price-add?copy=${id}`)}>
              {t('bas_copy')}
            </Button>
          </Auth>
          <Auth perm="bas:price:edit">
            <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`/bas/price-edit/${id}`)}>
              {t('edit')}
            </Button>
          </Auth>
        </Space>
      }
    >
      <DetailView<TPrice> data={data} loading={isLoading} items={items} column={{ xs: 1, sm: 2, lg: 3 }} />
    </Card>
  );
}
