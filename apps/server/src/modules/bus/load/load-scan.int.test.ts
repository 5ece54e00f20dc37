import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../test/build-test-app';
import { useBusSuite } from '../bus.test-utils';
import { busOrder } from '../inware/inware.table';
import { busOrderLog } from '../order-log/order-log.table';
import { loadOrdersIntoContainer } from './load.service';
import {
  bk001Loader,
  loadBody,
  loadKit,
  loadLog,
  loadRow,
  orderActions,
  orderRow,
  planWith,
  stockOrder,
} from './load.test-utils';

/** The loading scan mode (A12 with `code`), late additions, and loading under concurrency. */

// statements sent to PostgreSQL, counted around one scan (the pool's clients bind this at connect)
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const en = { 'accept-language': 'en' };

const s = useBusSuite({
  users: ['admin', 'dispatcher'],
  setup: async ({ t, ids, admin }) => ({
    kit: await loadKit(t, ids, admin),
    loader: await bk001Loader(t, ids, 'scanner5', ['bus:loadplan', 'bus:loadplan:load']),
  }),
});

const scan = (client: TestClient, id: number, code: string, dialog: Record<string, unknown>) =>
  client.post(`/bus/load/addOrder/${id}`, { ...dialog, code }, en);

const confirmLoads = async (orderId: number) =>
  (
    await s.t.db
      .select({ id: busOrderLog.id })
      .from(busOrderLog)
      .where(and(eq(busOrderLog.orderId, orderId), eq(busOrderLog.action, 'confirmLoad')))
  ).length;

describe('[LOAD] scan mode', () => {
  it('loads the order of each scanned waybill or piece label and counts pieces scanned / planned', async () => {
    const a = await stockOrder(s.kit, {}, { arrivedPiece: 2, arrivedWeight: '100', arrivedVolume: '0.5' });
    const b = await stockOrder(s.kit, {}, { arrivedPiece: 5, arrivedWeight: '300', arrivedVolume: '1.5' });
    const plan = await planWith(s.kit, [a.id, b.id]);
    const dialog = loadBody();
    const first = await scan(s.dispatcher, plan.id, a.transportId, dialog);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      status: 1,
      done: 1,
      transportId: a.transportId,
      loadedPieces: 2,
      plannedPieces: 7,
    });
    // a piece label, lower case as some scanners send it
    const second = await scan(s.dispatcher, plan.id, `${b.transportId.toLowerCase()}-4`, dialog);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ status: 2, transportId: b.transportId, loadedPieces: 7 });
    expect(await orderRow(s.kit, b.id)).toMatchObject({ status: 4, containerNo: dialog.containerNo });
    expect((await loadLog(s.kit, plan.id)).map((l) => l.remark)).toEqual([a.transportId, b.transportId]);
  });

  it('refuses a repeat (M-dup), an unknown code or piece (M-notfound) and an order of another plan', async () => {
    const a = await stockOrder(s.kit, {}, { arrivedPiece: 2, arrivedWeight: '100', arrivedVolume: '0.5' });
    const b = await stockOrder(s.kit);
    const plan = await planWith(s.kit, [a.id]);
    await planWith(s.kit, [b.id]);
    const dialog = loadBody();
    expect((await scan(s.dispatcher, plan.id, a.transportId, dialog)).statusCode).toBe(200);
    for (const code of [a.transportId, `${a.transportId}-2`]) {
      const dup = await scan(s.dispatcher, plan.id, code, dialog);
      expect(dup.statusCode).toBe(409);
      expect(dup.json().msg).toBe(`${code} already scanned`);
    }
    for (const code of ['TH99999999999', `${a.transportId}-3`, 'NOT-A-CODE']) {
      const none = await scan(s.dispatcher, plan.id, code, dialog);
      expect(none.statusCode).toBe(404);
      expect(none.json().msg).toBe(`No order for ${code}`);
    }
    const elsewhere = await scan(s.dispatcher, plan.id, b.transportId, dialog);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().msg).toContain(b.transportId);
    expect((await orderRow(s.kit, b.id)).status).toBe(3);
  });

  it('refuses a scanned order with an open problem item (M-exc) and one of another customer (not found)', async () => {
    const a = await stockOrder(s.kit);
    const mine = await stockOrder(s.kit, { markId: s.ids.BK001 });
    const plan = await planWith(s.kit, [a.id, mine.id]);
    await s.t.db.update(busOrder).set({ ifException: 1 }).where(eq(busOrder.id, a.id));
    const exc = await scan(s.dispatcher, plan.id, a.transportId, loadBody());
    expect(exc.statusCode).toBe(409);
    expect(exc.json().msg).toContain(`${a.transportId} has an open problem item`);
    expect((await orderRow(s.kit, a.id)).status).toBe(3);
    const theirs = await scan(s.loader, plan.id, a.transportId, loadBody());
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().msg).toBe(`No order for ${a.transportId}`);
    const ok = await scan(s.loader, plan.id, mine.transportId, loadBody());
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('[LOAD] late additions (S2 -> S3 -> S4 in one transaction)', () => {
  it('plans and loads an in-stock order scanned or ticked into a loading container: two order-log rows', async () => {
    const [a, late, ticked] = [await stockOrder(s.kit), await stockOrder(s.kit), await stockOrder(s.kit)];
    const plan = await planWith(s.kit, [a.id]);
    const dialog = loadBody();
    expect((await scan(s.dispatcher, plan.id, a.transportId, dialog)).statusCode).toBe(200);
    const r = await scan(s.dispatcher, plan.id, late.transportId, dialog);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ status: 2, done: 1, loadedPieces: 6, plannedPieces: 6 });
    expect(await orderRow(s.kit, late.id)).toMatchObject({
      status: 4,
      loadId: plan.id,
      containerNo: dialog.containerNo,
    });
    expect((await orderActions(s.kit, late.id)).slice(-2)).toEqual([
      { action: 'addToLoadPlan', fromStatus: 2, toStatus: 3 },
      { action: 'confirmLoad', fromStatus: 3, toStatus: 4 },
    ]);
    const t2 = await s.dispatcher.post(`/bus/load/addOrder/${plan.id}`, { ...dialog, orderIds: [ticked.id] }, en);
    expect(t2.statusCode, t2.body).toBe(200);
    expect((await orderActions(s.kit, ticked.id)).slice(-2).map((x) => x.action)).toEqual([
      'addToLoadPlan',
      'confirmLoad',
    ]);
    expect((await loadRow(s.kit, plan.id)).status).toBe(2);
    expect((await loadLog(s.kit, plan.id)).map((l) => [l.action, l.fromStatus, l.toStatus])).toEqual([
      ['load', 0, 2],
      ['addOrder', 2, 1],
      ['load', 1, 2],
      ['addOrder', 2, 1],
      ['load', 1, 2],
    ]);
  });

  it('refuses a late addition whose route differs or that has an open problem item, changing nothing', async () => {
    const a = await stockOrder(s.kit);
    const sea = await stockOrder(s.kit, { busType: 'SEA' });
    const exc = await stockOrder(s.kit);
    await s.t.db.update(busOrder).set({ ifException: 1 }).where(eq(busOrder.id, exc.id));
    const plan = await planWith(s.kit, [a.id]);
    const dialog = loadBody();
    const route = await scan(s.dispatcher, plan.id, sea.transportId, dialog);
    expect(route.statusCode).toBe(409);
    expect(route.json().msg).toContain(sea.transportId);
    const problem = await scan(s.dispatcher, plan.id, exc.transportId, dialog);
    expect(problem.statusCode).toBe(409);
    expect(problem.json().msg).toContain(exc.transportId);
    for (const o of [sea, exc]) expect(await orderRow(s.kit, o.id)).toMatchObject({ status: 2, loadId: null });
    expect(await loadRow(s.kit, plan.id)).toMatchObject({ status: 0, containerNo: '' });
  });
});

describe('[LOAD] concurrency', () => {
  it('20 parallel scans of one order load it exactly once', async () => {
    const [a, b] = [await stockOrder(s.kit), await stockOrder(s.kit)];
    const plan = await planWith(s.kit, [a.id, b.id]);
    const dialog = loadBody();
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) => scan(i % 2 ? s.admin : s.dispatcher, plan.id, a.transportId, dialog)),
    );
    const codes = res.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    for (const r of res.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().msg).toMatch(/already scanned|Changed by someone else/);
    }
    expect(await confirmLoads(a.id)).toBe(1);
    expect((await loadLog(s.kit, plan.id)).filter((l) => l.action === 'load')).toHaveLength(1);
    expect(await loadRow(s.kit, plan.id)).toMatchObject({ status: 1 });
  });

  it('two users loading the same plan at once: one loads it, the other is told nothing is left', async () => {
    const orders = await Promise.all(Array.from({ length: 4 }, () => stockOrder(s.kit)));
    const plan = await planWith(
      s.kit,
      orders.map((o) => o.id),
    );
    const dialog = loadBody();
    const [x, y] = await Promise.all([
      s.dispatcher.post(`/bus/load/addOrder/${plan.id}`, dialog, en),
      s.admin.post(`/bus/load/addOrder/${plan.id}`, dialog, en),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const winner = x.statusCode === 200 ? x : y;
    expect(winner.json().data).toMatchObject({ status: 2, done: 4 });
    for (const o of orders) expect(await confirmLoads(o.id)).toBe(1);
    expect((await loadLog(s.kit, plan.id)).map((l) => l.action)).toEqual(['load']);
  });
});

describe('[LOAD] scan budget', () => {
  it('loads one scanned order in a fixed handful of statements whatever the size of the load (no N+1)', async () => {
    const small = await Promise.all([stockOrder(s.kit), stockOrder(s.kit), stockOrder(s.kit)]);
    const large = await Promise.all(Array.from({ length: 20 }, () => stockOrder(s.kit)));
    const counts: number[] = [];
    const ctx = { db: s.t.db, auth: s.kit.planner, lang: 'en' as const, timezone: s.t.config.timezone };
    for (const orders of [small, large]) {
      const plan = await planWith(
        s.kit,
        orders.map((o) => o.id),
      );
      const dialog = loadBody();
      // the first scan writes the container data (and claims the number); the next ones are the steady state.
      // Both loads stay L1 after the measured scan (reaching L2 adds the 'loaded' milestone's insert).
      await loadOrdersIntoContainer(ctx, plan.id, { ...dialog, code: orders[0]!.transportId });
      await s.t.flushOperlog();
      const before = statements;
      const answer = await loadOrdersIntoContainer(ctx, plan.id, { ...dialog, code: orders[1]!.transportId });
      counts.push(statements - before);
      expect(answer).toMatchObject({ done: 1, transportId: orders[1]!.transportId });
    }
    expect(counts[0]).toBe(counts[1]);
    // begin, the load locked, the order read once (the order core takes the scan's row), its update and log row, the
    // load's totals and party rows, the load's update and log row, commit
    expect(counts[0]).toBeLessThanOrEqual(10);
  });
});
