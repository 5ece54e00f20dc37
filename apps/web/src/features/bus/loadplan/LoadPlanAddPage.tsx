import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Form, Row, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUnsavedChanges } from '../../../components';
import { businessToday } from '../../../lib/business-time';
import { feedback } from '../../../lib/feedback';
import { navigateTo } from '../../../lib/navigation';
import { usePermission } from '../../../lib/permission';
import { request, type TableResponse } from '../../../lib/request';
import { inwareKeys, useInit } from '../inware/api';
import '../shared/bus.css';
import { useSaving } from '../shared/use-saving';
import { addPlan, LOADPLAN_DETAILS_PATH, LOADPLAN_LIST_PATH, loadplanKeys, usePlanInit } from './api';
import { FillGauge } from './FillGauge';
import { candidateFigures, OrderPicker, refusalOf, type TCandidate } from './OrderPicker';
import { headerBody, PlanHeaderFields, type PlanHeaderValues } from './PlanHeaderFields';
import { MarginLine, MarkSummary, marksOf, totalsOf } from './plan-parts';

/**
 * loadplanAdd (screens §3, hidden route, key loadplan:add): open a plan for one container or truck and fill it
 * with in-stock orders. `loadplan/init` gives the number and the person; the header's route picks the candidates;
 * the gauge (volume and weight of the chosen orders' received figures against the type's capacity), the per-mark
 * summary and, for the fee role, the estimated margin follow the choice live. Save (`loadplan/add`: the orders
 * S2 -> S3 in the same transaction) opens the plan's details; 'Save and load' opens them with the Load dialog.
 * From inOrder's 'Add to load plan' -> 'New plan' the page opens with `?transportIds=` (the ticked orders).
 */
export default function LoadPlanAddPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { isFeeRole } = usePermission();
  const [params] = useSearchParams();
  const init = usePlanInit();
  const orderInit = useInit();
  const [form] = Form.useForm<PlanHeaderValues>();
  const [chosen, setChosen] = useState<TCandidate[]>([]);
  const { saving, save: whileSaving } = useSaving();
  const [saved, setSaved] = useState(false);
  const busType = Form.useWatch('busType', form);
  const leftAddrId = Form.useWatch('leftAddrId', form);
  const destAddrId = Form.useWatch('destAddrId', form);
  const containerType = Form.useWatch('containerType', form);
  const containerFee = Form.useWatch('containerFee', form);
  const currency = Form.useWatch('currency', form);
  const route = useMemo(() => ({ busType, leftAddrId, destAddrId }), [busType, leftAddrId, destAddrId]);
  const touched = Form.useWatch([], form) !== undefined && form.isFieldsTouched();
  useUnsavedChanges(!saved && (touched || chosen.length > 0));

  // defaults once the init answers are in: me, today 18:00, RMB, the user's warehouse
  const defaulted = useRef(false);
  useEffect(() => {
    if (!init.data || defaulted.current) return;
    defaulted.current = true;
    form.setFieldsValue({
      loadPerson: init.data.loadPerson,
      loadTime: `${businessToday()} 18:00:00`,
      currency: 'RMB',
    });
  }, [init.data, form]);
  const house = orderInit.data?.defaults.arrivedHouseId;
  useEffect(() => {
    if (house && !form.getFieldValue('loadHouseId')) form.setFieldValue('loadHouseId', house);
  }, [house, form]);

  // opened from inOrder with the ticked orders: the route is theirs, the orders are chosen
  const preset = params.get('transportIds');
  useEffect(() => {
    if (!preset) return;
    let cancelled = false;
    void request
      .get<TableResponse<TCandidate>>('/bus/inware/list', {
        view: 'inOrder',
        tab: 'stock',
        transportId: preset,
        pageNum: 1,
        pageSize: 500,
        orderByColumn: 'arrivedTime',
        isAsc: 'asc',
      })
      .then((answer) => {
        if (cancelled || answer.rows.length === 0) return;
        const first = answer.rows[0]!;
        const r = { busType: first.busType, leftAddrId: first.leftAddrId, destAddrId: first.destAddrId };
        form.setFieldsValue({
          busType: r.busType,
          leftAddrId: r.leftAddrId ?? undefined,
          destAddrId: r.destAddrId ?? undefined,
        });
        setChosen(answer.rows.filter((o) => refusalOf(o, r) === null));
      });
    return () => {
      cancelled = true;
    };
  }, [preset, form]);

  // a route change drops the chosen orders of another route
  useEffect(() => {
    setChosen((current) => {
      const kept = current.filter((o) => refusalOf(o, route) === null);
      if (kept.length !== current.length) feedback.message.info(t('load_msg_route_changed_dropped'));
      return kept.length === current.length ? current : kept;
    });
  }, [route, t]);

  const figures = chosen.map(candidateFigures);
  const totals = totalsOf(figures);

  const save = async (then: 'details' | 'load') => {
    let v: PlanHeaderValues;
    try {
      v = await form.validateFields();
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name;
      if (first) form.scrollToField(first, { block: 'center' });
      return;
    }
    if (then === 'load' && chosen.length === 0) {
      feedback.message.warning(t('msg_select_data_first'));
      return;
    }
    await whileSaving(async () => {
      const answer = await addPlan({ ...headerBody(v, isFeeRole), orderIds: chosen.map((c) => c.id) });
      if (answer.fill.over)
        feedback.message.warning(
          t('msg_over_capacity', { volume: answer.fill.volumePercent, weight: answer.fill.weightPercent }),
        );
      feedback.message.success(t('load_msg_plan_saved', { loadNo: answer.loadNo, count: answer.done }));
      setSaved(true);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: loadplanKeys.all }),
        queryClient.invalidateQueries({ queryKey: inwareKeys.all }),
      ]);
      navigateTo(`${LOADPLAN_DETAILS_PATH}?id=${answer.id}${then === 'load' ? '&load=1' : ''}`);
    });
  };

  return (
    <Card
      className="bus-page"
      data-testid="loadplan-add-page"
      title={
        <Space>
          {t('menu_loadplan_add')}
          {init.data ? <Typography.Text type="secondary">{init.data.loadNo}</Typography.Text> : null}
        </Space>
      }
      extra={
        <Space>
          <Button onClick={() => navigateTo(LOADPLAN_LIST_PATH)}>{t('cancel')}</Button>
          <Button loading={saving} onClick={() => void save('load')} data-testid="plan-save-load">
            {t('load_btn_save_and_load')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => void save('details')} data-testid="plan-save">
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Form<PlanHeaderValues> form={form} layout="vertical">
        <PlanHeaderFields />
      </Form>
      <Row gutter={24} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={12}>
          <div className="bus-section-title">{t('load_gauge_title')}</div>
          <FillGauge containerType={containerType} volume={totals.volume} weight={totals.weight} />
          {isFeeRole ? (
            <div style={{ marginTop: 12 }}>
              <MarginLine receivables={totals.feeArAmount ?? '0'} containerFee={containerFee} currency={currency} />
            </div>
          ) : null}
        </Col>
        <Col xs={24} lg={12}>
          <div className="bus-section-title">{t('load_mark_summary')}</div>
          <MarkSummary marks={marksOf(figures)} />
        </Col>
      </Row>
      <div className="bus-section-title">{t('load_pick_orders')}</div>
      <OrderPicker route={route} chosen={chosen} onChange={setChosen} />
    </Card>
  );
}
