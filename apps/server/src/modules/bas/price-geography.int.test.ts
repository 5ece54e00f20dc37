import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../platform/time';
import { useBusSuite } from '../bus/bus.test-utils';
import { addOrder, getOrder, orderBody } from '../bus/inware/inware.test-utils';
import { basGeog, basPrice } from './bas.table';
import { findPrice } from './price.service';

/**
 * Issue 10 item 7: prices match along the geography tree (docs/domain.md 'Which price row applies'). Seed:
 * the all-customers EK Guangzhou -> Bangkok row is 680.00 /m³; TH002 (by volume) has no row of its own.
 */

const q = (path: string, params: Record<string, string | number | undefined>) =>
  `${path}?${new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString()}`;

async function addPriceRow(body: Record<string, unknown>): Promise<number> {
  const res = await s.admin.post('/bas/price/add', {
    busType: 'EK',
    leftAddrId: s.ids.gz,
    cargoType: '1',
    weightPrice: '5.00',
    volWgtRate: '300',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

const s = useBusSuite({
  users: ['admin', 'sales', 'sales2', 'service'],
  setup: async ({ t }) => {
    const [th] = await t.db.select({ id: basGeog.id }).from(basGeog).where(eq(basGeog.code, 'TH'));
    const today = todayIn(t.config.timezone);
    const [row] = await t.db
      .select({ id: basPrice.id })
      .from(basPrice)
      .where(eq(basPrice.volumePrice, '680.00'))
      .limit(1);
    return { TH: th!.id, today, Y: Number(today.slice(0, 4)), allBkk: row!.id };
  },
});

/** The order form's live pricing (inware/reGetPrice) of a TH002 EK Guangzhou -> Bangkok order, asserted a 200. */
async function livePrice(order: Record<string, unknown>) {
  const res = await s.admin.post('/bus/inware/reGetPrice', {
    order: {
      markId: s.ids.TH002,
      busType: 'EK',
      leftAddrId: s.ids.gz,
      destAddrId: s.ids.bkk,
      cargoType: '1',
      ...order,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('[BAS] a price for a country applies to orders for its cities (issue 10 item 7)', () => {
  let thailand: number;

  it("TH002's own row to Thailand (800/m³) beats the all-customers row to Bangkok (680) for Guangzhou -> Bangkok", async () => {
    thailand = await addPriceRow({
      markId: s.ids.TH002,
      destAddrId: s.TH,
      volumePrice: '800.00',
      validFromDate: `${s.Y}-01-01`,
      validToDate: `${s.Y}-12-31`,
    });
    const res = await s.sales.get(
      q('/bas/price/select', { markId: s.ids.TH002, busType: 'EK', leftAddrId: s.ids.gz, destAddrId: s.ids.bkk }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: thailand, scope: 'mark', volumePrice: '800.00', destAddrName: '泰国' });
  });

  it('an order saved for TH002 Guangzhou -> Bangkok is priced with the Thailand row', async () => {
    const o = await addOrder(s.admin, orderBody(s.ids, { markId: s.ids.TH002 }));
    const d = await getOrder(s.admin, o.id);
    // TH002 prices by volume: 1.235 m³ × 800.00
    expect(d).toMatchObject({ priceId: thailand, volumePrice: '800.00', feeFreightAr: '988.00' });
  });

  it("the order form's live pricing shows the Thailand row too", async () => {
    const res = await livePrice({ cargoVolume: '1.235' });
    expect(res.json().data).toMatchObject({
      found: true,
      scope: 'mark',
      feeFreightAr: '988.00',
      price: { id: thailand, volumePrice: '800.00' },
    });
  });

  it('another customer without an own row still gets the all-customers Bangkok row (680)', async () => {
    const o = await addOrder(s.admin, orderBody(s.ids, { markId: s.ids.CM888 }));
    expect(await getOrder(s.admin, o.id)).toMatchObject({ priceId: s.allBkk, volumePrice: '680.00' });
  });

  it("TH002's own Bangkok row, once entered, beats its Thailand row (the nearer place)", async () => {
    const bangkok = await addPriceRow({
      markId: s.ids.TH002,
      destAddrId: s.ids.bkk,
      volumePrice: '760.00',
      validFromDate: `${s.Y}-01-01`,
      validToDate: `${s.Y}-12-31`,
    });
    const found = await findPrice(
      s.t.db,
      { markId: s.ids.TH002, busType: 'EK', leftAddrId: s.ids.gz, destAddrId: s.ids.bkk, cargoType: '1' },
      s.today,
    );
    expect(found).toMatchObject({ row: { id: bangkok }, scope: 'mark', destDistance: 0, leftDistance: 0 });
    expect(found!.others.map((o) => [o.row.id, o.lostOn])).toEqual([
      [thailand, 'destination'],
      [s.allBkk, 'scope'],
    ]);
    // Chiang Mai has no TH002 row of its own: the Thailand row covers it
    const cnx = await findPrice(
      s.t.db,
      { markId: s.ids.TH002, busType: 'EK', leftAddrId: s.ids.gz, destAddrId: s.ids.cnx, cargoType: '1' },
      s.today,
    );
    expect(cnx).toMatchObject({ row: { id: thailand }, destDistance: 1 });
    await s.t.db.delete(basPrice).where(eq(basPrice.id, bangkok));
  });

  it('validity ends on the business day: 23:59:59 on 31 December uses this year’s row, 00:00 on 1 January next year’s', async () => {
    const next = await addPriceRow({
      markId: s.ids.TH002,
      destAddrId: s.TH,
      volumePrice: '820.00',
      validFromDate: `${s.Y + 1}-01-01`,
      validToDate: `${s.Y + 1}-12-31`,
    });
    const preview = async (orderTime: string) => {
      const res = await livePrice({ orderTime });
      return res.json().data.price?.id as number | undefined;
    };
    // business time (Asia/Shanghai), and the same instants with a zone
    expect(await preview(`${s.Y}-12-31 23:59:59`)).toBe(thailand);
    expect(await preview(`${s.Y + 1}-01-01 00:00:00`)).toBe(next);
    expect(await preview(`${s.Y}-12-31T15:59:59Z`)).toBe(thailand);
    expect(await preview(`${s.Y}-12-31T16:00:00Z`)).toBe(next);
    expect(await preview(`${s.Y}-12-31T23:30:00+07:00`)).toBe(next);
    const o = await addOrder(
      s.admin,
      orderBody(s.ids, { markId: s.ids.TH002, orderTime: `${s.Y + 1}-01-01 00:00:30` }),
    );
    expect(await getOrder(s.admin, o.id)).toMatchObject({ priceId: next, volumePrice: '820.00' });
  });
});

describe('[BAS] provinces and origin countries (the tree at any depth, both ends)', () => {
  let CN: number;
  let GD: number;
  let CMP: number;

  beforeAll(async () => {
    // China > Guangdong > Guangzhou on the origin side; Thailand > Chiang Mai province > Chiang Mai
    const [cn] = await s.t.db
      .insert(basGeog)
      .values({ orgId: 1, parentId: 0, level: '1', code: 'CN', name: '中国', nameEn: 'China', nameTh: 'จีน' })
      .returning({ id: basGeog.id });
    CN = cn!.id;
    const [gd] = await s.t.db
      .insert(basGeog)
      .values({ orgId: 1, parentId: CN, level: 'P', code: 'GD', name: '广东', nameEn: 'Guangdong', nameTh: 'กวางตุ้ง' })
      .returning({ id: basGeog.id });
    GD = gd!.id;
    await s.t.db.update(basGeog).set({ parentId: GD }).where(eq(basGeog.id, s.ids.gz));
    const [cmp] = await s.t.db
      .insert(basGeog)
      .values({
        orgId: 2,
        parentId: s.TH,
        level: 'P',
        code: 'CMP',
        name: '清迈府',
        nameEn: 'Chiang Mai Province',
        nameTh: 'จังหวัดเชียงใหม่',
      })
      .returning({ id: basGeog.id });
    CMP = cmp!.id;
    await s.t.db.update(basGeog).set({ parentId: CMP }).where(eq(basGeog.id, s.ids.cnx));
  });

  const key = (destAddrId: number, leftAddrId = s.ids.gz) => ({
    markId: s.ids.CM888,
    busType: 'SEA',
    leftAddrId,
    destAddrId,
    cargoType: '1',
  });
  const row = (body: Record<string, unknown>) =>
    addPriceRow({
      busType: 'SEA',
      markId: s.ids.CM888,
      validFromDate: `${s.Y}-01-01`,
      validToDate: `${s.Y}-12-31`,
      ...body,
    });

  it('a China -> Thailand row covers Guangzhou -> Chiang Mai (origin and destination two levels up)', async () => {
    const wide = await row({ leftAddrId: CN, destAddrId: s.TH, volumePrice: '600.00' });
    const found = await findPrice(s.t.db, key(s.ids.cnx), s.today);
    expect(found).toMatchObject({ row: { id: wide }, leftDistance: 2, destDistance: 2 });
  });

  it('the province beats the country on each end; the destination counts before the origin', async () => {
    const province = await row({ leftAddrId: CN, destAddrId: CMP, volumePrice: '610.00' });
    expect(await findPrice(s.t.db, key(s.ids.cnx), s.today)).toMatchObject({ row: { id: province }, destDistance: 1 });
    const origin = await row({ leftAddrId: s.ids.gz, destAddrId: s.TH, volumePrice: '620.00' });
    // Guangzhou -> Thailand names the exact origin, but Chiang Mai province is the nearer destination
    const found = await findPrice(s.t.db, key(s.ids.cnx), s.today);
    expect(found).toMatchObject({ row: { id: province } });
    expect(found!.others.find((o) => o.row.id === origin)?.lostOn).toBe('destination');
    const gd = await row({ leftAddrId: GD, destAddrId: CMP, volumePrice: '615.00' });
    const byOrigin = await findPrice(s.t.db, key(s.ids.cnx), s.today);
    expect(byOrigin).toMatchObject({ row: { id: gd }, leftDistance: 1, destDistance: 1 });
    expect(byOrigin!.others.find((o) => o.row.id === province)?.lostOn).toBe('origin');
  });

  it('a Chiang Mai province row does not cover Bangkok; Shenzhen (not under Guangdong here) only takes China rows', async () => {
    const bkk = await findPrice(s.t.db, key(s.ids.bkk), s.today);
    expect(bkk?.row.destAddrId).toBe(s.TH);
    const [sz] = await s.t.db.select({ id: basGeog.id }).from(basGeog).where(eq(basGeog.code, 'SZ'));
    expect(await findPrice(s.t.db, key(s.ids.cnx, sz!.id), s.today)).toBeNull();
    await s.t.db.update(basGeog).set({ parentId: CN }).where(eq(basGeog.id, sz!.id));
    expect(await findPrice(s.t.db, key(s.ids.cnx, sz!.id), s.today)).toMatchObject({
      leftDistance: 1,
      destDistance: 1,
    });
  });
});

describe('[BAS] GET /bas/price/trial (the price form’s freight trial)', () => {
  /** The trial of a TH002 EK Guangzhou -> Bangkok order on `date`. */
  const trial = (date: string) =>
    s.admin.get(
      q('/bas/price/trial', { markId: s.ids.TH002, busType: 'EK', leftAddrId: s.ids.gz, destAddrId: s.ids.bkk, date }),
    );

  it("shows every row that can apply, the order's places, the chosen row and why the others lost", async () => {
    const res = await trial(s.today);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      date: s.today,
      destPlaces: [String(s.ids.bkk), String(s.TH)],
      mark: { id: s.ids.TH002, mark: 'TH002', topMarkId: null, calPriceType: '1' },
      chosen: { scope: 'mark', destDistance: 1, leftDistance: 0, isOverdue: false },
    });
    expect(data.leftPlaces[0]).toBe(String(s.ids.gz));
    const chosen = data.rows.find((r: { id: number }) => r.id === data.chosen.id);
    expect(chosen).toMatchObject({
      markId: s.ids.TH002,
      destAddrId: s.TH,
      volumePrice: '800.00',
      destAddrName: '泰国',
    });
    expect(data.others).toContainEqual({
      id: s.allBkk,
      scope: 'all',
      destDistance: 0,
      leftDistance: 0,
      isOverdue: false,
      lostOn: 'scope',
    });
  });

  it('includes expired rows, flagged, and ranks them after every valid row', async () => {
    const res = await trial(`${s.Y + 2}-03-01`);
    const data = res.json().data;
    // this year's and next year's Thailand rows have ended; the all-customers row runs to the end of next year
    expect(data.chosen).toMatchObject({ scope: 'mark', isOverdue: true });
    expect(data.rows.find((r: { id: number }) => r.id === data.chosen.id).validToDate).toBe(`${s.Y + 1}-12-31`);
    expect(data.others.every((o: { isOverdue: boolean }) => o.isOverdue)).toBe(true);
  });

  it('without candidates it still answers the places and the mark (for previewing an unsaved row)', async () => {
    const res = await s.admin.get(
      q('/bas/price/trial', { markId: s.ids.BK001, busType: 'AIR', leftAddrId: s.ids.gz, destAddrId: s.ids.cnx }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      date: s.today,
      rows: [],
      chosen: null,
      others: [],
      mark: { id: s.ids.BK001, topMarkId: s.ids.AGBKK, topMark: 'AGBKK' },
    });
    expect(res.json().data.destPlaces).toHaveLength(3);
  });

  it('cargo without a mark sees only all-customers rows', async () => {
    const res = await s.admin.get(
      q('/bas/price/trial', { busType: 'EK', leftAddrId: s.ids.gz, destAddrId: s.ids.bkk }),
    );
    const data = res.json().data;
    expect(data.mark).toBeNull();
    expect(data.rows.every((r: { markId: number | null }) => r.markId === null)).toBe(true);
    expect(data.chosen).toMatchObject({ id: s.allBkk, scope: 'all' });
  });

  it('needs the fee role (403), sees only marks in scope (404), refuses bad input (400)', async () => {
    const params = { markId: s.ids.TH002, busType: 'EK', leftAddrId: s.ids.gz, destAddrId: s.ids.bkk };
    expect((await s.service.get(q('/bas/price/trial', params))).statusCode).toBe(403);
    expect((await s.sales2.get(q('/bas/price/trial', params))).statusCode).toBe(404);
    expect((await s.admin.get(q('/bas/price/trial', { ...params, busType: 'XX' }))).statusCode).toBe(400);
    expect((await s.admin.get(q('/bas/price/trial', { ...params, date: '2026-13-01' }))).statusCode).toBe(400);
    expect((await s.admin.get(q('/bas/price/trial', { ...params, destAddrId: undefined }))).statusCode).toBe(400);
    expect((await s.admin.get(q('/bas/price/trial', { ...params, extra: 1 }))).statusCode).toBe(400);
  });
});
