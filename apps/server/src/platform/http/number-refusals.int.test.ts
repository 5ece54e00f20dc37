import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currencyId, customerBody, markId, userId } from '../../modules/bas/bas.test-utils';
import { addOrder, orderBody } from '../../modules/bus/inware/inware.test-utils';
import { useRefusalSuite } from './refusals.test-utils';

/**
 * Numbers are refused, never clamped (issue 10 item 4): a negative or malformed figure on any form's endpoint is a 400
 * whose message names the field in the caller's language, and nothing is stored (a unit price of -800 was saved as
 * 0.00, a line weight of -25 as 0.00, a credit limit of -100 as 0.00 = 'no credit').
 */
const en = { 'accept-language': 'en' };
const th = { 'accept-language': 'th' };

const s = useRefusalSuite();

describe('[PLATFORM] negative and malformed numbers are refused with the field named', () => {
  it('price: a unit price of -800', async () => {
    const body = s.airPrice('-800');
    await s.refused('bas_price', () => s.admin.post('/bas/price/add', body, en), {
      field: 'volumePrice',
      msg: 'Price per m³: The amount cannot be negative',
    });
    await s.refused('bas_price', () => s.admin.post('/bas/price/add', { ...body, volumePrice: '1.005' }, en), {
      field: 'volumePrice',
      msg: 'Price per m³: Enter a valid amount (at most 12 digits before and 2 after the decimal point)',
    });
  });

  it('order: a cargo line weight of -25, in Thai', async () => {
    await s.refused(
      'bus_order',
      () => s.admin.post('/bus/inware/add', orderBody(s.ids, { cargoLines: [{ piece: 2, weight: '-25' }] }), th),
      { field: 'cargoLines.0.weight', msg: 'น้ำหนัก (กก.) #1: น้ำหนักต้องไม่ติดลบ' },
    );
  });

  it('order: a declared volume below zero', async () => {
    await s.refused('bus_order', () => s.admin.post('/bus/inware/add', orderBody(s.ids, { cargoVolume: '-1.5' }), en), {
      field: 'cargoVolume',
      msg: expect.stringMatching(/^.+: The volume cannot be negative$/),
    });
  });

  it('receipt: a measured weight below zero', async () => {
    const o = await addOrder(s.admin, orderBody(s.ids, { status: 1 }));
    const before = await s.t.db.execute<{ w: string }>(
      sql`SELECT arrived_weight AS w FROM bus_order WHERE id = ${o.id}`,
    );
    const res = await s.admin.post(
      '/bus/inware/arrived/update',
      { id: o.id, receivingNo: 'WR-NEG-1', arrivedHouseId: s.ids.whGz, arrivedPiece: 1, arrivedWeight: '-3' },
      en,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'arrivedWeight',
      msg: expect.stringMatching(/weight cannot be negative$/),
    });
    const after = await s.t.db.execute<{ w: string }>(
      sql`SELECT arrived_weight AS w FROM bus_order WHERE id = ${o.id}`,
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('customer: a credit limit of -100', async () => {
    const body = customerBody('NEG01', await userId(s.t, 'sales'), { credtLimit: '-100' });
    await s.refused('bas_mark', () => s.admin.post('/bas/mark/add', body, en), {
      field: 'credtLimit',
      msg: 'Credit limit: The amount cannot be negative',
    });
    const th001 = await markId(s.t, 'TH001');
    const current = (await s.admin.get(`/bas/mark/${th001}`)).json().data;
    const edit = await s.admin.post(
      '/bas/mark/edit',
      { ...body, mark: 'TH001', id: th001, version: current.version },
      en,
    );
    expect(edit.statusCode).toBe(400);
    expect((await s.admin.get(`/bas/mark/${th001}`)).json().data.credtLimit).toBe(current.credtLimit);
  });

  it('container price, exchange rate, insurance and vehicle', async () => {
    const [rmb, thb] = [await currencyId(s.t, 'RMB'), await currencyId(s.t, 'THB')];
    await s.refused(
      'bas_cont_price',
      () =>
        s.admin.post(
          '/bas/contPrice/add',
          {
            containerType: '40HQ',
            busType: 'SEA',
            leftAddrId: s.ids.gz,
            destAddrId: s.ids.bkk,
            apPrice: '-12000',
            currency: 'RMB',
            validFromDate: s.today,
          },
          en,
        ),
      { field: 'apPrice', msg: expect.stringMatching(/: The amount cannot be negative$/) },
    );
    for (const [rate, msg] of [
      ['-4.9', expect.stringMatching(/: The rate cannot be negative$/)],
      ['0', 'The exchange rate must be greater than 0'],
    ])
      await s.refused(
        'bas_currate',
        () =>
          s.admin.post(
            '/bas/currate/add',
            { srcCurrencyId: rmb, destCurrencyId: thb, rate, effectiveDate: s.today },
            en,
          ),
        { field: 'rate', msg },
      );
    await s.refused(
      'bas_insurance',
      () => s.admin.post('/bas/insurance/add', { insuranceName: 'X', insuranceRate: '150', currency: 'RMB' }, en),
      { field: 'insuranceRate', msg: 'The insurance rate is a percentage from 0 to 100 with at most 4 decimals' },
    );
    await s.refused(
      'bas_insurance',
      () => s.admin.post('/bas/insurance/add', { insuranceName: 'X', insuranceRate: '0.3', minPremium: '-20' }, en),
      { field: 'minPremium', msg: expect.stringMatching(/: The amount cannot be negative$/) },
    );
    await s.refused(
      'bas_vehicle',
      () =>
        s.admin.post('/bas/vehicle/add', { plateNo: '粤B54321', country: 'CN', vehicleType: '4', capacityKg: -1 }, en),
      { field: 'capacityKg', msg: expect.stringMatching(/ must be at least 0$/) },
    );
  });

  it('system: a sort order below 0 names the field, not its code', async () => {
    const res = await s.admin.post(
      '/system/post',
      { postCode: 'NEG', postName: '负数', postSort: -1, status: '0' },
      en,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'postSort', msg: 'Display order must be at least 0' });
  });
});
