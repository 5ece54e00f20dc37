import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { basInsurance, basMark, basPrice } from '../../bas/bas.table';
import { useBusSuite } from '../bus.test-utils';
import { busOrder } from './inware.table';
import { addOrder, getOrder, orderBody, orderLog } from './inware.test-utils';

const s = useBusSuite({ users: ['admin', 'service', 'finance'] });

const en = { 'accept-language': 'en' };
const setMark = (id: number, v: Partial<typeof basMark.$inferInsert>) =>
  s.t.db.update(basMark).set(v).where(eq(basMark.id, id));

describe('[ORDERS] pricing through the API (TH001 row: 660.00 /m³, 4.40 /kg, 300 kg/m³)', () => {
  // 250 kg and 1.235 m³ unless said otherwise
  it.each([
    ['1', 'by volume', {}, '815.10'],
    ['2', 'by weight', {}, '1100.00'],
    ['3', 'automatic (the larger)', {}, '1100.00'],
    ['4', 'by volumetric ratio: 250 kg under 1.235 × 300 -> by volume', {}, '815.10'],
    ['4', 'by volumetric ratio: 600 kg over 370.5 -> by weight', { cargoWeight: '600' }, '2640.00'],
    ['5', 'by overweight ratio: max(1.235, 600 / 300) m³', { cargoWeight: '600' }, '1320.00'],
    [
      '6',
      'minimum charge: 10 kg, 0.1 m³ -> 66.00 raised to 500.00',
      { cargoWeight: '10', cargoVolume: '0.1' },
      '500.00',
    ],
  ])('calPriceType %s %s', async (calPriceType, _label, overrides, freight) => {
    await setMark(s.ids.TH001, { calPriceType, minAmount: calPriceType === '6' ? '500' : '80' });
    const o = await addOrder(s.service, orderBody(s.ids, overrides));
    const d = await getOrder(s.admin, o.id);
    expect(d).toMatchObject({ calPriceType, feeFreightAr: freight, feeArAmount: freight, rmbAmount: freight });
  });

  it('bills a sub-mark to its agent at the agent price (feeAgentAp, agentArAmount)', async () => {
    // BK001 is AGBKK's sub-mark: AGBKK row 650 /m³, 4.30 /kg, agent 600 /m³, 4.00 /kg, automatic
    const o = await addOrder(s.admin, orderBody(s.ids, { markId: s.ids.BK001, feePickAr: '20' }));
    const d = await getOrder(s.admin, o.id);
    expect(d).toMatchObject({
      topMarkId: s.ids.AGBKK,
      isSubMark: '1',
      topMark: 'AGBKK',
      feeFreightAr: '1075.00',
      feeAgentAp: '1000.00',
      feeArAmount: '1095.00',
      agentArAmount: '1020.00',
    });
  });

  it('adds insurance (declared value × rate %, at least the minimum) and the typed fees', async () => {
    await setMark(s.ids.TH001, { calPriceType: '3', minAmount: '80' });
    const [ins] = await s.t.db
      .insert(basInsurance)
      .values({ insuranceName: '货运险', insuranceRate: '0.300000', minPremium: '20.00' })
      .returning({ id: basInsurance.id });
    const o = await addOrder(
      s.admin,
      orderBody(s.ids, {
        declaredValue: '10000',
        insuranceId: ins!.id,
        feePickAr: '50',
        feeWoodenAr: '80.5',
        woodenFrame: '1',
      }),
    );
    expect(await getOrder(s.admin, o.id)).toMatchObject({ feeInsuranceAr: '30.00', feeArAmount: '1260.50' });
    const small = await addOrder(s.admin, orderBody(s.ids, { declaredValue: '100', insuranceId: ins!.id }));
    expect(await getOrder(s.admin, small.id)).toMatchObject({ feeInsuranceAr: '20.00', feeArAmount: '1120.00' });
  });

  it('keeps a THB price in baht with its RMB amount at the saved rate', async () => {
    const [p] = await s.t.db
      .insert(basPrice)
      .values({
        markId: s.ids.TH002,
        busType: 'SEA',
        leftAddrId: s.ids.gz,
        destAddrId: s.ids.bkk,
        cargoType: '1',
        currency: 'THB',
        volumePrice: '3000.00',
        weightPrice: '20.00',
        validFromDate: '2000-01-01',
        validToDate: '2999-12-31',
      })
      .returning({ id: basPrice.id });
    // TH002: by volume; 1.235 × 3000 = 3705.00 THB; THB -> RMB 0.206200
    const o = await addOrder(s.admin, orderBody(s.ids, { markId: s.ids.TH002, busType: 'SEA' }));
    expect(await getOrder(s.admin, o.id)).toMatchObject({
      priceId: p!.id,
      currency: 'THB',
      feeFreightAr: '3705.00',
      currencyRate: '0.206200',
      rmbAmount: '763.97',
    });
  });

  it('without a valid price the freight is 0 until typed by hand (fee role)', async () => {
    const none = await addOrder(s.admin, orderBody(s.ids, { destAddrId: s.ids.cnx, cargoType: '4' }));
    expect(await getOrder(s.admin, none.id)).toMatchObject({ priceId: null, feeFreightAr: '0.00', missing: [] });
    const manual = await addOrder(
      s.admin,
      orderBody(s.ids, {
        destAddrId: s.ids.cnx,
        cargoType: '4',
        freightManual: '1',
        feeFreightAr: '1500',
        feeOtherAr: '12.34',
      }),
    );
    expect(await getOrder(s.admin, manual.id)).toMatchObject({
      freightManual: '1',
      feeFreightAr: '1500.00',
      feeArAmount: '1512.34',
    });
  });
});

describe('[ORDERS] fetch price and recalculate (A27)', () => {
  it('previews the price for the form values; without the fee role only whether a price was found', async () => {
    const body = {
      order: {
        markId: s.ids.TH001,
        busType: 'EK',
        leftAddrId: s.ids.gz,
        destAddrId: s.ids.bkk,
        cargoType: '1',
        cargoWeight: '250',
        cargoVolume: '1.235',
      },
    };
    const a = (await s.admin.post('/bus/inware/reGetPrice', body)).json().data;
    expect(a).toMatchObject({
      found: true,
      scope: 'mark',
      feeFreightAr: '1100.00',
      price: { volumePrice: '660.00', freight: { basis: 'weight', quantity: '250.00' } },
    });
    const sres = await s.service.post('/bus/inware/reGetPrice', body);
    expect(sres.statusCode, sres.body).toBe(200);
    expect(sres.json().data).toEqual({
      found: true,
      isOverdue: false,
      scope: 'mark',
      noPrice: false,
      isSubMark: '0',
      topMark: null,
      calPriceType: '3',
      currency: 'RMB',
    });
    const none = (await s.admin.post('/bus/inware/reGetPrice', { order: { ...body.order, cargoType: '4' } })).json()
      .data;
    expect(none).toMatchObject({ found: false, noPrice: true, price: null, feeFreightAr: '0.00' });
  });

  it('fetches the price again for saved orders (fee role), logs it, and refuses audited orders', async () => {
    const o = await addOrder(s.admin, orderBody(s.ids));
    await s.t.db.update(basPrice).set({ weightPrice: '5.00' }).where(eq(basPrice.markId, s.ids.TH001));
    expect((await s.service.post('/bus/inware/reGetPrice', { ids: [o.id] })).statusCode).toBe(403);
    const r = await s.admin.post('/bus/inware/reGetPrice', { ids: [o.id] }, en);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ msg: 'Price fetched for 1 order', data: { updated: 1, noPrice: [] } });
    expect(await getOrder(s.admin, o.id)).toMatchObject({ weightPrice: '5.00', feeFreightAr: '1250.00' });
    expect((await orderLog(s.admin, o.id)).at(-1)).toMatchObject({ action: 'fetchPrice' });
    await s.t.db.update(busOrder).set({ auditStatus: 2 }).where(eq(busOrder.id, o.id));
    const audited = await s.admin.post('/bus/inware/reGetPrice', { ids: [o.id] }, en);
    expect(audited.statusCode).toBe(409);
    expect(audited.json().msg).toBe('Not approved or already approved, please reselect');
    expect((await s.admin.post(`/bus/inware/reCal/${o.id}`, {}, en)).statusCode).toBe(409);
  });

  it('reports the orders without a valid price and leaves their fees alone', async () => {
    const o = await addOrder(s.admin, orderBody(s.ids, { destAddrId: s.ids.cnx, cargoType: '4' }));
    const r = await s.admin.post('/bus/inware/reGetPrice', { ids: [o.id] }, en);
    expect(r.json()).toMatchObject({
      msg: `No valid price for: ${o.transportId}`,
      data: { updated: 0, noPrice: [o.transportId] },
    });
  });

  it('recalculates on the saved prices after the figures change', async () => {
    const o = await addOrder(s.admin, orderBody(s.ids));
    await s.t.db.update(busOrder).set({ cargoWeight: '300.00' }).where(eq(busOrder.id, o.id));
    const r = await s.finance.post(`/bus/inware/reCal/${o.id}`, {});
    expect(r.statusCode, r.body).toBe(200);
    expect(await getOrder(s.admin, o.id)).toMatchObject({ feeFreightAr: '1500.00' });
    expect((await orderLog(s.admin, o.id)).at(-1)).toMatchObject({
      action: 'recalculate',
      changes: expect.arrayContaining([expect.objectContaining({ field: 'feeFreightAr', after: '1500.00' })]),
    });
    expect((await s.service.post(`/bus/inware/reCal/${o.id}`, {})).statusCode).toBe(403);
  });
});

describe('[ORDERS] credit limit warning (DOMAIN §6)', () => {
  it('warns (never blocks) when the open balance exceeds the limit; amounts only for the fee role', async () => {
    await setMark(s.ids.TH001, { credtLimit: '1000.00' });
    const first = await addOrder(s.admin, orderBody(s.ids, { status: 1 }));
    expect(first.warning).toMatchObject({ messageKey: 'msg_credit_exceeded', credtLimit: '1000.00' });
    const res = await s.service.post('/bus/inware/add', orderBody(s.ids, { status: 1 }), en);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.warning).toEqual({
      messageKey: 'msg_credit_exceeded_plain',
      message: "This customer's open balance exceeds its credit limit",
    });
    const address = (await s.admin.post(`/bus/inware/asynAddress/${s.ids.TH001}`, {})).json().data;
    expect(address.credit.exceeded).toBe(true);
    expect(Number(address.credit.openBalance)).toBeGreaterThan(1000);
    expect(address.defaultAddress).toMatchObject({ contact: 'Khun Prasert', isDefault: '1' });
    expect(address.addresses).toHaveLength(2);
    const plain = (await s.service.post(`/bus/inware/asynAddress/${s.ids.TH001}`, {})).json().data;
    expect(plain.credit).toEqual({ exceeded: true });
    await setMark(s.ids.TH001, { credtLimit: null });
    expect((await addOrder(s.admin, orderBody(s.ids))).warning).toBeUndefined();
  });

  it('asynAddress is 404 for a mark outside the scope', async () => {
    const sales2 = await s.t.login('sales2');
    expect((await sales2.post(`/bus/inware/asynAddress/${s.ids.TH001}`, {})).statusCode).toBe(404);
    expect((await sales2.post(`/bus/inware/asynAddress/${s.ids.YW101}`, {})).statusCode).toBe(200);
  });
});
