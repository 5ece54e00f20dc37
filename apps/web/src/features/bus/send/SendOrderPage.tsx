import { useQueryClient } from '@tanstack/react-query';
import { SEND_REJECT_KEYS, SEND_STATUS, sendAllows, type TSendOperation } from '@theone/contracts/bus/send';
import { Button } from 'antd';
import { useState } from 'react';
import { type ListContext, ListPage } from '../../../components/ListPage';
import { runStateAction } from '../../../components/state-action';
import { feedback } from '../../../lib/feedback';
import { translate } from '../../../lib/i18n';
import { navigateTo } from '../../../lib/navigation';
import { getData } from '../../../lib/request';
import '../shared/bus.css';
import { deleteRowAction, tickedButton } from '../shared/list-parts';
import {
  deleteRuns,
  dispatchRuns,
  printRunSheets,
  removeFromRun,
  SIGN_LIST_PATH,
  sendKeys,
  type TSendDetail,
  type TSendRow,
} from './api';
import { RunDialog, type RunDialogProps } from './RunDialog';
import { RunDrawer, RunLines } from './RunLines';
import './send.css';
import { SendSums, type TSendSum } from './SendSums';

/**
 * sendOrder (screens §3, key bus:sendOrder): delivery runs (one day, one driver, one vehicle, many orders). Add (A19),
 * Confirm delivery (A21, batch), Print run sheet (Thai by default), Export; per row: Details drawer, Edit (header in
 * D0, amounts any time), Delete (D0), Cancel delivery (A22 every unsigned order back to stock), Sign (sign-list of
 * the run). The expandable row lists the run's orders with Remove (D0). A driver sees their own runs only.
 */

function allowAll(rows: readonly TSendRow[], operation: TSendOperation): boolean {
  if (rows.length === 0) {
    feedback.message.warning(translate('msg_select_data_first'));
    return false;
  }
  const wrong = rows.filter((r) => !sendAllows(operation, r.status));
  if (!wrong.length) return true;
  feedback.message.warning(translate(SEND_REJECT_KEYS[operation], { list: wrong.map((r) => r.sendNo).join(', ') }));
  return false;
}

/** The runs' sums: orders, pieces and the run amounts (delivery fee and other amounts for the fee role only). */
const RUN_SUMS: TSendSum[] = [
  ['orders', 'send_field_orders'],
  ['pieces', 'print_pieces'],
  ['sendFeeAmount', 'send_field_fee_amount', 'money'],
  ['sendPartAmount', 'send_field_part_amount', 'money'],
  ['sendOtherAmount', 'send_field_other_amount', 'money'],
];

export default function SendOrderPage() {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<RunDialogProps['mode']>(null);
  const [drawer, setDrawer] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sendKeys.all });

  const edit = async (r: TSendRow) => {
    const detail = await getData<TSendDetail>(`/bus/send/${r.id}`);
    setDialog({ kind: 'edit', run: r, lines: detail.lines });
  };

  const cancelDelivery = async (r: TSendRow, ctx: ListContext<TSendRow>) => {
    const detail = await getData<TSendDetail>(`/bus/send/${r.id}`);
    const unsigned = detail.lines.filter((l) => !l.returned && l.status === 7);
    await runStateAction({
      rows: unsigned,
      confirm: 'confirm_back_stock',
      run: (rows, config) => removeFromRun(r.id, { orderIds: rows.map((l) => l.orderId) }, config),
      onDone: () => ctx.refetch(),
    });
  };

  return (
    <>
      <ListPage<TSendRow>
        id="bus/sendOrder"
        queryKey={sendKeys.lists()}
        url="/bus/send/list"
        rowKey="id"
        searchFields={[
          { name: 'sendNo', label: 'send_field_send_no' },
          { name: 'transDriver', label: 'send_field_driver' },
          { name: 'plateNo', label: 'send_field_plate' },
          { type: 'dict', name: 'status', label: 'send_field_status', dictType: 'send_run_status', multiple: true },
          { type: 'dateRange', name: 'sendTime', label: 'send_field_send_time' },
          { name: 'transportId', label: 'print_waybill' },
          { name: 'containerNo', label: 'field_container_no' },
        ]}
        columns={[
          {
            key: 'sendNo',
            title: 'send_field_send_no',
            width: 150,
            render: (_v, r) => (
              <Button type="link" size="small" onClick={() => setDrawer(r.id)} data-testid={`run-link-${r.sendNo}`}>
                {r.sendNo}
              </Button>
            ),
          },
          { key: 'status', title: 'send_field_status', type: 'dict', dictType: 'send_run_status', width: 100 },
          { key: 'sendTime', title: 'send_field_send_time', type: 'datetime', width: 160, sortable: true },
          {
            key: 'driverName',
            title: 'send_field_driver',
            width: 170,
            render: (_v, r) => `${r.driverName} ${r.driverPhone}`,
          },
          { key: 'plateNo', title: 'send_field_plate', width: 120 },
          { key: 'orders', title: 'send_field_orders', type: 'number', width: 70 },
          { key: 'pieces', title: 'print_pieces', type: 'number', width: 70 },
          { key: 'weight', title: 'send_field_weight', type: 'number', decimals: 2, width: 90 },
          { key: 'volume', title: 'send_field_volume', type: 'number', decimals: 3, width: 90 },
          {
            key: 'signed',
            title: 'send_field_signed',
            width: 80,
            render: (_v, r) => `${r.signed}/${r.orders}`,
          },
          { key: 'failed', title: 'send_field_failed', type: 'number', width: 70 },
          { key: 'sendFeeAmount', title: 'send_field_fee_amount', type: 'money', fee: true, width: 100 },
          { key: 'sendPartAmount', title: 'send_field_part_amount', type: 'money', width: 100 },
          { key: 'sendOtherAmount', title: 'send_field_other_amount', type: 'money', fee: true, width: 100 },
          { key: 'sendRemark', title: 'send_field_remark', width: 160 },
          { key: 'createBy', title: 'send_field_create_by', width: 100 },
        ]}
        toolbar={[
          {
            key: 'add',
            label: 'add',
            type: 'primary',
            perm: 'bus:sendOrder:add',
            onClick: () => setDialog({ kind: 'add' }),
          },
          tickedButton(
            'sure',
            'send_btn_sure',
            'bus:sendOrder:sure',
            (rows, ctx) =>
              allowAll(rows, 'sure') &&
              ctx.runAction({
                confirm: 'confirm_delivery',
                run: (ticked, config) =>
                  dispatchRuns(
                    ticked.map((r) => r.id),
                    config,
                  ),
              }),
          ),
          tickedButton('print', 'send_btn_print_sheet', 'bus:sendOrder:print', (rows) =>
            printRunSheets(rows.map((r) => r.id)),
          ),
        ]}
        exportConfig={{ url: '/bus/send/export', fileName: 'send_orders', perm: 'bus:sendOrder:export' }}
        rowActions={[
          { key: 'info', label: 'details', onClick: (r) => setDrawer(r.id) },
          { key: 'edit', label: 'edit', perm: 'bus:sendOrder:edit', onClick: (r) => edit(r) },
          deleteRowAction('bus:sendOrder:delete', (r) => sendAllows('delete', r.status), deleteRuns),
          {
            key: 'cancel',
            label: 'send_btn_cancel_delivery',
            perm: 'bus:sendOrder:cancel',
            danger: true,
            hidden: (r) => r.status !== SEND_STATUS.DISPATCHED,
            onClick: (r, ctx) => cancelDelivery(r, ctx),
          },
          {
            key: 'sign',
            label: 'send_btn_sign',
            perm: 'bus:sign',
            hidden: (r) => r.status === SEND_STATUS.DRAFT,
            onClick: (r) => navigateTo(`${SIGN_LIST_PATH}?sendNo=${r.sendNo}&tab=all`),
          },
        ]}
        actionsWidth={260}
        tableProps={{
          expandable: {
            expandedRowRender: (r) => <RunLines runId={r.id} onChanged={refresh} />,
          },
        }}
        footer={(answer) => <SendSums sums={answer?.sums} figures={RUN_SUMS} testId="send-sums" />}
      />
      <RunDialog mode={dialog} onClose={() => setDialog(null)} onSaved={refresh} />
      <RunDrawer runId={drawer} onClose={() => setDrawer(null)} />
    </>
  );
}
