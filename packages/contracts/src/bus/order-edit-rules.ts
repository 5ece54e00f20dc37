/**
 * Which order fields may change in which status and audit state (orderListEdit 'Modify' / 'Set a field', the
 * exception list), with the message key each refusal shows. The server's `modifyOrders` enforces this table and
 * the web derives its editable fields and buttons from it, so the two cannot disagree (before issue 12 the web
 * offered fee edits on signed orders that the server refused).
 *
 * Reading of the screens (orderListEdit, chosen):
 * - route fields (mark, transport mode, places, cargo type) re-price the order: up to S2, not audited;
 * - measured figures re-price too: S2-S3, not audited;
 * - free-text fields: up to S7 (a signed order is closed);
 * - fees (fee role): up to S7, not audited;
 * - problem-item fields: any status and audit state (they never change the status).
 * When several groups change at once the refusals are checked in `ORDER_EDIT_CHECK_ORDER`, then the audit
 * state, and the first refusal met names every order refused for it.
 */
import {
  EXCEPTION_FIELDS,
  MODIFY_FEE_FIELDS,
  MODIFY_FIGURE_FIELDS,
  MODIFY_ROUTE_FIELDS,
  MODIFY_TEXT_FIELDS,
} from './inware.schemas';
import {
  AUDIT_STATUS,
  EXCEPTION_STATUS,
  ORDER_REJECT_KEYS,
  ORDER_STATUS,
  ORDER_STATUSES,
  type TExceptionStatus,
  type TOrderAction,
  type TOrderStatus,
} from './order-status';

const S = ORDER_STATUS;
const R = ORDER_REJECT_KEYS;

export type TEditGroup = 'route' | 'figure' | 'text' | 'fee' | 'exception';

export interface TEditRule {
  fields: readonly string[];
  /** the statuses in which the group may change */
  statuses: readonly TOrderStatus[];
  /** shown when the status refuses */
  statusKey: string;
  /** refused while auditStatus = 2 (R.audited) */
  notAudited?: true;
  /** needs the fee role (the fee guard refuses the request before the rules are read) */
  feeRole?: true;
}

const UP_TO_OUT_FOR_DELIVERY = ORDER_STATUSES.filter((s) => s <= S.OUT_FOR_DELIVERY);

export const ORDER_EDIT_RULES: Readonly<Record<TEditGroup, TEditRule>> = {
  route: {
    fields: MODIFY_ROUTE_FIELDS,
    statuses: [S.STAGED, S.CONFIRMED, S.IN_WAREHOUSE],
    statusKey: R.stock,
    notAudited: true,
  },
  figure: {
    fields: MODIFY_FIGURE_FIELDS,
    statuses: [S.IN_WAREHOUSE, S.LOAD_PLANNED],
    statusKey: R.received,
    notAudited: true,
  },
  text: { fields: MODIFY_TEXT_FIELDS, statuses: UP_TO_OUT_FOR_DELIVERY, statusKey: R.edit },
  fee: {
    fields: MODIFY_FEE_FIELDS,
    statuses: UP_TO_OUT_FOR_DELIVERY,
    statusKey: R.edit,
    notAudited: true,
    feeRole: true,
  },
  exception: { fields: EXCEPTION_FIELDS, statuses: ORDER_STATUSES, statusKey: R.changed },
};

/** The order the status refusals are checked in (then the audit state). */
export const ORDER_EDIT_CHECK_ORDER: readonly TEditGroup[] = ['route', 'figure', 'text', 'fee', 'exception'];

/** The group of a field, null for a field no edit may change. Route first: `markId` etc. are route fields. */
export function editGroupOf(field: string): TEditGroup | null {
  for (const group of ORDER_EDIT_CHECK_ORDER) if (ORDER_EDIT_RULES[group].fields.includes(field)) return group;
  return null;
}

export interface TEditRow {
  status: number;
  auditStatus?: number | null;
}

/** null when the group may change on the order, else the refusal key (status first, then audit). */
export function editGroupRefusal(group: TEditGroup, row: TEditRow): string | null {
  const rule = ORDER_EDIT_RULES[group];
  if (!(rule.statuses as readonly number[]).includes(row.status)) return rule.statusKey;
  if (rule.notAudited && row.auditStatus === AUDIT_STATUS.AUDITED) return R.audited;
  return null;
}

/** null when the field may change on the order (and by this user), else the refusal key. */
export function fieldEditRefusal(field: string, row: TEditRow, opts: { feeRole?: boolean } = {}): string | null {
  const group = editGroupOf(field);
  if (group === null) return R.edit;
  if (ORDER_EDIT_RULES[group].feeRole && opts.feeRole === false) return 'err_fee_role_required';
  return editGroupRefusal(group, row);
}

export const canEditField = (field: string, row: TEditRow, opts: { feeRole?: boolean } = {}) =>
  fieldEditRefusal(field, row, opts) === null;

/** The fields among `fields` the order allows now (the web's Modify dialog). */
export function editableFields<F extends string>(
  fields: readonly F[],
  row: TEditRow,
  opts: { feeRole?: boolean } = {},
): F[] {
  return fields.filter((f) => canEditField(f, row, opts));
}

/**
 * The batch check of a field change (the server's and the web's): the first refusal in check order with every
 * order refused for it, else null. Problem-item fields never refuse.
 */
export function checkFieldEdits<T extends TEditRow>(
  rows: readonly T[],
  fields: readonly string[],
): { messageKey: string; rows: T[] } | null {
  const groups = ORDER_EDIT_CHECK_ORDER.filter((g) => fields.some((f) => editGroupOf(f) === g));
  for (const g of groups) {
    const rule = ORDER_EDIT_RULES[g];
    const bad = rows.filter((r) => !(rule.statuses as readonly number[]).includes(r.status));
    if (bad.length) return { messageKey: rule.statusKey, rows: bad };
  }
  if (groups.some((g) => ORDER_EDIT_RULES[g].notAudited)) {
    const bad = rows.filter((r) => r.auditStatus === AUDIT_STATUS.AUDITED);
    if (bad.length) return { messageKey: R.audited, rows: bad };
  }
  return null;
}

/** The order action a field change is logged as: after receipt it is A28, before it an edit. */
export function modifyActionFor(status: number): TOrderAction {
  return status >= S.IN_WAREHOUSE ? 'modifyAfterReceipt' : 'edit';
}

// ---------------------------------------------------------------------------------------------------
// Problem items (screens bus §0 and exception-list, Q14): their own small state machine beside the order's status

/** 'none' = the order never had a problem item (ifException 0, no closed item). */
export type TExceptionState = 'none' | TExceptionStatus;
export type TExceptionAction = 'raiseException' | 'takeException' | 'closeException' | 'reopenException';

const E = EXCEPTION_STATUS;

/**
 * The action a move of the problem item is logged as, `EXCEPTION_TRANSITIONS[before][after]`; null = refused
 * (screens exception-list: raise from none, take over E0, close E0/E1, reopen E2). A closed item is raised again by
 * reopening it. Two users taking over one item: the second finds it in hand and is refused.
 */
export const EXCEPTION_TRANSITIONS: Readonly<
  Record<TExceptionState, Readonly<Record<TExceptionStatus, TExceptionAction | null>>>
> = {
  none: { [E.OPEN]: 'raiseException', [E.IN_HAND]: null, [E.CLOSED]: null },
  [E.OPEN]: { [E.OPEN]: null, [E.IN_HAND]: 'takeException', [E.CLOSED]: 'closeException' },
  [E.IN_HAND]: { [E.OPEN]: null, [E.IN_HAND]: null, [E.CLOSED]: 'closeException' },
  [E.CLOSED]: { [E.OPEN]: 'reopenException', [E.IN_HAND]: null, [E.CLOSED]: null },
};

/** The refusal of a move, by the state asked for ('{list} ... reselect', M3 pattern). */
export const EXCEPTION_REJECT_KEYS: Readonly<Record<TExceptionStatus, string>> = {
  [E.OPEN]: 'msg_exception_raise_reselect',
  [E.IN_HAND]: 'msg_exception_take_reselect',
  [E.CLOSED]: 'msg_exception_close_reselect',
};

/** The problem-item state of an order row. */
export function exceptionStateOf(row: {
  ifException?: number | null;
  exceptionStatus?: number | null;
}): TExceptionState {
  if (row.ifException === 1) return row.exceptionStatus === E.IN_HAND ? E.IN_HAND : E.OPEN;
  return row.exceptionStatus === E.CLOSED ? E.CLOSED : 'none';
}

/**
 * The state a problem-item change asks for: an explicit status, else ifException 1 = open / 0 = closed; null when
 * it names none (only type, description or remark: an amendment of the open item, or a raise when none is open).
 */
export function requestedExceptionStatus(change: {
  exceptionStatus?: number | null;
  ifException?: number | null;
}): TExceptionStatus | null {
  const s = change.exceptionStatus ?? (change.ifException === 1 ? E.OPEN : change.ifException === 0 ? E.CLOSED : null);
  if (s === null || s === undefined) return null;
  return s === E.IN_HAND || s === E.CLOSED ? s : E.OPEN;
}

export type TExceptionMove =
  | { exceptionStatus: TExceptionStatus; ifException: 0 | 1; action: TExceptionAction; amend: boolean }
  | { rejectKey: string };

/**
 * The move of a problem item for a change: its new state, the order's ifException flag and the logged action, or
 * the refusal. A change naming no state amends an open item in place (logged as a raise), else raises one.
 */
export function exceptionMove(
  row: { ifException?: number | null; exceptionStatus?: number | null },
  change: { exceptionStatus?: number | null; ifException?: number | null },
): TExceptionMove {
  const from = exceptionStateOf(row);
  const asked = requestedExceptionStatus(change);
  if (asked === null && (from === E.OPEN || from === E.IN_HAND))
    return { exceptionStatus: from, ifException: 1, action: 'raiseException', amend: true };
  const to = asked ?? E.OPEN;
  const action = EXCEPTION_TRANSITIONS[from][to];
  if (action === null) return { rejectKey: EXCEPTION_REJECT_KEYS[to] };
  return { exceptionStatus: to, ifException: to === E.CLOSED ? 0 : 1, action, amend: false };
}

/** The first refusal of a move over several orders (the server's check and the web's pre-check), else null. */
export function checkExceptionMoves<T extends { ifException?: number | null; exceptionStatus?: number | null }>(
  rows: readonly T[],
  change: { exceptionStatus?: number | null; ifException?: number | null },
): { messageKey: string; rows: T[] } | null {
  const refused = rows.map((r) => ({ r, m: exceptionMove(r, change) })).filter((x) => 'rejectKey' in x.m);
  if (!refused.length) return null;
  const key = (refused[0]!.m as { rejectKey: string }).rejectKey;
  return { messageKey: key, rows: refused.map((x) => x.r) };
}
