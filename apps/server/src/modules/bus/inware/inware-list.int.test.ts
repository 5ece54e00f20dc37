import { FEE_FIELDS, ORDER_LIST_VIEW_FIELDS } from '@theone/contracts';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { basPrice } from '../../bas/bas.table';
import { useBusSuite } from '../bus.test-utils';
import { busOrder } from './inware.table';
import { addOrder, getOrder, orderBody, orderLog, setOrderStatus } from './inware.test-utils';

const s = useBusSuite({ users: ['admin', 'service', 'sales', 'sales2', 'dispatcher', 'finance'] });
const o: Record<string, { id: number; transportId: string }> = {};

const en = { 'accept-language': 'en' };
const rowIds = (res: { json(): { rows: { id: number }[] } }) => res.json().rows.map((r) => r.id);

beforeAll(async () => {
  o.staged = await addOrder(
    s.sales,
    orderBody(s.ids, { expressNo: 'SF500000001,SF500000002,SF500000003', businessNo: 'PO-1' }),
  );
  o.confirmed = await addOrder(
    s.sales,
    orderBody(s.ids, { status: 1, consignee: 'Khun Anan', expressNo: 'YT500000009' }),
  );
  o.inStock = await addOrder(s.sales, orderBody(s.ids, { status: 1 }));
  await s.dispatcher.post('/bus/inware/arrived/update', {
    id: o.inStock.id,
    receivingNo: 'WR-L-1',
    arrivedHouseId: s.ids.whGz,
    arrivedPiece: 3,
    arrivedWeight: '260',
    arrivedVolume: '1.3',
  });
  o.otherSales = await addOrder(
    s.sales2,
    orderBody(s.ids, { markId: s.ids.YW101, leftAddrId: s.ids.yw, expressNo: 'SF500000088' }),
  );
  o.noMark = await addOrder(s.dispatcher, {
    status: 2,
    receivingNo: 'WR-L-NM',
    arrivedHouseId: s.ids.whGz,
    arrivedPiece: 1,
    arrivedWeight: '15',
    arrivedVolume: '0.12',
    expressNo: 'ZT500000077',
    cargoName: '玩具',
  });
  o.arrived = await addOrder(s.sales, orderBody(s.ids, { status: 1 }));
  await setOrderStatus(s.t, o.arrived.id, 6, {
    arrivedPiece: 3,
    arrivedWeight: '250',
    arrivedVolume: '1.235',
    containerNo: 'MSKU1234565',
  });
});

describe('[ORDERS] lists by screen', () => {
  it('unOrder lists S0/S1, inOrder its tabs, noMarkOrder the cargo without a mark', async () => {
    const un = rowIds(await s.admin.get('/bus/inware/list?view=unOrder&pageSize=100'));
    expect(un).toEqual(expect.arrayContaining([o.staged!.id, o.confirmed!.id]));
    expect(un).not.toContain(o.inStock!.id);
    const stock = rowIds(await s.admin.get('/bus/inware/list?view=inOrder'));
    expect(stock).toEqual([o.inStock!.id]);
    const awaiting = rowIds(await s.admin.get('/bus/inware/list?view=inOrder&tab=awaiting&pageSize=100'));
    expect(awaiting).toContain(o.confirmed!.id);
    const received = rowIds(await s.admin.get('/bus/inware/list?view=inOrder&tab=received&pageSize=100'));
    expect(received).toEqual(expect.arrayContaining([o.inStock!.id, o.noMark!.id, o.arrived!.id]));
    expect(rowIds(await s.admin.get('/bus/inware/list?view=noMarkOrder'))).toEqual([o.noMark!.id]);
  });

  it('answers totals over the whole filtered set (sums), fee sums only for the fee role', async () => {
    const a = (await s.admin.get('/bus/inware/list?view=unOrder&mark=TH001&pageSize=1')).json();
    expect(a.rows).toHaveLength(1);
    expect(a.total).toBe(2);
    expect(a.sums).toMatchObject({
      cargoPiece: 6,
      cargoWeight: '500.00',
      cargoVolume: '2.470',
      feeArAmount: '2200.00',
    });
    const d = (await s.dispatcher.get('/bus/inware/list?view=inOrder')).json();
    expect(d.sums).toMatchObject({ arrivedPiece: 3, arrivedWeight: '260.00' });
    expect(d.sums).not.toHaveProperty('feeArAmount');
    expect(d.rows[0]).not.toHaveProperty('feeFreightAr');
  });

  it('orderList needs a search condition (M8) and finds an order by one of its express numbers', async () => {
    const m8 = await s.admin.get('/bus/inware/list?view=orderList', en);
    expect(m8.statusCode).toBe(400);
    expect(m8.json().msg).toBe('Enter at least one search condition');
    expect(rowIds(await s.admin.get('/bus/inware/list?view=orderList&expressNo=sf500000002'))).toEqual([o.staged!.id]);
    expect(
      rowIds(
        await s.admin.post('/bus/inware/list', { view: 'orderList', expressNo: 'SF500000003,YT500000009' }),
      ).sort(),
    ).toEqual([o.staged!.id, o.confirmed!.id].sort());
    const wrong = await s.admin.get(
      `/bus/inware/list?view=orderList&expressNo=${encodeURIComponent('SF500000001，SF500000002')}`,
      en,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('Separate several numbers with English commas');
  });

  it('filters by waybills, marks, receipt, PO and container numbers, status, consignee and dates', async () => {
    const q = (filter: string) => s.admin.get(`/bus/inware/list?view=orderList&pageSize=100&${filter}`);
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
    expect((await s.service.get('/bus/inware/list?view=arrivedAddOrder&consignee=x')).statusCode).toBe(400);
    const r = (await s.service.get('/bus/inware/list?view=arrivedAddOrder&receivingNo=WR-L-NM')).json();
    expect(r.rows.map((x: { id: number; missing: string[] }) => [x.id, x.missing])).toEqual([
      [o.noMark!.id, ['consignee', 'consigneeTel', 'consigneeAddr', 'busType', 'price']],
    ]);
    expect(rowIds(await s.service.get('/bus/inware/list?view=arrivedAddOrder&receivingNo=WR-L-1'))).toEqual([]);
    expect(
      rowIds(await s.service.get('/bus/inware/list?view=arrivedAddOrder&receivingNo=WR-L-1&incomplete=all')),
    ).toEqual([o.inStock!.id]);
  });

  it('each view needs its own key; deliveryfree also the fee role', async () => {
    expect((await s.dispatcher.get('/bus/inware/list?view=unOrder')).statusCode).toBe(403);
    expect((await s.service.get('/bus/inware/list?view=deliveryfree')).statusCode).toBe(403);
    expect((await s.sales.get('/bus/inware/list?view=noMarkOrder')).statusCode).toBe(403);
    const fee = (await s.finance.get('/bus/inware/list?view=deliveryfree')).json();
    expect(fee.rows.map((r: { id: number }) => r.id)).toEqual([o.arrived!.id]);
  });

  it('data scope: sales and sales2 see their own customers; cargo without a mark is seen by both', async () => {
    const mine = rowIds(await s.sales.get('/bus/inware/list?view=orderList&params[beginTime]=2000-01-01&pageSize=100'));
    expect(mine).not.toContain(o.otherSales!.id);
    expect(mine).toContain(o.noMark!.id);
    const theirs = rowIds(
      await s.sales2.get('/bus/inware/list?view=orderList&params[beginTime]=2000-01-01&pageSize=100'),
    );
    expect(theirs.sort()).toEqual([o.otherSales!.id, o.noMark!.id].sort());
  });

  it("a search by number keeps the data scope: another sales person's order is not found by its numbers", async () => {
    const find = (who: typeof s.sales, query: string) => who.get(`/bus/inware/list?view=orderList&${query}`);
    const other = o.otherSales!;
    for (const query of [
      'expressNo=SF500000088',
      `transportId=${other.transportId}`,
      `expressNo=SF500000088,ZT500000077`,
      `transportId=${other.transportId},${o.noMark!.transportId}`,
    ]) {
      expect(rowIds(await find(s.sales2, query))).toContain(other.id);
      expect(rowIds(await find(s.sales, query)), query).not.toContain(other.id);
    }
    // cargo without a mark is everyone's, found by its number
    expect(rowIds(await find(s.sales, 'expressNo=SF500000088,ZT500000077'))).toEqual([o.noMark!.id]);
    expect(rowIds(await find(s.sales, 'receivingNo=WR-L-NM'))).toEqual([o.noMark!.id]);
    expect(rowIds(await find(s.sales, 'receivingNo=WR-L-1'))).toEqual([o.inStock!.id]);
    expect(rowIds(await find(s.sales2, 'receivingNo=WR-L-1'))).toEqual([]);
  });

  it("a mark filter keeps the data scope: another sales person's mark finds nothing, alone or with an own mark", async () => {
    const q = (who: typeof s.sales, marks: string) =>
      who.get(`/bus/inware/list?view=orderList&pageSize=100&mark=${marks}`);
    expect(rowIds(await q(s.sales2, 'YW101'))).toEqual([o.otherSales!.id]);
    const alone = (await q(s.sales, 'YW101')).json();
    expect(alone.rows).toEqual([]);
    expect(alone.total).toBe(0);
    const both = rowIds(await q(s.sales, 'TH001,YW101'));
    expect(both.length).toBe(4);
    expect(both).not.toContain(o.otherSales!.id);
    expect(rowIds(await q(s.admin, 'TH001,YW101')).length).toBe(5);
    const unknown = (await q(s.admin, 'NOSUCHMARK')).json();
    expect([unknown.rows, unknown.total, unknown.sums.cargoWeight]).toEqual([[], 0, '0.00']);
  });

  it('sums cover the whole set on every page, and list timestamps are ISO strings like the details', async () => {
    const first = (await s.admin.get('/bus/inware/list?view=orderList&mark=TH001&pageSize=1')).json();
    const second = (await s.admin.get('/bus/inware/list?view=orderList&mark=TH001&pageSize=1&pageNum=2')).json();
    expect(second.total).toBe(first.total);
    expect(second.sums).toEqual(first.sums);
    const past = (await s.admin.get('/bus/inware/list?view=orderList&mark=TH001&pageSize=1&pageNum=99')).json();
    expect([past.rows, past.total, past.sums]).toEqual([[], first.total, first.sums]);
    // a deep page (offset over INLINE_OFFSET_MAX) keeps its LIMIT/OFFSET as parameters: the same answer
    const deep = (await s.admin.get('/bus/inware/list?view=orderList&mark=TH001&pageSize=10&pageNum=40')).json();
    expect([deep.rows, deep.total, deep.sums]).toEqual([[], first.total, first.sums]);
    const byNumber = (await s.admin.get('/bus/inware/list?view=orderList&expressNo=sf500000002')).json().rows[0];
    const unconfirmed = (await s.admin.get('/bus/inware/list?view=unOrder&expressNo=sf500000002')).json().rows[0];
    const detail = (await s.admin.get(`/bus/inware/${byNumber.id}`)).json().data;
    for (const row of [first.rows[0], byNumber, unconfirmed])
      expect(row.orderTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(byNumber.orderTime).toBe(detail.orderTime);
    expect(unconfirmed.createTime).toBe(detail.createTime);
  });

  it("orderList rows carry the view's fields (ORDER_LIST_VIEW_FIELDS), the other views every field", async () => {
    const query = 'mark=TH001&params[beginTime]=2000-01-01&pageSize=100';
    const narrow = (await s.admin.get(`/bus/inware/list?view=orderList&${query}`)).json();
    expect(narrow.rows.length).toBeGreaterThan(2);
    for (const row of narrow.rows) expect(Object.keys(row).sort()).toEqual([...ORDER_LIST_VIEW_FIELDS].sort());
    const received = narrow.rows.find((r: { id: number }) => r.id === o.inStock!.id);
    expect(received).toMatchObject({ mark: 'TH001', arrivedPiece: 3, arrivedWeight: '260.00' });
    expect(received.leftAddrName).not.toBe('');
    // the same orders in a view of every field: the same values in the fields they share
    const full = (await s.admin.get(`/bus/inware/list?view=arrivedAddOrder&incomplete=0&${query}`)).json();
    const fullRow = full.rows.find((r: { id: number }) => r.id === o.inStock!.id);
    expect(fullRow).toMatchObject({ ...received, missing: [], consigneeAddr: expect.any(String) });
    expect(Object.keys(fullRow).length).toBeGreaterThan(ORDER_LIST_VIEW_FIELDS.length + 20);
    // without the fee role: the view's fields less the fee fields
    const service = (await s.service.get(`/bus/inware/list?view=orderList&${query}`)).json();
    expect(service.rows.length).toBe(narrow.rows.length);
    for (const row of service.rows)
      expect(Object.keys(row).sort()).toEqual(ORDER_LIST_VIEW_FIELDS.filter((k) => !FEE_FIELDS.has(k)).sort());
  });

  it('a number search in orderList sums its own rows as the database sums them', async () => {
    const one = (await s.admin.get('/bus/inware/list?view=orderList&expressNo=SF500000002')).json();
    expect(one.rows.map((r: { id: number }) => r.id)).toEqual([o.staged!.id]);
    const [db] = await s.t.db
      .select({ rmb: busOrder.rmbAmount, ar: busOrder.feeArAmount, weight: busOrder.cargoWeight })
      .from(busOrder)
      .where(eq(busOrder.id, o.staged!.id));
    expect(Number.parseFloat(db!.rmb!)).toBeGreaterThan(0);
    expect(one.sums).toMatchObject({ rmbAmount: db!.rmb, feeArAmount: db!.ar, cargoWeight: db!.weight });
  });
});

describe('[ORDERS] lookups', () => {
  it('select offers orders by waybill prefix, express number or mark', async () => {
    const r = (await s.service.post('/bus/inware/select', { keyword: 'ZT500000077' })).json().data;
    expect(r.map((x: { id: number }) => x.id)).toEqual([o.noMark!.id]);
    const byMark = (await s.sales2.post('/bus/inware/select', { keyword: 'th001' })).json().data;
    expect(byMark).toEqual([]);
  });

  it('selectByTransportId resolves a waybill, a piece label, an express number and a receipt number', async () => {
    const by = async (code: string) =>
      (await s.dispatcher.post(`/bus/inware/selectByTransportId/${encodeURIComponent(code)}`, {})).json();
    expect((await by(o.staged!.transportId)).data).toMatchObject({ id: o.staged!.id, matchedBy: 'transportId' });
    expect((await by(`${o.staged!.transportId}-2`)).data).toMatchObject({
      id: o.staged!.id,
      matchedBy: 'pieceLabel',
      piece: 2,
    });
    expect((await by('SF500000002')).data).toMatchObject({ id: o.staged!.id, matchedBy: 'expressNo' });
    expect((await by('WR-L-1')).data).toMatchObject({ id: o.inStock!.id, matchedBy: 'receivingNo' });
    const missing = await s.dispatcher.post('/bus/inware/selectByTransportId/NOPE123', {}, en);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('No order for NOPE123');
    expect((await s.sales2.post(`/bus/inware/selectByTransportId/${o.staged!.transportId}`, {})).statusCode).toBe(404);
  });

  it('selectByTransportIdPages pages the orders of several waybills', async () => {
    const r = (
      await s.admin.post(
        `/bus/inware/selectByTransportIdPages/${o.staged!.transportId},${o.confirmed!.transportId}?pageNum=1&pageSize=1`,
        {},
      )
    ).json();
    expect(r.total).toBe(2);
    expect(r.rows).toHaveLength(1);
  });

  it('init answers the form defaults', async () => {
    const d = (await s.service.post('/bus/inware/init', {})).json().data;
    expect(d.defaults).toMatchObject({ busType: 'EK', leftAddrId: s.ids.gz, destAddrId: s.ids.bkk, currency: 'RMB' });
    expect(d.transitDays).toMatchObject({ EK: 7, SEA: 15 });
    expect(d.warehouses.length).toBeGreaterThan(0);
  });
});

describe('[ORDERS] field changes: assign mark (A9), problem items (A26), modification (A28), fee supplement (A29)', () => {
  it('assigns a mark to no-mark cargo: priced, consignee filled, leaves noMarkOrder for inOrder', async () => {
    const stale = await s.service.post('/bus/inware/editFields', {
      ids: [o.noMark!.id],
      versions: [9],
      fields: { markId: s.ids.TH001, busType: 'EK', destAddrId: s.ids.bkk },
    });
    expect(stale.statusCode).toBe(409);
    const r = await s.service.post('/bus/inware/editFields', {
      ids: [o.noMark!.id],
      fields: {
        markId: s.ids.TH001,
        busType: 'EK',
        destAddrId: s.ids.bkk,
        consignee: 'Khun Prasert',
        consigneeTel: '0823456789',
        consigneeAddr: 'Bangkok',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const d = await getOrder(s.admin, o.noMark!.id);
    expect(d).toMatchObject({
      markId: s.ids.TH001,
      mark: 'TH001',
      leftAddrId: s.ids.gz,
      priceId: expect.any(Number),
      feeFreightAr: '80.00',
    });
    expect(rowIds(await s.admin.get('/bus/inware/list?view=noMarkOrder'))).toEqual([]);
    expect(rowIds(await s.admin.get('/bus/inware/list?view=inOrder'))).toContain(o.noMark!.id);
    const log = (await orderLog(s.admin, o.noMark!.id)).at(-1)!;
    expect(log.action).toBe('assignMark');
    expect(log.changes).toContainEqual(expect.objectContaining({ field: 'markId', before: null, after: s.ids.TH001 }));
    const onStaged = await s.service.post(
      '/bus/inware/editFields',
      { ids: [o.staged!.id], fields: { markId: s.ids.TH001, busType: 'EK', destAddrId: s.ids.bkk } },
      en,
    );
    expect(onStaged.statusCode).toBe(409);
    expect(onStaged.json().errorCode).toBe('WRONG_STATE');
  });

  it('raises, takes and closes a problem item, each logged', async () => {
    const id = o.inStock!.id;
    expect(
      (
        await s.service.post('/bus/inware/editFields', {
          ids: [id],
          fields: { ifException: 1, exceptionType: '1', exceptionDesc: '少一件' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await getOrder(s.service, id)).toMatchObject({ ifException: 1, exceptionStatus: 0 });
    await s.dispatcher.post('/bus/inware/editFields', { ids: [id], fields: { exceptionStatus: 1 } });
    await s.dispatcher.post('/bus/inware/editFields', {
      ids: [id],
      fields: { exceptionStatus: 2, handleRemark: '已找到' },
    });
    expect(await getOrder(s.service, id)).toMatchObject({
      ifException: 0,
      exceptionStatus: 2,
      exceptionHandler: 'dispatcher',
      handleRemark: '已找到',
    });
    expect((await orderLog(s.service, id)).slice(-3).map((l) => l.action)).toEqual([
      'raiseException',
      'takeException',
      'closeException',
    ]);
    expect((await s.finance.post('/bus/inware/editFields', { ids: [id], fields: { ifException: 1 } })).statusCode).toBe(
      403,
    );
  });

  it('modifies orders after receipt with a reason, before -> after in the log; route fields only at S2', async () => {
    const noReason = await s.admin.post(
      '/bus/inware/editFields',
      { ids: [o.arrived!.id], fields: { consigneeTel: '0899999999' } },
      en,
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toBe('Enter the reason for the change');
    const r = await s.admin.post('/bus/inware/editFields', {
      ids: [o.arrived!.id, o.inStock!.id],
      fields: { consigneeTel: '0899999999' },
      reason: '客户来电更正',
    });
    expect(r.statusCode, r.body).toBe(200);
    const log = (await orderLog(s.admin, o.arrived!.id)).at(-1)!;
    expect(log).toMatchObject({ action: 'modifyAfterReceipt', remark: '客户来电更正' });
    expect(log.changes).toEqual([{ field: 'consigneeTel', before: '0823456789', after: '0899999999' }]);
    const route = await s.admin.post(
      '/bus/inware/editFields',
      { ids: [o.arrived!.id], fields: { busType: 'SEA' }, reason: 'x' },
      en,
    );
    expect(route.statusCode).toBe(409);
    expect(
      (
        await s.service.post('/bus/inware/editFields', {
          ids: [o.inStock!.id],
          fields: { cargoName: 'x' },
          reason: 'y',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('audit/orderUpdate modifies one order with its version (orderListEdit drawer)', async () => {
    const d = await getOrder(s.admin, o.inStock!.id);
    const r = await s.service.post('/bus/audit/orderUpdate', {
      id: d.id,
      version: d.version,
      changes: { consigneeAddr: 'Chiang Mai' },
      reason: '地址变更',
    });
    expect(r.statusCode, r.body).toBe(200);
    const again = await s.service.post(
      '/bus/audit/orderUpdate',
      { id: d.id, version: d.version, changes: { consigneeAddr: 'Phuket' }, reason: '地址变更' },
      en,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('CHANGED_RELOAD');
    const fees = await s.service.post('/bus/audit/orderUpdate', {
      id: d.id,
      version: d.version + 1,
      changes: { feeOtherAr: '10' },
      reason: 'x',
    });
    expect(fees.statusCode).toBe(403);
  });

  it('supplements delivery fees on arrived orders that are not audited (deliveryfree)', async () => {
    const d = await getOrder(s.admin, o.arrived!.id);
    const body = { rows: [{ id: d.id, version: d.version, feeSendAr: '35', deliveryAr: '15.5', remark: '上楼费' }] };
    expect((await s.service.post('/bus/audit/orderUpdateFee', body)).statusCode).toBe(403);
    const r = await s.finance.post('/bus/audit/orderUpdateFee', body);
    expect(r.statusCode, r.body).toBe(200);
    expect(await getOrder(s.admin, d.id)).toMatchObject({
      feeSendAr: '35.00',
      deliveryAr: '15.50',
      feeArAmount: '1150.50',
    });
    expect((await orderLog(s.admin, d.id)).at(-1)).toMatchObject({ action: 'supplementFees', remark: '上楼费' });
    expect(rowIds(await s.finance.get('/bus/inware/list?view=deliveryfree&hasSupplement=1'))).toEqual([d.id]);
    const s2 = await getOrder(s.admin, o.inStock!.id);
    const early = await s.finance.post(
      '/bus/audit/orderUpdateFee',
      { rows: [{ id: s2.id, version: s2.version, feeSendAr: '1' }] },
      en,
    );
    expect(early.statusCode).toBe(409);
    await s.t.db.update(busOrder).set({ auditStatus: 2 }).where(eq(busOrder.id, d.id));
    const audited = await s.finance.post(
      '/bus/audit/orderUpdateFee',
      { rows: [{ id: d.id, version: d.version + 1, feeSendAr: '1' }] },
      en,
    );
    expect(audited.json().msg).toBe('Not approved or already approved, please reselect');
  });
});

describe('[ORDERS] basic data used by orders', () => {
  it('a mark or a price row used by orders cannot be deleted', async () => {
    const mark = await s.admin.post(`/bas/mark/delete/${s.ids.TH002}`, {}, en);
    expect(mark.statusCode).toBe(200);
    const used = await s.admin.post(`/bas/mark/delete/${s.ids.CM888}`, {}, en);
    expect(used.statusCode).toBe(200);
    await addOrder(s.admin, orderBody(s.ids, { markId: s.ids.BK001 }));
    const agent = await s.admin.post(`/bas/mark/delete/${s.ids.BK001}`, {}, en);
    expect(agent.statusCode).toBe(409);
    expect(agent.json().errorCode).toBe('IN_USE');
    const d = await getOrder(s.admin, o.staged!.id);
    const price = await s.admin.post(`/bas/price/delete/${d.priceId}`, {}, en);
    expect(price.statusCode).toBe(409);
    const unused = await s.t.db
      .select({ id: basPrice.id })
      .from(basPrice)
      .where(inArray(basPrice.busType, ['SEA']));
    expect((await s.admin.post(`/bas/price/delete/${unused[0]!.id}`, {})).statusCode).toBe(200);
  });
});
