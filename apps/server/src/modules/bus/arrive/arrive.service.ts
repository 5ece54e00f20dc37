import {
  ARRIVE_IN_SEND_KEY,
  ARRIVE_REJECT_KEYS,
  ARRIVE_STATUS,
  arriveAllows,
  arriveStatusOf,
  collectAmountThb,
  expectedPieces,
  isArrivePay,
  LOAD_STATUS,
  ORDER_REJECT_KEYS,
  parsePieceLabel,
  scanOutcome,
  type TArriveAction,
  type TArriveCancelBody,
  type TArriveEditBody,
  type TArriveLocationBody,
  type TArriveOperation,
  type TArriveSureBody,
} from '@theone/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { sysFile } from '../../../platform/db/platform.table';
import { allOf } from '../../../platform/db/sql-helpers';
import { badRequest, changedReload, duplicate, notFound, wrongState } from '../../../platform/errors';
import { parseBusinessTime, todayIn } from '../../../platform/time';
import { invalidPickupRefs, isOverseasWarehouse, markBalanceTypeOf, thbPerRmbOn } from '../../bas/api/arrive-refs';
import { assertFileReadable } from '../../file/file-access';
import type { TOrderCtx } from '../inware/inware.context';
import { busOrder } from '../inware/inware.table';
import { diffFields, orderScope, type TOrderRow } from '../inware/order-common';
import { loadCounts, lockLoad, settleLoadStatus, type TLoadRecord, writeLoadLog } from '../load/load-record';
import { syncArrivedMilestone } from '../load/track.service';
import { applyOrderAction, refuseOrders } from '../order/order-core';
import { busArriveOrder, busArrivePhoto } from './arrive.table';
import { findArrive, lockArriveById, lockArriveRecord, type TArriveRecord, updateArriveRecord } from './arrive-record';

/**
 * Pick-up and arrival (screens arriveList, arriveDetails, arriveOrder; A17, A18; docs/domain.md 'Arrival'):
 *
 * - `editArrive` (arrive/edit): the pick-up registration (time, vehicle, driver, overseas warehouse, unloading
 *   time, seal intact, remark, photos of the seal and the doors); P0 -> P1, later statuses keep theirs.
 * - `sureArrive` (arrive/sure, A17): a whole container, ticked orders, or one scan (waybill or piece label):
 *   orders S5 -> S6 with `arriveId`, one bus_arrive_order row each (time, warehouse, pieces counted), the record
 *   P1/P2/P3 from its orders, the load L3 -> L4 (settleLoadStatus) and the automatic 'arrived' milestone.
 * - `cancelArrive` (arrive/cancel, A18): S6 orders not in a delivery run (M-insend) back to S5; record, load and
 *   milestone follow.
 * - `deleteArrive` (arrive/delete): the registration cleared back to P0 while nothing arrived.
 * - `setLocation` (arriveOrder 'Set location'): the overseas shelf of S6 orders (trayNo, order log before/after).
 *
 * Every action locks the load (lockLoad, the lock every load and track action takes first), then the record, so
 * actions on one container are serialised (two clerks confirming the same container: one wins, the other is
 * refused by the record's or the orders' state). Orders move through the order core only.
 */

export const ARRIVE_LOG_ACTIONS = {
  edit: 'arriveEdit',
  sure: 'arrive',
  cancel: 'cancelArrive',
  delete: 'arriveDelete',
} as const;

const PHOTO_KIND = { seal: '1', doors: '2' } as const;

const time = (ctx: TOrderCtx, value: string | null | undefined, field: string): Date => {
  const d = parseBusinessTime(value, ctx.timezone);
  if (!d || Number.isNaN(d.getTime())) throw badRequest('err_invalid_format', { field }, field);
  return d;
};

const optionalTime = (ctx: TOrderCtx, value: string | null | undefined, field: string): Date | null =>
  value ? time(ctx, value, field) : null;

const containerName = (load: Pick<TLoadRecord, 'containerNo' | 'truckNo' | 'loadNo'>) =>
  load.containerNo || load.truckNo || load.loadNo;

function checkOperation(record: TArriveRecord, load: TLoadRecord, operation: TArriveOperation) {
  if (!arriveAllows(operation, record.status))
    throw wrongState(ARRIVE_REJECT_KEYS[operation], { list: containerName(load) });
}

/** The load (locked first, in the caller's scope) and its record (locked), by the record's id. */
async function lockBoth(tx: DbOrTx, auth: AuthContext, arriveId: number) {
  const found = await findArrive(tx, auth, arriveId);
  const load = await lockLoad(tx, auth, found.loadId);
  const record = await lockArriveById(tx, arriveId);
  return { load, record };
}

// ---------------------------------------------------------------------------------------------------------
// arrive/edit

/** Photos must be images the caller may read (uploaded through /file/upload). */
async function checkPhotos(db: DbOrTx, auth: AuthContext, ids: readonly string[], field: string) {
  for (const id of ids) await assertFileReadable(db, auth, id, field);
  if (!ids.length) return;
  const rows = await db
    .select({ fileId: sysFile.fileId, contentType: sysFile.contentType })
    .from(sysFile)
    .where(inArray(sysFile.fileId, [...ids]));
  if (rows.some((r) => !r.contentType.startsWith('image/')))
    throw badRequest('arrive_err_photo_image', undefined, field);
}

export async function editArrive(ctx: TOrderCtx, body: TArriveEditBody): Promise<TArriveAction> {
  const { auth } = ctx;
  const pickupTime = time(ctx, body.pickupTime, 'pickupTime');
  const unloadTime = optionalTime(ctx, body.unloadTime, 'unloadTime');
  const bad = await invalidPickupRefs(ctx.db, body);
  if (bad.length) throw badRequest('err_invalid_value', { field: bad[0] }, bad[0]);
  const sealPhotos = [...new Set(body.sealPhotos)];
  const doorPhotos = [...new Set(body.doorPhotos)];
  await checkPhotos(ctx.db, auth, sealPhotos, 'sealPhotos');
  await checkPhotos(ctx.db, auth, doorPhotos, 'doorPhotos');
  return ctx.db.transaction(async (tx) => {
    const { load, record } = await lockBoth(tx, auth, body.id);
    if (record.version !== body.version) throw changedReload();
    checkOperation(record, load, 'edit');
    const updated = await updateArriveRecord(tx, auth, record, {
      status: Math.max(record.status, ARRIVE_STATUS.PICKED_UP),
      pickupTime,
      vehicleId: body.vehicleId ?? null,
      driverId: body.driverId ?? null,
      houseId: body.houseId,
      unloadTime,
      sealIntact: body.sealIntact,
      remark: body.remark,
    });
    await tx.delete(busArrivePhoto).where(eq(busArrivePhoto.arriveId, record.id));
    const photos = [
      ...sealPhotos.map((fileId) => ({ fileId, kind: PHOTO_KIND.seal })),
      ...doorPhotos.map((fileId) => ({ fileId, kind: PHOTO_KIND.doors })),
    ];
    if (photos.length)
      await tx
        .insert(busArrivePhoto)
        .values(photos.map((p) => ({ ...p, arriveId: record.id, createBy: auth.userName })));
    await writeLoadLog(tx, auth.userName, [
      {
        loadId: load.id,
        action: ARRIVE_LOG_ACTIONS.edit,
        fromStatus: load.status,
        toStatus: load.status,
        remark: `${body.sealIntact === '1' ? 'seal ok' : 'seal broken'} ${body.remark}`.trim(),
      },
    ]);
    return answer(updated, load, 0);
  });
}

const answer = (record: TArriveRecord, load: TLoadRecord, done: number): TArriveAction => ({
  id: record.id,
  status: record.status,
  version: record.version,
  loadId: load.id,
  loadStatus: load.status,
  done,
});

// ---------------------------------------------------------------------------------------------------------
// A17 arrive/sure

/** After orders moved: the record's status from the load's orders, the load settled, the milestone in step. */
async function settle(
  tx: DbOrTx,
  auth: AuthContext,
  load: TLoadRecord,
  record: TArriveRecord,
  action: string,
  done: number,
  at: Date,
) {
  const counts = await loadCounts(tx, load.id);
  const status = arriveStatusOf(counts, true);
  const updated = status === record.status ? record : await updateArriveRecord(tx, auth, record, { status });
  const settled = await settleLoadStatus(tx, auth, load, action, { orderCount: done });
  // the automatic 'arrived' milestone exists exactly while the load is L4 or later: only a crossing changes it (the
  // scans after a container's first leave it alone, one statement less each)
  const arrivedBefore = load.status >= LOAD_STATUS.ARRIVED;
  if (arrivedBefore !== settled.load.status >= LOAD_STATUS.ARRIVED)
    await syncArrivedMilestone(tx, auth, settled.load, at);
  return answer(updated, settled.load, done);
}

/** The orders of a container the caller sees, in some statuses, by id. */
async function orderIdsOf(tx: DbOrTx, auth: AuthContext, loadId: number, status: number): Promise<number[]> {
  const rows = await tx
    .select({ id: busOrder.id })
    .from(busOrder)
    .where(allOf([eq(busOrder.loadId, loadId), eq(busOrder.status, status), orderScope(auth)]))
    .orderBy(busOrder.id);
  return rows.map((r) => r.id);
}

/** Ticked orders must belong to the container (another container's order is no line of this record: 404). */
async function checkOwnOrders(tx: DbOrTx, auth: AuthContext, loadId: number, ids: readonly number[]) {
  const rows = await tx
    .select({ id: busOrder.id })
    .from(busOrder)
    .where(allOf([inArray(busOrder.id, [...ids]), eq(busOrder.loadId, loadId), orderScope(auth)]));
  if (rows.length !== new Set(ids).size) throw notFound();
}

/**
 * The orders an arrive action names: the ticked ones (checked to be this container's) or else every order of the
 * container in `status` the caller sees (none: refused with `rejectKey`).
 */
async function targetIds(
  tx: DbOrTx,
  auth: AuthContext,
  load: TLoadRecord,
  ticked: number[] | undefined,
  status: number,
  rejectKey: string,
): Promise<number[]> {
  if (ticked) {
    await checkOwnOrders(tx, auth, load.id, ticked);
    return ticked;
  }
  const ids = await orderIdsOf(tx, auth, load.id, status);
  if (!ids.length) throw wrongState(rejectKey, { list: containerName(load) });
  return ids;
}

async function arrivalHouse(ctx: TOrderCtx, record: TArriveRecord, body: TArriveSureBody): Promise<number> {
  const houseId = body.arrivedHouseId ?? record.houseId;
  if (!houseId) throw badRequest('err_required', { field: 'arrivedHouseId' }, 'arrivedHouseId');
  if (body.arrivedHouseId && !(await isOverseasWarehouse(ctx.db, body.arrivedHouseId)))
    throw badRequest('err_invalid_value', { field: 'arrivedHouseId' }, 'arrivedHouseId');
  return houseId;
}

/** Orders S5 -> S6 through the core, one arrival row each. */
async function receiveOrders(
  tx: DbOrTx,
  auth: AuthContext,
  load: TLoadRecord,
  record: TArriveRecord,
  target: {
    ids: number[];
    versions?: (number | undefined)[];
    /** the orders as just read in this transaction (a scan's one order): the core need not read them again */
    read?: TOrderRow[];
    pieces: (row: TOrderRow) => number[];
  },
  at: { arriveTime: Date; houseId: number },
) {
  const outcomes = await applyOrderAction(
    tx,
    { auth },
    {
      ids: target.ids,
      versions: target.versions,
      read: target.read,
      action: 'confirmArrival',
      // trayNo is the overseas shelf from now on (screens: reused at S6): the origin tray is left in the log
      patch: (row) => ({ arriveId: record.id, ...(row.trayNo ? { trayNo: '' } : {}) }),
      log: (before, _after, set) => [
        { remark: containerName(load), changes: diffFields(before as never, set as never, ['trayNo']) },
      ],
    },
  );
  const done = outcomes.filter((o) => o.outcome === 'done');
  if (done.length)
    await tx.insert(busArriveOrder).values(
      done.map((o) => ({
        arriveId: record.id,
        orderId: o.id,
        arriveTime: at.arriveTime,
        houseId: at.houseId,
        pieces: target.pieces(o.before!),
        createBy: auth.userName,
      })),
    );
  return done.length;
}

export async function sureArrive(ctx: TOrderCtx, body: TArriveSureBody): Promise<TArriveAction> {
  if (body.code !== undefined) return scanArrive(ctx, body, body.code);
  const { auth } = ctx;
  const arriveTime = body.arriveTime ? time(ctx, body.arriveTime, 'arriveTime') : new Date();
  return ctx.db.transaction(async (tx) => {
    const { load, record } = await lockBoth(tx, auth, body.arriveId!);
    checkOperation(record, load, 'sure');
    const houseId = await arrivalHouse(ctx, record, body);
    const ids = await targetIds(tx, auth, load, body.orderIds, 5, ARRIVE_REJECT_KEYS.sure);
    const done = await receiveOrders(
      tx,
      auth,
      load,
      record,
      { ids, versions: body.orderIds ? body.versions : undefined, pieces: () => [] },
      { arriveTime, houseId },
    );
    return settle(tx, auth, load, record, ARRIVE_LOG_ACTIONS.sure, done, arriveTime);
  });
}

/** A scan at the overseas warehouse: the order's first scan receives it (A17), later ones count its pieces. */
async function scanArrive(ctx: TOrderCtx, body: TArriveSureBody, code: string): Promise<TArriveAction> {
  const { auth } = ctx;
  const text = code.trim().toUpperCase();
  const label = parsePieceLabel(text);
  const arriveTime = body.arriveTime ? time(ctx, body.arriveTime, 'arriveTime') : new Date();
  // the order, its customer's balance type (an arrive-pay order shows the amount to collect) and its arrival line
  // (the pieces counted so far; one per order) in one statement
  const byCode = async (db: DbOrTx) => {
    const [row] = await db
      .select({ order: busOrder, balanceType: markBalanceTypeOf(busOrder.markId), line: busArriveOrder })
      .from(busOrder)
      .leftJoin(busArriveOrder, eq(busArriveOrder.orderId, busOrder.id))
      .where(allOf([eq(busOrder.transportId, label?.transportId ?? text), orderScope(auth)]));
    return row;
  };
  const found = (await byCode(ctx.db))?.order;
  if (!found || (label && label.piece > expectedPieces(found.arrivedPiece)))
    throw notFound('bus_msg_no_order_for_code', { code });
  if (!found.loadId || found.status < 5) throw refuseOrders(ORDER_REJECT_KEYS.arrive, [found]);
  return ctx.db.transaction(async (tx) => {
    const load = await lockLoad(tx, auth, found.loadId!);
    const record = await lockArriveRecord(tx, load.id);
    if (!record) throw refuseOrders(ORDER_REJECT_KEYS.arrive, [found]);
    if (body.arriveId !== undefined && body.arriveId !== record.id)
      throw notFound('bus_msg_no_order_for_code', { code });
    // read again under the container's lock: a colleague's scan of the same order went first
    const { order, balanceType, line } = (await byCode(tx))!;
    const outcome = scanOutcome(order, line?.pieces ?? [], label?.piece ?? null);
    // a repeat of an order already shelved says where it is (screens arriveOrder: 'an S6 order shows its location')
    if (outcome.kind === 'duplicate')
      throw order.trayNo && order.status === 6
        ? duplicate('arrive_msg_scan_duplicate_at', { code, trayNo: order.trayNo })
        : duplicate('msg_scan_duplicate', { code });
    if (outcome.kind === 'wrongState') throw refuseOrders(ORDER_REJECT_KEYS.arrive, [order]);
    let result: TArriveAction;
    if (outcome.kind === 'receive') {
      checkOperation(record, load, 'sure');
      const houseId = await arrivalHouse(ctx, record, body);
      const done = await receiveOrders(
        tx,
        auth,
        load,
        record,
        { ids: [order.id], versions: [order.version], read: [order], pieces: () => outcome.pieces },
        { arriveTime, houseId },
      );
      result = await settle(tx, auth, load, record, ARRIVE_LOG_ACTIONS.sure, done, arriveTime);
    } else if (!line) {
      // an order received before the lines were kept (seeded data): its line starts with this scan
      await tx.insert(busArriveOrder).values({
        arriveId: record.id,
        orderId: order.id,
        arriveTime,
        houseId: record.houseId,
        pieces: outcome.pieces,
        createBy: auth.userName,
      });
      result = answer(record, load, 0);
    } else {
      const [counted] = await tx
        .update(busArriveOrder)
        .set({ pieces: outcome.pieces })
        .where(
          and(
            eq(busArriveOrder.orderId, order.id),
            sql`${busArriveOrder.pieces} = ${sql.param(line.pieces)}::integer[]`,
          ),
        )
        .returning({ id: busArriveOrder.id });
      if (!counted) throw changedReload();
      result = answer(record, load, 0);
    }
    // the day's rate only for an arrive-pay order in RMB (most scans need none)
    const rate =
      isArrivePay(balanceType) && order.currency === 'RMB' ? await thbPerRmbOn(tx, todayIn(ctx.timezone)) : null;
    return {
      ...result,
      scan: {
        orderId: order.id,
        transportId: order.transportId,
        kind: outcome.kind,
        scannedPieces: outcome.pieces.length,
        expectedPieces: expectedPieces(order.arrivedPiece),
        trayNo: order.status === 6 ? order.trayNo : '',
        consignee: order.consignee,
        containerNo: containerName(load),
        collectAmount: collectAmountThb({ ...order, balanceType }, rate),
      },
    };
  });
}

// ---------------------------------------------------------------------------------------------------------
// A18 arrive/cancel/{id}

export async function cancelArrive(ctx: TOrderCtx, id: number, body: TArriveCancelBody): Promise<TArriveAction> {
  const { auth } = ctx;
  return ctx.db.transaction(async (tx) => {
    const { load, record } = await lockBoth(tx, auth, id);
    checkOperation(record, load, 'cancel');
    const ids = await targetIds(tx, auth, load, body.orderIds, 6, ARRIVE_REJECT_KEYS.cancel);
    const outcomes = await applyOrderAction(
      tx,
      { auth },
      {
        ids,
        versions: body.orderIds ? body.versions : undefined,
        action: 'cancelArrival',
        check: (plan) => {
          const inRun = plan.filter((p) => p.row.sendId !== null);
          if (inRun.length)
            throw refuseOrders(
              ARRIVE_IN_SEND_KEY,
              inRun.map((p) => p.row),
            );
        },
        patch: () => ({ arriveId: null }),
        log: () => [{ remark: containerName(load) }],
      },
    );
    const done = outcomes.filter((o) => o.outcome === 'done').map((o) => o.id);
    if (done.length) await tx.delete(busArriveOrder).where(inArray(busArriveOrder.orderId, done));
    return settle(tx, auth, load, record, ARRIVE_LOG_ACTIONS.cancel, done.length, new Date());
  });
}

// ---------------------------------------------------------------------------------------------------------
// arrive/delete/{id}

export async function deleteArrive(ctx: TOrderCtx, id: number): Promise<TArriveAction> {
  const { auth } = ctx;
  return ctx.db.transaction(async (tx) => {
    const { load, record } = await lockBoth(tx, auth, id);
    checkOperation(record, load, 'delete');
    const counts = await loadCounts(tx, load.id);
    if (counts.arrived > 0) throw wrongState(ARRIVE_REJECT_KEYS.delete, { list: containerName(load) });
    const updated = await updateArriveRecord(tx, auth, record, {
      status: ARRIVE_STATUS.ON_THE_WAY,
      pickupTime: null,
      vehicleId: null,
      driverId: null,
      houseId: null,
      unloadTime: null,
      sealIntact: null,
      remark: '',
    });
    await tx.delete(busArrivePhoto).where(eq(busArrivePhoto.arriveId, record.id));
    await writeLoadLog(tx, auth.userName, [
      { loadId: load.id, action: ARRIVE_LOG_ACTIONS.delete, fromStatus: load.status, toStatus: load.status },
    ]);
    return answer(updated, load, 0);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Set location (arriveOrder)

export async function setLocation(ctx: TOrderCtx, body: TArriveLocationBody): Promise<{ done: number }> {
  const { auth } = ctx;
  return ctx.db.transaction(async (tx) => {
    const outcomes = await applyOrderAction(
      tx,
      { auth },
      {
        ids: body.orderIds,
        versions: body.versions,
        action: (row) => (row.status === 6 ? 'modifyAfterReceipt' : null),
        wrongStateKey: ORDER_REJECT_KEYS.overseasStock,
        patch: (row) => (row.trayNo === body.trayNo ? null : { trayNo: body.trayNo }),
        log: (before, _after, set) => [
          { remark: 'location', changes: diffFields(before as never, set as never, ['trayNo']) },
        ],
      },
    );
    return { done: outcomes.filter((o) => o.outcome === 'done').length };
  });
}
