import { formatLoadNo, isContainerNo } from '@theone/contracts';
import { asc, eq } from 'drizzle-orm';
import type { TestApp, TestClient } from '../../../../test/build-test-app';
import { testAuth } from '../../../../test/test-auth';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { userId } from '../../bas/bas.test-utils';
import { busOrder } from '../inware/inware.table';
import { addOrder, orderBody, receiveOrder, type TRefIds } from '../inware/inware.test-utils';
import { applyOrderAction } from '../order/order-core';
import { busOrderLog } from '../order-log/order-log.table';
import { busLoad, busLoadLog, busTrack } from './load.table';

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

let loadSeq = 0;
/** A load record (L0 plan) EK Guangzhou -> Bangkok, 40HQ, created by the dispatcher. */
export async function newPlan(kit: TLoadKit, over: Partial<typeof busLoad.$inferInsert> = {}) {
  loadSeq += 1;
  const [load] = await kit.t.db
    .insert(busLoad)
    .values({
      loadNo: formatLoadNo('991231', loadSeq),
      busType: 'EK',
      leftAddrId: kit.ids.gz,
      destAddrId: kit.ids.bkk,
      containerType: '40HQ',
      loadHouseId: kit.ids.whGz,
      createBy: 'dispatcher',
      ...over,
    })
    .returning();
  return load!;
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
