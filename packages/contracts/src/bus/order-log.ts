import { ORDER_ACTIONS, type TOrderAction } from './order-status';

/**
 * The order log (`bus_order_log`, `GET /bus/busOrderLog/list?orderId=`): one row per action on an order, written
 * in the action's transaction (DOMAIN §2). `action` is a TOrderAction of the transition map, plus 'import' for
 * orders created by an Excel import; `changes` lists the fields an edit changed, before -> after.
 */

export const ORDER_LOG_EXTRA_ACTIONS = ['import', 'deleteCargoLine'] as const;
export type TOrderLogAction = TOrderAction | (typeof ORDER_LOG_EXTRA_ACTIONS)[number];

export interface TOrderFieldChange {
  field: string;
  before: string | number | null;
  after: string | number | null;
}

export interface TOrderLogRow {
  id: number;
  orderId: number;
  transportId: string;
  action: TOrderLogAction;
  fromStatus: number | null;
  toStatus: number | null;
  remark: string;
  changes: TOrderFieldChange[];
  createBy: string;
  createTime: string;
}

const snake = (value: string) => value.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** Translation key of an action's name on the timeline: 'submitToWarehouse' -> 'order_action_submit_to_warehouse'. */
export function orderActionLabelKey(action: string): string {
  return `order_action_${snake(action)}`;
}

export const ORDER_LOG_ACTIONS: readonly TOrderLogAction[] = [...ORDER_ACTIONS, ...ORDER_LOG_EXTRA_ACTIONS];

/** Translation key of an order field's label ('consigneeTel' -> 'field_consignee_tel'). */
export function orderFieldLabelKey(field: string): string {
  return `field_${snake(field)}`;
}
