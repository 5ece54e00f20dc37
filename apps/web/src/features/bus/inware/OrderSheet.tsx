import { orderFieldLabelKey } from '@theone/contracts/bus/order-log';
import { ORDER_STATUSES } from '@theone/contracts/bus/order-status';
import { Alert, Card, Space, Steps, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DetailItem, DetailView } from '../../../components/DetailView';
import { DictTag } from '../../../components/DictTag';
import { useDictLabel } from '../../../lib/dict';
import { formatDateTime } from '../../../lib/format';
import type { TCargoLine, TOrder } from './api';
import { Measured } from './columns';

/** The blocks of orderInfo and orderDetails: header, order fields, cargo (declared vs measured), fees, steps. */

/** An order field's item, labelled with the field's name (contracts orderFieldLabelKey: 'consigneeTel' -> 'field_consignee_tel'). */
const item = (name: keyof TOrder & string, shown?: Omit<DetailItem<TOrder>, 'name' | 'label'>): DetailItem<TOrder> => ({
  name,
  label: orderFieldLabelKey(name),
  ...shown,
});
const plain = (...names: (keyof TOrder & string)[]) => names.map((name) => item(name));
const dict = (name: keyof TOrder & string, dictType: string, fee?: true) =>
  item(name, { type: 'dict', dictType, ...(fee ? { fee } : {}) });
const money = (name: keyof TOrder & string) =>
  item(name, { type: 'money', fee: true, currency: (o: TOrder) => o.currency });

export const ORDER_ITEMS: DetailItem<TOrder>[] = [
  {
    name: 'mark',
    label: 'field_mark',
    render: (_v, o) => (o.mark ? `${o.mark} · ${o.markName}${o.topMark ? ` (${o.topMark})` : ''}` : 'NO MARK'),
  },
  dict('busType', 'bus_type'),
  { name: 'route', label: 'bus_route', render: (_v, o) => `${o.leftAddrName || '-'} → ${o.destAddrName || '-'}` },
  ...plain('consignee', 'consigneeTel', 'consigneeAddr', 'shipper', 'shipperTel', 'businessNo', 'clientNo'),
  dict('expressCorp', 'express_corp'),
  {
    name: 'expressNo',
    label: 'field_express_no',
    render: (_v, o) => (
      <Space size={4} wrap>
        {o.expressNo ? o.expressNo.split(',').map((n) => <Tag key={n}>{n}</Tag>) : '-'}
      </Space>
    ),
  },
  item('cargoName'),
  dict('cargoType', 'cargo_type'),
  item('declaredValue', { type: 'money' }),
  ...(['orderTime', 'preArriveTime', 'arrivedTime'] as const).map((name) => item(name, { type: 'datetime' })),
  { name: 'arrivedHouseName', label: 'field_arrived_house_id' },
  ...plain('receivingNo', 'trayNo', 'containerNo', 'sealNo', 'truckNo', 'cargoRemark', 'remark'),
  item('createBy', { render: (_v, o) => `${o.createBy} ${formatDateTime(o.createTime)}` }),
];

export const FEE_ITEMS: DetailItem<TOrder>[] = [
  money('feeFreightAr'),
  money('feeAgentAp'),
  money('feePickAr'),
  money('feeSendAr'),
  money('feePackAr'),
  money('feeUnloadAr'),
  money('feeInsuranceAr'),
  money('feeWoodenAr'),
  money('feeChacheAr'),
  money('deliveryAr'),
  money('feeReplaceAr'),
  money('feeOtherAr'),
  money('chinaFeeAr'),
  money('thFeeAr'),
  money('feeArAmount'),
  money('agentArAmount'),
  item('currencyRate', { fee: true }),
  item('rmbAmount', { type: 'money', fee: true, currency: 'RMB' }),
  money('volumePrice'),
  money('weightPrice'),
  dict('calPriceType', 'cal_price_type', true),
];

export function OrderHeader({ order, extra }: { order: TOrder; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Space wrap size={12} style={{ marginBottom: 12 }} data-testid="order-header">
      <Typography.Title level={4} style={{ margin: 0 }} copyable>
        {order.transportId}
      </Typography.Title>
      <DictTag type="order_status" value={order.status} />
      <DictTag type="audit_status" value={order.auditStatus} />
      {order.ifException === 1 ? <Tag color="red">{t('field_if_exception')}</Tag> : null}
      <Tag>
        {t('field_print_times')}: {order.printTimes}
      </Tag>
      {extra}
    </Space>
  );
}

export function ExceptionBanner({ order }: { order: TOrder }) {
  const { t } = useTranslation();
  const type = useDictLabel('exception_type');
  if (order.ifException !== 1) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      title={`${t('field_if_exception')}: ${type(order.exceptionType)} ${order.exceptionDesc}`}
    />
  );
}

/** Declared vs received figures side by side, then the lines grouped by receipt ('' = declared). */
export function CargoBlock({ order }: { order: TOrder }) {
  const { t } = useTranslation();
  const lines = order.cargoLines ?? [];
  const groups = new Map<string, TCargoLine[]>();
  for (const l of lines) groups.set(l.receivingNo ?? '', [...(groups.get(l.receivingNo ?? '') ?? []), l]);
  return (
    <>
      <Space size={32} className="bus-totals" style={{ marginBottom: 12 }} data-testid="declared-vs-received">
        <span>
          {t('field_cargo_piece')}: <Measured declared={order.cargoPiece} measured={order.arrivedPiece} />
        </span>
        <span>
          {t('field_cargo_weight')}: <Measured declared={order.cargoWeight} measured={order.arrivedWeight} />
        </span>
        <span>
          {t('field_cargo_volume')}: <Measured declared={order.cargoVolume} measured={order.arrivedVolume} />
        </span>
      </Space>
      {[...groups].map(([receipt, rows]) => (
        <Card
          key={receipt}
          size="small"
          title={receipt ? `${t('field_receiving_no')} ${receipt}` : t('bus_declared_lines')}
          style={{ marginBottom: 8 }}
        >
          <Table<TCargoLine>
            size="small"
            pagination={false}
            rowKey={(l) => String(l.id)}
            dataSource={rows}
            columns={[
              { title: '#', dataIndex: 'lineNo', width: 50 },
              { title: t('field_piece'), dataIndex: 'piece', width: 80 },
              { title: t('field_size'), dataIndex: 'size', width: 140 },
              { title: t('field_weight'), dataIndex: 'weight', width: 110, align: 'right' },
              { title: t('field_volume'), dataIndex: 'volume', width: 110, align: 'right' },
              { title: t('field_total_count'), dataIndex: 'totalCount', width: 100 },
            ]}
          />
        </Card>
      ))}
    </>
  );
}

/**
 * S0-S8, each step with the time the order entered it (the details' `stepTimes`: from that step's own log row, so a
 * later edit never shows as the receipt's time).
 */
export function StatusSteps({ order }: { order: TOrder }) {
  const label = useDictLabel('order_status');
  return (
    <Steps
      size="small"
      current={order.status}
      style={{ marginBottom: 16 }}
      data-testid="order-steps"
      items={ORDER_STATUSES.map((s) => ({
        title: label(s),
        description: order.stepTimes?.[s] ? (
          <span data-testid={`order-step-time-${s}`}>{formatDateTime(order.stepTimes[s])}</span>
        ) : undefined,
      }))}
    />
  );
}

export function OrderFields({ order }: { order: TOrder }) {
  return <DetailView<TOrder> data={order} items={ORDER_ITEMS} column={{ xs: 1, sm: 2, lg: 3 }} />;
}

export function FeeFields({ order }: { order: TOrder }) {
  const { t } = useTranslation();
  return (
    <>
      {order.auditStatus === 2 ? (
        <Tag color="purple" style={{ marginBottom: 8 }}>
          {t('bus_fees_frozen')}
        </Tag>
      ) : null}
      <DetailView<TOrder> data={order} items={FEE_ITEMS} column={{ xs: 1, sm: 2, lg: 3 }} />
    </>
  );
}
