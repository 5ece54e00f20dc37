import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/suite';
import { sysOperLog } from '../../platform/db/log.table';
import { todayIn } from '../../platform/time';
import { basPrice } from './bas.table';
import { geogId, markId, userWithPerms, whileInUse } from './bas.test-utils';
import { findPrice } from './price.service';

const year = () => Number(s.today.slice(0, 4));

const s = useSuite({
  users: ['admin', 'sales', 'sales2', 'service', 'finance', 'dispatcher'],
  setup: async ({ t }) => {
    const [GZ, SZ, YW, FS] = await Promise.all(['GZ', 'SZ', 'YW', 'FS'].map((c) => geogId(t, 1, c)));
    const [BKK, CNX] = await Promise.all(['BKK', 'CNX'].map((c) => geogId(t, 2, c)));
    return { GZ: GZ!, SZ: SZ!, YW: YW!, FS: FS!, BKK: BKK!, CNX: CNX!, today: todayIn(t.config.timezone) };
  },
});

const price = (extra: Record<string, unknown> = {}) => ({
  busType: 'EK',
  leftAddrId: s.FS,
  destAddrId: s.BKK,
  cargoType: '1',
  volumePrice: '700',
  weightPrice: '4.8',
  volWgtRate: '300',
  validFromDate: `${year()}-01-01`,
  validToDate: `${year()}-12-31`,
  ...extra,
});

describe('[BAS] price list', () => {
  it('lists rows with mark code, route names and the overdue flag', async () => {
    const res = await s.admin.get('/bas/price/list?pageSize=100');
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as Record<string, unknown>[];
    const own = rows.find((r) => r.mark === 'TH001');
    expect(own).toMatchObject({
      busType: 'EK',
      leftAddrName: '广州',
      destAddrName: '曼谷',
      volumePrice: '660.00',
      isOverdue: '0',
    });
    expect(rows.some((r) => r.isOverdue === '1')).toBe(true);
    const current = (await s.admin.get('/bas/price/list?isOverdue=0&pageSize=100')).json().rows as Record<
      string,
      unknown
    >[];
    expect(current.every((r) => r.isOverdue === '0')).toBe(true);
    const allMarks = (await s.admin.get('/bas/price/list?allMarks=1&pageSize=100')).json().rows as Record<
      string,
      unknown
    >[];
    expect(allMarks.every((r) => r.markId === null)).toBe(true);
    expect((await s.admin.get('/bas/price/list?mark=AGBKK')).json().total).toBe(1);
  });

  it('a sales user sees the all-marks rows and their own marks rows, not sales2 marks', async () => {
    const mine = ((await s.sales.get('/bas/price/list?pageSize=100')).json().rows as { mark: string | null }[]).map(
      (r) => r.mark,
    );
    expect(mine).toContain('TH001');
    expect(mine).toContain('AGBKK');
    expect(mine).not.toContain('AGYW');
    expect(mine).toContain(null);
    const theirs = ((await s.sales2.get('/bas/price/list?pageSize=100')).json().rows as { mark: string | null }[]).map(
      (r) => r.mark,
    );
    expect(theirs).toContain('AGYW');
    expect(theirs).not.toContain('TH001');
    const agyw = (await s.admin.get('/bas/price/list?mark=AGYW')).json().rows[0];
    expect((await s.sales.get(`/bas/price/${agyw.id}`)).statusCode).toBe(404);
  });

  it('needs bas:price and the fee role: service and dispatcher get 403, a price key without the fee role too', async () => {
    expect((await s.service.get('/bas/price/list')).statusCode).toBe(403);
    expect((await s.dispatcher.get('/bas/price/list')).statusCode).toBe(403);
    const noFee = await userWithPerms(s.t, 'pricenofee', ['bas:price', 'bas:price:info']);
    const res = await noFee.get('/bas/price/list', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(403);
  });

  it('refuses bad filters (400)', async () => {
    expect((await s.admin.get('/bas/price/list?validOn=2026-13-01')).statusCode).toBe(400);
    expect((await s.admin.get('/bas/price/list?orderByColumn=mark')).statusCode).toBe(400);
  });
});

describe('[BAS] price add, edit, delete', () => {
  let id: number;

  it('adds a row for all marks; the ratio wgtVolRate defaults to volWgtRate', async () => {
    const res = await s.finance.post('/bas/price/add', price());
    expect(res.statusCode).toBe(200);
    id = res.json().data.id;
    const row = (await s.finance.get(`/bas/price/${id}`)).json().data;
    expect(row).toMatchObject({
      markId: null,
      mark: null,
      volumePrice: '700.00',
      weightPrice: '4.80',
      volWgtRate: '300.000000',
      wgtVolRate: '300.000000',
      currency: 'RMB',
    });
  });

  it('refuses an overlapping period for the same key with msg_price_overlap (409)', async () => {
    const res = await s.finance.post(
      '/bas/price/add',
      price({ validFromDate: `${year()}-06-01`, validToDate: `${year() + 1}-05-31` }),
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(
      'A valid price already exists for this mark, mode, route and cargo type in that period',
    );
  });

  it('accepts the next period, another cargo type, or a row for one mark', async () => {
    expect(
      (
        await s.finance.post(
          '/bas/price/add',
          price({ validFromDate: `${year() + 1}-01-01`, validToDate: `${year() + 1}-12-31` }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await s.finance.post('/bas/price/add', price({ cargoType: '2' }))).statusCode).toBe(200);
    expect((await s.finance.post('/bas/price/add', price({ markId: await markId(s.t, 'CM888') }))).statusCode).toBe(
      200,
    );
  });

  it.each([
    [
      'an end before the start',
      { validFromDate: '2030-02-01', validToDate: '2030-01-31' },
      'validToDate',
      'msg_date_order',
    ],
    ['a negative price', { volumePrice: '-1' }, 'volumePrice', undefined],
    ['three decimals', { weightPrice: '1.234' }, 'weightPrice', undefined],
    ['an unknown transport mode', { busType: 'SHIP' }, 'busType', undefined],
    ['a destination as origin', { leftAddrId: 0 }, 'leftAddrId', undefined],
  ])('refuses %s (400)', async (_label, patch, field, key) => {
    const body = price(patch);
    if (_label === 'a destination as origin') body.leftAddrId = s.BKK;
    const res = await s.finance.post('/bas/price/add', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    if (key) expect(res.json().msg).toBe('结束日期不能早于开始日期');
  });

  it('sales has no add key (403); a mark outside the caller scope is refused', async () => {
    expect((await s.sales.post('/bas/price/add', price({ busType: 'AIR' }))).statusCode).toBe(403);
    const scoped = await userWithPerms(s.t, 'priceself', ['bas:price', 'bas:price:add', 'bus:fee:view'], '5');
    const res = await scoped.post('/bas/price/add', price({ busType: 'AIR', markId: await markId(s.t, 'TH001') }));
    expect(res.statusCode).toBe(400);
  });

  it('edits with the version; stale is 409; moving onto another row period overlaps', async () => {
    const row = (await s.finance.get(`/bas/price/${id}`)).json().data;
    const body = { ...price({ volumePrice: '710' }), id, version: row.version };
    expect((await s.finance.post('/bas/price/edit', body)).statusCode).toBe(200);
    expect((await s.finance.get(`/bas/price/${id}`)).json().data.volumePrice).toBe('710.00');
    expect((await s.finance.post('/bas/price/edit', body)).json().errorCode).toBe('CHANGED_RELOAD');
    const overlap = await s.finance.post('/bas/price/edit', {
      ...price({ validToDate: `${year() + 1}-03-01` }),
      id,
      version: row.version + 1,
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().errorCode).toBe('CONFLICT');
  });

  it('delete: refused while used by orders (usage hook), then deleted; unknown id is 404', async () => {
    await whileInUse('price', id, async () => {
      expect((await s.finance.post(`/bas/price/delete/${id}`)).statusCode).toBe(409);
    });
    expect((await s.finance.post(`/bas/price/delete/${id}`)).statusCode).toBe(200);
    expect((await s.finance.post(`/bas/price/delete/${id}`)).statusCode).toBe(404);
  });
});

describe('[BAS] price/select (DOMAIN §4)', () => {
  const q = (params: Record<string, string | number>) =>
    `/bas/price/select?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]))).toString()}`;

  it("uses the mark's own row first", async () => {
    const res = await s.sales.get(q({ mark: 'TH001', busType: 'EK', leftAddrId: s.GZ, destAddrId: s.BKK }));
    expect(res.json().data).toMatchObject({
      mark: 'TH001',
      scope: 'mark',
      volumePrice: '660.00',
      isOverdue: '0',
      isSubMark: '0',
    });
  });

  it("then the parent agent's row for a sub-mark, with the agent prices", async () => {
    const res = await s.sales.get(
      q({ markId: await markId(s.t, 'BK001'), busType: 'EK', leftAddrId: s.GZ, destAddrId: s.BKK, cargoType: '1' }),
    );
    expect(res.json().data).toMatchObject({
      mark: 'AGBKK',
      scope: 'agent',
      volumePriceAgent: '600.00',
      isSubMark: '1',
      calPriceType: '3',
      minAmount: '100.00',
    });
  });

  it('then the all-marks row; nothing for a route without prices; expired rows only on request', async () => {
    const res = await s.sales.get(q({ mark: 'TH002', busType: 'EK', leftAddrId: s.GZ, destAddrId: s.BKK }));
    expect(res.json().data).toMatchObject({ mark: null, scope: 'all', volumePrice: '680.00' });
    const none = await s.sales.get(q({ mark: 'TH002', busType: 'AIR', leftAddrId: s.GZ, destAddrId: s.BKK }));
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toBeNull();
    const expired = await s.sales.get(q({ busType: 'SEA', leftAddrId: s.SZ, destAddrId: s.BKK }));
    expect(expired.json().data).toBeNull();
    const withExpired = await s.sales.get(
      q({ busType: 'SEA', leftAddrId: s.SZ, destAddrId: s.BKK, includeExpired: 1 }),
    );
    expect(withExpired.json().data).toMatchObject({ isOverdue: '1', volumePrice: '500.00' });
  });

  it('on a date before every row, nothing applies', async () => {
    const res = await s.sales.get(
      q({ mark: 'TH001', busType: 'EK', leftAddrId: s.GZ, destAddrId: s.BKK, date: `${year() - 5}-06-01` }),
    );
    expect(res.json().data).toBeNull();
  });

  it('a user without the fee role gets the row without price fields', async () => {
    const res = await s.service.get(q({ mark: 'TH001', busType: 'EK', leftAddrId: s.GZ, destAddrId: s.BKK }));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ mark: 'TH001', scope: 'mark' });
    for (const field of [
      'volumePrice',
      'weightPrice',
      'volumePriceAgent',
      'weightPriceAgent',
      'volWgtRate',
      'wgtVolRate',
      'isWeight',
      'minAmount',
    ]) {
      expect(data).not.toHaveProperty(field);
    }
  });

  it('a mark outside the caller scope is a 404; bad input is 400; no order key is 403', async () => {
    expect(
      (await s.sales2.get(q({ mark: 'TH001', busType: 'EK', leftAddrId: s.GZ, destAddrId: s.BKK }))).statusCode,
    ).toBe(404);
    expect(
      (await s.sales.get(q({ mark: 'TH001', busType: 'XX', leftAddrId: s.GZ, destAddrId: s.BKK }))).statusCode,
    ).toBe(400);
    expect((await s.sales.get(q({ busType: 'EK', leftAddrId: s.GZ }))).statusCode).toBe(400);
    const driver = await s.t.login('driver');
    expect((await driver.get(q({ busType: 'EK', leftAddrId: s.GZ, destAddrId: s.BKK }))).statusCode).toBe(403);
  });

  it('findPrice (for the orders module) gives the row, its scope and the mark pricing fields', async () => {
    const found = await findPrice(
      s.t.db,
      { markId: await markId(s.t, 'YW101'), busType: 'EK', leftAddrId: s.YW, destAddrId: s.BKK, cargoType: '1' },
      s.today,
    );
    expect(found).toMatchObject({
      scope: 'agent',
      isOverdue: false,
      mark: { mark: 'YW101', topMark: 'AGYW', calPriceType: '4' },
    });
    expect(found!.row.volWgtRate).toBe('250.000000');
  });
});

describe('[BAS] batch price adjustment', () => {
  let ids: number[];

  beforeAll(async () => {
    const rows = (await s.finance.get(`/bas/price/list?busType=EK&leftAddrId=${s.GZ}&pageSize=100`)).json().rows as {
      id: number;
    }[];
    ids = rows.map((r) => r.id);
  });

  it('previews +5 % without saving anything', async () => {
    const res = await s.finance.post('/bas/price/batch', {
      ids,
      fields: ['volumePrice', 'weightPrice', 'volumePriceAgent'],
      method: 'increasePct',
      value: '5',
      preview: true,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ preview: true, negative: 0 });
    expect(data.changed).toBe(ids.length);
    const agbkk = data.rows.find((r: { mark: string }) => r.mark === 'AGBKK');
    expect(agbkk).toMatchObject({
      oldVolumePrice: '650.00',
      volumePrice: '682.50',
      oldWeightPrice: '4.30',
      weightPrice: '4.52',
      oldVolumePriceAgent: '600.00',
      volumePriceAgent: '630.00',
    });
    const all = data.rows.find(
      (r: { mark: string | null; cargoType: string; destAddrId: number }) =>
        r.mark === null && r.cargoType === '1' && r.destAddrId === s.BKK,
    );
    expect(all).toMatchObject({ volumePrice: '714.00', volumePriceAgent: null });
    const after = (await s.finance.get(`/bas/price/${agbkk.id}`)).json().data;
    expect(after.volumePrice).toBe('650.00');
  });

  it('refuses to apply when a price would fall below 0, and flags it in the preview', async () => {
    const preview = (
      await s.finance.post('/bas/price/batch', {
        ids,
        fields: ['weightPrice'],
        method: 'subtract',
        value: '5',
        preview: true,
      })
    ).json().data;
    expect(preview.negative).toBeGreaterThan(0);
    expect(preview.rows.some((r: { negative: boolean }) => r.negative)).toBe(true);
    const apply = await s.finance.post('/bas/price/batch', {
      ids,
      fields: ['weightPrice'],
      method: 'subtract',
      value: '5',
      preview: false,
    });
    expect(apply.statusCode).toBe(400);
  });

  it('applies in place in one transaction and writes one operation-log row', async () => {
    const res = await s.finance.post('/bas/price/batch', {
      ids,
      fields: ['volumePrice', 'weightPrice'],
      method: 'increasePct',
      value: '5',
      preview: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.changed).toBe(ids.length);
    const rows = (await s.finance.get('/bas/price/list?mark=AGBKK')).json().rows;
    expect(rows[0]).toMatchObject({ volumePrice: '682.50', weightPrice: '4.52', volumePriceAgent: '600.00' });
    await s.t.flushOperlog();
    const logs = await s.t.db.select().from(sysOperLog).where(eq(sysOperLog.operUrl, '/prod-api/bas/price/batch'));
    expect(logs.filter((l) => l.status === 0 && l.operParam.includes('"preview":false'))).toHaveLength(1);
    expect(logs[0]!.title).toBe('menu_price_batch');
  });

  it('from a date: old rows end the day before and new rows start on it', async () => {
    const agbkk = (await s.finance.get('/bas/price/list?mark=AGBKK')).json().rows[0];
    const from = `${year() + 1}-03-01`;
    const res = await s.finance.post('/bas/price/batch', {
      ids: [agbkk.id],
      fields: ['volumePrice'],
      method: 'add',
      value: '10',
      effective: 'fromDate',
      effectiveDate: from,
      preview: false,
    });
    expect(res.statusCode).toBe(200);
    const rows = (await s.finance.get('/bas/price/list?mark=AGBKK&orderByColumn=validFromDate&isAsc=asc')).json().rows;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ validToDate: `${year() + 1}-02-28`, volumePrice: '682.50' });
    expect(rows[1]).toMatchObject({
      validFromDate: from,
      validToDate: agbkk.validToDate,
      volumePrice: '692.50',
      volumePriceAgent: '600.00',
    });
  });

  it('skips overdue rows and rows outside the filter; bad input is 400; sales has no batch key', async () => {
    const expired = (await s.finance.get('/bas/price/list?isOverdue=1')).json().rows.map((r: { id: number }) => r.id);
    const res = (
      await s.finance.post('/bas/price/batch', {
        ids: [...expired, ids[0]],
        fields: ['volumePrice'],
        method: 'add',
        value: '1',
        filter: { busType: 'SEA' },
      })
    ).json().data;
    expect(res.changed).toBe(0);
    expect(res.skipped).toBe(expired.length + 1);
    expect((await s.finance.post('/bas/price/batch', { ids, fields: [], method: 'add', value: '1' })).statusCode).toBe(
      400,
    );
    expect(
      (await s.finance.post('/bas/price/batch', { ids, fields: ['volumePrice'], method: 'increasePct', value: '101' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await s.finance.post('/bas/price/batch', {
          ids,
          fields: ['volumePrice'],
          method: 'add',
          value: '1',
          effective: 'fromDate',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await s.sales.post('/bas/price/batch', { ids, fields: ['volumePrice'], method: 'add', value: '1' })).statusCode,
    ).toBe(403);
  });

  it('rows keep their exact decimal values in the database', async () => {
    const [row] = await s.t.db.select().from(basPrice).where(eq(basPrice.id, ids[0]!));
    expect(row!.volumePrice).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('[BAS] container prices', () => {
  const cont = (extra: Record<string, unknown> = {}) => ({
    containerType: '40HQ',
    busType: 'SEA',
    leftAddrId: s.GZ,
    destAddrId: s.BKK,
    vesselOwner: 'COSCO',
    apPrice: '12000',
    arPrice: '15500.5',
    currency: 'RMB',
    validFromDate: `${year()}-01-01`,
    validToDate: `${year()}-12-31`,
    ...extra,
  });

  it('adds, lists, edits and deletes; overlaps are refused', async () => {
    const add = await s.finance.post('/bas/contPrice/add', cont());
    expect(add.statusCode).toBe(200);
    const id = add.json().data.id;
    expect(
      (
        await s.finance.post(
          '/bas/contPrice/add',
          cont({ validFromDate: `${year()}-12-01`, validToDate: `${year() + 1}-01-31` }),
        )
      ).statusCode,
    ).toBe(409);
    expect((await s.finance.post('/bas/contPrice/add', cont({ vesselOwner: 'MSC' }))).statusCode).toBe(200);
    const list = (await s.finance.get('/bas/contPrice/list?containerType=40HQ')).json();
    expect(list.total).toBe(2);
    expect(list.rows[0]).toMatchObject({ leftAddrName: '广州', destAddrName: '曼谷', isOverdue: '0' });
    const row = (await s.finance.get(`/bas/contPrice/${id}`)).json().data;
    expect(row).toMatchObject({ apPrice: '12000.00', arPrice: '15500.50' });
    expect(
      (await s.finance.post('/bas/contPrice/edit', { ...cont({ arPrice: '16000' }), id, version: row.version }))
        .statusCode,
    ).toBe(200);
    expect((await s.finance.post('/bas/contPrice/edit', { ...cont(), id, version: row.version })).statusCode).toBe(409);
    expect((await s.finance.post(`/bas/contPrice/delete/${id}`)).statusCode).toBe(200);
    expect((await s.finance.get(`/bas/contPrice/${id}`)).statusCode).toBe(404);
  });

  it('bad input is 400, no key is 403', async () => {
    expect((await s.finance.post('/bas/contPrice/add', cont({ apPrice: 'abc' }))).statusCode).toBe(400);
    expect((await s.finance.post('/bas/contPrice/add', cont({ leftAddrId: s.BKK }))).statusCode).toBe(400);
    expect((await s.sales.get('/bas/contPrice/list')).statusCode).toBe(403);
    expect((await s.dispatcher.get('/bas/contPrice/list')).statusCode).toBe(403);
    void s.CNX;
  });
});
