import { LOAD_STATUS } from '@theone/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp, TestClient } from '../../../../test/build-test-app';
import type { TDemoUser } from '../../../../test/suite';
import { basDriver, basVehicle } from '../../bas/bas.table';
import { userId } from '../../bas/bas.test-utils';
import { type TBusSuite, useBusSuite } from '../bus.test-utils';
import { lockLoad, settleLoadStatus } from '../load/load-record';
import { arriveOrders, loadWith, stockOrder, type TTrackKit, trackKit } from '../load/track.test-utils';
import { applyOrderAction } from '../order/order-core';
import { busSend, busSendLine, busSendLog } from './send.table';

/**
 * Helpers of the delivery-run and signing tests (not a test file). Orders reach the overseas stock (S6) through the
 * order core as the earlier modules move them: planned and loaded (loadWith), departed (A15 + the load settled L3),
 * arrived (A17, L4), so these tests do not depend on the pick-up screens being built alongside.
 */

export { multipart, PNG } from '../../../../test/upload';
export { orderLogOf, orderRow, type TTrackKit as TSendKit, trackKit as sendKit } from '../load/track.test-utils';

/**
 * n orders of the mark (TH001 unless overridden) in the overseas warehouse (S6), on one departed-and-arrived load;
 * `overrides` for every order, or one entry per order.
 */
export async function arrivedOrders(
  kit: TTrackKit,
  n = 2,
  overrides: Record<string, unknown> | Record<string, unknown>[] = {},
) {
  const orders = [];
  for (let i = 0; i < n; i++)
    orders.push(await stockOrder(kit, Array.isArray(overrides) ? (overrides[i] ?? {}) : overrides));
  const ids = orders.map((o) => o.id);
  const load = await loadWith(kit, ids, { over: { containerNo: 'CSQU3054383' } });
  await kit.t.db.transaction(async (tx) => {
    const locked = await lockLoad(tx, kit.planner, load.id);
    await applyOrderAction(
      tx,
      { auth: kit.planner },
      { ids, action: 'confirmDeparture', patch: () => ({ leftTime: new Date() }) },
    );
    await settleLoadStatus(tx, kit.planner, locked, 'depart', { status: LOAD_STATUS.DEPARTED, orderCount: ids.length });
  });
  await arriveOrders(kit, load.id, ids);
  return { load, orders };
}

let plate = 0;
/** A driver of basic data (linked to a user when `userName` is given) with a vehicle. */
/** A confirmed run of `driverId` (A19 add, then A21 sure): its orders out for delivery (S7). */
export async function dispatchedRun(client: TestClient, driverId: number, orderIds: number[]) {
  const res = await client.post('/bus/send/add', { sendTime: '2026-11-24 08:00:00', driverId, orderIds });
  expect(res.statusCode, res.body).toBe(200);
  const run = res.json().data as { id: number; sendNo: string };
  expect((await client.post('/bus/send/sure', { ids: [run.id] })).statusCode).toBe(200);
  return run;
}

export async function driverWithVehicle(t: TestApp, name: string, userName?: string) {
  plate += 1;
  const [vehicle] = await t.db
    .insert(basVehicle)
    .values({ plateNo: `กข ${1000 + plate} กรุงเทพ`, vehicleType: '1', createBy: 'admin' })
    .returning();
  const [driver] = await t.db
    .insert(basDriver)
    .values({
      driverName: name,
      phone: `08123${String(40000 + plate)}`,
      vehicleId: vehicle!.id,
      userId: userName ? await userId(t, userName) : null,
      createBy: 'admin',
    })
    .returning();
  return { driverId: driver!.id, vehicleId: vehicle!.id };
}

export async function runRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(busSend).where(eq(busSend.id, id));
  return row;
}

export async function linesOf(t: TestApp, sendId: number) {
  return t.db.select().from(busSendLine).where(eq(busSendLine.sendId, sendId)).orderBy(asc(busSendLine.id));
}

export async function runLog(t: TestApp, sendId: number) {
  return t.db.select().from(busSendLog).where(eq(busSendLog.sendId, sendId)).orderBy(asc(busSendLog.id));
}

/**
 * The suite of the delivery-run tests (`useBusSuite` with admin and `users` signed in): `kit` (sendKit), `mine` (a
 * driver linked to the demo user 'driver') and `other` (a driver of no user), each with a vehicle; then `setup`.
 */
export function useSendSuite<U extends TDemoUser = never, X extends object = object>(options: {
  users?: readonly U[];
  env?: Record<string, string>;
  setup?: (s: TBusSuite<U | 'admin'>) => Promise<X>;
}) {
  const { setup } = options;
  return useBusSuite({
    ...options,
    users: ['admin', ...(options.users ?? [])],
    setup: async (s) => ({
      kit: await trackKit(s.t, s.ids, s.admin),
      mine: await driverWithVehicle(s.t, 'Somchai', 'driver'),
      other: await driverWithVehicle(s.t, 'Anan'),
      ...((await setup?.(s)) as X),
    }),
  });
}

/**
 * The runs whose stored totals (refreshRunTotals) differ from their lines and orders summed now, with both sides:
 * empty after any sequence of actions through the API.
 */
export async function staleRunTotals(t: TestApp) {
  const r = await t.db.execute(sql`
    SELECT s.id, s.total_orders, s.total_pieces, s.total_weight::text, s.total_volume::text, s.total_signed,
           s.total_failed, s.total_returned, s.total_fee_amount::text, s.total_part_amount::text,
           s.total_other_amount::text, a.*
      FROM bus_send s LEFT JOIN LATERAL (
        SELECT count(*) FILTER (WHERE l.returned = '0')::int AS orders,
               coalesce(sum(l.pieces) FILTER (WHERE l.returned = '0'), 0)::int AS pieces,
               coalesce(sum(o.arrived_weight) FILTER (WHERE l.returned = '0'), 0)::text AS weight,
               coalesce(sum(o.arrived_volume) FILTER (WHERE l.returned = '0'), 0)::text AS volume,
               count(*) FILTER (WHERE l.returned = '0' AND o.status = 8)::int AS signed,
               count(*) FILTER (WHERE l.returned = '0' AND o.sign_status = 2)::int AS failed,
               count(*) FILTER (WHERE l.returned = '1')::int AS returned,
               coalesce(sum(l.send_fee_amount) FILTER (WHERE l.returned = '0'), 0)::numeric(16,2)::text AS fee,
               coalesce(sum(l.send_part_amount) FILTER (WHERE l.returned = '0'), 0)::numeric(16,2)::text AS part,
               coalesce(sum(l.send_other_amount) FILTER (WHERE l.returned = '0'), 0)::numeric(16,2)::text AS other
          FROM bus_send_line l JOIN bus_order o ON o.id = l.order_id WHERE l.send_id = s.id) a ON true
     WHERE (s.total_orders, s.total_pieces, s.total_weight::text, s.total_volume::text, s.total_signed,
            s.total_failed, s.total_returned, s.total_fee_amount::text, s.total_part_amount::text,
            s.total_other_amount::text)
           IS DISTINCT FROM (a.orders, a.pieces, a.weight, a.volume, a.signed, a.failed, a.returned, a.fee, a.part,
            a.other)`);
  return r.rows;
}
