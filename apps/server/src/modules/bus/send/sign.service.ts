import { hasAnyPermission, SIGN_STATUS, signStatusFor } from '@theone/contracts';
import { checkSignPiece, SHORT_DELIVERY_EXCEPTION_TYPE } from '@theone/contracts/bus/send';
import type { TSignActionAnswer, TSignFailBody, TSignSaveBody } from '@theone/contracts/bus/send.schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { sysFile } from '../../../platform/db/platform.table';
import { badRequest, forbidden, notFound, wrongState } from '../../../platform/errors';
import type { FileStore } from '../../../platform/files/file-store';
import { IMAGE_TYPES } from '../../../platform/files/file-store';
import { t } from '../../../platform/i18n';
import { parseBusinessTime } from '../../../platform/time';
import { assertFileReadable } from '../../file/file-access';
import { editedBy, movedOrders } from '../bus-record';
import type { TOrderCtx } from '../inware/inware.context';
import type { TOrderRow } from '../inware/order-common';
import { busLoad } from '../load/load.table';
import { lockLoads, settleLoadStatus } from '../load/load-record';
import { applyOrderAction, ordersInScope, refuseOrders, type TOrderOutcome } from '../order/order-core';
import { busSendLine } from './send.table';
import { findRun, lockRunsOf, orderReach, settleRun, writeSendLog } from './send-record';

/**
 * Signing (screen sign-list; A23 sign and batch sign, A24 sign fail, A25 cancel signature, POD upload). Every action
 * runs in one transaction: the loads and runs of the orders locked (in that order, ids ascending, as the load and
 * run actions do), the orders through the order core (status, version, audit freeze; a second signature or an
 * order taken back to stock meanwhile is refused and nothing is written), the delivery lines, then the runs' and
 * loads' statuses (a run D2 when nothing is out any more, a load L5 when every order is signed).
 *
 * A driver reaches the orders of their runs (`orderReach`); everybody else their data scope.
 */

type TLine = typeof busSendLine.$inferSelect;

/** The open (not returned) lines of the orders, by order id. */
async function openLines(tx: DbOrTx, orderIds: readonly number[]): Promise<Map<number, TLine>> {
  if (!orderIds.length) return new Map();
  const rows = await tx
    .select()
    .from(busSendLine)
    .where(and(inArray(busSendLine.orderId, [...orderIds]), eq(busSendLine.returned, '0')));
  return new Map(rows.map((l) => [l.orderId, l]));
}

/** Locks the orders' runs, then their loads (ascending ids, the order core's order), before the core writes them. */
async function lockAround(tx: DbOrTx, rows: readonly TOrderRow[]) {
  const runs = await lockRunsOf(
    tx,
    rows.map((r) => r.sendId),
  );
  await lockLoads(
    tx,
    rows.flatMap((r) => (r.loadId ? [r.loadId] : [])),
  );
  return runs;
}

/** The orders a sign action names, in the caller's reach (all or 404), with their loads and runs locked. */
async function lockOrders(tx: DbOrTx, auth: AuthContext, ids: readonly number[]) {
  const rows = await ordersInScope(tx, auth, ids, orderReach);
  if (rows.length !== new Set(ids).size) throw notFound();
  return { rows, runs: await lockAround(tx, rows) };
}

/** The core's check: an order without an open line (taken back to stock meanwhile) is refused. */
function refuseLineless(plan: readonly { row: TOrderRow }[], lines: ReadonlyMap<number, TLine>) {
  const lost = plan.filter((p) => !lines.has(p.row.id)).map((p) => p.row);
  if (lost.length) throw refuseOrders('msg_delivery_state_reselect', lost);
}

/** Writes the open lines of the orders the core moved (version + 1). */
async function updateDoneLines(tx: DbOrTx, auth: AuthContext, outcomes: readonly TOrderOutcome[], set: Partial<TLine>) {
  const doneIds = outcomes.filter((o) => o.outcome === 'done').map((o) => o.id);
  if (!doneIds.length) return;
  await tx
    .update(busSendLine)
    .set({ ...set, ...editedBy(busSendLine, auth.userName) })
    .where(and(inArray(busSendLine.orderId, doneIds), eq(busSendLine.returned, '0')));
}

/** After the orders moved: the runs' and loads' statuses. */
async function settleAround(
  tx: DbOrTx,
  auth: AuthContext,
  outcomes: readonly TOrderOutcome[],
  runs: Awaited<ReturnType<typeof lockRunsOf>>,
  action: string,
) {
  const done = outcomes.filter((o) => o.outcome === 'done' && o.after);
  for (const run of runs.values()) {
    const mine = done.filter((o) => o.before?.sendId === run.id);
    if (mine.length) await settleRun(tx, auth, run, action, movedOrders(mine.map((o) => o.before!)));
  }
  const loadIds = [...new Set(done.flatMap((o) => (o.after!.loadId ? [o.after!.loadId] : [])))].sort((a, b) => a - b);
  for (const id of loadIds) {
    const [load] = await tx.select().from(busLoad).where(eq(busLoad.id, id));
    if (load) await settleLoadStatus(tx, auth, load, action, { orderCount: done.length });
  }
}

const answerOf = (outcomes: readonly TOrderOutcome[], short: ReadonlySet<number> = new Set()): TSignActionAnswer => {
  const orders = outcomes.flatMap((o) =>
    o.outcome === 'done' && o.after
      ? [
          {
            id: o.after.id,
            transportId: o.after.transportId,
            status: o.after.status,
            version: o.after.version,
            signStatus: o.after.signStatus,
            exceptionRaised: short.has(o.after.id),
          },
        ]
      : [],
  );
  return { done: orders.length, orders };
};

/** The signature photo: a file the caller may read, and an image. */
async function checkPicture(db: DbOrTx, auth: AuthContext, fileId: string) {
  await assertFileReadable(db, auth, fileId, 'signPicture');
  const [file] = await db.select({ type: sysFile.contentType }).from(sysFile).where(eq(sysFile.fileId, fileId));
  if (!file?.type.startsWith('image/')) throw badRequest('sign_err_picture_image', undefined, 'signPicture');
}

/** The orders a sign call names: one order, several, or every order of a run still out (not failed). */
async function targets(tx: DbOrTx, auth: AuthContext, body: TSignSaveBody): Promise<number[]> {
  if (body.orderId !== undefined) return [body.orderId];
  if (body.orderIds) return body.orderIds;
  await findRun(tx, auth, body.sendId!);
  const rows = await tx.execute<{ id: number }>(sql`
    SELECT o.id FROM bus_send_line l JOIN bus_order o ON o.id = l.order_id
     WHERE l.send_id = ${body.sendId!} AND l.returned = '0' AND o.status = 7 AND o.sign_status <> ${SIGN_STATUS.FAILED}
     ORDER BY l.seq, l.id`);
  if (!rows.rows.length) throw wrongState('msg_send_nothing_to_sign', {});
  return rows.rows.map((r) => Number(r.id));
}

/** sign/save: A23 (one order with its pieces; or a batch with full pieces and one photo). */
export async function saveSign(ctx: TOrderCtx, body: TSignSaveBody): Promise<TSignActionAnswer> {
  const single = body.orderId !== undefined;
  if (!hasAnyPermission(ctx.auth.permissions, [single ? 'bus:sign:sign' : 'bus:sign:batch'])) throw forbidden();
  await checkPicture(ctx.db, ctx.auth, body.signPicture);
  const signTime = parseBusinessTime(body.signTime, ctx.timezone)!;
  return ctx.db.transaction(async (tx) => {
    const ids = await targets(tx, ctx.auth, body);
    const { rows, runs } = await lockOrders(tx, ctx.auth, ids);
    if (body.sendId !== undefined && rows.some((r) => r.sendId !== body.sendId)) throw notFound();
    const lines = await openLines(tx, ids);
    const short = new Set<number>();
    const outcomes = await applyOrderAction(
      tx,
      { auth: ctx.auth, reach: orderReach },
      {
        ids,
        versions: single ? [body.version] : undefined,
        action: 'sign',
        check: (plan) => {
          refuseLineless(plan, lines);
          if (!single) return;
          const sent = lines.get(plan[0]!.row.id)!.pieces;
          const verdict = checkSignPiece(body.signPiece!, sent);
          if (verdict === 'tooMany' || verdict === 'none')
            throw badRequest('sign_err_piece_range', { max: sent }, 'signPiece');
        },
        patch: (row) => {
          const sent = lines.get(row.id)!.pieces;
          const signPiece = single ? body.signPiece! : sent;
          const set: Partial<TOrderRow> = {
            signTime,
            signPerson: (body.signPerson || row.consignee || '-').slice(0, 50),
            signPiece,
            signStatus: signStatusFor(signPiece, sent),
          };
          if (signPiece < sent) {
            short.add(row.id);
            Object.assign(set, {
              ifException: 1,
              exceptionType: SHORT_DELIVERY_EXCEPTION_TYPE,
              exceptionDesc: t('sign_short_delivery_desc', ctx.lang, { signed: signPiece, sent }).slice(0, 500),
              exceptionStatus: 0,
            });
          }
          return set;
        },
        log: (_before, after, set) => {
          const run = runs.get(after.sendId ?? 0);
          const parts: { action?: 'raiseException'; remark?: string; fromStatus?: number; toStatus?: number }[] = [
            { remark: [run?.sendNo, body.remark].filter(Boolean).join(' ') },
          ];
          if (short.has(after.id))
            parts.push({
              action: 'raiseException',
              fromStatus: after.status,
              toStatus: after.status,
              remark: String(set.exceptionDesc ?? ''),
            });
          return parts;
        },
      },
    );
    await updateDoneLines(tx, ctx.auth, outcomes, {
      signTel: body.signTel,
      signIdcard: body.signIdcard,
      signPicture: body.signPicture,
      signRemark: body.remark,
      signFailReason: '',
      signFailRemark: '',
    });
    await settleAround(tx, ctx.auth, outcomes, runs, single ? 'sign' : 'batchSign');
    return answerOf(outcomes, short);
  });
}

/** sign/signFail: A24, the orders stay S7 with sign status 'failed' and the reason on their lines. */
export async function signFail(ctx: TOrderCtx, body: TSignFailBody): Promise<TSignActionAnswer> {
  return ctx.db.transaction(async (tx) => {
    const { runs } = await lockOrders(tx, ctx.auth, body.orderIds);
    const lines = await openLines(tx, body.orderIds);
    const reason = t(`sign_fail_reason_${body.signFailReason}`, ctx.lang);
    const outcomes = await applyOrderAction(
      tx,
      { auth: ctx.auth, reach: orderReach },
      {
        ids: body.orderIds,
        versions: body.versions,
        action: 'signFail',
        check: (plan) => refuseLineless(plan, lines),
        patch: () => ({ signStatus: SIGN_STATUS.FAILED }),
        log: (before) => [
          { remark: [runs.get(before.sendId ?? 0)?.sendNo, reason, body.signFailRemark].filter(Boolean).join(' ') },
        ],
      },
    );
    await updateDoneLines(tx, ctx.auth, outcomes, {
      signFailReason: body.signFailReason,
      signFailRemark: body.signFailRemark,
    });
    await settleAround(tx, ctx.auth, outcomes, runs, 'signFail');
    return answerOf(outcomes);
  });
}

/** sign/delete/{ids}: A25 cancel signature (S8 -> S7; refused while the fees are audited: M3). */
export async function cancelSigns(ctx: TOrderCtx, ids: readonly number[]): Promise<TSignActionAnswer> {
  return ctx.db.transaction(async (tx) => {
    const { runs } = await lockOrders(tx, ctx.auth, ids);
    const outcomes = await applyOrderAction(
      tx,
      { auth: ctx.auth, reach: orderReach },
      {
        ids,
        action: 'cancelSign',
        patch: () => ({ signTime: null, signPerson: '', signPiece: null, signStatus: SIGN_STATUS.UNSIGNED }),
        log: (before) => [{ remark: runs.get(before.sendId ?? 0)?.sendNo ?? '' }],
      },
    );
    await updateDoneLines(tx, ctx.auth, outcomes, { signTel: '', signIdcard: '', signPicture: '', signRemark: '' });
    await settleAround(tx, ctx.auth, outcomes, runs, 'cancelSign');
    return answerOf(outcomes);
  });
}

/**
 * inware/signUpload/{id}: the proof of delivery (photo of the signed delivery note) of an order out for delivery or
 * signed (S7/S8), an image only (the file store checks the content against the name and the size limit).
 */
export async function uploadPod(
  ctx: TOrderCtx,
  files: FileStore,
  orderId: number,
  part: { file: NodeJS.ReadableStream; filename: string } | undefined,
): Promise<{ fileId: string; orderId: number }> {
  const [row] = await ordersInScope(ctx.db, ctx.auth, [orderId], orderReach);
  if (!row) throw notFound();
  if (row.status !== 7 && row.status !== 8) throw wrongState('msg_delivery_state_reselect', { list: row.transportId });
  if (!part) throw badRequest('err_file_required', undefined, 'file');
  const stored = await files.save({
    stream: part.file as never,
    fileName: part.filename,
    uploader: ctx.auth,
    allow: IMAGE_TYPES,
  });
  return ctx.db.transaction(async (tx) => {
    const [line] = await tx
      .update(busSendLine)
      .set({ podPicture: stored.fileId, ...editedBy(busSendLine, ctx.auth.userName) })
      .where(and(eq(busSendLine.orderId, orderId), eq(busSendLine.returned, '0')))
      .returning({ sendId: busSendLine.sendId });
    if (!line) throw wrongState('msg_delivery_state_reselect', { list: row.transportId });
    await writeSendLog(tx, ctx.auth.userName, [
      { sendId: line.sendId, action: 'pod', fromStatus: null, toStatus: null, orderCount: 1, remark: row.transportId },
    ]);
    return { fileId: stored.fileId, orderId };
  });
}
