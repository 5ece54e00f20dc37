import {
  formatLoadNo,
  formatReceivingNo,
  formatTransportId,
  LOAD_STATUS,
  money,
  ORDER_STATUS,
} from '@theone/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/database';
import { periodOf, reserveSequence } from '../../../platform/sequences';
import { DEFAULT_TIMEZONE } from '../../../platform/time';
import { activePlaces, markNamesByCodes, markPricingRef } from '../../bas/api/order-lookups';
import { orderFormRefs } from '../../bas/api/order-refs';
import { DEMO_MARKS } from '../../bas/bas.seed';
import { busArrive } from '../arrive/arrive.table';
import { textFields } from '../bus-record';
import { busCargo } from '../cargo/cargo.table';
import { busOrder } from '../inware/inware.table';
import { busOrderLog } from '../order-log/order-log.table';
import { CARGO, CONSIGNEES, DEMO_LOADS, type DemoLoad, IN_STOCK, PRICE } from './load.demo-data';
import { busLoad, busLoadLog, busTrack, busTrackMessage } from './load.table';
import { refreshLoadTotals, VOYAGE_FIELDS } from './load-record';

/**
 * Demo load records for `npm start` outside production (issue 13): what the load plan, container and tracking
 * screens show on a fresh database. Applied once, when bus_load is empty, on the demo marks of the bas seed:
 *
 * - two plans L0 (a 40HQ half full, a 9.6 m truck), one container loading (L1), one truck loaded and waiting
 *   for departure (L2), three in transit (L3): land EK through Pingxiang/Youyiguan to Mukdahan with milestones
 *   11, 13, 15, 16; sea Shenzhen -> Laem Chabang with 11, 13, 14; a trailer with no news for 80 hours;
 * - eleven orders in stock (S2) for the plan picker;
 * - every order with its cargo line and its order-log rows (confirm, receipt, plan, load, departure), every load
 *   with its load-log rows, the automatic 'loaded' and 'departed' milestones, the pick-up record (P0) of each
 *   departed load, and a few messages.
 *
 * Privileged setup code: it writes the rows directly, in one transaction, keeping them as the actions would
 * (load status = planStatusOf/journeyStatusOf of its orders, orders carry their load's containerNo, sealNo,
 * truckNo, leftTime and ETA). The integration test load.seed.int.test.ts checks that.
 */

const H = 3_600_000;

export { DEMO_LOADS };

const LOG_BY = 'admin';

interface OrderPlan {
  values: typeof busOrder.$inferInsert;
  owner: string;
  steps: { action: string; from: number | null; to: number; at: Date }[];
}

/** The demo loads, once (bus_load empty) and only where the demo marks exist. */
export async function seedDemoLoads(
  db: Db,
  options: { timezone?: string; log?: (line: string) => void } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7301013)`);
    const any = await tx.execute(sql`SELECT 1 FROM bus_load LIMIT 1`);
    if (any.rows.length) return false;
    const ok = await insertDemo(tx, options.timezone ?? DEFAULT_TIMEZONE);
    if (ok) options.log?.(`Demo data: ${DEMO_LOADS.length} load records and their orders.`);
    return ok;
  });
}

async function insertDemo(tx: Tx, timezone: string): Promise<boolean> {
  const codes = [...new Set([...DEMO_LOADS, ...IN_STOCK].flatMap((l) => l.marks))];
  const marks = new Map<string, { id: number; topMarkId: number | null }>();
  // The demo customers' sales users enter their orders.
  const ownerOf = new Map(DEMO_MARKS.map((m) => [m.mark, m.sales]));
  const ids = new Map((await markNamesByCodes(tx, codes)).map((m) => [m.mark, m.id]));
  for (const code of codes) {
    const id = ids.get(code);
    const ref = id ? await markPricingRef(tx, id) : null;
    if (!ref) return false; // no demo marks (production data, or an administrator removed them)
    marks.set(code, { id: ref.id, topMarkId: ref.topMarkId });
  }
  const { warehouses } = await orderFormRefs(tx);
  const origin = new Map((await activePlaces(tx, 1)).map((p) => [p.code, p.id]));
  const dest = (await activePlaces(tx, 2)).find((p) => p.code === 'BKK')?.id;
  const house = new Map(warehouses.map((w) => [w.code, w.id]));
  if (!dest || !origin.get('GZ') || !origin.get('SZ') || !house.get('GZ') || !house.get('SZ')) return false;

  const now = Date.now();
  const at = (hours: number) => new Date(now + hours * H);
  const period = periodOf(new Date(now), timezone, 'yyMMdd');
  const orderCount = DEMO_LOADS.reduce((n, l) => n + l.orders, 0) + IN_STOCK.reduce((n, s) => n + s.count, 0);
  const firstId = (await reserveSequence(tx, 'transportId', period, orderCount)) - orderCount + 1;
  const firstReceipt = (await reserveSequence(tx, 'receivingNo', period, orderCount)) - orderCount + 1;
  const firstLoad = (await reserveSequence(tx, 'loadNo', period, DEMO_LOADS.length)) - DEMO_LOADS.length + 1;
  let seq = 0;

  const order = (
    busType: 'EK' | 'SEA',
    left: 'GZ' | 'SZ',
    markCode: string,
    volume: string,
    weight: string,
    orderAt: number,
  ): OrderPlan => {
    const n = seq++;
    const mark = marks.get(markCode)!;
    const price = PRICE[busType];
    const freight = money(volume).times(price.volume).greaterThan(money(weight).times(price.weight))
      ? money(volume).times(price.volume)
      : money(weight).times(price.weight);
    const pick = n % 4 === 0 ? money('30.00') : money(0);
    const total = freight.plus(pick).toFixed(2);
    const piece = 2 + (n % 9);
    const [consignee, tel, addr] = CONSIGNEES[n % CONSIGNEES.length]!;
    const receivedAt = at(orderAt + 20 + (n % 5));
    return {
      owner: ownerOf.get(markCode) ?? 'admin',
      values: {
        transportId: formatTransportId('TH', period, firstId + n),
        status: ORDER_STATUS.IN_WAREHOUSE,
        markId: mark.id,
        topMarkId: mark.topMarkId,
        busType,
        leftAddrId: origin.get(left)!,
        destAddrId: dest,
        arrivedHouseId: house.get(left)!,
        consignee,
        consigneeTel: tel,
        consigneeAddr: addr,
        expressCorp: n % 2 ? 'ZTO' : 'SF',
        expressNo: n % 2 ? `ZT7${String(31_000_000 + n * 7919)}` : `SF14${String(60_000_000 + n * 104_729)}`,
        receivingNo: formatReceivingNo(period, firstReceipt + n),
        cargoName: CARGO[n % CARGO.length]!,
        cargoType: '1',
        cargoPiece: piece,
        cargoWeight: weight,
        cargoVolume: volume,
        orderTime: at(orderAt),
        preArriveTime: at(orderAt + 7 * 24),
        arrivedTime: receivedAt,
        arrivedPiece: piece,
        arrivedWeight: weight,
        arrivedVolume: volume,
        trayNo: `T-${String(100 + (n % 60))}`,
        calPriceType: '3',
        minAmount: '50.00',
        volumePrice: price.volume,
        weightPrice: price.weight,
        volWgtRate: '300',
        wgtVolRate: '300',
        feeFreightAr: freight.toFixed(2),
        feePickAr: pick.toFixed(2),
        feeArAmount: total,
        currency: 'RMB',
        currencyRate: '1',
        rmbAmount: total,
        createBy: ownerOf.get(markCode) ?? 'admin',
        createTime: at(orderAt),
      },
      steps: [
        { action: 'confirm', from: null, to: ORDER_STATUS.CONFIRMED, at: at(orderAt) },
        { action: 'submitToWarehouse', from: ORDER_STATUS.CONFIRMED, to: ORDER_STATUS.IN_WAREHOUSE, at: receivedAt },
      ],
    };
  };

  const plans: OrderPlan[] = [];
  for (const s of IN_STOCK)
    for (let i = 0; i < s.count; i++)
      plans.push(
        order(
          s.busType,
          s.left,
          s.marks[i % s.marks.length]!,
          money('1.200').plus(money('0.350').times(i)).toFixed(3),
          String(120 + i * 45),
          -50 - i * 5,
        ),
      );

  for (const [li, l] of DEMO_LOADS.entries()) {
    const [load] = await tx
      .insert(busLoad)
      .values({
        loadNo: formatLoadNo(period, firstLoad + li),
        status: l.status,
        busType: l.busType,
        leftAddrId: origin.get(l.left)!,
        destAddrId: dest,
        containerType: l.containerType,
        loadHouseId: house.get(l.left)!,
        loadTime: at(l.loadAt),
        loadPerson: l.loadPerson,
        clsDate: l.clsAt === undefined ? null : at(l.clsAt),
        etdDate: l.etdAt === undefined ? null : at(l.etdAt),
        etaDate: at(l.etaAt),
        leftTime: l.departAt === undefined ? null : at(l.departAt),
        ...textFields(l, [...VOYAGE_FIELDS, 'containerNo', 'sealNo', 'truckNo']),
        containerFee: l.containerFee,
        currency: 'RMB',
        version: 1 + (l.status >= LOAD_STATUS.LOADING ? 1 : 0) + (l.status >= LOAD_STATUS.DEPARTED ? 1 : 0),
        createBy: LOG_BY,
        createTime: at(l.planAt),
        updateBy: LOG_BY,
        updateTime: at(l.departAt ?? (l.status >= LOAD_STATUS.LOADING ? l.loadAt : l.planAt)),
        remark: l.remark ?? '',
      })
      .returning({ id: busLoad.id, loadNo: busLoad.loadNo });
    const loadId = load!.id;
    const loadedCount =
      l.status === LOAD_STATUS.LOADING ? (l.loaded ?? 0) : l.status >= LOAD_STATUS.LOADED ? l.orders : 0;
    for (let i = 0; i < l.orders; i++) {
      const p = order(
        l.busType,
        l.left,
        l.marks[i % l.marks.length]!,
        money(l.volume[0]).plus(money(l.volume[1]).times(i)).toFixed(3),
        money(l.weight[0]).plus(money(l.weight[1]).times(i)).toFixed(2),
        l.planAt - 48 - i * 3,
      );
      p.values.loadId = loadId;
      p.values.preArriveTime = at(l.etaAt);
      p.values.status = ORDER_STATUS.LOAD_PLANNED;
      p.steps.push({ action: 'addToLoadPlan', from: 2, to: 3, at: at(l.planAt) });
      if (i < loadedCount) {
        p.values.status = ORDER_STATUS.LOADED;
        p.values.containerNo = l.containerNo ?? '';
        p.values.sealNo = l.sealNo ?? '';
        p.values.truckNo = l.truckNo ?? '';
        p.steps.push({ action: 'confirmLoad', from: 3, to: 4, at: at(l.loadAt - (loadedCount - i) * 0.1) });
      }
      if (l.departAt !== undefined) {
        p.values.status = ORDER_STATUS.DEPARTED;
        p.values.leftTime = at(l.departAt);
        p.steps.push({ action: 'confirmDeparture', from: 4, to: 5, at: at(l.departAt) });
      }
      plans.push(p);
    }
    await writeLoadHistory(tx, loadId, load!.loadNo, l, loadedCount, at);
  }

  const created = await tx
    .insert(busOrder)
    .values(plans.map((p) => p.values))
    .returning({ id: busOrder.id, transportId: busOrder.transportId });
  await refreshLoadTotals(tx, [...new Set(plans.map((p) => p.values.loadId).filter((id): id is number => !!id))]);
  await tx.insert(busCargo).values(
    plans.map((p, i) => ({
      orderId: created[i]!.id,
      lineNo: 1,
      receivingNo: p.values.receivingNo ?? '',
      piece: p.values.cargoPiece ?? 1,
      cargoLength: '60',
      cargoWidth: '50',
      cargoHight: '40',
      weight: String(p.values.cargoWeight),
      volume: String(p.values.cargoVolume),
      size: '60×50×40',
      createBy: p.owner,
    })),
  );
  await tx.insert(busOrderLog).values(
    plans.flatMap((p, i) =>
      p.steps.map((s) => ({
        orderId: created[i]!.id,
        transportId: created[i]!.transportId,
        action: s.action,
        fromStatus: s.from,
        toStatus: s.to,
        createBy: s.action === 'confirm' ? p.owner : LOG_BY,
        createTime: s.at,
      })),
    ),
  );
  return true;
}

/** Load log, milestones, messages and the pick-up record, as the plan, load, departure and track actions write them. */
async function writeLoadHistory(
  tx: Tx,
  loadId: number,
  loadNo: string,
  l: DemoLoad,
  loadedCount: number,
  at: (hours: number) => Date,
) {
  const loadedStatus = l.status === LOAD_STATUS.LOADING ? LOAD_STATUS.LOADING : LOAD_STATUS.LOADED;
  // as loadplan/add writes them: the record ('add'), then its orders ('addOrder')
  const log: (typeof busLoadLog.$inferInsert)[] = [
    {
      loadId,
      action: 'add',
      fromStatus: null,
      toStatus: 0,
      remark: loadNo,
      createBy: LOG_BY,
      createTime: at(l.planAt),
    },
    {
      loadId,
      action: 'addOrder',
      fromStatus: 0,
      toStatus: 0,
      orderCount: l.orders,
      createBy: LOG_BY,
      createTime: at(l.planAt),
    },
  ];
  if (loadedCount)
    log.push({
      loadId,
      action: 'load',
      fromStatus: 0,
      toStatus: loadedStatus,
      orderCount: loadedCount,
      remark: l.containerNo || l.truckNo || '',
      createBy: LOG_BY,
      createTime: at(l.loadAt),
    });
  if (l.status >= LOAD_STATUS.LOADED)
    await tx.insert(busTrack).values({
      loadId,
      trackStatus: '4',
      trackTime: at(l.loadAt),
      auto: '1',
      createBy: LOG_BY,
      createTime: at(l.loadAt),
    });
  if (l.departAt !== undefined) {
    log.push({
      loadId,
      action: 'depart',
      fromStatus: LOAD_STATUS.LOADED,
      toStatus: LOAD_STATUS.DEPARTED,
      orderCount: l.orders,
      createBy: LOG_BY,
      createTime: at(l.departAt),
    });
    await tx.insert(busTrack).values({
      loadId,
      trackStatus: '5',
      trackTime: at(l.departAt),
      auto: '1',
      createBy: LOG_BY,
      createTime: at(l.departAt),
    });
    await tx.insert(busArrive).values({ loadId, status: 0, createBy: LOG_BY, createTime: at(l.departAt) });
  }
  for (const m of l.milestones ?? []) {
    const [track] = await tx
      .insert(busTrack)
      .values({
        loadId,
        trackStatus: m.code,
        trackTime: at(m.at),
        trackRemark: m.remark,
        auto: '0',
        createBy: LOG_BY,
        createTime: at(m.at + 0.5),
      })
      .returning({ id: busTrack.id });
    log.push({
      loadId,
      action: 'addMilestone',
      fromStatus: l.status,
      toStatus: l.status,
      remark: `${m.code} ${m.remark}`,
      createBy: LOG_BY,
      createTime: at(m.at + 0.5),
    });
    if (m.message)
      await tx.insert(busTrackMessage).values({
        trackId: track!.id,
        content: m.message.content,
        visibleToCustomer: m.message.customer ? '1' : '0',
        createBy: 'service',
        createTime: at(m.at + 1),
      });
  }
  await tx.insert(busLoadLog).values(log);
}
