import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/build-test-app';
import { expectRefusal } from '../../../../test/refusal';
import { busOrder } from '../inware/inware.table';
import { refIds, type TRefIds } from '../inware/inware.test-utils';
import {
  arrivedOrders,
  driverWithVehicle,
  linesOf,
  orderLogOf,
  orderRow,
  runLog,
  runRow,
  sendKit,
  staleRunTotals,
  type TSendKit,
} from './send.test-utils';

/**
 * Delivery runs through /bus/send/* against real PostgreSQL (A19 add, A20 remove, A21 dispatch, A22 back to stock,
 * edit, delete, list, details, desk, export, run sheet): success, bad input, wrong state, missing permission, other
 * people's data, a driver's own runs, and two dispatchers adding one order to two runs at once.
 */

let t: TestApp;
let ids: TRefIds;
let kit: TSendKit;
let admin: TestClient;
let dispatcher: TestClient;
let dispatcher2: TestClient;
let driver: TestClient;
let service: TestClient;
let finance: TestClient;
let mine: { driverId: number; vehicleId: number };
let other: { driverId: number; vehicleId: number };

beforeAll(async () => {
  t = await createTestApp();
  ids = await refIds(t);
  [admin, dispatcher, dispatcher2, driver, service, finance] = await Promise.all(
    ['admin', 'dispatcher', 'dispatcher', 'driver', 'service', 'finance'].map((u) => t.login(u)),
  );
  kit = await sendKit(t, ids, admin);
  mine = await driverWithVehicle(t, 'Somchai', 'driver');
  other = await driverWithVehicle(t, 'Anan');
});
afterAll(async () => t.close());

const header = (x: Record<string, unknown> = {}) => ({
  sendTime: '2026-11-24 08:00:00',
  driverId: mine.driverId,
  vehicleId: mine.vehicleId,
  sendRemark: '曼谷北线',
  ...x,
});

async function run(client: TestClient, orderIds: number[], x: Record<string, unknown> = {}) {
  const res = await client.post('/bus/send/add', { ...header(x), orderIds });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; sendNo: string; status: number; version: number; done: number };
}

describe('[SEND] send/add, addOrder (A19)', () => {
  it('opens a draft run with its orders: still S6 with sendId, one line each, order-log and run-log rows', async () => {
    const { orders } = await arrivedOrders(kit, 2);
    const created = await run(
      dispatcher,
      orders.map((o) => o.id),
    );
    expect(created).toMatchObject({ status: 0, done: 2 });
    expect(created.sendNo).toMatch(/^SD\d{6}\d{4}$/);
    for (const o of orders) {
      const row = await orderRow(kit, o.id);
      expect([row.status, row.sendId]).toEqual([6, created.id]);
      expect((await orderLogOf(kit, o.id)).at(-1)).toMatchObject({
        action: 'addToSendOrder',
        fromStatus: 6,
        toStatus: 6,
      });
    }
    const lines = await linesOf(t, created.id);
    expect(lines.map((l) => [l.orderId, l.pieces, l.seq, l.returned])).toEqual([
      [orders[0]!.id, 3, 1, '0'],
      [orders[1]!.id, 3, 2, '0'],
    ]);
    expect((await runLog(t, created.id)).map((l) => l.action)).toEqual(['add', 'addOrder']);
  });

  it('bad input changes nothing: no driver, an unknown driver, an impossible time, no order ids on addOrder', async () => {
    const { orders } = await arrivedOrders(kit, 1);
    const r1 = await dispatcher.post('/bus/send/add', {
      ...header({ driverId: undefined }),
      orderIds: [orders[0]!.id],
    });
    expect(r1.statusCode).toBe(400);
    const r2 = await dispatcher.post('/bus/send/add', { ...header({ driverId: 999999 }), orderIds: [orders[0]!.id] });
    expect([r2.statusCode, r2.json().field]).toEqual([400, 'driverId']);
    const r3 = await dispatcher.post('/bus/send/add', { ...header({ sendTime: '2026-02-30 08:00:00' }), orderIds: [] });
    expect(r3.statusCode).toBe(400);
    const empty = await run(dispatcher, []);
    const r4 = await dispatcher.post(`/bus/send/addOrder/${empty.id}`, { orderIds: [] });
    expect(r4.statusCode).toBe(400);
    expect((await orderRow(kit, orders[0]!.id)).sendId).toBeNull();
  });

  it('refuses an order not in the overseas stock, one already in a run (M-insend), one with an open problem item', async () => {
    const { orders } = await arrivedOrders(kit, 3);
    const [a, b, c] = orders.map((o) => o.id) as [number, number, number];
    await run(dispatcher, [a]);
    expectRefusal(
      await dispatcher.post('/bus/send/add', { ...header(), orderIds: [b, a] }),
      409,
      'msg_in_send_reselect',
    );
    await t.db.update(busOrder).set({ ifException: 1 }).where(eq(busOrder.id, c));
    expectRefusal(
      await dispatcher.post('/bus/send/add', { ...header(), orderIds: [c] }),
      409,
      'msg_open_exception_reselect',
    );
    await t.db.update(busOrder).set({ status: 5 }).where(eq(busOrder.id, b));
    expectRefusal(
      await dispatcher.post('/bus/send/add', { ...header(), orderIds: [b] }),
      409,
      'msg_overseas_stock_state_reselect',
    );
    expect((await orderRow(kit, b)).sendId).toBeNull();
  });

  it('needs the add key: customer service and finance are refused', async () => {
    const { orders } = await arrivedOrders(kit, 1);
    expect((await service.post('/bus/send/add', { ...header(), orderIds: [orders[0]!.id] })).statusCode).toBe(403);
    expect((await driver.post('/bus/send/add', { ...header(), orderIds: [orders[0]!.id] })).statusCode).toBe(403);
  });

  it('two dispatchers add the same order to two runs at once: exactly one wins, the other run is unchanged', async () => {
    const { orders } = await arrivedOrders(kit, 1);
    const a = orders[0]!.id;
    const [r1, r2] = [await run(dispatcher, []), await run(dispatcher2, [])];
    const results = await Promise.all([
      dispatcher.post(`/bus/send/addOrder/${r1.id}`, { orderIds: [a] }),
      dispatcher2.post(`/bus/send/addOrder/${r2.id}`, { orderIds: [a] }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results[0]!.statusCode === 200 ? r1 : r2;
    const loser = winner === r1 ? r2 : r1;
    expect((await orderRow(kit, a)).sendId).toBe(winner.id);
    expect(await linesOf(t, loser.id)).toEqual([]);
    expect((await linesOf(t, winner.id)).length).toBe(1);
  });
});

describe('[SEND] send/sure (A21), removeOrder (A20/A22), edit, delete', () => {
  it('dispatches a draft: D1, orders S7 delivered; an empty or dispatched run is refused', async () => {
    const { orders } = await arrivedOrders(kit, 2);
    const r = await run(
      dispatcher,
      orders.map((o) => o.id),
    );
    const res = await dispatcher.post('/bus/send/sure', { ids: [r.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ ids: [r.id], done: 2 });
    expect((await runRow(t, r.id))!.status).toBe(1);
    expect((await runRow(t, r.id))!.dispatchTime).not.toBeNull();
    for (const o of orders) expect(await orderRow(kit, o.id)).toMatchObject({ status: 7, deliveryStatus: 2 });
    expectRefusal(await dispatcher.post('/bus/send/sure', { ids: [r.id] }), 409, 'msg_send_draft_reselect');
    const empty = await run(dispatcher, []);
    expectRefusal(await dispatcher.post('/bus/send/sure', { ids: [empty.id] }), 409, 'msg_send_empty_reselect');
    expect((await dispatcher.post('/bus/send/sure', { ids: [] })).statusCode).toBe(400);
    expect((await service.post('/bus/send/sure', { ids: [r.id] })).statusCode).toBe(403);
  });

  it('an order whose problem item opened after it was put in the run blocks the dispatch (M-exc), nothing moves', async () => {
    const { orders } = await arrivedOrders(kit, 2);
    const r = await run(
      dispatcher,
      orders.map((o) => o.id),
    );
    await t.db.update(busOrder).set({ ifException: 1 }).where(eq(busOrder.id, orders[1]!.id));
    expectRefusal(await dispatcher.post('/bus/send/sure', { ids: [r.id] }), 409, 'msg_open_exception_reselect');
    expect((await orderRow(kit, orders[0]!.id)).status).toBe(6);
    expect((await runRow(t, r.id))!.status).toBe(0);
  });

  it('removes an order from a draft (A20: line gone, still S6) and takes dispatched ones back to stock (A22)', async () => {
    const { orders } = await arrivedOrders(kit, 3);
    const [a, b, c] = orders.map((o) => o.id) as [number, number, number];
    const r = await run(dispatcher, [a, b, c]);
    const out = await dispatcher.post(`/bus/send/removeOrder/${r.id}`, { orderIds: [c] });
    expect(out.statusCode, out.body).toBe(200);
    expect((await orderRow(kit, c)).sendId).toBeNull();
    expect((await linesOf(t, r.id)).map((l) => l.orderId)).toEqual([a, b]);
    await dispatcher.post('/bus/send/sure', { ids: [r.id] });
    const back = await dispatcher.post(`/bus/send/removeOrder/${r.id}`, { orderIds: [a] });
    expect(back.statusCode, back.body).toBe(200);
    expect(await orderRow(kit, a)).toMatchObject({ status: 6, sendId: null, deliveryStatus: 0 });
    expect((await orderLogOf(kit, a)).at(-1)).toMatchObject({ action: 'backToStock', fromStatus: 7, toStatus: 6 });
    expect((await linesOf(t, r.id)).find((l) => l.orderId === a)!.returned).toBe('1');
    expect((await runRow(t, r.id))!.status).toBe(1);
    // the last one back: the run is a draft again
    await dispatcher.post(`/bus/send/removeOrder/${r.id}`, { orderIds: [b] });
    expect((await runRow(t, r.id))!.status).toBe(0);
    // an order of another run is refused
    const r2 = await run(dispatcher, [c]);
    expectRefusal(
      await dispatcher.post(`/bus/send/removeOrder/${r.id}`, { orderIds: [c] }),
      409,
      'msg_send_not_in_run_reselect',
    );
    expect((await orderRow(kit, c)).sendId).toBe(r2.id);
  });

  it('edits the header of a draft (version compared); a dispatched run keeps its header', async () => {
    const { orders } = await arrivedOrders(kit, 1);
    const r = await run(
      dispatcher,
      orders.map((o) => o.id),
    );
    const body = { id: r.id, version: r.version, ...header({ driverId: other.driverId, vehicleId: other.vehicleId }) };
    const res = await dispatcher.post('/bus/send/edit', body);
    expect(res.statusCode, res.body).toBe(200);
    expect((await runRow(t, r.id))!.driverId).toBe(other.driverId);
    expect((await dispatcher.post('/bus/send/edit', body)).statusCode).toBe(409);
    await dispatcher.post('/bus/send/sure', { ids: [r.id] });
    const now = (await runRow(t, r.id))!;
    expectRefusal(
      await dispatcher.post('/bus/send/edit', { ...body, version: now.version, driverId: mine.driverId }),
      409,
      'msg_send_draft_reselect',
    );
  });

  it('amounts: fees only with the fee role (403 otherwise), the amount to collect by anyone with the edit key', async () => {
    const { orders } = await arrivedOrders(kit, 1);
    const o = orders[0]!.id;
    const r = await run(dispatcher, [o]);
    const fee = await dispatcher.post('/bus/send/edit', {
      id: r.id,
      version: r.version,
      ...header(),
      amounts: [{ orderId: o, sendFeeAmount: '120.00' }],
    });
    expect(fee.statusCode).toBe(403);
    const part = await dispatcher.post('/bus/send/edit', {
      id: r.id,
      version: r.version,
      ...header(),
      amounts: [{ orderId: o, sendPartAmount: '1500.50' }],
    });
    expect(part.statusCode, part.body).toBe(200);
    const byAdmin = await admin.post('/bus/send/edit', {
      id: r.id,
      version: part.json().data.version,
      ...header(),
      amounts: [{ orderId: o, sendFeeAmount: '120', sendOtherAmount: '35.5' }],
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const [line] = await linesOf(t, r.id);
    expect([line!.sendFeeAmount, line!.sendPartAmount, line!.sendOtherAmount]).toEqual(['120.00', '1500.50', '35.50']);
    // the dispatcher's list shows the amount to collect, never the fees
    const list = (await dispatcher.get(`/bus/send/list?sendNo=${r.sendNo}`)).json();
    expect(list.rows[0].sendPartAmount).toBe('1500.50');
    expect(list.rows[0]).not.toHaveProperty('sendFeeAmount');
    const fin = (await finance.get(`/bus/send/list?sendNo=${r.sendNo}`)).json();
    expect([fin.rows[0].sendFeeAmount, fin.rows[0].sendOtherAmount]).toEqual(['120.00', '35.50']);
  });

  it('deletes draft runs (orders stay S6, out of the run); a dispatched run is refused and nothing is deleted', async () => {
    const { orders } = await arrivedOrders(kit, 2);
    const r1 = await run(dispatcher, [orders[0]!.id]);
    const r2 = await run(dispatcher, [orders[1]!.id]);
    await dispatcher.post('/bus/send/sure', { ids: [r2.id] });
    expectRefusal(await dispatcher.post(`/bus/send/delete/${r1.id},${r2.id}`), 409, 'msg_send_draft_reselect');
    expect(await runRow(t, r1.id)).toBeDefined();
    const res = await dispatcher.post(`/bus/send/delete/${r1.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await runRow(t, r1.id)).toBeUndefined();
    expect(await orderRow(kit, orders[0]!.id)).toMatchObject({ status: 6, sendId: null });
    expect((await driver.post(`/bus/send/delete/${r2.id}`)).statusCode).toBe(403);
  });
});

describe('[SEND] reads: list, details, desk; drivers and scoped users', () => {
  it('a driver sees only the runs of their own driver record; another run is a 404', async () => {
    const { orders } = await arrivedOrders(kit, 2);
    const own = await run(dispatcher, [orders[0]!.id]);
    const theirs = await run(dispatcher, [orders[1]!.id], { driverId: other.driverId, vehicleId: other.vehicleId });
    const list = (await driver.get('/bus/send/list?pageSize=500')).json();
    const seen = list.rows.map((r: { id: number }) => r.id);
    expect(seen).toContain(own.id);
    expect(seen).not.toContain(theirs.id);
    expect(list.rows.every((r: { driverId: number }) => r.driverId === mine.driverId)).toBe(true);
    expect(list.rows[0]).not.toHaveProperty('sendFeeAmount');
    expect((await driver.get(`/bus/send/${own.id}`)).statusCode).toBe(200);
    expect((await driver.get(`/bus/send/${theirs.id}`)).statusCode).toBe(404);
    expect((await driver.post(`/bus/send/printware/${theirs.id}/th`)).statusCode).toBe(404);
  });

  it('customer service reads the sign list of their customers only; the run screens are not theirs', async () => {
    const th = await arrivedOrders(kit, 1);
    const yw = await arrivedOrders(kit, 1, { markId: ids.YW101 });
    const r = await run(dispatcher, [th.orders[0]!.id, yw.orders[0]!.id]);
    await dispatcher.post('/bus/send/sure', { ids: [r.id] });
    expect((await service.get(`/bus/send/list?sendNo=${r.sendNo}`)).statusCode).toBe(403);
    const list = (await service.get(`/bus/sign/list?tab=all&sendNo=${r.sendNo}`)).json();
    expect(list.rows.map((x: { orderId: number }) => x.orderId)).toEqual([th.orders[0]!.id]);
    const all = (await dispatcher.get(`/bus/sign/list?tab=all&sendNo=${r.sendNo}`)).json();
    expect(all.total).toBe(2);
  });

  it('details: run, lines (returned too), log; list filters and sums; desk over S6/S7', async () => {
    const { orders } = await arrivedOrders(kit, 2, { consigneeAddr: '88 Lat Phrao, Chatuchak, Bangkok' });
    const r = await run(
      dispatcher,
      orders.map((o) => o.id),
    );
    await dispatcher.post('/bus/send/sure', { ids: [r.id] });
    await dispatcher.post(`/bus/send/removeOrder/${r.id}`, { orderIds: [orders[1]!.id] });
    const d = (await dispatcher.get(`/bus/send/${r.id}`)).json().data;
    expect(d.run).toMatchObject({ id: r.id, status: 1, orders: 1, pieces: 3, returned: 1, driverName: 'Somchai' });
    expect(d.lines.map((l: { orderId: number; returned: boolean }) => [l.orderId, l.returned])).toEqual([
      [orders[0]!.id, false],
      [orders[1]!.id, true],
    ]);
    expect(d.log.map((l: { action: string }) => l.action)).toEqual(['add', 'addOrder', 'sure', 'back']);
    const byOrder = (await dispatcher.get(`/bus/send/list?transportId=${orders[0]!.transportId}`)).json();
    expect(byOrder.rows.map((x: { id: number }) => x.id)).toEqual([r.id]);
    expect(byOrder.sums).toMatchObject({ orders: 1, pieces: 3 });
    expect((await dispatcher.get('/bus/send/list?status=9x')).statusCode).toBe(400);
    const desk = (await dispatcher.get('/bus/send/desk?area=Chatuchak&pageSize=500')).json();
    const deskIds = desk.rows.map((x: { orderId: number }) => x.orderId);
    expect(deskIds).toEqual(expect.arrayContaining(orders.map((o) => o.id)));
    const out = desk.rows.find((x: { orderId: number }) => x.orderId === orders[0]!.id);
    expect(out).toMatchObject({ status: 7, sendNo: r.sendNo, driverName: 'Somchai' });
    const back = desk.rows.find((x: { orderId: number }) => x.orderId === orders[1]!.id);
    expect(back).toMatchObject({ status: 6, sendNo: '', lineId: null });
    expect(typeof back.daysInStock).toBe('number');
    expect((await driver.get('/bus/send/desk')).statusCode).toBe(403);
  });

  it('an order’s delivery lines in every run (order details): returned ones too, scoped readers see only theirs', async () => {
    const th = await arrivedOrders(kit, 1);
    const yw = await arrivedOrders(kit, 1, { markId: ids.YW101 });
    const o = th.orders[0]!.id;
    const first = await run(dispatcher, [o, yw.orders[0]!.id]);
    await dispatcher.post('/bus/send/sure', { ids: [first.id] });
    await dispatcher.post(`/bus/send/removeOrder/${first.id}`, { orderIds: [o] });
    const second = await run(dispatcher, [o]);
    const res = await service.get(`/bus/send/order/${o}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((l: { sendId: number; returned: boolean }) => [l.sendId, l.returned])).toEqual([
      [second.id, false],
      [first.id, true],
    ]);
    expect((await service.get(`/bus/send/order/${yw.orders[0]!.id}`)).json().data).toEqual([]);
    expect((await driver.get(`/bus/send/order/${o}`)).json().data.length).toBe(2);
  });

  it('exports the runs and prints the run sheet and delivery notes (PDF); keys are checked', async () => {
    const { orders } = await arrivedOrders(kit, 1);
    const r = await run(
      dispatcher,
      orders.map((o) => o.id),
    );
    const x = await dispatcher.post('/bus/send/export', { ids: [r.id] });
    expect(x.statusCode, x.body).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const sheet = await driver.post(`/bus/send/printware/${r.id}/th`);
    expect([sheet.statusCode, sheet.headers['content-type']]).toEqual([200, 'application/pdf']);
    const pdf = await dispatcher.post(`/bus/send/printware/${r.id}/th`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const note = await dispatcher.post(`/bus/inware/printsend/${orders[0]!.id}/th`);
    expect([note.statusCode, note.headers['content-type']]).toEqual([200, 'application/pdf']);
    const stock = await arrivedOrders(kit, 1);
    expect((await dispatcher.post(`/bus/inware/printsend/${stock.orders[0]!.id}/th`)).statusCode).toBe(400);
    expect((await service.post('/bus/send/export', {})).statusCode).toBe(403);
  });
});

describe('[SEND] stored run totals', () => {
  it('the list shows a run’s stored totals, kept by every action: add, dispatch, back to stock, amounts', async () => {
    const { orders } = await arrivedOrders(kit, 3);
    const [a, b, c] = orders.map((o) => o.id) as [number, number, number];
    const r = await run(dispatcher, [a, b, c]);
    await dispatcher.post('/bus/send/sure', { ids: [r.id] });
    expect((await dispatcher.post(`/bus/send/removeOrder/${r.id}`, { orderIds: [a] })).statusCode).toBe(200);
    const listed = await admin.get(`/bus/send/list?sendNo=${r.sendNo}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().rows[0]).toMatchObject({ id: r.id, orders: 2, pieces: 6, returned: 1, signed: 0 });
    // and after everything the tests above did, no run's stored totals differ from its lines and orders
    expect(await staleRunTotals(t)).toEqual([]);
    await t.db.execute(sql`UPDATE bus_send SET total_orders = total_orders + 1 WHERE id = ${r.id}`);
    expect((await staleRunTotals(t)).map((x) => Number(x.id))).toEqual([r.id]);
    await t.db.execute(sql`UPDATE bus_send SET total_orders = total_orders - 1 WHERE id = ${r.id}`);
  });
});
