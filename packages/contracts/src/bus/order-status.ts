/**
 * The order's life (DOMAIN §2, screens bus-container.md §1) as one transition map. The web uses it to enable
 * buttons and to pre-check selected rows (naming the rows in the wrong state); the server uses it to build
 * the conditional update `... WHERE status = ANY(from)`. Keeping both on this map is what makes 'the client
 * said yes, the server said no' impossible except for a concurrent change (409, msg_changed_reload).
 *
 * Reading of the screens table (A1-A29), where it needed one:
 * - 'new' is the from-state of the create actions (save, confirm, registerNoMark; fetchPrice on the form).
 * - `to: 'unchanged'` marks actions that keep whatever status the order has (edits, prices, problem items);
 *   `to: 'deleted'` is A4. Everything else names its target status.
 * - A12 late add (S2 -> S3 -> S4) is two actions, addToLoadPlan then confirmLoad, so it writes two log rows.
 * - A23 batch sign is `sign` on several orders; A26 is split into raise/take/close/reopen of a problem item,
 *   which never change the status; A27 is split into fetchPrice and recalculate.
 * - `edit` is the orderEdit screen's save (S0-S2, status kept); A1 `save` is the staged save (new/S0 -> S0).
 * - Besides the status, two order guards come from the docs: auditStatus = 2 freezes fees and signatures
 *   (A25, A27, A29), and an open problem item blocks loading and delivery (A10, A12, A19, A21).
 *   Load, plan, arrive and send record states (L, P, D) are guarded by their own modules.
 * - Refusal message keys follow the spec's 'Not X or already X, reselect' pattern (M3), one per state.
 */

export const ORDER_STATUS = {
  STAGED: 0,
  CONFIRMED: 1,
  IN_WAREHOUSE: 2,
  LOAD_PLANNED: 3,
  LOADED: 4,
  DEPARTED: 5,
  ARRIVED: 6,
  OUT_FOR_DELIVERY: 7,
  SIGNED: 8,
} as const;
export type TOrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES = Object.values(ORDER_STATUS) as readonly TOrderStatus[];
export const ORDER_STATUS_LABEL_KEY: Record<TOrderStatus, string> = {
  0: 'status_staged',
  1: 'status_confirmed',
  2: 'status_in_warehouse',
  3: 'status_load_planned',
  4: 'status_loaded',
  5: 'status_departed',
  6: 'status_arrived',
  7: 'status_out_for_delivery',
  8: 'status_signed',
};

export const isOrderStatus = (value: unknown): value is TOrderStatus =>
  typeof value === 'number' && (ORDER_STATUSES as readonly number[]).includes(value);

/** An order still on the entry form, not yet saved: the from-state of the create actions. */
export const NEW_ORDER = 'new';
export type TOrderFrom = TOrderStatus | typeof NEW_ORDER;

export const ORDER_ACTIONS = [
  'save',
  'edit',
  'confirm',
  'backToStaged',
  'delete',
  'submitToWarehouse',
  'remeasure',
  'cancelReceipt',
  'registerNoMark',
  'assignMark',
  'addToLoadPlan',
  'removeFromLoadPlan',
  'confirmLoad',
  'unloadOrder',
  'cancelLoading',
  'confirmDeparture',
  'cancelDeparture',
  'confirmArrival',
  'cancelArrival',
  'addToSendOrder',
  'removeFromSendOrder',
  'confirmDelivery',
  'backToStock',
  'sign',
  'signFail',
  'cancelSign',
  'raiseException',
  'takeException',
  'closeException',
  'reopenException',
  'fetchPrice',
  'recalculate',
  'modifyAfterReceipt',
  'supplementFees',
] as const;
export type TOrderAction = (typeof ORDER_ACTIONS)[number];

export interface TOrderTransition {
  /** the statuses the action is allowed from */
  from: readonly TOrderFrom[];
  to: TOrderStatus | 'deleted' | 'unchanged';
  /** the row of screens bus-container.md §1 */
  ref: string;
  /** refused while auditStatus = 2 (fees and signatures frozen) */
  notAudited?: true;
  /** refused while the order has an open problem item */
  noOpenException?: true;
  /** translation key shown when the status does not allow the action */
  rejectKey: string;
}

const S = ORDER_STATUS;
const ALL: readonly TOrderStatus[] = ORDER_STATUSES;

/** Refusal keys, one per state the actions need (spec §5 'Not X or already X, reselect'). */
export const ORDER_REJECT_KEYS = {
  notStaged: 'msg_not_staged_reselect',
  edit: 'msg_edit_state_reselect',
  confirm: 'msg_confirm_state_reselect',
  unconfirm: 'msg_unconfirm_state_reselect',
  receive: 'msg_receive_state_reselect',
  stock: 'msg_stock_state_reselect',
  planned: 'msg_planned_state_reselect',
  loaded: 'msg_loaded_state_reselect',
  departed: 'msg_departed_state_reselect',
  arrive: 'msg_arrive_state_reselect',
  overseasStock: 'msg_overseas_stock_state_reselect',
  delivery: 'msg_delivery_state_reselect',
  signed: 'msg_signed_state_reselect',
  received: 'msg_received_state_reselect',
  feeSupplement: 'msg_fee_supplement_state_reselect',
  /** the order was changed or created meanwhile (a create action on an existing order) */
  changed: 'msg_changed_reload',
  /** spec §5: 'Not approved or already approved, reselect' */
  audited: 'msg_audit_state_reselect',
  /** screens M-exc: '{transportId} has an open problem item, reselect' */
  openException: 'msg_open_exception_reselect',
  /** spec §5: 'Select data first' */
  selectFirst: 'msg_select_data_first',
} as const;

const R = ORDER_REJECT_KEYS;

export const ORDER_TRANSITIONS: Readonly<Record<TOrderAction, TOrderTransition>> = {
  save: { ref: 'A1', from: [NEW_ORDER, S.STAGED], to: S.STAGED, rejectKey: R.notStaged },
  edit: { ref: 'orderEdit', from: [S.STAGED, S.CONFIRMED, S.IN_WAREHOUSE], to: 'unchanged', rejectKey: R.edit },
  confirm: { ref: 'A2', from: [NEW_ORDER, S.STAGED], to: S.CONFIRMED, rejectKey: R.confirm },
  backToStaged: { ref: 'A3', from: [S.CONFIRMED], to: S.STAGED, rejectKey: R.unconfirm },
  delete: { ref: 'A4', from: [S.STAGED], to: 'deleted', rejectKey: R.notStaged },
  submitToWarehouse: { ref: 'A5', from: [S.STAGED, S.CONFIRMED], to: S.IN_WAREHOUSE, rejectKey: R.receive },
  remeasure: { ref: 'A6', from: [S.IN_WAREHOUSE], to: S.IN_WAREHOUSE, rejectKey: R.stock },
  cancelReceipt: { ref: 'A7', from: [S.IN_WAREHOUSE], to: S.CONFIRMED, rejectKey: R.stock },
  registerNoMark: { ref: 'A8', from: [NEW_ORDER], to: S.IN_WAREHOUSE, rejectKey: R.changed },
  assignMark: { ref: 'A9', from: [S.IN_WAREHOUSE], to: S.IN_WAREHOUSE, rejectKey: R.stock },
  addToLoadPlan: {
    ref: 'A10',
    from: [S.IN_WAREHOUSE],
    to: S.LOAD_PLANNED,
    noOpenException: true,
    rejectKey: R.stock,
  },
  removeFromLoadPlan: { ref: 'A11', from: [S.LOAD_PLANNED], to: S.IN_WAREHOUSE, rejectKey: R.planned },
  confirmLoad: { ref: 'A12', from: [S.LOAD_PLANNED], to: S.LOADED, noOpenException: true, rejectKey: R.planned },
  unloadOrder: { ref: 'A13', from: [S.LOADED], to: S.LOAD_PLANNED, rejectKey: R.loaded },
  cancelLoading: { ref: 'A14', from: [S.LOADED], to: S.LOAD_PLANNED, rejectKey: R.loaded },
  confirmDeparture: { ref: 'A15', from: [S.LOADED], to: S.DEPARTED, rejectKey: R.loaded },
  cancelDeparture: { ref: 'A16', from: [S.DEPARTED], to: S.LOADED, rejectKey: R.departed },
  confirmArrival: { ref: 'A17', from: [S.DEPARTED], to: S.ARRIVED, rejectKey: R.arrive },
  cancelArrival: { ref: 'A18', from: [S.ARRIVED], to: S.DEPARTED, rejectKey: R.overseasStock },
  addToSendOrder: { ref: 'A19', from: [S.ARRIVED], to: S.ARRIVED, noOpenException: true, rejectKey: R.overseasStock },
  removeFromSendOrder: { ref: 'A20', from: [S.ARRIVED], to: S.ARRIVED, rejectKey: R.overseasStock },
  confirmDelivery: {
    ref: 'A21',
    from: [S.ARRIVED],
    to: S.OUT_FOR_DELIVERY,
    noOpenException: true,
    rejectKey: R.overseasStock,
  },
  backToStock: { ref: 'A22', from: [S.OUT_FOR_DELIVERY], to: S.ARRIVED, rejectKey: R.delivery },
  sign: { ref: 'A23', from: [S.OUT_FOR_DELIVERY], to: S.SIGNED, rejectKey: R.delivery },
  signFail: { ref: 'A24', from: [S.OUT_FOR_DELIVERY], to: S.OUT_FOR_DELIVERY, rejectKey: R.delivery },
  cancelSign: { ref: 'A25', from: [S.SIGNED], to: S.OUT_FOR_DELIVERY, notAudited: true, rejectKey: R.signed },
  raiseException: { ref: 'A26', from: ALL, to: 'unchanged', rejectKey: R.changed },
  takeException: { ref: 'A26', from: ALL, to: 'unchanged', rejectKey: R.changed },
  closeException: { ref: 'A26', from: ALL, to: 'unchanged', rejectKey: R.changed },
  reopenException: { ref: 'A26', from: ALL, to: 'unchanged', rejectKey: R.changed },
  fetchPrice: { ref: 'A27', from: [NEW_ORDER, ...ALL], to: 'unchanged', notAudited: true, rejectKey: R.audited },
  recalculate: { ref: 'A27', from: ALL, to: 'unchanged', notAudited: true, rejectKey: R.audited },
  modifyAfterReceipt: {
    ref: 'A28',
    from: [S.IN_WAREHOUSE, S.LOAD_PLANNED, S.LOADED, S.DEPARTED, S.ARRIVED, S.OUT_FOR_DELIVERY, S.SIGNED],
    to: 'unchanged',
    rejectKey: R.received,
  },
  supplementFees: {
    ref: 'A29',
    from: [S.ARRIVED, S.OUT_FOR_DELIVERY, S.SIGNED],
    to: 'unchanged',
    notAudited: true,
    rejectKey: R.feeSupplement,
  },
};

export const isOrderAction = (value: unknown): value is TOrderAction =>
  typeof value === 'string' && (ORDER_ACTIONS as readonly string[]).includes(value);

/** Whether the status allows the action (status only; `checkOrderAction` adds the audit and problem-item guards). */
export function canTransition(status: TOrderFrom, action: TOrderAction): boolean {
  return ORDER_TRANSITIONS[action].from.includes(status);
}

/** Thrown by `nextStatus` for a refused action; `messageKey` is what the user sees. */
export class OrderTransitionError extends Error {
  constructor(
    readonly action: TOrderAction,
    readonly from: TOrderFrom,
    readonly messageKey: string,
  ) {
    super(`Order action '${action}' is not allowed from status ${String(from)}`);
    this.name = 'OrderTransitionError';
  }
}

/** The status after the action ('deleted' for delete); throws OrderTransitionError when the status refuses it. */
export function nextStatus(status: TOrderStatus, action: TOrderAction): TOrderStatus | 'deleted';
export function nextStatus(status: TOrderFrom, action: TOrderAction): TOrderFrom | 'deleted';
export function nextStatus(status: TOrderFrom, action: TOrderAction): TOrderFrom | 'deleted' {
  const transition = ORDER_TRANSITIONS[action];
  if (!transition.from.includes(status)) throw new OrderTransitionError(action, status, transition.rejectKey);
  return transition.to === 'unchanged' ? status : transition.to;
}

/** The spec's 'reselect' message key for an action refused by the order's status. */
export function rejectMessageKey(action: TOrderAction): string {
  return ORDER_TRANSITIONS[action].rejectKey;
}

/** The statuses an action goes from, for `WHERE status = ANY($from)` (the create-only 'new' left out). */
export function fromStatuses(action: TOrderAction): TOrderStatus[] {
  return ORDER_TRANSITIONS[action].from.filter(isOrderStatus);
}

/** The actions the status allows (to show only the buttons that can work). */
export function allowedActions(status: TOrderFrom): TOrderAction[] {
  return ORDER_ACTIONS.filter((action) => canTransition(status, action));
}

/** orderList 'Step back' (screens bus §3): the reverse action for S1 and S2; later statuses step back on their own screens. */
export function stepBackAction(status: TOrderStatus): TOrderAction | null {
  if (status === S.CONFIRMED) return 'backToStaged';
  if (status === S.IN_WAREHOUSE) return 'cancelReceipt';
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Settlement and side statuses (DOMAIN §2): separate fields, never mixed into order.status

export const AUDIT_STATUS = { UNAUDITED: 0, PARTLY: 1, AUDITED: 2, CANCELLED: 3 } as const;
export type TAuditStatus = (typeof AUDIT_STATUS)[keyof typeof AUDIT_STATUS];
export const AUDIT_STATUS_LABEL_KEY: Record<TAuditStatus, string> = {
  0: 'audit_unaudited',
  1: 'audit_partly',
  2: 'audit_audited',
  3: 'audit_cancelled',
};

/** arWriteStatus */
export const WRITE_OFF_STATUS = { UNWRITTEN: 0, PARTLY: 1, FULLY: 2 } as const;
export type TWriteOffStatus = (typeof WRITE_OFF_STATUS)[keyof typeof WRITE_OFF_STATUS];
export const WRITE_OFF_STATUS_LABEL_KEY: Record<TWriteOffStatus, string> = {
  0: 'write_unwritten',
  1: 'write_partly',
  2: 'write_fully',
};

export const DELIVERY_STATUS = { NOT_DELIVERED: 0, PARTLY: 1, DELIVERED: 2 } as const;
export type TDeliveryStatus = (typeof DELIVERY_STATUS)[keyof typeof DELIVERY_STATUS];
export const DELIVERY_STATUS_LABEL_KEY: Record<TDeliveryStatus, string> = {
  0: 'send_not_delivered',
  1: 'send_partly',
  2: 'send_delivered',
};

/** Sign status: the spec's three, plus partly signed (signPiece < arrivedPiece) that the screens filter on. */
export const SIGN_STATUS = { UNSIGNED: 0, SIGNED: 1, FAILED: 2, PARTLY_SIGNED: 3 } as const;
export type TSignStatus = (typeof SIGN_STATUS)[keyof typeof SIGN_STATUS];
export const SIGN_STATUS_LABEL_KEY: Record<TSignStatus, string> = {
  0: 'sign_unsigned',
  1: 'sign_signed',
  2: 'sign_failed',
  3: 'status_partly_signed',
};

/** billStatus of an order (billed = settled, screens balance §1). */
export const BILL_STATUS = { UNBILLED: 0, BILLED: 1 } as const;
export type TBillStatus = (typeof BILL_STATUS)[keyof typeof BILL_STATUS];
export const BILL_STATUS_LABEL_KEY: Record<TBillStatus, string> = { 0: 'bill_unbilled', 1: 'bill_billed' };

/** Problem item status (screens bus §0, chosen): open means E0 or E1. */
export const EXCEPTION_STATUS = { OPEN: 0, IN_HAND: 1, CLOSED: 2 } as const;
export type TExceptionStatus = (typeof EXCEPTION_STATUS)[keyof typeof EXCEPTION_STATUS];
export const EXCEPTION_STATUS_LABEL_KEY: Record<TExceptionStatus, string> = {
  0: 'exception_open',
  1: 'exception_in_hand',
  2: 'exception_handled',
};

/** Sign status written by a signature: partly signed when fewer pieces were signed for than arrived. */
export function signStatusFor(signPiece: number, arrivedPiece: number): TSignStatus {
  return signPiece < arrivedPiece ? SIGN_STATUS.PARTLY_SIGNED : SIGN_STATUS.SIGNED;
}

/** Delivery status from the pieces sent on delivery runs against the pieces in the overseas warehouse. */
export function deliveryStatusFor(piecesSent: number, arrivedPiece: number): TDeliveryStatus {
  if (piecesSent <= 0) return DELIVERY_STATUS.NOT_DELIVERED;
  return piecesSent < arrivedPiece ? DELIVERY_STATUS.PARTLY : DELIVERY_STATUS.DELIVERED;
}

/**
 * auditStatus of a container or a bill from its orders' (screens balance §1: 'partly' is only ever derived):
 * all audited -> audited, some -> partly, none -> unaudited. No orders -> unaudited.
 */
export function aggregateAuditStatus(statuses: readonly number[]): TAuditStatus {
  const audited = statuses.filter((s) => s === AUDIT_STATUS.AUDITED).length;
  if (audited === 0) return AUDIT_STATUS.UNAUDITED;
  return audited === statuses.length ? AUDIT_STATUS.AUDITED : AUDIT_STATUS.PARTLY;
}

// ---------------------------------------------------------------------------------------------------
// Guards over whole orders (the client's pre-check and the server's re-check)

export interface TOrderGuardInput {
  status: TOrderFrom;
  auditStatus?: number | null;
  /** 1/true while a problem item is open (E0 or E1) */
  ifException?: number | boolean | null;
}

/** null when the order may take the action, else the message key (status first, then audit, then problem item). */
export function checkOrderAction(order: TOrderGuardInput, action: TOrderAction): string | null {
  const transition = ORDER_TRANSITIONS[action];
  if (!transition.from.includes(order.status)) return transition.rejectKey;
  if (transition.notAudited && order.auditStatus === AUDIT_STATUS.AUDITED) return R.audited;
  if (transition.noOpenException && (order.ifException === true || order.ifException === 1)) return R.openException;
  return null;
}

export interface TBatchRefusal<T> {
  messageKey: string;
  /** the rows refused for that reason, to name them in the message */
  rows: T[];
}

/**
 * Pre-check of a batch button: 'select data first' for no rows, else the first refusal reason met in the
 * rows with every row refused for it, else null (all rows may take the action).
 */
export function checkBatch<T extends TOrderGuardInput>(
  rows: readonly T[],
  action: TOrderAction,
): TBatchRefusal<T> | null {
  if (rows.length === 0) return { messageKey: R.selectFirst, rows: [] };
  let refusal: TBatchRefusal<T> | null = null;
  for (const row of rows) {
    const key = checkOrderAction(row, action);
    if (key === null) continue;
    if (refusal === null) refusal = { messageKey: key, rows: [] };
    if (key === refusal.messageKey) refusal.rows.push(row);
  }
  return refusal;
}
