import { PassThrough } from 'node:stream';
import { FEE_FIELDS, type TLanguage } from '@theone/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/database';
import { AppError } from '../errors';
import { contentDisposition } from '../http/content-disposition';
import { t } from '../i18n';
import { sysDictData } from '../../modules/system/dict/dict.table';

/**
 * The one Excel mechanism every module's `/export`, import template and import uses (exceljs).
 *
 * Export: `sendExcel(req, reply, { fileName, columns, rows })` streams an .xlsx (constant memory; rows may be an
 * async iterable, e.g. `keysetBatches(...)`). Headers are translation keys, translated into the caller's language;
 * dictionary columns show labels in that language; fee columns are dropped for users without the fee role;
 * text that starts with = + - @ (or a tab/CR) is prefixed with ' so a spreadsheet never runs it as a formula.
 * An error before the first row (bad filters, database) answers the usual JSON envelope.
 */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ExcelColumnType = 'text' | 'money' | 'number' | 'integer' | 'date' | 'datetime' | 'dict';

export interface ExcelColumn<Row> {
  /** Field of the row; also decides fee stripping (FEE_FIELDS). */
  key: string;
  /** Translation-sheet key of the header. */
  header: string;
  type?: ExcelColumnType;
  /** dictType for 'dict' columns. */
  dict?: string;
  width?: number;
  /** Custom value; default `row[key]`. */
  value?: (row: Row) => unknown;
  /** Force as a fee column (removed without the fee role) even if the key is not in FEE_FIELDS. */
  fee?: boolean;
}

export interface SendExcelOptions<Row> {
  /** File name without extension; a translation key or plain text. A timestamp and .xlsx are appended. */
  fileName: string;
  sheetName?: string;
  columns: ExcelColumn<Row>[];
  rows: AsyncIterable<Row> | Iterable<Row>;
  db: DbOrTx;
  timezone?: string;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** Neutralises spreadsheet formula injection in text cells. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function formatDateTime(value: Date | string, timezone: string, dateOnly = false): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return dateOnly ? `${p.year}-${p.month}-${p.day}` : `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

export async function loadDictLabels(db: DbOrTx, types: string[], lang: TLanguage): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  if (!types.length) return out;
  const rows = await db
    .select()
    .from(sysDictData)
    .where(and(inArray(sysDictData.dictType, types), eq(sysDictData.status, '0')))
    .orderBy(asc(sysDictData.dictSort));
  for (const r of rows) {
    const label = (lang === 'en' ? r.dictLabelEn : lang === 'th' ? r.dictLabelTh : r.dictLabel) || r.dictLabel;
    const map = out.get(r.dictType) ?? new Map<string, string>();
    map.set(r.dictValue, label);
    out.set(r.dictType, map);
  }
  return out;
}

function visibleColumns<Row>(req: FastifyRequest, columns: ExcelColumn<Row>[]) {
  const feeRole = req.auth?.feeRole ?? false;
  return columns.filter((c) => feeRole || !(c.fee || FEE_FIELDS.has(c.key)));
}

function cellValue<Row>(column: ExcelColumn<Row>, row: Row, dicts: Map<string, Map<string, string>>, timezone: string) {
  const raw = column.value ? column.value(row) : (row as Record<string, unknown>)[column.key];
  if (raw === null || raw === undefined || raw === '') return null;
  switch (column.type) {
    case 'money':
    case 'number':
    case 'integer': {
      const n = Number(raw);
      return Number.isFinite(n) ? n : neutraliseFormula(String(raw));
    }
    case 'date':
      return formatDateTime(raw as Date | string, timezone, true);
    case 'datetime':
      return formatDateTime(raw as Date | string, timezone);
    case 'dict':
      return neutraliseFormula(dicts.get(column.dict ?? '')?.get(String(raw)) ?? String(raw));
    default:
      if (raw instanceof Date) return formatDateTime(raw, timezone);
      return neutraliseFormula(String(raw));
  }
}

function timestampSuffix(timezone: string) {
  return formatDateTime(new Date(), timezone).replace(/[-: ]/g, '').slice(0, 14);
}

export async function sendExcel<Row>(req: FastifyRequest, reply: FastifyReply, options: SendExcelOptions<Row>) {
  const timezone = options.timezone ?? 'Asia/Shanghai';
  const columns = visibleColumns(req, options.columns);
  const dicts = await loadDictLabels(
    options.db,
    [...new Set(columns.filter((c) => c.type === 'dict' && c.dict).map((c) => c.dict!))],
    req.lang,
  );
  const iterator = (Symbol.asyncIterator in options.rows
    ? (options.rows as AsyncIterable<Row>)[Symbol.asyncIterator]()
    : (options.rows as Iterable<Row>)[Symbol.iterator]()) as AsyncIterator<Row> | Iterator<Row>;
  // The first row is read before anything is sent, so an early failure is still a JSON error.
  let next = await iterator.next();

  const title = t(options.fileName, req.lang);
  const stream = new PassThrough();
  reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', contentDisposition(`${title}_${timestampSuffix(timezone)}.xlsx`))
    .header('Cache-Control', 'no-store');
  const done = reply.send(stream);

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(options.sheetName ? t(options.sheetName, req.lang) : title.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({
    header: t(c.header, req.lang),
    key: c.key,
    width: c.width ?? (c.type === 'datetime' ? 20 : c.type === 'money' ? 14 : 16),
    style: c.type === 'money' ? { numFmt: '#,##0.00' } : undefined,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  try {
    while (!next.done) {
      const row = next.value;
      sheet.addRow(columns.map((c) => cellValue(c, row, dicts, timezone))).commit();
      next = await iterator.next();
    }
    sheet.commit();
    await workbook.commit();
  } catch (err) {
    req.log.error({ err }, 'export failed while streaming');
    stream.destroy(err as Error);
  }
  return done;
}

/**
 * Reads rows in keyset batches ordered by a unique increasing key, so a 100,000-row export never holds them all
 * and never uses a large OFFSET.
 */
export async function* keysetBatches<Row>(
  fetch: (after: number | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => number,
  batchSize = 2000,
): AsyncGenerator<Row> {
  let after: number | undefined;
  for (;;) {
    const batch = await fetch(after, batchSize);
    for (const row of batch) yield row;
    if (batch.length < batchSize) return;
    after = keyOf(batch[batch.length - 1]!);
  }
}

/** An import template: the translated header row (and optional example rows) as .xlsx. */
export async function sendTemplate<Row>(
  req: FastifyRequest,
  reply: FastifyReply,
  options: { fileName: string; columns: ExcelColumn<Row>[]; examples?: Row[]; db: DbOrTx },
) {
  return sendExcel(req, reply, { ...options, rows: options.examples ?? [] });
}

export interface SheetColumn {
  key: string;
  /** Translation key of the header; the header cell may be in any of the three languages, or the key itself. */
  header: string;
  /** Other header texts accepted (e.g. RuoYi's template headers). */
  aliases?: string[];
  required?: boolean;
}

export interface SheetRow {
  /** 1-based row number in the sheet (header is row 1). */
  rowNumber: number;
  values: Record<string, string>;
}

/** The standard import failure: every bad row and column, translated, and nothing saved. */
export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

export function importFailed(errors: ImportRowError[]): AppError {
  return new AppError('VALIDATION', 'err_import_rows', { count: errors.length }, { data: { errors: errors.slice(0, 1000) } });
}

/**
 * Reads the first worksheet of an uploaded .xlsx into string values by column key. The header row is matched
 * against the translated headers in any language. A file that is not a real .xlsx is refused with a clear error.
 */
export async function readSheet(buffer: Buffer, columns: SheetColumn[], maxRows = 10_000): Promise<SheetRow[]> {
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw new AppError('UNSUPPORTED_FILE', 'err_not_excel');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new AppError('UNSUPPORTED_FILE', 'err_not_excel');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('VALIDATION', 'err_import_empty');
  const headerRow = sheet.getRow(1);
  const positions = new Map<string, number>();
  const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();
  headerRow.eachCell((cell, col) => {
    const text = norm(String(cell.text ?? ''));
    for (const c of columns) {
      const names = [c.key, c.header, ...(c.aliases ?? []), t(c.header, 'zh-cn'), t(c.header, 'en'), t(c.header, 'th')].map(norm);
      if (names.includes(text) && !positions.has(c.key)) positions.set(c.key, col);
    }
  });
  const missing = columns.filter((c) => c.required && !positions.has(c.key));
  if (missing.length) {
    throw new AppError('VALIDATION', 'err_import_missing_columns', { columns: missing.map((c) => t(c.header, 'zh-cn')).join(', ') });
  }
  const rows: SheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values: Record<string, string> = {};
    let any = false;
    for (const [key, col] of positions) {
      const cell = row.getCell(col);
      const v = cell.value;
      const text =
        v === null || v === undefined
          ? ''
          : v instanceof Date
            ? v.toISOString()
            : typeof v === 'object' && 'result' in v
              ? String(v.result ?? '')
              : typeof v === 'object' && 'richText' in v
                ? v.richText.map((p) => p.text).join('')
                : typeof v === 'object' && 'text' in v
                  ? String(v.text)
                  : String(v);
      values[key] = text.trim();
      if (values[key]) any = true;
    }
    if (!any) continue;
    rows.push({ rowNumber: r, values });
    if (rows.length > maxRows) throw new AppError('VALIDATION', 'err_import_too_many', { max: maxRows });
  }
  if (!rows.length) throw new AppError('VALIDATION', 'err_import_empty');
  return rows;
}
