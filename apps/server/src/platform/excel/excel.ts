import { PassThrough } from 'node:stream';
import { FEE_FIELDS, type TLanguage } from '@theone/contracts';
import { type AnyColumn, and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/database';
import { sysDictData } from '../db/dict.table';
import { AppError } from '../errors';
import { contentDisposition } from '../http/content-disposition';
import { requireHeavy } from '../http/heavy';
import { t } from '../i18n';
import { businessTimeZone, formatDateTime } from '../time';
import { DEFAULT_SHEET_LIMITS, readFirstSheet, type SheetLimits } from './xlsx-reader';
import { writeXlsx, type XlsxCell } from './xlsx-writer';

/**
 * The one Excel mechanism every module's `/export`, import template and import uses (exports through the lean
 * writer of xlsx-writer.ts, ADR 0004; imports read by the bounded streaming reader of xlsx-reader.ts). Every route that sends or reads one declares
 * `config: { heavy: 'export' | 'template' | 'import' }` (platform/http/heavy.ts limits them per user).
 *
 * Export: `sendExcel(req, reply, { fileName, columns, rows | pages })` streams an .xlsx through the lean writer of
 * `xlsx-writer.ts` (constant memory; `rows` may be any (async) iterable such as `keysetBatches(...)`, `pages` an async
 * iterable of row arrays such as `keysetPages(...)`, read one page ahead while the previous one is written). Headers are translation keys, translated into the caller's language;
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
  /** Rows one by one (any iterable), or `pages` of rows. */
  rows?: AsyncIterable<Row> | Iterable<Row>;
  pages?: AsyncIterable<Row[]>;
  /** Further sheets after the first (small documents such as a container manifest and its order lines). */
  moreSheets?: ExcelSheet<Row>[];
  db: DbOrTx;
  timezone?: string;
}

/** A further sheet of `sendExcel`: its own name (translation key or text), columns and rows. */
export interface ExcelSheet<Row> {
  sheetName: string;
  columns: ExcelColumn<Row>[];
  rows: Iterable<Row>;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** Neutralises spreadsheet formula injection in text cells. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export async function loadDictLabels(
  db: DbOrTx,
  types: string[],
  lang: TLanguage,
): Promise<Map<string, Map<string, string>>> {
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

/**
 * An import's dictionary cell read back to its value: the value itself or its label in any of the three languages
 * (case and surrounding blanks ignored); undefined for any other text.
 */
export async function dictValueMatcher(db: DbOrTx, type: string): Promise<(text: string) => string | undefined> {
  const byText = new Map<string, string>();
  for (const lang of ['zh-cn', 'en', 'th'] as const) {
    for (const [value, label] of (await loadDictLabels(db, [type], lang)).get(type) ?? []) {
      byText.set(value.toLowerCase(), value);
      byText.set(label.toLowerCase(), value);
    }
  }
  return (text) => byText.get(text.trim().toLowerCase());
}

function visibleColumns<Row>(req: FastifyRequest, columns: ExcelColumn<Row>[]) {
  const feeRole = req.auth?.feeRole ?? false;
  return columns.filter((c) => feeRole || !(c.fee || FEE_FIELDS.has(c.key)));
}

const text = (value: string): XlsxCell => ({ kind: 'text', text: value });

function cellValue<Row>(
  column: ExcelColumn<Row>,
  row: Row,
  dicts: Map<string, Map<string, string>>,
  timezone: string,
): XlsxCell {
  const raw = column.value ? column.value(row) : (row as Record<string, unknown>)[column.key];
  if (raw === null || raw === undefined || raw === '') return null;
  switch (column.type) {
    case 'money':
    case 'number':
    case 'integer': {
      const value = String(raw).trim();
      // The exact decimal text is the cell value (no float round trip); anything else is text.
      if (/^-?\d+(\.\d+)?$/.test(value)) return { kind: column.type === 'money' ? 'money' : 'number', text: value };
      return text(neutraliseFormula(String(raw)));
    }
    case 'date':
      return text(formatDateTime(raw as Date | string, timezone, true));
    case 'datetime':
      return text(formatDateTime(raw as Date | string, timezone));
    case 'dict':
      return text(neutraliseFormula(dicts.get(column.dict ?? '')?.get(String(raw)) ?? String(raw)));
    default:
      if (raw instanceof Date) return text(formatDateTime(raw, timezone));
      return text(neutraliseFormula(String(raw)));
  }
}

function timestampSuffix(timezone: string) {
  return formatDateTime(new Date(), timezone).replace(/[-: ]/g, '').slice(0, 14);
}

/** Groups single rows into pages for the writer. */
async function* pagesOf<Row>(rows: AsyncIterable<Row> | Iterable<Row>, size = 1000): AsyncGenerator<Row[]> {
  let page: Row[] = [];
  for await (const row of rows) {
    page.push(row);
    if (page.length >= size) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}

export async function sendExcel<Row>(req: FastifyRequest, reply: FastifyReply, options: SendExcelOptions<Row>) {
  requireHeavy(req);
  const timezone = options.timezone ?? businessTimeZone();
  const columns = visibleColumns(req, options.columns);
  const more = (options.moreSheets ?? []).map((s) => ({ ...s, columns: visibleColumns(req, s.columns) }));
  const dicts = await loadDictLabels(
    options.db,
    [
      ...new Set(
        [columns, ...more.map((s) => s.columns)].flat().flatMap((c) => (c.type === 'dict' && c.dict ? [c.dict] : [])),
      ),
    ],
    req.lang,
  );
  const iterator = (options.pages ?? pagesOf(options.rows ?? []))[Symbol.asyncIterator]();
  // The first page is read before anything is sent, so an early failure is still a JSON error.
  const first = await iterator.next();

  const title = t(options.fileName, req.lang);
  const stream = new PassThrough();
  reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', contentDisposition(`${title}_${timestampSuffix(timezone)}.xlsx`))
    .header('Cache-Control', 'no-store');
  const done = reply.send(stream);
  // A client that goes away mid-download ends the export (the writer would otherwise wait on backpressure forever).
  reply.raw.once('close', () => {
    if (!stream.writableFinished) stream.destroy();
  });

  // Each row becomes cells only as the writer reaches it (a page of cells held across the writer's awaits outlived
  // the young generation and grew the heap by hundreds of megabytes over a long export).
  function* cellsOf(page: Row[]): Generator<XlsxCell[]> {
    for (const row of page) yield columns.map((c) => cellValue(c, row, dicts, timezone));
  }
  async function* cells(): AsyncGenerator<Iterable<XlsxCell[]>> {
    let next = first;
    while (!next.done) {
      // the next page is read while this one is written
      const following = iterator.next();
      yield cellsOf(next.value);
      next = await following;
    }
  }
  try {
    const widths = (cs: ExcelColumn<Row>[]) =>
      cs.map((c) => c.width ?? (c.type === 'datetime' ? 20 : c.type === 'money' ? 14 : 16));
    async function* once<T>(value: T) {
      yield value;
    }
    await writeXlsx(stream, [
      {
        sheetName: options.sheetName ? t(options.sheetName, req.lang) : title,
        headers: columns.map((c) => t(c.header, req.lang)),
        widths: widths(columns),
        pages: cells(),
      },
      ...more.map((s) => ({
        sheetName: t(s.sheetName, req.lang),
        headers: s.columns.map((c) => t(c.header, req.lang)),
        widths: widths(s.columns),
        pages: once(
          (function* () {
            for (const row of s.rows) yield s.columns.map((c) => cellValue(c, row, dicts, timezone));
          })(),
        ),
      })),
    ]);
  } catch (err) {
    if (stream.destroyed) req.log.info('export ended early: the client closed the connection');
    else {
      req.log.error({ err }, 'export failed while streaming');
      stream.destroy(err as Error);
    }
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

/**
 * `keysetBatches` of one select: `select()` builds it afresh (`db.select(...).from(table).$dynamic()`), each batch
 * reads the rows of `where` past the last `key`, in `key` order; `map` shapes a row before it is written.
 */
export function keysetRows<Q extends PgSelect, Out = Awaited<Q>[number]>(options: {
  select: () => Q;
  key: AnyColumn;
  where: SQL | undefined;
  keyOf: (row: Out) => number;
  map?: (row: Awaited<Q>[number]) => Out;
}): AsyncGenerator<Out> {
  const { select, key, where, keyOf, map } = options;
  return keysetBatches(async (after, limit) => {
    const rows: Awaited<Q>[number][] = await select()
      .where(and(where, after === undefined ? undefined : gt(key, after)))
      .orderBy(asc(key))
      .limit(limit);
    return map ? rows.map(map) : (rows as Out[]);
  }, keyOf);
}

/** Pages of rows in keyset order (a unique increasing key), for `sendExcel({ pages })`. */
export async function* keysetPages<Row>(
  fetch: (after: number | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => number,
  size = 2000,
): AsyncGenerator<Row[]> {
  let after: number | undefined;
  for (;;) {
    const page = await fetch(after, size);
    if (page.length) yield page;
    if (page.length < size) return;
    after = keyOf(page[page.length - 1]!);
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

/** How much of a cell an error message quotes. */
export const QUOTE_CHARS = 50;
const MAX_ERRORS = 1000;
const MAX_MESSAGE_CHARS = 300;

/** A value as an error message may quote it: at most QUOTE_CHARS characters, then an ellipsis. */
export function quote(value: string, max = QUOTE_CHARS): string {
  if (value.length <= max) return value;
  let out = '';
  let count = 0;
  for (const char of value) {
    if (count === max) return `${out}…`;
    out += char;
    count++;
  }
  return value;
}

/**
 * An import's error list: `fail(row, columnKey, messageKey, params)` adds one error with the column's translated
 * header and the message in the caller's language; every text parameter is quoted (cut to QUOTE_CHARS), so a cell
 * of any length never makes a long answer.
 */
export function importErrors(lang: TLanguage, headerOf: (columnKey: string) => string) {
  const errors: ImportRowError[] = [];
  const fail = (row: number, column: string, key: string, params?: Record<string, unknown>) => {
    const quoted: Record<string, unknown> = { field: headerOf(column) };
    for (const [name, value] of Object.entries(params ?? {}))
      quoted[name] = typeof value === 'string' ? quote(value) : value;
    errors.push({ row, column: headerOf(column), message: t(key, lang, quoted) });
  };
  return { errors, fail };
}

export function importFailed(errors: ImportRowError[]): AppError {
  return new AppError(
    'VALIDATION',
    'err_import_rows',
    { count: errors.length },
    {
      data: {
        errors: errors.slice(0, MAX_ERRORS).map((e) => ({
          row: e.row,
          column: quote(e.column),
          message: quote(e.message, MAX_MESSAGE_CHARS),
        })),
      },
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Import limits of this app (configuration), read by `readUpload`. */
    sheetLimits?: SheetLimits;
  }
}

/** Makes the configured import limits available to `readUpload` (at start-up). */
export function registerSheetLimits(app: FastifyInstance, limits: SheetLimits) {
  app.decorate('sheetLimits', limits);
}

/** An uploaded import file, with the limits of the server that received it. */
export interface SheetUpload {
  buffer: Buffer;
  limits: SheetLimits;
}

/**
 * The uploaded file of an import route (multipart field `file`), for `readSheet`. The route must declare
 * `heavy: 'import'`.
 */
export async function readUpload(req: FastifyRequest): Promise<SheetUpload> {
  requireHeavy(req);
  const part = req.isMultipart() ? await req.file() : undefined;
  if (!part) throw new AppError('VALIDATION', 'err_file_required', undefined, { field: 'file' });
  return { buffer: await part.toBuffer(), limits: req.server.sheetLimits ?? DEFAULT_SHEET_LIMITS };
}

const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/**
 * Reads the first worksheet of an uploaded .xlsx into string values by column key, streaming and within the
 * limits of the server that received it (xlsx-reader.ts: size, compression ratio, parts, columns, cell length;
 * at most `maxRows` data rows, never more than the configured ceiling); a bare Buffer gets the default limits.
 * The header row (row 1) is matched against the translated headers in any language. A file that is not a real
 * .xlsx is refused with a clear error.
 */
export async function readSheet(
  file: SheetUpload | Buffer,
  columns: SheetColumn[],
  maxRows = 10_000,
): Promise<SheetRow[]> {
  const { buffer, limits } = Buffer.isBuffer(file) ? { buffer: file, limits: DEFAULT_SHEET_LIMITS } : file;
  const max = Math.min(maxRows, limits.maxRows);
  const names = columns.map((c) =>
    [c.key, c.header, ...(c.aliases ?? []), t(c.header, 'zh-cn'), t(c.header, 'en'), t(c.header, 'th')].map(norm),
  );
  let positions: Map<string, number> | undefined;
  const header = (cells: Map<number, string>) => {
    const found = new Map<string, number>();
    for (const [col, text] of [...cells].sort((a, b) => a[0] - b[0])) {
      columns.forEach((c, i) => {
        if (names[i]!.includes(norm(text)) && !found.has(c.key)) found.set(c.key, col);
      });
    }
    const missing = columns.filter((c) => c.required && !found.has(c.key));
    if (missing.length) {
      throw new AppError('VALIDATION', 'err_import_missing_columns', {
        columns: missing.map((c) => t(c.header, 'zh-cn')).join(', '),
      });
    }
    return found;
  };
  const rows: SheetRow[] = [];
  await readFirstSheet(buffer, limits, (rowNumber, cells) => {
    if (rowNumber === 1) {
      positions = header(cells);
      return;
    }
    positions ??= header(new Map());
    const values: Record<string, string> = {};
    let any = false;
    for (const [key, col] of positions) {
      values[key] = (cells.get(col) ?? '').trim();
      if (values[key]) any = true;
    }
    if (!any) return;
    rows.push({ rowNumber, values });
    if (rows.length > max) throw new AppError('VALIDATION', 'err_import_too_many', { max });
  });
  positions ??= header(new Map());
  if (!rows.length) throw new AppError('VALIDATION', 'err_import_empty');
  return rows;
}
