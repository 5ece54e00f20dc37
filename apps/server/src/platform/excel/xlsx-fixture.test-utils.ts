import { crc32, createDeflateRaw } from 'node:zlib';
import { columnLetters as letters } from './xlsx-reader';

export { letters };

/**
 * Builds .xlsx files (and hostile zips) for tests, streaming: a 400 MB cell is deflated chunk by chunk into a few
 * hundred KB without ever being held, so the memory a test measures is the server's.
 */

export interface ZipEntrySpec {
  name: string;
  /** The content, as pieces (any iterable; a generator keeps huge content out of memory). */
  content: Iterable<string | Buffer>;
  /** Stored instead of deflated. */
  stored?: boolean;
  /** Lie in the central directory and the local header about the uncompressed size. */
  declaredSize?: number;
}

/** Small pieces joined into ~256 KB buffers (millions of tiny writes into zlib would take minutes). */
function* batched(content: Iterable<string | Buffer>): Generator<Buffer> {
  let parts: Buffer[] = [];
  let size = 0;
  for (const piece of content) {
    const b = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
    if (b.length >= 1 << 18) {
      if (parts.length) yield Buffer.concat(parts);
      parts = [];
      size = 0;
      yield b;
      continue;
    }
    parts.push(b);
    size += b.length;
    if (size >= 1 << 18) {
      yield Buffer.concat(parts);
      parts = [];
      size = 0;
    }
  }
  if (parts.length) yield Buffer.concat(parts);
}

async function deflate(content: Iterable<string | Buffer>, stored: boolean) {
  let crc = 0;
  let size = 0;
  const out: Buffer[] = [];
  const z = stored ? undefined : createDeflateRaw({ level: 6 });
  z?.on('data', (d: Buffer) => out.push(d));
  const done = new Promise<void>((resolve, reject) => {
    z?.on('end', resolve);
    z?.on('error', reject);
  });
  for (const b of batched(content)) {
    crc = crc32(b, crc);
    size += b.length;
    if (!z) out.push(b);
    else if (!z.write(b)) await new Promise((r) => z.once('drain', r));
  }
  if (z) {
    z.end();
    await done;
  }
  return { data: Buffer.concat(out), crc, size };
}

/** A zip with the given entries (sizes below 4 GB; no zip64). */
export async function buildZip(entries: ZipEntrySpec[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const { data, crc, size } = await deflate(e.content, e.stored ?? false);
    const declared = e.declaredSize ?? size;
    const name = Buffer.from(e.name);
    // The fields a local header and its central-directory entry share, from 'version needed' to the name's length
    // (at 4 in a local header, at 6 in the directory, which starts with 'version made by').
    const writeShared = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(0x0800, at + 2);
      header.writeUInt16LE(e.stored ? 0 : 8, at + 4);
      header.writeUInt32LE(crc >>> 0, at + 10);
      header.writeUInt32LE(data.length, at + 14);
      header.writeUInt32LE(Math.min(declared, 0xfffffffe), at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeShared(local, 4);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    writeShared(dir, 6);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(dir, name);
    offset += local.length + name.length + data.length;
  }
  const dirSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

export function escapeXml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** One shared string. */
export const si = (text: string) => `<si><t>${escapeXml(text)}</t></si>`;

/** An inline-string cell. */
export const textCell = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`;

/** A row of inline-string cells from column A. */
export function textRow(rowNumber: number, texts: string[]) {
  const cells = texts.map((text, i) => (text ? textCell(`${letters(i + 1)}${rowNumber}`, text) : '')).join('');
  return `<row r="${rowNumber}">${cells}</row>`;
}

export interface XlsxSpec {
  /** The rows inside <sheetData>, as pieces. */
  rows: Iterable<string | Buffer>;
  /** The content of <sst>, as pieces (`si('text')` for one plain string). */
  sharedStrings?: Iterable<string | Buffer>;
  styles?: string;
  workbookPr?: string;
  extra?: ZipEntrySpec[];
  /** Uncompressed size the sheet entry claims. */
  sheetDeclaredSize?: number;
}

/** The smallest .xlsx Excel opens: workbook, one sheet, optional shared strings and styles. */
export function xlsxEntries(spec: XlsxSpec): ZipEntrySpec[] {
  const one = (s: string) => [s];
  const rels = [
    `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`,
    spec.sharedStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : '',
    spec.styles ? `<Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/>` : '',
  ].join('');
  const entries: ZipEntrySpec[] = [
    {
      name: '[Content_Types].xml',
      content: one(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      content: one(
        `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      content: one(
        `<workbook xmlns="${NS}" xmlns:r="${REL}">${spec.workbookPr ?? ''}<sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    { name: 'xl/_rels/workbook.xml.rels', content: one(`<Relationships xmlns="${PKG}">${rels}</Relationships>`) },
    {
      name: 'xl/worksheets/sheet1.xml',
      content: (function* () {
        yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>`;
        yield* spec.rows;
        yield '</sheetData></worksheet>';
      })(),
      declaredSize: spec.sheetDeclaredSize,
    },
  ];
  if (spec.sharedStrings) {
    const strings = spec.sharedStrings;
    entries.push({
      name: 'xl/sharedStrings.xml',
      content: (function* () {
        yield `<sst xmlns="${NS}">`;
        yield* strings;
        yield '</sst>';
      })(),
    });
  }
  if (spec.styles) entries.push({ name: 'xl/styles.xml', content: one(spec.styles) });
  return [...entries, ...(spec.extra ?? [])];
}

export const buildXlsx = (spec: XlsxSpec) => buildZip(xlsxEntries(spec));

/** `times` copies of `chunk` (one Buffer reused), for huge content held nowhere. */
export function* repeat(chunk: string, times: number): Generator<Buffer> {
  const b = Buffer.from(chunk);
  for (let i = 0; i < times; i++) yield b;
}
