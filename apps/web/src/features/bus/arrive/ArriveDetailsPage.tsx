import { useQueryClient } from '@tanstack/react-query';
import { arriveAllows } from '@theone/contracts/bus/arrive';
import { sum } from '@theone/contracts/common/money';
import { Alert, Button, Empty, Image, Skeleton, Space, Table, Tabs, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailView, DictTag, useTabTitle } from '../../../components';
import { AuthImage } from '../../../components/AuthImage';
import { feedback } from '../../../lib/feedback';
import { usePermission } from '../../../lib/permission';
import { RaiseDialog } from '../exception/dialogs';
import { openLoadPdf, printLoadPath } from '../load/api';
import { ContainerCard } from '../shared/ContainerCard';
import { BUS_TYPE_ITEM, CONTAINER_NO_ITEMS, containerName, ROUTE_ITEM, timeOrDash } from '../shared/container-fields';
import { trackKeys, useMilestones } from '../track/api';
import { JourneyTimeline } from '../track/JourneyTimeline';
import '../shared/bus.css';
import './arrive.css';
import { useUrlId } from '../shared/use-record';
import { arriveOrderColumns, OrderSums } from './ArriveOrderPage';
import { cancelContainer, cancelOrders, deleteRegistration, sureContainer, sureOrders } from './actions';
import { type ArriveWire, arriveKeys, useArrive } from './api';
import { PickupDialog } from './dialogs';

/**
 * arriveDetails (screens §3, `?id=` the pick-up record, key arrive:info): the arrival sheet of one container. The
 * pick-up record (Register / correct it), the container header and its milestones, the order-by-order check
 * (Confirm selected, Cancel selected; the whole container from the header), the photos of the seal and the doors,
 * the container's log, and the check list print (load/print).
 */
const HEADER = [
  { name: 'status', label: 'arrive_status', type: 'dict' as const, dictType: 'arrive_status' },
  { name: 'loadNo', label: 'load_no' },
  ...CONTAINER_NO_ITEMS,
  BUS_TYPE_ITEM,
  ROUTE_ITEM,
  { name: 'unloadPort', label: 'load_unload_port' },
  { name: 'leftTime', label: 'field_left_time', render: timeOrDash },
  { name: 'etaDate', label: 'load_eta_date', render: timeOrDash },
  { name: 'pickupTime', label: 'arrive_pickup_time', render: timeOrDash },
  {
    name: 'vehicle',
    label: 'arrive_vehicle',
    render: (_v: unknown, r: ArriveWire['ArriveRow']) =>
      [r.vehiclePlate, r.driverName, r.driverPhone].filter(Boolean).join(' · ') || '-',
  },
  { name: 'houseName', label: 'arrive_house', render: (v: unknown) => (v as string) || '-' },
  { name: 'unloadTime', label: 'arrive_unload_time', render: timeOrDash },
  {
    name: 'sealIntact',
    label: 'arrive_seal_intact',
    render: (v: unknown) => (v === null ? '-' : v === '1' ? '✓' : '✗'),
  },
  {
    name: 'arrivedCount',
    label: 'arrive_orders_in',
    render: (_v: unknown, r: ArriveWire['ArriveRow']) => `${r.arrivedCount} / ${r.orderCount}`,
  },
  { name: 'remark', label: 'field_remark', render: (v: unknown) => (v as string) || '-' },
];

export default function ArriveDetailsPage() {
  const { t } = useTranslation();
  const { hasPermi, isFeeRole } = usePermission();
  const queryClient = useQueryClient();
  const query = useArrive(useUrlId());
  const detail = query.data;
  const record = detail?.arrive;
  const canTrack = hasPermi(['bus:track', 'track:info', 'load:info']);
  const milestones = useMilestones(canTrack ? record?.loadId : undefined);
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<ArriveWire['ArriveOrderRow'][]>([]);
  const [raising, setRaising] = useState(false);
  const columns = useMemo(() => arriveOrderColumns().filter((c) => !c.fee || isFeeRole), [isFeeRole]);
  useTabTitle(record ? containerName(record) : undefined);
  if (query.isLoading) return <Skeleton active />;
  if (!detail || !record) return <Alert type="error" title={t('err_not_found')} />;
  const refresh = async () => {
    setSelected([]);
    await queryClient.invalidateQueries({ queryKey: arriveKeys.all });
    await queryClient.invalidateQueries({ queryKey: trackKeys.all });
  };
  const orderSums = {
    orders: detail.orders.length,
    pieces: detail.orders.reduce((n, o) => n + o.arrivedPiece, 0),
    weight: sumText(detail.orders, 'arrivedWeight'),
    volume: sumText(detail.orders, 'arrivedVolume'),
    collectAmount: sum(detail.orders.map((o) => o.collectAmount ?? '0')).toFixed(2),
  };

  const buttons = (
    <Space wrap>
      <DictTag type="arrive_status" value={record.status} />
      {hasPermi('bus:arrive:edit') ? (
        <Button onClick={() => setEditing(true)} data-testid="arrive-register">
          {t('perm_bus_arrive_edit')}
        </Button>
      ) : null}
      {hasPermi('bus:arrive:sure') && arriveAllows('sure', record.status) ? (
        <Button type="primary" onClick={() => sureContainer(record, refresh)} data-testid="arrive-sure-container">
          {t('perm_bus_arrive_sure')}
        </Button>
      ) : null}
      {hasPermi('bus:arrive:cancel') && arriveAllows('cancel', record.status) ? (
        <Button danger onClick={() => cancelContainer(record, refresh)} data-testid="arrive-cancel-container">
          {t('perm_bus_arrive_cancel')}
        </Button>
      ) : null}
      {hasPermi('bus:arrive:delete') && arriveAllows('delete', record.status) ? (
        <Button danger onClick={() => deleteRegistration(record, refresh)} data-testid="arrive-delete">
          {t('perm_bus_arrive_delete')}
        </Button>
      ) : null}
      {hasPermi('bus:arrive:print') ? (
        <Button onClick={() => openLoadPdf(printLoadPath(record.loadId))} data-testid="arrive-print">
          {t('perm_bus_arrive_print')}
        </Button>
      ) : null}
    </Space>
  );

  const orderTab = (
    <>
      <Space style={{ marginBottom: 8 }} wrap>
        {hasPermi(['bus:arrive:sure', 'bus:arriveOrder:sure']) ? (
          <Button type="primary" onClick={() => sureOrders(selected, refresh)} data-testid="arrive-sure-selected">
            {t('perm_bus_arrive_order_sure')}
          </Button>
        ) : null}
        {hasPermi('bus:exception:add') ? (
          <Button
            onClick={() => (selected.length ? setRaising(true) : feedback.message.warning(t('msg_select_data_first')))}
            data-testid="arrive-raise-exception"
          >
            {t('perm_bus_exception_add')}
          </Button>
        ) : null}
        {hasPermi(['bus:arrive:cancel', 'bus:arriveOrder:cancel']) ? (
          <Button danger onClick={() => cancelOrders(selected, refresh)} data-testid="arrive-cancel-selected">
            {t('perm_bus_arrive_order_cancel')}
          </Button>
        ) : null}
      </Space>
      <Table<ArriveWire['ArriveOrderRow']>
        rowKey="id"
        size="small"
        dataSource={detail.orders}
        pagination={false}
        scroll={{ x: 1600 }}
        rowSelection={{
          selectedRowKeys: selected.map((o) => o.id),
          onChange: (_keys, rows) => setSelected(rows),
        }}
        rowClassName={(r) => (r.collectAmount ? 'arrive-row-arrive-pay' : '')}
        columns={columns.map((c) => ({
          key: c.key,
          dataIndex: c.dataIndex ?? c.key,
          title: t(c.title),
          width: c.width,
          align: c.align,
          render:
            c.render ??
            (c.type === 'datetime'
              ? (v: unknown) => timeOrDash(v)
              : c.type === 'dict'
                ? (v: unknown) => <DictTag type={c.dictType!} value={v as number} />
                : undefined),
        }))}
        data-testid="arrive-orders"
      />
      <div style={{ marginTop: 8 }}>
        <OrderSums sums={orderSums} />
      </div>
    </>
  );

  return (
    <ContainerCard title={t('menu_arrive_details')} record={record} testId="arrive-details-page" extra={buttons}>
      <DetailView<ArriveWire['ArriveRow']> data={record} column={{ xs: 1, md: 2, xl: 3 }} items={HEADER} />
      <Tabs
        style={{ marginTop: 16 }}
        items={[
          { key: 'orders', label: t('arrive_tab_orders'), children: orderTab },
          {
            key: 'photos',
            label: t('arrive_tab_photos'),
            children: detail.photos.length ? (
              <Image.PreviewGroup>
                <Space wrap data-testid="arrive-photos">
                  {detail.photos.map((p) => (
                    <Space key={p.fileId} orientation="vertical" size={2} align="center">
                      <AuthImage fileId={p.fileId} size={120} testId={`arrive-photo-${p.kind}`} />
                      <Tag>{t(p.kind === '1' ? 'arrive_seal_photos' : 'arrive_door_photos')}</Tag>
                    </Space>
                  ))}
                </Space>
              </Image.PreviewGroup>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('arrive_no_photos')} />
            ),
          },
          ...(canTrack
            ? [
                {
                  key: 'track',
                  label: t('track_timeline'),
                  children: <JourneyTimeline milestones={milestones.data} loading={milestones.isLoading} />,
                },
              ]
            : []),
          {
            key: 'log',
            label: t('arrive_tab_log'),
            children: (
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={detail.log}
                columns={[
                  { key: 'time', title: t('load_log_time'), render: (_v, l) => timeOrDash(l.createTime) },
                  {
                    key: 'action',
                    title: t('load_log_action'),
                    render: (_v, l) =>
                      t([`load_action_${snake(l.action)}`, `order_action_${snake(l.action)}`], {
                        defaultValue: l.action,
                      }),
                  },
                  { key: 'orders', title: t('load_orders'), dataIndex: 'orderCount' },
                  { key: 'remark', title: t('field_remark'), dataIndex: 'remark' },
                  { key: 'by', title: t('load_log_by'), dataIndex: 'createBy' },
                ]}
              />
            ),
          },
        ]}
      />
      <RaiseDialog open={raising} initial={selected} onClose={() => setRaising(false)} onDone={refresh} />
      <PickupDialog
        record={editing ? record : null}
        photos={detail.photos}
        onClose={() => setEditing(false)}
        onDone={refresh}
      />
    </ContainerCard>
  );
}

const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** Σ a decimal column of the lines as text (exact, through the contracts' decimal helpers). */
function sumText(rows: readonly ArriveWire['ArriveOrderRow'][], key: 'arrivedWeight' | 'arrivedVolume'): string {
  return sum(rows.map((r) => r[key] ?? '0')).toFixed(key === 'arrivedVolume' ? 3 : 2);
}
