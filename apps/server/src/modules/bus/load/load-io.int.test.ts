import { cpus, loadavg } from 'node:os';
import { ORDER_FEE_AR_FIELDS } from '@theone/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectTexts, pdfAnswer, squash } from '../../../platform/pdf/pdf-inspect.test-utils';
import { userWithPerms } from '../../bas/bas.test-utils';
import { sysMenu } from '../../system/menu/menu.table';
import { sysRole, sysRoleMenu } from '../../system/role/role.table';
import { useBusSuite } from '../bus.test-utils';
import { busOrder } from '../inware/inware.table';
import { addOrder, orderBody, receiveOrder } from '../inware/inware.test-utils';
import { insertLoad } from './load.test-utils';
import { refreshLoadTotals } from './load-record';

/**
 * Prints and exports of loads (load-io.routes.ts): loading list PDFs read back with pdfjs (container number, marks,
 * waybills, three languages, a plan's planned list, printAll of two loads), the manifest and the container bill
 * parsed with exceljs and checked cell by cell against SQL sums, 400 / 403 / fee role / data scope, and the budget
 * of a 500-order container's list.
 *
 * Loads and their orders are set up directly in the tables (the plan and load actions have their own tests):
 * load A (L1, container CSQU3054383): TH001 ×2 (sales, one in THB), BK001 (sales, planned, not loaded),
 * YW101 (sales2); plan B (L0): TH002 (sales); load C (L2): YW101 only (sales2).
 */
const s = useBusSuite({
  users: ['admin', 'dispatcher', 'finance', 'driver'],
  setup: async ({ t }) => {
    // The sales role (self scope, fee role) is given the load document keys for the data-scope cases.
    const [role] = await t.db.select({ id: sysRole.roleId }).from(sysRole).where(eq(sysRole.roleKey, 'sales'));
    const menus = await t.db
      .select({ id: sysMenu.menuId })
      .from(sysMenu)
      .where(
        inArray(sysMenu.perms, ['bus:load:print', 'bus:load:exportInfo', 'bus:load:exportBill', 'bus:load:export']),
      );
    await t.db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role!.id, menuId: m.id })));
    return { sales: await t.login('sales') };
  },
});

let loadA: number;
let planB: number;
let loadC: number;
const orders: Record<string, { id: number; transportId: string }> = {};
const CONTAINER = 'CSQU3054383';

const th = { 'accept-language': 'th' };
async function pdfOf(res: Parameters<typeof pdfAnswer>[0]) {
  const pdf = await pdfAnswer(res, 'load');
  expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
  return pdf;
}

async function workbook(res: {
  statusCode: number;
  body: string;
  rawPayload: Buffer;
  headers: Record<string, unknown>;
}) {
  expect(res.statusCode, res.statusCode === 200 ? '' : res.body).toBe(200);
  expect(String(res.headers['content-type'])).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: ws.name, rows };
  });
}

/** A sheet's rows as objects keyed by its header row. */
const records = (rows: unknown[][]) =>
  rows.slice(1).map((r) => Object.fromEntries((rows[0] as string[]).map((h, i) => [h, r[i]])));

async function order(
  key: string,
  markId: number,
  figures: { arrivedPiece: number; arrivedWeight: string; arrivedVolume: string },
  cargoName: string,
) {
  const o = await addOrder(s.admin, orderBody(s.ids, { markId, status: 1, cargoName, consignee: `Khun ${key}` }));
  await receiveOrder(s.admin, s.ids, o.id, `WR-LIO-${key}`, figures);
  orders[key] = o;
  return o;
}

async function newLoad(loadNo: string, status: number, containerNo = '') {
  const row = await insertLoad(s.t, s.ids, {
    loadNo,
    status,
    loadTime: new Date('2026-11-20T02:30:00Z'),
    loadPerson: '王师傅',
    vesselName: 'WAN HAI 301',
    voyageNo: 'N123',
    containerNo,
    sealNo: containerNo ? 'SL-778899' : '',
    createBy: 'admin',
  });
  return row.id;
}

async function putInLoad(loadId: number, keys: string[], status: number, containerNo = '') {
  await s.t.db
    .update(busOrder)
    .set({ loadId, status, containerNo: status >= 4 ? containerNo : '' })
    .where(
      inArray(
        busOrder.id,
        keys.map((k) => orders[k]!.id),
      ),
    );
  // written directly: keep the load's stored totals and marks as the order core would
  await refreshLoadTotals(s.t.db, [loadId]);
}

/** Σ of the load's orders per mark straight from SQL (the figures a document must show). */
async function sqlSums(loadId: number, markCode?: string) {
  const r = await s.t.db.execute<{
    orders: number;
    pieces: number;
    weight: string;
    volume: string;
    freight: string;
    pick: string;
    ar: string;
  }>(sql`SELECT count(*)::int AS orders, coalesce(sum(o.arrived_piece), 0)::int AS pieces,
      coalesce(sum(o.arrived_weight), 0)::text AS weight, coalesce(sum(o.arrived_volume), 0)::text AS volume,
      coalesce(sum(o.fee_freight_ar), 0)::numeric(16,2)::text AS freight,
      coalesce(sum(o.fee_pick_ar), 0)::numeric(16,2)::text AS pick,
      coalesce(sum(o.fee_ar_amount), 0)::numeric(16,2)::text AS ar
    FROM bus_order o JOIN bas_mark m ON m.id = o.mark_id
    WHERE o.load_id = ${loadId} ${markCode ? sql`AND m.mark = ${markCode}` : sql``}`);
  return r.rows[0]!;
}

/** The number of a cell as written (exceljs reads numbers back as numbers). */
const num = (v: unknown) => Number(v);

beforeAll(async () => {
  await order('a1', s.ids.TH001, { arrivedPiece: 3, arrivedWeight: '250.5', arrivedVolume: '1.235' }, '实木家具');
  await order('a2', s.ids.TH001, { arrivedPiece: 2, arrivedWeight: '80', arrivedVolume: '0.5' }, '灯具');
  await order('a3', s.ids.YW101, { arrivedPiece: 5, arrivedWeight: '120.25', arrivedVolume: '0.875' }, '布料');
  await order('a4', s.ids.BK001, { arrivedPiece: 1, arrivedWeight: '30', arrivedVolume: '0.2' }, 'เสื้อผ้า');
  await order('b1', s.ids.TH002, { arrivedPiece: 4, arrivedWeight: '60', arrivedVolume: '0.4' }, '鞋子');
  await order('c1', s.ids.YW101, { arrivedPiece: 6, arrivedWeight: '90', arrivedVolume: '0.6' }, '玩具');
  // Known receivables (the bill sums them): freight and pick-up, and one order billed in THB.
  const fees: Record<string, { feeFreightAr: string; feePickAr: string; feeArAmount: string; currency?: string }> = {
    a1: { feeFreightAr: '1049.75', feePickAr: '20.00', feeArAmount: '1069.75' },
    a2: { feeFreightAr: '2000.00', feePickAr: '0.00', feeArAmount: '2000.00', currency: 'THB' },
    a3: { feeFreightAr: '300.10', feePickAr: '15.50', feeArAmount: '315.60' },
    a4: { feeFreightAr: '88.88', feePickAr: '0.00', feeArAmount: '88.88' },
  };
  const zero = Object.fromEntries(ORDER_FEE_AR_FIELDS.map((f) => [f, '0.00']));
  for (const [key, f] of Object.entries(fees))
    await s.t.db
      .update(busOrder)
      .set({ ...zero, currency: 'RMB', ...f })
      .where(eq(busOrder.id, orders[key]!.id));

  loadA = await newLoad('LD2611200001', 1, CONTAINER);
  await putInLoad(loadA, ['a1', 'a2', 'a3'], 4, CONTAINER);
  await putInLoad(loadA, ['a4'], 3);
  planB = await newLoad('LD2611200002', 0);
  await putInLoad(planB, ['b1'], 3);
  loadC = await newLoad('LD2611200003', 2, 'TGHU1234560');
  await putInLoad(loadC, ['c1'], 4, 'TGHU1234560');
});

describe('POST /bus/load/print/{id}: the loading list', () => {
  it('prints the header, the marks with their orders and subtotals, the total and the signature lines (zh-cn)', async () => {
    const res = await s.dispatcher.post(`/bus/load/print/${loadA}`);
    const pdf = await pdfOf(res);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`装柜清单_${CONTAINER}`));
    const text = squash(pdf.text);
    expectTexts(text, ['装柜清单', CONTAINER, 'SL-778899', 'LD2611200001', 'WANHAI301/N123', '王师傅', '广州→曼谷']);
    for (const k of ['a1', 'a2', 'a3', 'a4']) expect(text).toContain(orders[k]!.transportId);
    for (const m of ['TH001', 'YW101', 'BK001']) expect(text).toContain(m);
    // TH001: 5 pieces, 330.50 kg, 1.735 m³, two of two loaded; BK001's one order is planned, not loaded.
    expectTexts(text, [
      'TH001小计5330.501.7352/2',
      'BK001小计130.000.2000/1',
      // overall: 4 orders, 11 pieces, 480.75 kg, 2.810 m³, 3 loaded
      '合计411480.752.8103',
      '实木家具',
      '装柜人',
      '复核人',
      '司机',
    ]);
    expect(pdf.images).toBe(1);
  });

  it('prints in the language asked by ?lang=, and a plan (L0) as its planned loading list', async () => {
    const en = squash((await pdfOf(await s.dispatcher.post(`/bus/load/print/${loadA}?lang=en`))).text);
    expect(en).toContain('Loadinglist');
    expect(en).toContain('Checkedby');
    expect(en).toContain('SubtotalTH001');
    const plan = squash((await pdfOf(await s.dispatcher.post(`/bus/load/print/${planB}`, undefined, th))).text);
    expect(plan).toContain('ใบแผนโหลดตู้');
    expect(plan).toContain(orders.b1!.transportId);
    expect(plan).toContain('TH002');
  });

  it('refuses a bad id or language (400), a caller without the key (403), an unknown load (404)', async () => {
    expect((await s.dispatcher.post('/bus/load/print/abc')).statusCode).toBe(400);
    expect((await s.dispatcher.post(`/bus/load/print/${loadA}?lang=fr`)).statusCode).toBe(400);
    expect((await s.driver.post(`/bus/load/print/${loadA}`)).statusCode).toBe(403);
    expect((await s.finance.post(`/bus/load/print/${loadA}`)).statusCode).toBe(403);
    expect((await s.dispatcher.post('/bus/load/print/99999999')).statusCode).toBe(404);
  });

  it("gives a sales person only their customers' orders, and 404 for a container without any", async () => {
    const text = squash((await pdfOf(await s.sales.post(`/bus/load/print/${loadA}`))).text);
    expect(text).toContain(orders.a1!.transportId);
    expect(text).toContain(orders.a4!.transportId);
    expect(text).not.toContain(orders.a3!.transportId);
    expect(text).not.toContain('YW101');
    // their three orders only: 6 pieces, 360.50 kg, 1.935 m³
    expect(text).toContain('合计36360.501.9352');
    expect((await s.sales.post(`/bus/load/print/${loadC}`)).statusCode).toBe(404);
    expect((await s.sales.post(`/bus/load/printAll/${loadA},${loadC}/zh`)).statusCode).toBe(404);
  });
});

describe('POST /bus/load/printAll/{ids}/{lang}', () => {
  it('prints two containers in one PDF, one section each, in zh, en and th', async () => {
    const words = {
      zh: ['装柜清单', '预配装柜单'],
      en: ['Loadinglist', 'Plannedloadinglist'],
      th: ['ใบรายการโหลดตู้', 'ใบแผนโหลดตู้'],
    };
    for (const [lang, [loaded, planned]] of Object.entries(words)) {
      const pdf = await pdfOf(await s.dispatcher.post(`/bus/load/printAll/${loadA},${planB}/${lang}`));
      expect(pdf.pages.length).toBeGreaterThanOrEqual(2);
      const first = squash(pdf.pages[0]!);
      const last = squash(pdf.pages.at(-1)!);
      expect(first).toContain(loaded);
      expect(first).toContain(CONTAINER);
      expect(last).toContain(planned);
      expect(last).toContain('LD2611200002');
      expect(pdf.images).toBe(2);
    }
    const thai = squash((await pdfOf(await s.dispatcher.post(`/bus/load/printAll/${loadA},${planB}/th`))).text);
    expect(thai).toContain('ผู้ตรวจสอบ');
    expect(thai).toContain('คนขับรถ');
    expect(thai).toContain('เสื้อผ้า');
  });

  it('refuses an unknown language or bad ids (400) and a caller without the key (403)', async () => {
    expect((await s.dispatcher.post(`/bus/load/printAll/${loadA}/fr`)).statusCode).toBe(400);
    expect((await s.dispatcher.post('/bus/load/printAll/1,x/en')).statusCode).toBe(400);
    const tooMany = await s.dispatcher.post(
      `/bus/load/printAll/${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}/en`,
      undefined,
      { 'accept-language': 'en' },
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe('Print the loading lists of at most 50 containers at a time');
    expect((await s.driver.post(`/bus/load/printAll/${loadA}/en`)).statusCode).toBe(403);
  });
});

describe('POST /bus/load/exportLoadInfo: the manifest per mark', () => {
  it('writes one row per mark (and a total) and the order lines on a second sheet, matching the SQL sums', async () => {
    const sheets = await workbook(
      await s.dispatcher.post('/bus/load/exportLoadInfo', { id: loadA }, { 'accept-language': 'en' }),
    );
    expect(sheets).toHaveLength(3);
    expect(sheets[0]!.name).toBe(`Manifest ${CONTAINER}`);
    expect(sheets[1]!.name).toBe('Order lines');
    expect(sheets[2]!.name).toBe('Container');
    const container = Object.fromEntries(sheets[2]!.rows.slice(1).map(([k, v]) => [k, v]));
    expect(container).toMatchObject({
      'Container no.': CONTAINER,
      'Seal no.': 'SL-778899',
      Vessel: 'WAN HAI 301',
      'Voyage no.': 'N123',
      'Loading time': '2026-11-20 10:30:00',
      Orders: '4',
      Pieces: '11',
    });
    const marks = records(sheets[0]!.rows);
    expect(marks.map((m) => m.Mark)).toEqual(['BK001', 'TH001', 'YW101', 'Total']);
    for (const m of marks.slice(0, 3)) {
      const sums = await sqlSums(loadA, String(m.Mark));
      expect(num(m.Orders)).toBe(sums.orders);
      expect(num(m.Pieces)).toBe(sums.pieces);
      expect(num(m['Weight (kg)'])).toBe(Number(sums.weight));
      expect(num(m['Volume (m³)'])).toBe(Number(sums.volume));
    }
    const all = await sqlSums(loadA);
    expect(num(marks[3]!.Pieces)).toBe(all.pieces);
    expect(num(marks[3]!['Weight (kg)'])).toBe(Number(all.weight));
    expect(marks[1]!['Cargo name']).toBe('实木家具, 灯具');
    expect(marks[1]!.Consignee).toBe('Khun a1, Khun a2');
    const lines = records(sheets[1]!.rows);
    expect(lines.map((l) => l['Waybill no.']).sort()).toEqual(
      ['a1', 'a2', 'a3', 'a4'].map((k) => orders[k]!.transportId).sort(),
    );
    expect(lines.find((l) => l['Waybill no.'] === orders.a4!.transportId)!['Cargo name']).toBe('เสื้อผ้า');
  });

  it('uses the caller language for the headers and gives a sales person only their lines', async () => {
    const sheets = await workbook(await s.sales.post('/bus/load/exportLoadInfo', { id: loadA }));
    expect(sheets[0]!.rows[0]![0]).toBe('唛头');
    const lines = records(sheets[1]!.rows);
    expect(lines.map((l) => l.运单号)).not.toContain(orders.a3!.transportId);
    expect(lines).toHaveLength(3);
    expect((await s.sales.post('/bus/load/exportLoadInfo', { id: loadC })).statusCode).toBe(404);
  });

  it('refuses a bad body (400) and a caller without the key (403)', async () => {
    expect((await s.dispatcher.post('/bus/load/exportLoadInfo', {})).statusCode).toBe(400);
    expect((await s.dispatcher.post('/bus/load/exportLoadInfo', { id: 'x' })).statusCode).toBe(400);
    expect((await s.dispatcher.post('/bus/load/exportLoadInfo', { id: loadA, extra: 1 })).statusCode).toBe(400);
    expect((await s.finance.post('/bus/load/exportLoadInfo', { id: loadA })).statusCode).toBe(403);
  });
});

describe('POST /bus/load/exportLoadBill: the container bill [fee]', () => {
  it('sums the receivables per mark and currency, with a total per currency, as SQL does', async () => {
    const sheets = await workbook(
      await s.finance.post('/bus/load/exportLoadBill', { id: loadA }, { 'accept-language': 'en' }),
    );
    const rows = records(sheets[0]!.rows);
    expect(Object.keys(rows[0]!)).toEqual([
      'Mark',
      'Customer name',
      'Currency',
      'Orders',
      'Freight',
      'Pick-up fee',
      'Total receivable',
    ]);
    expect(rows.map((r) => [r.Mark, r.Currency])).toEqual([
      ['BK001', 'RMB'],
      ['TH001', 'RMB'],
      ['TH001', 'THB'],
      ['YW101', 'RMB'],
      ['Total', 'RMB'],
      ['Total', 'THB'],
    ]);
    for (const code of ['BK001', 'YW101']) {
      const sums = await sqlSums(loadA, code);
      const r = rows.find((x) => x.Mark === code)!;
      expect(num(r.Freight)).toBe(Number(sums.freight));
      expect(num(r['Pick-up fee'])).toBe(Number(sums.pick));
      expect(num(r['Total receivable'])).toBe(Number(sums.ar));
    }
    expect(num(rows[1]!['Total receivable'])).toBe(1069.75);
    expect(num(rows[2]!['Total receivable'])).toBe(2000);
    const rmb = await s.t.db.execute<{ ar: string }>(
      sql`SELECT sum(fee_ar_amount)::text AS ar FROM bus_order WHERE load_id = ${loadA} AND currency = 'RMB'`,
    );
    expect(num(rows[4]!['Total receivable'])).toBe(Number(rmb.rows[0]!.ar));
    expect(num(rows[4]!.Orders)).toBe(3);
  });

  it("gives a sales person (fee role) only their customers' marks", async () => {
    const rows = records((await workbook(await s.sales.post('/bus/load/exportLoadBill', { id: loadA })))[0]!.rows);
    expect(rows.map((r) => r.唛头)).toEqual(['BK001', 'TH001', 'TH001', '合计', '合计']);
    expect((await s.sales.post('/bus/load/exportLoadBill', { id: loadC })).statusCode).toBe(404);
  });

  it('refuses without the key (403), without the fee role even with the key (403), and a bad body (400)', async () => {
    expect((await s.dispatcher.post('/bus/load/exportLoadBill', { id: loadA })).statusCode).toBe(403);
    const keyOnly = await userWithPerms(s.t, 'bill_no_fee', ['bus:load', 'bus:load:exportBill']);
    const res = await keyOnly.post('/bus/load/exportLoadBill', { id: loadA });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('没有费用权限');
    expect((await s.finance.post('/bus/load/exportLoadBill', { id: -1 })).statusCode).toBe(400);
  });
});

describe('POST /bus/load/export and /bus/loadplan/export: the lists', () => {
  const en = { 'accept-language': 'en' };
  const FEE_HEADERS = ['Container cost', 'Order receivables', 'Estimated margin', 'Currency'];

  it("exports load/list's loads (L1-L5) with the list's columns and the sums of their orders, without fee columns for a non-fee user", async () => {
    const [sheet] = await workbook(await s.dispatcher.post('/bus/load/export', {}, en));
    const headers = sheet!.rows[0] as string[];
    expect(headers.slice(0, 3)).toEqual(['Load no.', 'Status', 'Container no.']);
    for (const h of FEE_HEADERS) expect(headers).not.toContain(h);
    const rows = records(sheet!.rows);
    expect(rows.map((r) => r['Load no.']).sort()).toEqual(['LD2611200001', 'LD2611200003']);
    const a = rows.find((r) => r['Load no.'] === 'LD2611200001')!;
    const sums = await sqlSums(loadA);
    expect(a['Container no.']).toBe(CONTAINER);
    expect(num(a.Orders)).toBe(sums.orders);
    expect(num(a.Pieces)).toBe(sums.pieces);
    expect(num(a['Weight (kg)'])).toBe(Number(sums.weight));
    expect(num(a['Volume (m³)'])).toBe(Number(sums.volume));
    expect(num(a.Loaded)).toBe(3);
  });

  it('adds the fee columns for the fee role, summed as SQL does', async () => {
    const [sheet] = await workbook(await s.finance.post('/bus/load/export', { containerNo: CONTAINER }, en));
    const headers = sheet!.rows[0] as string[];
    for (const h of FEE_HEADERS) expect(headers).toContain(h);
    const rows = records(sheet!.rows);
    expect(rows).toHaveLength(1);
    expect(num(rows[0]!['Order receivables'])).toBe(Number((await sqlSums(loadA)).ar));
  });

  it('exports load plans (L0/L1 by default), the ticked ids, or one plan by id', async () => {
    const list = records((await workbook(await s.dispatcher.post('/bus/loadplan/export', undefined, en)))[0]!.rows);
    expect(list.map((r) => r['Load no.']).sort()).toEqual(['LD2611200001', 'LD2611200002']);
    expect(Object.keys(list[0]!)).toContain('Planned loading time');
    const one = records((await workbook(await s.dispatcher.post('/bus/loadplan/export', { id: planB }, en)))[0]!.rows);
    expect(one.map((r) => r['Load no.'])).toEqual(['LD2611200002']);
    expect(num(one[0]!.Orders)).toBe(1);
    const ticked = records(
      (await workbook(await s.dispatcher.post('/bus/load/export', { ids: `${loadC},${loadA}` }, en)))[0]!.rows,
    );
    expect(ticked.map((r) => r['Load no.'])).toEqual(['LD2611200003', 'LD2611200001']);
  });

  it("gives a sales person the loads holding their customers' orders, with only their orders' sums", async () => {
    const rows = records((await workbook(await s.sales.post('/bus/load/export', {}, en)))[0]!.rows);
    expect(rows.map((r) => r['Load no.'])).toEqual(['LD2611200001']);
    expect(num(rows[0]!.Orders)).toBe(3);
    expect(num(rows[0]!.Pieces)).toBe(6);
    expect((await s.sales.post('/bus/load/export', { id: loadC })).statusCode).toBe(404);
  });

  it('refuses bad filters (400) and callers without the key (403)', async () => {
    expect((await s.dispatcher.post('/bus/load/export', { status: 'x' })).statusCode).toBe(400);
    expect((await s.dispatcher.post('/bus/load/export', { nope: 1 })).statusCode).toBe(400);
    expect((await s.dispatcher.post('/bus/loadplan/export', { ids: 'a,b' })).statusCode).toBe(400);
    expect((await s.finance.post('/bus/loadplan/export', {})).statusCode).toBe(403);
    expect((await s.driver.post('/bus/load/export', {})).statusCode).toBe(403);
  });
});

describe('budget: the loading list of a 500-order container', () => {
  it('prints in under 3 s', async () => {
    const [template] = await s.t.db.select().from(busOrder).where(eq(busOrder.id, orders.a1!.id));
    const big = await newLoad('LD2611200500', 2, 'MSCU6639870');
    const { id: _id, ...rest } = template!;
    const marks = [s.ids.TH001, s.ids.TH002, s.ids.BK001, s.ids.YW101, s.ids.CM888];
    for (let chunk = 0; chunk < 500; chunk += 100) {
      await s.t.db.insert(busOrder).values(
        Array.from({ length: 100 }, (_, i) => ({
          ...rest,
          transportId: `THB${String(chunk + i).padStart(9, '0')}`,
          markId: marks[(chunk + i) % marks.length]!,
          loadId: big,
          status: 4,
          trayNo: `R${(chunk + i) % 40}-${(chunk + i) % 7}`,
        })),
      );
    }
    // The fonts are parsed once per process (a server preloads them at start-up): warm them first.
    expect((await s.dispatcher.post(`/bus/load/print/${planB}`)).statusCode).toBe(200);
    const started = performance.now();
    const res = await s.dispatcher.post(`/bus/load/print/${big}`);
    const elapsed = performance.now() - started;
    const pdf = await pdfOf(res);
    expect(squash(pdf.text)).toContain('THB000000499');
    expect(squash(pdf.text)).toContain('合计5001500');
    // a long list runs over pages; each page's footer names the container
    expect(pdf.pages.length).toBeGreaterThan(10);
    expect(squash(pdf.pages.at(-1)!)).toContain('MSCU6639870·LD2611200500');
    // 3 s on a machine with CPU to spare; stretched by how overloaded a shared test machine is.
    expect(elapsed).toBeLessThan(3000 * Math.max(1, loadavg()[0]! / cpus().length));
  });
});
