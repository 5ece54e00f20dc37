import { PrinterOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { loadAllows } from '@theone/contracts/bus/load';
import { Alert, Button, Skeleton, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailView, DictTag, useTabTitle } from '../../../components';
import { formatDateTime } from '../../../lib/format';
import { navigateTo } from '../../../lib/navigation';
import { usePermission } from '../../../lib/permission';
import { FillGauge, LoadDialog, LoadPhotos, loadOrders } from '../loadplan';
import { ContainerCard } from '../shared/ContainerCard';
import { BUS_TYPE_ITEM, CONTAINER_NO_ITEMS, containerName, timeOrDash } from '../shared/container-fields';
import { useMilestones } from '../track/api';
import { JourneyTimeline } from '../track/JourneyTimeline';
import '../shared/bus.css';
import './load.css';
import { useUrlId } from '../shared/use-record';
import { LOAD_LIST_PATH, type LoadWire, loadKeys, openLoadPdf, printLoadPath, useLoad } from './api';
import { DeliveryNotesDialog } from './DeliveryNotesDialog';
import { LoadEditDialog } from './LoadEditDialog';
import { cancelLoadingAction, exportLoadBill, exportLoadInfo } from './LoadListPage';
import { LoadOrders, MarkSummary } from './LoadOrders';

/**
 * loadDetails (screens §3, `?id=`, key load:info): one container in one place. Tabs Container (every field, the
 * status, the fill gauge), Orders (paged with totals, the per-mark summary; load the remaining planned orders with
 * the Load dialog, unload ticked ones), Tracking (milestones) and Log. The buttons are the loadList row's.
 */
/** An amount in the load's currency, for the fee role only. */
const feeMoney = (name: string, label: string) => ({
  name,
  label,
  type: 'money' as const,
  fee: true,
  currency: (r: LoadWire['LoadRow']) => r.currency,
});

const FIELDS = [
  { name: 'loadNo', label: 'load_no' },
  { name: 'status', label: 'field_status', type: 'dict' as const, dictType: 'load_status' },
  ...CONTAINER_NO_ITEMS,
  { name: 'containerType', label: 'field_container_type', type: 'dict' as const, dictType: 'container_type' },
  BUS_TYPE_ITEM,
  { name: 'leftAddrName', label: 'field_left_addr_id' },
  { name: 'destAddrName', label: 'field_dest_addr_id' },
  { name: 'loadHouseName', label: 'load_load_house' },
  { name: 'loadTime', label: 'load_load_time', render: timeOrDash },
  { name: 'loadPerson', label: 'load_load_person' },
  { name: 'clsDate', label: 'load_cls_date', render: timeOrDash },
  { name: 'etdDate', label: 'load_etd_date', render: timeOrDash },
  { name: 'etaDate', label: 'load_eta_date', render: timeOrDash },
  { name: 'leftTime', label: 'field_left_time', render: timeOrDash },
  { name: 'loadPort', label: 'load_port' },
  { name: 'unloadPort', label: 'load_unload_port' },
  { name: 'vesselOwner', label: 'field_vessel_owner' },
  { name: 'vesselName', label: 'load_vessel_name' },
  { name: 'voyageNo', label: 'load_voyage_no' },
  { name: 'customsCorp', label: 'load_customs_corp' },
  { name: 'exportAgent', label: 'load_export_agent' },
  { name: 'orderCount', label: 'load_orders' },
  { name: 'loadedCount', label: 'load_loaded_orders' },
  { name: 'pieces', label: 'field_cargo_piece' },
  { name: 'weight', label: 'field_cargo_weight' },
  { name: 'volume', label: 'field_cargo_volume' },
  feeMoney('containerFee', 'load_container_fee'),
  feeMoney('orderArAmount', 'load_order_ar_amount'),
  feeMoney('estimatedMargin', 'load_estimated_margin'),
  { name: 'remark', label: 'field_remark', span: 2 },
];

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function LoadLog({ rows }: { rows: readonly LoadWire['LoadLogRow'][] }) {
  const { t } = useTranslation();
  return (
    <Table<LoadWire['LoadLogRow']>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={[...rows].reverse()}
      data-testid="load-log"
      columns={[
        {
          key: 'createTime',
          title: t('load_log_time'),
          width: 170,
          render: (_v, r) => formatDateTime(r.createTime as string),
        },
        {
          key: 'action',
          title: t('load_log_action'),
          render: (_v, r) =>
            t([`load_action_${snake(r.action)}`, `order_action_${snake(r.action)}`], { defaultValue: r.action }),
        },
        {
          key: 'status',
          title: t('field_status'),
          render: (_v, r) => (
            <Space size={4}>
              <DictTag type="load_status" value={r.fromStatus} />
              {r.fromStatus !== r.toStatus ? '→' : null}
              {r.fromStatus !== r.toStatus ? <DictTag type="load_status" value={r.toStatus} /> : null}
            </Space>
          ),
        },
        { key: 'orderCount', dataIndex: 'orderCount', title: t('load_orders'), align: 'right', width: 90 },
        { key: 'remark', dataIndex: 'remark', title: t('field_remark') },
        { key: 'createBy', dataIndex: 'createBy', title: t('load_log_by'), width: 110 },
      ]}
    />
  );
}

export default function LoadDetailsPage() {
  const { t } = useTranslation();
  const { hasPermi, isFeeRole } = usePermission();
  const queryClient = useQueryClient();
  const id = useUrlId();
  const query = useLoad(id);
  const milestones = useMilestones(id);
  const [editing, setEditing] = useState(false);
  const [loading, setLoading] = useState(false);
  const [notes, setNotes] = useState(false);
  const load = query.data?.load;
  useTabTitle(load ? containerName(load) : undefined);
  if (query.isLoading) return <Skeleton active />;
  if (!load || !query.data) return <Alert type="error" title={t('err_not_found')} />;
  const refresh = () => queryClient.invalidateQueries({ queryKey: loadKeys.all });
  const planned = load.orderCount - load.loadedCount;
  const buttons = (
    <Space wrap data-testid="load-details-buttons">
      <DictTag type="load_status" value={load.status} />
      {hasPermi('bus:load:edit') && loadAllows('editContainer', load.status) ? (
        <Button onClick={() => setEditing(true)} data-testid="load-edit">
          {t('perm_bus_load_edit')}
        </Button>
      ) : null}
      {hasPermi('bus:load:print') ? (
        <Button icon={<PrinterOutlined />} onClick={() => openLoadPdf(printLoadPath(load.id))}>
          {t('load_btn_print')}
        </Button>
      ) : null}
      {hasPermi('bus:load:printSend') && loadAllows('deliveryNotes', load.status) ? (
        <Button icon={<PrinterOutlined />} onClick={() => setNotes(true)} data-testid="load-notes">
          {t('perm_bus_load_print_send')}
        </Button>
      ) : null}
      {hasPermi('bus:load:exportInfo') ? (
        <Button onClick={() => exportLoadInfo(load)}>{t('load_btn_manifest')}</Button>
      ) : null}
      {isFeeRole && hasPermi('bus:load:exportBill') ? (
        <Button onClick={() => exportLoadBill(load)}>{t('load_btn_bill')}</Button>
      ) : null}
      {hasPermi('bus:load:delete') && loadAllows('cancelLoading', load.status) ? (
        <Button
          danger
          data-testid="load-cancel-loading"
          onClick={() => cancelLoadingAction([load], () => navigateTo(LOAD_LIST_PATH)).then(refresh)}
        >
          {t('perm_bus_load_delete')}
        </Button>
      ) : null}
    </Space>
  );
  return (
    <ContainerCard title={t('menu_load_details')} record={load} testId="load-details-page" extra={buttons}>
      <Tabs
        items={[
          {
            key: 'container',
            label: t('bus_tab_container'),
            children: (
              <Space direction="vertical" style={{ width: '100%' }} size={16}>
                <FillGauge containerType={load.containerType} volume={load.volume} weight={load.weight} />
                <DetailView<LoadWire['LoadRow']> data={load} column={{ xs: 1, md: 2, xl: 3 }} items={FIELDS} />
              </Space>
            ),
          },
          {
            key: 'orders',
            label: `${t('load_tab_orders')} (${load.orderCount})`,
            children: (
              <Space direction="vertical" style={{ width: '100%' }} size={16}>
                <LoadOrders
                  load={load}
                  unload
                  onChanged={refresh}
                  extraToolbar={
                    planned > 0 && loadAllows('load', load.status)
                      ? [
                          {
                            key: 'load',
                            label: 'load_btn_load_planned',
                            type: 'primary',
                            perm: 'bus:load:addOrder',
                            onClick: () => setLoading(true),
                          },
                        ]
                      : []
                  }
                />
                <MarkSummary marks={query.data.marks} title={t('load_mark_summary')} />
              </Space>
            ),
          },
          {
            key: 'tracking',
            label: t('bus_tab_tracking'),
            children: <JourneyTimeline milestones={milestones.data} loading={milestones.isLoading} />,
          },
          {
            key: 'files',
            label: `${t('load_files')} (${query.data.files.length})`,
            children: <LoadPhotos load={load} files={query.data.files} onChanged={() => void refresh()} />,
          },
          { key: 'log', label: t('load_tab_log'), children: <LoadLog rows={query.data.log} /> },
        ]}
      />
      <LoadEditDialog load={editing ? load : null} onClose={() => setEditing(false)} onDone={refresh} />
      <DeliveryNotesDialog
        load={notes ? { id: load.id, label: containerName(load) } : null}
        onClose={() => setNotes(false)}
      />
      <LoadDialog
        load={loading ? load : null}
        count={planned}
        onCancel={() => setLoading(false)}
        onSubmit={async (fields) => {
          await loadOrders(load.id, fields);
          setLoading(false);
          await refresh();
        }}
      />
    </ContainerCard>
  );
}
