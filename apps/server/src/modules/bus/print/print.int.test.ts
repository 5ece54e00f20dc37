import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectTexts, pdfAnswer, squash } from '../../../platform/pdf/pdf-inspect.test-utils';
import { basMark } from '../../bas/bas.table';
import { userWithPerms } from '../../bas/bas.test-utils';
import { useBusSuite } from '../bus.test-utils';
import { busOrder } from '../inware/inware.table';
import { addOrder, orderBody, twoLineReceipt } from '../inware/inware.test-utils';

/**
 * The four print calls: PDFs read back with pdfjs (Chinese and Thai text, waybill, barcode images), fee sheets
 * with and without unit prices, printTimes, 401/403/404 and data scope.
 */
const s = useBusSuite({ users: ['admin', 'sales', 'sales2', 'service', 'dispatcher', 'driver', 'finance'] });

/** TH001 (sales 'sales'), received with three cargo lines */
let received: { id: number; transportId: string };
/** YW101 (sales 'sales2'), staged */
let staged: { id: number; transportId: string };
/** cargo without a mark, registered at the warehouse */
let noMark: { id: number; transportId: string };

const en = { 'accept-language': 'en' };
const th = { 'accept-language': 'th' };

const pdfOf = (res: Parameters<typeof pdfAnswer>[0]) => pdfAnswer(res, 'print');

async function printTimes(id: number) {
  const [row] = await s.t.db
    .select({ n: busOrder.printTimes, v: busOrder.version })
    .from(busOrder)
    .where(eq(busOrder.id, id));
  return row!;
}

beforeAll(async () => {
  received = await addOrder(
    s.admin,
    orderBody(s.ids, {
      status: 1,
      consignee: 'สมชาย ใจดี',
      consigneeAddr: '12/3 ถนนรัชดาภิเษก ดินแดง กรุงเทพฯ',
      cargoName: '实木家具',
      shipper: '广州家具厂',
    }),
  );
  const r = await s.admin.post('/bus/inware/arrived/update', twoLineReceipt(s.ids, received.id, 'WR-P-1'));
  expect(r.statusCode, r.body).toBe(200);
  staged = await addOrder(
    s.admin,
    orderBody(s.ids, { markId: s.ids.YW101, consignee: 'Khun Chai', consigneeTel: '0891234567' }),
  );
  noMark = await addOrder(s.admin, {
    status: 2,
    receivingNo: 'WR-NM-7',
    arrivedHouseId: s.ids.whGz,
    arrivedPiece: 2,
    arrivedWeight: '12',
    arrivedVolume: '0.1',
    cargoName: '鞋子',
    expressNo: 'YT9876543210',
  });
});

describe('POST /bus/inware/printbar/{ids}: order labels', () => {
  it('prints one label per order with the waybill barcode, mark, pieces, destination and mode, and counts printTimes', async () => {
    // dispatcher: zh-cn, every order (scope all)
    const before = await printTimes(received.id);
    const res = await s.dispatcher.post(`/bus/inware/printbar/${received.id},${staged.id}`);
    const pdf = await pdfOf(res);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="/);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('订单标签')}`);
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.images).toBe(2);
    const [first, second] = pdf.pages.map(squash);
    // zh-cn labels: captions in Chinese, destination also in Thai, consignee in Thai.
    expectTexts(first, [
      received.transportId,
      '唛头TH001',
      '件数3',
      '目的地曼谷·กรุงเทพฯ',
      '陆运(EK)',
      '收货人:สมชายใจดี',
      '实木家具',
    ]);
    expect(second).toContain(staged.transportId);
    expect(second).toContain('YW101');
    const after = await printTimes(received.id);
    expect(after.n).toBe(before.n + 1);
    // printing is not an edit: the version stays
    expect(after.v).toBe(before.v);
  });

  it('prints in the caller language (Thai captions rendered as Thai text)', async () => {
    const pdf = await pdfOf(await s.dispatcher.post(`/bus/inware/printbar/${received.id}`, undefined, th));
    const text = squash(pdf.text);
    expectTexts(text, ['มาร์คTH001', 'จำนวนชิ้น3', 'ปลายทางกรุงเทพฯ', 'ทางรถ(EK)']);
  });

  it('prints NO MARK and the receipt number as the barcode for cargo without a mark', async () => {
    const pdf = await pdfOf(await s.dispatcher.post(`/bus/inware/printbar/${noMark.id}`, undefined, en));
    const text = squash(pdf.text);
    expect(text).toContain('NOMARK');
    expect(text).toContain('WR-NM-7');
    expect(text).toContain(`Waybillno.${noMark.transportId}`);
    expect(pdf.images).toBe(1);
  });

  it('is all or nothing: an unknown id is a 404 and nothing is counted', async () => {
    const before = await printTimes(received.id);
    const res = await s.service.post(`/bus/inware/printbar/${received.id},999999`);
    expect(res.statusCode).toBe(404);
    expect((await printTimes(received.id)).n).toBe(before.n);
    expect((await s.service.post('/bus/inware/printbar/abc')).statusCode).toBe(400);
  });

  it('applies the data scope: a sales user prints their own customers and no-mark cargo, not another sales user’s', async () => {
    expect((await s.sales.post(`/bus/inware/printbar/${received.id}`)).statusCode).toBe(200);
    expect((await s.sales.post(`/bus/inware/printbar/${staged.id}`)).statusCode).toBe(404);
    expect((await s.sales.post(`/bus/inware/printbar/${received.id},${staged.id}`)).statusCode).toBe(404);
    expect((await s.sales2.post(`/bus/inware/printbar/${staged.id}`)).statusCode).toBe(200);
    expect((await s.sales2.post(`/bus/inware/printbar/${received.id}`)).statusCode).toBe(404);
    expect((await s.sales2.post(`/bus/inware/printbar/${noMark.id}`)).statusCode).toBe(200);
  });

  it('needs a session and a print key', async () => {
    expect((await s.t.anon.post(`/bus/inware/printbar/${received.id}`)).statusCode).toBe(401);
    expect((await s.driver.post(`/bus/inware/printbar/${received.id}`)).statusCode).toBe(403);
    expect((await s.finance.post(`/bus/inware/printbar/${received.id}`)).statusCode).toBe(403);
    const onlyNoMark = await userWithPerms(s.t, 'print_nomark', ['bus:noMarkOrder', 'bus:noMarkOrder:print']);
    expect((await onlyNoMark.post(`/bus/inware/printbar/${noMark.id}`)).statusCode).toBe(200);
  });
});

describe('POST /bus/inware/printbar/cargo/{ids}: piece labels', () => {
  it("prints one label per piece, 'n of N', each with its own barcode", async () => {
    const before = await printTimes(received.id);
    const pdf = await pdfOf(await s.dispatcher.post(`/bus/inware/printbar/cargo/${received.id}`, undefined, en));
    expect(pdf.pages).toHaveLength(3);
    expect(pdf.images).toBe(3);
    pdf.pages.forEach((page, i) => {
      const text = squash(page);
      expect(text).toContain(`${received.transportId}-${i + 1}`);
      expect(text).toContain(`${i + 1}of3`);
      expect(text).toContain('TH001');
    });
    expect((await printTimes(received.id)).n).toBe(before.n + 1);
  });

  it('prints Chinese n of N for a zh-cn user and refuses orders not yet received', async () => {
    const pdf = await pdfOf(await s.service.post(`/bus/inware/printbar/cargo/${received.id}`));
    expect(squash(pdf.pages[1]!)).toContain('第2件/共3件');
    const refused = await s.dispatcher.post(`/bus/inware/printbar/cargo/${staged.id}`, undefined, en);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(`${staged.transportId} is not in the warehouse yet, reselect`);
  });

  it('keys: bus:inOrder:print or bus:order:print; the order entry key alone is not enough', async () => {
    const entry = await userWithPerms(s.t, 'print_entry', ['bus:orderAdd', 'bus:orderAdd:print']);
    expect((await entry.post(`/bus/inware/printbar/${received.id}`)).statusCode).toBe(200);
    expect((await entry.post(`/bus/inware/printbar/cargo/${received.id}`)).statusCode).toBe(403);
  });
});

describe('POST /bus/inware/printware/{ids}/{lang}: warehouse receipts', () => {
  it('prints the receipt in the requested language with Chinese and Thai data, cargo lines and the barcode', async () => {
    const pdf = await pdfOf(await s.dispatcher.post(`/bus/inware/printware/${received.id}/th`));
    const text = squash(pdf.text);
    expectTexts(text, [
      'ใบรับสินค้า',
      'เลขที่ใบรับสินค้าWR-P-1',
      received.transportId,
      '实木家具',
      'สมชายใจดี',
      '12/3ถนนรัชดาภิเษกดินแดงกรุงเทพฯ',
      '广州家具厂',
      // declared 3 pieces; received lines 2 × 100×50×50 and 1 × 60×50×40
      '100×50×50',
      'รวม3300.000.620',
    ]);
    expect(pdf.images).toBe(1);
    expect(pdf.fonts).toEqual(expect.arrayContaining(['NotoSansSC-Regular', 'NotoSansThai-Regular']));
  });

  it('accepts zh, zh-cn and en; prints one receipt per order; refuses other languages and unreceived orders', async () => {
    const zh = await pdfOf(await s.dispatcher.post(`/bus/inware/printware/${received.id},${noMark.id}/zh`));
    expect(squash(zh.pages[0]!)).toContain('入仓单');
    expect(squash(zh.text)).toContain('无唛头');
    expect(squash(zh.text)).toContain('WR-NM-7');
    const enPdf = await pdfOf(await s.dispatcher.post(`/bus/inware/printware/${received.id}/en`));
    expect(squash(enPdf.text)).toContain('Warehousereceipt');
    expect((await s.dispatcher.post(`/bus/inware/printware/${received.id}/fr`)).statusCode).toBe(400);
    expect((await s.dispatcher.post(`/bus/inware/printware/${staged.id}/en`)).statusCode).toBe(409);
  });

  it('keys and scope', async () => {
    expect((await s.t.anon.post(`/bus/inware/printware/${received.id}/en`)).statusCode).toBe(401);
    expect((await s.driver.post(`/bus/inware/printware/${received.id}/en`)).statusCode).toBe(403);
    expect((await s.sales2.post(`/bus/inware/printware/${received.id}/en`)).statusCode).toBe(404);
    expect((await s.sales.post(`/bus/inware/printware/${received.id}/en`)).statusCode).toBe(200);
  });
});

describe('POST /bus/inware/printfee/{ids}/{lang}: fee sheets', () => {
  it('prints the fees and total, without unit prices when the mark does not allow them', async () => {
    await s.t.db.update(basMark).set({ isPrintPrice: '0' }).where(eq(basMark.id, s.ids.TH001));
    const pdf = await pdfOf(await s.finance.post(`/bus/inware/printfee/${received.id}/en`));
    const text = squash(pdf.text);
    expectTexts(text, ['Feesheet', received.transportId, 'Freight', 'Totalreceivable']);
    const [order] = await s.t.db.select().from(busOrder).where(eq(busOrder.id, received.id));
    expect(text).toContain(squash(Number(order!.feeArAmount).toLocaleString('en-US', { minimumFractionDigits: 2 })));
    expect(text).not.toContain('Priceperm³');
    expect(text).not.toContain('Chargingbasis');
    expect(text).not.toContain(squash(order!.volumePrice!));
  });

  it('prints unit prices and the charging basis when the mark has isPrintPrice on', async () => {
    await s.t.db.update(basMark).set({ isPrintPrice: '1' }).where(eq(basMark.id, s.ids.TH001));
    const pdf = await pdfOf(await s.sales.post(`/bus/inware/printfee/${received.id}/zh`));
    const text = squash(pdf.text);
    const [order] = await s.t.db.select().from(busOrder).where(eq(busOrder.id, received.id));
    expectTexts(text, ['费用单', '体积单价', '重量单价', '计费方式']);
    expect(text).toMatch(/按(体积|重量)/);
    expect(text).toContain(squash(Number(order!.volumePrice).toLocaleString('en-US', { minimumFractionDigits: 2 })));
    await s.t.db.update(basMark).set({ isPrintPrice: '0' }).where(eq(basMark.id, s.ids.TH001));
  });

  it('needs bus:order:printFee and the fee role', async () => {
    expect((await s.t.anon.post(`/bus/inware/printfee/${received.id}/en`)).statusCode).toBe(401);
    // service and dispatcher: no printFee key
    expect((await s.service.post(`/bus/inware/printfee/${received.id}/en`)).statusCode).toBe(403);
    expect((await s.dispatcher.post(`/bus/inware/printfee/${received.id}/en`)).statusCode).toBe(403);
    // the key without the fee role is still refused
    const noFeeRole = await userWithPerms(s.t, 'print_fee_nofee', ['bus:order', 'bus:order:printFee']);
    const res = await noFeeRole.post(`/bus/inware/printfee/${received.id}/en`);
    expect(res.statusCode).toBe(403);
    const withFeeRole = await userWithPerms(s.t, 'print_fee_fee', ['bus:order', 'bus:order:printFee', 'bus:fee:view']);
    expect((await withFeeRole.post(`/bus/inware/printfee/${received.id}/en`)).statusCode).toBe(200);
    // scope: sales2 does not see TH001's order
    expect((await s.sales2.post(`/bus/inware/printfee/${received.id}/en`)).statusCode).toBe(404);
  });

  it('does not count fee sheets or receipts as label prints', async () => {
    const before = await printTimes(received.id);
    await s.finance.post(`/bus/inware/printfee/${received.id}/en`);
    await s.dispatcher.post(`/bus/inware/printware/${received.id}/en`);
    expect((await printTimes(received.id)).n).toBe(before.n);
  });
});

describe('batches', () => {
  it('prints 20 orders’ labels in one document and counts each', async () => {
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        addOrder(s.admin, orderBody(s.ids, { cargoPiece: 3, clientNo: `BATCH-${i}` })),
      ),
    );
    const started = Date.now();
    const pdf = await pdfOf(await s.admin.post(`/bus/inware/printbar/${many.map((o) => o.id).join(',')}`));
    expect(pdf.pages).toHaveLength(20);
    expect(Date.now() - started).toBeLessThan(10_000);
    const rows = await s.t.db
      .select({ n: busOrder.printTimes })
      .from(busOrder)
      .where(
        inArray(
          busOrder.id,
          many.map((o) => o.id),
        ),
      );
    expect(rows.every((r) => r.n === 1)).toBe(true);
    // a batch too long for the path: the ids in the body, '0' in the path
    const all = [...many.map((o) => o.id), received.id, staged.id, noMark.id];
    const long = await pdfOf(await s.admin.post('/bus/inware/printbar/0', { ids: all }));
    expect(long.pages).toHaveLength(all.length);
    const receipts = await pdfOf(await s.admin.post('/bus/inware/printware/0/en', { ids: [received.id, noMark.id] }));
    expect(squash(receipts.text)).toContain('WR-NM-7');
    expect((await s.admin.post('/bus/inware/printbar/0')).statusCode).toBe(400);
    expect((await s.admin.post('/bus/inware/printbar/0', { ids: [] })).statusCode).toBe(400);
  });
});
