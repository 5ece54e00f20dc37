import {
  isContainerNo,
  isPlate,
  journeyStatusOf,
  LOAD_STATUS,
  milestonesFor,
  money,
  NO_NEWS_HOURS,
  planStatusOf,
} from '@theone/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/build-test-app';
import { busArrive } from '../arrive/arrive.table';
import { busOrder } from '../inware/inware.table';
import { busOrderLog } from '../order-log/order-log.table';
import { DEMO_LOADS, seedDemoLoads } from './load.seed';
import { busLoad, busLoadLog, busTrack, busTrackMessage } from './load.table';
import { loadCounts } from './load-record';

let t: TestApp;
let seeded: boolean;

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedDemoLoads(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe('demo load seed', () => {
  it('adds the demo loads once, in every status of the brief', async () => {
    expect(seeded).toBe(true);
    expect(await seedDemoLoads(t.db)).toBe(false);
    const loads = await t.db.select().from(busLoad).orderBy(asc(busLoad.id));
    expect(loads).toHaveLength(DEMO_LOADS.length);
    expect(loads.map((l) => l.status)).toEqual([0, 0, 1, 2, 3, 3, 3]);
    expect(loads.filter((l) => l.status === 0).map((l) => l.containerType)).toEqual(['40HQ', 'TRUCK_9_6M']);
    const inStock = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM bus_order WHERE status = 2 AND load_id IS NULL`,
    );
    expect(inStock.rows[0]!.n).toBeGreaterThanOrEqual(10);
  });

  it('gives each load the status its orders make it (planStatusOf / journeyStatusOf)', async () => {
    const loads = await t.db.select().from(busLoad);
    for (const load of loads) {
      const counts = await loadCounts(t.db, load.id);
      expect(counts.total).toBeGreaterThan(0);
      const expected = load.status < LOAD_STATUS.DEPARTED ? planStatusOf(counts) : journeyStatusOf(counts);
      expect(load.status, load.loadNo).toBe(expected);
      // the stored totals the lists add up (migration 0014) are those of its orders
      expect(load.totalOrders).toBe(counts.total);
      expect(load.totalPieces).toBe(counts.pieces);
      expect(money(load.totalWeight).equals(counts.weight)).toBe(true);
      expect(money(load.totalVolume).equals(counts.volume)).toBe(true);
      expect(money(load.totalAr).isZero()).toBe(false);
      const orders = await t.db.select().from(busOrder).where(eq(busOrder.loadId, load.id));
      for (const o of orders) {
        // loaded orders carry the container's data; planned ones none yet
        const carries = o.status >= 4;
        expect(o.containerNo, o.transportId).toBe(carries ? load.containerNo : '');
        expect(o.sealNo).toBe(carries ? load.sealNo : '');
        expect(o.truckNo).toBe(carries ? load.truckNo : '');
        expect(o.busType).toBe(load.busType);
        expect(o.leftAddrId).toBe(load.leftAddrId);
        expect(o.arrivedHouseId).toBe(load.loadHouseId);
        expect(o.preArriveTime?.getTime()).toBe(load.etaDate?.getTime());
        if (load.status >= LOAD_STATUS.DEPARTED) expect(o.leftTime?.getTime()).toBe(load.leftTime?.getTime());
        else expect(o.leftTime).toBeNull();
      }
    }
  });

  it('uses valid ISO 6346 container numbers and Chinese or Thai plates', async () => {
    const loads = await t.db.select().from(busLoad);
    const containers = loads.filter((l) => l.containerNo);
    const trucks = loads.filter((l) => l.truckNo);
    expect(containers.length).toBeGreaterThanOrEqual(3);
    expect(trucks.length).toBeGreaterThanOrEqual(3);
    for (const l of containers) expect(isContainerNo(l.containerNo), l.containerNo).toBe(true);
    for (const l of trucks) expect(isPlate(l.truckNo), l.truckNo).toBe(true);
    // from L1 on a load has its seal and a container or a plate
    for (const l of loads.filter((x) => x.status >= LOAD_STATUS.LOADING)) {
      expect(l.sealNo).not.toBe('');
      expect(l.containerNo || l.truckNo).not.toBe('');
    }
  });

  it("writes each order's log up to its status and each load's log up to its status", async () => {
    const orders = await t.db.select().from(busOrder);
    const logs = await t.db.select().from(busOrderLog).orderBy(asc(busOrderLog.createTime), asc(busOrderLog.id));
    for (const o of orders) {
      const rows = logs.filter((l) => l.orderId === o.id);
      expect(rows[0]?.action).toBe('confirm');
      expect(rows.at(-1)?.toStatus, o.transportId).toBe(o.status);
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.fromStatus).toBe(rows[i - 1]!.toStatus);
    }
    for (const load of await t.db.select().from(busLoad)) {
      const rows = await t.db
        .select()
        .from(busLoadLog)
        .where(eq(busLoadLog.loadId, load.id))
        .orderBy(asc(busLoadLog.createTime), asc(busLoadLog.id));
      expect(rows.slice(0, 2).map((r) => r.action)).toEqual(['add', 'addOrder']);
      expect(rows.filter((r) => r.action !== 'addMilestone').at(-1)?.toStatus).toBe(load.status);
    }
  });

  it('gives departed loads their automatic milestones, manual ones that fit the mode, a pick-up record', async () => {
    const loads = await t.db.select().from(busLoad);
    for (const load of loads) {
      const tracks = await t.db.select().from(busTrack).where(eq(busTrack.loadId, load.id));
      const auto = tracks.filter((x) => x.auto === '1').map((x) => x.trackStatus);
      const [arrive] = await t.db.select().from(busArrive).where(eq(busArrive.loadId, load.id));
      if (load.status < LOAD_STATUS.LOADED) expect(tracks).toEqual([]);
      if (load.status === LOAD_STATUS.LOADED) expect(auto).toEqual(['4']);
      if (load.status < LOAD_STATUS.DEPARTED) {
        expect(arrive).toBeUndefined();
        continue;
      }
      expect(auto.sort()).toEqual(['4', '5']);
      expect(arrive?.status).toBe(0);
      const manual = tracks.filter((x) => x.auto === '0');
      expect(manual.length).toBeGreaterThanOrEqual(2);
      for (const m of manual) expect(milestonesFor(load.busType)).toContain(m.trackStatus);
      for (const m of manual) expect(m.trackTime.getTime()).toBeGreaterThan(load.leftTime!.getTime());
    }
    const land = loads.find((l) => l.status === 3 && l.busType === 'EK' && l.containerNo);
    const sea = loads.find((l) => l.busType === 'SEA');
    const codes = async (id: number) =>
      (await t.db.select().from(busTrack).where(eq(busTrack.loadId, id)).orderBy(asc(busTrack.trackTime)))
        .filter((x) => x.auto === '0')
        .map((x) => x.trackStatus);
    expect(await codes(land!.id)).toEqual(['11', '13', '15', '16']);
    expect(await codes(sea!.id)).toEqual(['11', '13', '14']);
    const messages = await t.db.select().from(busTrackMessage);
    expect(messages.some((m) => m.visibleToCustomer === '1')).toBe(true);
    expect(messages.some((m) => m.visibleToCustomer === '0')).toBe(true);
  });

  it('has exactly one load in transit without news for more than 72 hours', async () => {
    const r = await t.db.execute<{ load_no: string; hours: string }>(sql`
      SELECT l.load_no, extract(epoch FROM now() - max(t.track_time)) / 3600 AS hours
      FROM bus_load l JOIN bus_track t ON t.load_id = l.id
      WHERE l.status = 3 GROUP BY l.load_no`);
    const silent = r.rows.filter((x) => Number(x.hours) > NO_NEWS_HOURS);
    expect(r.rows).toHaveLength(3);
    expect(silent).toHaveLength(1);
    expect(Number(silent[0]!.hours)).toBeGreaterThan(79);
  });

  it("fills the screens' lists: plans, containers, tracking tabs and the 'no news' filter", async () => {
    const admin = await t.login('admin', 'admin123');
    const list = async (url: string) => {
      const res = await admin.get(url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { total: number; rows: { status: number; noNews?: boolean }[] };
    };
    const plans = await list('/bus/loadplan/list?pageSize=50');
    expect(plans.rows.map((r) => r.status).sort()).toEqual([0, 0, 1]);
    expect((await list('/bus/load/list?pageSize=50')).total).toBe(5);
    expect((await list('/bus/track/list?tab=waiting&pageSize=50')).total).toBe(1);
    const transit = await list('/bus/track/list?tab=transit&pageSize=50');
    expect(transit.total).toBe(3);
    expect(transit.rows.filter((r) => r.noNews)).toHaveLength(1);
    expect((await list('/bus/track/list?tab=transit&noNews=1&pageSize=50')).total).toBe(1);
  });
});
