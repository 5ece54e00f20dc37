import { describe, expect, it } from 'vitest';
import {
  canEditField,
  checkExceptionMoves,
  checkFieldEdits,
  EXCEPTION_REJECT_KEYS,
  EXCEPTION_TRANSITIONS,
  editableFields,
  editGroupOf,
  exceptionMove,
  exceptionStateOf,
  fieldEditRefusal,
  modifyActionFor,
  ORDER_EDIT_RULES,
  requestedExceptionStatus,
  type TEditGroup,
} from './order-edit-rules';
import { ORDER_TRANSITIONS } from './order-status';

const ALL = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
const STOCK = 'msg_stock_state_reselect';
const RECEIVED = 'msg_received_state_reselect';
const EDIT = 'msg_edit_state_reselect';
const AUDITED = 'msg_audit_state_reselect';

/** orderListEdit (chosen), written out again by hand: [group, statuses allowed, status refusal, audit freezes]. */
const EXPECTED: [TEditGroup, readonly number[], string, boolean][] = [
  ['route', [0, 1, 2], STOCK, true],
  ['figure', [2, 3], RECEIVED, true],
  ['text', [0, 1, 2, 3, 4, 5, 6, 7], EDIT, false],
  ['fee', [0, 1, 2, 3, 4, 5, 6, 7], EDIT, true],
  ['exception', ALL, 'msg_changed_reload', false],
];

describe('ORDER_EDIT_RULES', () => {
  it.each(EXPECTED)('%s: statuses %j, refused with %s, frozen by audit: %s', (group, statuses, key, frozen) => {
    const rule = ORDER_EDIT_RULES[group];
    expect([...rule.statuses]).toEqual([...statuses]);
    expect(rule.statusKey).toBe(key);
    expect(Boolean(rule.notAudited)).toBe(frozen);
  });

  // every field of every group, in every status and audit state
  const cases = EXPECTED.flatMap(([group, statuses, key, frozen]) =>
    ORDER_EDIT_RULES[group].fields.flatMap((field) =>
      ALL.flatMap((status) =>
        [0, 1, 2, 3].map((auditStatus) => {
          const expected = !statuses.includes(status) ? key : frozen && auditStatus === 2 ? AUDITED : null;
          return [field, status, auditStatus, expected] as const;
        }),
      ),
    ),
  );
  it.each(cases)('%s at S%i audit %i -> %s', (field, status, auditStatus, expected) => {
    expect(fieldEditRefusal(field, { status, auditStatus })).toBe(expected);
    expect(canEditField(field, { status, auditStatus })).toBe(expected === null);
  });

  it('groups: route fields win over text (markId, cargoType), unknown fields are refused', () => {
    expect(editGroupOf('markId')).toBe('route');
    expect(editGroupOf('consignee')).toBe('text');
    expect(editGroupOf('feeFreightAr')).toBe('fee');
    expect(editGroupOf('arrivedWeight')).toBe('figure');
    expect(editGroupOf('exceptionDesc')).toBe('exception');
    expect(editGroupOf('status')).toBeNull();
    expect(fieldEditRefusal('status', { status: 0 })).toBe(EDIT);
  });

  it('signed orders take no fee edit (the web used to offer them), problem items always', () => {
    expect(canEditField('feeOtherAr', { status: 8, auditStatus: 0 })).toBe(false);
    expect(canEditField('feeOtherAr', { status: 7, auditStatus: 0 })).toBe(true);
    expect(canEditField('exceptionDesc', { status: 8, auditStatus: 2 })).toBe(true);
    expect(fieldEditRefusal('feeOtherAr', { status: 1 }, { feeRole: false })).toBe('err_fee_role_required');
  });

  it('editableFields keeps the allowed ones in their order', () => {
    const fields = ['consignee', 'markId', 'arrivedPiece', 'feeOtherAr'] as const;
    expect(editableFields(fields, { status: 2, auditStatus: 0 })).toEqual(fields);
    expect(editableFields(fields, { status: 3, auditStatus: 0 })).toEqual(['consignee', 'arrivedPiece', 'feeOtherAr']);
    expect(editableFields(fields, { status: 3, auditStatus: 2 })).toEqual(['consignee']);
    expect(editableFields(fields, { status: 1, auditStatus: 0 }, { feeRole: false })).toEqual(['consignee', 'markId']);
    expect(editableFields(fields, { status: 8, auditStatus: 0 })).toEqual([]);
  });
});

describe('checkFieldEdits (batch)', () => {
  const a = { id: 1, status: 1, auditStatus: 0 };
  const b = { id: 2, status: 3, auditStatus: 0 };
  const c = { id: 3, status: 8, auditStatus: 0 };
  const d = { id: 4, status: 2, auditStatus: 2 };
  it('route refusal first, naming every order refused for it', () => {
    expect(checkFieldEdits([a, b, c], ['consignee', 'markId'])).toEqual({ messageKey: STOCK, rows: [b, c] });
  });
  it('then figures, then the S7 limit, then the audit state', () => {
    expect(checkFieldEdits([a, b], ['arrivedPiece'])).toEqual({ messageKey: RECEIVED, rows: [a] });
    expect(checkFieldEdits([a, c], ['consignee'])).toEqual({ messageKey: EDIT, rows: [c] });
    expect(checkFieldEdits([a, d], ['feeOtherAr'])).toEqual({ messageKey: AUDITED, rows: [d] });
    expect(checkFieldEdits([a, d], ['consignee'])).toBeNull();
  });
  it('problem items never refuse', () => {
    expect(checkFieldEdits([c, d], ['exceptionDesc', 'exceptionStatus'])).toBeNull();
  });
  it('the logged action: edit before receipt, A28 after', () => {
    expect(ALL.map(modifyActionFor)).toEqual(ALL.map((s) => (s < 2 ? 'edit' : 'modifyAfterReceipt')));
    for (const s of ALL) expect(ORDER_TRANSITIONS[modifyActionFor(s)].from).toContain(s);
  });
});

describe('problem items', () => {
  it.each([
    ['none', 0, 'raiseException'],
    ['none', 1, null],
    ['none', 2, null],
    [0, 0, null],
    [0, 1, 'takeException'],
    [0, 2, 'closeException'],
    [1, 0, null],
    [1, 1, null],
    [1, 2, 'closeException'],
    [2, 0, 'reopenException'],
    [2, 1, null],
    [2, 2, null],
  ] as const)('%s -> %i is %s', (from, to, action) => {
    expect(EXCEPTION_TRANSITIONS[from][to]).toBe(action);
  });
  it('state of a row', () => {
    expect(exceptionStateOf({ ifException: 0, exceptionStatus: null })).toBe('none');
    expect(exceptionStateOf({ ifException: 1, exceptionStatus: 0 })).toBe(0);
    expect(exceptionStateOf({ ifException: 1, exceptionStatus: 1 })).toBe(1);
    expect(exceptionStateOf({ ifException: 0, exceptionStatus: 2 })).toBe(2);
  });
  it('requested state: explicit status, else the flag, else none named', () => {
    expect(requestedExceptionStatus({ exceptionStatus: 1 })).toBe(1);
    expect(requestedExceptionStatus({ ifException: 1 })).toBe(0);
    expect(requestedExceptionStatus({ ifException: 0 })).toBe(2);
    expect(requestedExceptionStatus({ exceptionStatus: 2, ifException: 0 })).toBe(2);
    expect(requestedExceptionStatus({})).toBeNull();
  });
  it('a move sets the flag with the state', () => {
    expect(exceptionMove({ ifException: 1, exceptionStatus: 1 }, { exceptionStatus: 2 })).toEqual({
      exceptionStatus: 2,
      ifException: 0,
      action: 'closeException',
      amend: false,
    });
    expect(exceptionMove({ ifException: 0, exceptionStatus: 2 }, { ifException: 1 })).toEqual({
      exceptionStatus: 0,
      ifException: 1,
      action: 'reopenException',
      amend: false,
    });
  });
  it('a change naming no state amends an open item, else raises one', () => {
    expect(exceptionMove({ ifException: 1, exceptionStatus: 1 }, {})).toEqual({
      exceptionStatus: 1,
      ifException: 1,
      action: 'raiseException',
      amend: true,
    });
    expect(exceptionMove({ ifException: 0, exceptionStatus: null }, {})).toMatchObject({
      exceptionStatus: 0,
      action: 'raiseException',
    });
  });
  it('refusals name the state asked for; a batch names every refused order', () => {
    const open = { id: 1, ifException: 1, exceptionStatus: 0 };
    const taken = { id: 2, ifException: 1, exceptionStatus: 1 };
    const closed = { id: 3, ifException: 0, exceptionStatus: 2 };
    const fresh = { id: 4, ifException: 0, exceptionStatus: null };
    expect(exceptionMove(taken, { exceptionStatus: 1 })).toEqual({ rejectKey: 'msg_exception_take_reselect' });
    expect(exceptionMove(closed, { exceptionStatus: 2 })).toEqual({ rejectKey: 'msg_exception_close_reselect' });
    expect(exceptionMove(open, { ifException: 1 })).toEqual({ rejectKey: 'msg_exception_raise_reselect' });
    expect(checkExceptionMoves([open, taken, closed, fresh], { exceptionStatus: 1 })).toEqual({
      messageKey: 'msg_exception_take_reselect',
      rows: [taken, closed, fresh],
    });
    expect(checkExceptionMoves([open, taken], { exceptionStatus: 2 })).toBeNull();
    expect(EXCEPTION_REJECT_KEYS[2]).toBe('msg_exception_close_reselect');
  });
});
