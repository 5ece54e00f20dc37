import {
  fillOf,
  journeyStatusOf,
  LOAD_REJECT_KEYS,
  LOAD_STATUS,
  loadAllows,
  planStatusOf,
  type TFill,
  type TLoadOperation,
} from '@theone/contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { seesAllData } from '../../../platform/auth/data-scope';
import { recordLogValues, type TRecordLogEntry } from '../../../platform/db/columns';
import type { DbOrTx } from '../../../platform/db/database';
import { notFound, wrongState } from '../../../platform/errors';
import { shortCache } from '../../../platform/short-cache';
import {
  markPartiesSql,
  onMarkPartiesChanged,
  partyArraysScopeFilter,
  partyScopeFilter,
  partySumsExact,
} from '../../bas/api/mark-parties';
import { recordLogFields } from '../bus.columns';
import { editedBy, lockRecords, recordAccess, settledEntry } from '../bus-record';
import { orderScope, type TOrderRow } from '../inware/order-common';
import { busLoad, busLoadLog, busTrack } from './load.table';

/**
 * What every plan, load and track action shares (the load record's small core, ADR 0014):
 *
 * - `loadScope`: which load records a user sees. Users with all data see every record; scoped users (sales,
 *   customer service) see a record holding at least one of their customers' orders, or one they created
 *   (an empty plan they opened), and only their orders' lines and sums in it.
 * - `lockLoad`: the record by id in scope, `FOR UPDATE` (every action on one load is serialised on its row, so two
 *   scans or a scan and a cancel never interleave), checked against LOAD_OPERATIONS for the operation.
 * - `settleLoadStatus`: after the orders moved (through the order core), the record's status is recomputed from
 *   its orders (L0/L1/L2 before departure, L3/L4/L5 after), its version bumped and one load-log row written, in
 *   the caller's transaction. Reaching L2 writes the automatic 'loaded' milestone, leaving it removes it.
 *
 * Order statuses are never written here: the order core (`bus/order/order-core.ts`) does that.
 */

export type TLoadRecord = typeof busLoad.$inferSelect;

/** The voyage's text fields of a load: ports, customs broker, export agent, vessel and voyage. */
export const VOYAGE_FIELDS = [
  'loadPort',
  'unloadPort',
  'customsCorp',
  'exportAgent',
  'vesselOwner',
  'vesselName',
  'voyageNo',
] as const;

/**
 * A column of a load's latest milestone (by time, then id; in the order of bus_track_load_time_idx, so no sort), as a
 * subquery on `bus_load`: the load lists and the pick-up list show and filter by it.
 */
export const latestTrack = (column: 'track_status' | 'track_time') =>
  sql<
    string | null
  >`(SELECT t.${sql.raw(column)} FROM bus_track t WHERE t.load_id = ${busLoad.id} ORDER BY t.track_time DESC NULLS LAST, t.id DESC NULLS LAST LIMIT 1)`;

/** The caller's data scope over bus_load_party rows named `alias` (undefined: the caller sees every load). */
export const partyScope = (auth: AuthContext, alias = 'p') =>
  partyScopeFilter(auth, sql.raw(`${alias}.kind`), sql.raw(`${alias}.ref_id`));

/** The caller's data scope over a load's party arrays (the twin of partyScope, tested in the load row itself). */
const loadPartiesInScope = (auth: AuthContext, table: typeof busLoad) =>
  partyArraysScopeFilter(auth, sql`${table.partyUsers}`, sql`${table.partyDepts}`) ?? sql`true`;

/**
 * The load records the caller may see (undefined: all). A planned order always has a mark (A10 checks it), so a
 * scoped user's records are those with a party row of their scope (bus_load_party: the marks' sales and service
 * people and departments, kept with the totals), or that they opened (an empty plan).
 */
export function loadScope(auth: AuthContext, table: typeof busLoad = busLoad, form: TScopeForm = 'set') {
  const parties = partyScope(auth);
  if (!parties) return undefined;
  if (form === 'probe') return sql`(${loadPartiesInScope(auth, table)} OR ${table.createBy} = ${auth.userName})`;
  return sql`${table.id} IN (SELECT p.load_id FROM bus_load_party p WHERE ${parties}
    UNION SELECT sl.id FROM bus_load sl WHERE sl.create_by = ${auth.userName})`;
}

/**
 * How loadScope is written: 'set' (the caller's loads as a set: best to count or sum them) or 'probe' (a test per
 * load: a list page walks the loads in its order and stops after the page, instead of joining and sorting every
 * load of a user who sees thousands: 16 ms -> 4 ms for customer service on the large seed).
 */
export type TScopeForm = 'set' | 'probe';

/**
 * Whether a scoped caller's sums may add up their party rows (each order counted once, see bas partySumsExact);
 * otherwise they add up the caller's orders.
 */
export const partySums = (auth: AuthContext) => !seesAllData(auth) && partySumsExact(auth);

/** The caller's orders of a load (undefined: all of them), for lines and sums. */
export const loadOrderScope = (auth: AuthContext) => orderScope(auth);

/** Refuses the operation in the record's status with its 'reselect' message. */
export function checkLoadOperation(load: Pick<TLoadRecord, 'status' | 'loadNo'>, operation: TLoadOperation) {
  if (!loadAllows(operation, load.status)) throw wrongState(LOAD_REJECT_KEYS[operation], { list: load.loadNo });
}

const loadAccess = recordAccess(busLoad, loadScope, checkLoadOperation);

/** A load record in the caller's scope, or 404. */
export const findLoad = loadAccess.find;

/** The record locked for this transaction (404 outside the caller's scope), checked for the operation. */
export const lockLoad = loadAccess.lock;

/** An action on one load in its own transaction: the load locked (404 outside the scope) and checked, then `step`. */
export const withLockedLoad = loadAccess.withLocked;

/** The order core's lock of the loads its orders leave or join (bus-record lockRecords: after the runs). */
export const lockLoads = (tx: DbOrTx, ids: readonly number[]) => lockRecords(tx, busLoad, ids);

export interface TLoadCounts {
  total: number;
  planned: number;
  loaded: number;
  arrived: number;
  signed: number;
  pieces: number;
  loadedPieces: number;
  /** decimal text */
  weight: string;
  volume: string;
}

/**
 * Counts and sums of every order of a load (not scoped: the record's status and gauge are the container's), read
 * from its stored totals (refreshLoadTotals keeps them in the transaction of every order change, before this runs).
 */
export async function loadCounts(db: DbOrTx, loadId: number): Promise<TLoadCounts> {
  const refreshed = db instanceof PgTransaction ? refreshedCounts.get(db)?.get(loadId) : undefined;
  if (refreshed) return refreshed;
  const [x] = await db.select(COUNT_COLUMNS).from(busLoad).where(eq(busLoad.id, loadId));
  if (!x) throw notFound();
  return x;
}

const COUNT_COLUMNS = {
  id: busLoad.id,
  total: busLoad.totalOrders,
  planned: busLoad.totalPlanned,
  loaded: busLoad.totalLoaded,
  arrived: busLoad.totalArrived,
  signed: busLoad.totalSigned,
  pieces: busLoad.totalPieces,
  loadedPieces: busLoad.loadedPieces,
  weight: busLoad.totalWeight,
  volume: busLoad.totalVolume,
};

/**
 * The counts refreshLoadTotals just wrote, per transaction: settling the load right after the order core's write
 * reads them from here instead of reading the row again. Only refreshLoadTotals writes the totals inside a
 * transaction, so what it returned stays true until it runs again (and replaces it).
 */
const refreshedCounts = new WeakMap<object, Map<number, TLoadCounts>>();

/**
 * The load lists' count and sums of the whole filtered set, kept LIST_SUMS_TTL_MS per view, caller scope and filters
 * (load.read.ts): many staff paging the same containers sum them once per interval instead of once per request (an
 * aggregate over every load the filters keep: ~2 ms of PostgreSQL on 7,800 loads). Any write request this instance
 * answers drops them (after its commit), and so does every refresh of stored totals; another instance's change
 * shows within the interval. The rows are always read fresh.
 */
export const LIST_SUMS_TTL_MS = 3_000;
export const loadListSums = shortCache({ ttlMs: LIST_SUMS_TTL_MS, max: 1_000, afterWrites: true });

/** The stored totals of a load computed from its orders (SELECT list over bus_order grouped by load_id). */
export const LOAD_TOTALS_SQL = sql.raw(`count(*)::int AS n, coalesce(sum(arrived_piece), 0)::int AS pieces,
  coalesce(sum(arrived_weight), 0) AS weight, coalesce(sum(arrived_volume), 0) AS volume,
  coalesce(sum(fee_ar_amount), 0) AS ar,
  coalesce(array_agg(DISTINCT mark_id ORDER BY mark_id) FILTER (WHERE mark_id IS NOT NULL), '{}') AS marks,
  count(*) FILTER (WHERE status = 3)::int AS planned, count(*) FILTER (WHERE status >= 4)::int AS loaded,
  count(*) FILTER (WHERE status >= 6)::int AS arrived, count(*) FILTER (WHERE status = 8)::int AS signed,
  coalesce(sum(arrived_piece) FILTER (WHERE status >= 4), 0)::int AS loaded_pieces`);

/**
 * The stored totals and mark ids of these loads recomputed from their orders in one statement; a load left without
 * orders gets zeros. The order core calls it after its writes, in the same transaction, for every load its orders
 * left, joined or changed in: the one place the totals are kept (list sums add up loads instead of orders, and a
 * load's status is settled from them).
 */
export async function refreshLoadTotals(
  db: DbOrTx,
  loadIds: readonly number[],
  /** the loads whose party rows may have changed (partyFiguresChanged); default: all of them */
  partyLoadIds: readonly number[] = loadIds,
): Promise<void> {
  const ids = [...new Set(loadIds)];
  if (!ids.length) return;
  loadListSums.clear();
  // the load rows first: their row locks order concurrent refreshes of one load, so the party rows below are
  // rebuilt from a snapshot taken after the other transaction committed
  const updated = await db.execute<Record<string, unknown>>(sql`
    UPDATE bus_load l SET total_orders = coalesce(s.n, 0), total_pieces = coalesce(s.pieces, 0),
           total_weight = coalesce(s.weight, 0), total_volume = coalesce(s.volume, 0), total_ar = coalesce(s.ar, 0),
           mark_ids = coalesce(s.marks, '{}'), total_planned = coalesce(s.planned, 0),
           total_loaded = coalesce(s.loaded, 0), total_arrived = coalesce(s.arrived, 0),
           total_signed = coalesce(s.signed, 0), loaded_pieces = coalesce(s.loaded_pieces, 0)
      FROM unnest(${sql.param(ids)}::bigint[]) AS x(id)
      LEFT JOIN (SELECT load_id, ${LOAD_TOTALS_SQL}
                   FROM bus_order WHERE load_id = ANY(${sql.param(ids)}::bigint[]) GROUP BY load_id) s ON s.load_id = x.id
     WHERE l.id = x.id
     RETURNING l.id, l.total_orders AS total, l.total_planned AS planned, l.total_loaded AS loaded,
               l.total_arrived AS arrived, l.total_signed AS signed, l.total_pieces AS pieces,
               l.loaded_pieces AS "loadedPieces", l.total_weight::text AS weight, l.total_volume::text AS volume`);
  if (db instanceof PgTransaction) {
    const counts = refreshedCounts.get(db) ?? new Map<number, TLoadCounts>();
    for (const r of updated.rows) counts.set(Number(r.id), r as unknown as TLoadCounts);
    refreshedCounts.set(db, counts);
  }
  const parties = [...new Set(partyLoadIds)].filter((id) => ids.includes(id));
  if (parties.length) await rebuildParties(db, sql`${sql.param(parties)}::bigint[]`);
}

/** The order fields a load's party rows are computed from (rebuildParties): its load, mark, figures and AR. */
type TPartyFigures = Pick<
  TOrderRow,
  'loadId' | 'markId' | 'status' | 'arrivedPiece' | 'arrivedWeight' | 'arrivedVolume' | 'feeArAmount'
>;

/**
 * Whether an order's write can change its loads' party rows: it joined or left a load, changed mark, crossed
 * 'loaded' (S4 and later count as loaded) or changed a figure the rows add up. An overseas scan (S5 -> S6) changes
 * none, so its transaction leaves the party rows alone.
 */
export function partyFiguresChanged(before: TPartyFigures, after: TPartyFigures): boolean {
  return (
    before.loadId !== after.loadId ||
    before.markId !== after.markId ||
    before.status >= 4 !== after.status >= 4 ||
    before.arrivedPiece !== after.arrivedPiece ||
    before.arrivedWeight !== after.arrivedWeight ||
    before.arrivedVolume !== after.arrivedVolume ||
    before.feeArAmount !== after.feeArAmount
  );
}

/**
 * The party rows of these loads (`loadIds`: a bigint[] expression) rebuilt from their orders, and the loads' party
 * arrays (partyUsers, partyDepts) set from them, in one statement. Exported for seeds that write orders directly.
 */
export async function rebuildParties(db: DbOrTx, loadIds: SQL) {
  await db.execute(sql`
    WITH gone AS (DELETE FROM bus_load_party WHERE load_id = ANY(${loadIds})),
    rows AS (
      INSERT INTO bus_load_party (load_id, kind, ref_id, orders, loaded, marks, pieces, weight, volume, ar)
      SELECT o.load_id, p.kind, p.ref_id, count(*)::int, count(*) FILTER (WHERE o.status >= 4)::int,
             count(DISTINCT o.mark_id)::int, coalesce(sum(o.arrived_piece), 0)::int, coalesce(sum(o.arrived_weight), 0),
             coalesce(sum(o.arrived_volume), 0), coalesce(sum(o.fee_ar_amount), 0)
        FROM bus_order o CROSS JOIN LATERAL ${markPartiesSql(sql`o.mark_id`)} p
       WHERE o.load_id = ANY(${loadIds})
       GROUP BY o.load_id, p.kind, p.ref_id
      RETURNING load_id, kind, ref_id)
    UPDATE bus_load l
       SET party_users = coalesce(g.users, '{}'), party_depts = coalesce(g.depts, '{}')
      FROM unnest(${loadIds}) AS x(id)
      LEFT JOIN (SELECT load_id, array_agg(ref_id ORDER BY ref_id) FILTER (WHERE kind = 'u') AS users,
                        array_agg(ref_id ORDER BY ref_id) FILTER (WHERE kind = 'd') AS depts
                   FROM rows GROUP BY load_id) g ON g.load_id = x.id
     WHERE l.id = x.id
       AND (l.party_users, l.party_depts) IS DISTINCT FROM (coalesce(g.users, '{}'), coalesce(g.depts, '{}'))`);
}

/** A mark's sales person, service person or department changed: the party rows of the loads holding it. */
async function refreshMarkParties(tx: DbOrTx, markIds: readonly number[]) {
  const loads = await tx
    .select({ id: busLoad.id })
    .from(busLoad)
    .where(sql`${busLoad.markIds} && ${sql.param([...markIds])}::bigint[]`)
    .for('update');
  if (!loads.length) return;
  await rebuildParties(tx, sql`${sql.param(loads.map((l) => l.id))}::bigint[]`);
}
onMarkPartiesChanged(refreshMarkParties);

export interface TLoadLogEntry extends TRecordLogEntry {
  loadId: number;
}

export async function writeLoadLog(tx: DbOrTx, by: string, entries: readonly TLoadLogEntry[]) {
  if (!entries.length) return;
  await tx.insert(busLoadLog).values(entries.map((e) => ({ loadId: e.loadId, ...recordLogValues(e, by) })));
}

/** A load's log, newest first (the load's and its pick-up record's details). */
export function loadLogOf(db: DbOrTx, loadId: number, limit: number) {
  return db
    .select({ id: busLoadLog.id, ...recordLogFields(busLoadLog) })
    .from(busLoadLog)
    .where(eq(busLoadLog.loadId, loadId))
    .orderBy(desc(busLoadLog.id))
    .limit(limit);
}

/** The status a load should have from its orders (L0-L2 until departure, L3-L5 after). */
export function statusFromCounts(current: number, counts: TLoadCounts): number {
  if (current < LOAD_STATUS.DEPARTED) return planStatusOf(counts);
  return journeyStatusOf(counts);
}

export interface TSettled {
  load: TLoadRecord;
  counts: TLoadCounts;
  fill: TFill;
}

/**
 * After an action moved the load's orders: the record's new status from its orders, `set` (other columns the
 * action writes on the record), version + 1, one load-log row and the automatic 'loaded' milestone. The record
 * must be locked by the caller (`lockLoad`). Its stored totals are the order core's (refreshLoadTotals).
 */
export async function settleLoadStatus(
  tx: DbOrTx,
  auth: AuthContext,
  load: TLoadRecord,
  action: string,
  options: { orderCount?: number; remark?: string; set?: Partial<TLoadRecord>; status?: number } = {},
): Promise<TSettled> {
  const counts = await loadCounts(tx, load.id);
  const status = options.status ?? statusFromCounts(load.status, counts);
  const { id: _i, version: _v, loadNo: _n, createBy: _c, createTime: _t, ...set } = options.set ?? {};
  const [updated] = await tx
    .update(busLoad)
    .set({
      ...set,
      status,
      ...editedBy(busLoad, auth.userName),
    })
    .where(eq(busLoad.id, load.id))
    .returning();
  await writeLoadLog(tx, auth.userName, [{ loadId: load.id, ...settledEntry(load, action, status, options) }]);
  // the automatic 'loaded' milestone exists exactly while the load is L2 or later: only a crossing changes it
  if (load.status >= LOAD_STATUS.LOADED !== status >= LOAD_STATUS.LOADED) await syncLoadedMilestone(tx, auth, updated!);
  return { load: updated!, counts, fill: fillOf(updated!.containerType, counts.volume, counts.weight) };
}

const LOADED_MILESTONE = '4';

/** The automatic 'loaded' milestone exists exactly while the load is L2 or later. */
async function syncLoadedMilestone(tx: DbOrTx, auth: AuthContext, load: TLoadRecord) {
  const where = and(eq(busTrack.loadId, load.id), eq(busTrack.trackStatus, LOADED_MILESTONE), eq(busTrack.auto, '1'));
  if (load.status >= LOAD_STATUS.LOADED) {
    const [existing] = await tx.select({ id: busTrack.id }).from(busTrack).where(where);
    if (!existing)
      await tx.insert(busTrack).values({
        loadId: load.id,
        trackStatus: LOADED_MILESTONE,
        trackTime: load.loadTime ?? new Date(),
        auto: '1',
        createBy: auth.userName,
      });
  } else {
    await tx.delete(busTrack).where(where);
  }
}
