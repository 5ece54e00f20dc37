import { LOAD_NO_PATTERN } from '@theone/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../test/build-test-app';
import { expectRefusal } from '../../../../test/refusal';
import { basContPrice } from '../../bas/bas.table';
import { userWithPerms } from '../../bas/bas.test-utils';
import { grantRole } from '../arrive/arrive.test-utils';
import { useBusSuite } from '../bus.test-utils';
import { busOrder } from '../inware/inware.table';
import { addOrder, orderBody, orderLog, receiveOrder } from '../inware/inware.test-utils';
import { busLoad, busLoadLog } from './load.table';

/**
 * Load plans through their routes against real PostgreSQL (A10, A11, header, delete): success, bad input, wrong
 * load and order states, route checks, open problem items, permissions, data scope, fee fields, concurrency.
 */

/**
 * admin: all data, fee role; dispatcher: all data, no fee role, bus:loadplan:*; sales: own customers (TH001, TH002,
 * BK001), given the plan keys below; service: no plan keys.
 */
const s = useBusSuite({
  users: ['admin', 'dispatcher', 'service'],
  setup: async ({ t }) => ({
    // the sales person gets the planner's keys through a second role (their data scope stays 'self')
    sales: await grantRole(t, 'sales', [
      'bus:loadplan',
      'loadplan:add',
      'loadplan:info',
      'bus:loadplan:delete',
      'bus:loadplan:removeOrder',
    ]),
  }),
});

let wr = 0;
/** A received order (S2) of the mark, EK Guangzhou -> Bangkok unless overridden. */
async function stock(
  overrides: Record<string, unknown> = {},
  figures = { piece: 4, weight: '400.50', volume: '2.125' },
) {
  const o = await addOrder(s.admin, orderBody(s.ids, { status: 1, ...overrides }));
  await receiveOrder(s.admin, s.ids, o.id, `WR-LP-${++wr}`, {
    arrivedPiece: figures.piece,
    arrivedWeight: figures.weight,
    arrivedVolume: figures.volume,
  });
  await s.t.db.update(busOrder).set({ feeArAmount: '300.00' }).where(eq(busOrder.id, o.id));
  return o;
}

const header = (x: Record<string, unknown> = {}) => ({
  busType: 'EK',
  leftAddrId: s.ids.gz,
  destAddrId: s.ids.bkk,
  containerType: '40HQ',
  loadHouseId: s.ids.whGz,
  loadTime: '2026-11-25 09:00:00',
  vesselName: 'Truck convoy',
  ...x,
});

const orderRow = async (id: number) => (await s.t.db.select().from(busOrder).where(eq(busOrder.id, id)))[0]!;
const loadRow = async (id: number) => (await s.t.db.select().from(busLoad).where(eq(busLoad.id, id)))[0];
const loadLog = async (id: number) =>
  s.t.db.select().from(busLoadLog).where(eq(busLoadLog.loadId, id)).orderBy(busLoadLog.id);

async function plan(client: TestClient, orderIds: number[], x: Record<string, unknown> = {}) {
  const res = await client.post('/bus/loadplan/add', { ...header(x), orderIds });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; loadNo: string; status: number; version: number; done: number };
}

describe('loadplan/init', () => {
  it('gives a fresh plan number, the planner and the container types; needs loadplan:add', async () => {
    const a = (await s.dispatcher.post('/bus/loadplan/init', {})).json().data;
    const b = (await s.dispatcher.post('/bus/loadplan/init', {})).json().data;
    expect(a.loadNo).toMatch(LOAD_NO_PATTERN);
    expect(b.loadNo).not.toBe(a.loadNo);
    expect(a.loadPerson).toBe('张强');
    expect(a.containerTypes).toContainEqual({ value: '40HQ', volume: '68', weight: '26000', truck: false });
    expect((await s.service.post('/bus/loadplan/init')).statusCode).toBe(403);
  });
});

describe('the plan’s order picker (inware/list, view inOrder)', () => {
  it('lists in-stock orders of the route with a mark and no open problem item, oldest receipt first', async () => {
    const first = await stock({ consignee: 'Picker A' });
    const second = await stock({ consignee: 'Picker A' });
    const problem = await stock({ consignee: 'Picker A' });
    await s.t.db.update(busOrder).set({ ifException: 1 }).where(eq(busOrder.id, problem.id));
    await stock({ consignee: 'Picker A', destAddrId: s.ids.cnx });
    await s.t.db
      .update(busOrder)
      .set({ arrivedTime: new Date(Date.now() - 86_400_000) })
      .where(eq(busOrder.id, second.id));
    const query = new URLSearchParams({
      view: 'inOrder',
      busType: 'EK',
      leftAddrId: String(s.ids.gz),
      destAddrId: String(s.ids.bkk),
      noMark: '0',
      ifException: '0',
      consignee: 'Picker A',
      orderByColumn: 'arrivedTime',
      isAsc: 'asc',
    });
    const res = await s.dispatcher.get(`/bus/inware/list?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
  });
});

describe('loadplan/add', () => {
  it('opens the plan and plans its orders (S2 -> S3) in one transaction, with order and load log rows', async () => {
    const a = await stock();
    const b = await stock({ markId: s.ids.TH002 });
    const p = await plan(s.admin, [a.id, b.id], { containerFee: '9000' });
    expect(p).toMatchObject({ status: 0, done: 2, loadedPieces: 0, plannedPieces: 8 });
    expect(p.loadNo).toMatch(LOAD_NO_PATTERN);
    for (const id of [a.id, b.id]) expect(await orderRow(id)).toMatchObject({ status: 3, loadId: p.id });
    const log = (await orderLog(s.admin, a.id)).at(-1)!;
    expect(log).toMatchObject({ action: 'addToLoadPlan', fromStatus: 2, toStatus: 3, remark: p.loadNo });
    expect((await loadLog(p.id)).map((l) => [l.action, l.toStatus, l.orderCount])).toEqual([
      ['add', 0, 0],
      ['addOrder', 0, 2],
    ]);
    const d = (await s.admin.get(`/bus/loadplan/${p.id}`)).json().data;
    expect(d.load).toMatchObject({
      orderCount: 2,
      containerFee: '9000.00',
      orderArAmount: '600.00',
      estimatedMargin: '-8400.00',
    });
    expect(d.marks.map((m: { mark: string }) => m.mark)).toEqual(['TH001', 'TH002']);
  });

  it('400 naming the field: missing transport mode, origin that is a destination, unknown warehouse', async () => {
    const { busType: _b, ...noMode } = header();
    const r1 = await s.admin.post('/bus/loadplan/add', { ...noMode, orderIds: [] });
    expect([r1.statusCode, r1.json().field]).toEqual([400, 'busType']);
    const r2 = await s.admin.post('/bus/loadplan/add', { ...header({ leftAddrId: s.ids.bkk }), orderIds: [] });
    expect([r2.statusCode, r2.json().field]).toEqual([400, 'leftAddrId']);
    const r3 = await s.admin.post('/bus/loadplan/add', { ...header({ loadHouseId: 999_999 }), orderIds: [] });
    expect([r3.statusCode, r3.json().field]).toEqual([400, 'loadHouseId']);
    const r4 = await s.admin.post('/bus/loadplan/add', { ...header({ containerType: '99XX' }), orderIds: [] });
    expect([r4.statusCode, r4.json().field]).toEqual([400, 'containerType']);
  });

  it('refuses an order of another route, one not in stock, one with an open problem item; nothing is created', async () => {
    const before = (await s.t.db.select({ id: busLoad.id }).from(busLoad)).length;
    const ok = await stock();
    const other = await stock({ destAddrId: s.ids.cnx });
    expectRefusal(
      await s.admin.post('/bus/loadplan/add', { ...header(), orderIds: [ok.id, other.id] }),
      409,
      'msg_route_differs_reselect',
    );
    const staged = await addOrder(s.admin, orderBody(s.ids, { status: 1 }));
    expectRefusal(
      await s.admin.post('/bus/loadplan/add', { ...header(), orderIds: [ok.id, staged.id] }),
      409,
      'msg_stock_state_reselect',
    );
    const problem = await stock();
    await s.t.db.update(busOrder).set({ ifException: 1 }).where(eq(busOrder.id, problem.id));
    expectRefusal(
      await s.admin.post('/bus/loadplan/add', { ...header(), orderIds: [problem.id] }),
      409,
      'msg_open_exception_reselect',
    );
    expect((await s.t.db.select({ id: busLoad.id }).from(busLoad)).length).toBe(before);
    expect(await orderRow(ok.id)).toMatchObject({ status: 2, loadId: null });
  });

  it('container cost: only the fee role sets it; otherwise the price table’s valid price; hidden from non-fee users', async () => {
    await s.t.db.insert(basContPrice).values({
      containerType: '45HQ',
      busType: 'EK',
      leftAddrId: s.ids.gz,
      destAddrId: s.ids.bkk,
      apPrice: '8800.00',
      currency: 'RMB',
      validFromDate: '2020-01-01',
      validToDate: '2099-12-31',
    });
    expect(
      (await s.dispatcher.post('/bus/loadplan/add', { ...header({ containerFee: '1' }), orderIds: [] })).statusCode,
    ).toBe(403);
    const p = await plan(s.dispatcher, [await (await stock()).id], { containerType: '45HQ' });
    expect((await loadRow(p.id))!.containerFee).toBe('8800.00');
    const mine = (await s.dispatcher.get(`/bus/loadplan/${p.id}`)).json().data.load;
    for (const f of ['containerFee', 'orderArAmount', 'estimatedMargin']) expect(mine).not.toHaveProperty(f);
    const list = (await s.dispatcher.get(`/bus/loadplan/list?loadNo=${p.loadNo}`)).json();
    expect(list.rows[0]).not.toHaveProperty('containerFee');
    expect(list.sums).not.toHaveProperty('orderArAmount');
    const theirs = (await s.admin.get(`/bus/loadplan/list?loadNo=${p.loadNo}`)).json();
    expect(theirs.rows[0]).toMatchObject({
      containerFee: '8800.00',
      orderArAmount: '300.00',
      estimatedMargin: '-8500.00',
    });
  });

  it('needs loadplan:add', async () => {
    expect((await s.service.post('/bus/loadplan/add', { ...header(), orderIds: [] })).statusCode).toBe(403);
  });
});

describe('loadplan/addOrder and removeOrder', () => {
  it('adds orders to a plan and takes them off again (S3 -> S2, loadId cleared), each with its log rows', async () => {
    const p = await plan(s.dispatcher, []);
    const a = await stock();
    const res = await s.dispatcher.post(`/bus/loadplan/addOrder/${p.id}`, { orderIds: [a.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ done: 1, status: 0, version: p.version + 1 });
    const off = await s.dispatcher.post(`/bus/loadplan/removeOrder/${p.id}`, { orderIds: [a.id] });
    expect(off.statusCode, off.body).toBe(200);
    expect(await orderRow(a.id)).toMatchObject({ status: 2, loadId: null });
    expect((await orderLog(s.admin, a.id)).at(-1)).toMatchObject({ action: 'removeFromLoadPlan', toStatus: 2 });
    expect((await loadLog(p.id)).map((l) => l.action)).toEqual(['add', 'addOrder', 'removeOrder']);
  });

  it('removeOrder refuses an order of another plan; addOrder refuses orders of another route', async () => {
    const a = await stock();
    const p1 = await plan(s.dispatcher, [a.id]);
    const p2 = await plan(s.dispatcher, []);
    expectRefusal(
      await s.dispatcher.post(`/bus/loadplan/removeOrder/${p2.id}`, { orderIds: [a.id] }),
      409,
      'msg_planned_state_reselect',
    );
    expect(await orderRow(a.id)).toMatchObject({ status: 3, loadId: p1.id });
    const sea = await stock({ busType: 'SEA' });
    expectRefusal(
      await s.dispatcher.post(`/bus/loadplan/addOrder/${p2.id}`, { orderIds: [sea.id] }),
      409,
      'msg_route_differs_reselect',
    );
  });

  it('refuses a plan in a status past loading (L3) and answers 400 for an empty selection', async () => {
    const p = await plan(s.dispatcher, []);
    await s.t.db.update(busLoad).set({ status: 3 }).where(eq(busLoad.id, p.id));
    expectRefusal(
      await s.dispatcher.post(`/bus/loadplan/addOrder/${p.id}`, { orderIds: [(await stock()).id] }),
      409,
      'msg_load_not_planning_reselect',
    );
    const empty = await s.dispatcher.post(`/bus/loadplan/addOrder/${p.id}`, { orderIds: [] });
    expect([empty.statusCode, empty.json().field]).toEqual([400, 'orderIds']);
  });

  it('removeOrder refuses a loaded order (S4) and a plan past loading; addOrder warns over capacity (M-cap)', async () => {
    const a = await stock();
    const p = await plan(s.dispatcher, [a.id]);
    await s.t.db.update(busOrder).set({ status: 4 }).where(eq(busOrder.id, a.id));
    expectRefusal(
      await s.dispatcher.post(`/bus/loadplan/removeOrder/${p.id}`, { orderIds: [a.id] }),
      409,
      'msg_planned_state_reselect',
    );
    await s.t.db.update(busLoad).set({ status: 3 }).where(eq(busLoad.id, p.id));
    expectRefusal(
      await s.dispatcher.post(`/bus/loadplan/removeOrder/${p.id}`, { orderIds: [a.id] }),
      409,
      'msg_load_not_planning_reselect',
    );
    const small = await plan(s.dispatcher, [], { containerType: '20GP' });
    const big = await stock({}, { piece: 30, weight: '9000', volume: '28.5' });
    const res = await s.dispatcher.post(`/bus/loadplan/addOrder/${small.id}`, { orderIds: [big.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.fill).toEqual({ volumePercent: '101.8', weightPercent: '42.9', over: true });
  });

  it('two planners add the same order to two plans at once: exactly one wins, the other plan is unchanged', async () => {
    const a = await stock();
    const [p1, p2] = [await plan(s.dispatcher, []), await plan(s.admin, [])];
    const results = await Promise.all([
      s.dispatcher.post(`/bus/loadplan/addOrder/${p1.id}`, { orderIds: [a.id] }),
      s.admin.post(`/bus/loadplan/addOrder/${p2.id}`, { orderIds: [a.id] }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const winner = results[0]!.statusCode === 200 ? p1 : p2;
    const loser = winner === p1 ? p2 : p1;
    expect(await orderRow(a.id)).toMatchObject({ status: 3, loadId: winner.id });
    expect(await loadRow(loser.id)).toMatchObject({ version: loser.version, status: 0 });
    expect((await loadLog(loser.id)).map((l) => l.action)).toEqual(['add']);
  });

  it('the inOrder screen’s "add to load plan" key may add; a user without either key may not', async () => {
    const p = await plan(s.admin, []);
    const receiver = await userWithPerms(s.t, 'inorder_planner', ['bus:inOrder', 'bus:inOrder:plan']);
    const ok = await receiver.post(`/bus/loadplan/addOrder/${p.id}`, { orderIds: [(await stock()).id] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      (await s.service.post(`/bus/loadplan/addOrder/${p.id}`, { orderIds: [(await stock()).id] })).statusCode,
    ).toBe(403);
    expect((await s.sales.post(`/bus/loadplan/addOrder/${p.id}`, { orderIds: [(await stock()).id] })).statusCode).toBe(
      403,
    );
  });
});

describe('loadplan/edit', () => {
  it('saves the header with a log row naming the changes; a stale version is 409', async () => {
    const p = await plan(s.admin, [], { containerFee: '5000' });
    const res = await s.admin.post('/bus/loadplan/edit', {
      ...header({ vesselName: 'HAIAN 1', containerFee: '5100' }),
      id: p.id,
      version: p.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await loadRow(p.id))!;
    expect(row).toMatchObject({ vesselName: 'HAIAN 1', containerFee: '5100.00', version: p.version + 1 });
    const log = (await loadLog(p.id)).at(-1)!;
    expect(log.action).toBe('edit');
    expect(log.remark).toContain('vesselName: Truck convoy -> HAIAN 1');
    expect(log.remark).toContain('containerFee');
    expect(log.remark).not.toContain('5100');
    expectRefusal(
      await s.admin.post('/bus/loadplan/edit', { ...header(), id: p.id, version: p.version }),
      409,
      'msg_changed_reload',
    );
  });

  it('a non-fee user’s edit keeps the stored fee (sending one is 403); two edits of one version: one 409', async () => {
    const p = await plan(s.admin, [], { containerFee: '7000' });
    const body = { ...header({ remark: 'x' }), id: p.id, version: p.version };
    const withFee = await s.dispatcher.post('/bus/loadplan/edit', { ...body, containerFee: '1' });
    expect([withFee.statusCode, withFee.json().field]).toEqual([403, 'containerFee']);
    const [r1, r2] = await Promise.all([
      s.dispatcher.post('/bus/loadplan/edit', body),
      s.dispatcher.post('/bus/loadplan/edit', { ...body, remark: 'y' }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    expect(await loadRow(p.id)).toMatchObject({ containerFee: '7000.00', version: p.version + 1 });
  });

  it('refuses a route change while orders are on the plan, and a plan past loading', async () => {
    const p = await plan(s.dispatcher, [(await stock()).id]);
    expectRefusal(
      await s.dispatcher.post('/bus/loadplan/edit', {
        ...header({ destAddrId: s.ids.cnx }),
        id: p.id,
        version: p.version,
      }),
      409,
      'msg_route_differs_reselect',
    );
    await s.t.db.update(busLoad).set({ status: 3 }).where(eq(busLoad.id, p.id));
    expectRefusal(
      await s.dispatcher.post('/bus/loadplan/edit', { ...header(), id: p.id, version: p.version }),
      409,
      'msg_load_not_planning_reselect',
    );
    expect((await s.service.post('/bus/loadplan/edit', { ...header(), id: p.id, version: 0 })).statusCode).toBe(403);
  });
});

describe('loadplan/delete', () => {
  it('deletes L0 plans, their orders back in stock, the load log kept', async () => {
    const a = await stock();
    const p = await plan(s.dispatcher, [a.id]);
    const q = await plan(s.dispatcher, []);
    const res = await s.dispatcher.post(`/bus/loadplan/delete/${p.id},${q.id}`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ ids: [p.id, q.id].sort((x, y) => x - y), done: 1 });
    expect(await loadRow(p.id)).toBeUndefined();
    expect(await orderRow(a.id)).toMatchObject({ status: 2, loadId: null });
    expect((await loadLog(p.id)).at(-1)).toMatchObject({ action: 'delete', fromStatus: 0, orderCount: 1 });
  });

  it('all or nothing: a plan that started loading stops the whole delete', async () => {
    const a = await stock();
    const p = await plan(s.dispatcher, [a.id]);
    const loading = await plan(s.dispatcher, []);
    await s.t.db.update(busLoad).set({ status: 1 }).where(eq(busLoad.id, loading.id));
    expectRefusal(
      await s.dispatcher.post(`/bus/loadplan/delete/${p.id},${loading.id}`),
      409,
      'msg_load_delete_state_reselect',
    );
    expect(await loadRow(p.id)).toBeDefined();
    expect(await orderRow(a.id)).toMatchObject({ status: 3, loadId: p.id });
    expect((await s.service.post(`/bus/loadplan/delete/${p.id}`)).statusCode).toBe(403);
  });
});

describe('data scope of a sales person', () => {
  it('lists and shows only their customers’ lines and sums; another’s plan is 404; acting on others’ orders is 404', async () => {
    const mine = await stock({ markId: s.ids.TH001 }, { piece: 2, weight: '20', volume: '0.5' });
    const theirs = await stock({ markId: s.ids.YW101 }, { piece: 7, weight: '70', volume: '1' });
    const mixed = await plan(s.admin, [mine.id, theirs.id]);
    const foreign = await plan(s.admin, [(await stock({ markId: s.ids.YW101 })).id]);
    const list = (await s.sales.get(`/bus/loadplan/list?loadNo=${mixed.loadNo},${foreign.loadNo}`)).json();
    expect(list.rows.map((r: { id: number }) => r.id)).toEqual([mixed.id]);
    expect(list.rows[0]).toMatchObject({ orderCount: 1, pieces: 2, weight: '20.00' });
    expect(list.sums).toMatchObject({ orders: 1, pieces: 2 });
    const d = (await s.sales.get(`/bus/loadplan/${mixed.id}`)).json().data;
    expect(d.orders.map((o: { id: number }) => o.id)).toEqual([mine.id]);
    expect((await s.sales.get(`/bus/loadplan/${foreign.id}`)).statusCode).toBe(404);
    // deleting the mixed plan would move another customer's order: the core answers 404, nothing changes
    expect((await s.sales.post(`/bus/loadplan/delete/${mixed.id}`)).statusCode).toBe(404);
    expect((await s.sales.post(`/bus/loadplan/removeOrder/${mixed.id}`, { orderIds: [theirs.id] })).statusCode).toBe(
      404,
    );
    expect(await orderRow(theirs.id)).toMatchObject({ status: 3, loadId: mixed.id });
    // their own line they may take off
    const off = await s.sales.post(`/bus/loadplan/removeOrder/${mixed.id}`, { orderIds: [mine.id] });
    expect(off.statusCode, off.body).toBe(200);
    expect(
      await s.t.db
        .select({ id: busOrder.id })
        .from(busOrder)
        .where(and(eq(busOrder.id, mine.id), eq(busOrder.status, 2))),
    ).toHaveLength(1);
  });
});
