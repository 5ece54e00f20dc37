import { describe, expect, it } from 'vitest';
import { itReturns } from '../common/table.test-utils';
import {
  AUDIT_STATUS,
  aggregateAuditStatus,
  allowedActions,
  canTransition,
  checkBatch,
  checkOrderAction,
  DELIVERY_STATUS,
  deliveryStatusFor,
  fromStatuses,
  NEW_ORDER,
  nextStatus,
  ORDER_ACTIONS,
  ORDER_STATUS,
  ORDER_STATUS_LABEL_KEY,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  OrderTransitionError,
  rejectMessageKey,
  SIGN_STATUS,
  signStatusFor,
  stepBackAction,
  type TOrderAction,
  type TOrderFrom,
  type TOrderGuardInput,
  type TOrderStatus,
} from './order-status';

const S = ORDER_STATUS;
const ALL = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;

/** screens bus-container.md §1, written out again by hand: the map must say exactly this. */
const EXPECTED: [TOrderAction, readonly TOrderFrom[], TOrderStatus | 'deleted' | 'unchanged', string][] = [
  ['save', ['new', 0], 0, 'msg_not_staged_reselect'],
  ['edit', [0, 1, 2], 'unchanged', 'msg_edit_state_reselect'],
  ['confirm', ['new', 0], 1, 'msg_confirm_state_reselect'],
  ['backToStaged', [1], 0, 'msg_unconfirm_state_reselect'],
  ['delete', [0], 'deleted', 'msg_not_staged_reselect'],
  ['submitToWarehouse', [0, 1], 2, 'msg_receive_state_reselect'],
  ['remeasure', [2], 2, 'msg_stock_state_reselect'],
  ['cancelReceipt', [2], 1, 'msg_stock_state_reselect'],
  ['registerNoMark', ['new'], 2, 'msg_changed_reload'],
  ['assignMark', [2], 2, 'msg_stock_state_reselect'],
  ['addToLoadPlan', [2], 3, 'msg_stock_state_reselect'],
  ['removeFromLoadPlan', [3], 2, 'msg_planned_state_reselect'],
  ['confirmLoad', [3], 4, 'msg_planned_state_reselect'],
  ['unloadOrder', [4], 3, 'msg_loaded_state_reselect'],
  ['cancelLoading', [4], 3, 'msg_loaded_state_reselect'],
  ['confirmDeparture', [4], 5, 'msg_loaded_state_reselect'],
  ['cancelDeparture', [5], 4, 'msg_departed_state_reselect'],
  ['confirmArrival', [5], 6, 'msg_arrive_state_reselect'],
  ['cancelArrival', [6], 5, 'msg_overseas_stock_state_reselect'],
  ['addToSendOrder', [6], 6, 'msg_overseas_stock_state_reselect'],
  ['removeFromSendOrder', [6], 6, 'msg_overseas_stock_state_reselect'],
  ['confirmDelivery', [6], 7, 'msg_overseas_stock_state_reselect'],
  ['backToStock', [7], 6, 'msg_delivery_state_reselect'],
  ['sign', [7], 8, 'msg_delivery_state_reselect'],
  ['signFail', [7], 7, 'msg_delivery_state_reselect'],
  ['cancelSign', [8], 7, 'msg_signed_state_reselect'],
  ['raiseException', ALL, 'unchanged', 'msg_changed_reload'],
  ['takeException', ALL, 'unchanged', 'msg_changed_reload'],
  ['closeException', ALL, 'unchanged', 'msg_changed_reload'],
  ['reopenException', ALL, 'unchanged', 'msg_changed_reload'],
  ['fetchPrice', ['new', ...ALL], 'unchanged', 'msg_audit_state_reselect'],
  ['recalculate', ALL, 'unchanged', 'msg_audit_state_reselect'],
  ['modifyAfterReceipt', [2, 3, 4, 5, 6, 7, 8], 'unchanged', 'msg_received_state_reselect'],
  ['supplementFees', [6, 7, 8], 'unchanged', 'msg_fee_supplement_state_reselect'],
];

describe('the transition map', () => {
  it('covers every action exactly once', () => {
    expect(EXPECTED.map(([action]) => action).sort()).toEqual([...ORDER_ACTIONS].sort());
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_ACTIONS].sort());
  });

  it.each(EXPECTED)('%s: from %j to %j, refused with %s', (action, from, to, key) => {
    expect([...ORDER_TRANSITIONS[action].from].sort()).toEqual([...from].sort());
    expect(ORDER_TRANSITIONS[action].to).toBe(to);
    expect(rejectMessageKey(action)).toBe(key);
  });

  const matrix = EXPECTED.flatMap(([action, from]) =>
    (['new', ...ALL] as const).map((status) => [action, status, from.includes(status)] as const),
  );
  it.each(matrix)('canTransition(%s from %j) = %s', (action, status, allowed) => {
    expect(canTransition(status, action)).toBe(allowed);
  });

  it('has statuses 0..8 with their glossary labels', () => {
    expect(ORDER_STATUSES).toEqual(ALL);
    expect(ORDER_STATUS_LABEL_KEY[S.OUT_FOR_DELIVERY]).toBe('status_out_for_delivery');
  });
});

describe('nextStatus', () => {
  it('walks the happy path from a new order to signed', () => {
    const path: TOrderAction[] = [
      'save',
      'confirm',
      'submitToWarehouse',
      'addToLoadPlan',
      'confirmLoad',
      'confirmDeparture',
      'confirmArrival',
      'addToSendOrder',
      'confirmDelivery',
      'sign',
    ];
    const seen: (TOrderFrom | 'deleted')[] = [];
    let status: TOrderFrom = NEW_ORDER;
    for (const action of path) {
      const next: TOrderFrom | 'deleted' = nextStatus(status, action);
      seen.push(next);
      if (next === 'deleted') break;
      status = next;
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 6, 7, 8]);
  });

  it.each<[TOrderAction, TOrderAction, TOrderStatus]>([
    ['confirm', 'backToStaged', S.STAGED],
    ['submitToWarehouse', 'cancelReceipt', S.CONFIRMED],
    ['addToLoadPlan', 'removeFromLoadPlan', S.IN_WAREHOUSE],
    ['confirmLoad', 'unloadOrder', S.LOAD_PLANNED],
    ['confirmLoad', 'cancelLoading', S.LOAD_PLANNED],
    ['confirmDeparture', 'cancelDeparture', S.LOADED],
    ['confirmArrival', 'cancelArrival', S.DEPARTED],
    ['confirmDelivery', 'backToStock', S.ARRIVED],
    ['sign', 'cancelSign', S.OUT_FOR_DELIVERY],
  ])('%s then %s returns exactly one step back to %i', (forward, back, status) => {
    expect(nextStatus(nextStatus(status, forward) as TOrderStatus, back)).toBe(status);
  });

  it.each<[TOrderFrom, TOrderAction, TOrderFrom | 'deleted']>([
    [S.STAGED, 'submitToWarehouse', S.IN_WAREHOUSE], // Q22: receipt straight from staged
    [S.STAGED, 'delete', 'deleted'],
    [S.CONFIRMED, 'edit', S.CONFIRMED],
    [S.SIGNED, 'raiseException', S.SIGNED],
    [S.LOADED, 'recalculate', S.LOADED],
    [NEW_ORDER, 'fetchPrice', NEW_ORDER],
    [NEW_ORDER, 'registerNoMark', S.IN_WAREHOUSE],
    [S.OUT_FOR_DELIVERY, 'signFail', S.OUT_FOR_DELIVERY],
  ])('nextStatus(%j, %s) = %j', (status, action, expected) => {
    expect(nextStatus(status, action)).toBe(expected);
  });

  it.each<[TOrderFrom, TOrderAction, string]>([
    [S.CONFIRMED, 'delete', 'msg_not_staged_reselect'],
    [S.LOAD_PLANNED, 'addToLoadPlan', 'msg_stock_state_reselect'],
    [S.IN_WAREHOUSE, 'confirmLoad', 'msg_planned_state_reselect'],
    [S.ARRIVED, 'cancelDeparture', 'msg_departed_state_reselect'],
    [S.SIGNED, 'sign', 'msg_delivery_state_reselect'],
    [S.STAGED, 'registerNoMark', 'msg_changed_reload'],
    [NEW_ORDER, 'backToStaged', 'msg_unconfirm_state_reselect'],
  ])('nextStatus(%j, %s) is refused with %s', (status, action, key) => {
    let caught: unknown;
    try {
      nextStatus(status, action);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(OrderTransitionError);
    expect((caught as OrderTransitionError).messageKey).toBe(key);
  });
});

describe('helpers over the map', () => {
  it.each<[TOrderAction, TOrderStatus[]]>([
    ['save', [0]],
    ['fetchPrice', [...ALL]],
    ['submitToWarehouse', [0, 1]],
    ['registerNoMark', []],
  ])('fromStatuses(%s) = %j (for WHERE status = ANY)', (action, expected) => {
    expect(fromStatuses(action)).toEqual(expected);
  });

  it('allowedActions(new) lists what a new order may do', () => {
    expect(allowedActions(NEW_ORDER)).toEqual(['save', 'confirm', 'registerNoMark', 'fetchPrice']);
  });

  it.each(['new', ...ALL] as const)(
    'allowedActions(%j) = the actions EXPECTED allows from it, in ORDER_ACTIONS order',
    (status) => {
      const allowed = new Set(EXPECTED.filter(([, from]) => from.includes(status)).map(([action]) => action));
      expect(allowedActions(status)).toEqual(ORDER_ACTIONS.filter((action) => allowed.has(action)));
    },
  );

  itReturns('stepBackAction(%i) = %s', stepBackAction, [
    [S.STAGED, null],
    [S.CONFIRMED, 'backToStaged'],
    [S.IN_WAREHOUSE, 'cancelReceipt'],
    [S.LOAD_PLANNED, null],
    [S.SIGNED, null],
  ]);
});

describe('guards beyond the status', () => {
  it.each<[string, TOrderGuardInput, TOrderAction, string | null]>([
    ['allowed', { status: S.IN_WAREHOUSE }, 'addToLoadPlan', null],
    [
      'open problem item blocks planning',
      { status: S.IN_WAREHOUSE, ifException: 1 },
      'addToLoadPlan',
      'msg_open_exception_reselect',
    ],
    [
      'open problem item blocks loading',
      { status: S.LOAD_PLANNED, ifException: true },
      'confirmLoad',
      'msg_open_exception_reselect',
    ],
    [
      'open problem item blocks a send order',
      { status: S.ARRIVED, ifException: 1 },
      'addToSendOrder',
      'msg_open_exception_reselect',
    ],
    [
      'open problem item blocks delivery',
      { status: S.ARRIVED, ifException: 1 },
      'confirmDelivery',
      'msg_open_exception_reselect',
    ],
    ['closed problem item does not block', { status: S.ARRIVED, ifException: 0 }, 'confirmDelivery', null],
    ['open problem item does not block arrival', { status: S.DEPARTED, ifException: 1 }, 'confirmArrival', null],
    [
      'audited order keeps its signature',
      { status: S.SIGNED, auditStatus: 2 },
      'cancelSign',
      'msg_audit_state_reselect',
    ],
    ['audit cancelled unfreezes', { status: S.SIGNED, auditStatus: 3 }, 'cancelSign', null],
    ['audited fees are frozen', { status: S.SIGNED, auditStatus: 2 }, 'recalculate', 'msg_audit_state_reselect'],
    [
      'audited fees are frozen (fetch)',
      { status: S.ARRIVED, auditStatus: 2 },
      'fetchPrice',
      'msg_audit_state_reselect',
    ],
    [
      'audited fees are frozen (supplement)',
      { status: S.SIGNED, auditStatus: 2 },
      'supplementFees',
      'msg_audit_state_reselect',
    ],
    [
      'supplement before arrival',
      { status: S.DEPARTED, auditStatus: 0 },
      'supplementFees',
      'msg_fee_supplement_state_reselect',
    ],
    [
      'the status is checked first',
      { status: S.STAGED, auditStatus: 2, ifException: 1 },
      'addToLoadPlan',
      'msg_stock_state_reselect',
    ],
    ['audit does not block a problem item', { status: S.SIGNED, auditStatus: 2 }, 'raiseException', null],
  ])('%s', (_label, order, action, expected) => {
    expect(checkOrderAction(order, action)).toBe(expected);
  });

  it('checkBatch: no rows means select first', () => {
    expect(checkBatch([], 'confirm')).toEqual({ messageKey: 'msg_select_data_first', rows: [] });
  });

  it('checkBatch names every row refused for the first reason met', () => {
    const rows = [
      { id: 1, status: S.STAGED },
      { id: 2, status: S.CONFIRMED },
      { id: 3, status: S.IN_WAREHOUSE },
      { id: 4, status: S.STAGED },
    ] as const;
    expect(checkBatch(rows, 'confirm')).toEqual({ messageKey: 'msg_confirm_state_reselect', rows: [rows[1], rows[2]] });
    expect(checkBatch([rows[0], rows[3]], 'confirm')).toBeNull();
  });

  it('checkBatch reports the first reason, then its rows only', () => {
    const rows = [
      { status: S.IN_WAREHOUSE, ifException: 1 },
      { status: S.STAGED },
      { status: S.IN_WAREHOUSE, ifException: 1 },
    ];
    expect(checkBatch(rows, 'addToLoadPlan')).toEqual({
      messageKey: 'msg_open_exception_reselect',
      rows: [rows[0], rows[2]],
    });
  });
});

describe('side statuses', () => {
  it.each([
    [5, 5, SIGN_STATUS.SIGNED],
    [6, 5, SIGN_STATUS.SIGNED],
    [4, 5, SIGN_STATUS.PARTLY_SIGNED],
    [0, 5, SIGN_STATUS.PARTLY_SIGNED],
  ])('signStatusFor(%i of %i) = %i', (signPiece, arrivedPiece, expected) => {
    expect(signStatusFor(signPiece, arrivedPiece)).toBe(expected);
  });

  it.each([
    [0, 5, DELIVERY_STATUS.NOT_DELIVERED],
    [3, 5, DELIVERY_STATUS.PARTLY],
    [5, 5, DELIVERY_STATUS.DELIVERED],
    [6, 5, DELIVERY_STATUS.DELIVERED],
  ])('deliveryStatusFor(%i of %i) = %i', (sent, arrived, expected) => {
    expect(deliveryStatusFor(sent, arrived)).toBe(expected);
  });

  itReturns('aggregateAuditStatus(%j) = %i', aggregateAuditStatus, [
    [[], AUDIT_STATUS.UNAUDITED],
    [[0, 0], AUDIT_STATUS.UNAUDITED],
    [[3, 0], AUDIT_STATUS.UNAUDITED],
    [[2, 0], AUDIT_STATUS.PARTLY],
    [[2, 3], AUDIT_STATUS.PARTLY],
    [[2, 2], AUDIT_STATUS.AUDITED],
  ]);
});
