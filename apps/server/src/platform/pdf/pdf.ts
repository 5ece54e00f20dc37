import type { TLanguage } from '@theone/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import PDFDocument from 'pdfkit';
import { contentDisposition } from '../http/content-disposition';
import { t as translate } from '../i18n';
import { type BarcodeOptions, barcodePng, pngSize } from './barcode';
import { FONT_NAMES, type FontName, fontName, loadFont, scriptRuns } from './fonts';

/**
 * The one PDF mechanism (labels, receipts, fee sheets, delivery notes, container lists): pdfkit with the embedded
 * Noto fonts (Chinese and Thai in one line), barcodes from bwip-js, and the reply streamed inline with an RFC 6266
 * file name so the browser opens it in a tab.
 *
 *   return sendPdf(req, reply, { fileName: t('print_label_file', req.lang), size: LABEL_100x75 }, async (pdf) => {
 *     for (const o of orders) {
 *       pdf.addPage();
 *       await pdf.barcode(o.transportId, pdf.left, pdf.top, { width: pdf.contentWidth, height: mm(14) });
 *       pdf.text(o.mark, pdf.left, pdf.top + mm(16), { size: 28, bold: true, width: pdf.contentWidth, align: 'center', shrink: 12 });
 *     }
 *   });
 *
 * - Units are PDF points (1/72 in); `mm()` converts. Pages are added by the builder (`addPage`), so a batch of
 *   labels is one document with one page per label.
 * - `text()` lays out mixed Chinese/Thai/Latin text itself: it splits runs by script (fonts.ts), breaks lines at
 *   word boundaries (Intl.Segmenter, which knows Thai words), can shrink the size to fit (`shrink`), cuts to
 *   `maxLines` with an ellipsis, aligns left/center/right, and returns the height it used.
 * - `t(key)` translates with the translation sheet into the document's language (labels print in the user's
 *   language, or the language a print call asks for).
 * - Load every row before `sendPdf` (errors then still answer the JSON envelope); the builder only draws.
 * - layout.ts has the shared blocks: document header, field grid, table with page breaks and repeated header,
 *   signature line, page footer.
 */

export const MM = 72 / 25.4;
export const mm = (value: number) => value * MM;

/** Page sizes in points, [width, height] (portrait). */
export const PAGE_A4: [number, number] = [595.28, 841.89];
export const PAGE_A5: [number, number] = [419.53, 595.28];
/** Thermal label rolls of the origin warehouses. */
export const LABEL_100x75: [number, number] = [mm(100), mm(75)];
export const LABEL_100x100: [number, number] = [mm(100), mm(100)];

/** Line height and baseline as multiples of the font size (room for Thai marks above and below). */
const LINE_HEIGHT = 1.45;
const BASELINE = 1.06;

export interface PdfOptions {
  lang: TLanguage;
  /** [width, height] in points; default A4. */
  size?: [number, number];
  layout?: 'portrait' | 'landscape';
  /** Page margin in points (all four sides); default 10 mm. */
  margin?: number;
  /** Document title (PDF metadata and the viewer's window title). */
  title?: string;
}

export interface PdfTextOptions {
  size?: number;
  bold?: boolean;
  /** Wrap width; without it the text is one line at x. */
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** At most this many lines; the last one ends with '…' when cut. Default 1 with `shrink`, else unlimited. */
  maxLines?: number;
  /** Shrink the size down to this minimum until the text fits in maxLines lines. */
  shrink?: number;
  /** Hex colour, default black. */
  color?: string;
  /** Extra space between lines, in points. */
  lineGap?: number;
}

export interface PdfTextResult {
  /** Height used (lines × line height). */
  height: number;
  /** The size used (after shrinking). */
  size: number;
  lines: string[];
}

const LANG_TAG: Record<TLanguage, string> = { 'zh-cn': 'zh-CN', en: 'en', th: 'th' };

const wordSegmenter = new Intl.Segmenter('th', { granularity: 'word' });
const graphemeSegmenter = new Intl.Segmenter('th', { granularity: 'grapheme' });

export class Pdf {
  readonly doc: PDFKit.PDFDocument;
  readonly lang: TLanguage;
  private readonly size: [number, number];
  private readonly layout: 'portrait' | 'landscape';
  private readonly margin: number;
  private pageCount = 0;
  private readonly pageHooks: ((pdf: Pdf) => void)[] = [];

  constructor(options: PdfOptions) {
    this.lang = options.lang;
    this.size = options.size ?? PAGE_A4;
    this.layout = options.layout ?? 'portrait';
    this.margin = options.margin ?? mm(10);
    this.doc = new PDFDocument({
      autoFirstPage: false,
      size: this.size,
      layout: this.layout,
      margin: this.margin,
      lang: LANG_TAG[options.lang],
      info: { Title: options.title ?? '', Creator: 'TheOne', Producer: 'TheOne' },
      displayTitle: Boolean(options.title),
    });
    for (const name of FONT_NAMES) {
      // pdfkit accepts a parsed fontkit font (anything with layout()); shared across documents.
      this.doc.registerFont(name, loadFont(name) as unknown as PDFKit.Mixins.PDFFontSource);
    }
  }

  /** Translation in the document's language. */
  t(key: string, params?: Record<string, unknown>): string {
    return translate(key, this.lang, params);
  }

  /** Starts a new page of the document's size (and runs the `onPage` hooks: footers, watermarks). */
  addPage(): this {
    this.doc.addPage({ size: this.size, layout: this.layout, margin: this.margin });
    this.pageCount += 1;
    for (const hook of this.pageHooks) hook(this);
    return this;
  }

  /** Runs on every page added from now on (e.g. `pageFooter`). */
  onPage(hook: (pdf: Pdf) => void): this {
    this.pageHooks.push(hook);
    return this;
  }

  get pages(): number {
    return this.pageCount;
  }
  get pageWidth(): number {
    return this.doc.page.width;
  }
  get pageHeight(): number {
    return this.doc.page.height;
  }
  get left(): number {
    return this.margin;
  }
  get top(): number {
    return this.margin;
  }
  get right(): number {
    return this.doc.page.width - this.margin;
  }
  get bottom(): number {
    return this.doc.page.height - this.margin;
  }
  get contentWidth(): number {
    return this.doc.page.width - 2 * this.margin;
  }

  lineHeight(size: number, lineGap = 0): number {
    return size * LINE_HEIGHT + lineGap;
  }

  private font(face: FontName, size: number) {
    this.doc.font(face).fontSize(size);
  }

  /** Width of the text at this size, in points (mixed scripts measured run by run). */
  measure(text: string, size: number, bold = false): number {
    let width = 0;
    for (const run of scriptRuns(text)) {
      this.font(fontName(run.face, bold), size);
      width += this.doc.widthOfString(run.text);
    }
    return width;
  }

  /** Lines of the text wrapped to the width (word boundaries; a word wider than a line is cut by characters). */
  wrap(text: string, size: number, width: number, bold = false): string[] {
    const lines: string[] = [];
    for (const paragraph of String(text).split(/\r?\n/)) {
      let line = '';
      for (const { segment } of wordSegmenter.segment(paragraph)) {
        const candidate = line + segment;
        if (this.measure(candidate.trimEnd(), size, bold) <= width) {
          line = candidate;
          continue;
        }
        if (line.trim()) {
          lines.push(line.trimEnd());
          line = '';
        }
        const word = segment.trimStart();
        if (this.measure(word, size, bold) <= width) {
          line = word;
          continue;
        }
        for (const { segment: g } of graphemeSegmenter.segment(word)) {
          if (line && this.measure(line + g, size, bold) > width) {
            lines.push(line);
            line = '';
          }
          line += g;
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  /** Cuts the line so that it fits with a trailing ellipsis. */
  private ellipsize(line: string, size: number, width: number, bold: boolean): string {
    const graphemes = [...graphemeSegmenter.segment(line)].map((s) => s.segment);
    while (graphemes.length && this.measure(`${graphemes.join('').trimEnd()}…`, size, bold) > width) graphemes.pop();
    return `${graphemes.join('').trimEnd()}…`;
  }

  /** Lines for the options (shrunk, wrapped and cut), without drawing. */
  layoutText(text: string, options: PdfTextOptions = {}): { lines: string[]; size: number } {
    const bold = options.bold ?? false;
    let size = options.size ?? 10;
    const value = String(text ?? '');
    if (!options.width) return { lines: [value.replace(/\r?\n/g, ' ')], size };
    const maxLines = options.maxLines ?? (options.shrink ? 1 : Number.POSITIVE_INFINITY);
    let lines = this.wrap(value, size, options.width, bold);
    if (options.shrink) {
      while (lines.length > maxLines && size - 0.5 >= options.shrink) {
        size -= 0.5;
        lines = this.wrap(value, size, options.width, bold);
      }
    }
    if (lines.length > maxLines) {
      lines = lines.slice(0, maxLines);
      lines[maxLines - 1] = this.ellipsize(lines[maxLines - 1]!, size, options.width, bold);
    }
    return { lines, size };
  }

  /** Draws text with its top-left at (x, y); returns the height used. */
  text(text: string | number | null | undefined, x: number, y: number, options: PdfTextOptions = {}): PdfTextResult {
    const bold = options.bold ?? false;
    const { lines, size } = this.layoutText(text === null || text === undefined ? '' : String(text), options);
    const lineHeight = this.lineHeight(size, options.lineGap);
    this.doc.fillColor(options.color ?? '#000000');
    lines.forEach((line, i) => {
      if (!line) return;
      let cx = x;
      if (options.width && options.align && options.align !== 'left') {
        const free = options.width - this.measure(line, size, bold);
        cx += options.align === 'center' ? free / 2 : free;
      }
      const baseline = y + i * lineHeight + size * BASELINE;
      for (const run of scriptRuns(line)) {
        this.font(fontName(run.face, bold), size);
        this.doc.text(run.text, cx, baseline, { lineBreak: false, baseline: 'alphabetic' });
        cx += this.doc.widthOfString(run.text);
      }
    });
    this.doc.fillColor('#000000');
    return { height: lines.length * lineHeight, size, lines };
  }

  /**
   * A barcode image (PNG from bwip-js) fitted into width × height, centred; Code 128 by default.
   * Returns the drawn size.
   */
  async barcode(
    value: string,
    x: number,
    y: number,
    box: { width: number; height: number } & BarcodeOptions,
  ): Promise<{ width: number; height: number }> {
    const png = await barcodePng(value, box);
    const px = pngSize(png);
    const scale = Math.min(box.width / px.width, box.height / px.height);
    const width = px.width * scale;
    const height = px.height * scale;
    this.doc.image(png, x + (box.width - width) / 2, y + (box.height - height) / 2, { width, height });
    return { width, height };
  }
}

/** Builds the whole document in memory (tests, attachments); `sendPdf` streams instead. */
export async function renderPdf(options: PdfOptions, build: (pdf: Pdf) => Promise<void> | void): Promise<Buffer> {
  const pdf = new Pdf(options);
  const chunks: Buffer[] = [];
  pdf.doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.doc.on('end', resolve);
    pdf.doc.on('error', reject);
  });
  await build(pdf);
  if (pdf.pages === 0) pdf.addPage();
  pdf.doc.end();
  await ended;
  return Buffer.concat(chunks);
}

export interface SendPdfOptions extends Omit<PdfOptions, 'lang'> {
  /** File name without '.pdf' (any script; sent as RFC 6266 filename* with an ASCII fallback). */
  fileName: string;
  /** Default: the caller's language. */
  lang?: TLanguage;
}

/**
 * Streams the document to the reply, `inline` so the browser shows it in a tab. Headers go out first, then the
 * pages as the builder draws them. Call after every read that can fail (a failure inside the builder can only
 * abort the stream).
 */
export async function sendPdf(
  req: FastifyRequest,
  reply: FastifyReply,
  options: SendPdfOptions,
  build: (pdf: Pdf) => Promise<void> | void,
): Promise<FastifyReply> {
  const { fileName, ...rest } = options;
  const pdf = new Pdf({ title: fileName, ...rest, lang: options.lang ?? req.lang });
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', contentDisposition(`${fileName}.pdf`, 'inline'))
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff');
  reply.send(pdf.doc);
  try {
    await build(pdf);
    if (pdf.pages === 0) pdf.addPage();
    pdf.doc.end();
  } catch (err) {
    req.log.error({ err }, 'PDF build failed after the response started');
    pdf.doc.destroy(err as Error);
  }
  return reply;
}
