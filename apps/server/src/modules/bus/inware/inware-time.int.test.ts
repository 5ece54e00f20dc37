import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { inspectPdf, squash } from '../../../platform/pdf/pdf-inspect.test-utils';
import { useBusSuite } from '../bus.test-utils';
import { busOrder } from './inware.table';
import { addOrder, getOrder, orderBody, orderLog } from './inware.test-utils';

/**
 * Business time on the order (issue 10 item 3): times in bodies are business-time-zone text or ISO 8601 with a zone;
 * a time sent back as the server answered it is stored unchanged, and an edit that changes nothing writes no log row.
 */

const s = useBusSuite({ users: ['admin'] });

const editBody = (o: Awaited<ReturnType<typeof getOrder>>, overrides: Record<string, unknown> = {}) => ({
  ...orderBody(s.ids),
  id: o.id,
  version: o.version,
  orderTime: o.orderTime,
  preArriveTime: o.preArriveTime,
  ...overrides,
});

describe('[ORDERS] business time', () => {
  it('reads zone-less times in the business time zone (Asia/Shanghai) and answers instants', async () => {
    const added = await addOrder(
      s.admin,
      orderBody(s.ids, { orderTime: '2026-11-10 00:30:00', preArriveTime: '2026-11-17 00:30:00' }),
    );
    const o = await getOrder(s.admin, added.id);
    expect(o.orderTime).toBe('2026-11-09T16:30:00.000Z');
    expect(o.preArriveTime).toBe('2026-11-16T16:30:00.000Z');
  });

  it('stores an unchanged time unchanged (to the millisecond) and logs nothing when nothing changed', async () => {
    const added = await addOrder(s.admin, orderBody(s.ids, { orderTime: '2026-11-10 00:30:00' }));
    // an order time with milliseconds (orders registered at the scanner take the clock's time)
    await s.t.db
      .update(busOrder)
      .set({ orderTime: new Date('2026-11-09T16:30:00.456Z') })
      .where(eq(busOrder.id, added.id));
    const before = await getOrder(s.admin, added.id);
    const rows = (await orderLog(s.admin, added.id)).length;
    const res = await s.admin.post('/bus/inware/edit', editBody(before));
    expect(res.statusCode, res.body).toBe(200);
    const after = await getOrder(s.admin, added.id);
    expect(after.orderTime).toBe('2026-11-09T16:30:00.456Z');
    expect(after.preArriveTime).toBe(before.preArriveTime);
    expect(await orderLog(s.admin, added.id)).toHaveLength(rows);
  });

  it('logs a changed time as instants, before and after', async () => {
    const added = await addOrder(s.admin, orderBody(s.ids, { orderTime: '2026-11-10 00:30:00' }));
    const before = await getOrder(s.admin, added.id);
    const res = await s.admin.post('/bus/inware/edit', editBody(before, { orderTime: '2026-11-11 00:30:00' }));
    expect(res.statusCode, res.body).toBe(200);
    const log = await orderLog(s.admin, added.id);
    expect(log.at(-1)?.changes).toContainEqual({
      field: 'orderTime',
      before: '2026-11-09T16:30:00.000Z',
      after: '2026-11-10T16:30:00.000Z',
    });
  });

  it('getInfo tells the web the business time zone', async () => {
    expect((await s.admin.get('/system/user/getInfo')).json().timezone).toBe('Asia/Shanghai');
  });

  it('exports order time as the business wall clock', async () => {
    const added = await addOrder(s.admin, orderBody(s.ids, { orderTime: '2026-11-10 00:30:00' }));
    const res = await s.admin.post(
      '/bus/inware/export',
      { view: 'orderList', transportId: added.transportId },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const column = headers.indexOf('Order time');
    expect(column).toBeGreaterThan(0);
    expect(String(sheet.getRow(2).getCell(column).value)).toBe('2026-11-10 00:30:00');
  });

  it('prints the label with the business day of the order time', async () => {
    // 00:30 in Shanghai is still the 9th in UTC (where the test server may run)
    const added = await addOrder(s.admin, orderBody(s.ids, { orderTime: '2026-11-10 00:30:00' }));
    const res = await s.admin.post(`/bus/inware/printbar/${added.id}`);
    expect(res.statusCode).toBe(200);
    const pdf = await inspectPdf(res.rawPayload);
    const label = squash(pdf.pages[0]!);
    expect(label).toContain('2026-11-10');
    expect(label).not.toContain('2026-11-09');
  });
});
