import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { importErrors, importFailed, quote, readSheet } from './excel';
import { buildXlsx, buildZip, repeat, si, textCell, textRow, xlsxEntries } from './xlsx-fixture.test-utils';
import { columnIndex, columnLetters, DEFAULT_SHEET_LIMITS, isDateFormatCode, readFirstSheet } from './xlsx-reader';

/** Everything the reader gives for a file, by row, as Map entries. */
async function readAll(buffer: Buffer, limits = DEFAULT_SHEET_LIMITS) {
  const rows: [number, [number, string][]][] = [];
  await readFirstSheet(buffer, limits, (n, cells) => rows.push([n, [...cells]]));
  return rows;
}

/** What the former exceljs reader made of a cell (the reference the streaming reader must keep). */
function exceljsText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object' && 'result' in v) return String(v.result ?? '');
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((p) => p.text).join('');
  if (typeof v === 'object' && 'text' in v) return String(v.text);
  return String(v);
}

describe('xlsx reader: values as exceljs read them', () => {
  it('reads numbers, dates, booleans, rich text, formulas, hyperlinks and shared strings like exceljs', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('first');
    ws.addRow(['Mark', 'Weight', 'Time', 'Flag', 'Note', 'Sum', 'Link', 'Thai']);
    ws.addRow([
      'TH001',
      1.235,
      new Date(Date.UTC(2026, 4, 1, 10, 30)),
      true,
      { richText: [{ text: '家具 ' }, { font: { bold: true }, text: 'bold' }] },
      { formula: 'B2*2', result: 0.35000000000000003 },
      { text: 'site', hyperlink: 'https://example.com' },
      'ทดสอบ & <ok>',
    ]);
    ws.addRow(['TH002', 250, '2026-05-02', false, '', { formula: 'B3+1', result: 251 }, '', '']);
    ws.getCell('C2').numFmt = 'yyyy-mm-dd hh:mm';
    wb.addWorksheet('second').addRow(['not read']);
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());

    const reference = new ExcelJS.Workbook();
    await reference.xlsx.load(buffer as unknown as ArrayBuffer);
    const expected: [number, [number, string][]][] = [];
    reference.worksheets[0]!.eachRow((row, n) => {
      const cells: [number, string][] = [];
      row.eachCell((cell, col) => {
        const text = exceljsText(cell.value);
        if (text !== '') cells.push([col, text]);
      });
      expected.push([n, cells]);
    });
    expect(await readAll(buffer)).toEqual(expected);
    expect(expected[1]![1]).toContainEqual([3, '2026-05-01T10:30:00.000Z']);
  });

  it('reads inline strings, phonetic runs, 1904 dates, Chinese date formats and cells without references', async () => {
    const styles =
      '<styleSheet><numFmts count="1"><numFmt numFmtId="164" formatCode="&quot;¥&quot;#,##0.00"/></numFmts>' +
      '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="57"/><xf numFmtId="164"/><xf numFmtId="14"/></cellXfs></styleSheet>';
    const file = await buildXlsx({
      styles,
      workbookPr: '<workbookPr date1904="1"/>',
      sharedStrings: [si('共享'), '<si><r><t>漢</t></r><rPh><t>かん</t></rPh></si>'],
      rows: [
        '<row r="1"><c t="s"><v>0</v></c><c t="s"><v>1</v></c><c s="1"><v>45000</v></c><c s="2"><v>12.5</v></c></row>',
        `<row r="3">${textCell('B3', 'inline & more')}<c r="C3" s="3"><v>0</v></c><c r="D3" t="b"><v>1</v></c><c r="E3" t="e"><v>#N/A</v></c></row>`,
      ],
    });
    expect(await readAll(file)).toEqual([
      [
        1,
        [
          [1, '共享'],
          [2, '漢'],
          [3, '2027-03-16T00:00:00.000Z'],
          [4, '12.5'],
        ],
      ],
      [
        3,
        [
          [2, 'inline & more'],
          [3, '1904-01-01T00:00:00.000Z'],
          [4, 'true'],
          [5, '#N/A'],
        ],
      ],
    ]);
  });

  it('knows date formats and column letters', () => {
    expect(isDateFormatCode('yyyy"年"m"月"d"日"')).toBe(true);
    expect(isDateFormatCode('[$-th-TH]d/m/bbbb')).toBe(true);
    expect(isDateFormatCode('[h]:mm:ss')).toBe(true);
    expect(isDateFormatCode('#,##0.00 "days"')).toBe(false);
    expect(isDateFormatCode('0.00E+00')).toBe(false);
    expect(isDateFormatCode('[Red]#,##0')).toBe(false);
    expect([columnIndex('A1'), columnIndex('Z9'), columnIndex('AA1'), columnIndex('XFD1')]).toEqual([1, 26, 27, 16384]);
    expect([columnLetters(1), columnLetters(28), columnLetters(16384)]).toEqual(['A', 'AB', 'XFD']);
  });
});

describe('xlsx reader: limits, checked before or while reading', () => {
  const small = { ...DEFAULT_SHEET_LIMITS, maxCellChars: 100, maxColumns: 5 };

  it('refuses a cell longer than the limit, inline or shared, naming row and column', async () => {
    const inline = await buildXlsx({ rows: [textRow(1, ['a']), textRow(2, ['ok', 'x'.repeat(101)])] });
    await expect(readAll(inline, small)).rejects.toMatchObject({
      errorCode: 'VALIDATION',
      messageKey: 'err_import_cell_too_long',
      params: { row: 2, column: 'B', max: 100 },
    });
    const shared = await buildXlsx({
      sharedStrings: [si('fine'), si('y'.repeat(500))],
      rows: ['<row r="1"><c r="A1" t="s"><v>0</v></c></row>', '<row r="2"><c r="C2" t="s"><v>1</v></c></row>'],
    });
    await expect(readAll(shared, small)).rejects.toMatchObject({ params: { row: 2, column: 'C' } });
    // an unused long shared string is harmless
    const unused = await buildXlsx({
      sharedStrings: [si('fine'), si('y'.repeat(500))],
      rows: ['<row r="1"><c r="A1" t="s"><v>0</v></c></row>'],
    });
    expect(await readAll(unused, small)).toEqual([[1, [[1, 'fine']]]]);
  });

  it('refuses a value beyond the last column, and ignores empty styled cells there', async () => {
    const styled = await buildXlsx({
      rows: ['<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="Z1" s="1"/></row>'],
    });
    expect(await readAll(styled, small)).toEqual([[1, [[1, 'a']]]]);
    const wide = await buildXlsx({ rows: [textRow(1, ['a', '', '', '', '', 'f'])] });
    await expect(readAll(wide, small)).rejects.toMatchObject({
      messageKey: 'err_import_too_many_columns',
      params: { row: 1, column: 'F', max: 5 },
    });
  });

  it('refuses a zip bomb from its directory, before inflating anything', async () => {
    // 20 MB of one character deflates to ~20 KB: a ratio near 1000
    const bomb = await buildXlsx({
      rows: [
        textRow(1, ['a']),
        '<row r="2"><c r="A2" t="inlineStr"><is><t>',
        ...repeat('A'.repeat(1 << 20), 20),
        '</t></is></c></row>',
      ],
    });
    expect(bomb.length).toBeLessThan(100_000);
    // yauzl inflates through zlib.createInflateRaw: not one inflater may be made (a wall-clock limit failed on a busy CI)
    const inflaters = vi.spyOn(zlib, 'createInflateRaw');
    try {
      await expect(readAll(bomb)).rejects.toMatchObject({
        errorCode: 'PAYLOAD_TOO_LARGE',
        messageKey: 'err_import_zip_bomb',
      });
      expect(inflaters).not.toHaveBeenCalled();
    } finally {
      inflaters.mockRestore();
    }
  });

  it('refuses declared sizes over the limit, and an entry that inflates past what it declared', async () => {
    const huge = await buildXlsx({ rows: [textRow(1, ['a'])], sheetDeclaredSize: 0xfffffff0 });
    await expect(readAll(huge)).rejects.toMatchObject({
      errorCode: 'PAYLOAD_TOO_LARGE',
      messageKey: 'err_import_too_large',
      params: { max: 50 },
    });
    const liar = await buildXlsx({
      rows: [textRow(1, ['a']), ...repeat(textRow(2, ['b']), 1000)],
      sheetDeclaredSize: 200,
    });
    await expect(readAll(liar)).rejects.toMatchObject({ errorCode: 'UNSUPPORTED_FILE', messageKey: 'err_not_excel' });
  });

  it('refuses too many parts, unsafe or deeply nested paths, and files that are not xlsx', async () => {
    const many = await buildZip([
      ...xlsxEntries({ rows: [textRow(1, ['a'])] }),
      ...Array.from({ length: 600 }, (_, i) => ({ name: `xl/media/m${i}.xml`, content: ['<x/>'] })),
    ]);
    await expect(readAll(many)).rejects.toMatchObject({
      errorCode: 'PAYLOAD_TOO_LARGE',
      messageKey: 'err_import_too_many_parts',
    });
    for (const name of ['../evil.xml', '/etc/passwd', 'a/b/c/d/e/f/g/h/i/j.xml']) {
      const zip = await buildZip([...xlsxEntries({ rows: [textRow(1, ['a'])] }), { name, content: ['x'] }]);
      await expect(readAll(zip), name).rejects.toMatchObject({
        errorCode: 'UNSUPPORTED_FILE',
        messageKey: 'err_import_unsafe_path',
      });
    }
    await expect(readAll(Buffer.from('PK\x03\x04 not really a zip'))).rejects.toMatchObject({
      messageKey: 'err_not_excel',
    });
    await expect(readAll(Buffer.from('mark,weight\nTH001,1'))).rejects.toMatchObject({ errorCode: 'UNSUPPORTED_FILE' });
    const notXlsx = await buildZip([{ name: 'readme.txt', content: ['hello'] }]);
    await expect(readAll(notXlsx)).rejects.toMatchObject({ messageKey: 'err_not_excel' });
  });

  it('refuses XML nested absurdly deep or with absurdly many attributes, before the parser holds them', async () => {
    const loose = { ...DEFAULT_SHEET_LIMITS, maxCompressionRatio: 1_000_000 };
    const deep = await buildXlsx({ rows: [textRow(1, ['a']), ...repeat('<x>', 1_000_000)] });
    await expect(readAll(deep, loose)).rejects.toMatchObject({ messageKey: 'err_not_excel' });
    const wide = await buildXlsx({
      rows: [textRow(1, ['a']), '<row r="2"', ...Array.from({ length: 100_000 }, (_, i) => ` a${i}="1"`), '/>'],
    });
    await expect(readAll(wide, loose)).rejects.toMatchObject({ messageKey: 'err_not_excel' });
  });

  it('stops at the row limit while reading', async () => {
    const rows = function* () {
      yield textRow(1, ['Operation succeeded']);
      for (let r = 2; r <= 800_000; r++) yield textRow(r, [`v${r}`]);
    };
    // about 60 MB of sheet XML: over the size limit unless raised; raised, the row limit stops it early
    const file = await buildXlsx({ rows: rows() });
    await expect(readSheet(file, [{ key: 'a', header: 'msg_op_success' }])).rejects.toMatchObject({
      errorCode: 'PAYLOAD_TOO_LARGE',
    });
    const seen: number[] = [];
    await expect(
      readFirstSheet(file, { ...DEFAULT_SHEET_LIMITS, maxUncompressedBytes: 1 << 30 }, (n) => {
        seen.push(n);
        if (n > 10_001) throw new Error('too many');
      }),
    ).rejects.toThrow('too many');
    expect(seen.length).toBe(10_002);
  }, 60_000);
});

describe('import error messages', () => {
  it('quote at most 50 characters of a value, with an ellipsis', () => {
    expect(quote('short')).toBe('short');
    expect(quote('x'.repeat(51))).toBe(`${'x'.repeat(50)}…`);
    expect(quote('测'.repeat(100))).toBe(`${'测'.repeat(50)}…`);
    expect(quote('📦'.repeat(60))).toBe(`${'📦'.repeat(50)}…`);
    expect(quote('📦'.repeat(40))).toBe('📦'.repeat(40));
    const { errors, fail } = importErrors('en', (key) => (key === 'mark' ? 'Mark' : key));
    fail(2, 'mark', 'bus_err_mark_unknown', { mark: 'M'.repeat(100_000) });
    expect(errors[0]!.message.length).toBeLessThan(120);
    expect(errors[0]!.message).toContain(`${'M'.repeat(50)}…`);
    const failed = importFailed([{ row: 1, column: 'c'.repeat(1000), message: 'm'.repeat(100_000) }, ...errors]);
    expect(JSON.stringify(failed.extra?.data).length).toBeLessThan(1000);
  });
});
