import { Card, Empty, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DictTag } from '../../../components/DictTag';
import { formatDateTime } from '../../../lib/format';
import { ORDER_DETAIL_PATH } from '../inware/api';
import { TRACK_DETAIL_PATH } from '../track/api';
import { type TExceptionTimers, useExceptionTimers } from './api';

/**
 * The exception list's Timers tab (computed by the server, read-only): orders received over 48 h ago and still not
 * planned, and containers in transit waiting at a border or port with no milestone for 72 h; oldest first.
 */
type TOrderTimer = TExceptionTimers['orders'][number];
type TLoadTimer = TExceptionTimers['loads'][number];

export function TimersPanel() {
  const { t } = useTranslation();
  const { data, isLoading } = useExceptionTimers(true);
  const hours = (h: number) => <Tag color="red">{`${h} ${t('exception_hours')}`}</Tag>;
  const empty = { emptyText: <Empty description={t('exception_timer_empty')} /> };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12} data-testid="exception-timers">
      <Card
        size="small"
        title={`${t('exception_timer_orders', { hours: data?.receivedHours ?? 48 })} (${data?.ordersTotal ?? 0})`}
      >
        <Table<TOrderTimer>
          size="small"
          rowKey="id"
          loading={isLoading}
          dataSource={data?.orders ?? []}
          pagination={false}
          locale={empty}
          data-testid="timer-orders"
          columns={[
            {
              key: 'transportId',
              title: t('field_transport_id'),
              render: (_v, r) => <Link to={`${ORDER_DETAIL_PATH}?id=${r.id}`}>{r.transportId}</Link>,
            },
            { key: 'mark', title: t('field_mark'), dataIndex: 'mark' },
            { key: 'arrivedTime', title: t('field_arrived_time'), render: (_v, r) => formatDateTime(r.arrivedTime) },
            { key: 'hours', title: t('exception_hours'), render: (_v, r) => hours(r.hours) },
            {
              key: 'ifException',
              title: t('field_if_exception'),
              render: (_v, r) => (r.ifException === 1 ? <Tag color="red">{t('field_if_exception')}</Tag> : null),
            },
          ]}
        />
      </Card>
      <Card
        size="small"
        title={`${t('exception_timer_loads', { hours: data?.noNewsHours ?? 72 })} (${data?.loadsTotal ?? 0})`}
      >
        <Table<TLoadTimer>
          size="small"
          rowKey="id"
          loading={isLoading}
          dataSource={data?.loads ?? []}
          pagination={false}
          locale={empty}
          data-testid="timer-loads"
          columns={[
            {
              key: 'loadNo',
              title: t('load_no'),
              render: (_v, r) => <Link to={`${TRACK_DETAIL_PATH}?id=${r.id}`}>{r.loadNo}</Link>,
            },
            { key: 'containerNo', title: t('field_container_no'), render: (_v, r) => r.containerNo || r.truckNo },
            {
              key: 'busType',
              title: t('field_bus_type'),
              render: (_v, r) => <DictTag type="bus_type" value={r.busType} />,
            },
            {
              key: 'trackStatus',
              title: t('exception_latest_milestone'),
              render: (_v, r) => <DictTag type="track_status" value={r.trackStatus} />,
            },
            { key: 'trackTime', title: t('track_time'), render: (_v, r) => formatDateTime(r.trackTime) || '-' },
            { key: 'hours', title: t('exception_hours'), render: (_v, r) => hours(r.hours) },
          ]}
        />
      </Card>
    </Space>
  );
}
