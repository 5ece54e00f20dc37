import { convert, toMoneyString } from '@theone/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../test/build-test-app';
import { busOrder } from '../inware/inware.table';
import { expectPartiesFresh } from '../load/load.test-utils';
import {
  expectLoadLogged,
  loadLogOf,
  loadRow,
  milestonesOf,
  orderLogOf,
  orderRow,
  stockOrder,
} from '../load/track.test-utils';
import { arriveLines, arriveRow, departedLoad, pickedUpLoad, useArriveSuite } from './arrive.test-utils';

/**
 * A17 confirm arrival (whole container, ticked orders, one scan) and A18 cancel arrival through /bus/arrive against
 * real PostgreSQL: orders S5 <-> S6 through the order core, the record P1/P2/P3, the load L3 <-> L4, the automatic
 * 'arrived' milestone, the arrival lines (time, warehouse, pieces counted), refusals and two clerks at once.
 */

const s = useArriveSuite(async ({ t }) => ({ dispatcher2: await t.login('dispatcher') }));

const sure = (client: TestClient, body: object) => client.post('/bus/arrive/sure', body);
const arrivedMilestones = async (loadId: number) =>
  (await milestonesOf(s.kit, loadId)).filter((m) => m.trackStatus === '6' && m.auto === '1');

describe('[ARRIVE] arrive/sure: a whole container (A17)', () => {
  it('moves every S5 order to S6 with arriveId, the record P3, the load L4, the arrived milestone and lines', async () => {
    const { load, orders, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 2);
    await s.t.db.update(busOrder).set({ trayNo: 'GZ-T7' }).where(eq(busOrder.id, orders[0]!.id));
    const res = await sure(s.dispatcher, { arriveId: arrive.id, arriveTime: '2026-11-23 14:00:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: arrive.id, status: 3, loadId: load.id, loadStatus: 4, done: 2 });
    for (const o of orders) {
      const row = await orderRow(s.kit, o.id);
      // the origin tray gives way to the overseas shelf (set later), kept in the log
      expect(row).toMatchObject({ status: 6, arriveId: arrive.id, trayNo: '' });
      expect((await orderLogOf(s.kit, o.id)).at(-1)).toMatchObject({
        action: 'confirmArrival',
        fromStatus: 5,
        toStatus: 6,
      });
    }
    expect((await arriveRow(s.t, arrive.id)).status).toBe(3);
    expect((await loadRow(s.kit, load.id)).status).toBe(4);
    const ms = await arrivedMilestones(load.id);
    expect(ms).toHaveLength(1);
    expect(ms[0]!.trackTime.toISOString()).toBe('2026-11-23T06:00:00.000Z');
    const [logged] = (await orderLogOf(s.kit, orders[0]!.id)).slice(-1);
    expect(logged!.changes).toEqual([{ field: 'trayNo', before: 'GZ-T7', after: null }]);
    const lines = await arriveLines(s.t, arrive.id);
    expect(lines.map((l) => [l.orderId, l.houseId, l.pieces])).toEqual(orders.map((o) => [o.id, s.refs.houseId, []]));
    await expectLoadLogged(s.kit, load.id, {
      action: 'arrive',
      fromStatus: 3,
      toStatus: 4,
      orderCount: 2,
    });
  });

  it('refuses a container not picked up (P0) and one already all in (P3), changing nothing', async () => {
    const { orders, arrive } = await departedLoad(s.kit, s.dispatcher, 1);
    const early = await sure(s.dispatcher, { arriveId: arrive.id });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errorCode: 'WRONG_STATE' });
    expect((await orderRow(s.kit, orders[0]!.id)).status).toBe(5);
    const done = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 1);
    expect((await sure(s.dispatcher, { arriveId: done.arrive.id })).statusCode).toBe(200);
    const again = await sure(s.dispatcher, { arriveId: done.arrive.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain(done.load.containerNo);
    expect(await arrivedMilestones(done.load.id)).toHaveLength(1);
  });

  it('refuses bad input: neither record nor code, a code with ticked orders, a bad time, an origin warehouse', async () => {
    const { orders, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 1);
    expect((await sure(s.dispatcher, {})).statusCode).toBe(400);
    expect((await sure(s.dispatcher, { code: 'X', orderIds: [orders[0]!.id] })).statusCode).toBe(400);
    expect((await sure(s.dispatcher, { arriveId: arrive.id, arriveTime: '2026-13-01 10:00' })).statusCode).toBe(400);
    expect((await sure(s.dispatcher, { arriveId: arrive.id, x: 1 })).statusCode).toBe(400);
    const wrongHouse = await sure(s.dispatcher, { arriveId: arrive.id, arrivedHouseId: s.refs.originHouseId });
    expect(wrongHouse.statusCode).toBe(400);
    expect(wrongHouse.json().field).toBe('arrivedHouseId');
    expect((await orderRow(s.kit, orders[0]!.id)).status).toBe(5);
  });

  it('needs bus:arrive:sure or bus:arriveOrder:sure (403) and hides other sales people’s containers (404)', async () => {
    const { arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 1);
    expect((await sure(s.finance, { arriveId: arrive.id })).statusCode).toBe(403);
    expect((await sure(s.sales2, { arriveId: arrive.id })).statusCode).toBe(404);
    expect((await arriveRow(s.t, arrive.id)).status).toBe(1);
  });

  it('a scoped user confirms only their own customers’ orders of a shared container', async () => {
    const { orders, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 2, [{}, { markId: s.ids.YW101 }]);
    const res = await sure(s.sales, { arriveId: arrive.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 2, done: 1 });
    expect((await orderRow(s.kit, orders[0]!.id)).status).toBe(6);
    expect((await orderRow(s.kit, orders[1]!.id)).status).toBe(5);
  });
});

describe('[ARRIVE] arrive/sure: ticked orders', () => {
  it('confirms the ticked orders only (P2), then the rest (P3)', async () => {
    const { load, orders, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 3);
    const first = await sure(s.dispatcher, { arriveId: arrive.id, orderIds: [orders[0]!.id] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 2, loadStatus: 4, done: 1 });
    const rest = await sure(s.dispatcher, { arriveId: arrive.id, orderIds: [orders[1]!.id, orders[2]!.id] });
    expect(rest.json().data).toMatchObject({ status: 3, done: 2 });
    expect(await arrivedMilestones(load.id)).toHaveLength(1);
  });

  it('refuses a stale version (changed by someone else), an arrived order and another container’s order', async () => {
    const { orders, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 2);
    const other = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 1);
    const before = await orderRow(s.kit, orders[0]!.id);
    const stale = await sure(s.dispatcher, {
      arriveId: arrive.id,
      orderIds: [orders[0]!.id],
      versions: [before.version - 1],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBeTruthy();
    expect((await sure(s.dispatcher, { arriveId: arrive.id, orderIds: [other.orders[0]!.id] })).statusCode).toBe(404);
    expect((await sure(s.dispatcher, { arriveId: arrive.id, orderIds: [orders[0]!.id] })).statusCode).toBe(200);
    const twice = await sure(s.dispatcher, { arriveId: arrive.id, orderIds: [orders[0]!.id] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ errorCode: 'WRONG_STATE' });
    expect((await arriveLines(s.t, arrive.id)).length).toBe(1);
  });
});

describe('[ARRIVE] arrive/sure with a scanned code', () => {
  it('receives an order by a piece label, counts its other pieces, refuses repeats, completes by waybill', async () => {
    const { load, orders, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 2);
    const o = orders[0]!;
    const first = await sure(s.dispatcher, { code: `${o.transportId}-2` });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      id: arrive.id,
      status: 2,
      loadStatus: 4,
      done: 1,
      scan: { orderId: o.id, kind: 'receive', scannedPieces: 1, expectedPieces: 3, containerNo: load.containerNo },
    });
    expect((await orderRow(s.kit, o.id)).status).toBe(6);
    const repeat = await sure(s.dispatcher, { code: `${o.transportId.toLowerCase()}-2` });
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toMatchObject({ errorCode: 'DUPLICATE' });
    const next = await sure(s.dispatcher, { code: `${o.transportId}-1` });
    expect(next.json().data.scan).toMatchObject({ kind: 'count', scannedPieces: 2, expectedPieces: 3 });
    const whole = await sure(s.dispatcher, { code: o.transportId });
    expect(whole.json().data.scan).toMatchObject({ kind: 'count', scannedPieces: 3 });
    await s.dispatcher.post('/bus/arrive/location', { orderIds: [o.id], trayNo: 'A-03-2' });
    const shelved = await sure(s.dispatcher, { code: o.transportId });
    expect(shelved.statusCode).toBe(409);
    expect(shelved.json()).toMatchObject({ errorCode: 'DUPLICATE' });
    expect(shelved.json().msg).toContain('A-03-2');
    const [line] = await arriveLines(s.t, arrive.id);
    expect(line!.pieces).toEqual([1, 2, 3]);
    // the waybill of the second order receives it with every piece
    const second = await sure(s.dispatcher, { code: orders[1]!.transportId });
    expect(second.json().data).toMatchObject({ status: 3, scan: { kind: 'receive', scannedPieces: 3 } });
    // a scan leaves the load's party rows alone (nothing they add up changed): they are still what the orders give
    await expectPartiesFresh(s.t, [load.id]);
  });

  it('answers M-notfound for an unknown code or a piece number above the order’s pieces', async () => {
    const { orders } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 1);
    const unknown = await sure(s.dispatcher, { code: 'NOPE123' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toContain('NOPE123');
    expect((await sure(s.dispatcher, { code: `${orders[0]!.transportId}-4` })).statusCode).toBe(404);
    expect((await orderRow(s.kit, orders[0]!.id)).status).toBe(5);
  });

  it('refuses an order whose container is not picked up, and an order not departed', async () => {
    const { orders } = await departedLoad(s.kit, s.dispatcher, 1);
    const res = await sure(s.dispatcher, { code: orders[0]!.transportId });
    expect(res.statusCode).toBe(409);
    expect((await orderRow(s.kit, orders[0]!.id)).status).toBe(5);
    const stock = await stockOrder(s.kit);
    const notDeparted = await sure(s.dispatcher, { code: stock.transportId });
    expect(notDeparted.statusCode).toBe(409);
    expect(notDeparted.json()).toMatchObject({ errorCode: 'WRONG_STATE' });
  });

  it('shows the amount to collect in THB for an arrive-pay customer (TH002, RMB at the seeded 4.85)', async () => {
    const { orders } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 2, [
      { markId: s.ids.TH002 },
      { markId: s.ids.TH002 },
    ]);
    await s.t.db.update(busOrder).set({ feeArAmount: '250.00', currency: 'RMB' }).where(eq(busOrder.id, orders[0]!.id));
    await s.t.db.update(busOrder).set({ feeArAmount: '99.99', currency: 'THB' }).where(eq(busOrder.id, orders[1]!.id));
    const rmb = await sure(s.dispatcher, { code: orders[0]!.transportId });
    expect(rmb.statusCode, rmb.body).toBe(200);
    expect(rmb.json().data.scan.collectAmount).toBe(toMoneyString(convert('250.00', '4.85')));
    expect(rmb.json().data.scan.collectAmount).toBe('1212.50');
    const thb = await sure(s.dispatcher, { code: `${orders[1]!.transportId}-1` });
    expect(thb.json().data.scan.collectAmount).toBe('99.99');
    // a monthly customer (TH001): nothing to collect
    const monthly = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 1);
    expect(
      (await sure(s.dispatcher, { code: monthly.orders[0]!.transportId })).json().data.scan.collectAmount,
    ).toBeNull();
  });

  it('hides another sales person’s order from a scoped scanner (M-notfound)', async () => {
    const { orders } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 1);
    expect((await sure(s.sales2, { code: orders[0]!.transportId })).statusCode).toBe(404);
    expect((await sure(s.sales, { code: orders[0]!.transportId })).statusCode).toBe(200);
  });
});

describe('[ARRIVE] arrive/cancel/{id} (A18)', () => {
  it('takes ticked orders back to S5 (P2), then the rest (P1, load L3, milestone removed)', async () => {
    const { load, orders, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 2);
    await sure(s.dispatcher, { arriveId: arrive.id });
    const one = await s.dispatcher.post(`/bus/arrive/cancel/${arrive.id}`, { orderIds: [orders[0]!.id] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({ status: 2, loadStatus: 4, done: 1 });
    // still L4 (one order in the warehouse): the milestone stays
    expect(await arrivedMilestones(load.id)).toHaveLength(1);
    expect(await orderRow(s.kit, orders[0]!.id)).toMatchObject({ status: 5, arriveId: null });
    expect((await orderLogOf(s.kit, orders[0]!.id)).at(-1)).toMatchObject({ action: 'cancelArrival', toStatus: 5 });
    const rest = await s.dispatcher.post(`/bus/arrive/cancel/${arrive.id}`, {});
    expect(rest.json().data).toMatchObject({ status: 1, loadStatus: 3, done: 1 });
    expect(await arriveLines(s.t, arrive.id)).toEqual([]);
    expect(await arrivedMilestones(load.id)).toEqual([]);
    expect((await loadRow(s.kit, load.id)).status).toBe(3);
  });

  it('refuses an order in a delivery run (M-insend) and a record with nothing arrived, changing nothing', async () => {
    const { orders, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 2);
    const none = await s.dispatcher.post(`/bus/arrive/cancel/${arrive.id}`, {});
    expect(none.statusCode).toBe(409);
    await sure(s.dispatcher, { arriveId: arrive.id });
    await s.t.db.update(busOrder).set({ sendId: 999_999 }).where(eq(busOrder.id, orders[1]!.id));
    const res = await s.dispatcher.post(`/bus/arrive/cancel/${arrive.id}`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain(orders[1]!.transportId);
    expect((await orderRow(s.kit, orders[0]!.id)).status).toBe(6);
    expect((await arriveRow(s.t, arrive.id)).status).toBe(3);
    await s.t.db.update(busOrder).set({ sendId: null }).where(eq(busOrder.id, orders[1]!.id));
  });

  it('refuses bad input, a missing permission and another sales person’s container', async () => {
    const { arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 1);
    await sure(s.dispatcher, { arriveId: arrive.id });
    expect((await s.dispatcher.post(`/bus/arrive/cancel/${arrive.id}`, { orderIds: [] })).statusCode).toBe(400);
    expect((await s.dispatcher.post('/bus/arrive/cancel/abc', {})).statusCode).toBe(400);
    expect((await s.finance.post(`/bus/arrive/cancel/${arrive.id}`, {})).statusCode).toBe(403);
    expect((await s.sales2.post(`/bus/arrive/cancel/${arrive.id}`, {})).statusCode).toBe(404);
    expect((await arriveRow(s.t, arrive.id)).status).toBe(3);
  });
});

describe('[ARRIVE] two clerks at once', () => {
  it('two confirmations of the same container: one wins, the other is refused, each order arrives once', async () => {
    const { load, orders, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 3);
    const answers = await Promise.all([
      sure(s.dispatcher, { arriveId: arrive.id }),
      sure(s.dispatcher2, { arriveId: arrive.id }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    for (const o of orders) expect((await orderRow(s.kit, o.id)).status).toBe(6);
    expect(await arriveLines(s.t, arrive.id)).toHaveLength(3);
    expect(await arrivedMilestones(load.id)).toHaveLength(1);
    const arriveLog = (await loadLogOf(s.kit, load.id)).filter((l) => l.action === 'arrive');
    expect(arriveLog).toHaveLength(1);
  });

  it('the same order ticked by two clerks at once: received once', async () => {
    const { orders, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 2);
    const body = { arriveId: arrive.id, orderIds: [orders[0]!.id] };
    const answers = await Promise.all([sure(s.dispatcher, body), sure(s.dispatcher2, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await arriveLines(s.t, arrive.id)).toHaveLength(1);
    const confirmations = (await orderLogOf(s.kit, orders[0]!.id)).filter((l) => l.action === 'confirmArrival');
    expect(confirmations).toHaveLength(1);
  });

  it('ten scans of one piece label at once count it once', async () => {
    const { orders, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 1);
    const code = `${orders[0]!.transportId}-1`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => sure(i % 2 ? s.dispatcher : s.dispatcher2, { code })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    const [line] = await arriveLines(s.t, arrive.id);
    expect(line!.pieces).toEqual([1]);
  });

  it('a confirmation and a cancellation at once leave a consistent record', async () => {
    const { orders, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 2);
    await sure(s.dispatcher, { arriveId: arrive.id, orderIds: [orders[0]!.id] });
    await Promise.all([
      sure(s.dispatcher, { arriveId: arrive.id, orderIds: [orders[1]!.id] }),
      s.dispatcher2.post(`/bus/arrive/cancel/${arrive.id}`, { orderIds: [orders[0]!.id] }),
    ]);
    const statuses = [(await orderRow(s.kit, orders[0]!.id)).status, (await orderRow(s.kit, orders[1]!.id)).status];
    const arrived = statuses.filter((status) => status === 6).length;
    expect((await arriveRow(s.t, arrive.id)).status).toBe(arrived === 0 ? 1 : arrived === 2 ? 3 : 2);
    expect(await arriveLines(s.t, arrive.id)).toHaveLength(arrived);
  });
});
