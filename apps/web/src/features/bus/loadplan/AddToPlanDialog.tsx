import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/DictTag';
import { feedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { navigateTo } from '../../../lib/navigation';
import { usePermission } from '../../../lib/permission';
import { inwareKeys, type TOrder } from '../inware/api';
import { useSaving } from '../shared/use-saving';
import { addPlanOrders, fetchPlans, LOADPLAN_ADD_PATH, type LoadWire, loadplanKeys } from './api';
import { FillBar } from './FillGauge';
import { refusalOf } from './OrderPicker';

/**
 * inOrder's 'Add to load plan' (screens inOrder, key bus:inOrder:plan): the ticked in-stock orders go into an
 * open plan (L0/L1) of their transport mode, origin and destination (`loadplan/addOrder/{planId}`, S2 -> S3), or
 * into a new plan (loadplanAdd with them chosen). Orders of several routes, in the wrong state or with an open
 * problem item are named before anything is sent (M-route, M3, M-exc); the server checks again.
 */
export function AddToPlanDialog({ orders, onClose }: { orders: readonly TOrder[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { hasPermi } = usePermission();
  const [planId, setPlanId] = useState<number | null>(null);
  const { saving, save } = useSaving();
  const first = orders?.[0];
  const route = first
    ? { busType: first.busType, leftAddrId: first.leftAddrId, destAddrId: first.destAddrId }
    : { busType: null, leftAddrId: null, destAddrId: null };
  const refused = (orders ?? []).map((o) => ({ o, why: refusalOf(o, route) })).filter((x) => x.why !== null);
  useEffect(() => {
    if (orders) setPlanId(null);
  }, [orders]);

  const plans = useQuery({
    queryKey: loadplanKeys.list({ pick: route }),
    enabled: Boolean(orders && first),
    queryFn: () =>
      fetchPlans({
        status: '0,1',
        busType: route.busType,
        leftAddrId: route.leftAddrId,
        destAddrId: route.destAddrId,
        pageNum: 1,
        pageSize: 50,
        orderByColumn: 'loadTime',
        isAsc: 'asc',
      }),
  });

  const submit = async () => {
    if (!orders || planId === null) {
      feedback.message.warning(t('load_msg_pick_plan'));
      return;
    }
    await save(async () => {
      const answer = await addPlanOrders(
        planId,
        orders.map((o) => o.id),
      );
      feedback.message.success(t('load_msg_orders_added', { count: answer.done }));
      if (answer.fill.over)
        feedback.message.warning(
          t('msg_over_capacity', { volume: answer.fill.volumePercent, weight: answer.fill.weightPercent }),
        );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: inwareKeys.all }),
        queryClient.invalidateQueries({ queryKey: loadplanKeys.all }),
      ]);
      onClose();
    });
  };

  const newPlan = () => {
    if (!orders) return;
    const ids = orders.map((o) => o.transportId).join(',');
    onClose();
    navigateTo(`${LOADPLAN_ADD_PATH}?transportIds=${encodeURIComponent(ids)}`);
  };

  return (
    <Modal
      open={Boolean(orders)}
      title={t('load_add_to_plan_title', { count: orders?.length ?? 0 })}
      width={900}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('confirm')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: refused.length > 0 || planId === null, loading: saving }}
      destroyOnHidden
      data-testid="add-to-plan-dialog"
    >
      {refused.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={refused
            .slice(0, 10)
            .map((x) => t(x.why!.key, x.why!.values))
            .join('；')}
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t('load_add_to_plan_hint', { route: `${first?.leftAddrName ?? ''} → ${first?.destAddrName ?? ''}` })}
          </Typography.Paragraph>
          <Table<LoadWire['LoadRow']>
            size="small"
            rowKey="id"
            loading={plans.isLoading}
            dataSource={plans.data?.rows ?? []}
            pagination={false}
            scroll={{ y: 360 }}
            locale={{ emptyText: t('load_no_open_plan') }}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: planId === null ? [] : [planId],
              onChange: (keys) => setPlanId((keys[0] as number | undefined) ?? null),
            }}
            onRow={(r) => ({ onClick: () => setPlanId(r.id) })}
            columns={[
              { key: 'loadNo', dataIndex: 'loadNo', title: t('field_load_no'), width: 130 },
              {
                key: 'status',
                title: t('field_status'),
                width: 90,
                render: (_v, r) => <DictTag type="load_status" value={r.status} />,
              },
              {
                key: 'containerType',
                title: t('field_container_type'),
                width: 90,
                render: (_v, r) => <DictTag type="container_type" value={r.containerType} />,
              },
              {
                key: 'loadTime',
                title: t('field_plan_load_time'),
                width: 150,
                render: (_v, r) => formatDateTime(r.loadTime),
              },
              { key: 'orderCount', dataIndex: 'orderCount', title: t('field_order_count'), width: 70 },
              {
                key: 'volumePercent',
                title: t('field_fill_volume'),
                width: 140,
                render: (_v, r) => <FillBar percent={r.volumePercent} />,
              },
              {
                key: 'weightPercent',
                title: t('field_fill_weight'),
                width: 140,
                render: (_v, r) => <FillBar percent={r.weightPercent} />,
              },
            ]}
          />
          {hasPermi('loadplan:add') ? (
            <Button icon={<PlusOutlined />} style={{ marginTop: 12 }} onClick={newPlan} data-testid="add-to-new-plan">
              {t('load_btn_new_plan')}
            </Button>
          ) : null}
        </>
      )}
    </Modal>
  );
}
