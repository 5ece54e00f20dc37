import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Table, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useLeavePage } from '../../../app/layout/use-leave-page';
import { useTabTitle } from '../../../app/layout/use-tab-title';
import { Auth } from '../../../components/Auth';
import { type DetailItem, DetailView } from '../../../components/DetailView';
import { DictTag } from '../../../components/DictTag';
import { MoneyCell } from '../../../components/MoneyCell';
import { formatDateTime } from '../../../lib/format';
import { usePermission } from '../../../lib/permission';
import { getData, request } from '../../../lib/request';
import { markKeys, priceKeys, type TAddress, type TMark, type TPrice, useGeog } from '../api';
import { ValidityTag } from '../common/selects';
import '../common/bas.css';

/**
 * custom-detail (screens §3.6) and agent-detail (§3.3): read-only fields and tabs (addresses, sub-marks of
 * an agent, prices with the fee role, account, sign-in). Orders and open balance arrive with the orders and
 * settlement modules.
 */
function PriceTable({ markId, allMarks }: { markId?: number; allMarks?: boolean }) {
  const { t } = useTranslation();
  const origin = useGeog(1);
  const dest = useGeog(2);
  const params = allMarks ? { allMarks: '1', isOverdue: '0', pageSize: 100 } : { markId, pageSize: 100 };
  const { data, isLoading } = useQuery({
    queryKey: priceKeys.list(params),
    queryFn: async () => (await request.get<{ rows: TPrice[] }>('/bas/price/list', params)).rows,
  });
  return (
    <Table<TPrice>
      size="small"
      rowKey="id"
      loading={isLoading}
      dataSource={data ?? []}
      pagination={false}
      scroll={{ x: 1000 }}
      columns={[
        {
          title: t('field_bus_type'),
          dataIndex: 'busType',
          render: (v: string) => <DictTag type="bus_type" value={v} />,
        },
        { title: t('field_left_addr'), dataIndex: 'leftAddrId', render: (v: number) => origin.labelOf(v) },
        { title: t('field_dest_addr'), dataIndex: 'destAddrId', render: (v: number) => dest.labelOf(v) },
        {
          title: t('field_cargo_type'),
          dataIndex: 'cargoType',
          render: (v: string) => <DictTag type="cargo_type" value={v} />,
        },
        {
          title: t('field_volume_price'),
          dataIndex: 'volumePrice',
          align: 'right',
          render: (v: string, r) => <MoneyCell value={v} currency={r.currency} />,
        },
        {
          title: t('field_weight_price'),
          dataIndex: 'weightPrice',
          align: 'right',
          render: (v: string, r) => <MoneyCell value={v} currency={r.currency} />,
        },
        {
          title: t('field_volume_price_agent'),
          dataIndex: 'volumePriceAgent',
          align: 'right',
          render: (v: string, r) => <MoneyCell value={v} currency={r.currency} />,
        },
        { title: t('field_valid_from'), dataIndex: 'validFromDate' },
        { title: t('field_valid_to'), dataIndex: 'validToDate' },
        {
          title: t('status'),
          dataIndex: 'isOverdue',
          render: (v: string, r) => <ValidityTag isOverdue={v} validToDate={r.validToDate} />,
        },
        {
          title: t('actions'),
          render: (_, r) => (
            <Auth perm="bas:price:info">
              <Link to={`/bas/price-details/${r.id}`}>{t('details')}</Link>
            </Auth>
          ),
        },
      ]}
    />
  );
}

function AddressTable({ rows }: { rows: TAddress[] }) {
  const { t } = useTranslation();
  return (
    <Table<TAddress>
      size="small"
      rowKey={(r) => String(r.id)}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: t('bas_no_addresses') }}
      columns={[
        { title: t('field_corporation'), dataIndex: 'corporation' },
        { title: t('field_contact'), dataIndex: 'contact', width: 160 },
        { title: t('field_tel'), dataIndex: 'tel', width: 160 },
        { title: t('field_addr'), dataIndex: 'addr' },
        {
          title: t('field_is_default'),
          dataIndex: 'isDefault',
          width: 90,
          render: (v: string) => <DictTag type="bas_flag" value={v} />,
        },
      ]}
    />
  );
}

export function MarkDetailPage({ isAgent }: { isAgent: '0' | '1' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = useLeavePage();
  const { id } = useParams();
  const agent = isAgent === '1';
  const key = agent ? 'bas:agentMark' : 'bas:customMark';
  const { isFeeRole, hasPermi } = usePermission();
  const { data: mark, isLoading } = useQuery({
    queryKey: markKeys.detail(id ?? ''),
    queryFn: () => getData<TMark>(`/bas/mark/${id}`),
  });
  const subs = useQuery({
    queryKey: markKeys.custom('under', id ?? ''),
    queryFn: async () =>
      (await request.get<{ rows: TMark[] }>('/bas/mark/list', { topMarkId: id, pageSize: 500 })).rows,
    enabled: agent,
  });
  useTabTitle(mark ? `${t(agent ? 'menu_agent_detail' : 'menu_custom_detail')} ${mark.mark}` : undefined);

  const basic: DetailItem<TMark>[] = [
    { name: 'mark', label: 'field_mark' },
    ...(agent
      ? ([
          { name: 'agentName', label: 'field_agent_name' },
          { name: 'company', label: 'field_company' },
          { name: 'realName', label: 'field_real_name' },
          { name: 'phone', label: 'field_phone' },
          { name: 'addr', label: 'field_addr' },
          { name: 'underMarkNum', label: 'field_under_mark_num' },
        ] as DetailItem<TMark>[])
      : ([
          { name: 'nameZh', label: 'field_name_zh' },
          { name: 'clientType', label: 'field_client_type', type: 'dict', dictType: 'client_type' },
          {
            name: 'topMark',
            label: 'field_top_mark',
            render: (_v, m) => (m.topMarkId ? <Link to={`/bas/agent-detail/${m.topMarkId}`}>{m.topMark}</Link> : '-'),
          },
        ] as DetailItem<TMark>[])),
    { name: 'salesName', label: 'field_sales' },
    { name: 'serviceName', label: 'field_service' },
    {
      name: 'shippingChannels',
      label: 'field_shipping_channels',
      render: (v) => <DictTag type="bus_type" value={(v as string[]).join(',')} />,
    },
    { name: 'balanceType', label: 'field_balance_type', type: 'dict', dictType: 'balance_type' },
    { name: 'calPriceType', label: 'field_cal_price_type', type: 'dict', dictType: 'cal_price_type' },
    { name: 'isPrintPrice', label: 'field_is_print_price', type: 'dict', dictType: 'bas_flag' },
    { name: 'credtLimit', label: 'field_credt_limit', type: 'money', currency: 'RMB', fee: true },
    { name: 'minAmount', label: 'field_min_amount', type: 'money', currency: 'RMB', fee: true },
    { name: 'status', label: 'field_status', type: 'dict', dictType: 'sys_normal_disable' },
    { name: 'createBy', label: 'created_by' },
    { name: 'createTime', label: 'field_create_time', type: 'datetime' },
    { name: 'remark', label: 'remark', span: 3 },
  ];

  const tabs = [
    { key: 'addresses', label: t('bas_section_addresses'), children: <AddressTable rows={mark?.addresses ?? []} /> },
    ...(agent
      ? [
          {
            key: 'subs',
            label: `${t('bas_section_sub_marks')} (${subs.data?.length ?? 0})`,
            children: (
              <Table<TMark>
                size="small"
                rowKey="id"
                loading={subs.isLoading}
                dataSource={subs.data ?? []}
                pagination={false}
                columns={[
                  {
                    title: t('field_mark'),
                    dataIndex: 'mark',
                    render: (v: string, r) => <Link to={`/bas/custom-detail/${r.id}`}>{v}</Link>,
                  },
                  { title: t('field_name_zh'), dataIndex: 'nameZh' },
                  {
                    title: t('field_client_type'),
                    dataIndex: 'clientType',
                    render: (v: string) => <DictTag type="client_type" value={v} />,
                  },
                  { title: t('field_sales'), dataIndex: 'salesName' },
                  { title: t('field_contact'), dataIndex: 'defaultContact' },
                  { title: t('field_tel'), dataIndex: 'defaultTel' },
                ]}
              />
            ),
          },
        ]
      : []),
    ...(isFeeRole && hasPermi('bas:price') && mark
      ? [
          {
            key: 'prices',
            label: t('bas_tab_prices'),
            children: (
              <Space orientation="vertical" style={{ width: '100%' }} size="large">
                <Card size="small" title={t('bas_prices_of_mark', { mark: mark.mark })}>
                  <PriceTable markId={mark.id} />
                </Card>
                {mark.topMarkId ? (
                  <Card size="small" title={t('bas_prices_of_agent', { mark: mark.topMark })}>
                    <PriceTable markId={mark.topMarkId} />
                  </Card>
                ) : null}
                <Card size="small" title={t('bas_prices_all_marks')}>
                  <PriceTable allMarks />
                </Card>
              </Space>
            ),
          },
        ]
      : []),
    ...(isFeeRole && mark
      ? [
          {
            key: 'account',
            label: t('bas_tab_account'),
            children: (
              <DetailView<TMark>
                data={mark}
                column={2}
                items={[
                  {
                    name: 'credtLimit',
                    label: 'field_credt_limit',
                    type: 'money',
                    currency: 'RMB',
                    fee: true,
                    render: (v) => (v === null ? t('bas_no_limit') : <MoneyCell value={v as string} currency="RMB" />),
                  },
                  { name: 'balanceType', label: 'field_balance_type', type: 'dict', dictType: 'balance_type' },
                ]}
              />
            ),
          },
        ]
      : []),
    ...(agent && mark
      ? [
          {
            key: 'login',
            label: t('bas_tab_login'),
            children: mark.agentUserName ? (
              <DetailView<TMark>
                data={mark}
                column={2}
                items={[
                  { name: 'agentUserName', label: 'field_agent_user_name' },
                  {
                    name: 'lastLoginTime',
                    label: 'field_last_login_time',
                    render: (v) => (v ? formatDateTime(v as string) : t('bas_never')),
                  },
                ]}
              />
            ) : (
              <Empty description={t('bas_no_portal_account')} />
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      className="bas-page"
      title={`${t(agent ? 'menu_agent_detail' : 'menu_custom_detail')}${mark ? ` · ${mark.mark}` : ''}`}
      extra={
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={() => leave(agent ? '/bas/agent-mark' : '/bas/custom-mark')}>
            {t('back')}
          </Button>
          <Auth perm={`${key}:edit`}>
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => navigate(`/bas/${agent ? 'agent-edit' : 'custom-edit'}/${id}`)}
            >
              {t('edit')}
            </Button>
          </Auth>
        </Space>
      }
    >
      <DetailView<TMark> data={mark} loading={isLoading} items={basic} column={{ xs: 1, sm: 2, lg: 3 }} />
      {mark ? <Tabs style={{ marginTop: 16 }} items={tabs} /> : null}
    </Card>
  );
}
