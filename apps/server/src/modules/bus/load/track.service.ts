import {
  DEPARTED_MILESTONE,
  hasPermission,
  isManualMilestone,
  LOAD_REJECT_KEYS,
  LOAD_STATUS,
  loadAllows,
  milestonesFor,
  type TLanguage,
  type TTrackDetailBody,
  type TTrackEditBody,
  type TTrackEtaBody,
  type TTrackMessageBody,
  type TTrackSaveBody,
} from '@theone/contracts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db, DbOrTx } from '../../../platform/db/database';
import { badRequest, changedReload, forbidden, notFound, wrongState } from '../../../platform/errors';
import { parseBusinessTime } from '../../../platform/time';
import { createArriveRecord, deleteArriveRecord, lockArriveRecord } from '../arrive/arrive-record';
import { editedBy } from '../bus-record';
import { busOrder } from '../inware/inware.table';
import { diffFields } from '../inware/order-common';
import { applyOrderAction } from '../order/order-core';
import { busTrack, busTrackMessage } from './load.table';
import {
  checkLoadOperation,
  findLoad,
  loadCounts,
  lockLoad,
  settleLoadStatus,
  type TLoadRecord,
  writeLoadLog,
} from './load-record';

/**
 * Departure and the container's journey (screens bus-container.md track-list, track-details; A15, A16):
 *
 * - `departLoads` (track/save): every load L2, locked in id order (two planners never deadlock), its orders S4 -> S5
 *   with leftTime through the order core, the load L3 with leftTime, the automatic 'departed' milestone and the
 *   arrive record P0, all loads or none.
 * - `deleteMilestone` (track/delete/{id}): a manual milestone with its messages; the automatic 'departed' one is A16
 *   cancel departure (`cancelDeparture`); other automatic milestones belong to their actions and are refused.
 * - `addMilestones`, `editMilestone`: manual milestones (track_status 10-21) fitting the load's transport mode.
 * - `changeEta` (track/upatePreArriveTime): the load's etaDate and every order's preArriveTime (order log before/after).
 * - messages per milestone.
 *
 * Every change writes a load-log row; order changes go through `applyOrderAction` (order-log rows).
 */

export interface TTrackCtx {
  db: Db;
  auth: AuthContext;
  lang: TLanguage;
  timezone: string;
}

/** The load-log actions of this file. */
export const TRACK_LOG_ACTIONS = {
  depart: 'depart',
  cancelDeparture: 'cancelDeparture',
  addMilestone: 'addMilestone',
  editMilestone: 'editMilestone',
  deleteMilestone: 'deleteMilestone',
  changeEta: 'changeEta',
} as const;

const time = (ctx: TTrackCtx, value: string | null | undefined, field: string): Date => {
  const d = parseBusinessTime(value, ctx.timezone);
  if (!d || Number.isNaN(d.getTime())) throw badRequest('err_invalid_format', { field }, field);
  return d;
};

const sortedUnique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** Ids of a load's orders in the given statuses (the core checks scope, versions and transitions again). */
async function orderIdsOf(tx: DbOrTx, loadId: number, statuses?: readonly number[]): Promise<number[]> {
  const rows = await tx
    .select({ id: busOrder.id })
    .from(busOrder)
    .where(and(eq(busOrder.loadId, loadId), statuses ? inArray(busOrder.status, [...statuses]) : undefined))
    .orderBy(busOrder.id);
  return rows.map((r) => r.id);
}

/** Locks the loads in id order; refuses (naming every refused load) those whose status `allowed` rejects. */
async function lockLoads(
  tx: DbOrTx,
  auth: AuthContext,
  ids: readonly number[],
  refusal: (load: TLoadRecord) => string | null,
): Promise<TLoadRecord[]> {
  const loads: TLoadRecord[] = [];
  for (const id of sortedUnique(ids)) loads.push(await lockLoad(tx, auth, id));
  const refused = new Map<string, string[]>();
  for (const l of loads) {
    const key = refusal(l);
    if (key) refused.set(key, [...(refused.get(key) ?? []), l.loadNo]);
  }
  const [first] = refused;
  if (first) throw wrongState(first[0], { list: first[1].join(', ') });
  return loads;
}

// ---------------------------------------------------------------------------------------------------------
// A15 confirm departure

export async function departLoads(ctx: TTrackCtx, body: TTrackSaveBody): Promise<{ ids: number[]; done: number }> {
  const { auth } = ctx;
  const leftTime = time(ctx, body.trackTime, 'trackTime');
  return ctx.db.transaction(async (tx) => {
    const loads = await lockLoads(tx, auth, body.loadIds, (l) => {
      if (loadAllows('depart', l.status)) return null;
      // L0/L1: plan orders not loaded (M-unloaded); L3 and later: departed already (a second click, a colleague)
      return l.status < LOAD_STATUS.LOADED ? LOAD_REJECT_KEYS.depart : 'msg_load_already_departed';
    });
    let done = 0;
    for (const load of loads) {
      // every order of the load: L2 holds only loaded ones, the core refuses any other (and any out of scope)
      const orderIds = await orderIdsOf(tx, load.id);
      await applyOrderAction(
        tx,
        { auth },
        {
          ids: orderIds,
          action: 'confirmDeparture',
          patch: () => ({ leftTime }),
          log: () => [{ remark: `${load.loadNo} ${body.trackRemark}`.trim() }],
        },
      );
      done += orderIds.length;
      await settleLoadStatus(tx, auth, load, TRACK_LOG_ACTIONS.depart, {
        status: LOAD_STATUS.DEPARTED,
        set: { leftTime },
        orderCount: orderIds.length,
        remark: body.trackRemark,
      });
      await tx.insert(busTrack).values({
        loadId: load.id,
        trackStatus: DEPARTED_MILESTONE,
        trackTime: leftTime,
        trackRemark: body.trackRemark,
        auto: '1',
        createBy: auth.userName,
      });
      await createArriveRecord(tx, auth, load.id);
    }
    return { ids: loads.map((l) => l.id), done };
  });
}

// ---------------------------------------------------------------------------------------------------------
// track/delete/{id}: a manual milestone, or A16 cancel departure

export type TMilestoneRow = typeof busTrack.$inferSelect;

async function milestoneById(db: DbOrTx, id: number): Promise<TMilestoneRow> {
  const [row] = await db.select().from(busTrack).where(eq(busTrack.id, id));
  if (!row) throw notFound();
  return row;
}

/** Deletes a milestone: manual (bus:track:delete) or the automatic 'departed' one (A16, bus:track:cancelDepart). */
export async function deleteMilestone(ctx: TTrackCtx, id: number): Promise<{ loadId: number; cancelled: boolean }> {
  const { auth } = ctx;
  return ctx.db.transaction(async (tx) => {
    const found = await milestoneById(tx, id);
    const load = await lockLoad(tx, auth, found.loadId);
    // read again under the load's lock: a concurrent delete or cancel went first
    const track = await milestoneById(tx, id);
    if (track.auto === '1') {
      if (track.trackStatus !== DEPARTED_MILESTONE) throw wrongState('msg_track_auto_locked');
      if (!hasPermission(auth.permissions, 'bus:track:cancelDepart')) throw forbidden('err_forbidden');
      await cancelDeparture(tx, auth, load, track);
      return { loadId: load.id, cancelled: true };
    }
    if (!hasPermission(auth.permissions, 'bus:track:delete')) throw forbidden('err_forbidden');
    checkLoadOperation(load, 'milestone');
    await tx.delete(busTrackMessage).where(eq(busTrackMessage.trackId, track.id));
    await tx.delete(busTrack).where(eq(busTrack.id, track.id));
    await writeLoadLog(tx, auth.userName, [
      {
        loadId: load.id,
        action: TRACK_LOG_ACTIONS.deleteMilestone,
        fromStatus: load.status,
        toStatus: load.status,
        remark: `${track.trackStatus} ${track.trackRemark}`.trim(),
      },
    ]);
    return { loadId: load.id, cancelled: false };
  });
}

/**
 * A16: only while the load is L3, 'departed' is its latest milestone (nothing recorded after it), no order reached
 * the overseas warehouse and the arrive record is still P0. Orders S5 -> S4 (leftTime cleared), load L2 (leftTime
 * cleared), the milestone and the arrive record deleted, one load-log row.
 */
async function cancelDeparture(tx: DbOrTx, auth: AuthContext, load: TLoadRecord, track: TMilestoneRow) {
  const refuse = () => wrongState('msg_load_cancel_departure_state', { list: load.loadNo });
  if (!loadAllows('cancelDeparture', load.status)) throw refuse();
  // anything recorded after it (manual milestones exist only from departure on, so after it in id and time)
  const [later] = await tx
    .select({ id: busTrack.id })
    .from(busTrack)
    .where(
      and(
        eq(busTrack.loadId, load.id),
        ne(busTrack.id, track.id),
        sql`(${busTrack.id} > ${track.id} OR (${busTrack.auto} = '0' AND ${busTrack.trackTime} > ${track.trackTime}))`,
      ),
    )
    .limit(1);
  if (later) throw refuse();
  const counts = await loadCounts(tx, load.id);
  if (counts.arrived > 0) throw refuse();
  const arrive = await lockArriveRecord(tx, load.id);
  if (arrive && arrive.status !== 0) throw refuse();
  const orderIds = await orderIdsOf(tx, load.id, [5]);
  await applyOrderAction(
    tx,
    { auth },
    {
      ids: orderIds,
      action: 'cancelDeparture',
      patch: () => ({ leftTime: null }),
      log: () => [{ remark: load.loadNo }],
    },
  );
  await tx.delete(busTrackMessage).where(eq(busTrackMessage.trackId, track.id));
  await tx.delete(busTrack).where(eq(busTrack.id, track.id));
  await deleteArriveRecord(tx, load.id);
  await settleLoadStatus(tx, auth, load, TRACK_LOG_ACTIONS.cancelDeparture, {
    status: LOAD_STATUS.LOADED,
    set: { leftTime: null },
    orderCount: orderIds.length,
  });
}

// ---------------------------------------------------------------------------------------------------------
// The automatic 'arrived at destination warehouse' milestone (A17, A18)

const ARRIVED_MILESTONE = '6';

/**
 * The automatic 'arrived' milestone exists exactly while the load is L4 or later: written at the time of the first
 * arrival, removed (with its messages) when cancelled arrivals take the load back to L3. The arrive service calls it
 * after settleLoadStatus, in its transaction, with the load locked.
 */
export async function syncArrivedMilestone(tx: DbOrTx, auth: AuthContext, load: TLoadRecord, at: Date) {
  const where = and(eq(busTrack.loadId, load.id), eq(busTrack.trackStatus, ARRIVED_MILESTONE), eq(busTrack.auto, '1'));
  const [existing] = await tx.select({ id: busTrack.id }).from(busTrack).where(where);
  if (load.status >= LOAD_STATUS.ARRIVED) {
    if (!existing)
      await tx
        .insert(busTrack)
        .values({ loadId: load.id, trackStatus: ARRIVED_MILESTONE, trackTime: at, auto: '1', createBy: auth.userName });
  } else if (existing) {
    await tx.delete(busTrackMessage).where(eq(busTrackMessage.trackId, existing.id));
    await tx.delete(busTrack).where(eq(busTrack.id, existing.id));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Manual milestones

/** A manual milestone code that fits the load's transport mode, else a 400 naming trackStatus. */
function checkManualStatus(trackStatus: string, loads: readonly TLoadRecord[]) {
  if (!isManualMilestone(trackStatus))
    throw badRequest('err_track_status_invalid', { status: trackStatus }, 'trackStatus');
  const misfits = loads.filter((l) => !milestonesFor(l.busType).includes(trackStatus));
  if (misfits.length)
    throw badRequest(
      'err_track_status_mode',
      { status: trackStatus, list: misfits.map((l) => l.loadNo).join(', ') },
      'trackStatus',
    );
}

const notMilestoneState = (l: TLoadRecord) => (loadAllows('milestone', l.status) ? null : LOAD_REJECT_KEYS.milestone);

/** track/saveDetail: the same manual milestone on each load (L3/L4), an optional first message; the new ids. */
export async function addMilestones(ctx: TTrackCtx, body: TTrackDetailBody): Promise<{ ids: number[]; done: number }> {
  const { auth } = ctx;
  const trackTime = time(ctx, body.trackTime, 'trackTime');
  if (!isManualMilestone(body.trackStatus))
    throw badRequest('err_track_status_invalid', { status: body.trackStatus }, 'trackStatus');
  return ctx.db.transaction(async (tx) => {
    const loads = await lockLoads(tx, auth, body.loadIds, notMilestoneState);
    checkManualStatus(body.trackStatus, loads);
    const rows = await tx
      .insert(busTrack)
      .values(
        loads.map((l) => ({
          loadId: l.id,
          trackStatus: body.trackStatus,
          trackTime,
          trackRemark: body.trackRemark,
          auto: '0',
          createBy: auth.userName,
        })),
      )
      .returning({ id: busTrack.id, loadId: busTrack.loadId });
    if (body.message)
      await tx.insert(busTrackMessage).values(
        rows.map((r) => ({
          trackId: r.id,
          content: body.message,
          visibleToCustomer: body.visibleToCustomer,
          createBy: auth.userName,
        })),
      );
    await writeLoadLog(
      tx,
      auth.userName,
      loads.map((l) => ({
        loadId: l.id,
        action: TRACK_LOG_ACTIONS.addMilestone,
        fromStatus: l.status,
        toStatus: l.status,
        remark: `${body.trackStatus} ${body.trackRemark}`.trim(),
      })),
    );
    return { ids: rows.map((r) => r.id), done: rows.length };
  });
}

/** track/edit: a manual milestone's status, time and remark (version checked). */
export async function editMilestone(ctx: TTrackCtx, body: TTrackEditBody): Promise<{ id: number; version: number }> {
  const { auth } = ctx;
  const trackTime = time(ctx, body.trackTime, 'trackTime');
  return ctx.db.transaction(async (tx) => {
    const found = await milestoneById(tx, body.id);
    const load = await lockLoad(tx, auth, found.loadId);
    const track = await milestoneById(tx, body.id);
    if (track.auto === '1') throw wrongState('msg_track_auto_locked');
    checkLoadOperation(load, 'milestone');
    checkManualStatus(body.trackStatus, [load]);
    const [updated] = await tx
      .update(busTrack)
      .set({
        trackStatus: body.trackStatus,
        trackTime,
        trackRemark: body.trackRemark,
        ...editedBy(busTrack, auth.userName),
      })
      .where(and(eq(busTrack.id, track.id), eq(busTrack.version, body.version)))
      .returning({ id: busTrack.id, version: busTrack.version });
    if (!updated) throw changedReload();
    await writeLoadLog(tx, auth.userName, [
      {
        loadId: load.id,
        action: TRACK_LOG_ACTIONS.editMilestone,
        fromStatus: load.status,
        toStatus: load.status,
        remark: `${track.trackStatus} -> ${body.trackStatus} ${body.trackRemark}`.trim(),
      },
    ]);
    return updated;
  });
}

// ---------------------------------------------------------------------------------------------------------
// ETA

/** track/upatePreArriveTime: each load's etaDate (L2/L3) and its orders' preArriveTime (order log before/after). */
export async function changeEta(ctx: TTrackCtx, body: TTrackEtaBody): Promise<{ ids: number[]; done: number }> {
  const { auth } = ctx;
  const eta = time(ctx, body.preArriveTime, 'preArriveTime');
  return ctx.db.transaction(async (tx) => {
    const loads = await lockLoads(tx, auth, body.loadIds, (l) =>
      loadAllows('changeEta', l.status) ? null : LOAD_REJECT_KEYS.changeEta,
    );
    let done = 0;
    for (const load of loads) {
      const orderIds = await orderIdsOf(tx, load.id, [4, 5]);
      const outcomes = await applyOrderAction(
        tx,
        { auth },
        {
          ids: orderIds,
          action: 'modifyAfterReceipt',
          patch: (row) => (row.preArriveTime?.getTime() === eta.getTime() ? null : { preArriveTime: eta }),
          log: (before, _after, set) => [
            { remark: load.loadNo, changes: diffFields(before as never, set as never, ['preArriveTime']) },
          ],
        },
      );
      const changed = outcomes.filter((o) => o.outcome === 'done').length;
      done += changed;
      await settleLoadStatus(tx, auth, load, TRACK_LOG_ACTIONS.changeEta, {
        status: load.status,
        set: { etaDate: eta },
        orderCount: changed,
        remark: body.preArriveTime ?? '',
      });
    }
    return { ids: loads.map((l) => l.id), done };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Messages

/** A milestone whose load the caller may see (404 otherwise). */
export async function milestoneInScope(db: DbOrTx, auth: AuthContext, id: number) {
  const track = await milestoneById(db, id);
  const load = await findLoad(db, auth, track.loadId);
  return { track, load };
}

export async function saveMessage(ctx: TTrackCtx, body: TTrackMessageBody): Promise<{ id: number }> {
  const { auth } = ctx;
  await milestoneInScope(ctx.db, auth, body.trackId);
  const [row] = await ctx.db
    .insert(busTrackMessage)
    .values({
      trackId: body.trackId,
      content: body.content,
      visibleToCustomer: body.visibleToCustomer,
      createBy: auth.userName,
    })
    .returning({ id: busTrackMessage.id });
  return row!;
}

export async function listMessages(db: DbOrTx, auth: AuthContext, trackId: number) {
  await milestoneInScope(db, auth, trackId);
  const rows = await db
    .select({
      id: busTrackMessage.id,
      trackId: busTrackMessage.trackId,
      content: busTrackMessage.content,
      visibleToCustomer: busTrackMessage.visibleToCustomer,
      createBy: busTrackMessage.createBy,
      createTime: busTrackMessage.createTime,
    })
    .from(busTrackMessage)
    .where(eq(busTrackMessage.trackId, trackId))
    .orderBy(busTrackMessage.id);
  return rows.map((r) => ({ ...r, visibleToCustomer: r.visibleToCustomer === '1' ? ('1' as const) : ('0' as const) }));
}
