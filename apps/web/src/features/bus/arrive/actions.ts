import { ARRIVE_REJECT_KEYS, arriveAllows, type TArriveOperation } from '@theone/contracts/bus/arrive';
import { canTransition, checkBatch, rejectMessageKey } from '@theone/contracts/bus/order-status';
import type { AxiosRequestConfig } from 'axios';
import { runStateAction } from '../../../components/state-action';
import { feedback } from '../../../lib/feedback';
import { translate } from '../../../lib/i18n';
import { isApiError } from '../../../lib/request';
import { containerAction } from '../shared/container-action';
import { containerName } from '../shared/container-fields';
import { type ArriveWire, cancelArrive, deleteArrive, printThaiLabels, sureArrive } from './api';

/**
 * The state-changing actions of the pick-up screens, each pre-checked with the shared rules (contracts
 * ARRIVE_OPERATIONS for the record, the order transition map for ticked orders) before its prompt and call; the
 * server checks again. Each resolves true when the call succeeded.
 */
type TRecord = Pick<ArriveWire['ArriveRow'], 'id' | 'status' | 'containerNo' | 'truckNo' | 'loadNo'>;
type TOrder = Pick<ArriveWire['ArriveOrderRow'], 'id' | 'version' | 'transportId' | 'status' | 'arriveId' | 'sendId'>;

function recordAllows(record: TRecord, operation: TArriveOperation): boolean {
  if (arriveAllows(operation, record.status)) return true;
  feedback.message.warning(translate(ARRIVE_REJECT_KEYS[operation], { list: containerName(record) }));
  return false;
}

/** A17 for the whole container (P1/P2): every departed order of it. */
export function sureContainer(record: TRecord, onDone: () => unknown) {
  if (!recordAllows(record, 'sure')) return Promise.resolve(false);
  return containerAction(
    record,
    { confirm: 'arrive_confirm_sure_container', run: (config) => sureArrive({ arriveId: record.id }, config) },
    onDone,
  );
}

/** A18 for the whole container (P2/P3): every arrived order not in a delivery run. */
export function cancelContainer(record: TRecord, onDone: () => unknown) {
  if (!recordAllows(record, 'cancel')) return Promise.resolve(false);
  return containerAction(
    record,
    { confirm: 'arrive_confirm_cancel_container', danger: true, run: (config) => cancelArrive(record.id, {}, config) },
    onDone,
  );
}

/** Clears the pick-up registration (P1, nothing arrived). */
export function deleteRegistration(record: TRecord, onDone: () => unknown) {
  if (!recordAllows(record, 'delete')) return Promise.resolve(false);
  return containerAction(
    record,
    { confirm: 'arrive_confirm_delete', danger: true, run: (config) => deleteArrive(record.id, config) },
    onDone,
  );
}

/** The ticked orders grouped by their pick-up record (a call per container). */
function byRecord(rows: readonly TOrder[]) {
  const groups = new Map<number, TOrder[]>();
  for (const r of rows) if (r.arriveId) groups.set(r.arriveId, [...(groups.get(r.arriveId) ?? []), r]);
  return groups;
}

/** M-insend naming the orders already in a delivery run; true when there are none. */
function noneInRun(inRun: readonly { transportId: string }[]): boolean {
  if (!inRun.length) return true;
  feedback.message.warning(
    translate('msg_in_send_reselect', { transportId: inRun.map((r) => r.transportId).join(', ') }),
  );
  return false;
}

/**
 * A17 / A18 on ticked orders: each order must allow the transition and have its pick-up record; then the prompt and
 * one call per container with its orders and their versions.
 */
function ordersByContainer(
  rows: readonly TOrder[],
  operation: 'confirmArrival' | 'cancelArrival',
  prompt: { confirm: string; danger?: boolean },
  call: (arriveId: number, orders: { orderIds: number[]; versions: number[] }, config: AxiosRequestConfig) => unknown,
  onDone: () => unknown,
) {
  return runStateAction<TOrder>({
    rows,
    check: (r) => canTransition(r.status as never, operation) && r.arriveId !== null,
    wrongState: rejectMessageKey(operation),
    rowLabel: (r) => r.transportId,
    ...prompt,
    run: async (selected, config) => {
      for (const [arriveId, list] of byRecord(selected))
        await call(arriveId, { orderIds: list.map((o) => o.id), versions: list.map((o) => o.version) }, config);
    },
    onDone,
  });
}

/** A17 for ticked orders (S5), P-arrive. */
export function sureOrders(rows: readonly TOrder[], onDone: () => unknown) {
  return ordersByContainer(
    rows,
    'confirmArrival',
    { confirm: 'arrive_confirm_sure' },
    (arriveId, orders, config) => sureArrive({ arriveId, ...orders }, config),
    onDone,
  );
}

/** A18 for ticked orders (S6, not in a delivery run: M-insend), P-cancelArrive. */
export function cancelOrders(rows: readonly TOrder[], onDone: () => unknown) {
  if (!noneInRun(rows.filter((r) => r.sendId !== null && r.status === 6))) return Promise.resolve(false);
  return ordersByContainer(
    rows,
    'cancelArrival',
    { confirm: 'arrive_confirm_cancel', danger: true },
    (arriveId, orders, config) => cancelArrive(arriveId, orders, config),
    onDone,
  );
}

/** The send desk (key bus:send) and the query that opens its New send order dialog with given waybills. */
export const SEND_DESK_PATH = '/bus/send';
export const DELIVER_PARAM = 'deliver';

type TDeliverOrder = Pick<ArriveWire['ArriveOrderRow'], 'transportId' | 'status' | 'sendId' | 'ifException'>;

/**
 * 'Deliver selected' (screens arriveOrder): the ticked orders must be in the overseas stock (S6), without an open
 * problem item (M-exc) and in no delivery run (M-insend); then the send desk opens filtered on them with its New
 * send order dialog prefilled. The desk's URL, or null after a warning naming the orders refused.
 */
export function deliverTarget(rows: readonly TDeliverOrder[]): string | null {
  const refusal = checkBatch(
    rows.map((r) => ({ ...r, status: r.status as never })),
    'addToSendOrder',
  );
  if (refusal) {
    // named as runStateAction names rows in a wrong state (the message, then at most ten waybills)
    const list = refusal.rows.map((r) => r.transportId).join(', ');
    const text = translate(refusal.messageKey, { list, transportId: list });
    const names = refusal.rows.slice(0, 10).map((r) => r.transportId);
    const named = !names.length || text.includes(names[0]!);
    feedback.message.warning(named ? text : `${text}: ${names.join(', ')}${refusal.rows.length > 10 ? ' …' : ''}`);
    return null;
  }
  if (!noneInRun(rows.filter((r) => r.sendId !== null))) return null;
  const q = new URLSearchParams({ transportId: rows.map((r) => r.transportId).join(','), [DELIVER_PARAM]: '1' });
  return `${SEND_DESK_PATH}?${q}`;
}

/** Order labels in Thai, opened in a new tab (the tab is opened inside the click so it is not blocked). */
export async function openThaiLabels(ids: readonly number[]): Promise<boolean> {
  if (!ids.length) {
    feedback.message.warning(translate('msg_select_data_first'));
    return false;
  }
  const win = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await printThaiLabels(ids));
    setTimeout(() => URL.revokeObjectURL(url), 5 * 60_000);
    if (win && !win.closed) win.location.href = url;
    else window.open(url, '_blank');
    return true;
  } catch (error) {
    win?.close();
    if (!isApiError(error) || !error.handled) feedback.message.error(translate('msg_unknown_error'));
    return false;
  }
}
