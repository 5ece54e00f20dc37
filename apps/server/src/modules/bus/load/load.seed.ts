import {
  formatLoadNo,
  formatReceivingNo,
  formatTransportId,
  LOAD_STATUS,
  money,
  ORDER_STATUS,
  type TLoadStatus,
} from '@theone/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/database';
import { periodOf, reserveSequence } from '../../../platform/sequences';
import { DEFAULT_TIMEZONE } from '../../../platform/time';
import { activePlaces, markNamesByCodes, markPricingRef } from '../../bas/api/order-lookups';
import { orderFormRefs } from '../../bas/api/order-refs';
import { DEMO_MARKS } from '../../bas/bas.seed';
import { busArrive } from '../arrive/arrive.table';
import { busCargo } from '../cargo/cargo.table';
import { busOrder } from '../inware/inware.table';
import { busOrderLog } from '../order-log/order-log.table';
import { busLoad, busLoadLog, busTrack, busTrackMessage } from './load.table';

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

interface DemoMilestone {
  code: string;
  /** hours from now (negative: past) */
  at: number;
  remark: string;
  message?: { content: string; customer: boolean };
}

interface DemoLoad {
  busType: 'EK' | 'SEA';
  left: 'GZ' | 'SZ';
  containerType: string;
  status: TLoadStatus;
  orders: number;
  /** L1: how many of the orders are loaded */
  loaded?: number;
  marks: string[];
  /** first order's volume (m³) and weight (kg), and the step between orders */
  volume: [string, string];
  weight: [string, string];
  containerNo?: string;
  sealNo?: string;
  truckNo?: string;
  containerFee: string;
  /** hours from now: plan opened, (planned or actual) loading, cut-off, ETD, ETA, departure */
  planAt: number;
  loadAt: number;
  clsAt?: number;
  etdAt?: number;
  etaAt: number;
  departAt?: number;
  loadPort?: string;
  unloadPort?: string;
  customsCorp?: string;
  exportAgent?: string;
  vesselOwner?: string;
  vesselName?: string;
  voyageNo?: string;
  loadPerson: string;
  remark?: string;
  milestones?: DemoMilestone[];
}

const LAND = {
  loadPort: '凭祥友谊关 Pingxiang Youyiguan',
  unloadPort: 'มุกดาหาร Mukdahan',
  customsCorp: '凭祥通达报关行',
  exportAgent: '广西友谊关国际物流',
};

export const DEMO_LOADS: DemoLoad[] = [
  {
    busType: 'EK',
    left: 'GZ',
    containerType: '40HQ',
    status: LOAD_STATUS.PLANNING,
    orders: 12,
    marks: ['TH001', 'BK001', 'AGYW', 'CM888'],
    volume: ['2.000', '0.150'],
    weight: ['180', '35'],
    containerFee: '16500.00',
    planAt: -20,
    loadAt: 20,
    clsAt: 30,
    etdAt: 44,
    etaAt: 44 + 6 * 24,
    ...LAND,
    loadPerson: '黄建国',
    remark: '半柜，可继续配货 / half full, more cargo welcome',
  },
  {
    busType: 'EK',
    left: 'GZ',
    containerType: 'TRUCK_9_6M',
    status: LOAD_STATUS.PLANNING,
    orders: 6,
    marks: ['TH002', 'YW101', 'BK002'],
    volume: ['2.600', '0.400'],
    weight: ['300', '60'],
    containerFee: '9800.00',
    planAt: -6,
    loadAt: 30,
    etdAt: 32,
    etaAt: 32 + 5 * 24,
    ...LAND,
    loadPerson: '黄建国',
  },
  {
    busType: 'EK',
    left: 'GZ',
    containerType: '40HQ',
    status: LOAD_STATUS.LOADING,
    orders: 10,
    loaded: 6,
    marks: ['TH001', 'AGBKK', 'YW101', 'BK002', 'CM888'],
    volume: ['3.200', '0.250'],
    weight: ['260', '40'],
    containerNo: 'TGHU6824102',
    sealNo: 'YG2611038',
    containerFee: '16500.00',
    planAt: -30,
    loadAt: -2,
    clsAt: 6,
    etdAt: 12,
    etaAt: 12 + 6 * 24,
    ...LAND,
    loadPerson: '黄建国',
  },
  {
    busType: 'EK',
    left: 'GZ',
    containerType: 'TRUCK_10W',
    status: LOAD_STATUS.LOADED,
    orders: 8,
    marks: ['TH002', 'BK001', 'AGYW'],
    volume: ['3.000', '0.300'],
    weight: ['400', '50'],
    truckNo: '粤A8K521',
    sealNo: 'YG2611027',
    containerFee: '12800.00',
    planAt: -48,
    loadAt: -8,
    etdAt: 10,
    etaAt: 10 + 5 * 24,
    ...LAND,
    loadPerson: '黄建国',
  },
  {
    busType: 'EK',
    left: 'GZ',
    containerType: '40HQ',
    status: LOAD_STATUS.DEPARTED,
    orders: 9,
    marks: ['TH001', 'BK002', 'AGBKK', 'CM888'],
    volume: ['4.000', '0.500'],
    weight: ['500', '80'],
    containerNo: 'CSNU7345215',
    sealNo: 'YG2611009',
    truckNo: '桂F12345',
    containerFee: '16500.00',
    planAt: -5 * 24,
    loadAt: -4 * 24,
    etdAt: -84,
    etaAt: 60,
    departAt: -84,
    ...LAND,
    loadPerson: '黄建国',
    milestones: [
      { code: '11', at: -70, remark: '凭祥友谊关出口报关 / export declaration at Youyiguan' },
      {
        code: '13',
        at: -60,
        remark: '友谊关海关放行 / released by Youyiguan customs',
        message: { content: '报关单已放行，司机已出关。', customer: false },
      },
      { code: '15', at: -30, remark: '越南、老挝转关放行 / transit through Vietnam and Laos released' },
      {
        code: '16',
        at: -6,
        remark: '到达穆达汉口岸 / arrived at Mukdahan border',
        message: {
          content: 'Container arrived at Mukdahan, Thai clearance starts tomorrow morning. ตู้ถึงด่านมุกดาหารแล้ว',
          customer: true,
        },
      },
    ],
  },
  {
    busType: 'SEA',
    left: 'SZ',
    containerType: '40GP',
    status: LOAD_STATUS.DEPARTED,
    orders: 8,
    marks: ['TH001', 'AGBKK', 'CM888', 'BK002'],
    volume: ['4.500', '0.400'],
    weight: ['650', '90'],
    containerNo: 'OOLU9182731',
    sealNo: 'OOL8830412',
    containerFee: '7200.00',
    planAt: -7 * 24,
    loadAt: -6 * 24,
    clsAt: -5 * 24,
    etdAt: -4 * 24,
    etaAt: 9 * 24,
    departAt: -4 * 24 - 6,
    loadPort: '深圳蛇口 Shekou, Shenzhen',
    unloadPort: 'แหลมฉบัง Laem Chabang',
    customsCorp: '深圳中港报关行',
    exportAgent: '深圳海联国际货代',
    vesselOwner: 'Wan Hai Lines',
    vesselName: 'WAN HAI 305',
    voyageNo: 'S127',
    loadPerson: '陈晓东',
    milestones: [
      { code: '11', at: -90, remark: '蛇口海关申报 / declared at Shekou customs' },
      { code: '13', at: -75, remark: '蛇口海关放行 / released by Shekou customs' },
      {
        code: '14',
        at: -50,
        remark: 'WAN HAI 305 / S127 已开船 / sailed',
        message: { content: 'Vessel sailed from Shekou, ETA Laem Chabang in 9 days.', customer: true },
      },
    ],
  },
  {
    busType: 'EK',
    left: 'GZ',
    containerType: 'TRAILER_18W',
    status: LOAD_STATUS.DEPARTED,
    orders: 7,
    marks: ['TH002', 'YW101', 'BK001'],
    volume: ['5.000', '0.600'],
    weight: ['700', '100'],
    truckNo: '70-4521 กรุงเทพมหานคร',
    sealNo: 'YG2611003',
    containerFee: '21000.00',
    planAt: -6 * 24,
    loadAt: -5 * 24,
    etdAt: -110,
    etaAt: 24,
    departAt: -110,
    ...LAND,
    loadPerson: '黄建国',
    remark: '司机电话不通，请联系车队 / driver unreachable, call the fleet',
    milestones: [
      { code: '11', at: -100, remark: '凭祥友谊关出口报关 / export declaration at Youyiguan' },
      { code: '13', at: -80, remark: '友谊关海关放行 / released by Youyiguan customs' },
    ],
  },
];

/** Orders in stock (S2), not planned: what the plan picker offers. */
const IN_STOCK: { busType: 'EK' | 'SEA'; left: 'GZ' | 'SZ'; marks: string[]; count: number }[] = [
  { busType: 'EK', left: 'GZ', marks: ['TH001', 'BK001', 'TH002', 'YW101'], count: 8 },
  { busType: 'SEA', left: 'SZ', marks: ['AGBKK', 'CM888', 'TH001'], count: 3 },
];

const CARGO = ['沙发', '电子配件', '五金工具', '服装', '陶瓷砖', 'LED灯具', '办公椅', '厨房用品', '玩具', '汽车配件'];
const CONSIGNEES = [
  ['Khun Prasert', '0823456789', '12/3 Ratchada Rd, Din Daeng, Bangkok 10400'],
  ['Khun Nattaya', '0898765432', '45 Sukhumvit Soi 71, Phra Khanong, Bangkok 10110'],
  ['Khun Somchai', '0861112233', '199 Phahonyothin Rd, Chatuchak, Bangkok 10900'],
  ['Khun Malee', '0814455667', '77 Rama 4 Rd, Khlong Toei, Bangkok 10110'],
] as const;
/** Unit prices of the demo price rows (EK and SEA Guangzhou/Shenzhen -> Bangkok, general cargo). */
const PRICE = { EK: { volume: '680.00', weight: '4.50' }, SEA: { volume: '520.00', weight: '3.20' } } as const;

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
        loadPort: l.loadPort ?? '',
        unloadPort: l.unloadPort ?? '',
        customsCorp: l.customsCorp ?? '',
        exportAgent: l.exportAgent ?? '',
        vesselOwner: l.vesselOwner ?? '',
        vesselName: l.vesselName ?? '',
        voyageNo: l.voyageNo ?? '',
        containerNo: l.containerNo ?? '',
        sealNo: l.sealNo ?? '',
        truckNo: l.truckNo ?? '',
        containerFee: l.containerFee,
        currency: 'RMB',
        version: 1 + (l.status >= LOAD_STATUS.LOADING ? 1 : 0) + (l.status >= LOAD_STATUS.DEPARTED ? 1 : 0),
        createBy: LOG_BY,
        createTime: at(l.planAt),
        updateBy: LOG_BY,
        updateTime: at(l.departAt ?? (l.status >= LOAD_STATUS.LOADING ? l.loadAt : l.planAt)),
        remark: l.remark ?? '',
      })
      .returning({ id: busLoad.id });
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
    await writeLoadHistory(tx, loadId, l, loadedCount, at);
  }

  const created = await tx
    .insert(busOrder)
    .values(plans.map((p) => p.values))
    .returning({ id: busOrder.id, transportId: busOrder.transportId });
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
async function writeLoadHistory(tx: Tx, loadId: number, l: DemoLoad, loadedCount: number, at: (hours: number) => Date) {
  const loadedStatus = l.status === LOAD_STATUS.LOADING ? LOAD_STATUS.LOADING : LOAD_STATUS.LOADED;
  const log: (typeof busLoadLog.$inferInsert)[] = [
    {
      loadId,
      action: 'createPlan',
      fromStatus: null,
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
      action: 'milestone',
      fromStatus: l.status,
      toStatus: l.status,
      remark: m.remark,
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
