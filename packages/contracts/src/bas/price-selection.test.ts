import { describe, expect, it } from 'vitest';
import {
  isPriceOverdue,
  MAX_PLACE_DEPTH,
  PRICE_PRECEDENCE,
  placeChain,
  selectPrice,
  type TPlaceNode,
  type TPriceKey,
  type TPriceRow,
  type TPriceScope,
  type TPriceStep,
} from './price-selection';

/**
 * The geography of these tests, three levels on both ends:
 *   origin       China 1 > Guangdong 2 > Guangzhou 3, Shenzhen 4;  China 1 > Zhejiang 5 > Yiwu 6
 *   destination  Thailand 10 > Chiang Mai province 11 > Chiang Mai 12;  Thailand 10 > Bangkok 13 (no province)
 *                Malaysia 20 > Kuala Lumpur 21
 */
const P = { CN: 1, GD: 2, GZ: 3, SZ: 4, ZJ: 5, YW: 6, TH: 10, CMP: 11, CNX: 12, BKK: 13, MY: 20, KUL: 21 } as const;
const NODES: TPlaceNode[] = [
  { id: P.CN, parentId: 0 },
  { id: P.GD, parentId: P.CN },
  { id: P.GZ, parentId: P.GD },
  { id: P.SZ, parentId: P.GD },
  { id: P.ZJ, parentId: P.CN },
  { id: P.YW, parentId: P.ZJ },
  { id: P.TH, parentId: null },
  { id: P.CMP, parentId: P.TH },
  { id: P.CNX, parentId: P.CMP },
  { id: P.BKK, parentId: P.TH },
  { id: P.MY, parentId: 0 },
  { id: P.KUL, parentId: P.MY },
];

describe('placeChain (the ancestors walk)', () => {
  it.each<[string, number, number[]]>([
    ['an origin city: city, province, country', P.GZ, [P.GZ, P.GD, P.CN]],
    ['a destination city under a province', P.CNX, [P.CNX, P.CMP, P.TH]],
    ['a destination city right under its country', P.BKK, [P.BKK, P.TH]],
    ['a province', P.CMP, [P.CMP, P.TH]],
    ['a country is the top', P.TH, [P.TH]],
    ['an unknown place is a chain of itself', 99, [99]],
  ])('%s', (_label, id, chain) => {
    expect(placeChain(id, NODES)).toEqual(chain.map(String));
  });

  it('reads ids as text or numbers alike', () => {
    expect(
      placeChain('13', [
        { id: '13', parentId: '10' },
        { id: 10, parentId: '0' },
      ]),
    ).toEqual(['13', '10']);
  });

  it('stops at a parent that is not known (a disabled or missing place)', () => {
    expect(placeChain(P.GZ, [{ id: P.GZ, parentId: P.GD }])).toEqual(['3']);
  });

  it('never loops on a cycle in bad data', () => {
    const cycle = [
      { id: 1, parentId: 2 },
      { id: 2, parentId: 3 },
      { id: 3, parentId: 1 },
    ];
    expect(placeChain(1, cycle)).toEqual(['1', '2', '3']);
  });

  it(`walks at most ${MAX_PLACE_DEPTH} places`, () => {
    const deep = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, parentId: i + 2 }));
    expect(placeChain(1, deep)).toHaveLength(MAX_PLACE_DEPTH);
  });
});

// ---------------------------------------------------------------------------------------------------

/** Marks: 100 a customer, 200 an agent, 201 its sub-mark, 300 another customer. */
const CUSTOMER = 100;
const AGENT = 200;
const SUB = 201;
const OTHER = 300;

let nextId = 1;
const row = (
  markId: number | null,
  left: number,
  dest: number,
  from = '2026-01-01',
  to: string | null = '2026-12-31',
  extra: Partial<TPriceRow> = {},
): TPriceRow => ({
  id: nextId++,
  markId,
  busType: 'EK',
  cargoType: '1',
  leftAddrId: left,
  destAddrId: dest,
  validFromDate: from,
  validToDate: to,
  ...extra,
});

const order = (markId: number | null, left: number, dest: number, extra: Partial<TPriceKey> = {}): TPriceKey => ({
  markId,
  topMarkId: markId === SUB ? AGENT : null,
  busType: 'EK',
  cargoType: '1',
  leftPlaces: placeChain(left, NODES),
  destPlaces: placeChain(dest, NODES),
  ...extra,
});

interface Case {
  name: string;
  rows: TPriceRow[];
  key: TPriceKey;
  date?: string;
  includeExpired?: boolean;
  /** index into rows of the chosen row, or null */
  chosen: number | null;
  scope?: TPriceScope;
  destDistance?: number;
  leftDistance?: number;
  isOverdue?: boolean;
  /** the step where the chosen row beat each other row, in the order they are returned (best first) */
  lostOn?: TPriceStep[];
}

const cases: Case[] = [
  // --- issue 10 item 7
  {
    name: "issue 10: the customer's row to Thailand (800) beats the all-customers row to Bangkok (680)",
    rows: [row(null, P.GZ, P.BKK), row(CUSTOMER, P.GZ, P.TH)],
    key: order(CUSTOMER, P.GZ, P.BKK),
    chosen: 1,
    scope: 'mark',
    destDistance: 1,
    leftDistance: 0,
    lostOn: ['scope'],
  },
  {
    name: 'issue 10: another customer without an own row gets the all-customers row to Bangkok',
    rows: [row(null, P.GZ, P.BKK), row(CUSTOMER, P.GZ, P.TH)],
    key: order(OTHER, P.GZ, P.BKK),
    chosen: 0,
    scope: 'all',
    destDistance: 0,
  },
  // --- step 2: scope
  {
    name: "the mark's own row, then its agent's, then all customers'",
    rows: [row(null, P.GZ, P.BKK), row(AGENT, P.GZ, P.BKK), row(SUB, P.GZ, P.BKK)],
    key: order(SUB, P.GZ, P.BKK),
    chosen: 2,
    scope: 'mark',
    lostOn: ['scope', 'scope'],
  },
  {
    name: "a sub-mark without its own row takes its agent's row, even one for the whole country",
    rows: [row(null, P.GZ, P.BKK), row(AGENT, P.GZ, P.TH)],
    key: order(SUB, P.GZ, P.BKK),
    chosen: 1,
    scope: 'agent',
    destDistance: 1,
    lostOn: ['scope'],
  },
  {
    name: "another mark's rows never apply",
    rows: [row(OTHER, P.GZ, P.BKK)],
    key: order(CUSTOMER, P.GZ, P.BKK),
    chosen: null,
  },
  {
    name: 'cargo without a mark takes only all-customers rows',
    rows: [row(CUSTOMER, P.GZ, P.BKK), row(null, P.GZ, P.TH)],
    key: order(null, P.GZ, P.BKK),
    chosen: 1,
    scope: 'all',
  },
  // --- step 3: destination
  {
    name: 'the city row beats the country row of the same customer',
    rows: [row(CUSTOMER, P.GZ, P.TH), row(CUSTOMER, P.GZ, P.BKK)],
    key: order(CUSTOMER, P.GZ, P.BKK),
    chosen: 1,
    destDistance: 0,
    lostOn: ['destination'],
  },
  {
    name: 'city, then province, then country',
    rows: [row(null, P.GZ, P.TH), row(null, P.GZ, P.CMP), row(null, P.GZ, P.CNX)],
    key: order(null, P.GZ, P.CNX),
    chosen: 2,
    destDistance: 0,
    lostOn: ['destination', 'destination'],
  },
  {
    name: 'a province row covers its cities',
    rows: [row(null, P.GZ, P.TH), row(null, P.GZ, P.CMP)],
    key: order(null, P.GZ, P.CNX),
    chosen: 1,
    destDistance: 1,
    lostOn: ['destination'],
  },
  {
    name: 'destination before origin: exact destination with a country origin beats exact origin with a country destination',
    rows: [row(CUSTOMER, P.GZ, P.TH), row(CUSTOMER, P.CN, P.BKK)],
    key: order(CUSTOMER, P.GZ, P.BKK),
    chosen: 1,
    destDistance: 0,
    leftDistance: 2,
    lostOn: ['destination'],
  },
  {
    name: 'scope before place: an all-customers city row loses to the agent’s country row',
    rows: [row(null, P.GZ, P.CNX), row(AGENT, P.CN, P.TH)],
    key: order(SUB, P.GZ, P.CNX),
    chosen: 1,
    scope: 'agent',
    destDistance: 2,
    leftDistance: 2,
    lostOn: ['scope'],
  },
  // --- step 4: origin
  {
    name: 'origin city, then its province, then the country',
    rows: [row(null, P.CN, P.BKK), row(null, P.GD, P.BKK), row(null, P.GZ, P.BKK)],
    key: order(null, P.GZ, P.BKK),
    chosen: 2,
    leftDistance: 0,
    lostOn: ['origin', 'origin'],
  },
  {
    name: 'a province of origin covers its cities, not the cities of another province',
    rows: [row(null, P.ZJ, P.BKK), row(null, P.GD, P.BKK)],
    key: order(null, P.SZ, P.BKK),
    chosen: 1,
    leftDistance: 1,
  },
  // --- what never matches
  {
    name: 'a city row never covers its country, a sibling city or another country',
    rows: [row(null, P.GZ, P.BKK), row(null, P.GZ, P.CNX), row(null, P.GZ, P.MY), row(null, P.GZ, P.KUL)],
    key: order(null, P.GZ, P.TH),
    chosen: null,
  },
  {
    name: 'a Bangkok order ignores Chiang Mai and Malaysia rows',
    rows: [row(null, P.GZ, P.CNX), row(null, P.GZ, P.CMP), row(null, P.GZ, P.MY)],
    key: order(null, P.GZ, P.BKK),
    chosen: null,
  },
  {
    name: 'transport mode and cargo type must match exactly',
    rows: [
      row(null, P.GZ, P.BKK, undefined, undefined, { busType: 'SEA' }),
      row(null, P.GZ, P.BKK, undefined, undefined, { cargoType: '3' }),
    ],
    key: order(null, P.GZ, P.BKK),
    chosen: null,
  },
  // --- step 6: validFrom, step 7: id
  {
    name: 'the later start wins between overlapping rows of the same place',
    rows: [
      row(CUSTOMER, P.GZ, P.BKK, '2026-01-01', '2026-12-31'),
      row(CUSTOMER, P.GZ, P.BKK, '2026-03-01', '2026-12-31'),
    ],
    key: order(CUSTOMER, P.GZ, P.BKK),
    date: '2026-05-10',
    chosen: 1,
    lostOn: ['validFrom'],
  },
  {
    name: 'the later start only counts after scope and place: an older city row beats a newer country row',
    rows: [row(CUSTOMER, P.GZ, P.BKK, '2025-01-01', null), row(CUSTOMER, P.GZ, P.TH, '2026-05-01')],
    key: order(CUSTOMER, P.GZ, P.BKK),
    date: '2026-05-10',
    chosen: 0,
    lostOn: ['destination'],
  },
  {
    name: 'a full tie goes to the row entered last (highest id)',
    rows: [row(null, P.GZ, P.BKK), row(null, P.GZ, P.BKK), row(null, P.GZ, P.BKK)],
    key: order(null, P.GZ, P.BKK),
    chosen: 2,
    lostOn: ['id', 'id'],
  },
  // --- validity windows (business days, both ends inclusive)
  {
    name: 'the start day applies',
    rows: [row(null, P.GZ, P.BKK, '2026-03-01', '2026-03-31')],
    key: order(null, P.GZ, P.BKK),
    date: '2026-03-01',
    chosen: 0,
  },
  {
    name: 'the day before the start does not',
    rows: [row(null, P.GZ, P.BKK, '2026-03-01', '2026-03-31')],
    key: order(null, P.GZ, P.BKK),
    date: '2026-02-28',
    chosen: null,
  },
  {
    name: 'a row starting later never applies, even with includeExpired',
    rows: [row(null, P.GZ, P.BKK, '2026-03-01', '2026-03-31')],
    key: order(null, P.GZ, P.BKK),
    date: '2026-02-28',
    includeExpired: true,
    chosen: null,
  },
  {
    name: 'the end day applies',
    rows: [row(null, P.GZ, P.BKK, '2026-03-01', '2026-03-31')],
    key: order(null, P.GZ, P.BKK),
    date: '2026-03-31',
    chosen: 0,
    isOverdue: false,
  },
  {
    name: 'the day after the end does not',
    rows: [row(null, P.GZ, P.BKK, '2026-03-01', '2026-03-31')],
    key: order(null, P.GZ, P.BKK),
    date: '2026-04-01',
    chosen: null,
  },
  {
    name: 'an open-ended row applies for ever',
    rows: [row(null, P.GZ, P.BKK, '2026-03-01', null)],
    key: order(null, P.GZ, P.BKK),
    date: '2036-04-01',
    chosen: 0,
  },
  {
    name: 'a business date-time is read by its date: 00:30 on the start day applies',
    rows: [row(null, P.GZ, P.BKK, '2026-01-01', '2026-12-31')],
    key: order(null, P.GZ, P.BKK),
    date: '2026-01-01 00:30:00',
    chosen: 0,
  },
  {
    name: 'a business date-time is read by its date: 23:59:59 on the end day applies',
    rows: [row(null, P.GZ, P.BKK, '2026-01-01', '2026-12-31')],
    key: order(null, P.GZ, P.BKK),
    date: '2026-12-31T23:59:59',
    chosen: 0,
  },
  {
    name: "the customer's expiring country row and the all-customers city row it replaces: on the next day, the city row",
    rows: [row(CUSTOMER, P.GZ, P.TH, '2026-01-01', '2026-06-30'), row(null, P.GZ, P.BKK, '2026-01-01', null)],
    key: order(CUSTOMER, P.GZ, P.BKK),
    date: '2026-07-01',
    chosen: 1,
    scope: 'all',
  },
  // --- step 1: validity, step 5: validTo (with includeExpired)
  {
    name: 'expired rows apply only on request, flagged isOverdue',
    rows: [row(CUSTOMER, P.GZ, P.BKK, '2025-01-01', '2025-12-31')],
    key: order(CUSTOMER, P.GZ, P.BKK),
    date: '2026-01-05',
    includeExpired: true,
    chosen: 0,
    isOverdue: true,
  },
  {
    name: "a valid all-customers country row beats the customer's own expired city row",
    rows: [row(CUSTOMER, P.GZ, P.BKK, '2025-01-01', '2025-12-31'), row(null, P.CN, P.TH, '2026-01-01', null)],
    key: order(CUSTOMER, P.GZ, P.BKK),
    date: '2026-01-05',
    includeExpired: true,
    chosen: 1,
    isOverdue: false,
    lostOn: ['validity'],
  },
  {
    name: 'among expired rows: scope, places, then the one that ended last',
    rows: [
      row(null, P.GZ, P.BKK, '2024-01-01', '2025-12-31'),
      row(CUSTOMER, P.GZ, P.TH, '2024-01-01', '2024-12-31'),
      row(CUSTOMER, P.GZ, P.TH, '2025-01-01', '2025-06-30'),
      row(CUSTOMER, P.GZ, P.BKK, '2023-01-01', '2023-12-31'),
    ],
    key: order(CUSTOMER, P.GZ, P.BKK),
    date: '2026-01-05',
    includeExpired: true,
    chosen: 3,
    isOverdue: true,
    lostOn: ['destination', 'destination', 'scope'],
  },
  {
    name: 'among expired rows of one place, the one that ended last',
    rows: [row(null, P.GZ, P.BKK, '2024-01-01', '2024-12-31'), row(null, P.GZ, P.BKK, '2023-06-01', '2025-03-31')],
    key: order(null, P.GZ, P.BKK),
    date: '2026-01-05',
    includeExpired: true,
    chosen: 1,
    isOverdue: true,
    lostOn: ['validTo'],
  },
];

describe('selectPrice (DOMAIN §4 precedence)', () => {
  it('lists its steps in order', () => {
    expect(PRICE_PRECEDENCE).toEqual(['validity', 'scope', 'destination', 'origin', 'validTo', 'validFrom', 'id']);
  });

  it.each(cases)('$name', (c) => {
    const found = selectPrice(c.rows, c.key, c.date ?? '2026-05-10', { includeExpired: c.includeExpired });
    if (c.chosen === null) {
      expect(found).toBeNull();
      return;
    }
    expect(found?.row).toBe(c.rows[c.chosen]);
    if (c.scope) expect(found?.scope).toBe(c.scope);
    if (c.destDistance !== undefined) expect(found?.destDistance).toBe(c.destDistance);
    if (c.leftDistance !== undefined) expect(found?.leftDistance).toBe(c.leftDistance);
    expect(found?.isOverdue).toBe(c.isOverdue ?? false);
    if (c.lostOn) expect(found?.others.map((o) => o.lostOn)).toEqual(c.lostOn);
  });

  it('does not depend on the order of the rows', () => {
    const rows = [
      row(null, P.GZ, P.BKK),
      row(CUSTOMER, P.GZ, P.TH),
      row(CUSTOMER, P.CN, P.BKK),
      row(AGENT, P.GZ, P.BKK),
      row(CUSTOMER, P.GD, P.BKK, '2026-02-01'),
    ];
    const key = order(CUSTOMER, P.GZ, P.BKK);
    const expected = selectPrice(rows, key, '2026-05-10');
    expect(expected?.row).toBe(rows[4]);
    for (let i = 0; i < 10; i++) {
      const shuffled = [...rows].sort(() => Math.random() - 0.5);
      const found = selectPrice(shuffled, key, '2026-05-10');
      expect(found?.row).toBe(expected?.row);
      expect(found?.others.map((o) => o.row.id)).toEqual(expected?.others.map((o) => o.row.id));
    }
  });

  it('reports the other rows best first, each with how it matched', () => {
    const rows = [row(null, P.GZ, P.BKK), row(CUSTOMER, P.GZ, P.TH), row(CUSTOMER, P.CN, P.TH)];
    const found = selectPrice(rows, order(CUSTOMER, P.GZ, P.BKK), '2026-05-10');
    expect(found).toMatchObject({ row: rows[1], scope: 'mark', destDistance: 1, leftDistance: 0 });
    expect(found?.others).toEqual([
      { row: rows[2], scope: 'mark', destDistance: 1, leftDistance: 2, isOverdue: false, lostOn: 'origin' },
      { row: rows[0], scope: 'all', destDistance: 0, leftDistance: 0, isOverdue: false, lostOn: 'scope' },
    ]);
  });

  it('without ancestors (a chain of the place alone) only exact places match', () => {
    const rows = [row(CUSTOMER, P.GZ, P.TH), row(null, P.GZ, P.BKK)];
    const key = { ...order(CUSTOMER, P.GZ, P.BKK), destPlaces: [P.BKK] };
    expect(selectPrice(rows, key, '2026-05-10')?.row).toBe(rows[1]);
  });

  it('compares ids as text or numbers alike', () => {
    const rows = [row(CUSTOMER, '3' as unknown as number, '10' as unknown as number)];
    expect(selectPrice(rows, order(CUSTOMER, P.GZ, P.BKK), '2026-05-10')?.row).toBe(rows[0]);
  });

  it.each(['10/05/2026', '2025-12-31T16:30:00Z', '2026-01-01T00:30:00+08:00', ''])(
    'refuses %j: the caller gives the business day, never an instant with a zone',
    (date) => {
      expect(() => selectPrice([row(null, P.GZ, P.BKK)], order(null, P.GZ, P.BKK), date)).toThrow(RangeError);
    },
  );
});

describe('isPriceOverdue', () => {
  it.each<[string | null, string, boolean]>([
    ['2026-12-31', '2026-12-31', false],
    ['2026-12-31', '2027-01-01', true],
    ['2026-12-31', '2027-01-01 08:00:00', true],
    [null, '2099-01-01', false],
  ])('validToDate %j, today %j: %s', (validToDate, today, expected) => {
    expect(isPriceOverdue({ validToDate }, today)).toBe(expected);
  });
});
