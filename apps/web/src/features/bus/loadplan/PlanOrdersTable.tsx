import { CheckCircleFilled } from '@ant-design/icons';
import { Table, Tag, Timeline, Typography } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DictTag } from '../../../components/DictTag';
import { MoneyCell } from '../../../components/MoneyCell';
import { formatDateTime } from '../../../lib/format';
import { usePermission } from '../../../lib/permission';
import { ORDER_INFO_PATH } from '../inware/api';
import { TotalItems } from '../shared/TotalItems';
import type { LoadWire } from './api';
import { orderFigures } from './LoadSumsFooter';
import { totalsOf } from './plan-parts';

/** The orders of a plan (loadplanDetails): loaded tick, received figures, totals; and the plan's log. */
export function PlanOrdersTable(props: {
  orders: readonly LoadWire['LoadOrderRow'][];
  selected: readonly Key[];
  onSelect: (keys: Key[]) => void;
  highlight?: number | null;
}) {
  const { t } = useTranslation();
  const { isFeeRole } = usePermission();
  const totals = totalsOf(props.orders);
  const loaded = props.orders.filter((o) => o.status >= 4);
  return (
    <>
      <Table<LoadWire['LoadOrderRow']>
        size="small"
        rowKey="id"
        data-testid="plan-orders"
        dataSource={[...props.orders]}
        pagination={props.orders.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
        scroll={{ x: 1500 }}
        rowSelection={{ selectedRowKeys: [...props.selected], onChange: (keys) => props.onSelect(keys) }}
        rowClassName={(r) => (r.id === props.highlight ? 'bus-row-scanned' : '')}
        locale={{ emptyText: t('load_no_orders_yet') }}
        columns={[
          {
            key: 'loaded',
            title: t('field_loaded'),
            width: 70,
            align: 'center',
            render: (_v, r) =>
              r.status >= 4 ? (
                <CheckCircleFilled style={{ color: '#52c41a' }} data-testid={`loaded-${r.transportId}`} />
              ) : null,
          },
          {
            key: 'transportId',
            title: t('field_transport_id'),
            width: 150,
            render: (_v, r) => (
              <Link to={`${ORDER_INFO_PATH}?id=${r.id}`} data-testid={`plan-order-${r.transportId}`}>
                {r.transportId}
              </Link>
            ),
          },
          { key: 'mark', dataIndex: 'mark', title: t('field_mark'), width: 100 },
          {
            key: 'status',
            title: t('field_status'),
            width: 100,
            render: (_v, r) => <DictTag type="order_status" value={r.status} />,
          },
          { key: 'cargoName', dataIndex: 'cargoName', title: t('field_cargo_name'), width: 120, ellipsis: true },
          {
            key: 'cargoType',
            title: t('field_cargo_type'),
            width: 90,
            render: (_v, r) => <DictTag type="cargo_type" value={r.cargoType} />,
          },
          {
            key: 'arrivedPiece',
            dataIndex: 'arrivedPiece',
            title: t('field_arrived_piece'),
            width: 90,
            align: 'right',
          },
          {
            key: 'arrivedWeight',
            dataIndex: 'arrivedWeight',
            title: t('field_arrived_weight'),
            width: 110,
            align: 'right',
          },
          {
            key: 'arrivedVolume',
            dataIndex: 'arrivedVolume',
            title: t('field_arrived_volume'),
            width: 110,
            align: 'right',
          },
          { key: 'trayNo', dataIndex: 'trayNo', title: t('field_tray_no'), width: 80 },
          { key: 'arrivedHouseName', dataIndex: 'arrivedHouseName', title: t('field_arrived_house_id'), width: 100 },
          {
            key: 'arrivedTime',
            title: t('field_arrived_time'),
            width: 160,
            render: (_v, r) => formatDateTime(r.arrivedTime),
          },
          { key: 'consignee', dataIndex: 'consignee', title: t('field_consignee'), width: 110, ellipsis: true },
          { key: 'destAddrName', dataIndex: 'destAddrName', title: t('field_dest_addr_id'), width: 100 },
          {
            key: 'ifException',
            title: t('field_if_exception'),
            width: 80,
            render: (_v, r) => (r.ifException === 1 ? <Tag color="red">!</Tag> : null),
          },
          ...(isFeeRole
            ? [
                {
                  key: 'feeArAmount',
                  title: t('field_fee_ar_amount'),
                  width: 120,
                  align: 'right' as const,
                  render: (_v: unknown, r: LoadWire['LoadOrderRow']) => <MoneyCell value={r.feeArAmount ?? null} />,
                },
              ]
            : []),
        ]}
      />
      <div className="bus-totals" style={{ marginTop: 8 }} data-testid="plan-orders-totals">
        <Typography.Text strong>{t('bus_totals')}</Typography.Text>
        <TotalItems
          items={[
            ...orderFigures(totals, loaded.length),
            { label: 'field_fee_ar_amount', money: totals.feeArAmount ?? undefined },
          ]}
        />
      </div>
    </>
  );
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The load log: who did what to the plan, status from -> to, how many orders. */
export function PlanLog({ log }: { log: LoadWire['LoadDetail']['log'] }) {
  const { t } = useTranslation();
  if (log.length === 0) return <Typography.Text type="secondary">{t('load_log_empty')}</Typography.Text>;
  return (
    <Timeline
      data-testid="plan-log"
      items={log.map((l) => ({
        key: l.id,
        content: (
          <div>
            <Typography.Text strong>{t(`load_action_${snake(l.action)}`, { defaultValue: l.action })}</Typography.Text>{' '}
            {l.fromStatus !== null && l.toStatus !== null && l.fromStatus !== l.toStatus ? (
              <>
                <DictTag type="load_status" value={l.fromStatus} /> → <DictTag type="load_status" value={l.toStatus} />
              </>
            ) : null}
            {l.orderCount > 0 ? <span> · {t('load_log_orders', { count: l.orderCount })}</span> : null}
            <div>
              <Typography.Text type="secondary">
                {formatDateTime(l.createTime)} · {l.createBy}
                {l.remark ? ` · ${l.remark}` : ''}
              </Typography.Text>
            </div>
          </div>
        ),
      }))}
    />
  );
}
