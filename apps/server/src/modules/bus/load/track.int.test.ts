import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../test/build-test-app';
import { useBusSuite } from '../bus.test-utils';
import { busTrackMessage } from './load.table';
import {
  arriveOf,
  arriveOrders,
  expectLoadLogged,
  loadRow,
  loadWith,
  milestonesOf,
  orderLogOf,
  orderRow,
  stockOrder,
  trackKit,
} from './track.test-utils';

/**
 * Departure (A15), cancel departure (A16), manual milestones, ETA changes and messages through the /bus/track
 * routes against real PostgreSQL. Loads are brought to L1/L2 through the order core (track.test-utils.ts).
 */

const s = useBusSuite({
  users: ['admin', 'dispatcher', 'sales', 'sales2', 'service'],
  setup: async ({ t, ids, admin }) => ({
    dispatcher2: await t.login('dispatcher'),
    kit: await trackKit(t, ids, admin),
  }),
});

/** A time `hours` from now, ISO 8601 with its zone (the bodies accept it besides the business-zone text). */
const fromNow = (hours: number) =>
  new Date(Math.floor(Date.now() / 1000) * 1000 + hours * 3_600_000).toISOString().replace('.000Z', 'Z');

const depart = (client: TestClient, loadIds: number[], trackTime = fromNow(1)) =>
  client.post('/bus/track/save', { loadIds, trackTime, trackRemark: '广州发车' });

/** A loaded (L2) load of n TH001 orders. */
async function loadedLoad(n = 2) {
  const orders = [];
  for (let i = 0; i < n; i++) orders.push(await stockOrder(s.kit));
  const load = await loadWith(
    s.kit,
    orders.map((o) => o.id),
  );
  return { load, orders };
}

async function departedLoad(n = 2) {
  const made = await loadedLoad(n);
  const res = await depart(s.dispatcher, [made.load.id]);
  expect(res.statusCode, res.body).toBe(200);
  return made;
}

const departedMilestone = async (loadId: number) =>
  (await milestonesOf(s.kit, loadId)).find((m) => m.trackStatus === '5' && m.auto === '1');

/** The dispatcher adds a manual milestone '11' at 2026-11-24 08:00 to the load (with `extra` fields); its id. */
async function manualMilestone(loadId: number, extra: Record<string, unknown> = {}) {
  const added = await s.dispatcher.post('/bus/track/saveDetail', {
    loadIds: [loadId],
    trackStatus: '11',
    trackTime: '2026-11-24 08:00:00',
    ...extra,
  });
  return (added.json().data.ids as number[])[0];
}

describe('[LOAD] track/save: confirm departure (A15)', () => {
  it('moves every order S4 -> S5 with leftTime, the load L3, writes the departed milestone and the arrive record', async () => {
    const { load, orders } = await loadedLoad(2);
    expect(load.status).toBe(2);
    const res = await depart(s.dispatcher, [load.id], '2026-11-23 18:00:00');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ ids: [load.id], done: 2 });
    const after = await loadRow(s.kit, load.id);
    expect(after.status).toBe(3);
    expect(after.leftTime?.toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(after.version).toBe(load.version + 1);
    for (const o of orders) {
      const row = await orderRow(s.kit, o.id);
      expect(row.status).toBe(5);
      expect(row.leftTime?.toISOString()).toBe('2026-11-23T10:00:00.000Z');
      expect((await orderLogOf(s.kit, o.id)).at(-1)).toMatchObject({
        action: 'confirmDeparture',
        fromStatus: 4,
        toStatus: 5,
      });
    }
    const ms = await milestonesOf(s.kit, load.id);
    expect(ms.map((m) => [m.trackStatus, m.auto])).toEqual([
      ['4', '1'],
      ['5', '1'],
    ]);
    expect(ms[1]!.trackRemark).toBe('广州发车');
    expect(await arriveOf(s.kit, load.id)).toMatchObject([{ status: 0 }]);
    await expectLoadLogged(s.kit, load.id, {
      action: 'depart',
      fromStatus: 2,
      toStatus: 3,
      orderCount: 2,
    });
  });

  it('refuses bad input: no loads, no time, an impossible time, unknown fields', async () => {
    const { load } = await loadedLoad(1);
    expect(
      (await s.dispatcher.post('/bus/track/save', { loadIds: [], trackTime: '2026-11-23 18:00:00' })).statusCode,
    ).toBe(400);
    expect((await s.dispatcher.post('/bus/track/save', { loadIds: [load.id] })).statusCode).toBe(400);
    expect((await depart(s.dispatcher, [load.id], '2026-02-30 10:00:00')).statusCode).toBe(400);
    expect(
      (await s.dispatcher.post('/bus/track/save', { loadIds: [load.id], trackTime: '2026-11-23 18:00', x: 1 }))
        .statusCode,
    ).toBe(400);
    expect((await loadRow(s.kit, load.id)).status).toBe(2);
  });

  it('refuses loads not fully loaded (L0, L1) naming them, all or nothing with a loaded one', async () => {
    const a = await stockOrder(s.kit);
    const b = await stockOrder(s.kit);
    const partial = await loadWith(s.kit, [a.id, b.id], { loaded: 1 });
    expect(partial.status).toBe(1);
    const planning = await loadWith(s.kit, [(await stockOrder(s.kit)).id], { loaded: 0 });
    expect(planning.status).toBe(0);
    const { load: ready, orders } = await loadedLoad(1);
    const res = await depart(s.dispatcher, [ready.id, partial.id, planning.id]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: 'WRONG_STATE' });
    expect(res.json().msg).toContain(partial.loadNo);
    expect(res.json().msg).toContain(planning.loadNo);
    expect((await loadRow(s.kit, ready.id)).status).toBe(2);
    expect((await orderRow(s.kit, orders[0]!.id)).status).toBe(4);
    expect(await arriveOf(s.kit, ready.id)).toEqual([]);
  });

  it('needs bus:track:depart (403) and hides other sales people’s loads (404)', async () => {
    const { load } = await loadedLoad(1);
    expect(
      (await s.sales.post('/bus/track/save', { loadIds: [load.id], trackTime: '2026-11-23 18:00' })).statusCode,
    ).toBe(403);
    expect((await s.sales2.get(`/bus/track/${load.id}`)).statusCode).toBe(404);
    expect((await s.sales.get(`/bus/track/${load.id}`)).statusCode).toBe(200);
    expect((await loadRow(s.kit, load.id)).status).toBe(2);
  });

  it('two users confirming the same departure at once: one wins, the other is refused, nothing doubled', async () => {
    const { load, orders } = await loadedLoad(3);
    const [r1, r2] = await Promise.all([depart(s.dispatcher, [load.id]), depart(s.dispatcher2, [load.id])]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const loser = r1.statusCode === 409 ? r1 : r2;
    expect(loser.json().errorCode).toBe('WRONG_STATE');
    expect((await milestonesOf(s.kit, load.id)).filter((m) => m.trackStatus === '5')).toHaveLength(1);
    expect(await arriveOf(s.kit, load.id)).toHaveLength(1);
    const log = await orderLogOf(s.kit, orders[0]!.id);
    expect(log.filter((l) => l.action === 'confirmDeparture')).toHaveLength(1);
  });
});

describe('[LOAD] track/delete: cancel departure (A16) and manual milestones', () => {
  it('cancelling the departure puts everything back: orders S4 without leftTime, load L2, arrive record gone', async () => {
    const { load, orders } = await departedLoad(2);
    const m = await departedMilestone(load.id);
    const res = await s.dispatcher.post(`/bus/track/delete/${m!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const after = await loadRow(s.kit, load.id);
    expect(after.status).toBe(2);
    expect(after.leftTime).toBeNull();
    for (const o of orders) {
      const row = await orderRow(s.kit, o.id);
      expect(row.status).toBe(4);
      expect(row.leftTime).toBeNull();
      expect((await orderLogOf(s.kit, o.id)).at(-1)).toMatchObject({
        action: 'cancelDeparture',
        fromStatus: 5,
        toStatus: 4,
      });
    }
    expect(await arriveOf(s.kit, load.id)).toEqual([]);
    expect((await milestonesOf(s.kit, load.id)).map((x) => x.trackStatus)).toEqual(['4']);
    await expectLoadLogged(s.kit, load.id, {
      action: 'cancelDeparture',
      fromStatus: 3,
      toStatus: 2,
    });
    // and it can depart again
    expect((await depart(s.dispatcher, [load.id])).statusCode).toBe(200);
  });

  it('refuses cancelling after a later milestone or once an order arrived; other automatic milestones are locked', async () => {
    const first = await departedLoad(1);
    const added = await s.dispatcher.post('/bus/track/saveDetail', {
      loadIds: [first.load.id],
      trackStatus: '16',
      trackTime: fromNow(3),
    });
    expect(added.statusCode, added.body).toBe(200);
    const m1 = await departedMilestone(first.load.id);
    const r1 = await s.dispatcher.post(`/bus/track/delete/${m1!.id}`);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().msg).toContain(first.load.loadNo);
    expect((await loadRow(s.kit, first.load.id)).status).toBe(3);

    const second = await departedLoad(2);
    await arriveOrders(s.kit, second.load.id, [second.orders[0]!.id]);
    expect((await loadRow(s.kit, second.load.id)).status).toBe(4);
    const m2 = await departedMilestone(second.load.id);
    const r2 = await s.dispatcher.post(`/bus/track/delete/${m2!.id}`);
    expect(r2.statusCode).toBe(409);
    expect(r2.json().errorCode).toBe('WRONG_STATE');
    expect((await orderRow(s.kit, second.orders[1]!.id)).status).toBe(5);
    expect(await arriveOf(s.kit, second.load.id)).toHaveLength(1);

    const loaded = (await milestonesOf(s.kit, second.load.id)).find((m) => m.trackStatus === '4');
    const r3 = await s.dispatcher.post(`/bus/track/delete/${loaded!.id}`);
    expect(r3.statusCode).toBe(409);
    expect(r3.json().msg).toBe('自动轨迹由对应的业务操作生成，不能修改或删除');
  });

  it('cancel departure needs bus:track:cancelDepart; an unknown milestone is a 404', async () => {
    const { load } = await departedLoad(1);
    const m = await departedMilestone(load.id);
    expect((await s.sales.post(`/bus/track/delete/${m!.id}`)).statusCode).toBe(403);
    expect((await s.dispatcher.post('/bus/track/delete/999999999')).statusCode).toBe(404);
    expect((await s.dispatcher.post('/bus/track/delete/abc')).statusCode).toBe(400);
    expect((await loadRow(s.kit, load.id)).status).toBe(3);
  });

  it('deletes a manual milestone with its messages (load-log row)', async () => {
    const { load } = await departedLoad(1);
    const trackId = await manualMilestone(load.id, { message: '已到凭祥', visibleToCustomer: '1' });
    const res = await s.dispatcher.post(`/bus/track/delete/${trackId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await milestonesOf(s.kit, load.id)).map((m) => m.id)).not.toContain(trackId);
    expect(await s.t.db.select().from(busTrackMessage).where(eq(busTrackMessage.trackId, trackId!))).toEqual([]);
    await expectLoadLogged(s.kit, load.id, { action: 'deleteMilestone' });
  });
});

describe('[LOAD] track/saveDetail and track/edit: manual milestones', () => {
  it('records one milestone on each of three loads, with its first message, and a load-log row each', async () => {
    const loads = [(await departedLoad(1)).load, (await departedLoad(1)).load, (await departedLoad(1)).load];
    const res = await s.dispatcher.post('/bus/track/saveDetail', {
      loadIds: loads.map((l) => l.id),
      trackStatus: '16',
      trackTime: fromNow(5),
      trackRemark: '到达友谊关',
      message: '五车同时到达口岸',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.done).toBe(3);
    for (const l of loads) {
      const ms = await milestonesOf(s.kit, l.id);
      expect(ms.at(-1)).toMatchObject({ trackStatus: '16', auto: '0', trackRemark: '到达友谊关' });
      await expectLoadLogged(s.kit, l.id, {
        action: 'addMilestone',
        fromStatus: 3,
        toStatus: 3,
      });
      const timeline = (await s.dispatcher.get(`/bus/track/detail/${l.id}`)).json().data;
      expect(timeline[0]).toMatchObject({ trackStatus: '16', messageCount: 1, auto: '0' });
    }
  });

  it('refuses a milestone on a load not departed, a code that is not manual or does not fit the transport mode', async () => {
    const { load } = await loadedLoad(1);
    const body = { loadIds: [load.id], trackStatus: '16', trackTime: '2026-11-26 10:00:00' };
    const early = await s.dispatcher.post('/bus/track/saveDetail', body);
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toContain(load.loadNo);
    const gone = await departedLoad(1);
    const sailed = await s.dispatcher.post('/bus/track/saveDetail', {
      ...body,
      loadIds: [gone.load.id],
      trackStatus: '14',
    });
    expect(sailed.statusCode).toBe(400);
    expect(sailed.json()).toMatchObject({ errorCode: 'VALIDATION', field: 'trackStatus' });
    expect(sailed.json().msg).toContain(gone.load.loadNo);
    const auto = await s.dispatcher.post('/bus/track/saveDetail', {
      ...body,
      loadIds: [gone.load.id],
      trackStatus: '5',
    });
    expect(auto.statusCode).toBe(400);
    expect(auto.json().field).toBe('trackStatus');
    expect((await s.sales.post('/bus/track/saveDetail', { ...body, loadIds: [gone.load.id] })).statusCode).toBe(403);
    expect((await milestonesOf(s.kit, gone.load.id)).filter((m) => m.auto === '0')).toEqual([]);
  });

  it('edits a manual milestone with its version (stale -> 409) and never an automatic one', async () => {
    const { load } = await departedLoad(1);
    const id = await manualMilestone(load.id);
    const edit = { id, version: 0, trackStatus: '12', trackTime: '2026-11-24 09:30:00', trackRemark: '查验' };
    const res = await s.dispatcher.post('/bus/track/edit', edit);
    expect(res.statusCode, res.body).toBe(200);
    const row = (await milestonesOf(s.kit, load.id)).find((m) => m.id === id);
    expect(row).toMatchObject({ trackStatus: '12', trackRemark: '查验', version: 1, updateBy: 'dispatcher' });
    const stale = await s.dispatcher.post('/bus/track/edit', edit);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('CHANGED_RELOAD');
    const dep = await departedMilestone(load.id);
    const locked = await s.dispatcher.post('/bus/track/edit', { ...edit, id: dep!.id, version: dep!.version });
    expect(locked.statusCode).toBe(409);
    expect((await s.sales.post('/bus/track/edit', { ...edit, version: 1 })).statusCode).toBe(403);
    await expectLoadLogged(s.kit, load.id, { action: 'editMilestone' });
  });
});

describe('[LOAD] track/upatePreArriveTime: ETA', () => {
  it("moves the load's etaDate and every order's preArriveTime, with order-log before/after", async () => {
    const { load, orders } = await departedLoad(3);
    const res = await s.dispatcher.post('/bus/track/upatePreArriveTime', {
      loadIds: [load.id],
      preArriveTime: '2026-11-30 14:00:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ ids: [load.id], done: 3 });
    expect((await loadRow(s.kit, load.id)).etaDate?.toISOString()).toBe('2026-11-30T06:00:00.000Z');
    for (const o of orders) {
      const row = await orderRow(s.kit, o.id);
      expect(row.preArriveTime?.toISOString()).toBe('2026-11-30T06:00:00.000Z');
      expect(row.status).toBe(5);
      const last = (await orderLogOf(s.kit, o.id)).at(-1)!;
      expect(last).toMatchObject({ action: 'modifyAfterReceipt', fromStatus: 5, toStatus: 5 });
      expect(last.changes).toEqual([
        expect.objectContaining({ field: 'preArriveTime', after: '2026-11-30T06:00:00.000Z' }),
      ]);
    }
    await expectLoadLogged(s.kit, load.id, { action: 'changeEta', orderCount: 3 });
  });

  it('works on a loaded load (L2), refuses an arrived one (L4), needs bus:track:eta', async () => {
    const { load: ready } = await loadedLoad(1);
    const ok = await s.dispatcher.post('/bus/track/upatePreArriveTime', {
      loadIds: [ready.id],
      preArriveTime: '2026-12-01 10:00:00',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await loadRow(s.kit, ready.id)).status).toBe(2);
    const { load, orders } = await departedLoad(1);
    await arriveOrders(s.kit, load.id, [orders[0]!.id]);
    const late = await s.dispatcher.post('/bus/track/upatePreArriveTime', {
      loadIds: [load.id],
      preArriveTime: '2026-12-01 10:00:00',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toContain(load.loadNo);
    expect(
      (await s.sales.post('/bus/track/upatePreArriveTime', { loadIds: [ready.id], preArriveTime: '2026-12-01 10:00' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await s.dispatcher.post('/bus/track/upatePreArriveTime', { loadIds: [ready.id], preArriveTime: 'soon' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('[LOAD] track reads and messages', () => {
  it('answers the load, its timeline newest first with the synthesized received entry, and the list tabs', async () => {
    const { load } = await departedLoad(2);
    const one = await s.dispatcher.get(`/bus/track/${load.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({
      id: load.id,
      status: 3,
      trackStatus: '5',
      orderCount: 2,
      noNews: expect.any(Boolean),
    });
    const detail = (await s.dispatcher.get(`/bus/track/detail/${load.id}`)).json().data as {
      id: number;
      trackStatus: string;
      auto: string;
    }[];
    expect(detail.map((d) => d.trackStatus)).toEqual(['5', '4', '2']);
    expect(detail.at(-1)).toMatchObject({ id: 0, auto: '1' });
    const transit = (await s.dispatcher.get('/bus/track/list?tab=transit&pageSize=100')).json();
    expect(transit.rows.map((r: { id: number }) => r.id)).toContain(load.id);
    const waiting = (await s.dispatcher.get('/bus/track/list?tab=waiting&pageSize=100')).json();
    expect(waiting.rows.map((r: { id: number }) => r.id)).not.toContain(load.id);
    // other sales person's customers: not in the list, 404 by id
    const other = (await s.sales2.get('/bus/track/list?tab=all&pageSize=100')).json();
    expect(other.rows.map((r: { id: number }) => r.id)).not.toContain(load.id);
    expect((await s.sales2.get(`/bus/track/detail/${load.id}`)).statusCode).toBe(404);
    expect((await s.sales.get(`/bus/track/detail/${load.id}`)).statusCode).toBe(200);
    expect((await s.t.anon.get(`/bus/track/${load.id}`)).statusCode).toBe(401);
  });

  it('keeps messages per milestone: service writes, everyone with the load reads, others get 404', async () => {
    const { load } = await departedLoad(1);
    const m = await departedMilestone(load.id);
    const saved = await s.service.post('/bus/track/saveMessage', {
      trackId: m!.id,
      content: '客户询问到港时间',
      visibleToCustomer: '1',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await s.service.post('/bus/track/saveMessage', { trackId: m!.id, content: '' })).statusCode).toBe(400);
    expect((await s.sales.post('/bus/track/saveMessage', { trackId: m!.id, content: 'x' })).statusCode).toBe(403);
    const list = await s.dispatcher.post(`/bus/track/listMessage/${m!.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ content: '客户询问到港时间', visibleToCustomer: '1', createBy: 'service' }),
    ]);
    expect((await s.sales2.post(`/bus/track/listMessage/${m!.id}`)).statusCode).toBe(404);
    expect((await s.dispatcher.get(`/bus/track/${load.id}`)).json().data.messageCount).toBe(1);
  });
});
