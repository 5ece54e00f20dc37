import { editableFields } from '@theone/contracts/bus/order-edit-rules';
import { stepBackAction } from '@theone/contracts/bus/order-status';
import type { AxiosRequestConfig } from 'axios';
import type { ListContext, RowAction, ToolbarButton } from '../../../components/ListPage';
import { download, exportFileName } from '../../../lib/download';
import { feedback } from '../../../lib/feedback';
import { translate } from '../../../lib/i18n';
import { navigateTo } from '../../../lib/navigation';
import { actionGuard, canDo } from '../shared/order-actions';
import {
  deleteOrders,
  ORDER_DETAIL_PATH,
  ORDER_EDIT_PATH,
  ORDER_INFO_PATH,
  recalculate,
  refetchPrices,
  setStatus,
  type TOrder,
} from './api';

/**
 * The order lists' buttons, each on the contracts' transition map: pre-checked on the selected rows (naming the
 * rows in the wrong state), confirmed with the spec's prompt, then one call for all (the server applies the
 * batch all or nothing and checks again).
 */
const versions = (rows: readonly TOrder[]) => rows.map((r) => r.version);
const ids = (rows: readonly TOrder[]) => rows.map((r) => r.id);

type TGuarded = Parameters<typeof actionGuard>[0];

/** A state change of the selected orders: the transition check of `operation`, the prompt `confirm`, then one call. */
interface TOperation {
  key: string;
  label: string;
  /** The row action's permission (the toolbar button's is the screen's). */
  perm?: string;
  operation: TGuarded;
  confirm: string;
  danger?: true;
  run: (rows: readonly TOrder[], config: AxiosRequestConfig) => Promise<unknown>;
}

/** The status change `action` to `status` of the given rows, each with its version. */
const toStatus = (status: 0 | 1, action: string) => (rows: readonly TOrder[], config: AxiosRequestConfig) =>
  setStatus(ids(rows), { status, action, versions: versions(rows) }, config);

/** The state changes of the order lists, as toolbar buttons (the selection) and row actions (one row). */
const OPERATIONS = {
  confirm: {
    key: 'confirm',
    label: 'bus_btn_confirm',
    perm: 'bus:unOrder:sure',
    operation: 'confirm',
    confirm: 'bus_confirm_orders',
    run: toStatus(1, 'confirm'),
  },
  backToStaged: {
    key: 'unconfirm',
    label: 'bus_btn_back_to_staged',
    perm: 'bus:unOrder:unsure',
    operation: 'backToStaged',
    confirm: 'bus_confirm_unconfirm',
    run: toStatus(0, 'backToStaged'),
  },
  cancelReceipt: {
    key: 'cancelReceipt',
    label: 'bus_btn_cancel_receipt',
    perm: 'bus:inOrder:cancel',
    operation: 'cancelReceipt',
    confirm: 'bus_confirm_unreceive',
    danger: true,
    run: toStatus(1, 'cancelReceipt'),
  },
  remove: {
    key: 'delete',
    label: 'delete',
    perm: 'bus:unOrder:delete',
    operation: 'delete',
    confirm: 'confirm_delete',
    danger: true,
    run: (rows, config) => deleteOrders(ids(rows), config),
  },
  fetchPrice: {
    key: 'fetchPrice',
    label: 'btn_fetch_price',
    operation: 'fetchPrice',
    confirm: 'confirm_fetch_price',
    run: (rows, config) => refetchPrices(ids(rows), config),
  },
  recalculate: {
    key: 'recalculate',
    label: 'btn_recalculate',
    operation: 'recalculate',
    confirm: 'confirm_recalculate',
    run: (rows, config) => recalculate(ids(rows), config),
  },
} satisfies Record<string, TOperation>;

/** The operation as a button on the selected orders, for users with `perm`. */
function guardedButton(o: TOperation, perm: string, type?: 'primary'): ToolbarButton<TOrder> {
  return {
    key: o.key,
    label: o.label,
    perm,
    selection: 'multiple',
    ...(type ? { type } : {}),
    ...(o.danger ? { danger: true } : {}),
    onClick: (ctx) =>
      ctx.runAction({
        ...actionGuard<TOrder>(o.operation),
        confirm: o.confirm,
        ...(o.danger ? { danger: true } : {}),
        run: o.run,
      }),
  };
}

/** The operation as a row's action, shown when the row may take it. */
function guardedRowAction(o: TOperation): RowAction<TOrder> {
  return {
    key: o.key,
    label: o.label,
    perm: o.perm,
    ...(o.danger ? { danger: true } : {}),
    hidden: (r) => !canDo(r, o.operation),
    onClick: (r, ctx) =>
      ctx.runAction({ rows: [r], confirm: o.confirm, ...(o.danger ? { danger: true } : {}), run: o.run }),
  };
}

export const toolbar = {
  confirm: (perm = OPERATIONS.confirm.perm) => guardedButton(OPERATIONS.confirm, perm, 'primary'),
  backToStaged: (perm = OPERATIONS.backToStaged.perm) => guardedButton(OPERATIONS.backToStaged, perm),
  cancelReceipt: (perm = OPERATIONS.cancelReceipt.perm) => guardedButton(OPERATIONS.cancelReceipt, perm),
  remove: (perm = OPERATIONS.remove.perm) => guardedButton(OPERATIONS.remove, perm),
  fetchPrice: (perm: string) => guardedButton(OPERATIONS.fetchPrice, perm),
  recalculate: (perm: string) => guardedButton(OPERATIONS.recalculate, perm),
  /** A button that hands the selected orders to `open` (a dialog on them). */
  onSelection: (key: string, label: string, perm: string, open: (rows: TOrder[]) => void): ToolbarButton<TOrder> => ({
    key,
    label,
    perm,
    selection: 'multiple',
    onClick: (ctx) => open([...ctx.selectedRows]),
  }),
  exportCargo: (perm: string): ToolbarButton<TOrder> => ({
    key: 'exportCargo',
    label: 'bus_btn_export_cargo',
    perm,
    selection: 'multiple',
    onClick: (ctx: ListContext<TOrder>) =>
      download(
        `/bus/inware/cargo/export/${ids(ctx.selectedRows).join(',')}`,
        {},
        exportFileName(translate('bus_cargo_export')),
      ),
  }),
};

export const rowActions = {
  info: (): RowAction<TOrder> => ({
    key: 'info',
    label: 'details',
    onClick: (r) => navigateTo(`${ORDER_INFO_PATH}?id=${r.id}`),
  }),
  details: (): RowAction<TOrder> => ({
    key: 'details',
    label: 'details',
    onClick: (r) => navigateTo(`${ORDER_DETAIL_PATH}?id=${r.id}`),
  }),
  edit: (perm: string | string[]): RowAction<TOrder> => ({
    key: 'edit',
    label: 'edit',
    perm,
    hidden: (r) => !canDo(r, 'edit'),
    onClick: (r) => navigateTo(`${ORDER_EDIT_PATH}?id=${r.id}`),
  }),
  copy: (): RowAction<TOrder> => ({
    key: 'copy',
    label: 'bus_btn_copy',
    perm: 'bus:orderAdd:add',
    onClick: (r) => navigateTo(`/bus/orderAdd?copy=${r.id}`),
  }),
  confirm: () => guardedRowAction(OPERATIONS.confirm),
  backToStaged: () => guardedRowAction(OPERATIONS.backToStaged),
  remove: () => guardedRowAction(OPERATIONS.remove),
  /** orderList 'Step back' (chosen): the reverse action of S1 and S2 only. */
  stepBack: (): RowAction<TOrder> => ({
    key: 'stepBack',
    label: 'bus_btn_step_back',
    perm: 'bus:order:stepBack',
    hidden: (r) => stepBackAction(r.status as never) === null || (r.status === 2 && r.markId === null),
    onClick: (r, ctx) => {
      const action = stepBackAction(r.status as never);
      if (!action) return;
      const o = action === 'cancelReceipt' ? OPERATIONS.cancelReceipt : OPERATIONS.backToStaged;
      return ctx.runAction({ rows: [r], confirm: o.confirm, run: o.run });
    },
  }),
};

/**
 * The fields among `fields` the order allows changing now (contracts' field-edit table, the server's rule), fee
 * fields only for the fee role: orderListEdit's 'Modify' shows these, and is hidden when there are none.
 */
export function modifiableFields<F extends string>(row: TOrder, fields: readonly F[], feeRole: boolean): F[] {
  return editableFields(fields, { status: row.status, auditStatus: row.auditStatus }, { feeRole });
}

export function toastWarning(key: string) {
  feedback.message.warning(translate(key));
}
