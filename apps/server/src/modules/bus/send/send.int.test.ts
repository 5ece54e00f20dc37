import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../test/build-test-app';
import { expectRefusal } from '../../../../test/refusal';
import { busOrder } from '../inware/inware.table';
import {
  arrivedOrders,
  linesOf,
  orderLogOf,
  orderRow,
  runLog,
  runRow,
  staleRunTotals,
  useSendSuite,
} from './send.test-utils';

/**
 * Delivery runs through /bus/send/* against real PostgreSQL (A19 add, A20 remove, A21 dispatch, A22 back to stock,
 * edit, delete, list, details, desk, export, run sheet): success, bad input, wrong state, missing permission, other
 * people's data, a driver's own runs, and two dispatchers adding one order to two runs at once.
 */

const s = useSendSuite({
  users: ['dispatcher', 'driver', 'service', 'finance'],
  setup: async ({ t }) => ({ dispatcher2: await t.login('dispatcher') }),
});

const header = (x: Record<string, unknown> = {}) => ({
  sendTime: '2026-11-24 08:00:00',
  driverId: s.mine.driverId,
  vehicleId: s.mine.vehicleId,
  sendRemark: '曼谷北线',
  ...x,
});

async function run(client: TestClient, orderIds: number[], x: Record<string, unknown> = {}) {
  const res = await client.post('/bus/send/add', { ...header(x), orderIds });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; sendNo: string; status: number; version: number; done: number };
}

/** A draft run of the dispatcher with n orders in the overseas warehouse. */
async function draftRun(n: number) {
  const { orders } = await arrivedOrders(s.kit, n);
  return {
    orders,
    run: await run(
      s.dispatcher,
      orders.map((o) => o.id),
    ),
  };
}

describe('[SEND] send/add, addOrder (A19)', () => {
  it('opens a draft run with its orders: still S6 with sendId, one line each, order-log and run-log rows', async () => {
    const { orders, run: created } = await draftRun(2);
    expect(created).toMatchObject({ status: 0, done: 2 });
    expect(created.sendNo).toMatch(/^SD\d{6}\d{4}$/);
    for (const o of orders) {
      const row = await orderRow(s.kit, o.id);
      expect([row.status, row.sendId]).toEqual([6, created.id]);
      expect((await orderLogOf(s.kit, o.id)).at(-1)).toMatchObject({
        action: 'addToSendOrder',
        fromStatus: 6,
        toStatus: 6,
      });
    }
    const lines = await linesOf(s.t, created.id);
    expect(lines.map((l) => [l.orderId, l.pieces, l.seq, l.returned])).toEqual([
      [orders[0]!.id, 3, 1, '0'],
      [orders[1]!.id, 3, 2, '0'],
    ]);
    expect((await runLog(s.t, created.id)).map((l) => l.action)).toEqual(['add', 'addOrder']);
  });

  it('bad input changes nothing: no driver, an unknown driver, an impossible time, no order ids on addOrder', async () => {
    const { orders } = await arrivedOrders(s.kit, 1);
    const r1 = await s.dispatcher.post('/bus/send/add', {
      ...header({ driverId: undefined }),
      orderIds: [orders[0]!.id],
    });
    expect(r1.statusCode).toBe(400);
    const r2 = await s.dispatcher.post('/bus/send/add', { ...header({ driverId: 999999 }), orderIds: [orders[0]!.id] });
    expect([r2.statusCode, r2.json().field]).toEqual([400, 'driverId']);
    const r3 = await s.dispatcher.post('/bus/send/add', {
      ...header({ sendTime: '2026-02-30 08:00:00' }),
      orderIds: [],
    });
    expect(r3.statusCode).toBe(400);
    const empty = await run(s.dispatcher, []);
    const r4 = await s.dispatcher.post(`/bus/send/addOrder/${empty.id}`, { orderIds: [] });
    expect(r4.statusCode).toBe(400);
    expect((await orderRow(s.kit, orders[0]!.id)).sendId).toBeNull();
  });

  it('refuses an order not in the overseas stock, one already in a run (M-insend), one with an open problem item', async () => {
    const { orders } = await arrivedOrders(s.kit, 3);
    const [a, b, c] = orders.map((o) => o.id) as [number, number, number];
    await run(s.dispatcher, [a]);
    expectRefusal(
      await s.dispatcher.post('/bus/send/add', { ...header(), orderIds: [b, a] }),
      409,
      'msg_in_send_reselect',
    );
    await s.t.db.update(busOrder).set({ ifException: 1 }).where(eq(busOrder.id, c));
    expectRefusal(
      await s.dispatcher.post('/bus/send/add', { ...header(), orderIds: [c] }),
      409,
      'msg_open_exception_reselect',
    );
    await s.t.db.update(busOrder).set({ status: 5 }).where(eq(busOrder.id, b));
    expectRefusal(
      await s.dispatcher.post('/bus/send/add', { ...header(), orderIds: [b] }),
      409,
      'msg_overseas_stock_state_reselect',
    );
    expect((await orderRow(s.kit, b)).sendId).toBeNull();
  });

  it('needs the add key: customer service and finance are refused', async () => {
    const { orders } = await arrivedOrders(s.kit, 1);
    expect((await s.service.post('/bus/send/add', { ...header(), orderIds: [orders[0]!.id] })).statusCode).toBe(403);
    expect((await s.driver.post('/bus/send/add', { ...header(), orderIds: [orders[0]!.id] })).statusCode).toBe(403);
  });

  it('two dispatchers add the same order to two runs at once: exactly one wins, the other run is unchanged', async () => {
    const { orders } = await arrivedOrders(s.kit, 1);
    const a = orders[0]!.id;
    const [r1, r2] = [await run(s.dispatcher, []), await run(s.dispatcher2, [])];
    const results = await Promise.all([
      s.dispatcher.post(`/bus/send/addOrder/${r1.id}`, { orderIds: [a] }),
      s.dispatcher2.post(`/bus/send/addOrder/${r2.id}`, { orderIds: [a] }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results[0]!.statusCode === 200 ? r1 : r2;
    const loser = winner === r1 ? r2 : r1;
    expect((await orderRow(s.kit, a)).sendId).toBe(winner.id);
    expect(await linesOf(s.t, loser.id)).toEqual([]);
    expect((await linesOf(s.t, winner.id)).length).toBe(1);
  });
});

describe('[SEND] send/sure (A21), removeOrder (A20/A22), edit, delete', () => {
  it('dispatches a draft: D1, orders S7 delivered; an empty or dispatched run is refused', async () => {
    const { orders, run: r } = await draftRun(2);
    const res = await s.dispatcher.post('/bus/send/sure', { ids: [r.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ ids: [r.id], done: 2 });
    expect((await runRow(s.t, r.id))!.status).toBe(1);
    expect((await runRow(s.t, r.id))!.dispatchTime).not.toBeNull();
    for (const o of orders) expect(await orderRow(s.kit, o.id)).toMatchObject({ status: 7, deliveryStatus: 2 });
    expectRefusal(await s.dispatcher.post('/bus/send/sure', { ids: [r.id] }), 409, 'msg_send_draft_reselect');
    const empty = await run(s.dispatcher, []);
    expectRefusal(await s.dispatcher.post('/bus/send/sure', { ids: [empty.id] }), 409, 'msg_send_empty_reselect');
    expect((await s.dispatcher.post('/bus/send/sure', { ids: [] })).statusCode).toBe(400);
    expect((await s.service.post('/bus/send/sure', { ids: [r.id] })).statusCode).toBe(403);
  });

  it('an order whose problem item opened after it was put in the run blocks the dispatch (M-exc), nothing moves', async () => {
    const { orders, run: r } = await draftRun(2);
    await s.t.db.update(busOrder).set({ ifException: 1 }).where(eq(busOrder.id, orders[1]!.id));
    expectRefusal(await s.dispatcher.post('/bus/send/sure', { ids: [r.id] }), 409, 'msg_open_exception_reselect');
    expect((await orderRow(s.kit, orders[0]!.id)).status).toBe(6);
    expect((await runRow(s.t, r.id))!.status).toBe(0);
  });

  it('removes an order from a draft (A20: line gone, still S6) and takes dispatched ones back to stock (A22)', async () => {
    const { orders } = await arrivedOrders(s.kit, 3);
    const [a, b, c] = orders.map((o) => o.id) as [number, number, number];
    const r = await run(s.dispatcher, [a, b, c]);
    const out = await s.dispatcher.post(`/bus/send/removeOrder/${r.id}`, { orderIds: [c] });
    expect(out.statusCode, out.body).toBe(200);
    expect((await orderRow(s.kit, c)).sendId).toBeNull();
    expect((await linesOf(s.t, r.id)).map((l) => l.orderId)).toEqual([a, b]);
    await s.dispatcher.post('/bus/send/sure', { ids: [r.id] });
    const back = await s.dispatcher.post(`/bus/send/removeOrder/${r.id}`, { orderIds: [a] });
    expect(back.statusCode, back.body).toBe(200);
    expect(await orderRow(s.kit, a)).toMatchObject({ status: 6, sendId: null, deliveryStatus: 0 });
    expect((await orderLogOf(s.kit, a)).at(-1)).toMatchObject({ action: 'backToStock', fromStatus: 7, toStatus: 6 });
    expect((await linesOf(s.t, r.id)).find((l) => l.orderId === a)!.returned).toBe('1');
    expect((await runRow(s.t, r.id))!.status).toBe(1);
    // the last one back: the run is a draft again
    await s.dispatcher.post(`/bus/send/removeOrder/${r.id}`, { orderIds: [b] });
    expect((await runRow(s.t, r.id))!.status).toBe(0);
    // an order of another run is refused
    const r2 = await run(s.dispatcher, [c]);
    expectRefusal(
      await s.dispatcher.post(`/bus/send/removeOrder/${r.id}`, { orderIds: [c] }),
      409,
      'msg_send_not_in_run_reselect',
    );
    expect((await orderRow(s.kit, c)).sendId).toBe(r2.id);
  });

  it('edits the header of a draft (version compared); a dispatched run keeps its header', async () => {
    const { run: r } = await draftRun(1);
    const body = {
      id: r.id,
      version: r.version,
      ...header({ driverId: s.other.driverId, vehicleId: s.other.vehicleId }),
    };
    const res = await s.dispatcher.post('/bus/send/edit', body);
    expect(res.statusCode, res.body).toBe(200);
    expect((await runRow(s.t, r.id))!.driverId).toBe(s.other.driverId);
    expect((await s.dispatcher.post('/bus/send/edit', body)).statusCode).toBe(409);
    await s.dispatcher.post('/bus/send/sure', { ids: [r.id] });
    const now = (await runRow(s.t, r.id))!;
    expectRefusal(
      await s.dispatcher.post('/bus/send/edit', { ...body, version: now.version, driverId: s.mine.driverId }),
      409,
      'msg_send_draft_reselect',
    );
  });

  it('amounts: fees only with the fee role (403 otherwise), the amount to collect by anyone with the edit key', async () => {
    const { orders } = await arrivedOrders(s.kit, 1);
    const o = orders[0]!.id;
    const r = await run(s.dispatcher, [o]);
    const fee = await s.dispatcher.post('/bus/send/edit', {
      id: r.id,
      version: r.version,
      ...header(),
      amounts: [{ orderId: o, sendFeeAmount: '120.00' }],
    });
    expect(fee.statusCode).toBe(403);
    const part = await s.dispatcher.post('/bus/send/edit', {
      id: r.id,
      version: r.version,
      ...header(),
      amounts: [{ orderId: o, sendPartAmount: '1500.50' }],
    });
    expect(part.statusCode, part.body).toBe(200);
    const byAdmin = await s.admin.post('/bus/send/edit', {
      id: r.id,
      version: part.json().data.version,
      ...header(),
      amounts: [{ orderId: o, sendFeeAmount: '120', sendOtherAmount: '35.5' }],
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const [line] = await linesOf(s.t, r.id);
    expect([line!.sendFeeAmount, line!.sendPartAmount, line!.sendOtherAmount]).toEqual(['120.00', '1500.50', '35.50']);
    // the dispatcher's list shows the amount to collect, never the fees
    const list = (await s.dispatcher.get(`/bus/send/list?sendNo=${r.sendNo}`)).json();
    expect(list.rows[0].sendPartAmount).toBe('1500.50');
    expect(list.rows[0]).not.toHaveProperty('sendFeeAmount');
    const fin = (await s.finance.get(`/bus/send/list?sendNo=${r.sendNo}`)).json();
    expect([fin.rows[0].sendFeeAmount, fin.rows[0].sendOtherAmount]).toEqual(['120.00', '35.50']);
  });

  it('deletes draft runs (orders stay S6, out of the run); a dispatched run is refused and nothing is deleted', async () => {
    const { orders } = await arrivedOrders(s.kit, 2);
    const r1 = await run(s.dispatcher, [orders[0]!.id]);
    const r2 = await run(s.dispatcher, [orders[1]!.id]);
    await s.dispatcher.post('/bus/send/sure', { ids: [r2.id] });
    expectRefusal(await s.dispatcher.post(`/bus/send/delete/${r1.id},${r2.id}`), 409, 'msg_send_draft_reselect');
    expect(await runRow(s.t, r1.id)).toBeDefined();
    const res = await s.dispatcher.post(`/bus/send/delete/${r1.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await runRow(s.t, r1.id)).toBeUndefined();
    expect(await orderRow(s.kit, orders[0]!.id)).toMatchObject({ status: 6, sendId: null });
    expect((await s.driver.post(`/bus/send/delete/${r2.id}`)).statusCode).toBe(403);
  });
});

describe('[SEND] reads: list, details, desk; drivers and scoped users', () => {
  it('a driver sees only the runs of their own driver record; another run is a 404', async () => {
    const { orders } = await arrivedOrders(s.kit, 2);
    const own = await run(s.dispatcher, [orders[0]!.id]);
    const theirs = await run(s.dispatcher, [orders[1]!.id], {
      driverId: s.other.driverId,
      vehicleId: s.other.vehicleId,
    });
    const list = (await s.driver.get('/bus/send/list?pageSize=500')).json();
    const seen = list.rows.map((r: { id: number }) => r.id);
    expect(seen).toContain(own.id);
    expect(seen).not.toContain(theirs.id);
    expect(list.rows.every((r: { driverId: number }) => r.driverId === s.mine.driverId)).toBe(true);
    expect(list.rows[0]).not.toHaveProperty('sendFeeAmount');
    expect((await s.driver.get(`/bus/send/${own.id}`)).statusCode).toBe(200);
    expect((await s.driver.get(`/bus/send/${theirs.id}`)).statusCode).toBe(404);
    expect((await s.driver.post(`/bus/send/printware/${theirs.id}/th`)).statusCode).toBe(404);
  });

  it('customer service reads the sign list of their customers only; the run screens are not theirs', async () => {
    const th = await arrivedOrders(s.kit, 1);
    const yw = await arrivedOrders(s.kit, 1, { markId: s.ids.YW101 });
    const r = await run(s.dispatcher, [th.orders[0]!.id, yw.orders[0]!.id]);
    await s.dispatcher.post('/bus/send/sure', { ids: [r.id] });
    expect((await s.service.get(`/bus/send/list?sendNo=${r.sendNo}`)).statusCode).toBe(403);
    const list = (await s.service.get(`/bus/sign/list?tab=all&sendNo=${r.sendNo}`)).json();
    expect(list.rows.map((x: { orderId: number }) => x.orderId)).toEqual([th.orders[0]!.id]);
    const all = (await s.dispatcher.get(`/bus/sign/list?tab=all&sendNo=${r.sendNo}`)).json();
    expect(all.total).toBe(2);
  });

  it('details: run, lines (returned too), log; list filters and sums; desk over S6/S7', async () => {
    const { orders } = await arrivedOrders(s.kit, 2, { consigneeAddr: '88 Lat Phrao, Chatuchak, Bangkok' });
    const r = await run(
      s.dispatcher,
      orders.map((o) => o.id),
    );
    await s.dispatcher.post('/bus/send/sure', { ids: [r.id] });
    await s.dispatcher.post(`/bus/send/removeOrder/${r.id}`, { orderIds: [orders[1]!.id] });
    const d = (await s.dispatcher.get(`/bus/send/${r.id}`)).json().data;
    expect(d.run).toMatchObject({ id: r.id, status: 1, orders: 1, pieces: 3, returned: 1, driverName: 'Somchai' });
    expect(d.lines.map((l: { orderId: number; returned: boolean }) => [l.orderId, l.returned])).toEqual([
      [orders[0]!.id, false],
      [orders[1]!.id, true],
    ]);
    expect(d.log.map((l: { action: string }) => l.action)).toEqual(['add', 'addOrder', 'sure', 'back']);
    const byOrder = (await s.dispatcher.get(`/bus/send/list?transportId=${orders[0]!.transportId}`)).json();
    expect(byOrder.rows.map((x: { id: number }) => x.id)).toEqual([r.id]);
    expect(byOrder.sums).toMatchObject({ orders: 1, pieces: 3 });
    expect((await s.dispatcher.get('/bus/send/list?status=9x')).statusCode).toBe(400);
    const desk = (await s.dispatcher.get('/bus/send/desk?area=Chatuchak&pageSize=500')).json();
    const deskIds = desk.rows.map((x: { orderId: number }) => x.orderId);
    expect(deskIds).toEqual(expect.arrayContaining(orders.map((o) => o.id)));
    const out = desk.rows.find((x: { orderId: number }) => x.orderId === orders[0]!.id);
    expect(out).toMatchObject({ status: 7, sendNo: r.sendNo, driverName: 'Somchai' });
    const back = desk.rows.find((x: { orderId: number }) => x.orderId === orders[1]!.id);
    expect(back).toMatchObject({ status: 6, sendNo: '', lineId: null });
    expect(typeof back.daysInStock).toBe('number');
    expect((await s.driver.get('/bus/send/desk')).statusCode).toBe(403);
  });

  it('an order’s delivery lines in every run (order details): returned ones too, scoped readers see only theirs', async () => {
    const th = await arrivedOrders(s.kit, 1);
    const yw = await arrivedOrders(s.kit, 1, { markId: s.ids.YW101 });
    const o = th.orders[0]!.id;
    const first = await run(s.dispatcher, [o, yw.orders[0]!.id]);
    await s.dispatcher.post('/bus/send/sure', { ids: [first.id] });
    await s.dispatcher.post(`/bus/send/removeOrder/${first.id}`, { orderIds: [o] });
    const second = await run(s.dispatcher, [o]);
    const res = await s.service.get(`/bus/send/order/${o}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((l: { sendId: number; returned: boolean }) => [l.sendId, l.returned])).toEqual([
      [second.id, false],
      [first.id, true],
    ]);
    expect((await s.service.get(`/bus/send/order/${yw.orders[0]!.id}`)).json().data).toEqual([]);
    expect((await s.driver.get(`/bus/send/order/${o}`)).json().data.length).toBe(2);
  });

  it('exports the runs and prints the run sheet and delivery notes (PDF); keys are checked', async () => {
    const { orders, run: r } = await draftRun(1);
    const x = await s.dispatcher.post('/bus/send/export', { ids: [r.id] });
    expect(x.statusCode, x.body).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const sheet = await s.driver.post(`/bus/send/printware/${r.id}/th`);
    expect([sheet.statusCode, sheet.headers['content-type']]).toEqual([200, 'application/pdf']);
    const pdf = await s.dispatcher.post(`/bus/send/printware/${r.id}/th`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const note = await s.dispatcher.post(`/bus/inware/printsend/${orders[0]!.id}/th`);
    expect([note.statusCode, note.headers['content-type']]).toEqual([200, 'application/pdf']);
    const stock = await arrivedOrders(s.kit, 1);
    expect((await s.dispatcher.post(`/bus/inware/printsend/${stock.orders[0]!.id}/th`)).statusCode).toBe(400);
    expect((await s.service.post('/bus/send/export', {})).statusCode).toBe(403);
  });
});

describe('[SEND] stored run totals', () => {
  it('the list shows a run’s stored totals, kept by every action: add, dispatch, back to stock, amounts', async () => {
    const { orders } = await arrivedOrders(s.kit, 3);
    const [a, b, c] = orders.map((o) => o.id) as [number, number, number];
    const r = await run(s.dispatcher, [a, b, c]);
    await s.dispatcher.post('/bus/send/sure', { ids: [r.id] });
    expect((await s.dispatcher.post(`/bus/send/removeOrder/${r.id}`, { orderIds: [a] })).statusCode).toBe(200);
    const listed = await s.admin.get(`/bus/send/list?sendNo=${r.sendNo}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().rows[0]).toMatchObject({ id: r.id, orders: 2, pieces: 6, returned: 1, signed: 0 });
    // and after everything the tests above did, no run's stored totals differ from its lines and orders
    expect(await staleRunTotals(s.t)).toEqual([]);
    await s.t.db.execute(sql`UPDATE bus_send SET total_orders = total_orders + 1 WHERE id = ${r.id}`);
    expect((await staleRunTotals(s.t)).map((x) => Number(x.id))).toEqual([r.id]);
    await s.t.db.execute(sql`UPDATE bus_send SET total_orders = total_orders - 1 WHERE id = ${r.id}`);
  });
});
