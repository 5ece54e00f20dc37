import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useBusSuite } from '../bus.test-utils';
import { busLoad } from './load.table';
import { expectPartiesFresh, loadBody, loadKit, planWith, stockOrder } from './load.test-utils';

/**
 * The load's stored totals (orders, pieces, weight, volume, receivables; refreshLoadTotals) equal the sums of its
 * orders after every kind of change: plan, load, unload, modification of a planned order's figures, removal.
 */

const s = useBusSuite({
  users: ['admin'],
  setup: async ({ t, ids, admin }) => ({ kit: await loadKit(t, ids, admin) }),
});

async function storedAndLive(loadId: number) {
  const [stored] = await s.t.db
    .select({
      orders: busLoad.totalOrders,
      pieces: busLoad.totalPieces,
      weight: busLoad.totalWeight,
      volume: busLoad.totalVolume,
      ar: busLoad.totalAr,
      planned: busLoad.totalPlanned,
      loaded: busLoad.totalLoaded,
      arrived: busLoad.totalArrived,
      signed: busLoad.totalSigned,
      loadedPieces: busLoad.loadedPieces,
    })
    .from(busLoad)
    .where(eq(busLoad.id, loadId));
  const live = (
    await s.t.db.execute<{ orders: number; pieces: number; weight: string; volume: string; ar: string }>(sql`
      SELECT count(*)::int AS orders, coalesce(sum(arrived_piece), 0)::int AS pieces,
             coalesce(sum(arrived_weight), 0)::numeric(16,2)::text AS weight,
             coalesce(sum(arrived_volume), 0)::numeric(16,3)::text AS volume,
             coalesce(sum(fee_ar_amount), 0)::numeric(16,2)::text AS ar,
             count(*) FILTER (WHERE status = 3)::int AS planned, count(*) FILTER (WHERE status >= 4)::int AS loaded,
             count(*) FILTER (WHERE status >= 6)::int AS arrived, count(*) FILTER (WHERE status = 8)::int AS signed,
             coalesce(sum(arrived_piece) FILTER (WHERE status >= 4), 0)::int AS "loadedPieces"
        FROM bus_order WHERE load_id = ${loadId}`)
  ).rows[0]!;
  await expectPartiesFresh(s.t, [loadId]);
  return { stored: stored!, live };
}

describe('[LOAD] stored totals follow the orders', () => {
  it('after planning, loading, unloading, a figure change and removal', async () => {
    const a = await stockOrder(s.kit, {}, { arrivedPiece: 4, arrivedWeight: '100.25', arrivedVolume: '1.125' });
    const b = await stockOrder(s.kit, {}, { arrivedPiece: 6, arrivedWeight: '200.50', arrivedVolume: '2.250' });
    const c = await stockOrder(s.kit, {}, { arrivedPiece: 1, arrivedWeight: '0.75', arrivedVolume: '0.001' });
    const plan = await planWith(s.kit, [a.id, b.id]);
    let x = await storedAndLive(plan.id);
    expect(x.stored).toEqual(x.live);
    expect(x.stored).toMatchObject({ orders: 2, pieces: 10, weight: '300.75', volume: '3.375', planned: 2, loaded: 0 });

    // A10 through the endpoint, then a late addition by loading
    expect((await s.admin.post(`/bus/loadplan/addOrder/${plan.id}`, { orderIds: [c.id] })).statusCode).toBe(200);
    x = await storedAndLive(plan.id);
    expect(x.stored).toEqual(x.live);
    expect(x.stored.orders).toBe(3);
    expect((await s.admin.post(`/bus/load/addOrder/${plan.id}`, loadBody())).statusCode).toBe(200);
    x = await storedAndLive(plan.id);
    expect(x.stored).toEqual(x.live);
    expect(x.stored).toMatchObject({ planned: 0, loaded: 3, loadedPieces: 11 });

    // A13 unload one, then modify the planned order's measured figures (A28 at S3)
    expect((await s.admin.post(`/bus/load/removeOrder/${plan.id}`, { orderIds: [b.id] })).statusCode).toBe(200);
    const edit = await s.admin.post('/bus/inware/editFields', {
      ids: [b.id],
      fields: { arrivedPiece: 9, arrivedWeight: '210', arrivedVolume: '2.5' },
      reason: 'second measurement',
    });
    expect(edit.statusCode).toBe(200);
    x = await storedAndLive(plan.id);
    expect(x.stored).toEqual(x.live);
    expect(x.stored.pieces).toBe(4 + 9 + 1);

    // A14 cancel loading, A11 remove every order: zeros
    expect((await s.admin.post(`/bus/load/delete/${plan.id}`, {})).statusCode).toBe(200);
    expect(
      (await s.admin.post(`/bus/loadplan/removeOrder/${plan.id}`, { orderIds: [a.id, b.id, c.id] })).statusCode,
    ).toBe(200);
    x = await storedAndLive(plan.id);
    expect(x.stored).toEqual({
      orders: 0,
      pieces: 0,
      weight: '0.00',
      volume: '0.000',
      ar: '0.00',
      planned: 0,
      loaded: 0,
      arrived: 0,
      signed: 0,
      loadedPieces: 0,
    });
  });
});
