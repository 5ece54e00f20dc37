import { mm, type Pdf } from './pdf';

/**
 * Shared blocks of printed documents (receipts, fee sheets, delivery notes, container lists). Each takes the
 * y where it starts and returns the y below it; blocks that can run long (field grids, tables) start a new page
 * when the next row does not fit, so the caller never measures.
 */

const BORDER = '#444444';
const LABEL_FILL = '#f0f0f0';
const LABEL_COLOR = '#333333';

/** Starts a new page when `needed` points do not fit below y; returns the y to draw at. */
export function ensureSpace(pdf: Pdf, y: number, needed: number, reserveBottom = mm(8)): number {
  if (y + needed <= pdf.bottom - reserveBottom) return y;
  pdf.addPage();
  return pdf.top;
}

export interface DocumentHeaderOptions {
  /** The document's title (large, bold). */
  title: string;
  /** A line under the title (e.g. company or warehouse). */
  subtitle?: string;
  /** Printed at the top right as a Code 128 barcode with the value under it. */
  barcode?: string;
}

/** Title block: company line, title, optional barcode at the right; a rule under it. */
export async function documentHeader(pdf: Pdf, y: number, options: DocumentHeaderOptions): Promise<number> {
  const barcodeWidth = options.barcode ? mm(62) : 0;
  const textWidth = pdf.contentWidth - barcodeWidth - (barcodeWidth ? mm(4) : 0);
  let cy = y;
  if (options.subtitle)
    cy += pdf.text(options.subtitle, pdf.left, cy, { size: 9, width: textWidth, color: LABEL_COLOR }).height;
  cy += pdf.text(options.title, pdf.left, cy, { size: 18, bold: true, width: textWidth, shrink: 12 }).height;
  let bottom = cy;
  if (options.barcode) {
    const bx = pdf.right - barcodeWidth;
    await pdf.barcode(options.barcode, bx, y, { width: barcodeWidth, height: mm(11) });
    const under = pdf.text(options.barcode, bx, y + mm(11.5), {
      size: 10,
      bold: true,
      width: barcodeWidth,
      align: 'center',
    });
    bottom = Math.max(bottom, y + mm(11.5) + under.height);
  }
  bottom += mm(1.5);
  pdf.doc.moveTo(pdf.left, bottom).lineTo(pdf.right, bottom).lineWidth(1).strokeColor(BORDER).stroke();
  return bottom + mm(3);
}

export interface FieldItem {
  label: string;
  value: string | number | null | undefined;
  /** Columns this field spans (default 1). */
  span?: number;
  bold?: boolean;
}

export interface FieldGridOptions {
  columns?: number;
  size?: number;
  /** Width of each label cell in points (default 24 mm). */
  labelWidth?: number;
}

/** A bordered grid of label / value cells, `columns` fields per row; values wrap inside their cell. */
export function fieldGrid(pdf: Pdf, y: number, items: FieldItem[], options: FieldGridOptions = {}): number {
  const columns = options.columns ?? 2;
  const size = options.size ?? 9;
  const labelWidth = options.labelWidth ?? mm(24);
  const unit = pdf.contentWidth / columns;
  const pad = mm(1.2);
  // Pack the items into rows.
  const rows: FieldItem[][] = [];
  let row: FieldItem[] = [];
  let used = 0;
  for (const item of items) {
    const span = Math.min(item.span ?? 1, columns);
    if (used + span > columns) {
      rows.push(row);
      row = [];
      used = 0;
    }
    row.push({ ...item, span });
    used += span;
  }
  if (row.length) rows.push(row);

  let cy = y;
  for (const r of rows) {
    const cells = r.map((item) => {
      const width = unit * (item.span ?? 1) - labelWidth;
      const label = pdf.layoutText(item.label, { size, bold: true, width: labelWidth - 2 * pad, maxLines: 2 });
      const value = pdf.layoutText(item.value === null || item.value === undefined ? '' : String(item.value), {
        size,
        bold: item.bold,
        width: width - 2 * pad,
        maxLines: 6,
      });
      return { item, width, label, value };
    });
    const height =
      Math.max(...cells.map((c) => Math.max(c.label.lines.length, c.value.lines.length, 1))) * pdf.lineHeight(size) +
      2 * pad;
    cy = ensureSpace(pdf, cy, height);
    let cx = pdf.left;
    const doc = pdf.doc;
    for (const c of cells) {
      doc.rect(cx, cy, labelWidth, height).lineWidth(0.5).fillAndStroke(LABEL_FILL, BORDER);
      doc
        .rect(cx + labelWidth, cy, c.width, height)
        .lineWidth(0.5)
        .strokeColor(BORDER)
        .stroke();
      pdf.text(c.item.label, cx + pad, cy + pad, {
        size,
        bold: true,
        width: labelWidth - 2 * pad,
        maxLines: 2,
        color: LABEL_COLOR,
      });
      pdf.text(
        c.item.value === null || c.item.value === undefined ? '' : String(c.item.value),
        cx + labelWidth + pad,
        cy + pad,
        {
          size,
          bold: c.item.bold,
          width: c.width - 2 * pad,
          maxLines: 6,
        },
      );
      cx += labelWidth + c.width;
    }
    // A short last row leaves the rest of its line empty but framed.
    if (cx < pdf.right - 0.5)
      pdf.doc
        .rect(cx, cy, pdf.right - cx, height)
        .lineWidth(0.5)
        .strokeColor(BORDER)
        .stroke();
    cy += height;
  }
  return cy;
}

export interface TableColumn {
  header: string;
  /** Relative width (the columns share the content width in proportion). */
  width: number;
  align?: 'left' | 'center' | 'right';
}

export interface TableOptions {
  columns: TableColumn[];
  rows: (string | number | null | undefined)[][];
  /** A bold last row (totals). */
  footer?: (string | number | null | undefined)[];
  size?: number;
  /** Shown as one row when there are no rows. */
  emptyText?: string;
}

/** A ruled table; a row that does not fit starts a new page, where the header row is repeated. */
export function table(pdf: Pdf, y: number, options: TableOptions): number {
  const size = options.size ?? 9;
  const pad = mm(1.2);
  const total = options.columns.reduce((s, c) => s + c.width, 0);
  const widths = options.columns.map((c) => (c.width / total) * pdf.contentWidth);
  const doc = pdf.doc;

  const drawRow = (
    cy: number,
    cells: (string | number | null | undefined)[],
    kind: 'header' | 'body' | 'footer',
  ): number => {
    const bold = kind !== 'body';
    const laid = cells.map((v, i) =>
      pdf.layoutText(v === null || v === undefined ? '' : String(v), {
        size,
        bold,
        width: widths[i]! - 2 * pad,
        maxLines: 4,
      }),
    );
    const height = Math.max(1, ...laid.map((l) => l.lines.length)) * pdf.lineHeight(size) + 2 * pad;
    let cx = pdf.left;
    cells.forEach((v, i) => {
      if (kind !== 'body') doc.rect(cx, cy, widths[i]!, height).lineWidth(0.5).fillAndStroke(LABEL_FILL, BORDER);
      else doc.rect(cx, cy, widths[i]!, height).lineWidth(0.5).strokeColor(BORDER).stroke();
      pdf.text(v === null || v === undefined ? '' : String(v), cx + pad, cy + pad, {
        size,
        bold,
        width: widths[i]! - 2 * pad,
        maxLines: 4,
        align: options.columns[i]!.align ?? 'left',
      });
      cx += widths[i]!;
    });
    return height;
  };
  const rowHeight = (cells: (string | number | null | undefined)[], bold: boolean) =>
    Math.max(
      1,
      ...cells.map(
        (v, i) =>
          pdf.layoutText(v === null || v === undefined ? '' : String(v), {
            size,
            bold,
            width: widths[i]! - 2 * pad,
            maxLines: 4,
          }).lines.length,
      ),
    ) *
      pdf.lineHeight(size) +
    2 * pad;

  const header = options.columns.map((c) => c.header);
  const headerHeight = rowHeight(header, true);
  let cy = ensureSpace(pdf, y, headerHeight + pdf.lineHeight(size) + 2 * pad);
  cy += drawRow(cy, header, 'header');
  const body = options.rows.length
    ? options.rows
    : options.emptyText !== undefined
      ? [[options.emptyText, ...options.columns.slice(1).map(() => '')]]
      : [];
  for (const r of body) {
    const h = rowHeight(r, false);
    const next = ensureSpace(pdf, cy, h);
    if (next !== cy) {
      cy = next;
      cy += drawRow(cy, header, 'header');
    }
    cy += drawRow(cy, r, 'body');
  }
  if (options.footer) {
    const h = rowHeight(options.footer, true);
    const next = ensureSpace(pdf, cy, h);
    if (next !== cy) {
      cy = next;
      cy += drawRow(cy, header, 'header');
    }
    cy += drawRow(cy, options.footer, 'footer');
  }
  return cy;
}

/** Signature boxes side by side ('Received by ____  Date ____'). */
export function signatureLine(pdf: Pdf, y: number, labels: string[], size = 9): number {
  const height = mm(14);
  let cy = ensureSpace(pdf, y, height);
  cy += mm(3);
  const width = pdf.contentWidth / labels.length;
  labels.forEach((label, i) => {
    const x = pdf.left + i * width;
    pdf.text(label, x, cy, { size, width: width - mm(4) });
    pdf.doc
      .moveTo(x, cy + mm(9))
      .lineTo(x + width - mm(6), cy + mm(9))
      .lineWidth(0.5)
      .strokeColor(BORDER)
      .stroke();
  });
  return cy + height;
}

/** Small grey text at the bottom of the page (use with `pdf.onPage`). */
export function pageFooter(pdf: Pdf, left: string, right = ''): void {
  const y = pdf.bottom - mm(4);
  const half = pdf.contentWidth / 2;
  pdf.text(left, pdf.left, y, { size: 7, width: half, color: '#777777' });
  if (right) pdf.text(right, pdf.left + half, y, { size: 7, width: half, align: 'right', color: '#777777' });
}
