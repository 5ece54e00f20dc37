import { LOAD_STATUS, type TLoadStatus } from '@theone/contracts';

/**
 * The demo load records of load.seed.ts (what `npm start` shows outside production): seven loads from plan to
 * transit, the orders in stock, the goods and consignees. Times are hours from the moment of seeding.
 */

export interface DemoMilestone {
  code: string;
  /** hours from now (negative: past) */
  at: number;
  remark: string;
  message?: { content: string; customer: boolean };
}

export interface DemoLoad {
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

export const LAND = {
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
export const IN_STOCK: { busType: 'EK' | 'SEA'; left: 'GZ' | 'SZ'; marks: string[]; count: number }[] = [
  { busType: 'EK', left: 'GZ', marks: ['TH001', 'BK001', 'TH002', 'YW101'], count: 8 },
  { busType: 'SEA', left: 'SZ', marks: ['AGBKK', 'CM888', 'TH001'], count: 3 },
];

export const CARGO = [
  '沙发',
  '电子配件',
  '五金工具',
  '服装',
  '陶瓷砖',
  'LED灯具',
  '办公椅',
  '厨房用品',
  '玩具',
  '汽车配件',
];
export const CONSIGNEES = [
  ['Khun Prasert', '0823456789', '12/3 Ratchada Rd, Din Daeng, Bangkok 10400'],
  ['Khun Nattaya', '0898765432', '45 Sukhumvit Soi 71, Phra Khanong, Bangkok 10110'],
  ['Khun Somchai', '0861112233', '199 Phahonyothin Rd, Chatuchak, Bangkok 10900'],
  ['Khun Malee', '0814455667', '77 Rama 4 Rd, Khlong Toei, Bangkok 10110'],
] as const;
/** Unit prices of the demo price rows (EK and SEA Guangzhou/Shenzhen -> Bangkok, general cargo). */
export const PRICE = { EK: { volume: '680.00', weight: '4.50' }, SEA: { volume: '520.00', weight: '3.20' } } as const;
