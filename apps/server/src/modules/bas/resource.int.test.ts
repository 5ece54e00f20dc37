import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/suite';
import { addDays, todayIn } from '../../platform/time';
import { currencyId, userId, userWithPerms, whileInUse } from './bas.test-utils';
import { rmbRateOn } from './currate.service';

const s = useSuite({
  users: ['admin', 'sales', 'service', 'finance', 'dispatcher'],
  setup: async ({ t }) => ({ today: todayIn(t.config.timezone) }),
});

describe('[BAS] reference selects', () => {
  it('geog/select orgId=1: the five origin cities, labelled in the caller language', async () => {
    const res = await s.sales.get('/bas/geog/select?orgId=1', { 'accept-language': 'th' });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { code: string; label: string }[];
    expect(rows.map((r) => r.code)).toEqual(['GZ', 'SZ', 'CH', 'FS', 'YW']);
    expect(rows[0]!.label).toBe('กวางโจว');
  });

  it('geog/select orgId=2: destination countries and their cities', async () => {
    const rows = (await s.sales.get('/bas/geog/select?orgId=2', { 'accept-language': 'en' })).json().data as {
      id: number;
      code: string;
      level: string;
      parentId: number;
      label: string;
    }[];
    const countries = rows.filter((r) => r.level === '1').map((r) => r.code);
    expect(countries).toEqual(['TH', 'SG', 'MY', 'KH', 'LA', 'PH']);
    const th = rows.find((r) => r.code === 'TH')!;
    const bkk = rows.find((r) => r.code === 'BKK')!;
    expect(bkk).toMatchObject({ level: '2', parentId: th.id, label: 'Bangkok' });
    expect((await s.sales.get('/bas/geog/select?orgId=3')).statusCode).toBe(400);
  });

  it('currency/select and warehouse/select', async () => {
    const currencies = (await s.service.get('/bas/currency/select')).json().data.map((r: { code: string }) => r.code);
    expect(currencies).toEqual(['RMB', 'THB']);
    const all = (await s.service.get('/bas/warehouse/select')).json().data.map((r: { code: string }) => r.code);
    expect(all).toEqual(['GZ', 'SZ', 'CH', 'FS', 'YW', 'BKK']);
    const overseas = (await s.service.get('/bas/warehouse/select?whType=2', { 'accept-language': 'en' })).json().data;
    expect(overseas).toHaveLength(1);
    expect(overseas[0]).toMatchObject({ code: 'BKK', label: 'Bangkok overseas warehouse' });
  });

  it('staff/select lists active users, filtered by post', async () => {
    const [sales, sales2, driver] = [
      await userId(s.t, 'sales'),
      await userId(s.t, 'sales2'),
      await userId(s.t, 'driver'),
    ];
    const all = (await s.service.get('/bas/staff/select')).json().data as { userId: number }[];
    expect(all.map((u) => u.userId)).toEqual(expect.arrayContaining([sales, sales2, driver]));
    const salesOnly = (await s.service.get('/bas/staff/select?post=sales'))
      .json()
      .data.map((u: { userId: number }) => u.userId)
      .sort();
    expect(salesOnly).toEqual([sales, sales2].sort());
    expect((await s.service.get('/bas/staff/select?post=DROP')).statusCode).toBe(400);
  });

  it('need a session', async () => {
    expect((await s.t.anon.get('/bas/geog/select?orgId=1')).statusCode).toBe(401);
  });
});

describe('[BAS] exchange rates', () => {
  let RMB: number;
  let THB: number;
  beforeAll(async () => {
    RMB = await currencyId(s.t, 'RMB');
    THB = await currencyId(s.t, 'THB');
  });

  it('the seeded RMB<->THB rates are in force today', async () => {
    const res = await s.sales.get(`/bas/currate/${RMB}/${THB}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ rate: '4.850000', derived: false });
    expect(await rmbRateOn(s.t.db, 'THB', s.today)).toBe('0.206200');
    expect(await rmbRateOn(s.t.db, 'RMB', s.today)).toBe('1.000000');
  });

  it('adds a newer rate: it is in force from its date, the list flags it and shows the inverse', async () => {
    const add = await s.finance.post('/bas/currate/add', {
      srcCurrencyId: RMB,
      destCurrencyId: THB,
      rate: '4.9',
      effectiveDate: s.today,
    });
    expect(add.statusCode).toBe(200);
    expect((await s.sales.get(`/bas/currate/${RMB}/${THB}`)).json().data.rate).toBe('4.900000');
    const list = (await s.finance.get(`/bas/currate/list?srcCurrencyId=${RMB}&destCurrencyId=${THB}`)).json();
    expect(list.total).toBe(2);
    expect(list.rows[0]).toMatchObject({
      rate: '4.900000',
      inverseRate: '0.204082',
      inForce: '1',
      srcCurrency: 'RMB',
      destCurrency: 'THB',
    });
    expect(list.rows[1].inForce).toBe('0');
    // a rate dated tomorrow is not in force yet
    await s.finance.post('/bas/currate/add', {
      srcCurrencyId: RMB,
      destCurrencyId: THB,
      rate: '5',
      effectiveDate: addDays(s.today, 1),
    });
    expect((await s.sales.get(`/bas/currate/${RMB}/${THB}`)).json().data.rate).toBe('4.900000');
    expect((await s.sales.get(`/bas/currate/${RMB}/${THB}?date=${addDays(s.today, 1)}`)).json().data.rate).toBe(
      '5.000000',
    );
  });

  it('refuses the same pair twice on one day (409), the same currency twice (400), a zero rate (400)', async () => {
    const dup = await s.finance.post(
      '/bas/currate/add',
      { srcCurrencyId: RMB, destCurrencyId: THB, rate: '4.95', effectiveDate: s.today },
      { 'accept-language': 'en' },
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('A rate for this pair already exists on that date');
    const same = await s.finance.post('/bas/currate/add', {
      srcCurrencyId: RMB,
      destCurrencyId: RMB,
      rate: '1',
      effectiveDate: s.today,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().msg).toBe('源币种和目标币种不能相同');
    expect(
      (
        await s.finance.post('/bas/currate/add', {
          srcCurrencyId: RMB,
          destCurrencyId: THB,
          rate: '0',
          effectiveDate: '2020-01-01',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await s.finance.post('/bas/currate/add', {
          srcCurrencyId: RMB,
          destCurrencyId: THB,
          rate: '1.1234567',
          effectiveDate: '2020-01-01',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('edits with the version and deletes; sales cannot edit (403)', async () => {
    const row = (
      await s.finance.get(`/bas/currate/list?srcCurrencyId=${RMB}&orderByColumn=effectiveDate&isAsc=desc`)
    ).json().rows[0];
    const body = {
      id: row.id,
      version: row.version,
      srcCurrencyId: RMB,
      destCurrencyId: THB,
      rate: '5.1',
      effectiveDate: row.effectiveDate,
    };
    expect((await s.sales.post('/bas/currate/edit', body)).statusCode).toBe(403);
    expect((await s.finance.post('/bas/currate/edit', body)).statusCode).toBe(200);
    expect((await s.finance.post('/bas/currate/edit', body)).statusCode).toBe(409);
    expect((await s.finance.get(`/bas/currate/${row.id}`)).json().data.rate).toBe('5.100000');
    expect((await s.finance.post(`/bas/currate/delete/${row.id}`)).statusCode).toBe(200);
    expect((await s.finance.get(`/bas/currate/${row.id}`)).statusCode).toBe(404);
  });

  it('derives a missing direction from the inverse pair; no rate at all is 404', async () => {
    await s.t.db.execute(sql`DELETE FROM bas_currate WHERE src_currency_id = ${THB}`);
    const res = (await s.sales.get(`/bas/currate/${THB}/${RMB}`)).json().data;
    expect(res).toMatchObject({ rate: '0.204082', derived: true });
    expect((await s.sales.get(`/bas/currate/${THB}/${RMB}?date=2000-01-01`)).statusCode).toBe(404);
    expect((await s.sales.get('/bas/currate/x/1')).statusCode).toBe(400);
  });
});

describe('[BAS] drivers and vehicles', () => {
  let driverId: number;
  let vehicleId: number;

  it('dispatcher adds a driver; bad phone or ID is 400; sales has no driver key (403)', async () => {
    const res = await s.dispatcher.post('/bas/driver/add', {
      driverName: 'Somchai',
      phone: '0812345678',
      country: 'TH',
      idCard: '1101700230708',
      licenceNo: 'B12345',
      licenceExpiry: addDays(s.today, 20),
    });
    expect(res.statusCode).toBe(200);
    driverId = res.json().data.id;
    expect((await s.dispatcher.post('/bas/driver/add', { driverName: 'X', phone: '123' })).json().field).toBe('phone');
    expect(
      (await s.dispatcher.post('/bas/driver/add', { driverName: 'X', phone: '0812345678', idCard: '1234' })).json()
        .field,
    ).toBe('idCard');
    expect((await s.sales.get('/bas/driver/list')).statusCode).toBe(403);
  });

  it('adds vehicles: a Chinese plate must follow the rule, a Thai plate is free text; duplicates are 409', async () => {
    expect(
      (await s.dispatcher.post('/bas/vehicle/add', { plateNo: 'ABC', country: 'CN', vehicleType: '3' })).json().field,
    ).toBe('plateNo');
    const cn = await s.dispatcher.post('/bas/vehicle/add', {
      plateNo: '粤B12345',
      country: 'CN',
      vehicleType: '4',
      capacityKg: 10000,
      capacityCbm: '45.5',
    });
    expect(cn.statusCode).toBe(200);
    const th = await s.dispatcher.post('/bas/vehicle/add', {
      plateNo: '70-1234',
      country: 'TH',
      vehicleType: '3',
      driverId,
      insuranceExpiry: addDays(s.today, 100),
    });
    expect(th.statusCode).toBe(200);
    vehicleId = th.json().data.id;
    expect(
      (await s.dispatcher.post('/bas/vehicle/add', { plateNo: '70-1234', country: 'TH', vehicleType: '3' })).statusCode,
    ).toBe(409);
    const row = (await s.dispatcher.get(`/bas/vehicle/${vehicleId}`)).json().data;
    expect(row).toMatchObject({ plateNo: '70-1234', driverName: 'Somchai', vehicleType: '3' });
  });

  it('edits a driver with its default vehicle; list filters; stale version 409', async () => {
    const d = (await s.dispatcher.get(`/bas/driver/${driverId}`)).json().data;
    const body = {
      id: driverId,
      version: d.version,
      driverName: 'Somchai K.',
      phone: '0812345678',
      vehicleId,
      country: 'TH',
    };
    expect((await s.dispatcher.post('/bas/driver/edit', body)).statusCode).toBe(200);
    expect((await s.dispatcher.post('/bas/driver/edit', body)).statusCode).toBe(409);
    const list = (await s.dispatcher.get('/bas/driver/list?driverName=somchai')).json();
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ driverName: 'Somchai K.', vehiclePlate: '70-1234' });
    expect((await s.dispatcher.get('/bas/driver/select')).json().data).toHaveLength(1);
    expect((await s.dispatcher.get('/bas/vehicle/list?country=CN')).json().total).toBe(1);
  });

  it('delete: a driver on send orders is in use (409), else deleted and unlinked from its vehicle', async () => {
    await whileInUse('driver', driverId, async () => {
      expect((await s.dispatcher.post(`/bas/driver/delete/${driverId}`)).statusCode).toBe(409);
    });
    expect((await s.dispatcher.post(`/bas/driver/delete/${driverId}`)).statusCode).toBe(200);
    expect((await s.dispatcher.get(`/bas/vehicle/${vehicleId}`)).json().data.driverId).toBeNull();
    expect((await s.dispatcher.post(`/bas/vehicle/delete/${vehicleId}`)).statusCode).toBe(200);
    expect((await s.dispatcher.post(`/bas/vehicle/delete/${vehicleId}`)).statusCode).toBe(404);
  });
});

describe('[BAS] insurance', () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    insuranceName: '货物运输险',
    insurer: '中国平安',
    insuranceRate: '0.3',
    minPremium: '20',
    currency: 'RMB',
    busType: 'EK',
    isDefault: '1',
    ...extra,
  });

  it('adds products; one default per transport mode', async () => {
    const a = (await s.finance.post('/bas/insurance/add', body())).json().data.id;
    const b = (
      await s.finance.post('/bas/insurance/add', body({ insuranceName: '高价值险', insuranceRate: '0.5' }))
    ).json().data.id;
    const rowA = (await s.finance.get(`/bas/insurance/${a}`)).json().data;
    const rowB = (await s.finance.get(`/bas/insurance/${b}`)).json().data;
    expect(rowA).toMatchObject({ isDefault: '0', insuranceRate: '0.300000', minPremium: '20.00' });
    expect(rowB.isDefault).toBe('1');
    expect((await s.finance.get('/bas/insurance/list?busType=EK')).json().total).toBe(2);
  });

  it('refuses a rate above 100 % or with more than 4 decimals', async () => {
    expect((await s.finance.post('/bas/insurance/add', body({ insuranceRate: '101' }))).statusCode).toBe(400);
    expect((await s.finance.post('/bas/insurance/add', body({ insuranceRate: '0.12345' }))).statusCode).toBe(400);
    expect(
      (await s.finance.post('/bas/insurance/add', body({ validFromDate: '2030-02-01', validToDate: '2030-01-01' })))
        .statusCode,
    ).toBe(400);
  });

  it('a user without the fee role does not receive the rate and minimum premium', async () => {
    const noFee = await userWithPerms(s.t, 'insnofee', ['bas:insurance', 'bas:insurance:info']);
    const rows = (await noFee.get('/bas/insurance/list')).json().rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).not.toHaveProperty('insuranceRate');
    expect(rows[0]).not.toHaveProperty('minPremium');
    const options = (await s.service.get('/bas/insurance/select')).json().data;
    expect(options[0]).not.toHaveProperty('insuranceRate');
    expect((await s.finance.get('/bas/insurance/select')).json().data[0]).toHaveProperty('insuranceRate');
  });

  it('edit and delete; dispatcher has no key', async () => {
    const row = (await s.finance.get('/bas/insurance/list')).json().rows[0];
    expect(
      (
        await s.finance.post('/bas/insurance/edit', {
          ...body({ insuranceRate: '0.35' }),
          id: row.id,
          version: row.version,
        })
      ).statusCode,
    ).toBe(200);
    expect((await s.dispatcher.post(`/bas/insurance/delete/${row.id}`)).statusCode).toBe(403);
    expect((await s.finance.post(`/bas/insurance/delete/${row.id}`)).statusCode).toBe(200);
  });
});

describe('[BAS] payment info', () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    accountName: 'TheOne Logistics Co., Ltd.',
    bankName: 'Kasikornbank',
    accountNo: '123-4-56789-0',
    branch: 'Bang Na',
    currency: 'THB',
    payType: '2',
    isDefault: '1',
    ...extra,
  });

  it('adds accounts; one default per currency; a QR that is not an uploaded file is refused', async () => {
    const a = (await s.finance.post('/bas/payinfo/add', body())).json().data.id;
    await s.finance.post('/bas/payinfo/add', body({ bankName: 'Bangkok Bank', accountNo: '987-6-54321-0' }));
    await s.finance.post(
      '/bas/payinfo/add',
      body({
        accountName: '广州某某物流有限公司',
        bankName: '招商银行',
        accountNo: '6225880212345678',
        currency: 'RMB',
      }),
    );
    expect((await s.finance.get(`/bas/payinfo/${a}`)).json().data.isDefault).toBe('0');
    const defaults = (await s.finance.get('/bas/payinfo/list'))
      .json()
      .rows.filter((r: { isDefault: string }) => r.isDefault === '1');
    expect(defaults.map((r: { currency: string }) => r.currency).sort()).toEqual(['RMB', 'THB']);
    expect((await s.finance.post('/bas/payinfo/add', body({ qrFileId: '../../etc/passwd' }))).statusCode).toBe(400);
    expect((await s.finance.post('/bas/payinfo/add', body({ currency: 'USD' }))).statusCode).toBe(400);
    expect((await s.finance.get('/bas/payinfo/select')).json().data).toHaveLength(3);
  });

  it('edit with the version, delete; sales has no key', async () => {
    const row = (await s.finance.get('/bas/payinfo/list?bankName=kasikorn')).json().rows[0];
    expect(
      (await s.finance.post('/bas/payinfo/edit', { ...body({ branch: 'Silom' }), id: row.id, version: row.version }))
        .statusCode,
    ).toBe(200);
    expect(
      (await s.finance.post('/bas/payinfo/edit', { ...body(), id: row.id, version: row.version })).statusCode,
    ).toBe(409);
    expect((await s.sales.get('/bas/payinfo/list')).statusCode).toBe(403);
    expect((await s.finance.post(`/bas/payinfo/delete/${row.id}`)).statusCode).toBe(200);
    expect((await s.admin.get(`/bas/payinfo/${row.id}`)).statusCode).toBe(404);
  });
});
