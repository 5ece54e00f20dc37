import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/build-test-app';
import { basDriver } from '../../bas/bas.table';
import { busOrder } from '../inware/inware.table';
import { seedDemoLoads } from '../load/load.seed';
import { busLoad, busTrack } from '../load/load.table';
import { busOrderLog } from '../order-log/order-log.table';
import { busSend, busSendLine } from '../send/send.table';
import { busArrive, busArrivePhoto } from './arrive.table';
import { seedDemoDestination } from './destination.seed';

/**
 * The destination demo data (destination.seed.ts) on top of the demo loads: the container at the Mukdahan border
 * picked up and received in Bangkok (one order still to receive), this morning's run dispatched to the 'driver'
 * account's driver with one order signed, one signed short (with its problem item), one failed and one out, a
 * draft run for tomorrow, the rest in stock; every step written by the services (order-log rows, milestone,
 * photos through the files module); once only; what the demo accounts see on the screens.
 */

let t: TestApp;
let first: boolean;
let lines: string[];

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoLoads(t.db)).toBe(true);
  lines = [];
  first = await seedDemoDestination(t.db, { files: t.deps.files, log: (l) => lines.push(l) });
});
afterAll(async () => t?.close());

const containerOrders = async () => {
  const [load] = await t.db.select().from(busLoad).where(eq(busLoad.containerNo, 'CSNU7345215'));
  const orders = await t.db.select().from(busOrder).where(eq(busOrder.loadId, load!.id)).orderBy(asc(busOrder.id));
  return { load: load!, orders };
};

describe('destination demo data', () => {
  it('picks up the container at the border and receives all its orders but one in Bangkok, once', async () => {
    expect(first, lines.join('\n')).toBe(true);
    expect(lines.join('\n')).toMatch(/CSNU7345215 picked up, 8 of 9 orders/);
    expect(await seedDemoDestination(t.db, { files: t.deps.files })).toBe(false);
    const { load, orders } = await containerOrders();
    expect(load.status).toBe(4);
    const [record] = await t.db.select().from(busArrive).where(eq(busArrive.loadId, load.id));
    expect(record).toMatchObject({ status: 2, sealIntact: '1' });
    expect(record!.pickupTime).not.toBeNull();
    const photos = await t.db.select().from(busArrivePhoto).where(eq(busArrivePhoto.arriveId, record!.id));
    expect(photos).toHaveLength(1);
    expect(orders.map((o) => o.status).sort()).toEqual([5, 6, 6, 6, 6, 7, 7, 8, 8]);
    expect(orders.filter((o) => o.status >= 6).every((o) => /^A-0[12]-0[12]$/.test(o.trayNo ?? ''))).toBe(true);
    // the automatic 'arrived at destination warehouse' milestone
    const tracks = await t.db.select().from(busTrack).where(eq(busTrack.loadId, load.id));
    expect(tracks.some((m) => m.auto === '1' && m.trackStatus !== '4' && m.trackStatus !== '5')).toBe(true);
  });

  it("dispatches this morning's run: signed, signed short with a problem item, failed, out; a draft for tomorrow", async () => {
    const { orders } = await containerOrders();
    const runs = await t.db.select().from(busSend).orderBy(asc(busSend.id));
    expect(runs.map((r) => r.status)).toEqual([1, 0]);
    const morning = await t.db
      .select()
      .from(busSendLine)
      .where(eq(busSendLine.sendId, runs[0]!.id))
      .orderBy(asc(busSendLine.seq));
    const byId = new Map(orders.map((o) => [o.id, o]));
    const states = morning.map((l) => byId.get(l.orderId)!).map((o) => [o.status, o.signStatus, o.ifException]);
    expect(states).toEqual([
      [8, 1, 0],
      [8, 3, 1],
      [7, 2, 0],
      [7, 0, 0],
    ]);
    const short = byId.get(morning[1]!.orderId)!;
    expect(short.signPiece).toBe((short.arrivedPiece ?? 0) - 1);
    expect(short.exceptionType).toBe('1');
    expect(morning[0]!.signPicture).toMatch(/^[0-9a-f-]{36}$/);
    const tomorrow = await t.db.select().from(busSendLine).where(eq(busSendLine.sendId, runs[1]!.id));
    expect(tomorrow.map((l) => byId.get(l.orderId)!.status)).toEqual([6, 6]);
    // written by the services: the order log has each step
    const log = await t.db
      .select({ action: busOrderLog.action })
      .from(busOrderLog)
      .where(inArray(busOrderLog.orderId, [short.id]))
      .orderBy(asc(busOrderLog.id));
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['sign', 'raiseException']));
  });

  it('fills the screens the demo accounts open', async () => {
    const [driver, dispatcher] = await Promise.all(['driver', 'dispatcher'].map((u) => t.login(u)));
    const [linked] = await t.db.select().from(basDriver).where(eq(basDriver.driverName, 'สมชาย ใจดี'));
    expect(linked!.userId).not.toBeNull();
    // the driver sees their own run only, with its one order still out
    const own = (await driver.get('/bus/send/list')).json();
    expect(own.total).toBe(1);
    const unsigned = (await driver.get('/bus/sign/list?tab=unsigned')).json();
    expect(unsigned.total).toBe(1);
    expect((await driver.get('/bus/sign/list?tab=failed')).json().total).toBe(1);
    // the dispatcher's screens
    expect((await dispatcher.get('/bus/send/list')).json().total).toBe(2);
    expect((await dispatcher.get('/bus/arrive/orderList?tab=receive')).json().total).toBe(1);
    const stock = (await dispatcher.get('/bus/arrive/orderList?tab=stock')).json();
    expect(stock.total).toBe(4);
    // scanned off the container piece by piece: every piece counted
    for (const r of stock.rows) expect([r.transportId, r.scannedPieces]).toEqual([r.transportId, r.expectedPieces]);
    const desk = (await dispatcher.get('/bus/send/desk')).json();
    expect(desk.total).toBeGreaterThanOrEqual(6);
    const signed = (await dispatcher.get('/bus/sign/list?tab=signed')).json();
    expect(signed.total).toBe(2);
    const picture = signed.rows[0].signPicture as string;
    const image = await dispatcher.get(`/file/download/${picture}`);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    // the short delivery is among the open problem items
    const open = (await dispatcher.get('/bus/exception/list?tab=open')).json();
    expect(open.rows.some((r: { exceptionType: string }) => r.exceptionType === '1')).toBe(true);
  });
});
