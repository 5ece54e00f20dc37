import { beforeAll, describe, expect, it } from 'vitest';
import { scriptRuns } from './fonts';
import { fieldGrid, table } from './layout';
import { LABEL_100x75, mm, PAGE_A4, Pdf, renderPdf } from './pdf';
import { inspectPdf, squash } from './pdf-inspect.test-utils';

describe('scriptRuns', () => {
  it('splits Thai from everything else and keeps spaces in the run they are in', () => {
    expect(scriptRuns('唛头 TH001 กรุงเทพ ฯ 曼谷')).toEqual([
      { text: '唛头 TH001 ', face: 'sc' },
      { text: 'กรุงเทพ ฯ ', face: 'th' },
      { text: '曼谷', face: 'sc' },
    ]);
    expect(scriptRuns('')).toEqual([]);
    expect(scriptRuns(' x')).toEqual([{ text: ' x', face: 'sc' }]);
  });
});

describe('Pdf text layout', () => {
  let pdf: Pdf;
  beforeAll(() => {
    pdf = new Pdf({ lang: 'en', size: LABEL_100x75 });
    pdf.addPage();
  });

  it('measures mixed text run by run', () => {
    const a = pdf.measure('ABC', 10);
    const b = pdf.measure('กขค', 10);
    expect(a).toBeGreaterThan(0);
    expect(pdf.measure('ABCกขค', 10)).toBeCloseTo(a + b, 5);
    expect(pdf.measure('ABC', 20)).toBeCloseTo(2 * a, 5);
  });

  it('wraps at word boundaries, including Thai words, and cuts over-long words', () => {
    const lines = pdf.wrap('ที่อยู่ผู้รับสินค้า กรุงเทพมหานคร ประเทศไทย', 10, mm(30));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('ที่อยู่ผู้รับสินค้า กรุงเทพมหานคร ประเทศไทย'.replace(/ /g, ''));
    for (const l of lines) expect(pdf.measure(l, 10)).toBeLessThanOrEqual(mm(30) + 0.01);
    const long = pdf.wrap('X'.repeat(200), 10, mm(20));
    expect(long.length).toBeGreaterThan(3);
    expect(long.join('')).toBe('X'.repeat(200));
  });

  it('shrinks to fit one line, then cuts with an ellipsis', () => {
    const fit = pdf.layoutText('BANGKOK-EXPRESS-AGENT', { size: 30, width: mm(40), shrink: 8 });
    expect(fit.lines).toHaveLength(1);
    expect(fit.size).toBeLessThan(30);
    const cut = pdf.layoutText('唛头'.repeat(40), { size: 12, width: mm(40), shrink: 10 });
    expect(cut.size).toBe(10);
    expect(cut.lines[0]!.endsWith('…')).toBe(true);
    const two = pdf.layoutText('word '.repeat(60), { size: 10, width: mm(40), maxLines: 2 });
    expect(two.lines).toHaveLength(2);
    expect(two.lines[1]!.endsWith('…')).toBe(true);
  });
});

describe('renderPdf', () => {
  it('embeds the Chinese and Thai fonts, draws barcodes and tables, and reads back as text', async () => {
    const buffer = await renderPdf({ lang: 'th', size: PAGE_A4, title: 'ทดสอบ' }, async (p) => {
      p.addPage();
      await p.barcode('TH25112200017', p.left, p.top, { width: mm(60), height: mm(12) });
      let y = p.top + mm(15);
      y += p.text('运单号 TH25112200017 ผู้รับ สมชาย ใจดี', p.left, y, { size: 12, width: p.contentWidth }).height;
      y = fieldGrid(p, y, [
        { label: '唛头', value: 'BK001' },
        { label: 'ปลายทาง', value: 'กรุงเทพมหานคร' },
      ]);
      // Enough rows to need a second page: the header row is repeated there.
      table(p, y, {
        columns: [
          { header: '箱号', width: 1 },
          { header: 'น้ำหนัก', width: 1, align: 'right' },
        ],
        rows: Array.from({ length: 80 }, (_, i) => [`CTN-${i + 1}`, `${i + 1}.00`]),
        footer: ['合计', '3240.00'],
      });
    });
    expect(buffer.subarray(0, 5).toString()).toBe('%PDF-');
    const inspected = await inspectPdf(buffer);
    expect(inspected.pages.length).toBeGreaterThanOrEqual(2);
    const text = squash(inspected.text);
    expect(text).toContain('运单号TH25112200017');
    expect(text).toContain('ผู้รับสมชายใจดี');
    expect(text).toContain('กรุงเทพมหานคร');
    expect(text).toContain('CTN-80');
    expect(text).toContain('合计3240.00');
    expect(squash(inspected.pages[1]!)).toContain('箱号น้ำหนัก');
    expect(inspected.images).toBe(1);
    expect(inspected.fonts).toEqual(expect.arrayContaining(['NotoSansSC-Regular', 'NotoSansThai-Regular']));
    // Only the glyphs used are embedded: the whole document stays small next to the 10 MB font.
    expect(buffer.length).toBeLessThan(200_000);
  });

  it('gives an empty document one blank page', async () => {
    const inspected = await inspectPdf(await renderPdf({ lang: 'en' }, () => {}));
    expect(inspected.pages).toHaveLength(1);
  });
});
