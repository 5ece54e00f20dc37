import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../test/build-test-app';
import { userWithPerms } from '../../bas/bas.test-utils';
import { busOrder } from '../inware/inware.table';
import { expectLoadLogged, orderLogOf, orderRow } from '../load/track.test-utils';
import {
  arrivePhotos,
  arriveRow,
  departedLoad,
  editBody,
  pickedUpLoad,
  upload,
  useArriveSuite,
} from './arrive.test-utils';

/**
 * The pick-up record through /bus/arrive against real PostgreSQL: list, details, registering the pick-up (with
 * photos through the files module), clearing it, the overseas warehouse's order list, shelf locations and the
 * exports. Arrival itself (A17/A18) is in arrive-sure.int.test.ts.
 */

const s = useArriveSuite(async ({ t }) => ({
  reader: await userWithPerms(t, 'arrive_reader', ['bus:arrive', 'arrive:info', 'bus:arriveOrder']),
}));

const list = async (client: TestClient, query = '') => client.get(`/bus/arrive/list?pageSize=500${query}`);

describe('[ARRIVE] arrive/list and GET arrive/{id}', () => {
  it('lists a departed container P0 with its route, milestone and counts; filters by status and container', async () => {
    const { load, arrive } = await departedLoad(s.kit, s.dispatcher, 2);
    const res = await list(s.dispatcher, `&containerNo=${load.containerNo}&status=0`);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().rows.find((r: { id: number }) => r.id === arrive.id);
    expect(row).toMatchObject({
      loadId: load.id,
      status: 0,
      loadNo: load.loadNo,
      loadStatus: 3,
      trackStatus: '5',
      orderCount: 2,
      arrivedCount: 0,
      pieces: 6,
      destAddrName: expect.any(String),
    });
    expect(res.json().sums.orders).toBeGreaterThanOrEqual(2);
    const none = await list(s.dispatcher, `&containerNo=${load.containerNo}&status=3`);
    expect(none.json().rows.find((r: { id: number }) => r.id === arrive.id)).toBeUndefined();
    expect((await list(s.dispatcher, '&status=x')).statusCode).toBe(400);
    expect((await list(s.dispatcher, '&orderByColumn=secret')).statusCode).toBe(400);
  });

  it('shows scoped users the containers of their own customers only, with their orders only', async () => {
    const mixed = await departedLoad(s.kit, s.dispatcher, 2, [{}, { markId: s.ids.YW101 }]);
    const own = (await list(s.sales)).json().rows.find((r: { id: number }) => r.id === mixed.arrive.id);
    expect(own).toMatchObject({ orderCount: 1 });
    const theirs = (await list(s.sales2)).json().rows.find((r: { id: number }) => r.id === mixed.arrive.id);
    expect(theirs).toMatchObject({ orderCount: 1 });
    const only = await departedLoad(s.kit, s.dispatcher, 1);
    expect((await list(s.sales2)).json().rows.find((r: { id: number }) => r.id === only.arrive.id)).toBeUndefined();
    expect((await s.sales2.get(`/bus/arrive/${only.arrive.id}`)).statusCode).toBe(404);
    const detail = await s.sales.get(`/bus/arrive/${mixed.arrive.id}`);
    expect(detail.json().data.orders.map((o: { id: number }) => o.id)).toEqual([mixed.orders[0]!.id]);
  });

  it('needs bus:arrive for the list and bus:arrive or arrive:info for the details (403)', async () => {
    const { arrive } = await departedLoad(s.kit, s.dispatcher, 1);
    expect((await list(s.finance)).statusCode).toBe(403);
    expect((await s.finance.get(`/bus/arrive/${arrive.id}`)).statusCode).toBe(403);
    expect((await s.reader.get(`/bus/arrive/${arrive.id}`)).statusCode).toBe(200);
    expect((await s.dispatcher.get('/bus/arrive/999999999')).statusCode).toBe(404);
    expect((await s.dispatcher.get('/bus/arrive/abc')).statusCode).toBe(400);
  });

  it('answers the record, its orders with pieces and days in stock, its photos and the container log', async () => {
    const { load, orders, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 2);
    await s.dispatcher.post('/bus/arrive/sure', { arriveId: arrive.id, orderIds: [orders[0]!.id] });
    const res = await s.dispatcher.get(`/bus/arrive/${arrive.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.arrive).toMatchObject({
      id: arrive.id,
      status: 2,
      vehicleId: s.refs.vehicleId,
      driverName: 'Somchai',
      houseId: s.refs.houseId,
      houseName: expect.any(String),
      sealIntact: '1',
      arrivedCount: 1,
    });
    expect(data.orders.map((o: { status: number; daysInStock: number | null }) => [o.status, o.daysInStock])).toEqual([
      [6, 0],
      [5, null],
    ]);
    expect(data.orders[0]).toMatchObject({ arriveId: arrive.id, expectedPieces: 3, scannedPieces: 0 });
    expect(data.log.map((l: { action: string }) => l.action)).toEqual(expect.arrayContaining(['arriveEdit', 'arrive']));
    expect(data.arrive.loadId).toBe(load.id);
  });
});

describe('[ARRIVE] arrive/edit: register the pick-up', () => {
  it('registers time, vehicle, driver, warehouse, seal and photos (P0 -> P1) with a load-log row', async () => {
    const { load, arrive } = await departedLoad(s.kit, s.dispatcher, 1);
    const seal = await upload(s.dispatcher);
    const door = await upload(s.dispatcher);
    const res = await s.dispatcher.post(
      '/bus/arrive/edit',
      editBody(arrive, s.refs, { sealPhotos: [seal], doorPhotos: [door], sealIntact: '0' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: arrive.id, status: 1, version: arrive.version + 1 });
    const row = await arriveRow(s.t, arrive.id);
    expect(row).toMatchObject({
      status: 1,
      vehicleId: s.refs.vehicleId,
      driverId: s.refs.driverId,
      houseId: s.refs.houseId,
      sealIntact: '0',
      remark: 'Laem Chabang',
      updateBy: 'dispatcher',
    });
    expect(row.pickupTime?.toISOString()).toBe('2026-11-23T00:30:00.000Z');
    expect((await arrivePhotos(s.t, arrive.id)).map((p) => [p.kind, p.fileId])).toEqual([
      ['1', seal],
      ['2', door],
    ]);
    await expectLoadLogged(s.kit, load.id, {
      action: 'arriveEdit',
      fromStatus: 3,
      toStatus: 3,
    });
    // the photos are readable by whoever reads the record, not by other sales people
    expect((await s.reader.get(`/file/download/${seal}`)).statusCode).toBe(200);
    expect((await s.sales2.get(`/file/download/${seal}`)).statusCode).toBe(404);
    // a second edit keeps P1 and replaces the photos
    const again = await s.dispatcher.post('/bus/arrive/edit', editBody(row, s.refs, { doorPhotos: [door] }));
    expect(again.statusCode, again.body).toBe(200);
    expect((await arrivePhotos(s.t, arrive.id)).map((p) => p.kind)).toEqual(['2']);
  });

  it('refuses bad input: no time, an origin warehouse, an unknown driver, a PDF as photo, a file of someone else', async () => {
    const { arrive } = await departedLoad(s.kit, s.dispatcher, 1);
    const bad = async (over: object) => s.dispatcher.post('/bus/arrive/edit', editBody(arrive, s.refs, over));
    expect((await bad({ pickupTime: '' })).statusCode).toBe(400);
    const house = await bad({ houseId: s.refs.originHouseId });
    expect(house.statusCode).toBe(400);
    expect(house.json().field).toBe('houseId');
    expect((await bad({ driverId: 999_999_999 })).json().field).toBe('driverId');
    const pdf = await upload(s.dispatcher, 'pdf');
    const notImage = await bad({ sealPhotos: [pdf] });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().field).toBe('sealPhotos');
    const foreign = await upload(s.sales2);
    expect((await bad({ doorPhotos: [foreign] })).json().field).toBe('doorPhotos');
    expect((await bad({ extra: 1 })).statusCode).toBe(400);
    expect((await arriveRow(s.t, arrive.id)).status).toBe(0);
    expect(await arrivePhotos(s.t, arrive.id)).toEqual([]);
  });

  it('refuses a stale version (409), a missing permission (403) and another sales person’s record (404)', async () => {
    const { arrive } = await departedLoad(s.kit, s.dispatcher, 1);
    expect((await s.dispatcher.post('/bus/arrive/edit', editBody({ ...arrive, version: 99 }, s.refs))).statusCode).toBe(
      409,
    );
    expect((await s.reader.post('/bus/arrive/edit', editBody(arrive, s.refs))).statusCode).toBe(403);
    expect((await s.sales2.post('/bus/arrive/edit', editBody(arrive, s.refs))).statusCode).toBe(404);
    expect((await s.sales.post('/bus/arrive/edit', editBody(arrive, s.refs))).statusCode).toBe(200);
  });

  it('two clerks registering the same pick-up at once: one wins, the other reloads', async () => {
    const { arrive } = await departedLoad(s.kit, s.dispatcher, 1);
    const other = await s.t.login('dispatcher');
    const answers = await Promise.all([
      s.dispatcher.post('/bus/arrive/edit', editBody(arrive, s.refs, { remark: 'first' })),
      other.post('/bus/arrive/edit', editBody(arrive, s.refs, { remark: 'second' })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const row = await arriveRow(s.t, arrive.id);
    expect(row.version).toBe(arrive.version + 1);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect(row.remark).toBe(winner === 0 ? 'first' : 'second');
  });

  it('blocks cancelling the departure once the pick-up is registered', async () => {
    const { load, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 1);
    const [departed] = await s.t.db
      .execute<{ id: number }>(sql`SELECT id FROM bus_track WHERE load_id = ${load.id} AND track_status = '5'`)
      .then((r) => r.rows);
    expect((await s.dispatcher.post(`/bus/track/delete/${departed!.id}`)).statusCode).toBe(409);
    expect((await arriveRow(s.t, arrive.id)).status).toBe(1);
  });
});

describe('[ARRIVE] arrive/delete/{id}: clear the registration', () => {
  it('clears a P1 registration back to P0 (photos dropped, load-log row); then departure can be cancelled', async () => {
    const { load, arrive } = await departedLoad(s.kit, s.dispatcher, 1);
    const seal = await upload(s.dispatcher);
    await s.dispatcher.post('/bus/arrive/edit', editBody(arrive, s.refs, { sealPhotos: [seal] }));
    const res = await s.dispatcher.post(`/bus/arrive/delete/${arrive.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await arriveRow(s.t, arrive.id)).toMatchObject({
      status: 0,
      pickupTime: null,
      houseId: null,
      driverId: null,
    });
    expect(await arrivePhotos(s.t, arrive.id)).toEqual([]);
    await expectLoadLogged(s.kit, load.id, { action: 'arriveDelete' });
  });

  it('two clears at once: one wins, the other is refused (P0 now); a bad id is a 400', async () => {
    const { arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 1);
    const other = await s.t.login('dispatcher');
    const answers = await Promise.all([
      s.dispatcher.post(`/bus/arrive/delete/${arrive.id}`),
      other.post(`/bus/arrive/delete/${arrive.id}`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await arriveRow(s.t, arrive.id)).status).toBe(0);
    expect((await s.dispatcher.post('/bus/arrive/delete/x1')).statusCode).toBe(400);
  });

  it('refuses P0 and a record with arrived orders; needs bus:arrive:delete; hides others’ records', async () => {
    const { arrive } = await departedLoad(s.kit, s.dispatcher, 1);
    expect((await s.dispatcher.post(`/bus/arrive/delete/${arrive.id}`)).statusCode).toBe(409);
    const done = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 1);
    expect((await s.reader.post(`/bus/arrive/delete/${done.arrive.id}`)).statusCode).toBe(403);
    expect((await s.sales2.post(`/bus/arrive/delete/${done.arrive.id}`)).statusCode).toBe(404);
    await s.dispatcher.post('/bus/arrive/sure', { arriveId: done.arrive.id });
    const refused = await s.dispatcher.post(`/bus/arrive/delete/${done.arrive.id}`);
    expect(refused.statusCode).toBe(409);
    expect((await arriveRow(s.t, done.arrive.id)).status).toBe(3);
  });
});

describe('[ARRIVE] arrive/orderList and arrive/location (arriveOrder)', () => {
  it('lists orders to receive and in stock with days in stock, pieces and the amount to collect', async () => {
    const { orders, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 2, [{}, { markId: s.ids.TH002 }]);
    const receive = await s.dispatcher.get(`/bus/arrive/orderList?tab=receive&arriveId=${arrive.id}`);
    expect(receive.statusCode, receive.body).toBe(200);
    expect(receive.json().rows.map((r: { id: number }) => r.id)).toEqual(orders.map((o) => o.id));
    await s.t.db.update(busOrder).set({ feeArAmount: '100.00', currency: 'THB' }).where(eq(busOrder.id, orders[1]!.id));
    await s.dispatcher.post('/bus/arrive/sure', { code: `${orders[1]!.transportId}-1` });
    const stock = (await s.dispatcher.get(`/bus/arrive/orderList?tab=stock&arriveId=${arrive.id}`)).json();
    expect(stock.total).toBe(1);
    expect(stock.rows[0]).toMatchObject({
      id: orders[1]!.id,
      status: 6,
      daysInStock: 0,
      scannedPieces: 1,
      expectedPieces: 3,
      balanceType: '2',
    });
    expect(stock.rows[0].collectAmount).toBe('100.00');
    expect(stock.sums.collectAmount).toBe('100.00');
    // sales see their own customers; without the fee role the fee columns are absent
    const mine = (await s.sales.get(`/bus/arrive/orderList?tab=all&arriveId=${arrive.id}`)).json();
    expect(mine.total).toBe(2);
    expect((await s.sales2.get(`/bus/arrive/orderList?tab=all&arriveId=${arrive.id}`)).json().total).toBe(0);
    const noFee = (await s.reader.get(`/bus/arrive/orderList?tab=all&arriveId=${arrive.id}`)).json();
    expect(noFee.rows[0]).not.toHaveProperty('feeArAmount');
    expect(noFee.rows[0]).toHaveProperty('collectAmount');
    expect((await s.dispatcher.get('/bus/arrive/orderList?tab=nope')).statusCode).toBe(400);
    expect((await s.finance.get('/bus/arrive/orderList')).statusCode).toBe(403);
  });

  it('sets the shelf location of S6 orders (order log before/after); S5 refused; needs bus:arriveOrder:edit', async () => {
    const { orders, arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 2);
    await s.dispatcher.post('/bus/arrive/sure', { arriveId: arrive.id, orderIds: [orders[0]!.id] });
    const res = await s.dispatcher.post('/bus/arrive/location', { orderIds: [orders[0]!.id], trayNo: 'A-03-2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ done: 1 });
    expect((await orderRow(s.kit, orders[0]!.id)).trayNo).toBe('A-03-2');
    expect((await orderLogOf(s.kit, orders[0]!.id)).at(-1)).toMatchObject({ action: 'modifyAfterReceipt' });
    const s5 = await s.dispatcher.post('/bus/arrive/location', { orderIds: [orders[1]!.id], trayNo: 'B-1' });
    expect(s5.statusCode).toBe(409);
    expect(
      (await s.dispatcher.post('/bus/arrive/location', { orderIds: [orders[0]!.id], trayNo: '' })).statusCode,
    ).toBe(400);
    expect((await s.reader.post('/bus/arrive/location', { orderIds: [orders[0]!.id], trayNo: 'C' })).statusCode).toBe(
      403,
    );
    expect((await s.sales2.post('/bus/arrive/location', { orderIds: [orders[0]!.id], trayNo: 'C' })).statusCode).toBe(
      404,
    );
    const [row] = await s.t.db.select({ trayNo: busOrder.trayNo }).from(busOrder).where(eq(busOrder.id, orders[0]!.id));
    expect(row!.trayNo).toBe('A-03-2');
  });
});

describe('[ARRIVE] arrive/export', () => {
  it('exports the records (bus:arrive:export) and the orders view (bus:arriveOrder:export) as xlsx', async () => {
    const { arrive } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 1);
    const records = await s.dispatcher.post('/bus/arrive/export', { ids: String(arrive.id) });
    expect(records.statusCode, records.body).toBe(200);
    expect(records.headers['content-type']).toContain('spreadsheetml');
    const orders = await s.dispatcher.post('/bus/arrive/export', { view: 'orders', tab: 'all' });
    expect(orders.statusCode).toBe(200);
    expect(orders.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses bad input, a missing export permission and a view the user may not export', async () => {
    expect((await s.dispatcher.post('/bus/arrive/export', { status: 'x' })).statusCode).toBe(400);
    expect((await s.reader.post('/bus/arrive/export', {})).statusCode).toBe(403);
    const recordsOnly = await userWithPerms(s.t, 'arrive_exporter', ['bus:arrive', 'bus:arrive:export']);
    expect((await recordsOnly.post('/bus/arrive/export', {})).statusCode).toBe(200);
    expect((await recordsOnly.post('/bus/arrive/export', { view: 'orders' })).statusCode).toBe(403);
  });
});

describe('[ARRIVE] Thai labels (inware/printbar with bus:arriveOrder:print)', () => {
  it('reprints the labels of overseas orders in Thai; needs a print key', async () => {
    const { orders } = await pickedUpLoad(s.kit, s.dispatcher, s.refs, 1);
    const res = await s.dispatcher.request({
      method: 'POST',
      url: `/bus/inware/printbar/${orders[0]!.id}`,
      headers: { 'accept-language': 'th' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect((await s.reader.post(`/bus/inware/printbar/${orders[0]!.id}`)).statusCode).toBe(403);
  });
});
