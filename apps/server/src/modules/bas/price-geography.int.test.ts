import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { todayIn } from '../../platform/time';
import { addOrder, getOrder, orderBody, refIds, type TRefIds } from '../bus/inware/inware.test-utils';
import { basGeog, basPrice } from './bas.table';
import { findPrice } from './price.service';

/**
 * Issue 10 item 7: prices match along the geography tree (docs/domain.md 'Which price row applies'). Seed:
 * the all-customers EK Guangzhou -> Bangkok row is 680.00 /m³; TH002 (by volume) has no row of its own.
 */

let t: TestApp;
let ids: TRefIds;
let admin: TestClient;
let sales: TestClient;
let sales2: TestClient;
let service: TestClient;
let TH: number;
let today: string;
let Y: number;
let allBkk: number;

const q = (path: string, params: Record<string, string | number | undefined>) =>
  `${path}?${new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString()}`;

async function addPriceRow(body: Record<string, unknown>): Promise<number> {
  const res = await admin.post('/bas/price/add', {
    busType: 'EK',
    leftAddrId: ids.gz,
    cargoType: '1',
    weightPrice: '5.00',
    volWgtRate: '300',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  ids = await refIds(t);
  [admin, sales, sales2, service] = await Promise.all(['admin', 'sales', 'sales2', 'service'].map((u) => t.login(u)));
  const [th] = await t.db.select({ id: basGeog.id }).from(basGeog).where(eq(basGeog.code, 'TH'));
  TH = th!.id;
  today = todayIn(t.config.timezone);
  Y = Number(today.slice(0, 4));
  const [row] = await t.db
    .select({ id: basPrice.id })
    .from(basPrice)
    .where(eq(basPrice.volumePrice, '680.00'))
    .limit(1);
  allBkk = row!.id;
});
afterAll(async () => t.close());

describe('[BAS] a price for a country applies to orders for its cities (issue 10 item 7)', () => {
  let thailand: number;

  it("TH002's own row to Thailand (800/m³) beats the all-customers row to Bangkok (680) for Guangzhou -> Bangkok", async () => {
    thailand = await addPriceRow({
      markId: ids.TH002,
      destAddrId: TH,
      volumePrice: '800.00',
      validFromDate: `${Y}-01-01`,
      validToDate: `${Y}-12-31`,
    });
    const res = await sales.get(
      q('/bas/price/select', { markId: ids.TH002, busType: 'EK', leftAddrId: ids.gz, destAddrId: ids.bkk }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: thailand, scope: 'mark', volumePrice: '800.00', destAddrName: '泰国' });
  });

  it('an order saved for TH002 Guangzhou -> Bangkok is priced with the Thailand row', async () => {
    const o = await addOrder(admin, orderBody(ids, { markId: ids.TH002 }));
    const d = await getOrder(admin, o.id);
    // TH002 prices by volume: 1.235 m³ × 800.00
    expect(d).toMatchObject({ priceId: thailand, volumePrice: '800.00', feeFreightAr: '988.00' });
  });

  it("the order form's live pricing shows the Thailand row too", async () => {
    const res = await admin.post('/bus/inware/reGetPrice', {
      order: {
        markId: ids.TH002,
        busType: 'EK',
        leftAddrId: ids.gz,
        destAddrId: ids.bkk,
        cargoType: '1',
        cargoVolume: '1.235',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      found: true,
      scope: 'mark',
      feeFreightAr: '988.00',
      price: { id: thailand, volumePrice: '800.00' },
    });
  });

  it('another customer without an own row still gets the all-customers Bangkok row (680)', async () => {
    const o = await addOrder(admin, orderBody(ids, { markId: ids.CM888 }));
    expect(await getOrder(admin, o.id)).toMatchObject({ priceId: allBkk, volumePrice: '680.00' });
  });

  it("TH002's own Bangkok row, once entered, beats its Thailand row (the nearer place)", async () => {
    const bangkok = await addPriceRow({
      markId: ids.TH002,
      destAddrId: ids.bkk,
      volumePrice: '760.00',
      validFromDate: `${Y}-01-01`,
      validToDate: `${Y}-12-31`,
    });
    const found = await findPrice(
      t.db,
      { markId: ids.TH002, busType: 'EK', leftAddrId: ids.gz, destAddrId: ids.bkk, cargoType: '1' },
      today,
    );
    expect(found).toMatchObject({ row: { id: bangkok }, scope: 'mark', destDistance: 0, leftDistance: 0 });
    expect(found!.others.map((o) => [o.row.id, o.lostOn])).toEqual([
      [thailand, 'destination'],
      [allBkk, 'scope'],
    ]);
    // Chiang Mai has no TH002 row of its own: the Thailand row covers it
    const cnx = await findPrice(
      t.db,
      { markId: ids.TH002, busType: 'EK', leftAddrId: ids.gz, destAddrId: ids.cnx, cargoType: '1' },
      today,
    );
    expect(cnx).toMatchObject({ row: { id: thailand }, destDistance: 1 });
    await t.db.delete(basPrice).where(eq(basPrice.id, bangkok));
  });

  it('validity ends on the business day: 23:59:59 on 31 December uses this year’s row, 00:00 on 1 January next year’s', async () => {
    const next = await addPriceRow({
      markId: ids.TH002,
      destAddrId: TH,
      volumePrice: '820.00',
      validFromDate: `${Y + 1}-01-01`,
      validToDate: `${Y + 1}-12-31`,
    });
    const preview = async (orderTime: string) => {
      const res = await admin.post('/bus/inware/reGetPrice', {
        order: { markId: ids.TH002, busType: 'EK', leftAddrId: ids.gz, destAddrId: ids.bkk, cargoType: '1', orderTime },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.price?.id as number | undefined;
    };
    // business time (Asia/Shanghai), and the same instants with a zone
    expect(await preview(`${Y}-12-31 23:59:59`)).toBe(thailand);
    expect(await preview(`${Y + 1}-01-01 00:00:00`)).toBe(next);
    expect(await preview(`${Y}-12-31T15:59:59Z`)).toBe(thailand);
    expect(await preview(`${Y}-12-31T16:00:00Z`)).toBe(next);
    expect(await preview(`${Y}-12-31T23:30:00+07:00`)).toBe(next);
    const o = await addOrder(admin, orderBody(ids, { markId: ids.TH002, orderTime: `${Y + 1}-01-01 00:00:30` }));
    expect(await getOrder(admin, o.id)).toMatchObject({ priceId: next, volumePrice: '820.00' });
  });
});

describe('[BAS] provinces and origin countries (the tree at any depth, both ends)', () => {
  let CN: number;
  let GD: number;
  let CMP: number;

  beforeAll(async () => {
    // China > Guangdong > Guangzhou on the origin side; Thailand > Chiang Mai province > Chiang Mai
    const [cn] = await t.db
      .insert(basGeog)
      .values({ orgId: 1, parentId: 0, level: '1', code: 'CN', name: '中国', nameEn: 'China', nameTh: 'จีน' })
      .returning({ id: basGeog.id });
    CN = cn!.id;
    const [gd] = await t.db
      .insert(basGeog)
      .values({ orgId: 1, parentId: CN, level: 'P', code: 'GD', name: '广东', nameEn: 'Guangdong', nameTh: 'กวางตุ้ง' })
      .returning({ id: basGeog.id });
    GD = gd!.id;
    await t.db.update(basGeog).set({ parentId: GD }).where(eq(basGeog.id, ids.gz));
    const [cmp] = await t.db
      .insert(basGeog)
      .values({
        orgId: 2,
        parentId: TH,
        level: 'P',
        code: 'CMP',
        name: '清迈府',
        nameEn: 'Chiang Mai Province',
        nameTh: 'จังหวัดเชียงใหม่',
      })
      .returning({ id: basGeog.id });
    CMP = cmp!.id;
    await t.db.update(basGeog).set({ parentId: CMP }).where(eq(basGeog.id, ids.cnx));
  });

  const key = (destAddrId: number, leftAddrId = ids.gz) => ({
    markId: ids.CM888,
    busType: 'SEA',
    leftAddrId,
    destAddrId,
    cargoType: '1',
  });
  const row = (body: Record<string, unknown>) =>
    addPriceRow({
      busType: 'SEA',
      markId: ids.CM888,
      validFromDate: `${Y}-01-01`,
      validToDate: `${Y}-12-31`,
      ...body,
    });

  it('a China -> Thailand row covers Guangzhou -> Chiang Mai (origin and destination two levels up)', async () => {
    const wide = await row({ leftAddrId: CN, destAddrId: TH, volumePrice: '600.00' });
    const found = await findPrice(t.db, key(ids.cnx), today);
    expect(found).toMatchObject({ row: { id: wide }, leftDistance: 2, destDistance: 2 });
  });

  it('the province beats the country on each end; the destination counts before the origin', async () => {
    const province = await row({ leftAddrId: CN, destAddrId: CMP, volumePrice: '610.00' });
    expect(await findPrice(t.db, key(ids.cnx), today)).toMatchObject({ row: { id: province }, destDistance: 1 });
    const origin = await row({ leftAddrId: ids.gz, destAddrId: TH, volumePrice: '620.00' });
    // Guangzhou -> Thailand names the exact origin, but Chiang Mai province is the nearer destination
    const found = await findPrice(t.db, key(ids.cnx), today);
    expect(found).toMatchObject({ row: { id: province } });
    expect(found!.others.find((o) => o.row.id === origin)?.lostOn).toBe('destination');
    const gd = await row({ leftAddrId: GD, destAddrId: CMP, volumePrice: '615.00' });
    const byOrigin = await findPrice(t.db, key(ids.cnx), today);
    expect(byOrigin).toMatchObject({ row: { id: gd }, leftDistance: 1, destDistance: 1 });
    expect(byOrigin!.others.find((o) => o.row.id === province)?.lostOn).toBe('origin');
  });

  it('a Chiang Mai province row does not cover Bangkok; Shenzhen (not under Guangdong here) only takes China rows', async () => {
    const bkk = await findPrice(t.db, key(ids.bkk), today);
    expect(bkk?.row.destAddrId).toBe(TH);
    const [sz] = await t.db.select({ id: basGeog.id }).from(basGeog).where(eq(basGeog.code, 'SZ'));
    expect(await findPrice(t.db, key(ids.cnx, sz!.id), today)).toBeNull();
    await t.db.update(basGeog).set({ parentId: CN }).where(eq(basGeog.id, sz!.id));
    expect(await findPrice(t.db, key(ids.cnx, sz!.id), today)).toMatchObject({ leftDistance: 1, destDistance: 1 });
  });
});

describe('[BAS] GET /bas/price/trial (the price form’s freight trial)', () => {
  it("shows every row that can apply, the order's places, the chosen row and why the others lost", async () => {
    const res = await admin.get(
      q('/bas/price/trial', { markId: ids.TH002, busType: 'EK', leftAddrId: ids.gz, destAddrId: ids.bkk, date: today }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      date: today,
      destPlaces: [String(ids.bkk), String(TH)],
      mark: { id: ids.TH002, mark: 'TH002', topMarkId: null, calPriceType: '1' },
      chosen: { scope: 'mark', destDistance: 1, leftDistance: 0, isOverdue: false },
    });
    expect(data.leftPlaces[0]).toBe(String(ids.gz));
    const chosen = data.rows.find((r: { id: number }) => r.id === data.chosen.id);
    expect(chosen).toMatchObject({ markId: ids.TH002, destAddrId: TH, volumePrice: '800.00', destAddrName: '泰国' });
    expect(data.others).toContainEqual({
      id: allBkk,
      scope: 'all',
      destDistance: 0,
      leftDistance: 0,
      isOverdue: false,
      lostOn: 'scope',
    });
  });

  it('includes expired rows, flagged, and ranks them after every valid row', async () => {
    const res = await admin.get(
      q('/bas/price/trial', {
        markId: ids.TH002,
        busType: 'EK',
        leftAddrId: ids.gz,
        destAddrId: ids.bkk,
        date: `${Y + 2}-03-01`,
      }),
    );
    const data = res.json().data;
    // this year's and next year's Thailand rows have ended; the all-customers row runs to the end of next year
    expect(data.chosen).toMatchObject({ scope: 'mark', isOverdue: true });
    expect(data.rows.find((r: { id: number }) => r.id === data.chosen.id).validToDate).toBe(`${Y + 1}-12-31`);
    expect(data.others.every((o: { isOverdue: boolean }) => o.isOverdue)).toBe(true);
  });

  it('without candidates it still answers the places and the mark (for previewing an unsaved row)', async () => {
    const res = await admin.get(
      q('/bas/price/trial', { markId: ids.BK001, busType: 'AIR', leftAddrId: ids.gz, destAddrId: ids.cnx }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      date: today,
      rows: [],
      chosen: null,
      others: [],
      mark: { id: ids.BK001, topMarkId: ids.AGBKK, topMark: 'AGBKK' },
    });
    expect(res.json().data.destPlaces).toHaveLength(3);
  });

  it('cargo without a mark sees only all-customers rows', async () => {
    const res = await admin.get(q('/bas/price/trial', { busType: 'EK', leftAddrId: ids.gz, destAddrId: ids.bkk }));
    const data = res.json().data;
    expect(data.mark).toBeNull();
    expect(data.rows.every((r: { markId: number | null }) => r.markId === null)).toBe(true);
    expect(data.chosen).toMatchObject({ id: allBkk, scope: 'all' });
  });

  it('needs the fee role (403), sees only marks in scope (404), refuses bad input (400)', async () => {
    const params = { markId: ids.TH002, busType: 'EK', leftAddrId: ids.gz, destAddrId: ids.bkk };
    expect((await service.get(q('/bas/price/trial', params))).statusCode).toBe(403);
    expect((await sales2.get(q('/bas/price/trial', params))).statusCode).toBe(404);
    expect((await admin.get(q('/bas/price/trial', { ...params, busType: 'XX' }))).statusCode).toBe(400);
    expect((await admin.get(q('/bas/price/trial', { ...params, date: '2026-13-01' }))).statusCode).toBe(400);
    expect((await admin.get(q('/bas/price/trial', { ...params, destAddrId: undefined }))).statusCode).toBe(400);
    expect((await admin.get(q('/bas/price/trial', { ...params, extra: 1 }))).statusCode).toBe(400);
  });
});
