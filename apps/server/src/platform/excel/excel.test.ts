import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth/auth-context';
import type { DbOrTx } from '../db/database';
import { formatDateTime } from '../time';
import { keysetBatches, neutraliseFormula, readSheet, sendExcel } from './excel';

const noDb = { select: () => ({ from: () => ({ where: () => ({ orderBy: async () => [] }) }) }) } as unknown as DbOrTx;

async function exportWith(feeRole: boolean, rows: Array<Record<string, unknown>>) {
  const app = Fastify({ logger: false });
  app.decorateRequest('lang', 'en');
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.get('/x', { config: { heavy: 'export' } }, async (req, reply) => {
    req.auth = { feeRole } as AuthContext;
    return sendExcel(req, reply, {
      fileName: 'menu_profile',
      db: noDb,
      columns: [
        { key: 'waybill', header: 'msg_op_success' },
        { key: 'feeArAmount', header: 'err_required', type: 'money' },
        { key: 'createTime', header: 'err_internal', type: 'datetime' },
      ],
      rows,
    });
  });
  const res = await app.inject({ method: 'GET', url: '/x' });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { res, sheet: wb.worksheets[0]! };
}

describe('excel export', () => {
  it('writes translated headers, a UTF-8 file name, values, money as numbers and neutralised formulas', async () => {
    const { res, sheet } = await exportWith(true, [
      { waybill: '=HYPERLINK("http://evil")', feeArAmount: '1234.50', createTime: new Date('2026-11-22T00:00:00Z') },
      { waybill: 'TH001', feeArAmount: '0.10', createTime: null },
    ]);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/filename\*=UTF-8''Profile_\d{14}\.xlsx/);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Operation succeeded', expect.any(String), expect.any(String)]);
    expect(sheet.getCell('A2').value).toBe(`'=HYPERLINK("http://evil")`);
    expect(sheet.getCell('B2').value).toBe(1234.5);
    expect(sheet.getCell('C2').value).toBe('2026-11-22 08:00:00');
    expect(sheet.getCell('A3').value).toBe('TH001');
  });

  it('drops fee columns for a user without the fee role', async () => {
    const { sheet } = await exportWith(false, [{ waybill: 'A', feeArAmount: '9.99', createTime: null }]);
    expect(sheet.getRow(1).cellCount).toBe(2);
    expect(JSON.stringify(sheet.getRow(2).values)).not.toContain('9.99');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['plain', 'plain'],
  ])('neutralises %s', (input, output) => {
    expect(neutraliseFormula(input)).toBe(output);
  });

  it('writes every row of a sheet larger than one chunk, in order, with Thai and Chinese text intact', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      waybill: `BN${String(i + 1).padStart(6, '0')} ทดสอบ 测试`,
      feeArAmount: `${i}.25`,
      createTime: null,
    }));
    const { sheet } = await exportWith(true, rows);
    expect(sheet.rowCount).toBe(2501);
    for (const n of [1, 2, 700, 1234, 2500]) {
      expect(sheet.getRow(n + 1).getCell(1).value).toBe(`BN${String(n).padStart(6, '0')} ทดสอบ 测试`);
      expect(sheet.getRow(n + 1).getCell(2).value).toBe(n - 1 + 0.25);
    }
  });

  it('formats dates in the business time zone', () => {
    expect(formatDateTime(new Date('2026-01-01T16:30:00Z'), 'Asia/Bangkok')).toBe('2026-01-01 23:30:00');
    expect(formatDateTime(new Date('2026-01-01T16:30:00Z'), 'Asia/Shanghai', true)).toBe('2026-01-02');
  });

  it('reads keyset batches until a short batch', async () => {
    const data = Array.from({ length: 5 }, (_, i) => ({ id: i + 1 }));
    const calls: Array<number | undefined> = [];
    const out: number[] = [];
    for await (const r of keysetBatches(
      async (after, limit) => {
        calls.push(after);
        return data.filter((d) => d.id > (after ?? 0)).slice(0, limit);
      },
      (r) => r.id,
      2,
    ))
      out.push(r.id);
    expect(out).toEqual([1, 2, 3, 4, 5]);
    expect(calls).toEqual([undefined, 2, 4]);
  });
});

describe('excel import reader', () => {
  it('maps headers in any language and skips blank rows', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    ws.addRow(['Operation succeeded', '无关']);
    ws.addRow(['v1', 'x']);
    ws.addRow([]);
    ws.addRow(['v2', 'y']);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const rows = await readSheet(buf, [{ key: 'a', header: 'msg_op_success', required: true }]);
    expect(rows).toEqual([
      { rowNumber: 2, values: { a: 'v1' } },
      { rowNumber: 4, values: { a: 'v2' } },
    ]);
  });

  it('refuses a file that is not Excel', async () => {
    await expect(readSheet(Buffer.from('name,value\n1,2'), [{ key: 'a', header: 'x' }])).rejects.toMatchObject({
      messageKey: 'err_not_excel',
    });
  });

  it('refuses a sheet missing a required column', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('s').addRow(['other']);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    await expect(readSheet(buf, [{ key: 'a', header: 'msg_op_success', required: true }])).rejects.toMatchObject({
      messageKey: 'err_import_missing_columns',
    });
  });
});
