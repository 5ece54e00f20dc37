import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/build-test-app';
import { basPrice } from '../../bas/bas.table';
import { busOrder } from './inware.table';
import { addOrder, getOrder, orderBody, orderLog, refIds, type TRefIds } from './inware.test-utils';

let t: TestApp;
let ids: TRefIds;
let admin: TestClient;
let service: TestClient;
let sales: TestClient;
let sales2: TestClient;
let dispatcher: TestClient;
let finance: TestClient;
const o: Record<string, { id: number; transportId: string }> = {};

const en = { 'accept-language': 'en' };
const setStatus = (id: number, status: number, extra: Partial<typeof busOrder.$inferInsert> = {}) =>
  t.db
    .update(busOrder)
    .set({ status, ...extra })
    .where(eq(busOrder.id, id));
const rowIds = (res: { json(): { rows: { id: number }[] } }) => res.json().rows.map((r) => r.id);

beforeAll(async () => {
  t = await createTestApp();
  ids = await refIds(t);
  [admin, service, sales, sales2, dispatcher, finance] = await Promise.all(
    ['admin', 'service', 'sales', 'sales2', 'dispatcher', 'finance'].map((u) => t.login(u)),
  );
  o.staged = await addOrder(
    sales,
    orderBody(ids, { expressNo: 'SF500000001,SF500000002,SF500000003', businessNo: 'PO-1' }),
  );
  o.confirmed = await addOrder(sales, orderBody(ids, { status: 1, consignee: 'Khun Anan', expressNo: 'YT500000009' }));
  o.inStock = await addOrder(sales, orderBody(ids, { status: 1 }));
  await dispatcher.post('/bus/inware/arrived/update', {
    id: o.inStock.id,
    receivingNo: 'WR-L-1',
    arrivedHouseId: ids.whGz,
    arrivedPiece: 3,
    arrivedWeight: '260',
    arrivedVolume: '1.3',
  });
  o.otherSales = await addOrder(sales2, orderBody(ids, { markId: ids.YW101, leftAddrId: ids.yw }));
  o.noMark = await addOrder(dispatcher, {
    status: 2,
    receivingNo: 'WR-L-NM',
    arrivedHouseId: ids.whGz,
    arrivedPiece: 1,
    arrivedWeight: '15',
    arrivedVolume: '0.12',
    expressNo: 'ZT500000077',
    cargoName: '玩具',
  });
  o.arrived = await addOrder(sales, orderBody(ids, { status: 1 }));
  await setStatus(o.arrived.id, 6, {
    arrivedPiece: 3,
    arrivedWeight: '250',
    arrivedVolume: '1.235',
    containerNo: 'MSKU1234565',
  });
});
afterAll(async () => t.close());

describe('[ORDERS] lists by screen', () => {
  it('unOrder lists S0/S1, inOrder its tabs, noMarkOrder the cargo without a mark', async () => {
    const un = rowIds(await admin.get('/bus/inware/list?view=unOrder&pageSize=100'));
    expect(un).toEqual(expect.arrayContaining([o.staged!.id, o.confirmed!.id]));
    expect(un).not.toContain(o.inStock!.id);
    const stock = rowIds(await admin.get('/bus/inware/list?view=inOrder'));
    expect(stock).toEqual([o.inStock!.id]);
    const awaiting = rowIds(await admin.get('/bus/inware/list?view=inOrder&tab=awaiting&pageSize=100'));
    expect(awaiting).toContain(o.confirmed!.id);
    const received = rowIds(await admin.get('/bus/inware/list?view=inOrder&tab=received&pageSize=100'));
    expect(received).toEqual(expect.arrayContaining([o.inStock!.id, o.noMark!.id, o.arrived!.id]));
    expect(rowIds(await admin.get('/bus/inware/list?view=noMarkOrder'))).toEqual([o.noMark!.id]);
  });

  it('answers totals over the whole filtered set (sums), fee sums only for the fee role', async () => {
    const a = (await admin.get('/bus/inware/list?view=unOrder&mark=TH001&pageSize=1')).json();
    expect(a.rows).toHaveLength(1);
    expect(a.total).toBe(2);
    expect(a.sums).toMatchObject({
      cargoPiece: 6,
      cargoWeight: '500.00',
      cargoVolume: '2.470',
      feeArAmount: '2200.00',
    });
    const d = (await dispatcher.get('/bus/inware/list?view=inOrder')).json();
    expect(d.sums).toMatchObject({ arrivedPiece: 3, arrivedWeight: '260.00' });
    expect(d.sums).not.toHaveProperty('feeArAmount');
    expect(d.rows[0]).not.toHaveProperty('feeFreightAr');
  });

  it('orderList needs a search condition (M8) and finds an order by one of its express numbers', async () => {
    const m8 = await admin.get('/bus/inware/list?view=orderList', en);
    expect(m8.statusCode).toBe(400);
    expect(m8.json().msg).toBe('Enter at least one search condition');
    expect(rowIds(await admin.get('/bus/inware/list?view=orderList&expressNo=sf500000002'))).toEqual([o.staged!.id]);
    expect(
      rowIds(await admin.post('/bus/inware/list', { view: 'orderList', expressNo: 'SF500000003,YT500000009' })).sort(),
    ).toEqual([o.staged!.id, o.confirmed!.id].sort());
    const wrong = await admin.get(
      `/bus/inware/list?view=orderList&expressNo=${encodeURIComponent('SF500000001，SF500000002')}`,
      en,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('Separate several numbers with English commas');
  });

  it('filters by waybills, marks, receipt, PO and container numbers, status, consignee and dates', async () => {
    const q = (s: string) => admin.get(`/bus/inware/list?view=orderList&pageSize=100&${s}`);
    expect(rowIds(await q(`transportId=${o.staged!.transportId},${o.confirmed!.transportId}`)).sort()).toEqual(
      [o.staged!.id, o.confirmed!.id].sort(),
    );
    expect(rowIds(await q('mark=YW101'))).toEqual([o.otherSales!.id]);
    expect(rowIds(await q('mark=th001,yw101')).length).toBe(5);
    expect(rowIds(await q('receivingNo=WR-L-1'))).toEqual([o.inStock!.id]);
    expect(rowIds(await q('businessNo=PO-1'))).toEqual([o.staged!.id]);
    expect(rowIds(await q('containerNo=MSKU1234565'))).toEqual([o.arrived!.id]);
    expect(rowIds(await q('status=6'))).toEqual([o.arrived!.id]);
    expect(rowIds(await q('consignee=anan'))).toEqual([o.confirmed!.id]);
    expect(rowIds(await q('noMark=1'))).toEqual([o.noMark!.id]);
    expect(rowIds(await q('params[beginTime]=2000-01-01')).length).toBe(6);
    expect(rowIds(await q('params[beginTime]=2000-01-01&params[endTime]=2000-01-02')).length).toBe(0);
    expect(rowIds(await q(`agent=AGYW`))).toEqual([o.otherSales!.id]);
    const sorted = (await q('mark=TH001&orderByColumn=transportId&isAsc=asc'))
      .json()
      .rows.map((r: { transportId: string }) => r.transportId);
    expect(sorted).toEqual([...sorted].sort());
    expect((await q('orderByColumn=password')).statusCode).toBe(400);
    expect((await q('unknownFilter=1')).statusCode).toBe(400);
  });

  it('arrivedAddOrder needs a number or a mark and lists what is missing', async () => {
    expect((await service.get('/bus/inware/list?view=arrivedAddOrder&consignee=x')).statusCode).toBe(400);
    const r = (await service.get('/bus/inware/list?view=arrivedAddOrder&receivingNo=WR-L-NM')).json();
    expect(r.rows.map((x: { id: number; missing: string[] }) => [x.id, x.missing])).toEqual([
      [o.noMark!.id, ['consignee', 'consigneeTel', 'consigneeAddr', 'busType', 'price']],
    ]);
    expect(rowIds(await service.get('/bus/inware/list?view=arrivedAddOrder&receivingNo=WR-L-1'))).toEqual([]);
    expect(
      rowIds(await service.get('/bus/inware/list?view=arrivedAddOrder&receivingNo=WR-L-1&incomplete=all')),
    ).toEqual([o.inStock!.id]);
  });

  it('each view needs its own key; deliveryfree also the fee role', async () => {
    expect((await dispatcher.get('/bus/inware/list?view=unOrder')).statusCode).toBe(403);
    expect((await service.get('/bus/inware/list?view=deliveryfree')).statusCode).toBe(403);
    expect((await sales.get('/bus/inware/list?view=noMarkOrder')).statusCode).toBe(403);
    const fee = (await finance.get('/bus/inware/list?view=deliveryfree')).json();
    expect(fee.rows.map((r: { id: number }) => r.id)).toEqual([o.arrived!.id]);
  });

  it('data scope: sales and sales2 see their own customers; cargo without a mark is seen by both', async () => {
    const mine = rowIds(await sales.get('/bus/inware/list?view=orderList&params[beginTime]=2000-01-01&pageSize=100'));
    expect(mine).not.toContain(o.otherSales!.id);
    expect(mine).toContain(o.noMark!.id);
    const theirs = rowIds(
      await sales2.get('/bus/inware/list?view=orderList&params[beginTime]=2000-01-01&pageSize=100'),
    );
    expect(theirs.sort()).toEqual([o.otherSales!.id, o.noMark!.id].sort());
  });

  it("a mark filter keeps the data scope: another sales person's mark finds nothing, alone or with an own mark", async () => {
    const q = (who: typeof sales, marks: string) =>
      who.get(`/bus/inware/list?view=orderList&pageSize=100&mark=${marks}`);
    expect(rowIds(await q(sales2, 'YW101'))).toEqual([o.otherSales!.id]);
    const alone = (await q(sales, 'YW101')).json();
    expect(alone.rows).toEqual([]);
    expect(alone.total).toBe(0);
    const both = rowIds(await q(sales, 'TH001,YW101'));
    expect(both.length).toBe(4);
    expect(both).not.toContain(o.otherSales!.id);
    expect(rowIds(await q(admin, 'TH001,YW101')).length).toBe(5);
    const unknown = (await q(admin, 'NOSUCHMARK')).json();
    expect([unknown.rows, unknown.total, unknown.sums.cargoWeight]).toEqual([[], 0, '0.00']);
  });

  it('sums cover the whole set on every page, and list timestamps are ISO strings like the details', async () => {
    const first = (await admin.get('/bus/inware/list?view=orderList&mark=TH001&pageSize=1')).json();
    const second = (await admin.get('/bus/inware/list?view=orderList&mark=TH001&pageSize=1&pageNum=2')).json();
    expect(second.total).toBe(first.total);
    expect(second.sums).toEqual(first.sums);
    const past = (await admin.get('/bus/inware/list?view=orderList&mark=TH001&pageSize=1&pageNum=99')).json();
    expect([past.rows, past.total, past.sums]).toEqual([[], first.total, first.sums]);
    // a deep page (offset over INLINE_OFFSET_MAX) keeps its LIMIT/OFFSET as parameters: the same answer
    const deep = (await admin.get('/bus/inware/list?view=orderList&mark=TH001&pageSize=10&pageNum=40')).json();
    expect([deep.rows, deep.total, deep.sums]).toEqual([[], first.total, first.sums]);
    const byNumber = (await admin.get('/bus/inware/list?view=orderList&expressNo=sf500000002')).json().rows[0];
    const detail = (await admin.get(`/bus/inware/${byNumber.id}`)).json().data;
    for (const row of [first.rows[0], byNumber])
      expect(row.orderTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(byNumber.orderTime).toBe(detail.orderTime);
    expect(byNumber.createTime).toBe(detail.createTime);
  });
});

describe('[ORDERS] lookups', () => {
  it('select offers orders by waybill prefix, express number or mark', async () => {
    const r = (await service.post('/bus/inware/select', { keyword: 'ZT500000077' })).json().data;
    expect(r.map((x: { id: number }) => x.id)).toEqual([o.noMark!.id]);
    const byMark = (await sales2.post('/bus/inware/select', { keyword: 'th001' })).json().data;
    expect(byMark).toEqual([]);
  });

  it('selectByTransportId resolves a waybill, a piece label, an express number and a receipt number', async () => {
    const by = async (code: string) =>
      (await dispatcher.post(`/bus/inware/selectByTransportId/${encodeURIComponent(code)}`, {})).json();
    expect((await by(o.staged!.transportId)).data).toMatchObject({ id: o.staged!.id, matchedBy: 'transportId' });
    expect((await by(`${o.staged!.transportId}-2`)).data).toMatchObject({
      id: o.staged!.id,
      matchedBy: 'pieceLabel',
      piece: 2,
    });
    expect((await by('SF500000002')).data).toMatchObject({ id: o.staged!.id, matchedBy: 'expressNo' });
    expect((await by('WR-L-1')).data).toMatchObject({ id: o.inStock!.id, matchedBy: 'receivingNo' });
    const missing = await dispatcher.post('/bus/inware/selectByTransportId/NOPE123', {}, en);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('No order for NOPE123');
    expect((await sales2.post(`/bus/inware/selectByTransportId/${o.staged!.transportId}`, {})).statusCode).toBe(404);
  });

  it('selectByTransportIdPages pages the orders of several waybills', async () => {
    const r = (
      await admin.post(
        `/bus/inware/selectByTransportIdPages/${o.staged!.transportId},${o.confirmed!.transportId}?pageNum=1&pageSize=1`,
        {},
      )
    ).json();
    expect(r.total).toBe(2);
    expect(r.rows).toHaveLength(1);
  });

  it('init answers the form defaults', async () => {
    const d = (await service.post('/bus/inware/init', {})).json().data;
    expect(d.defaults).toMatchObject({ busType: 'EK', leftAddrId: ids.gz, destAddrId: ids.bkk, currency: 'RMB' });
    expect(d.transitDays).toMatchObject({ EK: 7, SEA: 15 });
    expect(d.warehouses.length).toBeGreaterThan(0);
  });
});

describe('[ORDERS] field changes: assign mark (A9), problem items (A26), modification (A28), fee supplement (A29)', () => {
  it('assigns a mark to no-mark cargo: priced, consignee filled, leaves noMarkOrder for inOrder', async () => {
    const stale = await service.post('/bus/inware/editFields', {
      ids: [o.noMark!.id],
      versions: [9],
      fields: { markId: ids.TH001, busType: 'EK', destAddrId: ids.bkk },
    });
    expect(stale.statusCode).toBe(409);
    const r = await service.post('/bus/inware/editFields', {
      ids: [o.noMark!.id],
      fields: {
        markId: ids.TH001,
        busType: 'EK',
        destAddrId: ids.bkk,
        consignee: 'Khun Prasert',
        consigneeTel: '0823456789',
        consigneeAddr: 'Bangkok',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const d = await getOrder(admin, o.noMark!.id);
    expect(d).toMatchObject({
      markId: ids.TH001,
      mark: 'TH001',
      leftAddrId: ids.gz,
      priceId: expect.any(Number),
      feeFreightAr: '80.00',
    });
    expect(rowIds(await admin.get('/bus/inware/list?view=noMarkOrder'))).toEqual([]);
    expect(rowIds(await admin.get('/bus/inware/list?view=inOrder'))).toContain(o.noMark!.id);
    const log = (await orderLog(admin, o.noMark!.id)).at(-1)!;
    expect(log.action).toBe('assignMark');
    expect(log.changes).toContainEqual(expect.objectContaining({ field: 'markId', before: null, after: ids.TH001 }));
    const onStaged = await service.post(
      '/bus/inware/editFields',
      { ids: [o.staged!.id], fields: { markId: ids.TH001, busType: 'EK', destAddrId: ids.bkk } },
      en,
    );
    expect(onStaged.statusCode).toBe(409);
    expect(onStaged.json().errorCode).toBe('WRONG_STATE');
  });

  it('raises, takes and closes a problem item, each logged', async () => {
    const id = o.inStock!.id;
    expect(
      (
        await service.post('/bus/inware/editFields', {
          ids: [id],
          fields: { ifException: 1, exceptionType: '1', exceptionDesc: '少一件' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await getOrder(service, id)).toMatchObject({ ifException: 1, exceptionStatus: 0 });
    await dispatcher.post('/bus/inware/editFields', { ids: [id], fields: { exceptionStatus: 1 } });
    await dispatcher.post('/bus/inware/editFields', {
      ids: [id],
      fields: { exceptionStatus: 2, handleRemark: '已找到' },
    });
    expect(await getOrder(service, id)).toMatchObject({
      ifException: 0,
      exceptionStatus: 2,
      exceptionHandler: 'dispatcher',
      handleRemark: '已找到',
    });
    expect((await orderLog(service, id)).slice(-3).map((l) => l.action)).toEqual([
      'raiseException',
      'takeException',
      'closeException',
    ]);
    expect((await finance.post('/bus/inware/editFields', { ids: [id], fields: { ifException: 1 } })).statusCode).toBe(
      403,
    );
  });

  it('modifies orders after receipt with a reason, before -> after in the log; route fields only at S2', async () => {
    const noReason = await admin.post(
      '/bus/inware/editFields',
      { ids: [o.arrived!.id], fields: { consigneeTel: '0899999999' } },
      en,
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toBe('Enter the reason for the change');
    const r = await admin.post('/bus/inware/editFields', {
      ids: [o.arrived!.id, o.inStock!.id],
      fields: { consigneeTel: '0899999999' },
      reason: '客户来电更正',
    });
    expect(r.statusCode, r.body).toBe(200);
    const log = (await orderLog(admin, o.arrived!.id)).at(-1)!;
    expect(log).toMatchObject({ action: 'modifyAfterReceipt', remark: '客户来电更正' });
    expect(log.changes).toEqual([{ field: 'consigneeTel', before: '0823456789', after: '0899999999' }]);
    const route = await admin.post(
      '/bus/inware/editFields',
      { ids: [o.arrived!.id], fields: { busType: 'SEA' }, reason: 'x' },
      en,
    );
    expect(route.statusCode).toBe(409);
    expect(
      (await service.post('/bus/inware/editFields', { ids: [o.inStock!.id], fields: { cargoName: 'x' }, reason: 'y' }))
        .statusCode,
    ).toBe(403);
  });

  it('audit/orderUpdate modifies one order with its version (orderListEdit drawer)', async () => {
    const d = await getOrder(admin, o.inStock!.id);
    const r = await service.post('/bus/audit/orderUpdate', {
      id: d.id,
      version: d.version,
      changes: { consigneeAddr: 'Chiang Mai' },
      reason: '地址变更',
    });
    expect(r.statusCode, r.body).toBe(200);
    const again = await service.post(
      '/bus/audit/orderUpdate',
      { id: d.id, version: d.version, changes: { consigneeAddr: 'Phuket' }, reason: '地址变更' },
      en,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('CHANGED_RELOAD');
    const fees = await service.post('/bus/audit/orderUpdate', {
      id: d.id,
      version: d.version + 1,
      changes: { feeOtherAr: '10' },
      reason: 'x',
    });
    expect(fees.statusCode).toBe(403);
  });

  it('supplements delivery fees on arrived orders that are not audited (deliveryfree)', async () => {
    const d = await getOrder(admin, o.arrived!.id);
    const body = { rows: [{ id: d.id, version: d.version, feeSendAr: '35', deliveryAr: '15.5', remark: '上楼费' }] };
    expect((await service.post('/bus/audit/orderUpdateFee', body)).statusCode).toBe(403);
    const r = await finance.post('/bus/audit/orderUpdateFee', body);
    expect(r.statusCode, r.body).toBe(200);
    expect(await getOrder(admin, d.id)).toMatchObject({
      feeSendAr: '35.00',
      deliveryAr: '15.50',
      feeArAmount: '1150.50',
    });
    expect((await orderLog(admin, d.id)).at(-1)).toMatchObject({ action: 'supplementFees', remark: '上楼费' });
    expect(rowIds(await finance.get('/bus/inware/list?view=deliveryfree&hasSupplement=1'))).toEqual([d.id]);
    const s2 = await getOrder(admin, o.inStock!.id);
    const early = await finance.post(
      '/bus/audit/orderUpdateFee',
      { rows: [{ id: s2.id, version: s2.version, feeSendAr: '1' }] },
      en,
    );
    expect(early.statusCode).toBe(409);
    await t.db.update(busOrder).set({ auditStatus: 2 }).where(eq(busOrder.id, d.id));
    const audited = await finance.post(
      '/bus/audit/orderUpdateFee',
      { rows: [{ id: d.id, version: d.version + 1, feeSendAr: '1' }] },
      en,
    );
    expect(audited.json().msg).toBe('Not approved or already approved, please reselect');
  });
});

describe('[ORDERS] basic data used by orders', () => {
  it('a mark or a price row used by orders cannot be deleted', async () => {
    const mark = await admin.post(`/bas/mark/delete/${ids.TH002}`, {}, en);
    expect(mark.statusCode).toBe(200);
    const used = await admin.post(`/bas/mark/delete/${ids.CM888}`, {}, en);
    expect(used.statusCode).toBe(200);
    await addOrder(admin, orderBody(ids, { markId: ids.BK001 }));
    const agent = await admin.post(`/bas/mark/delete/${ids.BK001}`, {}, en);
    expect(agent.statusCode).toBe(409);
    expect(agent.json().errorCode).toBe('IN_USE');
    const d = await getOrder(admin, o.staged!.id);
    const price = await admin.post(`/bas/price/delete/${d.priceId}`, {}, en);
    expect(price.statusCode).toBe(409);
    const unused = await t.db
      .select({ id: basPrice.id })
      .from(basPrice)
      .where(inArray(basPrice.busType, ['SEA']));
    expect((await admin.post(`/bas/price/delete/${unused[0]!.id}`, {})).statusCode).toBe(200);
  });
});
