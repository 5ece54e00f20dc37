import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useBusSuite } from '../bus.test-utils';
import { busCargo } from '../cargo/cargo.table';
import { busOrderLog } from '../order-log/order-log.table';
import { addOrder, getOrder, orderBody, orderLog, setOrderStatus, twoLineReceipt } from './inware.test-utils';

const s = useBusSuite({ users: ['admin', 'service', 'sales', 'sales2', 'dispatcher', 'driver'] });

const en = { 'accept-language': 'en' };

describe('[ORDERS] numbers', () => {
  it('getNo issues waybill numbers TH+yyMMdd+5 digits and receipt numbers WR+yyMMdd+5 digits', async () => {
    const a = (await s.service.post('/bus/inware/getNo', {})).json().data;
    expect(a.transportId).toMatch(/^TH\d{6}\d{5}$/);
    const b = (await s.service.post('/bus/inware/getNo', { destAddrId: s.ids.bkk })).json().data;
    expect(Number(b.no.slice(8))).toBe(Number(a.no.slice(8)) + 1);
    const r = (await s.dispatcher.post('/bus/inware/getNo', { type: 'receivingNo' })).json().data;
    expect(r.receivingNo).toMatch(/^WR\d{11}$/);
    expect((await s.driver.post('/bus/inware/getNo', {})).statusCode).toBe(403);
  });

  it('getNo stays unique under 50 parallel calls', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => s.service.post('/bus/inware/getNo', {})));
    const numbers = results.map((r) => r.json().data.transportId as string);
    expect(new Set(numbers).size).toBe(50);
  });

  it('accepts a number from getNo on add and refuses a number already used', async () => {
    const no = (await s.service.post('/bus/inware/getNo', {})).json().data.transportId;
    const o = await addOrder(s.service, orderBody(s.ids, { transportId: no }));
    expect(o.transportId).toBe(no);
    const again = await s.service.post('/bus/inware/add', orderBody(s.ids, { transportId: no }), en);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toContain(no);
  });
});

describe('[ORDERS] entry (A1, A2, A8)', () => {
  it('saves a staged order with three cargo lines: totals from the lines, freight computed, log row', async () => {
    const o = await addOrder(
      s.admin,
      orderBody(s.ids, {
        cargoPiece: 0,
        cargoWeight: '',
        cargoVolume: '',
        cargoLines: [
          { piece: 2, cargoLength: '50', cargoWidth: '40', cargoHight: '30', weight: '24.5' },
          { piece: 1, cargoLength: '120', cargoWidth: '80', cargoHight: '100', weight: '60', totalCount: 12 },
          { piece: 3, volume: '0.05', weight: '15.5' },
        ],
      }),
    );
    expect(o.status).toBe(0);
    const d = await getOrder(s.admin, o.id);
    expect(d).toMatchObject({
      cargoPiece: 6,
      cargoWeight: '100.00',
      cargoVolume: '1.130',
      mark: 'TH001',
      markName: '泰华家居',
      destAddrName: '曼谷',
    });
    // TH001: automatic (larger of 1.130 m³ × 660 = 745.80 and 100 kg × 4.40 = 440.00), minimum 80
    expect(d).toMatchObject({
      feeFreightAr: '745.80',
      feeArAmount: '745.80',
      rmbAmount: '745.80',
      currency: 'RMB',
      priceId: expect.any(Number),
    });
    expect(d.cargoLines.map((l) => [l.piece, l.volume, l.size])).toEqual([
      [2, '0.120', '50×40×30'],
      [1, '0.960', '120×80×100'],
      [3, '0.050', ''],
    ]);
    expect((await orderLog(s.admin, o.id)).map((l) => [l.action, l.fromStatus, l.toStatus])).toEqual([
      ['save', null, 0],
    ]);
  });

  it('never sends fees to a user without the fee role, and refuses fees they send (issue 11)', async () => {
    const sent = await s.service.post('/bus/inware/add', orderBody(s.ids, { feePickAr: '999', feeFreightAr: '1' }), en);
    expect(sent.statusCode).toBe(403);
    expect(sent.json()).toMatchObject({ errorCode: 'FORBIDDEN', field: 'feePickAr' });
    // the manual-freight flag without an amount is no fee: ignored for them
    const o = await addOrder(s.service, orderBody(s.ids, { freightManual: '1' }));
    const d = await getOrder(s.service, o.id);
    for (const k of [
      'feeFreightAr',
      'feeArAmount',
      'feePickAr',
      'rmbAmount',
      'volumePrice',
      'minAmount',
      'currencyRate',
    ])
      expect(d).not.toHaveProperty(k);
    const full = await getOrder(s.admin, o.id);
    expect(full).toMatchObject({ feePickAr: '0.00', freightManual: '0', feeFreightAr: '1100.00' });
    const seen = await getOrder(s.dispatcher, o.id);
    expect(seen).not.toHaveProperty('feeArAmount');
  });

  it('a staged save needs mark, mode and destination; confirming needs every starred field', async () => {
    const r = await s.service.post('/bus/inware/add', { busType: 'EK' }, en);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ errorCode: 'VALIDATION', field: 'markId' });
    const c = await s.service.post(
      '/bus/inware/add',
      { markId: s.ids.TH001, busType: 'EK', destAddrId: s.ids.bkk, status: 1 },
      en,
    );
    expect(c.statusCode).toBe(400);
    expect(c.json().field).toBe('leftAddrId');
    expect((await s.service.post('/bus/inware/add', orderBody(s.ids, { status: 1 }))).statusCode).toBe(200);
  });

  it('validates phones and express numbers with the spec messages in the caller language', async () => {
    const phone = await s.service.post('/bus/inware/add', orderBody(s.ids, { consigneeTel: '12345' }), en);
    expect(phone.statusCode).toBe(400);
    expect(phone.json().field).toBe('consigneeTel');
    const express = await s.service.post(
      '/bus/inware/add',
      orderBody(s.ids, { expressNo: 'SF100000001，SF100000002' }),
      en,
    );
    expect(express.json().msg).toBe('Separate several numbers with English commas');
    const th = await s.service.post('/bus/inware/add', orderBody(s.ids, { expressNo: 'SF1 SF2' }), {
      'accept-language': 'th',
    });
    expect(th.json().msg).toContain('จุลภาค');
    const o = await addOrder(s.service, orderBody(s.ids, { expressNo: ' sf200000001, sf200000002\nSF200000003 ' }));
    expect((await getOrder(s.service, o.id)).expressNo).toBe('SF200000001,SF200000002,SF200000003');
  });

  it('refuses a mark outside the caller scope, an unknown field and a caller without the key', async () => {
    const other = await s.sales2.post('/bus/inware/add', orderBody(s.ids), en);
    expect(other.statusCode).toBe(400);
    expect(other.json().field).toBe('markId');
    expect(
      (await s.sales2.post('/bus/inware/add', orderBody(s.ids, { markId: s.ids.YW101, leftAddrId: s.ids.yw })))
        .statusCode,
    ).toBe(200);
    const unknown = await s.service.post('/bus/inware/add', { ...orderBody(s.ids), status2: 1 });
    expect(unknown.statusCode).toBe(400);
    expect((await s.driver.post('/bus/inware/add', orderBody(s.ids))).statusCode).toBe(403);
    // dispatcher may register no-mark cargo but not enter orders
    expect((await s.dispatcher.post('/bus/inware/add', orderBody(s.ids))).statusCode).toBe(403);
  });

  it('registers no-mark cargo straight into the warehouse (A8) with its receipt, origin from the warehouse', async () => {
    const m9 = await s.dispatcher.post(
      '/bus/inware/add',
      { status: 2, arrivedHouseId: s.ids.whGz, arrivedPiece: 2, arrivedWeight: '12' },
      en,
    );
    expect(m9.statusCode).toBe(400);
    expect(m9.json().msg).toBe('Enter the warehouse receipt number');
    const o = await addOrder(s.dispatcher, {
      status: 2,
      receivingNo: 'WR-T-0001',
      arrivedHouseId: s.ids.whGz,
      arrivedPiece: 2,
      arrivedWeight: '12.5',
      arrivedVolume: '0.2',
      expressCorp: 'ZTO',
      expressNo: 'ZT300000001',
      shipper: '义乌小商品',
      shipperTel: '13857912345',
      cargoName: '玩具',
    });
    const d = await getOrder(s.dispatcher, o.id);
    expect(d).toMatchObject({
      status: 2,
      markId: null,
      receivingNo: 'WR-T-0001',
      arrivedPiece: 2,
      arrivedWeight: '12.50',
      arrivedVolume: '0.200',
      leftAddrId: s.ids.gz,
    });
    expect(d.cargoLines).toEqual([
      expect.objectContaining({ receivingNo: 'WR-T-0001', piece: 2, weight: '12.50', volume: '0.200' }),
    ]);
    expect((await orderLog(s.dispatcher, o.id)).map((l) => l.action)).toEqual(['registerNoMark']);
    // every order user sees cargo without a mark
    expect((await s.sales2.get(`/bus/inware/${o.id}`)).statusCode).toBe(200);
  });
});

describe('[ORDERS] edit (orderEdit, optimistic version)', () => {
  it('edits with the version read, logs before and after, and refuses a stale version', async () => {
    const o = await addOrder(
      s.service,
      orderBody(s.ids, {
        cargoLines: [
          { piece: 1, cargoLength: '100', cargoWidth: '100', cargoHight: '100' },
          { piece: 2, volume: '0.5' },
        ],
      }),
    );
    const d = await getOrder(s.service, o.id);
    const lines = d.cargoLines.map(({ id, piece, cargoLength, cargoWidth, cargoHight, volume }) => ({
      id,
      piece,
      cargoLength,
      cargoWidth,
      cargoHight,
      volume,
    }));
    const body = {
      ...orderBody(s.ids),
      id: o.id,
      version: d.version,
      consignee: 'Khun Malee',
      cargoLines: [lines[0], { piece: 4, volume: '0.25' }],
    };
    const r = await s.service.post('/bus/inware/edit', body);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.version).toBe(d.version + 1);
    const after = await getOrder(s.admin, o.id);
    expect(after).toMatchObject({ consignee: 'Khun Malee', cargoPiece: 5, cargoVolume: '1.250' });
    expect(after.cargoLines).toHaveLength(2);
    const log = (await orderLog(s.service, o.id)).at(-1)!;
    expect(log.action).toBe('edit');
    expect(log.changes).toEqual(
      expect.arrayContaining([
        { field: 'consignee', before: 'Khun Prasert', after: 'Khun Malee' },
        { field: 'cargoVolume', before: '1.500', after: '1.250' },
      ]),
    );
    const stale = await s.service.post('/bus/inware/edit', body, en);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errorCode: 'CHANGED_RELOAD', msg: 'Changed by someone else, please reload' });
  });

  it('refuses to edit once the order is load planned, and a confirmed order must stay complete', async () => {
    const o = await addOrder(s.service, orderBody(s.ids, { status: 1 }));
    const incomplete = await s.service.post(
      '/bus/inware/edit',
      { ...orderBody(s.ids), id: o.id, version: 0, consignee: '' },
      en,
    );
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().msg).toContain('Consignee');
    await setOrderStatus(s.t, o.id, 3);
    const planned = await s.service.post('/bus/inware/edit', { ...orderBody(s.ids), id: o.id, version: 0 }, en);
    expect(planned.statusCode).toBe(409);
    expect(planned.json().errorCode).toBe('WRONG_STATE');
  });

  it('deletes a saved declared line (cargo/delete) and recomputes the totals; refused after receipt', async () => {
    const o = await addOrder(
      s.service,
      orderBody(s.ids, {
        cargoLines: [
          { piece: 2, weight: '10', volume: '0.2' },
          { piece: 3, weight: '30', volume: '0.3' },
        ],
      }),
    );
    const d = await getOrder(s.service, o.id);
    const r = await s.service.post(`/bus/cargo/delete/${d.cargoLines[1]!.id}`, {});
    expect(r.statusCode, r.body).toBe(200);
    expect(await getOrder(s.admin, o.id)).toMatchObject({
      cargoPiece: 2,
      cargoWeight: '10.00',
      cargoVolume: '0.200',
      feeFreightAr: '132.00',
    });
    expect((await orderLog(s.service, o.id)).at(-1)!.action).toBe('deleteCargoLine');
    await setOrderStatus(s.t, o.id, 2);
    expect((await s.service.post(`/bus/cargo/delete/${d.cargoLines[0]!.id}`, {})).statusCode).toBe(409);
    expect((await s.service.post('/bus/cargo/delete/999999', {})).statusCode).toBe(404);
    expect((await s.driver.post(`/bus/cargo/delete/${d.cargoLines[0]!.id}`, {})).statusCode).toBe(403);
  });
});

describe('[ORDERS] status actions 0-2 (A2, A3, A4, A7)', () => {
  it('confirms S0, returns S1 to staged, each with its log row; wrong states are refused with the spec message', async () => {
    const o = await addOrder(s.service, orderBody(s.ids));
    const c = await s.service.post(`/bus/inware/status/${o.id}`, { status: 1 });
    expect(c.statusCode, c.body).toBe(200);
    const again = await s.service.post(`/bus/inware/status/${o.id}`, { status: 1 }, en);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('Not staged or already confirmed, please reselect');
    expect((await s.service.post(`/bus/inware/status/${o.id}`, { status: 0 })).statusCode).toBe(200);
    const back = await s.service.post(`/bus/inware/status/${o.id}`, { status: 0 }, en);
    expect(back.statusCode).toBe(409);
    expect(back.json().errorCode).toBe('WRONG_STATE');
    expect((await orderLog(s.service, o.id)).map((l) => [l.action, l.fromStatus, l.toStatus])).toEqual([
      ['save', null, 0],
      ['confirm', 0, 1],
      ['backToStaged', 1, 0],
    ]);
  });

  it('applies a batch all or nothing', async () => {
    const a = await addOrder(s.service, orderBody(s.ids));
    const b = await addOrder(s.service, orderBody(s.ids, { status: 1 }));
    const r = await s.service.post(`/bus/inware/status/${a.id},${b.id}`, { status: 1 });
    expect(r.statusCode).toBe(409);
    expect(r.json().msg).toBeTruthy();
    expect((await getOrder(s.service, a.id)).status).toBe(0);
    const c = await addOrder(s.service, orderBody(s.ids));
    expect((await s.service.post(`/bus/inware/status/${a.id},${c.id}`, { status: 1 })).statusCode).toBe(200);
    expect((await getOrder(s.service, c.id)).status).toBe(1);
  });

  it('refuses to confirm an incomplete staged order, naming what is missing', async () => {
    const o = await addOrder(s.service, { markId: s.ids.TH001, busType: 'EK', destAddrId: s.ids.bkk });
    const r = await s.service.post(`/bus/inware/status/${o.id}`, { status: 1 }, en);
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toContain(o.transportId);
    expect(r.json().msg).toContain('Origin');
  });

  it('two confirms of the same order at once: exactly one wins, the other is told to reload', async () => {
    const o = await addOrder(s.service, orderBody(s.ids));
    const [x, y] = await Promise.all([
      s.service.post(`/bus/inware/status/${o.id}`, { status: 1, versions: [0] }, en),
      s.admin.post(`/bus/inware/status/${o.id}`, { status: 1, versions: [0] }, en),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const loser = x.statusCode === 409 ? x : y;
    expect(['CHANGED_RELOAD', 'WRONG_STATE']).toContain(loser.json().errorCode);
    const rows = await s.t.db.select().from(busOrderLog).where(eq(busOrderLog.orderId, o.id));
    expect(rows.filter((r) => r.action === 'confirm')).toHaveLength(1);
  });

  it('deletes staged orders only; the log keeps the waybill number', async () => {
    const a = await addOrder(s.service, orderBody(s.ids));
    const b = await addOrder(s.service, orderBody(s.ids, { status: 1 }));
    const refused = await s.service.post(`/bus/inware/delete/${b.id}`, {}, en);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('Not staged, please reselect');
    expect((await s.service.post(`/bus/inware/delete/${a.id}`, {})).statusCode).toBe(200);
    expect((await s.service.get(`/bus/inware/${a.id}`)).statusCode).toBe(404);
    expect(await s.t.db.select().from(busCargo).where(eq(busCargo.orderId, a.id))).toEqual([]);
    const log = await s.t.db.select().from(busOrderLog).where(eq(busOrderLog.orderId, a.id));
    expect(log.map((l) => [l.action, l.transportId])).toContainEqual(['delete', a.transportId]);
    expect((await s.service.post('/bus/inware/delete/99999999', {})).statusCode).toBe(404);
    expect((await s.dispatcher.post(`/bus/inware/delete/${b.id}`, {})).statusCode).toBe(403);
  });
});

describe('[ORDERS] receipt into the origin warehouse (A5, A6, A7)', () => {
  it('receives S1 with measured lines: measured figures replace declared ones, fees re-priced, old -> new shown to the fee role', async () => {
    const o = await addOrder(s.service, orderBody(s.ids, { status: 1, cargoWeight: '20', cargoVolume: '0.1' }));
    const m9 = await s.dispatcher.post(
      '/bus/inware/arrived/update',
      { id: o.id, receivingNo: '', arrivedHouseId: s.ids.whGz, arrivedPiece: 3, arrivedWeight: '300' },
      en,
    );
    expect(m9.statusCode).toBe(400);
    expect(m9.json().msg).toBe('Enter the warehouse receipt number');
    const r = await s.admin.post('/bus/inware/arrived/update', twoLineReceipt(s.ids, o.id, 'WR-A-1'));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({
      status: 2,
      arrivedPiece: 3,
      arrivedWeight: '300.00',
      arrivedVolume: '0.620',
      feesBefore: { feeFreightAr: '88.00' },
      feesAfter: { feeFreightAr: '1320.00' },
    });
    const d = await getOrder(s.dispatcher, o.id);
    expect(d).toMatchObject({ status: 2, receivingNo: 'WR-A-1', trayNo: 'A-01', cargoWeight: '20.00' });
    expect(d).not.toHaveProperty('feeFreightAr');
    // re-measure the same receipt: replaced; a second receipt: added
    await s.dispatcher.post('/bus/inware/arrived/update', {
      id: o.id,
      receivingNo: 'WR-A-1',
      arrivedHouseId: s.ids.whGz,
      arrivedPiece: 3,
      arrivedWeight: '310',
      arrivedVolume: '0.7',
    });
    const r2 = await s.dispatcher.post('/bus/inware/arrived/update', {
      id: o.id,
      receivingNo: 'WR-A-2',
      arrivedHouseId: s.ids.whGz,
      arrivedPiece: 1,
      arrivedWeight: '40',
      arrivedVolume: '0.1',
    });
    expect(r2.json().data).toMatchObject({ arrivedPiece: 4, arrivedWeight: '350.00', arrivedVolume: '0.800' });
    expect((await getOrder(s.dispatcher, o.id)).receivingNo).toBe('WR-A-1,WR-A-2');
    expect((await orderLog(s.dispatcher, o.id)).map((l) => l.action)).toEqual([
      'confirm',
      'submitToWarehouse',
      'remeasure',
      'remeasure',
    ]);
  });

  it('receives straight from S0 (Q22), raises a problem item when damaged, and cancels the receipt back to S1', async () => {
    const o = await addOrder(s.service, orderBody(s.ids));
    const r = await s.dispatcher.post('/bus/inware/arrived/update', {
      id: o.id,
      receivingNo: 'WR-B-1',
      arrivedHouseId: s.ids.whGz,
      arrivedPiece: 2,
      arrivedWeight: '240',
      arrivedVolume: '1.2',
      exceptionType: '2',
      exceptionDesc: '一箱破损',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.pieceDiffers).toBe(true);
    expect(await getOrder(s.dispatcher, o.id)).toMatchObject({
      status: 2,
      ifException: 1,
      exceptionType: '2',
      exceptionStatus: 0,
    });
    expect((await orderLog(s.dispatcher, o.id)).map((l) => [l.action, l.fromStatus, l.toStatus])).toEqual([
      ['save', null, 0],
      ['submitToWarehouse', 0, 2],
      ['raiseException', 2, 2],
    ]);
    const cancel = await s.dispatcher.post(`/bus/inware/status/${o.id}`, { status: 1 });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const d = await getOrder(s.admin, o.id);
    expect(d).toMatchObject({ status: 1, arrivedPiece: null, receivingNo: '', feeFreightAr: '1100.00' });
    expect(d.cargoLines).toEqual([]);
    expect((await orderLog(s.admin, o.id)).at(-1)).toMatchObject({
      action: 'cancelReceipt',
      fromStatus: 2,
      toStatus: 1,
    });
  });

  it('refuses a receipt for a planned order, the wrong key, and a stale version', async () => {
    const o = await addOrder(s.service, orderBody(s.ids, { status: 1 }));
    const body = { id: o.id, receivingNo: 'WR-C-1', arrivedHouseId: s.ids.whGz, arrivedPiece: 1, arrivedWeight: '1' };
    expect((await s.service.post('/bus/inware/arrived/update', body)).statusCode).toBe(403);
    expect((await s.dispatcher.post('/bus/inware/arrived/update', { ...body, version: 5 })).statusCode).toBe(409);
    await setOrderStatus(s.t, o.id, 3);
    const planned = await s.dispatcher.post('/bus/inware/arrived/update', body, en);
    expect(planned.statusCode).toBe(409);
    expect(planned.json().errorCode).toBe('WRONG_STATE');
  });
});

describe('[ORDERS] data scope', () => {
  it('sales sees the orders of their own marks only: other ids are 404 for reads and actions', async () => {
    const mine = await addOrder(s.sales, orderBody(s.ids));
    const theirs = await addOrder(s.sales2, orderBody(s.ids, { markId: s.ids.CM888 }));
    expect((await s.sales2.get(`/bus/inware/${mine.id}`)).statusCode).toBe(404);
    expect((await s.sales2.post(`/bus/inware/status/${mine.id}`, { status: 1 })).statusCode).toBe(404);
    expect((await s.sales2.get(`/bus/busOrderLog/list?orderId=${mine.id}`)).statusCode).toBe(404);
    expect((await s.sales.get(`/bus/inware/${theirs.id}`)).statusCode).toBe(404);
    // the service user serves both marks (TH001 and CM888)
    expect((await s.service.get(`/bus/inware/${theirs.id}`)).statusCode).toBe(200);
    const list = (await s.sales2.get('/bus/inware/list?view=unOrder&pageSize=500')).json();
    expect(list.rows.some((r: { id: number }) => r.id === mine.id)).toBe(false);
    expect(list.rows.some((r: { id: number }) => r.id === theirs.id)).toBe(true);
  });
});
