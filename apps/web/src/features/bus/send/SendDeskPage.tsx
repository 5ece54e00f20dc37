import { useQueryClient } from '@tanstack/react-query';
import { checkBatch, SIGN_STATUS } from '@theone/contracts';
import { Form, Select, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormModal } from '../../../components/FormDialog';
import { type ListContext, ListPage } from '../../../components/ListPage';
import { feedback } from '../../../lib/feedback';
import { formatMoney } from '../../../lib/format';
import { translate } from '../../../lib/i18n';
import { request, type TableResponse } from '../../../lib/request';
import '../shared/bus.css';
import { addToRun, printDeliveryNotes, removeFromRun, sendKeys, type TSendLine, type TSendRow } from './api';
import { RunDialog, type RunDialogProps } from './RunDialog';
import './send.css';
import { selectField, tickedButton, yesNoField } from '../shared/list-parts';
import { CONSIGNEE_SEARCH, sendLineColumns, WAYBILL_SEARCH } from './line-columns';
import { SendSums, type TSendSum } from './SendSums';

/**
 * send (screens §3, key bus:send): the dispatch desk over the overseas stock (S6) and the orders out (S7). New send
 * order from the selected (A19), Add to a draft run (A19), Back to stock (A22 for S7 unsigned or failed; A20 for S6
 * in a draft run), Print delivery notes (one page per order, Thai), Export. Failed deliveries show red with the
 * reason, for redelivery. Opened from arriveOrder's 'Deliver selected' (`?transportId=a,b&deliver=1`), the desk
 * shows those orders and opens New send order with them.
 */

const refuse = (rows: readonly TSendLine[], action: 'addToSendOrder' | 'backToStock') => {
  const refusal = checkBatch(
    rows.map((r) => ({ ...r, status: r.status as never })),
    action,
  );
  if (!refusal) return false;
  feedback.message.warning(
    translate(refusal.messageKey, {
      list: refusal.rows.map((r) => r.transportId).join(', '),
      transportId: refusal.rows.map((r) => r.transportId).join(', '),
    }),
  );
  return true;
};

function AddToRunDialog({
  rows,
  onClose,
  onSaved,
}: {
  rows: TSendLine[] | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [runs, setRuns] = useState<TSendRow[]>([]);
  const load = async () => {
    const answer = await request.get<TableResponse<TSendRow>>('/bus/send/list', { status: '0', pageSize: 100 });
    setRuns(answer.rows);
  };
  return (
    <FormModal<{ sendId?: number }>
      open={rows !== null}
      title={t('send_btn_add_to_run')}
      onClose={onClose}
      onSaved={onSaved}
      onSubmit={(v) => addToRun(v.sendId as number, { orderIds: (rows ?? []).map((r) => r.orderId) })}
    >
      <Form.Item
        name="sendId"
        label={t('send_field_send_no')}
        rules={[{ required: true, message: t('err_required', { field: t('send_field_send_no') }) }]}
      >
        <Select
          onDropdownVisibleChange={(open) => open && load()}
          data-testid="desk-run-picker"
          options={runs.map((r) => ({ value: r.id, label: `${r.sendNo} · ${r.driverName} · ${r.orders}` }))}
        />
      </Form.Item>
    </FormModal>
  );
}

/** The desk's sums: the filtered lines' count, pieces, weight, volume and the amounts to collect. */
const DESK_SUMS: TSendSum[] = [
  ['orders', 'send_field_orders'],
  ['pieces', 'print_pieces'],
  ['weight', 'send_field_weight'],
  ['volume', 'send_field_volume'],
  ['sendPartAmount', 'send_field_part_amount', 'money'],
];

export default function SendDeskPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<RunDialogProps['mode']>(null);
  const [adding, setAdding] = useState<TSendLine[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sendKeys.all });

  /** New send order from these desk rows: S6, no open problem item (M-exc), in no run (M-insend). */
  const newRun = (rows: TSendLine[]) => {
    if (refuse(rows, 'addToSendOrder')) return;
    const inRun = rows.filter((r) => r.sendId);
    if (inRun.length) {
      feedback.message.warning(
        translate('msg_in_send_reselect', { transportId: inRun.map((r) => r.transportId).join(', ') }),
      );
      return;
    }
    setDialog({ kind: 'add', orders: rows });
  };

  // arriveOrder's 'Deliver selected': the desk rows of those waybills, fresh, into the dialog (once per link)
  const [search, setSearch] = useSearchParams();
  const deliver = search.get('deliver') === '1' ? (search.get('transportId') ?? '') : '';
  const delivered = useRef('');
  useEffect(() => {
    if (!deliver || delivered.current === deliver) return;
    delivered.current = deliver;
    setSearch(
      (prev) => {
        const q = new URLSearchParams(prev);
        q.delete('deliver');
        return q;
      },
      { replace: true },
    );
    void request
      .get<TableResponse<TSendLine>>('/bus/send/desk', { transportId: deliver, pageNum: 1, pageSize: 500 })
      .then((answer) => newRun(answer.rows))
      .catch(() => {});
  });

  const back = (ctx: ListContext<TSendLine>) => {
    const rows = ctx.selectedRows;
    const wrong = rows.filter((r) => !r.sendId || r.status === 8);
    if (wrong.length) {
      feedback.message.warning(
        translate('msg_delivery_state_reselect', { list: wrong.map((r) => r.transportId).join(', ') }),
      );
      return;
    }
    const byRun = new Map<number, TSendLine[]>();
    for (const r of rows) byRun.set(r.sendId as number, [...(byRun.get(r.sendId as number) ?? []), r]);
    return ctx.runAction({
      confirm: 'confirm_back_stock',
      run: async (_rows, config) => {
        for (const [sendId, lines] of byRun)
          await removeFromRun(sendId, { orderIds: lines.map((l) => l.orderId) }, config);
      },
    });
  };

  return (
    <>
      <ListPage<TSendLine>
        id="bus/send"
        queryKey={sendKeys.custom('desk')}
        url="/bus/send/desk"
        rowKey="orderId"
        searchFields={[
          WAYBILL_SEARCH,
          ...CONSIGNEE_SEARCH,
          { name: 'area', label: 'send_field_area' },
          { name: 'containerNo', label: 'field_container_no' },
          selectField('status', 'field_status', [
            ['6', 'send_tab_stock'],
            ['7', 'send_tab_out'],
          ]),
          { name: 'sendNo', label: 'send_field_send_no' },
          { type: 'dict', name: 'deliveryStatus', label: 'send_field_delivery_status', dictType: 'send_status' },
          { type: 'dict', name: 'signStatus', label: 'field_sign_status', dictType: 'sign_status' },
          yesNoField('arrivePay', 'send_field_arrive_pay'),
        ]}
        columns={[
          ...sendLineColumns(220),
          { key: 'status', title: 'field_status', type: 'dict', dictType: 'order_status', width: 110 },
          {
            key: 'deliveryStatus',
            title: 'send_field_delivery_status',
            type: 'dict',
            dictType: 'send_status',
            width: 100,
          },
          { key: 'sendNo', title: 'send_field_send_no', width: 140 },
          { key: 'arrivedPiece', title: 'print_pieces', type: 'number', width: 70 },
          { key: 'arrivedWeight', title: 'send_field_weight', type: 'number', decimals: 2, width: 90 },
          { key: 'arrivedVolume', title: 'send_field_volume', type: 'number', decimals: 3, width: 90 },
          { key: 'containerNo', title: 'field_container_no', width: 130 },
          { key: 'daysInStock', title: 'send_field_days_in_stock', type: 'number', width: 80, sortable: true },
          { key: 'signStatus', title: 'field_sign_status', type: 'dict', dictType: 'sign_status', width: 100 },
          { key: 'signFailRemark', title: 'send_field_fail_remark', width: 140 },
          {
            key: 'sendPartAmount',
            title: 'send_field_part_amount',
            width: 110,
            render: (_v, r) =>
              r.sendPartAmount ? (
                formatMoney(r.sendPartAmount)
              ) : r.arrivePay ? (
                <Tag color="orange">{t('send_field_arrive_pay')}</Tag>
              ) : (
                ''
              ),
          },
          {
            key: 'ifException',
            title: 'send_field_problem',
            width: 80,
            render: (_v, r) => (r.ifException ? <Tag color="red">{t('send_field_problem')}</Tag> : ''),
          },
        ]}
        toolbar={[
          tickedButton('add', 'send_btn_new_run', 'bus:send:add', newRun, { type: 'primary' }),
          tickedButton('addOrder', 'send_btn_add_to_run', 'bus:send:addOrder', (rows) => {
            if (refuse(rows, 'addToSendOrder')) return;
            setAdding(rows);
          }),
          { key: 'back', label: 'send_btn_back', perm: 'bus:send:back', selection: 'multiple', onClick: back },
          tickedButton('print', 'send_btn_print_notes', 'bus:send:print', (rows) =>
            printDeliveryNotes(rows.map((r) => r.orderId)),
          ),
        ]}
        tableProps={{
          rowClassName: (r) => (r.signStatus === SIGN_STATUS.FAILED ? 'send-row-failed' : ''),
        }}
        footer={(answer) => <SendSums sums={answer?.sums} figures={DESK_SUMS} testId="desk-sums" />}
      />
      <RunDialog mode={dialog} onClose={() => setDialog(null)} onSaved={refresh} />
      <AddToRunDialog rows={adding} onClose={() => setAdding(null)} onSaved={refresh} />
    </>
  );
}
