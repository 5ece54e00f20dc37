import { Card, Empty, Space, Table, type TableColumnsType, Tag } from 'antd';
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

/**
 * One list of the panel: a titled card around a small table of late records (none: 'nothing is late'), each
 * named in the first column by `link.field` and linked to its details screen `link.path`.
 */
function TimerCard<Row extends { id: number }>(props: {
  title: string;
  rows: Row[];
  loading: boolean;
  testId: string;
  link: { field: keyof Row & string; title: string; path: string };
  columns: TableColumnsType<Row>;
}) {
  const { t } = useTranslation();
  const { field, title, path } = props.link;
  const linkColumn: TableColumnsType<Row>[number] = {
    key: field,
    title: t(title),
    render: (_v, r) => <Link to={`${path}?id=${r.id}`}>{String(r[field])}</Link>,
  };
  return (
    <Card size="small" title={props.title}>
      <Table<Row>
        size="small"
        rowKey="id"
        loading={props.loading}
        dataSource={props.rows}
        pagination={false}
        locale={{ emptyText: <Empty description={t('exception_timer_empty')} /> }}
        data-testid={props.testId}
        columns={[linkColumn, ...props.columns]}
      />
    </Card>
  );
}

export function TimersPanel() {
  const { t } = useTranslation();
  const { data, isLoading } = useExceptionTimers(true);
  const hours = (h: number) => <Tag color="red">{`${h} ${t('exception_hours')}`}</Tag>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12} data-testid="exception-timers">
      <TimerCard<TOrderTimer>
        title={`${t('exception_timer_orders', { hours: data?.receivedHours ?? 48 })} (${data?.ordersTotal ?? 0})`}
        rows={data?.orders ?? []}
        loading={isLoading}
        testId="timer-orders"
        link={{ field: 'transportId', title: 'field_transport_id', path: ORDER_DETAIL_PATH }}
        columns={[
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
      <TimerCard<TLoadTimer>
        title={`${t('exception_timer_loads', { hours: data?.noNewsHours ?? 72 })} (${data?.loadsTotal ?? 0})`}
        rows={data?.loads ?? []}
        loading={isLoading}
        testId="timer-loads"
        link={{ field: 'loadNo', title: 'load_no', path: TRACK_DETAIL_PATH }}
        columns={[
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
    </Space>
  );
}
