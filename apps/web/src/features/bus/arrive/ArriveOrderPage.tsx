import { useQueryClient } from '@tanstack/react-query';
import { isArrivePay, STOCK_WARN_DAYS } from '@theone/contracts/bus/arrive';
import { ARRIVE_ORDER_TABS, type TArriveOrderTab } from '@theone/contracts/bus/arrive.schemas';
import { Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ListColumn, ListPage, type SearchField, useUrlTab } from '../../../components/ListPage';
import { translate as t } from '../../../lib/i18n';
import type { TableResponse } from '../../../lib/request';
import { RaiseDialog } from '../exception/dialogs';
import { loadSearch } from '../load/columns';
import '../shared/bus.css';
import './arrive.css';
import { containerName } from '../shared/container-fields';
import { ListTabs } from '../shared/ListTabs';
import { countOfColumn, daysColumn, tickedButton, yesNoField } from '../shared/list-parts';
import { ArriveScanPanel } from './ArriveScanPanel';
import { cancelOrders, deliverTarget, openThaiLabels, sureOrders } from './actions';
import { ARRIVE_DETAIL_PATH, type ArriveWire, arriveKeys } from './api';
import { LocationDialog } from './dialogs';

/**
 * arriveOrder (screens §3, key bus:arriveOrder): the overseas warehouse. Tabs To receive (S5 of picked-up
 * containers), In overseas stock (S6) and All; the scan box receives orders and counts their pieces as they come
 * off the container; batch Confirm in warehouse (A17) and Cancel (A18), Set location (shelf), Thai labels, Export.
 * Arrive-pay rows are highlighted with the amount to collect in THB; days in stock turn red after three days.
 */

/** The columns of an overseas order (arriveOrder and arriveDetails' order check). */
export function arriveOrderColumns(): ListColumn<ArriveWire['ArriveOrderRow']>[] {
  return [
    { key: 'transportId', title: 'field_transport_id', width: 150, fixed: 'left', sortable: true },
    { key: 'status', title: 'field_status', width: 110, type: 'dict', dictType: 'order_status' },
    { key: 'mark', title: 'field_mark', width: 90 },
    { key: 'consignee', title: 'field_consignee', width: 130 },
    { key: 'consigneeTel', title: 'field_consignee_tel', width: 120 },
    { key: 'consigneeAddr', title: 'field_consignee_addr', width: 200, defaultHidden: true },
    {
      key: 'containerNo',
      title: 'field_container_no',
      width: 130,
      render: (_v, r) =>
        r.arriveId ? <Link to={`${ARRIVE_DETAIL_PATH}?id=${r.arriveId}`}>{containerName(r)}</Link> : r.containerNo,
    },
    countOfColumn('pieces', 'arrive_scanned', (r) => [
      r.scannedPieces,
      r.expectedPieces,
      `arrive-pieces-${r.transportId}`,
    ]),
    { key: 'arrivedPiece', title: 'field_arrived_piece', width: 80, align: 'right' },
    { key: 'arrivedWeight', title: 'field_arrived_weight', width: 100, align: 'right' },
    { key: 'arrivedVolume', title: 'field_arrived_volume', width: 100, align: 'right' },
    { key: 'arriveTime', title: 'arrive_time', width: 160, type: 'datetime', sortable: true },
    daysColumn('daysInStock', 'arrive_days_in_stock', STOCK_WARN_DAYS, 'arrive-days-warn'),
    { key: 'trayNo', title: 'arrive_location', width: 100 },
    { key: 'deliveryStatus', title: 'field_delivery_status', width: 100, type: 'dict', dictType: 'send_status' },
    {
      key: 'ifException',
      title: 'field_if_exception',
      width: 80,
      render: (_v, r) => (r.ifException ? <Tag color="red">{t('bus_yes')}</Tag> : '-'),
    },
    {
      key: 'collectAmount',
      title: 'arrive_collect_thb',
      width: 150,
      align: 'right',
      render: (_v, r) =>
        isArrivePay(r.balanceType) ? (
          <Space size={4}>
            <Tag color="orange">{t('arrive_arrive_pay')}</Tag>
            <span className="arrive-collect" data-testid={`arrive-collect-${r.transportId}`}>
              {r.collectAmount ?? '-'}
            </span>
          </Space>
        ) : (
          '-'
        ),
    },
    { key: 'thFeeAr', title: 'field_th_fee_ar', width: 110, fee: true, type: 'money', currency: (r) => r.currency },
    {
      key: 'feeArAmount',
      title: 'field_fee_ar_amount',
      width: 120,
      fee: true,
      type: 'money',
      currency: (r) => r.currency,
    },
  ];
}

export default function ArriveOrderPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useUrlTab<TArriveOrderTab>(ARRIVE_ORDER_TABS, 'receive');
  const baseParams = useMemo(() => ({ tab, view: 'orders' }), [tab]);
  const [locating, setLocating] = useState<ArriveWire['ArriveOrderRow'][] | null>(null);
  const [raising, setRaising] = useState<ArriveWire['ArriveOrderRow'][] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: arriveKeys.all });
  const searchFields: SearchField[] = [
    { type: 'numbers', name: 'transportId', label: 'field_transport_id' },
    loadSearch.text('containerNo', 'field_container_no'),
    loadSearch.text('loadNo', 'load_no'),
    loadSearch.text('mark', 'field_mark'),
    loadSearch.text('consignee', 'field_consignee'),
    loadSearch.text('consigneeTel', 'field_consignee_tel'),
    loadSearch.geog('destAddrId', 2),
    loadSearch.range('arriveTime', 'arrive_time', 'ArriveTime'),
    { type: 'text', name: 'minDays', label: 'arrive_days_min' },
    yesNoField('ifException', 'field_if_exception'),
    loadSearch.dict('deliveryStatus', 'field_delivery_status', 'send_status', true),
  ];
  return (
    <>
      <ArriveScanPanel onScanned={refresh} hold={locating !== null || raising !== null} />
      <ListTabs
        tabs={ARRIVE_ORDER_TABS}
        labelPrefix="arrive_tab_"
        value={tab}
        onChange={setTab}
        testId="arrive-order-tabs"
      />
      <ListPage<ArriveWire['ArriveOrderRow']>
        id="bus/arriveOrder"
        queryKey={arriveKeys.custom('orders')}
        url="/bus/arrive/orderList"
        baseParams={baseParams}
        rowKey="id"
        searchFields={searchFields}
        columns={arriveOrderColumns()}
        toolbar={[
          tickedButton(
            'sure',
            'perm_bus_arrive_order_sure',
            'bus:arriveOrder:sure',
            (rows, ctx) => sureOrders(rows, ctx.refetch),
            { type: 'primary' },
          ),
          tickedButton(
            'cancel',
            'perm_bus_arrive_order_cancel',
            'bus:arriveOrder:cancel',
            (rows, ctx) => cancelOrders(rows, ctx.refetch),
            { danger: true },
          ),
          tickedButton('location', 'perm_bus_arrive_order_edit', 'bus:arriveOrder:edit', setLocating),
          tickedButton('exception', 'perm_bus_exception_add', 'bus:exception:add', setRaising),
          tickedButton('deliver', 'arrive_btn_deliver', 'bus:send:add', (rows) => {
            const target = deliverTarget(rows);
            if (target) navigate(target);
          }),
          tickedButton('labels', 'arrive_labels_th', 'bus:arriveOrder:print', (rows) =>
            openThaiLabels(rows.map((r) => r.id)),
          ),
        ]}
        exportConfig={{ url: '/bus/arrive/export', fileName: 'arrive_orders', perm: 'bus:arriveOrder:export' }}
        tableProps={{ rowClassName: (r) => (isArrivePay(r.balanceType) ? 'arrive-row-arrive-pay' : '') }}
        footer={(answer) => (
          <OrderSums
            sums={
              (answer as TableResponse<ArriveWire['ArriveOrderRow']> & { sums?: ArriveWire['ArriveOrderSums'] })?.sums
            }
          />
        )}
      />
      <LocationDialog orders={locating} onClose={() => setLocating(null)} onDone={refresh} />
      <RaiseDialog open={raising !== null} initial={raising ?? []} onClose={() => setRaising(null)} onDone={refresh} />
    </>
  );
}

export function OrderSums({ sums }: { sums?: ArriveWire['ArriveOrderSums'] }) {
  const { t } = useTranslation();
  if (!sums) return null;
  return (
    <Space size={24} wrap data-testid="arrive-order-sums">
      <Typography.Text>
        {t('load_orders')}: {sums.orders}
      </Typography.Text>
      <Typography.Text>
        {t('field_arrived_piece')}: {sums.pieces}
      </Typography.Text>
      <Typography.Text>
        {t('field_arrived_weight')}: {sums.weight} kg
      </Typography.Text>
      <Typography.Text>
        {t('field_arrived_volume')}: {sums.volume} m³
      </Typography.Text>
      <Typography.Text className="arrive-collect">
        {t('arrive_collect_thb')}: {sums.collectAmount}
      </Typography.Text>
    </Space>
  );
}
