import { deliveryStatusFor } from '@theone/contracts';
import { SEND_STATUS, sendAllows } from '@theone/contracts/bus/send';
import type {
  TSendAddBody,
  TSendEditBody,
  TSendLineAmounts,
  TSendOrdersBody,
} from '@theone/contracts/bus/send.schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { badRequest, changedReload, wrongState } from '../../../platform/errors';
import { nextSequence, periodOf } from '../../../platform/sequences';
import { parseBusinessTime } from '../../../platform/time';
import { markShipping } from '../../bas/api/order-refs';
import { ARRIVE_PAY_BALANCE_TYPE, invalidSendRefs } from '../../bas/api/send-refs';
import { deletedEntry, eachRecord, editedBy, movedOrders } from '../bus-record';
import type { TOrderCtx } from '../inware/inware.context';
import type { TOrderRow } from '../inware/order-common';
import { applyOrderAction, doneRows, refuseOrders } from '../order/order-core';
import { busSend, busSendLine } from './send.table';
import { lockRun, orderReach, settleRun, type TSendRecord, withLockedRun, writeSendLog } from './send-record';

/**
 * Delivery runs (screens sendOrder, send; actions A19-A22): open a draft run with its orders (S6, no open problem
 * item, not in another run), add and take orders out, edit, delete a draft, dispatch (A21 S6 -> S7) and take
 * orders back to stock (A22 S7 -> S6, a failed delivery). Orders change only through the order core
 * (`applyOrderAction`: status, version, open problem item, the log row); the run and its lines here, in the same
 * transaction, after `lockRun`.
 */

const invalid = (field: string) => badRequest('err_invalid_value', { field }, field);

async function newSendNo(db: DbOrTx, timezone: string) {
  const period = periodOf(new Date(), timezone, 'yyMMdd');
  return `SD${period}${String(await nextSequence(db, 'sendNo', period)).padStart(4, '0')}`;
}

async function checkRefs(db: DbOrTx, h: { driverId: number; vehicleId?: number | null }) {
  const bad = await invalidSendRefs(db, h);
  if (bad.length) throw invalid(bad[0]!);
}

export interface TRunAnswer {
  id: number;
  sendNo: string;
  status: number;
  version: number;
  done: number;
}
const answer = (run: TSendRecord, done: number): TRunAnswer => ({
  id: run.id,
  sendNo: run.sendNo,
  status: run.status,
  version: run.version,
  done,
});

/** The amount to collect by default: an arrive-pay mark's order collects its receivables (THB orders only). */
async function defaultPart(db: DbOrTx, row: TOrderRow): Promise<string | null> {
  if (!row.markId || row.currency !== 'THB' || !row.feeArAmount) return null;
  const mark = await markShipping(db, row.markId);
  return mark?.balanceType === ARRIVE_PAY_BALANCE_TYPE ? row.feeArAmount : null;
}

/**
 * A19 on a locked draft run: the core moves nothing (S6 -> S6) but sets sendId, refusing an order already in a run
 * (M-insend), a wrong status, an open problem item or a changed version; then one line per order.
 */
export async function addOrdersToRun(
  tx: DbOrTx,
  ctx: TOrderCtx,
  run: TSendRecord,
  orderIds: readonly number[],
  versions?: readonly (number | undefined)[],
  amounts: readonly TSendLineAmounts[] = [],
): Promise<TOrderRow[]> {
  const outcomes = await applyOrderAction(
    tx,
    { auth: ctx.auth },
    {
      ids: orderIds,
      versions,
      action: 'addToSendOrder',
      check: (plan) => {
        const inRun = plan.map((p) => p.row).filter((o) => o.sendId !== null);
        if (inRun.length) throw refuseOrders('msg_in_send_reselect', inRun);
      },
      patch: () => ({ sendId: run.id }),
      log: () => [{ remark: run.sendNo }],
    },
  );
  const done = doneRows(outcomes);
  if (!done.length) return done;
  const [{ next }] = (
    await tx.execute<{ next: number }>(
      sql`SELECT coalesce(max(seq), 0)::int AS next FROM bus_send_line WHERE send_id = ${run.id}`,
    )
  ).rows as [{ next: number }];
  const byOrder = new Map(amounts.map((a) => [a.orderId, a]));
  const values = [];
  for (const [i, o] of done.entries()) {
    const a = byOrder.get(o.id);
    values.push({
      sendId: run.id,
      orderId: o.id,
      seq: next + i + 1,
      pieces: o.arrivedPiece ?? o.cargoPiece ?? 0,
      sendFeeAmount: a?.sendFeeAmount ?? null,
      sendPartAmount: a?.sendPartAmount !== undefined ? a.sendPartAmount : await defaultPart(tx, o),
      sendOtherAmount: a?.sendOtherAmount ?? null,
      createBy: ctx.auth.userName,
    });
  }
  await tx.insert(busSendLine).values(values);
  return done;
}

/** send/add: a draft run (D0) and its orders (A19) in one transaction. */
export async function addRun(ctx: TOrderCtx, body: TSendAddBody): Promise<TRunAnswer> {
  const { orderIds, amounts, ...header } = body;
  await checkRefs(ctx.db, header);
  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(busSend)
      .values({
        sendNo: await newSendNo(tx, ctx.timezone),
        status: SEND_STATUS.DRAFT,
        sendTime: parseBusinessTime(header.sendTime, ctx.timezone)!,
        driverId: header.driverId,
        vehicleId: header.vehicleId ?? null,
        sendRemark: header.sendRemark,
        createBy: ctx.auth.userName,
      })
      .returning();
    await writeSendLog(tx, ctx.auth.userName, [
      { sendId: created!.id, action: 'add', fromStatus: null, toStatus: SEND_STATUS.DRAFT, remark: created!.sendNo },
    ]);
    const run = await lockRun(tx, ctx.auth, created!.id, 'addOrder');
    const done = orderIds.length ? await addOrdersToRun(tx, ctx, run, orderIds, undefined, amounts) : [];
    const settled = await settleRun(tx, ctx.auth, run, 'addOrder', movedOrders(done));
    return answer(settled, done.length);
  });
}

/** send/addOrder/{id}: A19 on a draft run. */
export async function addOrdersToRunById(ctx: TOrderCtx, id: number, body: TSendOrdersBody): Promise<TRunAnswer> {
  return withLockedRun(ctx, id, 'addOrder', async (tx, run) => {
    const done = await addOrdersToRun(tx, ctx, run, body.orderIds, body.versions, body.amounts);
    const settled = await settleRun(tx, ctx.auth, run, 'addOrder', movedOrders(done));
    return answer(settled, done.length);
  });
}

/**
 * Orders of a locked run out of it: S6 in a draft (A20, the line deleted) or S7 not signed in a dispatched run
 * (A22 back to stock, the line kept as returned); sendId cleared either way. An order of another run, or signed,
 * is refused with its 'reselect' message.
 */
async function takeOrdersOut(
  tx: DbOrTx,
  ctx: TOrderCtx,
  run: TSendRecord,
  orderIds: readonly number[],
  versions?: readonly (number | undefined)[],
) {
  if (!orderIds.length) return [];
  const outcomes = await applyOrderAction(
    tx,
    { auth: ctx.auth, reach: orderReach },
    {
      ids: orderIds,
      versions,
      action: (row) => (row.sendId !== run.id ? null : row.status === 6 ? 'removeFromSendOrder' : 'backToStock'),
      wrongStateKey: 'msg_send_not_in_run_reselect',
      patch: () => ({ sendId: null, deliveryStatus: 0 }),
      log: () => [{ remark: run.sendNo }],
    },
  );
  const done = doneRows(outcomes);
  const removed = outcomes.filter((o) => o.outcome === 'done' && o.action === 'removeFromSendOrder').map((o) => o.id);
  const returned = outcomes.filter((o) => o.outcome === 'done' && o.action === 'backToStock').map((o) => o.id);
  const lineOf = (ids: number[]) =>
    and(eq(busSendLine.sendId, run.id), inArray(busSendLine.orderId, ids), eq(busSendLine.returned, '0'));
  if (removed.length) await tx.delete(busSendLine).where(lineOf(removed));
  if (returned.length)
    await tx
      .update(busSendLine)
      .set({ returned: '1', ...editedBy(busSendLine, ctx.auth.userName) })
      .where(lineOf(returned));
  return done;
}

/** send/removeOrder/{id}: A20 (draft) or A22 back to stock (dispatched run, unsigned orders). */
export async function removeOrdersFromRun(ctx: TOrderCtx, id: number, body: TSendOrdersBody): Promise<TRunAnswer> {
  return withLockedRun(ctx, id, 'removeOrder', async (tx, run) => {
    const done = await takeOrdersOut(tx, ctx, run, body.orderIds, body.versions);
    const settled = await settleRun(
      tx,
      ctx.auth,
      run,
      run.status === SEND_STATUS.DRAFT ? 'removeOrder' : 'back',
      movedOrders(done),
    );
    return answer(settled, done.length);
  });
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** send/edit: the header in a draft; the lines' amounts in any status (fee amounts only reach here with the fee role). */
export async function editRun(ctx: TOrderCtx, body: TSendEditBody): Promise<TRunAnswer> {
  const { id, version, amounts, ...header } = body;
  await checkRefs(ctx.db, header);
  return ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, ctx.auth, id);
    if (run.version !== version) throw changedReload();
    const sendTime = parseBusinessTime(header.sendTime, ctx.timezone)!;
    const next = {
      sendTime,
      driverId: header.driverId,
      vehicleId: header.vehicleId ?? null,
      sendRemark: header.sendRemark,
    };
    const changed =
      !sameTime(run.sendTime, sendTime) ||
      run.driverId !== next.driverId ||
      run.vehicleId !== next.vehicleId ||
      run.sendRemark !== next.sendRemark;
    if (changed && !sendAllows('editHeader', run.status))
      throw wrongState('msg_send_draft_reselect', { list: run.sendNo });
    for (const a of amounts ?? []) {
      const set: Partial<typeof busSendLine.$inferInsert> = {};
      if (a.sendFeeAmount !== undefined) set.sendFeeAmount = a.sendFeeAmount;
      if (a.sendPartAmount !== undefined) set.sendPartAmount = a.sendPartAmount;
      if (a.sendOtherAmount !== undefined) set.sendOtherAmount = a.sendOtherAmount;
      if (!Object.keys(set).length) continue;
      const hit = await tx
        .update(busSendLine)
        .set({ ...set, ...editedBy(busSendLine, ctx.auth.userName) })
        .where(and(eq(busSendLine.sendId, run.id), eq(busSendLine.orderId, a.orderId)))
        .returning({ id: busSendLine.id });
      if (!hit.length) throw invalid('amounts');
    }
    const remark = [
      !sameTime(run.sendTime, sendTime) ? 'sendTime' : '',
      run.driverId !== next.driverId ? `driverId: ${run.driverId} -> ${next.driverId}` : '',
      run.vehicleId !== next.vehicleId ? `vehicleId: ${run.vehicleId ?? ''} -> ${next.vehicleId ?? ''}` : '',
      run.sendRemark !== next.sendRemark ? 'sendRemark' : '',
      amounts?.length ? `amounts: ${amounts.length}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    const settled = await settleRun(tx, ctx.auth, run, 'edit', { set: changed ? next : {}, remark });
    return answer(settled, 0);
  });
}

/** The run's lines still out with it (not back in stock). */
const openLinesOf = (tx: DbOrTx, sendId: number) =>
  tx
    .select({ orderId: busSendLine.orderId, pieces: busSendLine.pieces })
    .from(busSendLine)
    .where(and(eq(busSendLine.sendId, sendId), eq(busSendLine.returned, '0')));

/** send/delete/{ids}: draft runs only, all or nothing; their orders leave them (A20, still S6), lines deleted. */
export async function deleteRuns(ctx: TOrderCtx, ids: readonly number[]) {
  return eachRecord(ctx.db, ids, async (tx, id) => {
    const run = await lockRun(tx, ctx.auth, id, 'delete');
    const lines = await openLinesOf(tx, id);
    const out = await takeOrdersOut(
      tx,
      ctx,
      run,
      lines.map((l) => l.orderId),
    );
    await writeSendLog(tx, ctx.auth.userName, [{ sendId: id, ...deletedEntry(run, out.length, run.sendNo) }]);
    await tx.delete(busSendLine).where(eq(busSendLine.sendId, id));
    await tx.delete(busSend).where(eq(busSend.id, id));
    return out.length;
  });
}

/**
 * send/sure (A21): each draft run with at least one order is dispatched (D1, dispatchTime now), its orders
 * S6 -> S7 with the delivery status from the pieces sent and the sign status cleared (a failed order redelivered).
 * All or nothing; an open problem item refuses (M-exc).
 */
export async function sureRuns(ctx: TOrderCtx, ids: readonly number[]) {
  return eachRecord(ctx.db, ids, async (tx, id) => {
    const run = await lockRun(tx, ctx.auth, id, 'sure');
    const lines = await openLinesOf(tx, id);
    if (!lines.length) throw wrongState('msg_send_empty_reselect', { list: run.sendNo });
    const pieces = new Map(lines.map((l) => [l.orderId, l.pieces]));
    const outcomes = await applyOrderAction(
      tx,
      { auth: ctx.auth, reach: orderReach },
      {
        ids: lines.map((l) => l.orderId),
        action: (row) => (row.sendId === run.id ? 'confirmDelivery' : null),
        wrongStateKey: 'msg_send_not_in_run_reselect',
        patch: (row) => ({
          deliveryStatus: deliveryStatusFor(pieces.get(row.id) ?? 0, row.arrivedPiece ?? pieces.get(row.id) ?? 0),
          signStatus: 0,
        }),
        log: () => [{ remark: run.sendNo }],
      },
    );
    const moved = doneRows(outcomes);
    await settleRun(tx, ctx.auth, run, 'sure', {
      orderCount: moved.length,
      remark: run.sendNo,
      set: { dispatchTime: new Date() },
      dispatched: true,
    });
    return moved.length;
  });
}
