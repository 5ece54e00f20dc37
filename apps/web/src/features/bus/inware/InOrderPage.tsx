import { Segmented, Space } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPage, type RowAction, type ToolbarButton, useUrlTab } from '../../../components/ListPage';
import { ScanBox, type ScanFeedback } from '../../../components/ScanBox';
import { feedback } from '../../../lib/feedback';
import { navigateTo } from '../../../lib/navigation';
import { usePermission } from '../../../lib/permission';
import { isApiError } from '../../../lib/request';
import { AddToPlanDialog } from '../loadplan/AddToPlanDialog';
import { canDo } from '../shared/order-actions';
import '../shared/bus.css';
import { yesNoField } from '../shared/list-parts';
import { findByCode, type TOrder, useRefreshOrders } from './api';
import { col, search, sumsFooter } from './columns';
import { rowActions, toolbar } from './list-actions';
import { inwareList, selectionPrints } from './order-list-parts';
import { expressNumbers, ReceiveDialog } from './ReceiveDialog';

/**
 * inOrder (screens §3): receiving into the origin warehouse and the stock waiting for a load plan. Tabs (`?tab=`):
 * awaiting receipt (S0/S1), in stock (S2 with a mark; the default), all received (S2+).
 *
 * The scan box (components/ScanBox) takes an express number off the courier label, a waybill, a piece label or a
 * receipt number, from whichever tab: an S0/S1 order opens the Receive dialog and the list shows the awaiting tab
 * (where that order is); an S2+ order is reported with its pieces; an unknown code says so under the box, with a
 * sound, and offers 'Register no-mark cargo' as a button (never the default of Enter, so the next scan's Enter
 * cannot register it). While the Receive dialog is open, a scan never reaches its fields: another express number
 * of the same order ticks it in the checklist, the order's own codes are 'already scanned', any other code
 * waits and is looked up when the dialog closes.
 */
type Tab = 'awaiting' | 'stock' | 'received';
const TABS: readonly Tab[] = ['awaiting', 'stock', 'received'];

/**
 * Receive (an order awaiting receipt) and Remeasure (one in stock) open the Receive dialog on one order, as a
 * button on the selected row (warning with `reselect` when it may not take `operation`) and as a row action.
 */
const RECEIVE_ACTIONS = [
  {
    key: 'receive',
    label: 'bus_btn_receive',
    primary: true,
    perm: 'bus:inOrder:submit',
    operation: 'submitToWarehouse',
    reselect: 'msg_receive_state_reselect',
  },
  {
    key: 'measure',
    label: 'bus_btn_remeasure',
    primary: false,
    perm: 'bus:inOrder:measure',
    operation: 'remeasure',
    reselect: 'msg_stock_state_reselect',
  },
] as const;

interface Receiving {
  order: TOrder;
  /** The codes scanned for it: its express numbers among them are ticked. */
  scanned: string[];
}

export default function InOrderPage() {
  const { t } = useTranslation();
  const { hasPermi } = usePermission();
  const [, setQuery] = useSearchParams();
  const [tab, setTab] = useUrlTab<Tab>(TABS, 'stock');
  // The order a scan found already received (screens: 'an S2 order is highlighted with its pieces'): the list shows
  // it on the received tab, filtered to its waybill, with the row marked. A scan that opens the Receive dialog drops
  // that filter again, so the order being received is listed on the awaiting tab.
  const [highlight, setHighlight] = useState<number | null>(null);
  const highlightFilter = useRef<string | null>(null);
  const showScanned = useCallback(
    (next: Tab, transportId: string | null) =>
      setQuery(
        (prev) => {
          const q = new URLSearchParams(prev);
          q.set('tab', next);
          q.set('pageNum', '1');
          if (transportId) q.set('transportId', transportId);
          else if (highlightFilter.current && q.get('transportId') === highlightFilter.current) q.delete('transportId');
          highlightFilter.current = transportId;
          return q;
        },
        { replace: true },
      ),
    [setQuery],
  );
  const [planning, setPlanning] = useState<TOrder[] | null>(null);
  const [receiving, setReceivingState] = useState<Receiving | null>(null);
  const receivingRef = useRef<Receiving | null>(null);
  const setReceiving = (next: Receiving | null) => {
    receivingRef.current = next;
    setReceivingState(next);
  };
  // resolves the scan that opened the dialog, so the scan box goes on with the next code
  const dialogClosed = useRef<(() => void) | null>(null);
  const closeDialog = () => {
    setReceiving(null);
    dialogClosed.current?.();
    dialogClosed.current = null;
  };
  const refresh = useRefreshOrders();
  const list = useMemo(() => inwareList('inOrder', 'bus:inOrder:export', { tab }), [tab]);

  const scan = async (code: string): Promise<ScanFeedback> => {
    let order: TOrder;
    try {
      order = await findByCode(code, { silent: true });
    } catch (error) {
      if (!isApiError(error) || error.status !== 404) throw error;
      return {
        tone: 'error',
        message: t('bus_msg_no_order_for_code', { code }),
        action: hasPermi('bus:noMarkOrder:add')
          ? {
              label: t('bus_btn_register_no_mark'),
              onClick: () => navigateTo(`/bus/noMarkOrder?register=${encodeURIComponent(code)}`),
              testId: 'scan-register-no-mark',
            }
          : undefined,
      };
    }
    if (canDo(order, 'submitToWarehouse') && hasPermi('bus:inOrder:submit')) {
      setHighlight(null);
      showScanned('awaiting', null);
      setReceiving({ order, scanned: [code] });
      return {
        tone: 'ok',
        message: t('bus_msg_scan_receiving', { no: order.transportId }),
        until: new Promise<void>((resolve) => {
          dialogClosed.current = resolve;
        }),
      };
    }
    if (!canDo(order, 'submitToWarehouse')) {
      setHighlight(order.id);
      showScanned('received', order.transportId);
    }
    return {
      tone: canDo(order, 'submitToWarehouse') ? 'info' : 'ok',
      message: t('bus_msg_scan_found', { no: order.transportId, count: order.arrivedPiece ?? order.cargoPiece }),
    };
  };

  /** A scan while the Receive dialog is open. */
  const heldScan = (code: string): ScanFeedback | undefined => {
    const current = receivingRef.current;
    if (!current) return undefined;
    const upper = code.toUpperCase();
    const own = current.order.transportId.toUpperCase();
    const express = expressNumbers(current.order.expressNo).find((n) => n.toUpperCase() === upper);
    const repeat = current.scanned.some((s) => s.toUpperCase() === upper);
    if (repeat || upper === own || upper.startsWith(`${own}-`))
      return { tone: 'warn', message: t('msg_scan_duplicate', { code }) };
    if (!express) return undefined;
    setReceiving({ ...current, scanned: [...current.scanned, express] });
    return { tone: 'ok', message: t('bus_msg_express_ticked', { code: express }) };
  };

  const openReceive = (order: TOrder) => setReceiving({ order, scanned: [] });

  return (
    <>
      <Space style={{ marginBottom: 8 }} align="start" wrap size={16}>
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
        <ScanBox
          onScan={scan}
          onHeldScan={heldScan}
          hold={receiving !== null}
          placeholder="bus_scan_placeholder"
          testId="scan-box"
        />
      </Space>
      <ListPage<TOrder>
        {...list}
        searchFields={[
          search.transportId(),
          search.mark(),
          search.expressNo(),
          search.receivingNo(),
          ...search.texts('trayNo'),
          search.dict('busType', 'field_bus_type', 'bus_type'),
          search.geog('destAddrId', 2),
          search.dict('cargoType', 'field_cargo_type', 'cargo_type'),
          search.range('arrivedTime', 'field_arrived_time'),
          { type: 'text', name: 'minDays', label: 'bus_min_days_in_stock' },
          yesNoField('ifException', 'field_if_exception'),
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
          col.days('daysInStock', 'bus_days_in_stock', 'arrivedTime', 2),
          col.express(),
          col.text('consignee', 'field_consignee'),
          col.num('printTimes', 'field_print_times', 80),
          col.exception(),
          col.money('feeArAmount', 'field_fee_ar_amount'),
        ]}
        toolbar={[
          ...RECEIVE_ACTIONS.map(
            (a): ToolbarButton<TOrder> => ({
              key: a.key,
              label: a.label,
              ...(a.primary ? { type: 'primary' as const } : {}),
              perm: a.perm,
              selection: 'single',
              onClick: (ctx) => {
                const r = ctx.selectedRows[0]!;
                if (!canDo(r, a.operation)) feedback.message.warning(t(a.reselect));
                else openReceive(r);
              },
            }),
          ),
          toolbar.cancelReceipt(),
          toolbar.onSelection('plan', 'load_btn_add_to_plan', 'bus:inOrder:plan', setPlanning),
          toolbar.exportCargo('bus:inOrder:export'),
        ]}
        toolbarExtra={selectionPrints<TOrder>(['pieces', 'receipt'], 'bus:inOrder:print')}
        rowActions={[
          rowActions.info(),
          ...RECEIVE_ACTIONS.map(
            (a): RowAction<TOrder> => ({
              key: a.key,
              label: a.label,
              perm: a.perm,
              hidden: (r) => !canDo(r, a.operation),
              onClick: (r) => openReceive(r),
            }),
          ),
        ]}
        actionsWidth={200}
        tableProps={{ rowClassName: (r) => (r.id === highlight ? 'bus-row-scanned' : '') }}
        footer={sumsFooter(tab !== 'awaiting')}
        selectionSummary={(rows) => (
          <Space>
            {t('bus_selected_totals', {
              count: rows.length,
              pieces: t('bus_n_pieces', { count: rows.reduce((s, r) => s + (r.arrivedPiece ?? r.cargoPiece), 0) }),
            })}
          </Space>
        )}
      />
      <AddToPlanDialog orders={planning} onClose={() => setPlanning(null)} />
      <ReceiveDialog
        order={receiving?.order ?? null}
        scanned={receiving?.scanned}
        onClose={closeDialog}
        onDone={refresh}
      />
    </>
  );
}
