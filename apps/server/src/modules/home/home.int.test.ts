import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/build-test-app';
import { addDays, todayIn } from '../../platform/time';
import { basMark } from '../bas/bas.table';
import { userId, userWithPerms } from '../bas/bas.test-utils';
import { useBusSuite } from '../bus/bus.test-utils';
import { busOrder } from '../bus/inware/inware.table';
import { addOrder, orderBody } from '../bus/inware/inware.test-utils';

/**
 * GET /bus/index: each count moves as orders change status (through the orders API, and by direct updates for
 * the statuses whose modules do not exist yet), the business day boundary, the 30-day chart, data scope, the
 * cards a caller may see, and the change marker that keeps cached figures honest.
 */
type Home = {
  day: string;
  counts: Record<string, number | string>;
  chart: { days: string[]; orders: number[]; weight: string[]; volume: string[] } | null;
  arrivingContainers: unknown[] | null;
};

async function home(client: TestClient): Promise<Home> {
  const res = await client.get('/bus/index');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Home;
}

/** The counts after `action`, minus the counts before. */
async function delta(client: TestClient, action: () => Promise<unknown>) {
  const before = (await home(client)).counts;
  await action();
  const after = (await home(client)).counts;
  const out: Record<string, number> = {};
  for (const k of Object.keys(after)) {
    const d = Number(after[k]) - Number(before[k]);
    if (d !== 0) out[k] = Number(d.toFixed(3));
  }
  return out;
}

const setStatus = (id: number, values: Partial<typeof busOrder.$inferInsert>) =>
  s.t.db.update(busOrder).set(values).where(eq(busOrder.id, id));

const s = useBusSuite({
  users: ['admin', 'sales', 'sales2', 'service', 'driver'],
  setup: async ({ t }) => {
    const today = todayIn(t.config.timezone);
    return { today, yesterday: addDays(today, -1) };
  },
});

describe('GET /bus/index', () => {
  it('answers every card, the 30-day chart and the arriving containers to the admin', async () => {
    const h = await home(s.admin);
    expect(h.day).toBe(s.today);
    expect(Object.keys(h.counts).sort()).toEqual(
      [
        'noMark',
        'problemItems',
        'todayOrders',
        'waitingInput',
        'waitingLoad',
        'waitingLoadVolume',
        'waitingDeparture',
        'waitingSettlement',
        'waitingSign',
        'yesterdayOrders',
      ].sort(),
    );
    expect(h.chart!.days).toHaveLength(30);
    expect(h.chart!.days[29]).toBe(s.today);
    expect(h.chart!.days[0]).toBe(addDays(s.today, -29));
    expect(h.chart!.orders).toHaveLength(30);
    // no container due today in the seed: an empty list, not null (track-journey.int.test.ts fills it)
    expect(h.arrivingContainers).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await s.t.anon.get('/bus/index')).statusCode).toBe(401);
  });

  it('counts a staged order as waiting input and today; confirming takes it out of waiting input', async () => {
    let order = { id: 0 };
    expect(
      await delta(s.admin, async () => {
        order = await addOrder(s.admin, orderBody(s.ids, { cargoWeight: '40', cargoVolume: '0.5' }));
      }),
    ).toEqual({ todayOrders: 1, waitingInput: 1 });
    expect(await delta(s.admin, () => s.admin.post(`/bus/inware/status/${order.id}`, { status: 1 }))).toEqual({
      waitingInput: -1,
    });
  });

  it('moves an order received at the warehouse to waiting load with its volume, and back on cancel', async () => {
    const order = await addOrder(s.admin, orderBody(s.ids, { status: 1 }));
    expect(
      await delta(s.admin, async () => {
        const r = await s.admin.post('/bus/inware/arrived/update', {
          id: order.id,
          receivingNo: 'WR-H-1',
          arrivedHouseId: s.ids.whGz,
          arrivedPiece: 3,
          arrivedWeight: '120',
          arrivedVolume: '1.250',
        });
        expect(r.statusCode, r.body).toBe(200);
      }),
    ).toEqual({ waitingLoad: 1, waitingLoadVolume: 1.25 });
    expect(await delta(s.admin, () => s.admin.post(`/bus/inware/status/${order.id}`, { status: 1 }))).toEqual({
      waitingLoad: -1,
      waitingLoadVolume: -1.25,
    });
  });

  it('counts cargo without a mark until a mark is assigned, then as waiting load', async () => {
    let noMark = { id: 0 };
    expect(
      await delta(s.admin, async () => {
        noMark = await addOrder(s.admin, {
          status: 2,
          receivingNo: 'WR-H-NM',
          arrivedHouseId: s.ids.whGz,
          arrivedPiece: 1,
          arrivedWeight: '5',
          arrivedVolume: '0.05',
        });
      }),
    ).toEqual({ todayOrders: 1, noMark: 1 });
    expect(
      await delta(s.admin, async () => {
        const r = await s.admin.post('/bus/inware/editFields', {
          ids: [noMark.id],
          fields: { markId: s.ids.TH001, busType: 'EK', leftAddrId: s.ids.gz, destAddrId: s.ids.bkk },
        });
        expect(r.statusCode, r.body).toBe(200);
      }),
    ).toEqual({ noMark: -1, waitingLoad: 1, waitingLoadVolume: 0.05 });
  });

  it('counts later statuses from the order table: out for delivery, signed and not written off, open problem items', async () => {
    const o = await addOrder(s.admin, orderBody(s.ids, { status: 1 }));
    // The delivery, sign and write-off modules do not exist yet: their statuses are set directly.
    expect(await delta(s.admin, () => setStatus(o.id, { status: 7 }))).toEqual({ waitingSign: 1 });
    expect(await delta(s.admin, () => setStatus(o.id, { status: 8, arWriteStatus: 0 }))).toEqual({
      waitingSign: -1,
      waitingSettlement: 1,
    });
    expect(await delta(s.admin, () => setStatus(o.id, { arWriteStatus: 1 }))).toEqual({});
    expect(await delta(s.admin, () => setStatus(o.id, { arWriteStatus: 2 }))).toEqual({ waitingSettlement: -1 });
    // a problem item raised and closed through the orders API
    expect(
      await delta(s.admin, () =>
        s.admin.post('/bus/inware/editFields', {
          ids: [o.id],
          fields: { ifException: 1, exceptionType: '1', exceptionDesc: 'carton crushed', exceptionStatus: 0 },
        }),
      ),
    ).toEqual({ problemItems: 1 });
    expect(
      await delta(s.admin, () =>
        s.admin.post('/bus/inware/editFields', {
          ids: [o.id],
          fields: { ifException: 0, exceptionStatus: 2, handleRemark: 'repacked' },
        }),
      ),
    ).toEqual({ problemItems: -1 });
  });

  it('splits today and yesterday at midnight in the business time zone and fills the 30-day chart', async () => {
    const before = await home(s.admin);
    await addOrder(
      s.admin,
      orderBody(s.ids, { orderTime: `${s.yesterday} 23:59:30`, cargoWeight: '10', cargoVolume: '0.1' }),
    );
    await addOrder(
      s.admin,
      orderBody(s.ids, { orderTime: `${s.today} 00:00:10`, cargoWeight: '20', cargoVolume: '0.2' }),
    );
    await addOrder(
      s.admin,
      orderBody(s.ids, { orderTime: `${addDays(s.today, -29)} 12:00:00`, cargoWeight: '7', cargoVolume: '0.07' }),
    );
    await addOrder(
      s.admin,
      orderBody(s.ids, { orderTime: `${addDays(s.today, -30)} 12:00:00`, cargoWeight: '9', cargoVolume: '0.09' }),
    );
    const after = await home(s.admin);
    expect(Number(after.counts.yesterdayOrders) - Number(before.counts.yesterdayOrders)).toBe(1);
    expect(Number(after.counts.todayOrders) - Number(before.counts.todayOrders)).toBe(1);
    const c0 = before.chart!;
    const c1 = after.chart!;
    expect(c1.orders[29]! - c0.orders[29]!).toBe(1);
    expect(c1.orders[28]! - c0.orders[28]!).toBe(1);
    expect(c1.orders[0]! - c0.orders[0]!).toBe(1);
    expect(Number(c1.weight[28]) - Number(c0.weight[28])).toBeCloseTo(10, 2);
    expect(Number(c1.volume[0]) - Number(c0.volume[0])).toBeCloseTo(0.07, 3);
    // the order 30 days ago is outside the chart
    expect(c1.orders.reduce((a, b) => a + b, 0) - c0.orders.reduce((a, b) => a + b, 0)).toBe(3);
    // the chart's last two days are the two cards
    expect(c1.orders[29]).toBe(after.counts.todayOrders);
    expect(c1.orders[28]).toBe(after.counts.yesterdayOrders);
  });

  it('uses measured figures once received in the chart', async () => {
    const o = await addOrder(s.admin, orderBody(s.ids, { status: 1, cargoWeight: '100', cargoVolume: '1' }));
    const before = (await home(s.admin)).chart!;
    await s.admin.post('/bus/inware/arrived/update', {
      id: o.id,
      receivingNo: 'WR-H-M',
      arrivedHouseId: s.ids.whGz,
      arrivedPiece: 3,
      arrivedWeight: '130',
      arrivedVolume: '1.5',
    });
    const after = (await home(s.admin)).chart!;
    expect(Number(after.weight[29]) - Number(before.weight[29])).toBeCloseTo(30, 2);
    expect(Number(after.volume[29]) - Number(before.volume[29])).toBeCloseTo(0.5, 3);
  });

  it("applies the data scope: sales users count their own customers' orders (and no-mark cargo) only", async () => {
    // TH001 belongs to 'sales', YW101 to 'sales2'
    expect(await delta(s.sales, () => addOrder(s.admin, orderBody(s.ids)))).toEqual({
      todayOrders: 1,
      waitingInput: 1,
    });
    expect(await delta(s.sales2, () => addOrder(s.admin, orderBody(s.ids)))).toEqual({});
    expect(
      await delta(s.sales2, () => addOrder(s.admin, orderBody(s.ids, { markId: s.ids.YW101, consignee: 'Khun Chai' }))),
    ).toEqual({ todayOrders: 1, waitingInput: 1 });
    // moving a customer to another sales person moves its orders between their dashboards
    const [th001] = await s.t.db.select().from(basMark).where(eq(basMark.id, s.ids.TH001));
    const sales2Id = await userId(s.t, 'sales2');
    const s1 = await home(s.sales);
    const s2 = await home(s.sales2);
    await s.t.db.update(basMark).set({ sales: sales2Id, service: null }).where(eq(basMark.id, s.ids.TH001));
    const s1b = await home(s.sales);
    const s2b = await home(s.sales2);
    expect(Number(s1b.counts.todayOrders)).toBeLessThan(Number(s1.counts.todayOrders));
    expect(Number(s2b.counts.todayOrders) - Number(s2.counts.todayOrders)).toBe(
      Number(s1.counts.todayOrders) - Number(s1b.counts.todayOrders),
    );
    await s.t.db
      .update(basMark)
      .set({ sales: th001!.sales, service: th001!.service })
      .where(eq(basMark.id, s.ids.TH001));
    expect((await home(s.sales)).counts.todayOrders).toBe(s1.counts.todayOrders);
  });

  it('leaves out the cards whose list the caller cannot open, and the chart for non-order users', async () => {
    // sales: orderList, unOrder, exception-list, track-list; no inOrder, noMarkOrder or sign-list
    const salesHome = await home(s.sales);
    expect(Object.keys(salesHome.counts).sort()).toEqual(
      [
        'problemItems',
        'todayOrders',
        'waitingDeparture',
        'waitingInput',
        'waitingSettlement',
        'yesterdayOrders',
      ].sort(),
    );
    expect(salesHome.chart).not.toBeNull();
    expect(salesHome.arrivingContainers).toEqual([]);
    // service: also inOrder, noMarkOrder and sign-list
    expect(Object.keys((await home(s.service)).counts)).toEqual(
      expect.arrayContaining(['waitingLoad', 'noMark', 'waitingSign']),
    );
    // driver: sign-list only, no chart, no containers
    const d = await home(s.driver);
    expect(Object.keys(d.counts)).toEqual(['waitingSign']);
    expect(d.chart).toBeNull();
    expect(d.arrivingContainers).toBeNull();
    // a user with no business key at all
    const nobody = await userWithPerms(s.t, 'home_nobody', ['system:user:list']);
    expect(await home(nobody)).toEqual({ day: s.today, counts: {}, chart: null, arrivingContainers: null });
  });

  it('bumps the change marker on every statement that changes orders, marks, loads, milestones or pick-ups', async () => {
    const marker = async () =>
      (await s.t.db.execute<{ v: string }>(sql`SELECT last_value::text AS v FROM home_change_seq`)).rows[0]!.v;
    const m0 = await marker();
    await s.t.db.execute(sql`UPDATE bus_order SET remark = remark WHERE false`);
    const m1 = await marker();
    expect(BigInt(m1)).toBeGreaterThan(BigInt(m0));
    await s.t.db.execute(sql`UPDATE bas_mark SET remark = remark WHERE false`);
    expect(BigInt(await marker())).toBeGreaterThan(BigInt(m1));
    // the arriving containers read loads, milestones, pick-up records and load parties (migration 0026)
    for (const table of ['bus_load', 'bus_track', 'bus_arrive', 'bus_load_party']) {
      const before = await marker();
      await s.t.db.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE false`);
      expect({ table, moved: BigInt(await marker()) > BigInt(before) }).toEqual({ table, moved: true });
    }
  });

  it('answers the same figures from its cache until something changes', async () => {
    const a = await home(s.admin);
    const b = await home(s.admin);
    expect(b).toEqual(a);
  });
});
