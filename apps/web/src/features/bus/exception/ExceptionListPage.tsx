import { useQueryClient } from '@tanstack/react-query';
import { EXCEPTION_DAYS_RED, EXCEPTION_TABS, type TExceptionTab } from '@theone/contracts/bus/exception.schemas';
import { checkExceptionMoves } from '@theone/contracts/bus/order-edit-rules';
import { useMemo, useState } from 'react';
import { type ListColumn, type ListContext, ListPage, useUrlTab } from '../../../components/ListPage';
import { feedback } from '../../../lib/feedback';
import { translate } from '../../../lib/i18n';
import { ORDER_DETAIL_PATH } from '../inware/api';
import '../shared/bus.css';
import { ListTabs } from '../shared/ListTabs';
import { daysColumn, detailsLinkColumn, tickedButton } from '../shared/list-parts';
import { EXCEPTION_LIST_URL, exceptionKeys, reopenException, type TExceptionRow, takeException } from './api';
import { CloseDialog, RaiseDialog } from './dialogs';
import { ExceptionPhotos } from './ExceptionPhotos';
import { TimersPanel } from './TimersPanel';

/**
 * exception-list (screens §3, key bus:exception): problem items in tabs Open (E0/E1), Closed, All and Timers
 * (computed by the server, read-only). Raise (scan or type waybills; bus:exception:add), Take over (E0), Close with
 * a handling remark (E0/E1, P-close) and Reopen (E2) (bus:exception:handle), all `inware/editFields` (A26): each is
 * an order-log row, the item's history (orderDetails, tab Problem items). Selected rows are pre-checked with the
 * contracts' EXCEPTION_TRANSITIONS, naming the rows in the wrong state; the server checks again.
 */
type TTab = TExceptionTab | 'timers';
const TABS: readonly TTab[] = [...EXCEPTION_TABS, 'timers'];

/** False (with the refusal naming the rows) when a move is not allowed for every row. */
function allowed(rows: readonly TExceptionRow[], change: { exceptionStatus: number; ifException?: number }) {
  if (!rows.length) {
    feedback.message.warning(translate('msg_select_data_first'));
    return false;
  }
  const wrong = checkExceptionMoves(rows, change);
  if (!wrong) return true;
  feedback.message.warning(translate(wrong.messageKey, { list: wrong.rows.map((r) => r.transportId).join(', ') }));
  return false;
}

const canTake = (r: TExceptionRow) => checkExceptionMoves([r], { exceptionStatus: 1 }) === null;
const canClose = (r: TExceptionRow) => checkExceptionMoves([r], { exceptionStatus: 2 }) === null;
const canReopen = (r: TExceptionRow) => checkExceptionMoves([r], { exceptionStatus: 0, ifException: 1 }) === null;

export default function ExceptionListPage() {
  const queryClient = useQueryClient();
  const [tab, setTab] = useUrlTab<TTab>(TABS, 'open');
  const baseParams = useMemo(() => ({ tab }), [tab]);
  const [raising, setRaising] = useState<{ id: number; transportId: string }[] | null>(null);
  const [closing, setClosing] = useState<TExceptionRow[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: exceptionKeys.all });

  const take = (rows: readonly TExceptionRow[], ctx: ListContext<TExceptionRow>) =>
    allowed(rows, { exceptionStatus: 1 }) &&
    ctx.runAction({ rows, confirm: false, run: (rs, config) => takeException(rs, config) });
  const reopen = (rows: readonly TExceptionRow[], ctx: ListContext<TExceptionRow>) =>
    allowed(rows, { exceptionStatus: 0, ifException: 1 }) &&
    ctx.runAction({ rows, confirm: false, run: (rs, config) => reopenException(rs, config) });
  const close = (rows: TExceptionRow[]) => {
    if (allowed(rows, { exceptionStatus: 2 })) setClosing(rows);
  };

  const columns: ListColumn<TExceptionRow>[] = [
    detailsLinkColumn('transportId', 'field_transport_id', 150, ORDER_DETAIL_PATH, 'exception-order', {
      sortable: true,
    }),
    { key: 'mark', title: 'field_mark', width: 90 },
    { key: 'status', title: 'exception_order_status', width: 110, type: 'dict', dictType: 'order_status' },
    { key: 'containerNo', title: 'field_container_no', width: 130 },
    { key: 'exceptionType', title: 'field_exception_type', width: 120, type: 'dict', dictType: 'exception_type' },
    { key: 'exceptionDesc', title: 'field_exception_desc', width: 200 },
    {
      key: 'exceptionStatus',
      title: 'field_exception_status',
      width: 100,
      type: 'dict',
      dictType: 'exception_status',
    },
    { key: 'exceptionRaiseBy', title: 'exception_raised_by', width: 100 },
    { key: 'exceptionRaiseTime', title: 'exception_raised_at', width: 160, type: 'datetime', sortable: true },
    { key: 'exceptionHandler', title: 'field_exception_handler', width: 100 },
    { key: 'exceptionHandleTime', title: 'exception_handled_at', width: 160, type: 'datetime', sortable: true },
    { key: 'handleRemark', title: 'field_handle_remark', width: 180 },
    daysColumn('daysOpen', 'exception_days_open', EXCEPTION_DAYS_RED, 'bus-diff', (r) => `days-open-${r.transportId}`),
    {
      key: 'photos',
      title: 'exception_photos',
      width: 150,
      ellipsis: false,
      render: (_v, r) => <ExceptionPhotos fileIds={r.photos} />,
    },
    { key: 'consignee', title: 'field_consignee', width: 120 },
    { key: 'serviceName', title: 'exception_service', width: 100 },
  ];

  return (
    <>
      <ListTabs tabs={TABS} labelPrefix="exception_tab_" value={tab} onChange={setTab} testId="exception-tabs" />
      {tab === 'timers' ? (
        <TimersPanel />
      ) : (
        <ListPage<TExceptionRow>
          id="bus/exception-list"
          queryKey={exceptionKeys.lists()}
          url={EXCEPTION_LIST_URL}
          baseParams={baseParams}
          rowKey="id"
          searchFields={[
            { type: 'numbers', name: 'transportId', label: 'field_transport_id' },
            { type: 'text', name: 'mark', label: 'field_mark' },
            { type: 'numbers', name: 'containerNo', label: 'field_container_no' },
            { type: 'dict', name: 'exceptionType', label: 'field_exception_type', dictType: 'exception_type' },
            {
              type: 'dict',
              name: 'exceptionStatus',
              label: 'field_exception_status',
              dictType: 'exception_status',
              multiple: true,
            },
            { type: 'dict', name: 'status', label: 'exception_order_status', dictType: 'order_status', multiple: true },
            { type: 'dateRange', name: 'raisedAt', label: 'exception_raised_at' },
            { type: 'text', name: 'handler', label: 'field_exception_handler' },
            { type: 'text', name: 'raisedBy', label: 'exception_raised_by' },
          ]}
          columns={columns}
          toolbar={[
            {
              key: 'raise',
              label: 'exception_raise_title',
              type: 'primary',
              perm: 'bus:exception:add',
              onClick: () => setRaising([]),
            },
            tickedButton('take', 'exception_take', 'bus:exception:handle', take),
            tickedButton('close', 'exception_close', 'bus:exception:handle', close),
            tickedButton('reopen', 'exception_reopen', 'bus:exception:handle', reopen),
          ]}
          rowActions={[
            {
              key: 'take',
              label: 'exception_take',
              perm: 'bus:exception:handle',
              hidden: (r) => !canTake(r),
              onClick: (r, ctx) => take([r], ctx),
            },
            {
              key: 'close',
              label: 'exception_close',
              perm: 'bus:exception:handle',
              hidden: (r) => !canClose(r),
              onClick: (r) => close([r]),
            },
            {
              key: 'reopen',
              label: 'exception_reopen',
              perm: 'bus:exception:handle',
              hidden: (r) => !canReopen(r),
              onClick: (r, ctx) => reopen([r], ctx),
            },
          ]}
          actionsWidth={200}
          exportConfig={{ url: '/bus/exception/export', fileName: 'problem_items', perm: 'bus:exception:export' }}
        />
      )}
      <RaiseDialog open={raising !== null} initial={raising ?? []} onClose={() => setRaising(null)} onDone={refresh} />
      <CloseDialog rows={closing} onClose={() => setClosing(null)} onDone={refresh} />
    </>
  );
}
