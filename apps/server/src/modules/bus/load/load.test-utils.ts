import { formatLoadNo, isContainerNo } from '@theone/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp, TestClient } from '../../../../test/build-test-app';
import { testAuth } from '../../../../test/test-auth';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { basMark } from '../../bas/bas.table';
import { userId, userWithPerms } from '../../bas/bas.test-utils';
import { busOrder } from '../inware/inware.table';
import { addOrder, orderBody, receiveOrder, type TRefIds } from '../inware/inware.test-utils';
import { applyOrderAction } from '../order/order-core';
import { busOrderLog } from '../order-log/order-log.table';
import { busLoad, busLoadLog, busTrack } from './load.table';
import { refreshLoadTotals } from './load-record';

/** Helpers of the loading integration tests (not a test file). */

export interface TLoadKit {
  t: TestApp;
  ids: TRefIds;
  admin: TestClient;
  /** the planner's session as the order core takes it (all data) */
  planner: AuthContext;
}

export async function loadKit(t: TestApp, ids: TRefIds, admin: TestClient): Promise<TLoadKit> {
  const id = await userId(t, 'dispatcher');
  return {
    t,
    ids,
    admin,
    planner: testAuth(id, 'dispatcher'),
  };
}

/** A user holding `perms` with the 'self' data scope who serves mark BK001 only (a scoped loader). */
export async function bk001Loader(t: TestApp, ids: TRefIds, userName: string, perms: string[]): Promise<TestClient> {
  const loader = await userWithPerms(t, userName, perms, '5');
  await t.db
    .update(basMark)
    .set({ service: await userId(t, userName) })
    .where(eq(basMark.id, ids.BK001));
  return loader;
}

let serial = 0;
/** A valid ISO 6346 number (check digit computed), new on each call. */
export function containerNo(owner = 'CSQU'): string {
  serial += 1;
  const body = `${owner}${String(300_000 + serial)}`;
  for (let d = 0; d < 10; d++) if (isContainerNo(`${body}${d}`)) return `${body}${d}`;
  throw new Error(`no check digit for ${body}`);
}

/** The Load dialog's fields (a container). */
export function loadBody(over: Record<string, unknown> = {}) {
  return {
    containerNo: containerNo(),
    sealNo: 'SL20261123',
    loadTime: '2026-11-23 10:30:00',
    loadPerson: '王师傅',
    ...over,
  };
}

/** An order in the Guangzhou warehouse (S2), EK Guangzhou -> Bangkok, mark TH001 unless overridden. */
export async function stockOrder(
  kit: TLoadKit,
  overrides: Record<string, unknown> = {},
  figures = { arrivedPiece: 3, arrivedWeight: '250', arrivedVolume: '1.235' },
) {
  const o = await addOrder(kit.admin, orderBody(kit.ids, overrides));
  await receiveOrder(kit.admin, kit.ids, o.id, `WR-T${o.id}`, figures);
  return { id: o.id, transportId: o.transportId };
}

type TLoadValues = Partial<typeof busLoad.$inferInsert>;

/** A load record EK Guangzhou -> Bangkok, 40HQ, from the Guangzhou warehouse, by the dispatcher, with `values` over. */
export async function insertLoad(t: TestApp, ids: TRefIds, values: TLoadValues & { loadNo: string }) {
  const [load] = await t.db
    .insert(busLoad)
    .values({
      busType: 'EK',
      leftAddrId: ids.gz,
      destAddrId: ids.bkk,
      containerType: '40HQ',
      loadHouseId: ids.whGz,
      createBy: 'dispatcher',
      ...values,
    })
    .returning();
  return load!;
}

/**
 * A load record holding these orders at these order statuses, written directly (a fixture: the actions have their
 * own tests), with its stored totals kept as the order core would.
 */
export async function loadHolding(
  t: TestApp,
  ids: TRefIds,
  orders: readonly { id: number; status: number }[],
  values: TLoadValues & { loadNo: string },
) {
  const load = await insertLoad(t, ids, values);
  for (const o of orders)
    await t.db.update(busOrder).set({ loadId: load.id, status: o.status }).where(eq(busOrder.id, o.id));
  await refreshLoadTotals(t.db, [load.id]);
  return load;
}

let loadSeq = 0;
/** A load record (L0 plan) EK Guangzhou -> Bangkok, 40HQ, created by the dispatcher. */
export async function newPlan(kit: TLoadKit, over: TLoadValues = {}) {
  loadSeq += 1;
  return insertLoad(kit.t, kit.ids, { loadNo: formatLoadNo('991231', loadSeq), ...over });
}

/** A plan holding these stock orders (A10 through the order core: S2 -> S3, loadId set, log row). */
export async function planWith(kit: TLoadKit, orderIds: number[], over: Partial<typeof busLoad.$inferInsert> = {}) {
  const load = await newPlan(kit, over);
  if (orderIds.length)
    await kit.t.db.transaction((tx) =>
      applyOrderAction(
        tx,
        { auth: kit.planner },
        { ids: orderIds, action: 'addToLoadPlan', patch: () => ({ loadId: load.id }) },
      ),
    );
  return load;
}

export async function orderRow(kit: TLoadKit, id: number) {
  const [row] = await kit.t.db.select().from(busOrder).where(eq(busOrder.id, id));
  return row!;
}

export async function loadRow(kit: TLoadKit, id: number) {
  const [row] = await kit.t.db.select().from(busLoad).where(eq(busLoad.id, id));
  return row!;
}

export async function setLoadStatus(kit: TLoadKit, id: number, status: number) {
  await kit.t.db.update(busLoad).set({ status }).where(eq(busLoad.id, id));
}

/** The order-log actions of an order, oldest first. */
export async function orderActions(kit: TLoadKit, id: number) {
  const rows = await kit.t.db
    .select({ action: busOrderLog.action, fromStatus: busOrderLog.fromStatus, toStatus: busOrderLog.toStatus })
    .from(busOrderLog)
    .where(eq(busOrderLog.orderId, id))
    .orderBy(asc(busOrderLog.id));
  return rows;
}

export async function loadLog(kit: TLoadKit, loadId: number) {
  return kit.t.db.select().from(busLoadLog).where(eq(busLoadLog.loadId, loadId)).orderBy(asc(busLoadLog.id));
}

/** The load's milestones, oldest first. */
export async function milestones(kit: TLoadKit, loadId: number) {
  return kit.t.db.select().from(busTrack).where(eq(busTrack.loadId, loadId)).orderBy(asc(busTrack.id));
}

/**
 * The party rows of these loads (and their arrays on bus_load) equal what their orders give now, computed here from
 * bus_order and bas_mark independently of rebuildParties: the order core rebuilds them only when a write can
 * change them (partyFiguresChanged), so every kind of change must leave them fresh.
 */
export async function expectPartiesFresh(t: TestApp, loadIds: readonly number[]) {
  const ids = sql`${sql.param([...loadIds])}::bigint[]`;
  const stored = await t.db.execute(sql`
    SELECT load_id::int, kind, ref_id::int, orders, loaded, marks, pieces, weight::text, volume::text, ar::text
      FROM bus_load_party WHERE load_id = ANY(${ids}) ORDER BY 1, 2, 3`);
  const live = await t.db.execute(sql`
    WITH p AS (
      SELECT o.*, 'u'::char(1) AS kind, m.sales AS ref_id FROM bus_order o JOIN bas_mark m ON m.id = o.mark_id WHERE m.sales IS NOT NULL
      UNION SELECT o.*, 'u', m.service FROM bus_order o JOIN bas_mark m ON m.id = o.mark_id WHERE m.service IS NOT NULL
      UNION SELECT o.*, 'd', m.dept_id FROM bus_order o JOIN bas_mark m ON m.id = o.mark_id WHERE m.dept_id IS NOT NULL)
    SELECT load_id::int, kind, ref_id::int, count(*)::int AS orders, count(*) FILTER (WHERE status >= 4)::int AS loaded,
           count(DISTINCT mark_id)::int AS marks, coalesce(sum(arrived_piece), 0)::int AS pieces,
           coalesce(sum(arrived_weight), 0)::numeric(16,2)::text AS weight,
           coalesce(sum(arrived_volume), 0)::numeric(16,3)::text AS volume,
           coalesce(sum(fee_ar_amount), 0)::numeric(16,2)::text AS ar
      FROM p WHERE load_id = ANY(${ids}) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
  expect(stored.rows).toEqual(live.rows);
  const arrays = await t.db.execute(sql`
    SELECT l.id::int, l.party_users::int[] AS users, l.party_depts::int[] AS depts,
           ARRAY(SELECT ref_id::int FROM bus_load_party p WHERE p.load_id = l.id AND p.kind = 'u' ORDER BY 1) AS "liveUsers",
           ARRAY(SELECT ref_id::int FROM bus_load_party p WHERE p.load_id = l.id AND p.kind = 'd' ORDER BY 1) AS "liveDepts"
      FROM bus_load l WHERE l.id = ANY(${ids})`);
  for (const r of arrays.rows) expect([r.users, r.depts]).toEqual([r.liveUsers, r.liveDepts]);
}
