import { ScanOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Modal, Segmented, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ListPage';
import { feedback } from '../../../lib/feedback';
import { navigateTo } from '../../../lib/navigation';
import { isApiError } from '../../../lib/request';
import { PrintButtons } from '../print';
import { canDo } from '../shared/order-actions';
import '../shared/bus.css';
import { findByCode, inwareKeys, type TOrder, type TOrderSums } from './api';
import { col, Days, SumsFooter, search } from './columns';
import { rowActions, toolbar } from './list-actions';
import { ReceiveDialog } from './ReceiveDialog';

/**
 * inOrder (screens §3): receiving into the origin warehouse and the stock waiting for a load plan. Tabs: awaiting
 * receipt (S0/S1), in stock (S2 with a mark; default), all received (S2+). The scan box takes an express number off
 * the courier label, a waybill, a piece label or a receipt number: S0/S1 opens the Receive dialog, S2 is found,
 * unknown offers 'Register as no-mark cargo'.
 */
type Tab = 'awaiting' | 'stock' | 'received';

export default function InOrderPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('stock');
  const [receiving, setReceiving] = useState<TOrder | null>(null);
  const [code, setCode] = useState('');
  const scanRef = useRef<{ focus: () => void } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: inwareKeys.all });

  const scan = async (value: string) => {
    const text = value.trim();
    if (!text) return;
    setCode('');
    try {
      const order = await findByCode(text, { silent: true });
      if (canDo(order, 'submitToWarehouse')) setReceiving(order);
      else
        feedback.message.success(
          t('bus_msg_scan_found', { no: order.transportId, n: order.arrivedPiece ?? order.cargoPiece }),
        );
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        Modal.confirm({
          title: t('tips'),
          content: t('bus_msg_no_order_for_code', { code: text }),
          okText: t('bus_btn_register_no_mark'),
          cancelText: t('cancel'),
          onOk: () => navigateTo(`/bus/noMarkOrder?register=${encodeURIComponent(text)}`),
        });
      } else if (isApiError(error)) feedback.message.error(error.message);
    } finally {
      scanRef.current?.focus();
    }
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented<Tab>
          value={tab}
          onChange={setTab}
          options={[
            { value: 'awaiting', label: t('bus_tab_awaiting') },
            { value: 'stock', label: t('bus_tab_stock') },
            { value: 'received', label: t('bus_tab_received') },
          ]}
          data-testid="in-order-tabs"
        />
        <Input.Search
          ref={(r) => {
            scanRef.current = r;
          }}
          className="bus-scan"
          autoFocus
          allowClear
          value={code}
          onChange={(e) => setCode(e.target.value)}
          prefix={<ScanOutlined />}
          placeholder={t('bus_scan_placeholder')}
          enterButton={t('bus_btn_scan')}
          onSearch={(v) => void scan(v)}
          data-testid="scan-box"
        />
      </Space>
      <ListPage<TOrder>
        id="bus/inOrder"
        queryKey={inwareKeys.lists()}
        url="/bus/inware/list"
        baseParams={{ view: 'inOrder', tab }}
        rowKey="id"
        searchFields={[
          search.transportId(),
          search.mark(),
          search.expressNo(),
          search.receivingNo(),
          search.text('trayNo', 'field_tray_no'),
          search.dict('busType', 'field_bus_type', 'bus_type'),
          search.geog('destAddrId', 2),
          search.dict('cargoType', 'field_cargo_type', 'cargo_type'),
          search.range('arrivedTime', 'field_arrived_time'),
          { type: 'text', name: 'minDays', label: 'bus_min_days_in_stock' },
          {
            type: 'select',
            name: 'ifException',
            label: 'field_if_exception',
            options: [
              { value: '1', label: 'bus_yes' },
              { value: '0', label: 'bus_no' },
            ],
          },
        ]}
        columns={[
          col.transportId('info'),
          col.status(),
          col.mark(),
          col.busType(),
          col.text('destAddrName', 'field_dest_addr_id', 100),
          col.text('receivingNo', 'field_receiving_no', 150),
          col.text('arrivedHouseName', 'field_arrived_house_id', 110),
          col.text('trayNo', 'field_tray_no', 90),
          col.text('cargoName', 'field_cargo_name'),
          col.dict('cargoType', 'field_cargo_type', 'cargo_type'),
          col.pieces(),
          col.weights(),
          col.volumes(),
          col.time('arrivedTime', 'field_arrived_time', true),
          {
            key: 'daysInStock',
            title: 'bus_days_in_stock',
            width: 90,
            align: 'right',
            render: (_v, r) => <Days since={r.arrivedTime} warnAfter={2} />,
          },
          col.express(),
          col.text('consignee', 'field_consignee'),
          col.num('printTimes', 'field_print_times', 80),
          col.exception(),
          col.money('feeArAmount', 'field_fee_ar_amount'),
        ]}
        toolbar={[
          {
            key: 'receive',
            label: 'bus_btn_receive',
            type: 'primary',
            perm: 'bus:inOrder:submit',
            selection: 'single',
            onClick: (ctx) => {
              const r = ctx.selectedRows[0]!;
              if (!canDo(r, 'submitToWarehouse')) feedback.message.warning(t('msg_receive_state_reselect'));
              else setReceiving(r);
            },
          },
          {
            key: 'measure',
            label: 'bus_btn_remeasure',
            perm: 'bus:inOrder:measure',
            selection: 'single',
            onClick: (ctx) => {
              const r = ctx.selectedRows[0]!;
              if (!canDo(r, 'remeasure')) feedback.message.warning(t('msg_stock_state_reselect'));
              else setReceiving(r);
            },
          },
          toolbar.cancelReceipt(),
          toolbar.exportCargo('bus:inOrder:export'),
        ]}
        toolbarExtra={(ctx) => (
          <PrintButtons
            ids={ctx.selectedRows.map((r) => r.id)}
            kinds={['pieces', 'receipt']}
            perms={{ pieces: 'bus:inOrder:print', receipt: 'bus:inOrder:print' }}
            onPrinted={() => ctx.refetch()}
          />
        )}
        rowActions={[
          rowActions.info(),
          {
            key: 'receive',
            label: 'bus_btn_receive',
            perm: 'bus:inOrder:submit',
            hidden: (r) => !canDo(r, 'submitToWarehouse'),
            onClick: (r) => setReceiving(r),
          },
          {
            key: 'measure',
            label: 'bus_btn_remeasure',
            perm: 'bus:inOrder:measure',
            hidden: (r) => !canDo(r, 'remeasure'),
            onClick: (r) => setReceiving(r),
          },
        ]}
        actionsWidth={200}
        exportConfig={{ url: '/bus/inware/export', fileName: 'bus_order_export', perm: 'bus:inOrder:export' }}
        footer={(answer) => (
          <SumsFooter arrived={tab !== 'awaiting'} sums={(answer as { sums?: TOrderSums } | undefined)?.sums} />
        )}
        selectionSummary={(rows) => (
          <Space>
            {t('bus_selected_totals', {
              n: rows.length,
              piece: rows.reduce((s, r) => s + (r.arrivedPiece ?? r.cargoPiece), 0),
            })}
          </Space>
        )}
      />
      <ReceiveDialog order={receiving} onClose={() => setReceiving(null)} onDone={refresh} />
    </>
  );
}
