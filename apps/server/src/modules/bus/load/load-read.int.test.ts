import {
  fillOf,
  type TLoadListQuery,
  type TTrackListQuery,
  type TTrackRow,
  ZLoadListQuery,
  ZTrackListQuery,
} from '@theone/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAuth } from '../../../../test/test-auth';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { userId } from '../../bas/bas.test-utils';
import { useBusSuite } from '../bus.test-utils';
import type { TOrderCtx } from '../inware/inware.context';
import { busOrder } from '../inware/inware.table';
import { addOrder, orderBody, receiveOrder } from '../inware/inware.test-utils';
import { listLoads, loadRowsByIds, trackRowsByIds } from './load.read';
import { type busLoad, busLoadLog, busTrack, busTrackMessage } from './load.table';
import { loadHolding } from './load.test-utils';
import { loadDetail, loadOrdersPage } from './load-detail.read';

/**
 * The load record's reads against real PostgreSQL: records and orders are fixtures written here (the plan and
 * load actions have their own tests); what is checked is what each list, row and detail answers, for a user with
 * all data and for a sales person who sees only their customers' orders.
 */

const s = useBusSuite({ users: ['admin'] });

let all: TOrderCtx;
let sales: TOrderCtx;
let sales2: TOrderCtx;

const authOf = testAuth;
const ctxOf = (auth: AuthContext): TOrderCtx => ({ db: s.t.db, auth, lang: 'en', timezone: 'Asia/Shanghai' });

/** A received order (S2) of the mark with its measured figures. */
async function receivedOrder(markId: number, piece: number, weight: string, volume: string) {
  const o = await addOrder(s.admin, orderBody(s.ids, { markId, status: 1 }));
  await receiveOrder(s.admin, s.ids, o.id, `WR-LR-${o.id}`, {
    arrivedPiece: piece,
    arrivedWeight: weight,
    arrivedVolume: volume,
  });
  await s.t.db.update(busOrder).set({ feeArAmount: '100.10' }).where(eq(busOrder.id, o.id));
  return o;
}

let seq = 0;
/** A load record with these orders at these order statuses (a fixture: the actions have their own tests). */
async function fixtureLoad(
  status: number,
  orders: { id: number; status: number }[],
  set: Partial<typeof busLoad.$inferInsert> = {},
) {
  seq++;
  return loadHolding(s.t, s.ids, orders, {
    loadNo: `LD991231${String(seq).padStart(4, '0')}`,
    status,
    loadTime: new Date(Date.UTC(2026, 10, 1, 2) + seq * 60_000),
    createBy: 'admin',
    ...set,
  });
}

const q = (x: Record<string, unknown> = {}): TLoadListQuery => ZLoadListQuery.parse(x);
const tq = (x: Record<string, unknown> = {}): TTrackListQuery => ZTrackListQuery.parse(x);

let th1: { id: number; transportId: string };
let th2: { id: number; transportId: string };
let yw1: { id: number; transportId: string };
let plan: typeof busLoad.$inferSelect;
let mixed: typeof busLoad.$inferSelect;
let transit: typeof busLoad.$inferSelect;
let emptyPlan: typeof busLoad.$inferSelect;

beforeAll(async () => {
  all = ctxOf({ ...authOf(await userId(s.t, 'admin'), 'admin', '1'), feeRole: true });
  sales = ctxOf(authOf(await userId(s.t, 'sales'), 'sales', '5'));
  sales2 = ctxOf(authOf(await userId(s.t, 'sales2'), 'sales2', '5'));
  th1 = await receivedOrder(s.ids.TH001, 10, '1000.50', '30.125');
  th2 = await receivedOrder(s.ids.TH002, 5, '500', '10');
  yw1 = await receivedOrder(s.ids.YW101, 3, '300.25', '5.5');
  const th3 = await receivedOrder(s.ids.TH001, 2, '20', '0.2');
  // a plan of TH001 + YW101 (sales sees one line, sales2 the other), a loading container, one in transit
  mixed = await fixtureLoad(
    0,
    [
      { id: th1.id, status: 3 },
      { id: yw1.id, status: 3 },
    ],
    { containerFee: '150.00' },
  );
  plan = await fixtureLoad(
    1,
    [
      { id: th2.id, status: 4 },
      { id: th3.id, status: 3 },
    ],
    { containerType: '20GP', busType: 'SEA' },
  );
  transit = await fixtureLoad(3, [], {
    leftTime: new Date(Date.now() - 100 * 3600_000),
    containerNo: 'MSCU1234565',
    sealNo: 'SL-7788',
    truckNo: '粤B12345',
    vesselName: 'HAIAN 7',
    voyageNo: '2611E',
    customsCorp: 'Mohan Broker',
    loadPerson: 'Li Wei',
    etdDate: new Date('2026-11-02T04:00:00Z'),
    etaDate: new Date('2026-11-25T04:00:00Z'),
  });
  emptyPlan = await fixtureLoad(0, [], { createBy: 'sales2' });
  await s.t.db.insert(busTrack).values({
    loadId: transit.id,
    trackStatus: '5',
    trackTime: new Date(Date.now() - 100 * 3600_000),
    auto: '1',
    createBy: 'dispatcher',
  });
  const [m] = await s.t.db
    .insert(busTrack)
    .values({
      loadId: transit.id,
      trackStatus: '16',
      trackTime: new Date(Date.now() - 80 * 3600_000),
      trackRemark: 'border',
      createBy: 'dispatcher',
    })
    .returning();
  await s.t.db.insert(busTrackMessage).values([
    { trackId: m!.id, content: 'at Mohan' },
    { trackId: m!.id, content: 'queue', visibleToCustomer: '1' },
  ]);
});

describe('listLoads', () => {
  it('loadplan: L0/L1 by default, newest loading time first, per-row sums of every order, fill and margin', async () => {
    const r = await listLoads(all, 'loadplan', q({ loadNo: `${mixed.loadNo},${plan.loadNo},${transit.loadNo}` }));
    expect(r.rows.map((x) => x.id)).toEqual([plan.id, mixed.id]);
    expect(r.total).toBe(2);
    const m = r.rows.find((x) => x.id === mixed.id)!;
    expect(m).toMatchObject({
      orderCount: 2,
      loadedCount: 0,
      markCount: 2,
      pieces: 13,
      weight: '1300.75',
      volume: '35.625',
      orderArAmount: '200.20',
      containerFee: '150.00',
      estimatedMargin: '50.20',
      leftAddrName: expect.any(String),
      loadHouseName: expect.any(String),
    });
    expect(m.leftAddrName).not.toBe('');
    const fill = fillOf('40HQ', '35.625', '1300.75');
    expect([m.volumePercent, m.weightPercent]).toEqual([fill.volumePercent, fill.weightPercent]);
    expect(m.volumePercent).toBe('52.4');
    const p = r.rows.find((x) => x.id === plan.id)!;
    expect(p).toMatchObject({ orderCount: 2, loadedCount: 1, estimatedMargin: null, containerFee: null });
    // the margin is a fee figure: not worked out for a user without the fee role (the route blanks the fee fields)
    const noFee = await listLoads(ctxOf({ ...all.auth, feeRole: false }), 'loadplan', q({ loadNo: mixed.loadNo }));
    expect(noFee.rows[0]).toMatchObject({ id: mixed.id, orderCount: 2, estimatedMargin: null });
    expect(r.sums).toEqual({
      orders: 4,
      pieces: 20,
      weight: '1820.75',
      volume: '45.825',
      containerFee: '150.00',
      orderArAmount: '400.40',
    });
  });

  it('loadplan pages merged from its statuses keep one order across pages: loading time, then id, newest first', async () => {
    // L0 and L1 plans with interleaved loading times, two at the same time in different statuses, and an L2
    const same = new Date(Date.UTC(2026, 10, 20, 2));
    const loads = [
      await fixtureLoad(0, []),
      await fixtureLoad(1, []),
      await fixtureLoad(0, [], { loadTime: same }),
      await fixtureLoad(1, [], { loadTime: same }),
      await fixtureLoad(2, []),
      await fixtureLoad(1, []),
      await fixtureLoad(0, []),
    ];
    const nos = loads.map((l) => l.loadNo).join(',');
    const newestFirst = (statuses: number[]) =>
      loads
        .filter((l) => statuses.includes(l.status))
        .sort((a, b) => b.loadTime!.getTime() - a.loadTime!.getTime() || b.id - a.id)
        .map((l) => l.id);
    const pages = async (x: Record<string, unknown>) => {
      const ids: number[] = [];
      for (let pageNum = 1; pageNum <= 4; pageNum++) {
        const r = await listLoads(all, 'loadplan', q({ loadNo: nos, pageSize: 2, pageNum, ...x }));
        expect(r.total).toBe(newestFirst(x.status === '0,1,2' ? [0, 1, 2] : [0, 1]).length);
        ids.push(...r.rows.map((row) => row.id));
      }
      return ids;
    };
    expect(newestFirst([0, 1]).slice(0, 2)).toEqual([loads[3]!.id, loads[2]!.id]);
    expect(await pages({})).toEqual(newestFirst([0, 1]));
    expect(await pages({ orderByColumn: 'loadTime', isAsc: 'descending' })).toEqual(newestFirst([0, 1]));
    expect(await pages({ status: '0,1,2' })).toEqual(newestFirst([0, 1, 2]));
    // another order (read as one set and sorted): oldest first, a tie still newest id first
    const oldestFirst = loads
      .filter((l) => l.status <= 1)
      .sort((a, b) => a.loadTime!.getTime() - b.loadTime!.getTime() || b.id - a.id)
      .map((l) => l.id);
    expect(await pages({ orderByColumn: 'loadTime', isAsc: 'ascending' })).toEqual(oldestFirst);
  });

  it('sums equal a direct count of the filtered set', async () => {
    const r = await listLoads(all, 'load', q({ pageSize: 1 }));
    const [direct] = (
      await s.t.db.execute<{ n: number; orders: number; pieces: number }>(sql`
      SELECT (SELECT count(*)::int FROM bus_load WHERE status BETWEEN 1 AND 5) AS n,
             count(*)::int AS orders, coalesce(sum(arrived_piece), 0)::int AS pieces
        FROM bus_order WHERE load_id IN (SELECT id FROM bus_load WHERE status BETWEEN 1 AND 5)`)
    ).rows;
    expect(r.rows).toHaveLength(1);
    expect(r.total).toBe(direct!.n);
    expect(r.sums).toMatchObject({ orders: direct!.orders, pieces: direct!.pieces });
  });

  it('a sales person sees the loads holding their customers, with only their lines and sums', async () => {
    const r = await listLoads(sales, 'loadplan', q({ loadNo: `${mixed.loadNo},${plan.loadNo},${emptyPlan.loadNo}` }));
    expect(r.rows.map((x) => x.id).sort()).toEqual([mixed.id, plan.id].sort());
    const m = r.rows.find((x) => x.id === mixed.id)!;
    expect(m).toMatchObject({ orderCount: 1, markCount: 1, pieces: 10, weight: '1000.50', orderArAmount: '100.10' });
    expect(r.sums).toMatchObject({ orders: 3, pieces: 17 });
    const r2 = await listLoads(sales2, 'loadplan', q({ loadNo: `${mixed.loadNo},${plan.loadNo},${emptyPlan.loadNo}` }));
    // sales2: the mixed plan (YW101) and the empty plan they opened
    expect(r2.rows.map((x) => x.id).sort()).toEqual([mixed.id, emptyPlan.id].sort());
    expect(r2.rows.find((x) => x.id === mixed.id)).toMatchObject({ orderCount: 1, pieces: 3, weight: '300.25' });
  });

  it('filters: status, transport mode, container type, waybill, mark, container number, dates in the business zone', async () => {
    const nos = `${mixed.loadNo},${plan.loadNo},${transit.loadNo},${emptyPlan.loadNo}`;
    const idsOf = async (view: 'loadplan' | 'load', x: Record<string, unknown>) =>
      (await listLoads(all, view, q({ loadNo: nos, ...x }))).rows.map((r) => r.id).sort();
    expect(await idsOf('loadplan', { status: '1' })).toEqual([plan.id]);
    expect(await idsOf('loadplan', { busType: 'SEA' })).toEqual([plan.id]);
    expect(await idsOf('loadplan', { containerType: '40HQ' })).toEqual([mixed.id, emptyPlan.id].sort());
    expect(await idsOf('loadplan', { transportId: yw1.transportId })).toEqual([mixed.id]);
    expect(await idsOf('loadplan', { mark: 'th002' })).toEqual([plan.id]);
    expect(await idsOf('load', { containerNo: 'mscu1234565' })).toEqual([transit.id]);
    expect(await idsOf('load', {})).toEqual([plan.id, transit.id].sort());
    // the fixtures' loading times are 2026-11-01 10:0x in Shanghai: the day includes them, the day before does not
    expect(
      (await idsOf('loadplan', { 'params[beginTime]': '2026-11-01', 'params[endTime]': '2026-11-01' })).length,
    ).toBe(3);
    expect(await idsOf('loadplan', { 'params[endLoadTime]': '2026-10-31' })).toEqual([]);
    await expect(listLoads(all, 'load', q({ containerNo: 'MSCU1234565；TGHU1234567' }))).rejects.toMatchObject({
      messageKey: 'msg_comma_separated',
    });
    expect(await idsOf('load', { sealNo: 'SL-77' })).toEqual([transit.id]);
    expect(await idsOf('load', { truckNo: '粤B' })).toEqual([transit.id]);
    expect(
      await idsOf('load', { vesselName: 'haian', voyageNo: '2611', customsCorp: 'Mohan', loadPerson: 'li' }),
    ).toEqual([transit.id]);
    expect(await idsOf('loadplan', { leftAddrId: String(s.ids.yw) })).toEqual([]);
    expect(await idsOf('loadplan', { destAddrId: String(s.ids.bkk) })).toEqual(
      [mixed.id, emptyPlan.id, plan.id].sort(),
    );
    expect(await idsOf('load', { 'params[beginEtdDate]': '2026-11-02', 'params[endEtdDate]': '2026-11-02' })).toEqual([
      transit.id,
    ]);
    expect(await idsOf('load', { 'params[beginEtaDate]': '2026-11-20' })).toEqual([transit.id]);
    expect(await idsOf('load', { 'params[endLeftTime]': '2020-01-01' })).toEqual([]);
    const byNo = await listLoads(all, 'loadplan', q({ loadNo: nos, orderByColumn: 'loadNo', isAsc: 'asc' }));
    expect(byNo.rows.map((r) => r.loadNo)).toEqual([mixed.loadNo, plan.loadNo, emptyPlan.loadNo]);
    // a sales person cannot find a load through another customer's waybill
    expect((await listLoads(sales, 'loadplan', q({ transportId: yw1.transportId }))).rows).toEqual([]);
  });

  it('track: in transit by default, latest milestone, days in transit, no news, message count', async () => {
    const r = await listLoads(all, 'track', tq({ loadNo: `${transit.loadNo},${plan.loadNo}` }));
    expect(r.rows.map((x) => x.id)).toEqual([transit.id]);
    const row = r.rows[0] as TTrackRow;
    expect(row).toMatchObject({
      trackStatus: '16',
      trackRemark: 'border',
      trackBy: 'dispatcher',
      daysInTransit: 4,
      noNews: true,
      messageCount: 2,
    });
    expect(row.trackTime).toBeInstanceOf(Date);
    const filtered = async (x: Record<string, unknown>) =>
      (await listLoads(all, 'track', tq({ loadNo: transit.loadNo, ...x }))).rows.length;
    expect(await filtered({ trackStatus: '16' })).toBe(1);
    expect(await filtered({ trackStatus: '5' })).toBe(0);
    expect(await filtered({ noNews: '1' })).toBe(1);
    expect(await filtered({ noNews: '0' })).toBe(0);
    expect(await filtered({ tab: 'waiting' })).toBe(0);
    expect(await filtered({ tab: 'all' })).toBe(1);
    expect((await trackRowsByIds(all, [transit.id]))[0]).toMatchObject({ trackStatus: '16', messageCount: 2 });
  });
});

describe('rows by id, detail and orders page', () => {
  it('loadRowsByIds keeps the order asked and leaves out missing and out-of-scope ids', async () => {
    expect((await loadRowsByIds(all, [plan.id, 999_999, mixed.id])).map((r) => r.id)).toEqual([plan.id, mixed.id]);
    expect((await loadRowsByIds(sales2, [plan.id, mixed.id])).map((r) => r.id)).toEqual([mixed.id]);
  });

  it('loadDetail: the caller’s orders by mark then waybill, per-mark summary, log newest first; 404 out of scope', async () => {
    await s.t.db.insert(busLoadLog).values([
      { loadId: plan.id, action: 'add', fromStatus: null, toStatus: 0, orderCount: 2, createBy: 'admin' },
      { loadId: plan.id, action: 'load', fromStatus: 0, toStatus: 1, orderCount: 1, createBy: 'admin' },
    ]);
    const d = await loadDetail(all, plan.id);
    expect(d.load.id).toBe(plan.id);
    expect(d.orders.map((o) => o.mark)).toEqual(['TH001', 'TH002']);
    expect(d.marks).toEqual([
      { mark: 'TH001', orders: 1, pieces: 2, weight: '20.00', volume: '0.200' },
      { mark: 'TH002', orders: 1, pieces: 5, weight: '500.00', volume: '10.000' },
    ]);
    expect(d.log.map((l) => l.action)).toEqual(['load', 'add']);
    const m = await loadDetail(sales2, mixed.id);
    expect(m.orders.map((o) => o.id)).toEqual([yw1.id]);
    expect(m.load.orderCount).toBe(1);
    await expect(loadDetail(sales2, plan.id)).rejects.toMatchObject({ errorCode: 'NOT_FOUND' });
  });

  it('loadOrdersPage: paged lines with sums of the filtered set', async () => {
    const p1 = await loadOrdersPage(all, mixed.id, { pageNum: 1, pageSize: 1 });
    expect(p1.total).toBe(2);
    expect(p1.rows).toHaveLength(1);
    expect(p1.sums).toEqual({
      orders: 2,
      pieces: 13,
      weight: '1300.75',
      volume: '35.625',
      containerFee: '150.00',
      orderArAmount: '200.20',
    });
    const byMark = await loadOrdersPage(all, mixed.id, { pageNum: 1, pageSize: 20, mark: 'YW101' });
    expect(byMark.rows.map((r) => r.id)).toEqual([yw1.id]);
    const byNo = await loadOrdersPage(all, mixed.id, { pageNum: 1, pageSize: 20, transportId: th1.transportId });
    expect(byNo.rows.map((r) => r.id)).toEqual([th1.id]);
    expect((await loadOrdersPage(sales, mixed.id, { pageNum: 1, pageSize: 20 })).total).toBe(1);
    await expect(loadOrdersPage(sales, emptyPlan.id, { pageNum: 1, pageSize: 20 })).rejects.toMatchObject({
      errorCode: 'NOT_FOUND',
    });
  });
});
