import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { Parser } from 'htmlparser2';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../errors';

/**
 * A bounded, streaming reader of the first worksheet of an .xlsx (issue 11 item 3: a 410 KB file holding one 400 MB
 * cell used to cost 3.9 GB and stall the server for seconds).
 *
 * 1. The zip's central directory is read first (yauzl) and checked before anything is inflated: the number of
 *    entries, safe names (no absolute paths, no `..`, no deep nesting), the sum of the declared uncompressed sizes
 *    and each entry's compression ratio. While inflating, yauzl refuses an entry that yields more bytes than it
 *    declared, so a lying directory cannot get past the limits either.
 * 2. Only the parts needed are inflated (workbook, its relationships, styles, shared strings, the first sheet), in
 *    zlib's thread pool, 16 KB at a time; each chunk is fed to a streaming XML parser (htmlparser2), so the event
 *    loop serves other requests between chunks and nothing holds the whole sheet.
 * 3. Cell text is counted as it arrives and reading stops at the first cell over `maxCellChars`, the first value
 *    beyond `maxColumns`, or when the caller's row visitor throws (too many rows).
 *
 * Values come out as exceljs gave them before: numbers as `String(Number(v))`, date-formatted numbers and `t="d"`
 * cells as ISO text (`2026-05-01T10:00:00.000Z` holding the wall-clock time typed), booleans as `true`/`false`,
 * shared, inline and rich text as plain text (phonetic runs dropped).
 */

export interface SheetLimits {
  /** Largest sum of the uncompressed sizes the zip's entries declare, in bytes. */
  maxUncompressedBytes: number;
  /** Largest uncompressed/compressed ratio of an entry larger than 1 MB (a zip bomb's is around 1000). */
  maxCompressionRatio: number;
  /** Most entries (parts) in the zip; an .xlsx has about a dozen. */
  maxEntries: number;
  /** Last column that may hold a value. */
  maxColumns: number;
  /** Longest cell text (Excel's own limit is 32,767). */
  maxCellChars: number;
  /** Most data rows of any import (each import may allow fewer). */
  maxRows: number;
}

export const DEFAULT_SHEET_LIMITS: SheetLimits = {
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxCompressionRatio: 200,
  maxEntries: 500,
  maxColumns: 200,
  maxCellChars: 32_767,
  maxRows: 10_000,
};

/** Entries this small are not checked for their ratio (a few KB of repeated XML compresses very well). */
const RATIO_FLOOR_BYTES = 1024 * 1024;
const MAX_PATH_DEPTH = 8;
const MAX_NAME_LENGTH = 255;
/** Spreadsheet XML nests about 6 deep and puts a handful of attributes on an element. */
const MAX_XML_DEPTH = 64;
const MAX_XML_ATTRIBUTES = 256;

const notExcel = () => new AppError('UNSUPPORTED_FILE', 'err_not_excel');

/** Column letters (A, Z, AA, XFD) -> 1-based index; 0 when the reference has none. */
export function columnIndex(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length && i < 4; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) n = n * 26 + (c - 64);
    else if (c >= 97 && c <= 122) n = n * 26 + (c - 96);
    else break;
  }
  return n;
}

/** 1-based column index -> letters, for messages. */
export function columnLetters(index: number): string {
  let out = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

/** Built-in number formats that show dates or times (14-22, 45-47; 27-36 and 50-58 in Chinese, Japanese, Korean). */
function builtinDateFormat(id: number): boolean {
  return (id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58);
}

/** A custom format shows a date when, outside quotes, escapes and [..] sections, it has d, m, y, h or s. */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '')
    .replace(/general/gi, '');
  return /[dmyhs]/i.test(bare);
}

/** exceljs's conversion of a date serial: the wall-clock time typed, as a UTC instant. */
function serialToIso(serial: number, date1904: boolean): string | undefined {
  const ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  const date = new Date(ms);
  return Number.isFinite(date.getTime()) ? date.toISOString() : undefined;
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** An attribute by local name (`r:id` and `relationships:id` are both `id`). */
function attr(attrs: Record<string, string>, local: string): string | undefined {
  if (attrs[local] !== undefined) return attrs[local];
  for (const key in attrs) if (localName(key) === local) return attrs[key];
  return undefined;
}

interface XmlHandler {
  open?(name: string, attrs: Record<string, string>): void;
  text?(chunk: string): void;
  close?(name: string): void;
}

class XlsxZip {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
  ) {}

  /** Opens the zip and checks its central directory against the limits before anything is inflated. */
  static async open(buffer: Buffer, limits: SheetLimits): Promise<XlsxZip> {
    if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw notExcel();
    let zip: ZipFile;
    try {
      zip = await yauzl.fromBufferPromise(buffer, {
        lazyEntries: true,
        autoClose: false,
        validateEntrySizes: true,
      });
    } catch {
      throw notExcel();
    }
    if (zip.entryCount > limits.maxEntries) {
      zip.close();
      throw new AppError('PAYLOAD_TOO_LARGE', 'err_import_too_many_parts', { max: limits.maxEntries });
    }
    const entries = new Map<string, Entry>();
    let declared = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        const name = entry.fileName;
        if (name.length > MAX_NAME_LENGTH || name.split('/').length > MAX_PATH_DEPTH)
          throw new AppError('UNSUPPORTED_FILE', 'err_import_unsafe_path');
        declared += entry.uncompressedSize;
        if (declared > limits.maxUncompressedBytes)
          throw new AppError('PAYLOAD_TOO_LARGE', 'err_import_too_large', {
            max: Math.floor(limits.maxUncompressedBytes / (1024 * 1024)),
          });
        if (
          entry.uncompressedSize > RATIO_FLOOR_BYTES &&
          entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxCompressionRatio
        )
          throw new AppError('PAYLOAD_TOO_LARGE', 'err_import_zip_bomb');
        if (entry.isEncrypted()) throw notExcel();
        entries.set(name.toLowerCase(), entry);
      }
    } catch (err) {
      zip.close();
      if (err instanceof AppError) throw err;
      // yauzl refuses absolute paths, `..` segments and malformed directories while listing
      throw /path|fileName/i.test(String((err as Error).message))
        ? new AppError('UNSUPPORTED_FILE', 'err_import_unsafe_path')
        : notExcel();
    }
    return new XlsxZip(zip, entries);
  }

  has(path: string) {
    return this.entries.has(path.toLowerCase());
  }

  /** Streams one part through the XML parser; a handler that throws stops the inflating at once. */
  async parse(path: string, handler: XmlHandler): Promise<void> {
    const entry = this.entries.get(path.toLowerCase());
    if (!entry) throw notExcel();
    let stream: Readable;
    try {
      stream = await this.zip.openReadStreamPromise(entry);
    } catch {
      throw notExcel();
    }
    // Nesting and attributes are bounded too: the parser keeps a stack of open elements and an object of the
    // attributes of the current one, which a crafted part could otherwise grow to millions of entries.
    let depth = 0;
    let attributes = 0;
    const parser = new Parser(
      {
        onopentagname() {
          if (++depth > MAX_XML_DEPTH) throw notExcel();
          attributes = 0;
        },
        onattribute() {
          if (++attributes > MAX_XML_ATTRIBUTES) throw notExcel();
        },
        onopentag: handler.open ? (name, attrs) => handler.open!(localName(name), attrs) : undefined,
        ontext: handler.text,
        onclosetag(name) {
          depth--;
          handler.close?.(localName(name));
        },
      },
      { xmlMode: true, decodeEntities: true },
    );
    const decoder = new StringDecoder('utf8');
    // A handler's error (a limit, the caller's visitor) is the answer; a stream's error means a broken file.
    let fromHandler = false;
    const feed = (text: string) => {
      try {
        parser.write(text);
      } catch (err) {
        fromHandler = true;
        throw err;
      }
    };
    try {
      for await (const chunk of stream) feed(decoder.write(chunk as Buffer));
      feed(decoder.end());
      parser.end();
    } catch (err) {
      stream.destroy();
      if (fromHandler || err instanceof AppError) throw err;
      throw notExcel();
    }
  }

  close() {
    this.zip.close();
  }
}

/** Path of a relationship target, relative to the folder of the part that names it. */
function resolveTarget(baseDir: string, target: string): string {
  const parts = target.startsWith('/') ? [] : baseDir.split('/').filter(Boolean);
  for (const segment of target.replace(/^\/+/, '').split('/')) {
    if (segment === '..') parts.pop();
    else if (segment && segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

async function readRelationships(zip: XlsxZip, path: string): Promise<{ id: string; type: string; target: string }[]> {
  const out: { id: string; type: string; target: string }[] = [];
  if (!zip.has(path)) return out;
  await zip.parse(path, {
    open(name, attrs) {
      if (name === 'Relationship' && out.length < 1000)
        out.push({ id: attrs.Id ?? '', type: attrs.Type ?? '', target: attrs.Target ?? '' });
    },
  });
  return out;
}

interface WorkbookParts {
  sheet: string;
  sharedStrings?: string;
  styles?: string;
  date1904: boolean;
}

async function locateParts(zip: XlsxZip): Promise<WorkbookParts> {
  const root = await readRelationships(zip, '_rels/.rels');
  const workbook = resolveTarget('', root.find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml');
  if (!zip.has(workbook)) throw notExcel();
  const dir = workbook.split('/').slice(0, -1).join('/');
  let firstSheetRel: string | undefined;
  let date1904 = false;
  await zip.parse(workbook, {
    open(name, attrs) {
      if (name === 'sheet' && firstSheetRel === undefined) firstSheetRel = attr(attrs, 'id') ?? '';
      else if (name === 'workbookPr') date1904 = /^(1|true)$/.test(attrs.date1904 ?? '');
    },
  });
  const rels = await readRelationships(zip, `${dir ? `${dir}/` : ''}_rels/${workbook.split('/').pop()}.rels`);
  const target = (rel?: { target: string }) => (rel ? resolveTarget(dir, rel.target) : undefined);
  const sheet =
    target(rels.find((r) => r.id === firstSheetRel)) ??
    target(rels.find((r) => r.type.endsWith('/worksheet'))) ??
    resolveTarget(dir, 'worksheets/sheet1.xml');
  if (!zip.has(sheet)) throw new AppError('VALIDATION', 'err_import_empty');
  const part = (type: string) => {
    const path = target(rels.find((r) => r.type.endsWith(type)));
    return path && zip.has(path) ? path : undefined;
  };
  return { sheet, sharedStrings: part('/sharedStrings'), styles: part('/styles'), date1904 };
}

/** Indices of the cell styles (cellXfs) that show numbers as dates. */
async function readDateStyles(zip: XlsxZip, path: string | undefined): Promise<Set<number>> {
  const dates = new Set<number>();
  if (!path) return dates;
  const custom = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  await zip.parse(path, {
    open(name, attrs) {
      if (name === 'numFmt') custom.set(Number(attrs.numFmtId), attrs.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) formats.push(Number(attrs.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  formats.forEach((id, index) => {
    const code = custom.get(id);
    if (code === undefined ? builtinDateFormat(id) : isDateFormatCode(code)) dates.add(index);
  });
  return dates;
}

/** Shared strings; one longer than the cell limit is kept as `null` (refused when a cell uses it). */
async function readSharedStrings(zip: XlsxZip, path: string | undefined, maxChars: number) {
  const strings: (string | null)[] = [];
  if (!path) return strings;
  let current = '';
  let tooLong = false;
  let inText = false;
  let phonetic = 0;
  await zip.parse(path, {
    open(name) {
      if (name === 'si') {
        current = '';
        tooLong = false;
      } else if (name === 't' && phonetic === 0) inText = true;
      else if (name === 'rPh') phonetic++;
    },
    text(chunk) {
      if (!inText || tooLong) return;
      current += chunk;
      if (current.length > maxChars) {
        tooLong = true;
        current = '';
      }
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') strings.push(tooLong ? null : current);
    },
  });
  return strings;
}

/** A row's non-empty cells by 1-based column. A visitor may throw to stop reading. */
export type RowVisitor = (rowNumber: number, cells: Map<number, string>) => void;

/** Reads the first worksheet of an .xlsx row by row within the limits. */
export async function readFirstSheet(buffer: Buffer, limits: SheetLimits, visit: RowVisitor): Promise<void> {
  const zip = await XlsxZip.open(buffer, limits);
  try {
    const parts = await locateParts(zip);
    const dateStyles = await readDateStyles(zip, parts.styles);
    const shared = await readSharedStrings(zip, parts.sharedStrings, limits.maxCellChars);

    let rowNumber = 0;
    let cells = new Map<number, string>();
    let column = 0;
    let type = '';
    let style = 0;
    let text = '';
    let collecting = false;
    let inline = false;
    let phonetic = 0;
    const cellTooLong = () =>
      new AppError('VALIDATION', 'err_import_cell_too_long', {
        row: rowNumber,
        column: columnLetters(column),
        max: limits.maxCellChars,
      });
    const cellText = (): string => {
      switch (type) {
        case 's': {
          const s = shared[Number(text)];
          if (s === null) throw cellTooLong();
          return s ?? '';
        }
        case 'inlineStr':
        case 'str':
        case 'e':
          return text;
        case 'b':
          return text === '' ? '' : text === '1' || text === 'true' ? 'true' : 'false';
        case 'd': {
          const date = new Date(text);
          return text && Number.isFinite(date.getTime()) ? date.toISOString() : text;
        }
        default: {
          if (text === '') return '';
          const n = Number(text);
          if (!Number.isFinite(n)) return text;
          return (dateStyles.has(style) && serialToIso(n, parts.date1904)) || String(n);
        }
      }
    };

    await zip.parse(parts.sheet, {
      open(name, attrs) {
        switch (name) {
          case 'row': {
            const r = Number(attrs.r);
            rowNumber = Number.isInteger(r) && r > rowNumber ? r : rowNumber + 1;
            cells = new Map();
            column = 0;
            break;
          }
          case 'c':
            column = (attrs.r && columnIndex(attrs.r)) || column + 1;
            type = attrs.t ?? 'n';
            style = Number(attrs.s ?? 0);
            text = '';
            inline = false;
            break;
          case 'v':
            collecting = true;
            break;
          case 'is':
            inline = true;
            break;
          case 't':
            if (inline && phonetic === 0) collecting = true;
            break;
          case 'rPh':
            phonetic++;
            break;
        }
      },
      text(chunk) {
        if (!collecting) return;
        text += chunk;
        if (text.length > limits.maxCellChars) throw cellTooLong();
      },
      close(name) {
        switch (name) {
          case 'v':
          case 't':
            collecting = false;
            break;
          case 'rPh':
            phonetic--;
            break;
          case 'c': {
            const value = cellText();
            if (value === '') break;
            if (column > limits.maxColumns)
              throw new AppError('VALIDATION', 'err_import_too_many_columns', {
                row: rowNumber,
                column: columnLetters(column),
                max: limits.maxColumns,
              });
            cells.set(column, value);
            break;
          }
          case 'row':
            visit(rowNumber, cells);
            break;
        }
      },
    });
  } finally {
    zip.close();
  }
}
