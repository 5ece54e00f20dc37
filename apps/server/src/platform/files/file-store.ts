import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../db/database';
import { sysFile } from '../db/platform.table';
import { AppError } from '../errors';

/**
 * Uploaded files live under `<DATA_DIR>/files/<aa>/<uuid>` (outside any web root) and are reached by
 * their opaque id only, and read only as modules/file/file-access.ts allows. The type is decided by the content's magic bytes, and must agree with the
 * file name's extension: an HTML page renamed .png is refused. Behind this interface a later
 * S3-compatible store can replace the local disk.
 */
export const ALLOWED_TYPES: Record<string, { mime: string; extensions: string[] }> = {
  png: { mime: 'image/png', extensions: ['png'] },
  jpg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  bmp: { mime: 'image/bmp', extensions: ['bmp'] },
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
  cfb: { mime: 'application/x-cfb', extensions: ['xls', 'doc'] },
  zip: { mime: 'application/zip', extensions: ['zip'] },
};
export const IMAGE_TYPES = ['png', 'jpg', 'gif', 'webp', 'bmp'];

export interface StoredFile {
  fileId: string;
  name: string;
  url: string;
  size: number;
  contentType: string;
}

/** Who uploads: recorded with the file (sys_file.create_by, uploader_id); see modules/file/file-access.ts. */
export interface Uploader {
  userId: number;
  userName: string;
}

export interface FileStore {
  save(input: { stream: Readable; fileName: string; uploader: Uploader; allow?: string[] }): Promise<StoredFile>;
  open(fileId: string): Promise<{ meta: typeof sysFile.$inferSelect; stream: Readable } | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const isFileId = (value: string) => UUID.test(value);

export function createLocalFileStore(db: Db, dataDir: string, maxBytes: number): FileStore {
  const root = path.join(dataDir, 'files');
  const pathOf = (fileId: string) => path.join(root, fileId.slice(0, 2), fileId);

  return {
    async save({ stream, fileName, uploader, allow }) {
      const fileId = randomUUID();
      const tmpDir = path.join(root, 'tmp');
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, fileId);
      const hash = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      try {
        await pipeline(
          stream,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              size += chunk.length;
              if (size > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 'err_payload_too_large');
              if (head.length < 4100) head = Buffer.concat([head, chunk.subarray(0, 4100 - head.length)]);
              hash.update(chunk);
              yield chunk;
            }
          },
          createWriteStream(tmp, { mode: 0o600 }),
        );
        if ((stream as Readable & { truncated?: boolean }).truncated) {
          throw new AppError('PAYLOAD_TOO_LARGE', 'err_payload_too_large');
        }
        if (size === 0) throw new AppError('UNSUPPORTED_FILE', 'err_empty_file');
        const detected = await fileTypeFromBuffer(head);
        const ext = path.extname(fileName).slice(1).toLowerCase();
        const kind = detected ? Object.entries(ALLOWED_TYPES).find(([k]) => k === detected.ext) : undefined;
        const allowedKinds = allow ?? Object.keys(ALLOWED_TYPES);
        if (!kind || !allowedKinds.includes(kind[0]) || !kind[1].extensions.includes(ext)) {
          throw new AppError('UNSUPPORTED_FILE', 'err_unsupported_file', { name: fileName.slice(0, 100) });
        }
        const final = pathOf(fileId);
        await mkdir(path.dirname(final), { recursive: true });
        await rename(tmp, final);
        const safeName = fileName.replace(/[\\/\r\n]/g, '_').slice(0, 255);
        await db.insert(sysFile).values({
          fileId,
          originalName: safeName,
          contentType: kind[1].mime,
          extension: ext,
          size,
          sha256: hash.digest('hex'),
          createBy: uploader.userName,
          uploaderId: uploader.userId,
        });
        return { fileId, name: safeName, url: `/file/download/${fileId}`, size, contentType: kind[1].mime };
      } finally {
        await rm(tmp, { force: true });
      }
    },

    async open(fileId) {
      if (!isFileId(fileId)) return null;
      const [meta] = await db.select().from(sysFile).where(eq(sysFile.fileId, fileId));
      if (!meta) return null;
      const file = pathOf(fileId);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return { meta, stream: createReadStream(file) };
    },
  };
}
