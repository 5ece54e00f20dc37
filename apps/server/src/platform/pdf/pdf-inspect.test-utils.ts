import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/**
 * Test helpers that read a PDF back (not a test file): the text of each page through pdfjs-dist (which maps the
 * embedded subset fonts back to Unicode through their ToUnicode maps, so Chinese and Thai come back as text),
 * and the image objects from the file's object dictionaries.
 */
export interface PdfInspection {
  pages: string[];
  /** All pages' text, runs joined without separators. */
  text: string;
  /** Number of images drawn (barcodes), soft masks not counted. */
  images: number;
  /** Embedded font names (subset prefixes removed). */
  fonts: string[];
}

export async function inspectPdf(pdf: Buffer | Uint8Array): Promise<PdfInspection> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(pdf);
  const raw = Buffer.from(data).toString('latin1');
  const doc = await getDocument({
    data: new Uint8Array(data),
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await doc.destroy();
  // An image with transparency carries a second image object as its soft mask: count the visible ones.
  const images = (raw.match(/\/Subtype\s*\/Image/g) ?? []).length - (raw.match(/\/SMask\s+\d+\s+0\s+R/g) ?? []).length;
  const fonts = [...new Set([...raw.matchAll(/\/BaseFont\s*\/(?:[A-Z]{6}\+)?([A-Za-z0-9-]+)/g)].map((m) => m[1]!))];
  return { pages, text: pages.join('\n'), images, fonts };
}

/**
 * Text with whitespace removed (pdfkit draws runs separately; compare without spacing). The Thai font draws
 * SARA AM (ำ) as NIKHAHIT + SARA AA glyphs, which read back as 'ำา': folded back here.
 */
export const squash = (s: string) => s.replace(/\s+/g, '').replace(/\u0e33\u0e32/g, '\u0e33');

let dumped = 0;
/**
 * The PDF of an answer, read back (inspectPdf) after checking it is a 200 `application/pdf`. PRINT_DUMP=dir keeps
 * every PDF for a look (e.g. with pdfjs rendering to PNG) as `<dumpAs>-<n>.pdf`.
 */
export async function pdfAnswer(
  res: { statusCode: number; body: string; rawPayload: Buffer; headers: Record<string, unknown> },
  dumpAs = 'pdf',
): Promise<PdfInspection> {
  expect(res.statusCode, res.statusCode === 200 ? '' : res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  if (process.env.PRINT_DUMP)
    writeFileSync(path.join(process.env.PRINT_DUMP, `${dumpAs}-${++dumped}.pdf`), res.rawPayload);
  return inspectPdf(res.rawPayload);
}

/** Each of `expected` stands in a document's (squashed) text. */
export function expectTexts(text: string, expected: readonly string[]) {
  for (const e of expected) expect(text).toContain(e);
}
