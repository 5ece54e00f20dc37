import { ScanOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { loadAllows } from '@theone/contracts/bus/load';
import { sum, toVolumeString, toWeightString } from '@theone/contracts/common/money';
import { Alert, Button, Card, Col, Form, Modal, Row, Skeleton, Space } from 'antd';
import { type Key, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type DetailItem, DetailView, runStateAction, useTabTitle } from '../../../components';
import { DictTag } from '../../../components/DictTag';
import { download, exportFileName } from '../../../lib/download';
import { feedback } from '../../../lib/feedback';
import { usePermission } from '../../../lib/permission';
import { inwareKeys } from '../inware/api';
import '../shared/bus.css';
import { useSaving } from '../shared/use-saving';
import {
  addPlanOrders,
  editPlan,
  type LoadWire,
  loadOrders,
  loadplanKeys,
  printLoadingList,
  removePlanOrders,
  type TContainerFields,
  type TLoadAction,
  unloadOrders,
  usePlan,
} from './api';
import { FillGauge } from './FillGauge';
import { LoadDialog } from './LoadDialog';
import { LoadPhotos } from './LoadPhotos';
import { LoadScanPanel } from './LoadScanPanel';
import { OrderPicker, type TCandidate } from './OrderPicker';
import { headerBody, headerOf, PlanHeaderFields, type PlanHeaderValues } from './PlanHeaderFields';
import { PlanLog, PlanOrdersTable } from './PlanOrdersTable';
import { MarginLine, MarkSummary } from './plan-parts';

/**
 * loadplanDetails (screens §3, hidden, `?id=`; buttons under bus:loadplan:* and bus:load:*): adjust a plan and
 * load it. Header (edit mode with `&edit=1` or the Edit button), gauge planned vs loaded, the orders with their
 * loaded tick and totals, per-mark summary, log. Load opens the Load dialog (`&load=1` opens it at once) for the
 * ticked planned orders or every planned one; the loading scan mode asks the container data once, then loads one
 * order per scanned waybill or piece label. Every button follows the load status (contracts loadAllows) and the
 * orders' own states; the server checks both again.
 */
const PLANNED = 3;
const LOADED = 4;

const HEADER_ITEMS: DetailItem<LoadWire['LoadRow']>[] = [
  { name: 'busType', label: 'field_bus_type', type: 'dict', dictType: 'bus_type' },
  {
    name: 'route',
    label: 'bus_route',
    render: (_v, r) => `${r.leftAddrName || '-'} → ${r.destAddrName || '-'}`,
  },
  { name: 'containerType', label: 'field_container_type', type: 'dict', dictType: 'container_type' },
  { name: 'loadHouseName', label: 'field_load_house_id' },
  { name: 'loadTime', label: 'field_load_time', type: 'datetime' },
  { name: 'loadPerson', label: 'field_load_person' },
  { name: 'containerNo', label: 'field_container_no' },
  { name: 'sealNo', label: 'field_seal_no' },
  { name: 'truckNo', label: 'field_truck_no' },
  { name: 'clsDate', label: 'field_cls_date', type: 'datetime' },
  { name: 'etdDate', label: 'field_etd_date', type: 'datetime' },
  { name: 'etaDate', label: 'field_eta_date', type: 'datetime' },
  { name: 'loadPort', label: 'field_load_port' },
  { name: 'unloadPort', label: 'field_unload_port' },
  { name: 'vesselOwner', label: 'field_vessel_owner' },
  { name: 'vesselName', label: 'field_vessel_name' },
  { name: 'voyageNo', label: 'field_voyage_no' },
  { name: 'customsCorp', label: 'field_customs_corp' },
  { name: 'exportAgent', label: 'field_export_agent' },
  { name: 'containerFee', label: 'field_container_fee', type: 'money', fee: true, currency: (r) => r.currency },
  { name: 'createBy', label: 'field_create_by' },
  { name: 'createTime', label: 'field_create_time', type: 'datetime' },
  { name: 'remark', label: 'field_remark', span: 3 },
];

export default function LoadPlanDetailsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { hasPermi, isFeeRole } = usePermission();
  const [params] = useSearchParams();
  const query = usePlan(params.get('id'));
  const detail = query.data;
  const load = detail?.load;
  useTabTitle(load?.loadNo);
  const [editing, setEditing] = useState(params.get('edit') === '1');
  const [dialog, setDialog] = useState<{ mode: 'load' | 'scan'; orderIds?: number[]; count?: number } | null>(null);
  const [scanFields, setScanFields] = useState<TContainerFields | null>(null);
  const [focusKey, setFocusKey] = useState(0);
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<TCandidate[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [highlight, setHighlight] = useState<number | null>(null);
  const { saving, save } = useSaving();
  const [form] = Form.useForm<PlanHeaderValues>();

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: loadplanKeys.all }),
      queryClient.invalidateQueries({ queryKey: inwareKeys.all }),
    ]);
  };
  const warnFill = (answer: TLoadAction) => {
    if (answer.fill.over)
      feedback.message.warning(
        t('msg_over_capacity', { volume: answer.fill.volumePercent, weight: answer.fill.weightPercent }),
      );
  };

  const orders = detail?.orders ?? [];
  const ticked = orders.filter((o) => selected.includes(o.id));
  const planned = orders.filter((o) => o.status === PLANNED);

  const openLoad = (mode: 'load' | 'scan') => {
    if (!load) return;
    if (!loadAllows('load', load.status)) {
      feedback.message.warning(t('msg_load_not_planning_reselect', { list: load.loadNo }));
      return;
    }
    if (mode === 'scan') {
      setDialog({ mode });
      return;
    }
    const chosen = ticked.length > 0 ? ticked : planned;
    const wrong = chosen.filter((o) => o.status !== PLANNED);
    if (wrong.length > 0) {
      feedback.message.warning(`${t('load_msg_not_planned')}: ${wrong.map((o) => o.transportId).join(', ')}`);
      return;
    }
    if (chosen.length === 0) {
      feedback.message.warning(t('load_msg_nothing_to_load'));
      return;
    }
    setDialog({ mode, orderIds: ticked.length > 0 ? chosen.map((o) => o.id) : undefined, count: chosen.length });
  };

  // `&load=1` (list row 'Load', 'Save and load'): the Load dialog once the plan is read
  const autoOpened = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the plan is first read
  useEffect(() => {
    if (!detail || autoOpened.current || params.get('load') !== '1') return;
    autoOpened.current = true;
    openLoad('load');
  }, [detail]);

  // the header form is filled when editing starts: a refetch of the plan meanwhile (a scan, a photo) keeps the edits
  const latestLoad = useRef(load);
  latestLoad.current = load;
  const editedId = editing ? (load?.id ?? null) : null;
  useEffect(() => {
    const current = latestLoad.current;
    if (editedId !== null && current) form.setFieldsValue(headerOf(current));
  }, [editedId, form]);

  if (query.isLoading) return <Skeleton active />;
  if (!detail || !load) return <Alert type="error" title={t('err_not_found')} />;

  const loadedOrders = orders.filter((o) => o.status >= LOADED);
  const loadedFigures = {
    volume: toVolumeString(sum(loadedOrders.map((o) => o.arrivedVolume ?? '0'))),
    weight: toWeightString(sum(loadedOrders.map((o) => o.arrivedWeight ?? '0'))),
  };
  const can = (perm: string, op: Parameters<typeof loadAllows>[0]) => hasPermi(perm) && loadAllows(op, load.status);

  const submitLoad = async (fields: TContainerFields) => {
    if (!dialog) return;
    if (dialog.mode === 'scan') {
      setScanFields(fields);
      setDialog(null);
      return;
    }
    const answer = await loadOrders(load.id, { ...fields, orderIds: dialog.orderIds });
    feedback.message.success(t('load_msg_loaded', { count: answer.done }));
    warnFill(answer);
    setDialog(null);
    setSelected([]);
    await refresh();
  };

  const saveHeader = async () => {
    let v: PlanHeaderValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    await save(async () => {
      await editPlan({ id: load.id, version: load.version, ...headerBody(v, isFeeRole) });
      feedback.message.success(t('operation_success'));
      setEditing(false);
      await refresh();
    });
  };

  const addPicked = async () => {
    if (picked.length === 0) {
      feedback.message.warning(t('msg_select_data_first'));
      return;
    }
    try {
      const answer = await addPlanOrders(
        load.id,
        picked.map((p) => p.id),
      );
      feedback.message.success(t('load_msg_orders_added', { count: answer.done }));
      warnFill(answer);
      setPicking(false);
      setPicked([]);
      await refresh();
    } catch {
      /* shown */
    }
  };

  const ordersAction = (kind: 'remove' | 'unload') =>
    runStateAction<LoadWire['LoadOrderRow']>({
      rows: ticked,
      check: (o) => o.status === (kind === 'remove' ? PLANNED : LOADED),
      wrongState: kind === 'remove' ? 'load_msg_not_planned' : 'load_msg_not_loaded',
      rowLabel: (o) => o.transportId,
      confirm: kind === 'remove' ? 'load_confirm_remove' : 'load_confirm_unload',
      danger: true,
      run: async (rows, config) => {
        const ids = rows.map((o) => o.id);
        await (kind === 'remove' ? removePlanOrders(load.id, ids, config) : unloadOrders(load.id, ids, config));
      },
      onDone: async () => {
        setSelected([]);
        await refresh();
      },
    });

  const buttons = (
    <Space wrap>
      {can('bus:loadplan:edit', 'editPlan') && !editing ? (
        <Button onClick={() => setEditing(true)} data-testid="plan-edit">
          {t('edit')}
        </Button>
      ) : null}
      {can('bus:loadplan:addOrder', 'addToPlan') ? (
        <Button onClick={() => setPicking(true)} data-testid="plan-add-orders">
          {t('perm_bus_loadplan_add_order')}
        </Button>
      ) : null}
      {can('bus:loadplan:removeOrder', 'removeFromPlan') ? (
        <Button onClick={() => void ordersAction('remove')} data-testid="plan-remove-orders">
          {t('perm_bus_loadplan_remove_order')}
        </Button>
      ) : null}
      {can('bus:loadplan:load', 'load') ? (
        <>
          <Button type="primary" onClick={() => openLoad('load')} data-testid="plan-load">
            {t('perm_bus_loadplan_load')}
          </Button>
          <Button icon={<ScanOutlined />} onClick={() => openLoad('scan')} data-testid="plan-scan-mode">
            {t('load_scan_mode')}
          </Button>
        </>
      ) : null}
      {can('bus:load:removeOrder', 'unload') ? (
        <Button onClick={() => void ordersAction('unload')} data-testid="plan-unload">
          {t('load_btn_unload')}
        </Button>
      ) : null}
      {hasPermi('bus:load:print') && load.status >= 1 ? (
        <Button onClick={() => void printLoadingList(load.id)} data-testid="plan-print">
          {t('load_btn_print')}
        </Button>
      ) : null}
      {hasPermi('bus:loadplan:export') ? (
        <Button
          onClick={() =>
            void download(
              '/bus/loadplan/export',
              { id: load.id },
              exportFileName(`${t('menu_loadplan_details')}_${load.loadNo}`),
            )
          }
        >
          {t('export')}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <Card
      className="bus-page"
      data-testid="loadplan-details-page"
      title={
        <Space>
          <span data-testid="plan-load-no">{load.loadNo}</span>
          <span data-testid="plan-status" data-status={load.status}>
            <DictTag type="load_status" value={load.status} />
          </span>
        </Space>
      }
      extra={buttons}
    >
      {scanFields ? (
        <LoadScanPanel
          loadId={load.id}
          fields={scanFields}
          orders={orders}
          hold={Boolean(dialog) || picking}
          onLoaded={async (answer) => {
            warnFill(answer);
            setHighlight(orders.find((o) => o.transportId === answer.transportId)?.id ?? null);
            await refresh();
          }}
          onStop={() => setScanFields(null)}
          focusKey={focusKey}
        />
      ) : null}
      {editing ? (
        <>
          <Form<PlanHeaderValues> form={form} layout="vertical" data-testid="plan-header-form">
            <PlanHeaderFields routeLocked={orders.length > 0} />
          </Form>
          <Space style={{ marginBottom: 16 }}>
            <Button type="primary" loading={saving} onClick={() => void saveHeader()} data-testid="plan-header-save">
              {t('save')}
            </Button>
            <Button onClick={() => setEditing(false)}>{t('cancel')}</Button>
          </Space>
        </>
      ) : (
        <DetailView<LoadWire['LoadRow']> data={load} items={HEADER_ITEMS} />
      )}
      <Row gutter={24} style={{ margin: '16px 0' }}>
        <Col xs={24} lg={12}>
          <div className="bus-section-title">{t('load_gauge_title')}</div>
          <FillGauge
            containerType={load.containerType}
            volume={load.volume}
            weight={load.weight}
            loaded={loadedFigures}
          />
          {isFeeRole && load.orderArAmount !== undefined ? (
            <div style={{ marginTop: 12 }}>
              <MarginLine receivables={load.orderArAmount} containerFee={load.containerFee} currency={load.currency} />
            </div>
          ) : null}
        </Col>
        <Col xs={24} lg={12}>
          <div className="bus-section-title">{t('load_mark_summary')}</div>
          <MarkSummary marks={detail.marks} />
        </Col>
      </Row>
      <div className="bus-section-title">{t('load_plan_orders')}</div>
      <PlanOrdersTable orders={orders} selected={selected} onSelect={setSelected} highlight={highlight} />
      <div className="bus-section-title" style={{ marginTop: 16 }}>
        {t('load_files')}
      </div>
      <LoadPhotos load={load} files={detail.files} onChanged={() => void refresh()} />
      <div className="bus-section-title" style={{ marginTop: 16 }}>
        {t('order_log')}
      </div>
      <PlanLog log={detail.log} />
      <LoadDialog
        load={dialog ? load : null}
        mode={dialog?.mode}
        count={dialog?.count}
        onCancel={() => setDialog(null)}
        onSubmit={submitLoad}
        afterClose={() => setFocusKey((k) => k + 1)}
      />
      <Modal
        open={picking}
        title={t('perm_bus_loadplan_add_order')}
        width="90vw"
        onCancel={() => setPicking(false)}
        onOk={() => void addPicked()}
        okText={t('confirm')}
        cancelText={t('cancel')}
        destroyOnHidden
        data-testid="plan-picker-dialog"
      >
        <OrderPicker
          id="bus/loadplan-add-orders"
          route={{ busType: load.busType, leftAddrId: load.leftAddrId, destAddrId: load.destAddrId }}
          chosen={picked}
          onChange={setPicked}
          exclude={orders.map((o) => o.id)}
        />
      </Modal>
    </Card>
  );
}
