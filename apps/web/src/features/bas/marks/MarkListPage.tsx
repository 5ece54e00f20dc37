import { Link, useNavigate } from 'react-router';
import { type ListColumn, ListPage, type SearchField } from '../../../components/ListPage';
import { addButton } from '../../../components/list-presets';
import { request } from '../../../lib/request';
import { markKeys, type TMark } from '../api';
import { deleteActions } from '../common/list-actions';
import { StaffFilterSelect } from '../common/selects';
import { createTime, status } from '../resources/common-fields';

/** A mark's money terms (credit limit, minimum charge): RMB, fee columns, sortable. */
const rmbFee = (key: string, title: string, width: number): ListColumn<TMark> => ({
  key,
  title,
  type: 'money',
  currency: 'RMB',
  fee: true,
  sortable: true,
  width,
});

/**
 * custom-mark (screens §3.4) and agent-mark (§3.1): one list of marks, `isAgent` 0 or 1.
 * Sales with the 'self' scope get only their own rows from the server; fee columns need the fee role.
 */
export function MarkListPage({ isAgent }: { isAgent: '0' | '1' }) {
  const navigate = useNavigate();
  const agent = isAgent === '1';
  const key = agent ? 'bas:agentMark' : 'bas:customMark';
  const remove = deleteActions<TMark>('/bas/mark', `${key}:remove`);
  const detailPath = (r: TMark) => `/bas/${agent ? 'agent-detail' : 'custom-detail'}/${r.id}`;

  const searchFields: SearchField[] = agent
    ? [
        { type: 'numbers', name: 'mark', label: 'field_mark' },
        { name: 'agentName', label: 'field_agent_name' },
        { name: 'company', label: 'field_company' },
        { name: 'phone', label: 'field_phone' },
        { type: 'custom', name: 'sales', label: 'field_sales', render: () => <StaffFilterSelect /> },
        { type: 'custom', name: 'service', label: 'field_service', render: () => <StaffFilterSelect /> },
        { type: 'dateRange', name: 'createTime', label: 'field_create_time' },
      ]
    : [
        { type: 'numbers', name: 'mark', label: 'field_mark' },
        { name: 'nameZh', label: 'field_name_zh' },
        { type: 'dict', name: 'clientType', label: 'field_client_type', dictType: 'client_type' },
        { name: 'topMark', label: 'field_top_mark' },
        { type: 'custom', name: 'sales', label: 'field_sales', render: () => <StaffFilterSelect /> },
        { type: 'custom', name: 'service', label: 'field_service', render: () => <StaffFilterSelect /> },
        { type: 'dict', name: 'balanceType', label: 'field_balance_type', dictType: 'balance_type' },
        { type: 'dict', name: 'calPriceType', label: 'field_cal_price_type', dictType: 'cal_price_type' },
        { type: 'dateRange', name: 'createTime', label: 'field_create_time' },
      ];

  const markColumn: ListColumn<TMark> = {
    key: 'mark',
    title: 'field_mark',
    width: 110,
    fixed: 'left',
    sortable: true,
    render: (_, r) => <Link to={detailPath(r)}>{r.mark}</Link>,
  };
  const common: ListColumn<TMark>[] = [
    { key: 'balanceType', title: 'field_balance_type', type: 'dict', dictType: 'balance_type', width: 120 },
    { key: 'calPriceType', title: 'field_cal_price_type', type: 'dict', dictType: 'cal_price_type', width: 140 },
    { key: 'salesName', title: 'field_sales', width: 100 },
    { key: 'serviceName', title: 'field_service', width: 100 },
    rmbFee('credtLimit', 'field_credt_limit', 150),
    rmbFee('minAmount', 'field_min_amount', 130),
    { key: 'isPrintPrice', title: 'field_is_print_price', type: 'dict', dictType: 'bas_flag', width: 100 },
  ];
  const columns: ListColumn<TMark>[] = agent
    ? [
        markColumn,
        { key: 'agentName', title: 'field_agent_name', width: 150 },
        { key: 'company', title: 'field_company', width: 180 },
        { key: 'realName', title: 'field_real_name', width: 120 },
        { key: 'phone', title: 'field_phone', width: 130 },
        {
          key: 'underMarkNum',
          title: 'field_under_mark_num',
          type: 'number',
          sortable: true,
          width: 110,
          render: (_, r) => <span title={r.underMark}>{r.underMarkNum}</span>,
        },
        ...common,
        { key: 'agentUserName', title: 'field_agent_user_name', width: 130, defaultHidden: true },
        { key: 'lastLoginTime', title: 'field_last_login_time', type: 'datetime', width: 170, defaultHidden: true },
        status.column,
        createTime.column,
      ]
    : [
        markColumn,
        { key: 'nameZh', title: 'field_name_zh', width: 160 },
        { key: 'clientType', title: 'field_client_type', type: 'dict', dictType: 'client_type', width: 120 },
        { key: 'topMark', title: 'field_top_mark', width: 110 },
        ...common.slice(0, 2),
        {
          key: 'shippingChannels',
          title: 'field_shipping_channels',
          type: 'dict',
          dictType: 'bus_type',
          width: 180,
          render: undefined,
          dataIndex: 'shippingChannelsText',
        },
        ...common.slice(2),
        { key: 'defaultContact', title: 'field_contact', width: 120 },
        { key: 'defaultTel', title: 'field_tel', width: 130 },
        { ...status.column, defaultHidden: true },
        createTime.column,
      ];

  return (
    <ListPage<TMark & { shippingChannelsText?: string }>
      id={agent ? 'bas/agent-mark' : 'bas/custom-mark'}
      queryKey={markKeys.lists()}
      fetcher={async (params) => {
        const answer = await request.get<{ code: number; msg: string; rows: TMark[]; total: number }>(
          '/bas/mark/list',
          params,
        );
        return {
          ...answer,
          rows: answer.rows.map((r) => ({ ...r, shippingChannelsText: r.shippingChannels.join(',') })),
        };
      }}
      baseParams={{ isAgent }}
      rowKey="id"
      defaultSort={{ column: 'createTime', order: 'desc' }}
      searchFields={searchFields}
      visibleFields={4}
      columns={columns}
      toolbar={[addButton(`${key}:add`, () => navigate(agent ? '/bas/agent-add' : '/bas/custom-add')), remove.button]}
      exportConfig={{
        url: '/bas/mark/export',
        fileName: agent ? 'agent-marks' : 'customer-marks',
        perm: `${key}:export`,
      }}
      rowActions={[
        { key: 'info', label: 'details', perm: `${key}:info`, onClick: (r) => navigate(detailPath(r)) },
        {
          key: 'edit',
          label: 'edit',
          perm: `${key}:edit`,
          onClick: (r) => navigate(`/bas/${agent ? 'agent-edit' : 'custom-edit'}/${r.id}`),
        },
        remove.rowAction,
      ]}
      actionsWidth={170}
    />
  );
}
