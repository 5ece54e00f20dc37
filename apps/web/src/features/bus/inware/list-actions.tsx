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

/** A button on the selected orders: the transition check of `operation`, the prompt `confirm`, then one call. */
function guardedButton(o: {
  key: string;
  label: string;
  perm: string;
  operation: TGuarded;
  confirm: string;
  danger?: true;
  type?: 'primary';
  run: (rows: readonly TOrder[], config: AxiosRequestConfig) => Promise<unknown>;
}): ToolbarButton<TOrder> {
  return {
    key: o.key,
    label: o.label,
    perm: o.perm,
    selection: 'multiple',
    ...(o.type ? { type: o.type } : {}),
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

export const toolbar = {
  confirm: (perm = 'bus:unOrder:sure') =>
    guardedButton({
      key: 'confirm',
      label: 'bus_btn_confirm',
      perm,
      operation: 'confirm',
      confirm: 'bus_confirm_orders',
      type: 'primary',
      run: (rows, config) => setStatus(ids(rows), { status: 1, action: 'confirm', versions: versions(rows) }, config),
    }),
  backToStaged: (perm = 'bus:unOrder:unsure') =>
    guardedButton({
      key: 'unconfirm',
      label: 'bus_btn_back_to_staged',
      perm,
      operation: 'backToStaged',
      confirm: 'bus_confirm_unconfirm',
      run: (rows, config) =>
        setStatus(ids(rows), { status: 0, action: 'backToStaged', versions: versions(rows) }, config),
    }),
  cancelReceipt: (perm = 'bus:inOrder:cancel') =>
    guardedButton({
      key: 'cancelReceipt',
      label: 'bus_btn_cancel_receipt',
      perm,
      operation: 'cancelReceipt',
      confirm: 'bus_confirm_unreceive',
      danger: true,
      run: (rows, config) =>
        setStatus(ids(rows), { status: 1, action: 'cancelReceipt', versions: versions(rows) }, config),
    }),
  remove: (perm = 'bus:unOrder:delete') =>
    guardedButton({
      key: 'delete',
      label: 'delete',
      perm,
      operation: 'delete',
      confirm: 'confirm_delete',
      danger: true,
      run: (rows, config) => deleteOrders(ids(rows), config),
    }),
  fetchPrice: (perm: string) =>
    guardedButton({
      key: 'fetchPrice',
      label: 'btn_fetch_price',
      perm,
      operation: 'fetchPrice',
      confirm: 'confirm_fetch_price',
      run: (rows, config) => refetchPrices(ids(rows), config),
    }),
  recalculate: (perm: string) =>
    guardedButton({
      key: 'recalculate',
      label: 'btn_recalculate',
      perm,
      operation: 'recalculate',
      confirm: 'confirm_recalculate',
      run: (rows, config) => recalculate(ids(rows), config),
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
  confirm: (): RowAction<TOrder> => ({
    key: 'confirm',
    label: 'bus_btn_confirm',
    perm: 'bus:unOrder:sure',
    hidden: (r) => !canDo(r, 'confirm'),
    onClick: (r, ctx) =>
      ctx.runAction({
        rows: [r],
        confirm: 'bus_confirm_orders',
        run: (rows, config) => setStatus(ids(rows), { status: 1, action: 'confirm', versions: versions(rows) }, config),
      }),
  }),
  backToStaged: (): RowAction<TOrder> => ({
    key: 'unconfirm',
    label: 'bus_btn_back_to_staged',
    perm: 'bus:unOrder:unsure',
    hidden: (r) => !canDo(r, 'backToStaged'),
    onClick: (r, ctx) =>
      ctx.runAction({
        rows: [r],
        confirm: 'bus_confirm_unconfirm',
        run: (rows, config) =>
          setStatus(ids(rows), { status: 0, action: 'backToStaged', versions: versions(rows) }, config),
      }),
  }),
  remove: (): RowAction<TOrder> => ({
    key: 'delete',
    label: 'delete',
    perm: 'bus:unOrder:delete',
    danger: true,
    hidden: (r) => !canDo(r, 'delete'),
    onClick: (r, ctx) =>
      ctx.runAction({
        rows: [r],
        confirm: 'confirm_delete',
        danger: true,
        run: (rows, config) => deleteOrders(ids(rows), config),
      }),
  }),
  /** orderList 'Step back' (chosen): the reverse action of S1 and S2 only. */
  stepBack: (): RowAction<TOrder> => ({
    key: 'stepBack',
    label: 'bus_btn_step_back',
    perm: 'bus:order:stepBack',
    hidden: (r) => stepBackAction(r.status as never) === null || (r.status === 2 && r.markId === null),
    onClick: (r, ctx) => {
      const action = stepBackAction(r.status as never);
      if (!action) return;
      return ctx.runAction({
        rows: [r],
        confirm: action === 'cancelReceipt' ? 'bus_confirm_unreceive' : 'bus_confirm_unconfirm',
        run: (rows, config) =>
          setStatus(
            ids(rows),
            { status: action === 'cancelReceipt' ? 1 : 0, action, versions: versions(rows) },
            config,
          ),
      });
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
