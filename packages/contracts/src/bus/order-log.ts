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
  /**
   * 'cargoLines' (declared lines replaced by an edit): before/after are the numbers of lines, `lines` what happened
   * to them. Rows written before issue 10 have before null and after the new number (as text), without `lines`.
   */
  lines?: { added: number; removed: number; changed: number };
  /** Added when the log is read, for fields that hold an id (`ORDER_LOG_FIELD_KINDS` 'ref'): the names. */
  beforeLabel?: string | null;
  afterLabel?: string | null;
}

/**
 * How the log shows each field's values (issue 10 item 8: no raw ISO times, ids or dictionary codes): dates in the
 * business time zone, dictionary values by their labels, money and measures with their decimals, ids by the names the
 * server adds (`beforeLabel`/`afterLabel`), flags as yes/no. A field not listed is text.
 */
export type TOrderLogValueKind =
  | { kind: 'datetime' }
  | { kind: 'dict'; dictType: string }
  | { kind: 'money' }
  | { kind: 'weight' }
  | { kind: 'volume' }
  | { kind: 'count' }
  | { kind: 'ref' }
  | { kind: 'flag' }
  | { kind: 'lines' }
  | { kind: 'text' };

const K = (kind: Exclude<TOrderLogValueKind['kind'], 'dict'>) => ({ kind }) as TOrderLogValueKind;
const dict = (dictType: string): TOrderLogValueKind => ({ kind: 'dict', dictType });

export const ORDER_LOG_FIELD_KINDS: Readonly<Record<string, TOrderLogValueKind>> = {
  markId: K('ref'),
  topMarkId: K('ref'),
  leftAddrId: K('ref'),
  destAddrId: K('ref'),
  arrivedHouseId: K('ref'),
  insuranceId: K('ref'),
  priceId: K('ref'),
  busType: dict('bus_type'),
  cargoType: dict('cargo_type'),
  expressCorp: dict('express_corp'),
  exceptionType: dict('exception_type'),
  exceptionStatus: dict('exception_status'),
  orderTime: K('datetime'),
  preArriveTime: K('datetime'),
  arrivedTime: K('datetime'),
  leftTime: K('datetime'),
  signTime: K('datetime'),
  cargoPiece: K('count'),
  arrivedPiece: K('count'),
  signPiece: K('count'),
  cargoWeight: K('weight'),
  arrivedWeight: K('weight'),
  cargoVolume: K('volume'),
  arrivedVolume: K('volume'),
  volumeManual: K('flag'),
  woodenFrame: K('flag'),
  freightManual: K('flag'),
  ifException: K('flag'),
  declaredValue: K('money'),
  feeFreightAr: K('money'),
  feeAgentAp: K('money'),
  feePickAr: K('money'),
  feeSendAr: K('money'),
  feePackAr: K('money'),
  feeUnloadAr: K('money'),
  feeInsuranceAr: K('money'),
  feeWoodenAr: K('money'),
  feeChacheAr: K('money'),
  deliveryAr: K('money'),
  feeReplaceAr: K('money'),
  feeOtherAr: K('money'),
  chinaFeeAr: K('money'),
  thFeeAr: K('money'),
  feeArAmount: K('money'),
  agentArAmount: K('money'),
  rmbAmount: K('money'),
  volumePrice: K('money'),
  weightPrice: K('money'),
  cargoLines: K('lines'),
};

export const orderLogValueKind = (field: string): TOrderLogValueKind => ORDER_LOG_FIELD_KINDS[field] ?? K('text');

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

/**
 * The time of each step (status) of an order, taken from the log row that moved the order into that step (DOMAIN §2;
 * issue 10 item 8: the details page showed the last edit's time as the receipt's). A row enters step s when it goes
 * forward into s (`toStatus = s`, from an earlier status or from nothing at creation); edits, re-measures and other
 * rows that leave the status as it was never count, nor do step-backs (they undo later steps, they do not redo
 * earlier ones). A step entered more than once takes its latest entry; steps after the current status (undone by a
 * step back) have none. Rows oldest first, as the log answers them; times as the rows hold them.
 */
export function orderStepTimes<T extends string | Date>(
  rows: readonly { fromStatus: number | null; toStatus: number | null; createTime: T }[],
  status: number,
): Record<number, T> {
  const out: Record<number, T> = {};
  for (const r of rows) {
    if (r.toStatus === null || r.toStatus > status) continue;
    if (r.fromStatus !== null && r.fromStatus >= r.toStatus) continue;
    out[r.toStatus] = r.createTime;
  }
  return out;
}
