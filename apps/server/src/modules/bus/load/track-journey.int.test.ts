import { HOME_CARDS } from '@theone/contracts/bus/home-cards';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../test/build-test-app';
import { todayIn } from '../../../platform/time';
import { useBusSuite } from '../bus.test-utils';
import { busLoad, busTrack } from './load.table';
import { loadRow, loadWith, stockOrder, trackKit } from './track.test-utils';

/**
 * The container's journey as others read it: customer service's 'where is my cargo'
 * (inware/selectOrdersHasTrackByTransportIdPages), the 'no news for 72 h' flag, and the home page's waiting-departure
 * count and today's arriving containers (each equal to the tracking list it opens), in every caller's scope.
 */

const s = useBusSuite({
  users: ['admin', 'dispatcher', 'sales', 'sales2', 'service', 'driver'],
  setup: async ({ t, ids, admin }) => ({ kit: await trackKit(t, ids, admin) }),
});

const soon = () => new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000).toISOString().replace('.000Z', 'Z');

async function departed(orderOverrides: Record<string, unknown>[] = [{}]) {
  const orders = [];
  for (const o of orderOverrides) orders.push(await stockOrder(s.kit, o));
  const load = await loadWith(
    s.kit,
    orders.map((o) => o.id),
  );
  const res = await s.dispatcher.post('/bus/track/save', { loadIds: [load.id], trackTime: soon() });
  expect(res.statusCode, res.body).toBe(200);
  return { load: await loadRow(s.kit, load.id), orders };
}

type TJourney = {
  orderId: number;
  transportId: string;
  status: number;
  mark: string;
  load: { id: number; containerNo: string; status: number } | null;
  milestones: { id: number; trackStatus: string; auto: string }[];
};

const journey = async (client: TestClient, code: string, query = '') => {
  const res = await client.post(
    `/bus/inware/selectOrdersHasTrackByTransportIdPages/${encodeURIComponent(code)}${query}`,
  );
  return res;
};

describe('[LOAD] inware/selectOrdersHasTrackByTransportIdPages: where is my cargo', () => {
  it('finds an order by its express number and shows its container and milestones, newest first', async () => {
    const { load, orders } = await departed([{ expressNo: 'YT9900112233' }, {}]);
    await s.dispatcher.post('/bus/track/saveDetail', {
      loadIds: [load.id],
      trackStatus: '16',
      trackTime: new Date(Date.now() + 7_200_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      trackRemark: '到达友谊关',
    });
    const res = await journey(s.service, 'YT9900112233');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { rows: TJourney[]; total: number };
    expect(body.total).toBe(1);
    const row = body.rows[0]!;
    expect(row).toMatchObject({
      orderId: orders[0]!.id,
      transportId: orders[0]!.transportId,
      status: 5,
      mark: 'TH001',
      load: { id: load.id, containerNo: load.containerNo, status: 3, loadNo: load.loadNo },
    });
    expect(row.milestones.map((m) => m.trackStatus)).toEqual(['16', '5', '4', '2']);
    expect(row.milestones.at(-1)).toMatchObject({ id: 0, auto: '1' });
  });

  it('takes a comma list of waybill and receipt numbers, pages, and refuses wrong separators', async () => {
    const { orders } = await departed([{}, {}]);
    const stock = await stockOrder(s.kit);
    const codes = `${orders[0]!.transportId},${orders[1]!.transportId},WR-T${stock.id}`;
    const page1 = await journey(s.dispatcher, codes, '?pageNum=1&pageSize=2');
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json().total).toBe(3);
    expect(page1.json().rows).toHaveLength(2);
    const page2 = (await journey(s.dispatcher, codes, '?pageNum=2&pageSize=2')).json();
    expect(page2.rows).toHaveLength(1);
    const notLoaded = [...page1.json().rows, ...page2.rows].find((r: TJourney) => r.orderId === stock.id);
    expect(notLoaded).toMatchObject({ status: 2, load: null });
    expect(notLoaded.milestones.map((m: { trackStatus: string }) => m.trackStatus)).toEqual(['2']);
    expect((await journey(s.dispatcher, `${orders[0]!.transportId}；${orders[1]!.transportId}`)).statusCode).toBe(400);
    expect((await journey(s.dispatcher, orders[0]!.transportId, '?pageSize=0')).statusCode).toBe(400);
    // the web sends its paging in a body too: ignored, the query's defaults apply
    const withBody = await s.dispatcher.post(`/bus/inware/selectOrdersHasTrackByTransportIdPages/${codes}`, {
      pageNum: 1,
      pageSize: 10,
    });
    expect(withBody.statusCode, withBody.body).toBe(200);
    expect(withBody.json().total).toBe(3);
  });

  it("finds only the caller's customers' orders", async () => {
    const { orders } = await departed([{ expressNo: 'ZTO5500990011' }]);
    expect((await journey(s.sales, 'ZTO5500990011')).json().total).toBe(1);
    const other = await journey(s.sales2, 'ZTO5500990011');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ total: 0, rows: [] });
    expect((await journey(s.sales2, orders[0]!.transportId)).json().total).toBe(0);
    expect(
      (await s.t.anon.post(`/bus/inware/selectOrdersHasTrackByTransportIdPages/${orders[0]!.transportId}`)).statusCode,
    ).toBe(401);
  });
});

describe('[LOAD] track/list: no news for 72 hours', () => {
  it('flags a load in transit whose departure and latest milestone are 80 hours old, not a fresh one', async () => {
    const old = await departed();
    const fresh = await departed();
    const longAgo = sql`now() - interval '80 hours'`;
    await s.t.db.update(busLoad).set({ leftTime: longAgo }).where(eq(busLoad.id, old.load.id));
    await s.t.db
      .update(busTrack)
      .set({ trackTime: longAgo })
      .where(and(eq(busTrack.loadId, old.load.id), eq(busTrack.trackStatus, '5')));
    await s.t.db
      .update(busTrack)
      .set({ trackTime: sql`now() - interval '90 hours'` })
      .where(and(eq(busTrack.loadId, old.load.id), eq(busTrack.trackStatus, '4')));
    const flagged = (await s.dispatcher.get('/bus/track/list?tab=transit&noNews=1&pageSize=100')).json();
    const flaggedIds = flagged.rows.map((r: { id: number }) => r.id);
    expect(flaggedIds).toContain(old.load.id);
    expect(flaggedIds).not.toContain(fresh.load.id);
    expect((await s.dispatcher.get(`/bus/track/${old.load.id}`)).json().data).toMatchObject({
      noNews: true,
      daysInTransit: 3,
    });
    expect((await s.dispatcher.get(`/bus/track/${fresh.load.id}`)).json().data.noNews).toBe(false);
    // a milestone is news again
    await s.dispatcher.post('/bus/track/saveDetail', { loadIds: [old.load.id], trackStatus: '17', trackTime: soon() });
    expect((await s.dispatcher.get(`/bus/track/${old.load.id}`)).json().data.noNews).toBe(false);
    expect((await s.driver.get('/bus/track/list')).statusCode).toBe(403);
    expect((await s.driver.get(`/bus/track/${old.load.id}`)).statusCode).toBe(403);
  });
});

describe('[LOAD] home: waiting departure and containers arriving today', () => {
  it('counts loads waiting for departure as the tracking list’s waiting tab totals them, per scope', async () => {
    await loadWith(s.kit, [(await stockOrder(s.kit)).id]);
    await loadWith(s.kit, [(await stockOrder(s.kit, { markId: s.ids.YW101 })).id]);
    const card = HOME_CARDS.find((c) => c.key === 'waitingDeparture')!;
    expect(card.targets[0]).toMatchObject({ path: '/bus/track-list' });
    for (const client of [s.admin, s.dispatcher, s.sales, s.sales2, s.service]) {
      const home = (await client.get('/bus/index')).json().data;
      const list = (await client.get(`/bus/track/list?tab=${card.targets[0]!.filters(home.day).tab}`)).json();
      expect({ user: client.userName, count: home.counts.waitingDeparture }).toEqual({
        user: client.userName,
        count: list.total,
      });
    }
    const adminHome = (await s.admin.get('/bus/index')).json().data;
    expect(adminHome.counts.waitingDeparture).toBeGreaterThanOrEqual(2);
    expect((await s.driver.get('/bus/index')).json().data.counts.waitingDeparture).toBeUndefined();
  });

  it('lists the loads in transit due today (business day) with their latest milestone and arrive record', async () => {
    const due = await departed();
    const later = await departed();
    const today = todayIn(s.t.config.timezone);
    const eta = (loadId: number, day: string) => ({ loadIds: [loadId], preArriveTime: `${day} 15:00:00` });
    const r1 = await s.dispatcher.post('/bus/track/upatePreArriveTime', eta(due.load.id, today));
    expect(r1.statusCode, r1.body).toBe(200);
    const tomorrow = new Date(`${today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    await s.dispatcher.post('/bus/track/upatePreArriveTime', eta(later.load.id, tomorrow.toISOString().slice(0, 10)));
    const home = (await s.dispatcher.get('/bus/index')).json().data;
    const rows = home.arrivingContainers as Record<string, unknown>[];
    const ids_ = rows.map((r) => r.loadId);
    expect(ids_).toContain(due.load.id);
    expect(ids_).not.toContain(later.load.id);
    expect(rows.find((r) => r.loadId === due.load.id)).toMatchObject({
      loadNo: due.load.loadNo,
      containerNo: due.load.containerNo,
      etaDate: `${today} 15:00:00`,
      trackStatus: '5',
      orders: 1,
      pieces: 3,
      volume: '1.235',
      arriveStatus: 0,
      arriveId: expect.any(Number),
    });
    const salesRows = (await s.sales.get('/bus/index')).json().data.arrivingContainers as { loadId: number }[];
    expect(salesRows.map((r) => r.loadId)).toContain(due.load.id);
    const otherRows = (await s.sales2.get('/bus/index')).json().data.arrivingContainers as { loadId: number }[];
    expect(otherRows.map((r) => r.loadId)).not.toContain(due.load.id);
  });

  it('answers the arriving containers again until a load, a milestone or a pick-up record changes', async () => {
    const due = await departed();
    const today = todayIn(s.t.config.timezone);
    type TArriving = { loadId: number; trackStatus: string; arriveStatus: number | null; arriveId: number };
    const arriving = async (client: TestClient = s.dispatcher) => {
      const rows = (await client.get('/bus/index')).json().data.arrivingContainers as TArriving[];
      return rows.find((r) => r.loadId === due.load.id);
    };
    // the answers of the dispatcher and the sales person are kept (each in their load scope) ...
    expect(await arriving()).toBeUndefined();
    expect(await arriving(s.sales)).toBeUndefined();
    // ... and a new ETA (a load statement) shows at once, in both scopes
    const eta = { loadIds: [due.load.id], preArriveTime: `${today} 15:00:00` };
    expect((await s.dispatcher.post('/bus/track/upatePreArriveTime', eta)).statusCode).toBe(200);
    const first = await arriving();
    expect(first).toMatchObject({ trackStatus: '5', arriveStatus: 0 });
    expect(await arriving(s.sales)).toMatchObject({ trackStatus: '5' });
    expect(await arriving()).toEqual(first);
    // a milestone (a track statement)
    const milestone = { loadIds: [due.load.id], trackStatus: '16', trackTime: soon() };
    expect((await s.dispatcher.post('/bus/track/saveDetail', milestone)).statusCode).toBe(200);
    expect(await arriving()).toMatchObject({ trackStatus: '16' });
    // the pick-up record, changed by any statement
    await s.t.db.execute(sql`UPDATE bus_arrive SET status = 1 WHERE id = ${first!.arriveId}`);
    expect(await arriving()).toMatchObject({ trackStatus: '16', arriveStatus: 1 });
    await s.t.db.execute(sql`UPDATE bus_arrive SET status = 0 WHERE id = ${first!.arriveId}`);
  });
});
