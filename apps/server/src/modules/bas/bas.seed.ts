import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { insertSeedDict } from '../../platform/db/dict-seed';
import { addDays, todayIn } from '../../platform/time';
import { liveUsersByName } from '../system/api';
import type { DictItemSeed } from '../system/seed/seed.types';
import { basCorporationAddr, basCurrate, basCurrency, basGeog, basMark, basPrice, basWarehouse } from './bas.table';

/**
 * Reference data of basic data (spec §9, DOMAIN §1), applied idempotently at every start-up inside the seed
 * transaction: rows are inserted when their code is missing and never overwritten. Outside production a few
 * demo agents, sub-marks, customers and prices owned by the demo sales users make the screens show something.
 */

interface GeogSeed {
  code: string;
  zh: string;
  en: string;
  th: string;
  cities?: GeogSeed[];
}

/** orgId 1: origin cities (DOMAIN §1). */
export const ORIGIN_CITIES: GeogSeed[] = [
  { code: 'GZ', zh: '广州', en: 'Guangzhou', th: 'กวางโจว' },
  { code: 'SZ', zh: '深圳', en: 'Shenzhen', th: 'เซินเจิ้น' },
  { code: 'CH', zh: '澄海', en: 'Chenghai', th: 'เฉิงไห่' },
  { code: 'FS', zh: '佛山', en: 'Foshan', th: 'ฝอซาน' },
  { code: 'YW', zh: '义乌', en: 'Yiwu', th: 'อี้อู' },
];

/** orgId 2: destination countries (level 1) and their main cities (level 2). */
export const DESTINATIONS: GeogSeed[] = [
  {
    code: 'TH',
    zh: '泰国',
    en: 'Thailand',
    th: 'ไทย',
    cities: [
      { code: 'BKK', zh: '曼谷', en: 'Bangkok', th: 'กรุงเทพฯ' },
      { code: 'CNX', zh: '清迈', en: 'Chiang Mai', th: 'เชียงใหม่' },
      { code: 'HKT', zh: '普吉', en: 'Phuket', th: 'ภูเก็ต' },
      { code: 'HDY', zh: '合艾', en: 'Hat Yai', th: 'หาดใหญ่' },
      { code: 'KKC', zh: '孔敬', en: 'Khon Kaen', th: 'ขอนแก่น' },
    ],
  },
  {
    code: 'SG',
    zh: '新加坡',
    en: 'Singapore',
    th: 'สิงคโปร์',
    cities: [{ code: 'SIN', zh: '新加坡市', en: 'Singapore City', th: 'นครสิงคโปร์' }],
  },
  {
    code: 'MY',
    zh: '马来西亚',
    en: 'Malaysia',
    th: 'มาเลเซีย',
    cities: [
      { code: 'KUL', zh: '吉隆坡', en: 'Kuala Lumpur', th: 'กัวลาลัมเปอร์' },
      { code: 'PEN', zh: '槟城', en: 'Penang', th: 'ปีนัง' },
    ],
  },
  {
    code: 'KH',
    zh: '柬埔寨',
    en: 'Cambodia',
    th: 'กัมพูชา',
    cities: [{ code: 'PNH', zh: '金边', en: 'Phnom Penh', th: 'พนมเปญ' }],
  },
  {
    code: 'LA',
    zh: '老挝',
    en: 'Laos',
    th: 'ลาว',
    cities: [{ code: 'VTE', zh: '万象', en: 'Vientiane', th: 'เวียงจันทน์' }],
  },
  {
    code: 'PH',
    zh: '菲律宾',
    en: 'Philippines',
    th: 'ฟิลิปปินส์',
    cities: [{ code: 'MNL', zh: '马尼拉', en: 'Manila', th: 'มะนิลา' }],
  },
];

export const CURRENCY_SEED = [
  { code: 'RMB', name: '人民币', nameEn: 'Chinese yuan (RMB)', nameTh: 'เงินหยวน (RMB)', symbol: '¥', orderNum: 1 },
  { code: 'THB', name: '泰铢', nameEn: 'Thai baht (THB)', nameTh: 'เงินบาท (THB)', symbol: '฿', orderNum: 2 },
];

/** Origin warehouses (whType 1) and the Bangkok overseas warehouse (whType 2). */
export const WAREHOUSE_SEED = [
  {
    code: 'GZ',
    name: '广州仓',
    nameEn: 'Guangzhou warehouse',
    nameTh: 'โกดังกวางโจว',
    whType: '1',
    geog: 'GZ',
    address: '广州市白云区太和镇物流园A区12号',
    tel: '020-86041234',
  },
  {
    code: 'SZ',
    name: '深圳仓',
    nameEn: 'Shenzhen warehouse',
    nameTh: 'โกดังเซินเจิ้น',
    whType: '1',
    geog: 'SZ',
    address: '深圳市宝安区福永街道凤凰第三工业区8栋',
    tel: '0755-27391122',
  },
  {
    code: 'CH',
    name: '澄海仓',
    nameEn: 'Chenghai warehouse',
    nameTh: 'โกดังเฉิงไห่',
    whType: '1',
    geog: 'CH',
    address: '汕头市澄海区莲下镇玩具城物流中心3号仓',
    tel: '0754-85123456',
  },
  {
    code: 'FS',
    name: '佛山仓',
    nameEn: 'Foshan warehouse',
    nameTh: 'โกดังฝอซาน',
    whType: '1',
    geog: 'FS',
    address: '佛山市南海区里水镇家具物流园B栋',
    tel: '0757-85668899',
  },
  {
    code: 'YW',
    name: '义乌仓',
    nameEn: 'Yiwu warehouse',
    nameTh: 'โกดังอี้อู',
    whType: '1',
    geog: 'YW',
    address: '义乌市北苑街道国际物流中心C区6号',
    tel: '0579-85217788',
  },
  {
    code: 'BKK',
    name: '曼谷海外仓',
    nameEn: 'Bangkok overseas warehouse',
    nameTh: 'โกดังกรุงเทพฯ',
    whType: '2',
    geog: 'BKK',
    address: '99/9 Moo 4, Bang Na-Trat Rd, Bang Phli, Samut Prakan 10540',
    tel: '02-1234567',
  },
];

/** Dictionaries of the bas screens that the system seed does not have (flags, country, employment, ownership). */
const BAS_DICTS = [
  {
    type: 'bas_flag',
    name: '是否',
    nameEn: 'Yes or no',
    nameTh: 'ใช่หรือไม่ใช่',
    items: [
      { value: '1', zh: '是', en: 'Yes', th: 'ใช่', listClass: 'primary' },
      { value: '0', zh: '否', en: 'No', th: 'ไม่ใช่', listClass: 'info', isDefault: true },
    ],
  },
  {
    type: 'bas_price_basis',
    name: '计价依据',
    nameEn: 'Price basis',
    nameTh: 'เกณฑ์การคิดราคา',
    items: [
      { value: '0', zh: '按体积', en: 'By volume', th: 'คิดตามปริมาตร', listClass: 'primary', isDefault: true },
      { value: '1', zh: '按重量', en: 'By weight', th: 'คิดตามน้ำหนัก', listClass: 'warning' },
    ],
  },
  {
    type: 'bas_country',
    name: '国家',
    nameEn: 'Country',
    nameTh: 'ประเทศ',
    items: [
      { value: 'TH', zh: '泰国', en: 'Thailand', th: 'ไทย', listClass: 'primary', isDefault: true },
      { value: 'CN', zh: '中国', en: 'China', th: 'จีน', listClass: 'danger' },
    ],
  },
  {
    type: 'bas_employment',
    name: '雇佣方式',
    nameEn: 'Employment',
    nameTh: 'ประเภทการจ้าง',
    items: [
      { value: '1', zh: '自有', en: 'Own staff', th: 'พนักงานบริษัท', listClass: 'primary', isDefault: true },
      { value: '2', zh: '外包', en: 'Outsourced', th: 'จ้างภายนอก', listClass: 'warning' },
    ],
  },
  {
    type: 'bas_ownership',
    name: '车辆归属',
    nameEn: 'Ownership',
    nameTh: 'กรรมสิทธิ์รถ',
    items: [
      { value: '1', zh: '自有', en: 'Own', th: 'รถบริษัท', listClass: 'primary', isDefault: true },
      { value: '2', zh: '外包', en: 'Outsourced', th: 'รถร่วม', listClass: 'warning' },
      { value: '3', zh: '租赁', en: 'Rented', th: 'รถเช่า', listClass: 'info' },
    ],
  },
];

/** Inserts one place (`order` among its siblings); a code the side already has stays as it is. */
async function insertPlace(
  tx: Tx,
  at: { orgId: number; parentId: number; level: string },
  place: GeogSeed,
  order: number,
) {
  await tx
    .insert(basGeog)
    .values({
      ...at,
      code: place.code,
      name: place.zh,
      nameEn: place.en,
      nameTh: place.th,
      orderNum: order,
      createBy: 'system',
    })
    .onConflictDoNothing();
}

async function seedGeography(tx: Tx) {
  for (const [i, city] of ORIGIN_CITIES.entries())
    await insertPlace(tx, { orgId: 1, parentId: 0, level: '2' }, city, i + 1);
  for (const [i, country] of DESTINATIONS.entries()) {
    await insertPlace(tx, { orgId: 2, parentId: 0, level: '1' }, country, i + 1);
    const [parent] = await tx
      .select({ id: basGeog.id })
      .from(basGeog)
      .where(and(eq(basGeog.orgId, 2), eq(basGeog.code, country.code)));
    const at = { orgId: 2, parentId: parent!.id, level: '2' };
    for (const [j, city] of (country.cities ?? []).entries()) await insertPlace(tx, at, city, j + 1);
  }
}

/** Places as the items of a dictionary (value = code), the first the default. */
export function placeItems(places: readonly GeogSeed[]): DictItemSeed[] {
  return places.map((p, i) => ({
    value: p.code,
    zh: p.zh,
    en: p.en,
    th: p.th,
    ...(i === 0 ? { isDefault: true } : {}),
  }));
}

/** geog code -> id for one orgId. */
async function geogIds(tx: Tx, orgId: number): Promise<Map<string, number>> {
  const rows = await tx.select({ id: basGeog.id, code: basGeog.code }).from(basGeog).where(eq(basGeog.orgId, orgId));
  return new Map(rows.map((r) => [r.code, r.id]));
}

async function seedCurrencies(tx: Tx, today: string) {
  for (const c of CURRENCY_SEED) {
    await tx
      .insert(basCurrency)
      .values({ ...c, createBy: 'system' })
      .onConflictDoNothing();
  }
  const rows = await tx.select({ id: basCurrency.id, code: basCurrency.code }).from(basCurrency);
  const id = new Map(rows.map((r) => [r.code, r.id]));
  const rmb = id.get('RMB')!;
  const thb = id.get('THB')!;
  // A current RMB<->THB rate when the pair has none at all (finance enters new ones; never overwritten).
  const pairs = [
    { src: rmb, dest: thb, rate: '4.850000' },
    { src: thb, dest: rmb, rate: '0.206200' },
  ];
  const start = `${today.slice(0, 4)}-01-01`;
  for (const p of pairs) {
    const [existing] = await tx
      .select({ id: basCurrate.id })
      .from(basCurrate)
      .where(and(eq(basCurrate.srcCurrencyId, p.src), eq(basCurrate.destCurrencyId, p.dest)))
      .limit(1);
    if (!existing) {
      await tx.insert(basCurrate).values({
        srcCurrencyId: p.src,
        destCurrencyId: p.dest,
        rate: p.rate,
        effectiveDate: start,
        createBy: 'system',
        remark: '初始汇率 / initial rate',
      });
    }
  }
}

async function seedWarehouses(tx: Tx) {
  const origin = await geogIds(tx, 1);
  const dest = await geogIds(tx, 2);
  let order = 0;
  for (const w of WAREHOUSE_SEED) {
    order++;
    const { geog, ...rest } = w;
    await tx
      .insert(basWarehouse)
      .values({
        ...rest,
        geogId: (w.whType === '1' ? origin.get(geog) : dest.get(geog)) ?? null,
        orderNum: order,
        createBy: 'system',
      })
      .onConflictDoNothing();
  }
}

// ---------------------------------------------------------------------------------------------------
// Demo data (not in production)

interface DemoMark {
  mark: string;
  nameZh: string;
  isAgent?: boolean;
  top?: string;
  clientType: string;
  balanceType: string;
  calPriceType: string;
  sales: string;
  service?: string;
  credtLimit?: string;
  minAmount?: string;
  channels: string[];
  agent?: { agentName: string; realName: string; company: string; phone: string; addr: string; agentUserName?: string };
  addresses?: { corporation: string; contact: string; tel: string; addr: string }[];
}

/** Owned by the demo sales users 'sales' (王丽) and 'sales2' (陈伟): with the self scope each sees only theirs. */
export const DEMO_MARKS: DemoMark[] = [
  {
    mark: 'AGBKK',
    nameZh: '曼谷速达代理',
    isAgent: true,
    clientType: '3',
    balanceType: '5',
    calPriceType: '3',
    sales: 'sales',
    service: 'service',
    credtLimit: '200000.00',
    minAmount: '100.00',
    channels: ['EK', 'SEA'],
    agent: {
      agentName: '曼谷速达代理',
      realName: 'Somsak Wongsawat',
      company: 'Bangkok Express Cargo Co., Ltd.',
      phone: '0812345678',
      addr: '88/12 Rama 9 Rd, Huai Khwang, Bangkok 10310',
      agentUserName: 'agbkk01',
    },
  },
  {
    mark: 'BK001',
    nameZh: '暹罗家具',
    top: 'AGBKK',
    clientType: '1',
    balanceType: '5',
    calPriceType: '3',
    sales: 'sales',
    service: 'service',
    channels: ['EK'],
    addresses: [
      {
        corporation: 'Siam Furniture Co., Ltd.',
        contact: 'Khun Nattaya',
        tel: '0898765432',
        addr: '45 Sukhumvit Soi 71, Phra Khanong, Bangkok 10110',
      },
    ],
  },
  {
    mark: 'BK002',
    nameZh: '拉差达电子',
    top: 'AGBKK',
    clientType: '1',
    balanceType: '5',
    calPriceType: '3',
    sales: 'sales',
    channels: ['EK', 'SEA'],
  },
  {
    mark: 'TH001',
    nameZh: '泰华家居',
    clientType: '2',
    balanceType: '5',
    calPriceType: '3',
    sales: 'sales',
    service: 'service',
    credtLimit: '50000.00',
    minAmount: '80.00',
    channels: ['EK', 'SEA'],
    addresses: [
      {
        corporation: 'Thai-Hua Home Co., Ltd.',
        contact: 'Khun Prasert',
        tel: '0823456789',
        addr: '12/3 Ratchada Rd, Din Daeng, Bangkok 10400',
      },
      {
        corporation: 'Thai-Hua Home (Chiang Mai)',
        contact: 'Khun Malee',
        tel: '053-123456',
        addr: '201 Chang Klan Rd, Mueang, Chiang Mai 50100',
      },
    ],
  },
  {
    mark: 'TH002',
    nameZh: '曼谷小商品行',
    clientType: '1',
    balanceType: '2',
    calPriceType: '1',
    sales: 'sales',
    channels: ['EK'],
    addresses: [
      { corporation: '', contact: 'Khun Anan', tel: '0861112233', addr: 'Pratunam Market, Ratchathewi, Bangkok 10400' },
    ],
  },
  {
    mark: 'AGYW',
    nameZh: '义乌联运代理',
    isAgent: true,
    clientType: '3',
    balanceType: '5',
    calPriceType: '4',
    sales: 'sales2',
    credtLimit: '100000.00',
    channels: ['EK', 'RAIL'],
    agent: {
      agentName: '义乌联运代理',
      realName: '金海峰',
      company: '义乌市联运国际货运代理有限公司',
      phone: '13857912345',
      addr: '义乌市稠城街道工人北路1088号',
    },
  },
  {
    mark: 'YW101',
    nameZh: '清迈百货',
    top: 'AGYW',
    clientType: '1',
    balanceType: '5',
    calPriceType: '4',
    sales: 'sales2',
    channels: ['EK'],
    addresses: [
      {
        corporation: 'Chiang Mai Department Store',
        contact: 'Khun Chai',
        tel: '0891234567',
        addr: '9 Nimmanhaemin Rd, Suthep, Chiang Mai 50200',
      },
    ],
  },
  {
    mark: 'CM888',
    nameZh: '合艾五金',
    clientType: '4',
    balanceType: '1',
    calPriceType: '2',
    sales: 'sales2',
    service: 'service',
    minAmount: '50.00',
    channels: ['EK', 'SEA'],
  },
];

interface DemoPrice {
  mark?: string;
  busType: string;
  left: string;
  dest: string;
  cargoType: string;
  volumePrice: string;
  weightPrice: string;
  volumePriceAgent?: string;
  weightPriceAgent?: string;
  volWgtRate: string;
}

export const DEMO_PRICES: DemoPrice[] = [
  {
    busType: 'EK',
    left: 'GZ',
    dest: 'BKK',
    cargoType: '1',
    volumePrice: '680.00',
    weightPrice: '4.50',
    volWgtRate: '300',
  },
  {
    busType: 'EK',
    left: 'GZ',
    dest: 'BKK',
    cargoType: '3',
    volumePrice: '880.00',
    weightPrice: '6.00',
    volWgtRate: '300',
  },
  {
    busType: 'SEA',
    left: 'GZ',
    dest: 'BKK',
    cargoType: '1',
    volumePrice: '520.00',
    weightPrice: '3.20',
    volWgtRate: '300',
  },
  {
    busType: 'EK',
    left: 'SZ',
    dest: 'BKK',
    cargoType: '1',
    volumePrice: '700.00',
    weightPrice: '4.60',
    volWgtRate: '300',
  },
  {
    busType: 'EK',
    left: 'YW',
    dest: 'BKK',
    cargoType: '1',
    volumePrice: '750.00',
    weightPrice: '5.00',
    volWgtRate: '300',
  },
  {
    busType: 'EK',
    left: 'GZ',
    dest: 'CNX',
    cargoType: '1',
    volumePrice: '780.00',
    weightPrice: '5.20',
    volWgtRate: '300',
  },
  {
    mark: 'AGBKK',
    busType: 'EK',
    left: 'GZ',
    dest: 'BKK',
    cargoType: '1',
    volumePrice: '650.00',
    weightPrice: '4.30',
    volumePriceAgent: '600.00',
    weightPriceAgent: '4.00',
    volWgtRate: '300',
  },
  {
    mark: 'TH001',
    busType: 'EK',
    left: 'GZ',
    dest: 'BKK',
    cargoType: '1',
    volumePrice: '660.00',
    weightPrice: '4.40',
    volWgtRate: '300',
  },
  {
    mark: 'AGYW',
    busType: 'EK',
    left: 'YW',
    dest: 'BKK',
    cargoType: '1',
    volumePrice: '720.00',
    weightPrice: '4.80',
    volumePriceAgent: '690.00',
    weightPriceAgent: '4.60',
    volWgtRate: '250',
  },
];

async function seedDemo(tx: Tx, today: string) {
  const users = await liveUsersByName(tx, ['sales', 'sales2', 'service']);
  const user = new Map(users.map((u) => [u.userName, u]));
  if (!user.get('sales') || !user.get('sales2')) return;
  const [anyMark] = await tx.select({ id: basMark.id }).from(basMark).limit(1);
  // Demo data goes into an empty table only: once people work with marks, a restart adds nothing.
  if (anyMark) return;

  const ids = new Map<string, number>();
  for (const m of DEMO_MARKS) {
    const sales = user.get(m.sales)!;
    const [row] = await tx
      .insert(basMark)
      .values({
        mark: m.mark,
        nameZh: m.nameZh,
        isAgent: m.isAgent ? '1' : '0',
        clientType: m.clientType,
        topMarkId: m.top ? (ids.get(m.top) ?? null) : null,
        balanceType: m.balanceType,
        calPriceType: m.calPriceType,
        sales: sales.id,
        service: m.service ? (user.get(m.service)?.id ?? null) : null,
        credtLimit: m.credtLimit ?? null,
        minAmount: m.minAmount ?? null,
        shippingChannels: m.channels,
        agentName: m.agent?.agentName ?? '',
        agentUserName: m.agent?.agentUserName ?? '',
        realName: m.agent?.realName ?? '',
        company: m.agent?.company ?? '',
        phone: m.agent?.phone ?? '',
        addr: m.agent?.addr ?? '',
        deptId: sales.deptId,
        createBy: m.sales,
      })
      .returning({ id: basMark.id });
    ids.set(m.mark, row!.id);
    const addresses = m.addresses ?? [];
    if (addresses.length) {
      await tx
        .insert(basCorporationAddr)
        .values(
          addresses.map((a, i) => ({ ...a, markId: row!.id, isDefault: i === 0 ? '1' : '0', createBy: m.sales })),
        );
    }
  }
  // Sub-marks carry their agent's settlement fields.
  await tx.execute(sql`
    UPDATE bas_mark s SET balance_type = a.balance_type, cal_price_type = a.cal_price_type, credt_limit = a.credt_limit, min_amount = a.min_amount
    FROM bas_mark a WHERE s.top_mark_id = a.id`);

  const origin = await geogIds(tx, 1);
  const dest = await geogIds(tx, 2);
  const from = `${today.slice(0, 4)}-01-01`;
  const to = `${Number(today.slice(0, 4)) + 1}-12-31`;
  for (const p of DEMO_PRICES) {
    await tx.insert(basPrice).values({
      markId: p.mark ? ids.get(p.mark)! : null,
      busType: p.busType,
      leftAddrId: origin.get(p.left)!,
      destAddrId: dest.get(p.dest)!,
      cargoType: p.cargoType,
      currency: 'RMB',
      isWeight: '0',
      volumePrice: p.volumePrice,
      weightPrice: p.weightPrice,
      isWeightAgent: '0',
      volumePriceAgent: p.volumePriceAgent ?? null,
      weightPriceAgent: p.weightPriceAgent ?? null,
      volWgtRate: p.volWgtRate,
      wgtVolRate: p.volWgtRate,
      validFromDate: from,
      validToDate: to,
      createBy: 'admin',
    });
  }
  // One expired row, so the overdue tag shows.
  await tx.insert(basPrice).values({
    markId: null,
    busType: 'SEA',
    leftAddrId: origin.get('SZ')!,
    destAddrId: dest.get('BKK')!,
    cargoType: '1',
    currency: 'RMB',
    volumePrice: '500.00',
    weightPrice: '3.00',
    volWgtRate: '300',
    wgtVolRate: '300',
    validFromDate: `${Number(today.slice(0, 4)) - 1}-01-01`,
    validToDate: addDays(from, -1),
    createBy: 'admin',
    remark: '去年价格 / last year',
  });
}

export async function applyBasSeed(tx: Tx, options: { production: boolean; timezone?: string }): Promise<void> {
  const today = todayIn(options.timezone ?? 'Asia/Shanghai');
  for (const d of BAS_DICTS) await insertSeedDict(tx, d);
  await seedGeography(tx);
  await seedCurrencies(tx, today);
  await seedWarehouses(tx);
  if (!options.production) await seedDemo(tx, today);
}
