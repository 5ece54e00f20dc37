import {
  ASSIGN_MARK_FIELDS,
  EXCEPTION_FIELDS,
  MODIFY_FEE_FIELDS,
  MODIFY_FIGURE_FIELDS,
  MODIFY_ROUTE_FIELDS,
  MODIFY_TEXT_FIELDS,
  ORDER_COMPUTED_FEE_FIELDS,
  type TOrderAction,
  type TOrderFieldChanges,
} from '@theone/contracts';
import {
  checkExceptionMoves,
  checkFieldEdits,
  editGroupOf,
  exceptionMove,
  modifyActionFor,
  type TExceptionAction,
} from '@theone/contracts/bus/order-edit-rules';
import { badRequest } from '../../../platform/errors';
import { t } from '../../../platform/i18n';
import { parseBusinessTime } from '../../../platform/time';
import { warehouseCity } from '../../bas/api/place-refs';
import { addExceptionPhotos, checkExceptionPhotos } from '../exception/exception-photos';
import { applyOrderAction, doneRows, refuseOrders, type TLogPart } from '../order/order-core';
import { ACTION_PERMS, checkRefs, needAny, needFeeRole, type TOrderCtx, type TRefs } from './inware.context';
import { computeFees, fetchOrderPrice, markInfo, priceColumns, type TPricedOrder } from './inware.pricing';
import { diffFields, raisedNow, type TOrderRow } from './order-common';

/**
 * Field changes after entry (orderListEdit 'Modify' / 'Set a field', noMarkOrder 'Assign', the exception list):
 * assign a mark (A9), problem items (A26), modification (A28). Which field may change in which status and audit
 * state is the contracts' table (order-edit-rules.ts); re-priced when route fields, figures or fees change.
 */

const present = (fields: TOrderFieldChanges) =>
  (Object.keys(fields) as (keyof TOrderFieldChanges)[]).filter(
    (k) => fields[k] !== undefined && !(fields[k] === null && ['markId', 'leftAddrId', 'destAddrId'].includes(k)),
  );

/** The fields noMarkOrder 'Assign' sends: a change of only these with a mark is A9, not a modification. */
const ASSIGN_FIELDS: readonly string[] = ASSIGN_MARK_FIELDS;

const LOGGED_FIELDS = [
  ...MODIFY_ROUTE_FIELDS,
  ...MODIFY_TEXT_FIELDS,
  ...MODIFY_FIGURE_FIELDS,
  ...MODIFY_FEE_FIELDS,
  ...EXCEPTION_FIELDS,
  ...ORDER_COMPUTED_FEE_FIELDS,
];

export async function modifyOrders(
  ctx: TOrderCtx,
  input: {
    ids: number[];
    versions?: number[];
    fields: TOrderFieldChanges;
    reason: string;
    single?: boolean;
    photos?: string[];
  },
) {
  const { auth, timezone } = ctx;
  const f = input.fields;
  const keys = present(f);
  if (!keys.length) throw badRequest('err_no_change', { field: 'fields' }, 'fields');
  const exceptionKeys = keys.filter((k) => editGroupOf(k) === 'exception');
  const otherKeys = keys.filter((k) => !exceptionKeys.includes(k));
  const assignMode = otherKeys.includes('markId') && otherKeys.every((k) => ASSIGN_FIELDS.includes(k));
  if (exceptionKeys.length) needAny(auth, ACTION_PERMS.exception);
  const photos = [...new Set(input.photos ?? [])];
  if (photos.length && !exceptionKeys.length) throw badRequest('err_invalid_value', { field: 'photos' }, 'photos');
  if (otherKeys.length) {
    needAny(auth, assignMode ? ACTION_PERMS.assignMark : input.single ? ACTION_PERMS.modifyOne : ACTION_PERMS.modify);
    if (!assignMode && !input.reason.trim()) throw badRequest('err_reason_required', { field: 'reason' }, 'reason');
  }
  const groups = new Set(otherKeys.map(editGroupOf));
  const reprice = groups.has('route') || groups.has('figure') || groups.has('fee');
  if (groups.has('fee')) needFeeRole(auth);
  return ctx.db.transaction(async (tx) => {
    let refs: TRefs = { mark: null, countryCode: '' };
    const exceptionOf = new Map<number, TExceptionAction>();
    const outcomes = await applyOrderAction(tx, ctx, {
      ids: input.ids,
      versions: input.versions,
      // the logged action: A9, else an edit before receipt / A28 after, else the problem item's (status kept)
      action: (row): TOrderAction =>
        assignMode ? 'assignMark' : otherKeys.length ? modifyActionFor(row.status) : 'raiseException',
      check: async (plan) => {
        const rows = plan.map((p) => p.row);
        // the field-edit table (A9 is checked by the transition map; its audit freeze below)
        const refusal = checkFieldEdits(rows, assignMode ? keys.filter((k) => editGroupOf(k) === 'route') : otherKeys);
        if (refusal) throw refuseOrders(refusal.messageKey, refusal.rows);
        // the problem item's own table (contracts EXCEPTION_TRANSITIONS): raise, take over E0, close, reopen E2
        if (exceptionKeys.length) {
          const wrong = checkExceptionMoves(rows, f);
          if (wrong) throw refuseOrders(wrong.messageKey, wrong.rows);
          const moves = rows.map((r) => exceptionMove(r, f));
          const handles = (a: TExceptionAction) => moves.some((m) => 'action' in m && m.action === a && !m.amend);
          // raise: bus:exception:add (or :handle); take over, close, reopen: bus:exception:handle
          if (handles('takeException') || handles('closeException') || handles('reopenException'))
            needAny(auth, ACTION_PERMS.handleException);
          if (handles('closeException') && !f.handleRemark?.trim())
            throw badRequest('err_required', { field: t('field_handle_remark', ctx.lang) }, 'handleRemark');
        }
        refs = await checkRefs(tx, auth, { markId: f.markId, leftAddrId: f.leftAddrId, destAddrId: f.destAddrId });
      },
      patch: async (row) => {
        const set: Partial<TOrderRow> = {};
        for (const k of otherKeys) {
          if (k === 'preArriveTime') set.preArriveTime = parseBusinessTime(f.preArriveTime, timezone) ?? null;
          else (set as Record<string, unknown>)[k] = f[k];
        }
        if (f.markId) set.topMarkId = refs.mark?.topMarkId ?? null;
        if (f.freightManual === '1' && f.feeFreightAr === undefined) set.feeFreightAr = row.feeFreightAr;
        // problem item (Q14): raise, take, close, reopen (contracts EXCEPTION_TRANSITIONS)
        if (exceptionKeys.length) {
          const move = exceptionMove(row, f);
          if (!('action' in move)) throw refuseOrders(move.rejectKey, [row]);
          if (f.exceptionType !== undefined) set.exceptionType = f.exceptionType;
          if (f.exceptionDesc !== undefined) set.exceptionDesc = f.exceptionDesc;
          if (f.handleRemark !== undefined) set.handleRemark = f.handleRemark;
          set.exceptionStatus = move.exceptionStatus;
          set.ifException = move.ifException;
          if (move.action === 'takeException' || move.action === 'closeException') {
            set.exceptionHandler = auth.userName;
            set.exceptionHandleTime = new Date();
          }
          if (move.action === 'raiseException' || move.action === 'reopenException') {
            if (!move.amend) Object.assign(set, raisedNow(auth.userName));
            if (move.action === 'reopenException' && f.handleRemark === undefined) set.handleRemark = '';
          }
          exceptionOf.set(row.id, move.action);
        }
        if (assignMode) {
          const merged = { ...row, ...set };
          if (!merged.busType) throw badRequest('err_required', { field: t('field_bus_type', ctx.lang) }, 'busType');
          if (!merged.destAddrId)
            throw badRequest('err_required', { field: t('field_dest_addr_id', ctx.lang) }, 'destAddrId');
          if (!merged.leftAddrId && merged.arrivedHouseId)
            set.leftAddrId = await warehouseCity(tx, merged.arrivedHouseId);
        }
        if (groups.has('route') && row.auditStatus !== 2) {
          const merged = { ...row, ...set };
          const mark = merged.markId ? (f.markId ? refs.mark : await markInfo(tx, merged.markId)) : null;
          const found = await fetchOrderPrice(tx, merged, timezone);
          Object.assign(set, priceColumns(found, mark));
        }
        if (reprice && row.auditStatus !== 2) {
          const { values } = await computeFees(tx, { ...row, ...set } as TPricedOrder, timezone);
          Object.assign(set, values);
        }
        return set;
      },
      log: (row, _after, set, action) => {
        const changes = diffFields(row as never, set as never, LOGGED_FIELDS);
        const parts: TLogPart[] = [];
        if (otherKeys.length) parts.push({ action, remark: input.reason, changes });
        const exceptionAction = exceptionOf.get(row.id);
        if (exceptionAction)
          parts.push({
            action: exceptionAction,
            remark: f.exceptionDesc ?? f.handleRemark ?? input.reason,
            changes: otherKeys.length ? [] : changes,
          });
        return parts;
      },
    });
    const done = doneRows(outcomes);
    if (photos.length) {
      await checkExceptionPhotos(tx, auth, photos);
      await addExceptionPhotos(
        tx,
        auth,
        done.map((u) => u.id),
        photos,
      );
    }
    return done.map((u) => ({ id: u.id, version: u.version }));
  });
}
