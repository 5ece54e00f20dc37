import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../test/build-test-app';
import { useBusSuite } from '../bus.test-utils';
import { busOrderLog } from '../order-log/order-log.table';
import { busOrder } from './inware.table';
import { addOrder, getOrder, orderBody } from './inware.test-utils';

const s = useBusSuite({ users: ['admin', 'service', 'dispatcher'] });

const en = { 'accept-language': 'en' };
const HEADERS_EN = [
  'Mark',
  'Transport mode',
  'Origin',
  'Destination',
  'Consignee',
  'Consignee phone',
  'Delivery address',
  'Express tracking no.',
  'Cargo name',
  'Cargo type',
  'Pieces',
  'Weight (kg)',
  'Volume (m³)',
];

async function sheet(rows: (string | number)[][], headers = HEADERS_EN): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('orders');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: Buffer, name = 'orders.xlsx') {
  const boundary = '----theone-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (client: TestClient, file: Buffer, lang = 'en') => {
  const m = multipart(file);
  return client.request({
    method: 'POST',
    url: '/bus/inware/import',
    payload: m.payload,
    headers: { ...m.headers, 'accept-language': lang },
  });
};

async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const good = (i: number): (string | number)[] => [
  'TH001',
  'EK',
  'GZ',
  'BKK',
  'Khun Prasert',
  '0823456789',
  'Bangkok',
  `SF9${String(i).padStart(9, '0')}`,
  '家具',
  '普货',
  3,
  250,
  1.235,
];

describe('[ORDERS] import', () => {
  it('offers a template with headers in the caller language', async () => {
    const r = await s.service.post('/bus/inware/importTemplate', {}, en);
    expect(r.statusCode).toBe(200);
    const rows = await readXlsx(r.rawPayload);
    expect(rows[0]!.slice(0, 4)).toEqual(['Mark', 'Transport mode', 'Origin', 'Destination']);
    expect(rows[1]![0]).toBe('TH001');
  });

  it('imports a good file: staged orders priced like hand-entered ones, each logged', async () => {
    const file = await sheet([
      good(1),
      good(2),
      ['th001', 'Land (EK)', '广州', 'Bangkok', '', '', '', '', '', '', 1, 10, 0.1],
    ]);
    const r = await upload(s.service, file);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ msg: 'Imported 3 orders', data: { created: 3 } });
    const [first] = r.json().data.transportIds as string[];
    const [row] = await s.t.db.select().from(busOrder).where(eq(busOrder.transportId, first!));
    expect(row).toMatchObject({
      status: 0,
      markId: s.ids.TH001,
      busType: 'EK',
      cargoType: '1',
      expressNo: 'SF9000000001',
      feeFreightAr: '1100.00',
    });
    const logs = await s.t.db.select().from(busOrderLog).where(eq(busOrderLog.orderId, row!.id));
    expect(logs.map((l) => l.action)).toEqual(['import']);
  });

  it('refuses a bad file with every error by row and column in the caller language, saving nothing', async () => {
    const before = (await s.t.db.select({ n: sql<number>`count(*)::int` }).from(busOrder))[0]!.n;
    const file = await sheet([
      good(3),
      ['NOPE', 'EK', 'GZ', 'BKK', '', '', '', '', '', '', 1, 1, 1],
      ['TH001', 'BOAT', 'GZ', 'BKK', '', '12345', '', 'SF1，SF2', '', '', -1, 'abc', 1],
      ['YW101', 'EK', 'YW', 'BKK', '', '', '', '', '', '', 1, 1, 1],
    ]);
    const r = await upload(s.service, file);
    expect(r.statusCode).toBe(400);
    const errors = r.json().data.errors as { row: number; column: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, column: 'Mark', message: expect.stringContaining('NOPE') }),
        expect.objectContaining({ row: 4, column: 'Transport mode' }),
        expect.objectContaining({ row: 4, column: 'Consignee phone' }),
        expect.objectContaining({
          row: 4,
          column: 'Express tracking no.',
          message: 'Separate several numbers with English commas',
        }),
        expect.objectContaining({ row: 4, column: 'Pieces' }),
        expect.objectContaining({ row: 4, column: 'Weight (kg)' }),
        // YW101 belongs to sales2's customer, served by nobody the service user serves
        expect.objectContaining({ row: 5, column: 'Mark' }),
      ]),
    );
    const th = await upload(s.service, file, 'th');
    expect(th.json().data.errors[0].column).toBe('มาร์ค');
    const after = (await s.t.db.select({ n: sql<number>`count(*)::int` }).from(busOrder))[0]!.n;
    expect(after).toBe(before);
  });

  it('refuses a file that is not Excel, and a file over 5,000 rows', async () => {
    const notExcel = await upload(s.service, Buffer.from('transportId,mark\nTH1,TH001\n'));
    expect(notExcel.statusCode).toBe(415);
    expect(notExcel.json().errorCode).toBe('UNSUPPORTED_FILE');
    const big = await sheet(Array.from({ length: 10_000 }, (_, i) => good(100_000 + i)));
    const r = await upload(s.service, big);
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('At most 5000 rows per import');
    expect((await upload(s.dispatcher, await sheet([good(9)]))).statusCode).toBe(403);
  });

  it('imports 5,000 rows in one go', async () => {
    const file = await sheet(Array.from({ length: 5_000 }, (_, i) => good(200_000 + i)));
    const started = Date.now();
    const r = await upload(s.admin, file);
    expect(r.statusCode, r.body.slice(0, 500)).toBe(200);
    expect(r.json().data.created).toBe(5_000);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(new Set(r.json().data.transportIds).size).toBe(5_000);
  }, 60_000);
});

describe('[ORDERS] export', () => {
  it('exports the filtered list, read back cell by cell; fee columns only for the fee role', async () => {
    const o = await addOrder(
      s.admin,
      orderBody(s.ids, { expressNo: 'SF700000001,SF700000002', businessNo: 'PO-EXP', consignee: '=cmd()' }),
    );
    const d = await getOrder(s.admin, o.id);
    const r = await s.admin.post('/bus/inware/export', 'view=orderList&businessNo=PO-EXP', {
      'content-type': 'application/x-www-form-urlencoded',
      ...en,
    });
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(r.rawPayload);
    const header = rows[0] as string[];
    expect(header.slice(0, 5)).toEqual(['Waybill no.', 'Status', 'Mark', 'Customer name', 'Transport mode']);
    expect(rows).toHaveLength(2);
    const cell = (name: string) => rows[1]![header.indexOf(name)];
    expect(cell('Waybill no.')).toBe(o.transportId);
    expect(cell('Status')).toBe('Staged');
    expect(cell('Mark')).toBe('TH001');
    expect(cell('Transport mode')).toBe('Land (EK)');
    expect(cell('Origin')).toBe('Guangzhou');
    expect(cell('Consignee')).toBe("'=cmd()");
    expect(cell('Express tracking no.')).toBe('SF700000001,SF700000002');
    expect(cell('Pieces')).toBe(3);
    expect(cell('Weight (kg)')).toBe(250);
    expect(cell('Volume (m³)')).toBe(1.235);
    expect(cell('Freight')).toBe(Number(d.feeFreightAr));
    expect(cell('Total receivable')).toBe(1100);
    expect(cell('Currency')).toBe('RMB');

    const sres = await s.service.post('/bus/inware/export', { view: 'unOrder', businessNo: 'PO-EXP' }, en);
    expect(sres.statusCode).toBe(200);
    const srows = await readXlsx(sres.rawPayload);
    expect(srows[0]).not.toContain('Freight');
    expect(srows[0]).not.toContain('Currency');
    expect(srows[1]![0]).toBe(o.transportId);
  });

  it('exports the selected ids, refuses M8 with JSON, and needs the view export key', async () => {
    const o = await addOrder(s.admin, orderBody(s.ids));
    const r = await s.admin.post('/bus/inware/export', { view: 'orderList', ids: String(o.id) });
    expect((await readXlsx(r.rawPayload)).map((x) => x[0])).toEqual(['运单号', o.transportId]);
    const m8 = await s.admin.post('/bus/inware/export', { view: 'orderList' }, en);
    expect(m8.statusCode).toBe(400);
    expect(m8.json().msg).toBe('Enter at least one search condition');
    expect((await s.dispatcher.post('/bus/inware/export', { view: 'unOrder' })).statusCode).toBe(403);
  });

  it("exports an order's fee sheet (fee role) and the cargo lines of selected orders", async () => {
    const o = await addOrder(
      s.admin,
      orderBody(s.ids, {
        feePickAr: '25',
        cargoLines: [
          { piece: 2, cargoLength: '50', cargoWidth: '40', cargoHight: '30', weight: '100' },
          { piece: 1, volume: '1', weight: '150' },
        ],
      }),
    );
    const fee = await s.admin.post(`/bus/inware/export/fee/${o.id}`, {}, en);
    expect(fee.statusCode).toBe(200);
    const frows = await readXlsx(fee.rawPayload);
    expect(frows[0]).toEqual(['Fee item', 'Amount', 'Currency']);
    expect(frows).toContainEqual(['Freight', 1100, 'RMB']);
    expect(frows).toContainEqual(['Pick-up fee', 25, 'RMB']);
    expect(frows).toContainEqual(['Total receivable', 1125, 'RMB']);
    expect((await s.service.post(`/bus/inware/export/fee/${o.id}`, {})).statusCode).toBe(403);

    const cargo = await s.service.post(`/bus/inware/cargo/export/${o.id}`, {}, en);
    expect(cargo.statusCode).toBe(200);
    const crows = await readXlsx(cargo.rawPayload);
    expect(crows[0]!.slice(0, 5)).toEqual(['Waybill no.', 'Mark', 'Warehouse receipt no.', 'Line', 'Pieces']);
    expect(crows[1]).toEqual([o.transportId, 'TH001', undefined, 1, 2, undefined, 50, 40, 30, '50×40×30', 100, 0.12]);
    expect(crows[2]!.slice(-2)).toEqual([150, 1]);
    const sales2 = await s.t.login('sales2');
    expect((await sales2.post(`/bus/inware/cargo/export/${o.id}`, {})).statusCode).toBe(404);
  });
});
