import { formatLoadNo } from '@theone/contracts';
import { asc, eq } from 'drizzle-orm';
import type { TestApp, TestClient } from '../../../../test/build-test-app';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { userId } from '../../bas/bas.test-utils';
import { busArrive } from '../arrive/arrive.table';
import { busOrder } from '../inware/inware.table';
import { addOrder, orderBody, receiveOrder, type TRefIds } from '../inware/inware.test-utils';
import { applyOrderAction } from '../order/order-core';
import { busOrderLog } from '../order-log/order-log.table';
import { busLoad, busLoadLog, busTrack } from './load.table';
import { lockLoad, settleLoadStatus } from './load-record';

/**
 * Helpers of the departure and tracking integration tests (not a test file). Loads reach L1/L2 through the order
 * core directly (A10 addToLoadPlan, A12 confirmLoad, then settleLoadStatus), as the loading module does, so these
 * tests do not depend on the loading routes.
 */

export interface TTrackKit {
  t: TestApp;
  ids: TRefIds;
  admin: TestClient;
  /** the dispatcher's session as the order core takes it (all data) */
  planner: AuthContext;
}

export async function trackKit(t: TestApp, ids: TRefIds, admin: TestClient): Promise<TTrackKit> {
  return {
    t,
    ids,
    admin,
    planner: {
      sessionId: 'test',
      userId: await userId(t, 'dispatcher'),
      userName: 'dispatcher',
      nickName: 'dispatcher',
      deptId: null,
      deptName: '',
      lang: 'en',
      roles: [{ roleId: 0, roleKey: 'test', dataScope: '1' }],
      roleKeys: ['test'],
      permissions: new Set(),
      isAdmin: false,
      feeRole: false,
      mustChangePassword: false,
      expiresAt: new Date(Date.now() + 3600_000),
      authEpoch: 0,
    },
  };
}

/** An order received in the Guangzhou warehouse (S2), EK Guangzhou -> Bangkok, mark TH001 unless overridden. */
export async function stockOrder(kit: TTrackKit, overrides: Record<string, unknown> = {}) {
  const o = await addOrder(kit.admin, orderBody(kit.ids, overrides));
  await receiveOrder(kit.admin, kit.ids, o.id, `WR-K${o.id}`, {
    arrivedPiece: 3,
    arrivedWeight: '250',
    arrivedVolume: '1.235',
  });
  return { id: o.id, transportId: o.transportId };
}

let loadSeq = 0;

/**
 * A load EK Guangzhou -> Bangkok (40HQ) holding the orders: all planned (S3), then the first `loaded` of them loaded
 * (S4; all by default), its status settled (L0/L1/L2 with the automatic 'loaded' milestone at L2).
 */
export async function loadWith(
  kit: TTrackKit,
  orderIds: number[],
  options: { loaded?: number; over?: Partial<typeof busLoad.$inferInsert> } = {},
) {
  loadSeq += 1;
  const [created] = await kit.t.db
    .insert(busLoad)
    .values({
      loadNo: formatLoadNo('981231', loadSeq),
      busType: 'EK',
      leftAddrId: kit.ids.gz,
      destAddrId: kit.ids.bkk,
      containerType: '40HQ',
      loadHouseId: kit.ids.whGz,
      // after the receipts: the timeline reads received, loaded, departed
      loadTime: new Date(),
      containerNo: 'CSQU3054383',
      sealNo: 'SL1',
      createBy: 'dispatcher',
      ...options.over,
    })
    .returning();
  const loaded = orderIds.slice(0, options.loaded ?? orderIds.length);
  await kit.t.db.transaction(async (tx) => {
    const load = await lockLoad(tx, kit.planner, created!.id);
    await applyOrderAction(
      tx,
      { auth: kit.planner },
      { ids: orderIds, action: 'addToLoadPlan', patch: () => ({ loadId: load.id }) },
    );
    if (loaded.length)
      await applyOrderAction(
        tx,
        { auth: kit.planner },
        { ids: loaded, action: 'confirmLoad', patch: () => ({ containerNo: load.containerNo, sealNo: load.sealNo }) },
      );
    await settleLoadStatus(tx, kit.planner, load, 'load', { orderCount: loaded.length });
  });
  return loadRow(kit, created!.id);
}

/** Moves orders of a departed load to S6 (A17 through the core) and settles the load (L4). */
export async function arriveOrders(kit: TTrackKit, loadId: number, orderIds: number[]) {
  await kit.t.db.transaction(async (tx) => {
    const load = await lockLoad(tx, kit.planner, loadId);
    await applyOrderAction(tx, { auth: kit.planner }, { ids: orderIds, action: 'confirmArrival' });
    await settleLoadStatus(tx, kit.planner, load, 'arrive', { orderCount: orderIds.length });
  });
}

export async function orderRow(kit: TTrackKit, id: number) {
  const [row] = await kit.t.db.select().from(busOrder).where(eq(busOrder.id, id));
  return row!;
}

export async function loadRow(kit: TTrackKit, id: number) {
  const [row] = await kit.t.db.select().from(busLoad).where(eq(busLoad.id, id));
  return row!;
}

export async function arriveOf(kit: TTrackKit, loadId: number) {
  return kit.t.db.select().from(busArrive).where(eq(busArrive.loadId, loadId));
}

export async function milestonesOf(kit: TTrackKit, loadId: number) {
  return kit.t.db.select().from(busTrack).where(eq(busTrack.loadId, loadId)).orderBy(asc(busTrack.id));
}

export async function loadLogOf(kit: TTrackKit, loadId: number) {
  return kit.t.db.select().from(busLoadLog).where(eq(busLoadLog.loadId, loadId)).orderBy(asc(busLoadLog.id));
}

export async function orderLogOf(kit: TTrackKit, orderId: number) {
  return kit.t.db.select().from(busOrderLog).where(eq(busOrderLog.orderId, orderId)).orderBy(asc(busOrderLog.id));
}
