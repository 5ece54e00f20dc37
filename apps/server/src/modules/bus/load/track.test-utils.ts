import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { busArrive } from '../arrive/arrive.table';
import { applyOrderAction } from '../order/order-core';
import { busOrderLog } from '../order-log/order-log.table';
import type { busLoad } from './load.table';
import { loadLog, loadRow, newPlan, type TLoadKit } from './load.test-utils';
import { lockLoad, settleLoadStatus } from './load-record';

/**
 * Helpers of the departure and tracking integration tests (not a test file), on top of the loading tests' kit
 * (load.test-utils.ts). Loads reach L1/L2 through the order core directly (A10 addToLoadPlan, A12 confirmLoad, then
 * settleLoadStatus), as the loading module does, so these tests do not depend on the loading routes.
 */

export {
  loadKit as trackKit,
  loadLog as loadLogOf,
  loadRow,
  milestones as milestonesOf,
  orderRow,
  stockOrder,
  type TLoadKit as TTrackKit,
} from './load.test-utils';

/** The load's latest log entry has these fields (the action just done on it). */
export async function expectLoadLogged(kit: TLoadKit, loadId: number, entry: Record<string, unknown>) {
  expect((await loadLog(kit, loadId)).at(-1)).toMatchObject(entry);
}

/**
 * A load EK Guangzhou -> Bangkok (40HQ) holding the orders: all planned (S3), then the first `loaded` of them loaded
 * (S4; all by default), its status settled (L0/L1/L2 with the automatic 'loaded' milestone at L2).
 */
export async function loadWith(
  kit: TLoadKit,
  orderIds: number[],
  options: { loaded?: number; over?: Partial<typeof busLoad.$inferInsert> } = {},
) {
  // loaded after the receipts: the timeline reads received, loaded, departed
  const created = await newPlan(kit, {
    loadTime: new Date(),
    containerNo: 'CSQU3054383',
    sealNo: 'SL1',
    ...options.over,
  });
  const loaded = orderIds.slice(0, options.loaded ?? orderIds.length);
  await kit.t.db.transaction(async (tx) => {
    const load = await lockLoad(tx, kit.planner, created.id);
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
  return loadRow(kit, created.id);
}

/** Moves orders of a departed load to S6 (A17 through the core) and settles the load (L4). */
export async function arriveOrders(kit: TLoadKit, loadId: number, orderIds: number[]) {
  await kit.t.db.transaction(async (tx) => {
    const load = await lockLoad(tx, kit.planner, loadId);
    await applyOrderAction(tx, { auth: kit.planner }, { ids: orderIds, action: 'confirmArrival' });
    await settleLoadStatus(tx, kit.planner, load, 'arrive', { orderCount: orderIds.length });
  });
}

export async function arriveOf(kit: TLoadKit, loadId: number) {
  return kit.t.db.select().from(busArrive).where(eq(busArrive.loadId, loadId));
}

export async function orderLogOf(kit: TLoadKit, orderId: number) {
  return kit.t.db.select().from(busOrderLog).where(eq(busOrderLog.orderId, orderId)).orderBy(asc(busOrderLog.id));
}
