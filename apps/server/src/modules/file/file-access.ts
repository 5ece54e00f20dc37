import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { DbOrTx } from '../../platform/db/database';
import { sysFile } from '../../platform/db/platform.table';
import { badRequest } from '../../platform/errors';
import { isFileId } from '../../platform/files/file-store';
import { payinfoQrFileOwner } from '../bas/api/payinfo-files';
import { arrivePhotoFileOwner } from '../bus/arrive/arrive-files';
import { exceptionPhotoFileOwner } from '../bus/exception/exception-files';
import { loadFileOwner } from '../bus/load/load-file-owner';
import { podPictureFileOwner, signPictureFileOwner } from '../bus/send/send-files';
import { avatarFileOwner } from '../system/api';

/**
 * Who may read an uploaded file (issue 11 item 5). A file is reached by its opaque id, but an id is no secret (it
 * sits in records, logs and answers), so every download is checked against the records that reference it:
 *
 * - a file some record references is readable by whoever may read one of those records, by the same rule (permission
 *   and data scope) as reading the record itself; a file several records reference is as visible as the most
 *   visible of them (each record shows its own files, and the same picture is the same picture);
 * - a file no record references (just uploaded, a form not saved yet, or its record since changed) is readable by
 *   its uploader only;
 * - the administrator reads every file.
 *
 * Anything else is answered 404, like a file that does not exist. The same rule decides which file a record may be
 * given: a form can only attach a file its user may read (`assertFileReadable`), so nobody gains a file by naming its
 * id in a record.
 *
 * Every column that holds file ids is listed in FILE_OWNERS; `file-access.int.test.ts` fails when a table gains a
 * column that looks like one (file, avatar, picture, photo, attachment) without an owner here. A new owner names its
 * table, its column and the condition under which the caller may read a row (its permission and data scope); the
 * module owning the table defines it in its public api and it is listed here.
 */
export interface FileOwner {
  /** 'table.column', for the docs and the coverage test. */
  name: string;
  table: PgTable;
  column: AnyPgColumn;
  /** The rows of the table the caller may read: true, false or a condition on the table. */
  readable(auth: AuthContext): SQL | boolean;
}

/**
 * The owners, each defined by the module that owns its table (system: avatars; bas: payment QR codes; bus: pick-up,
 * sign, problem-item and load photos).
 */
export const FILE_OWNERS: readonly FileOwner[] = [
  avatarFileOwner,
  payinfoQrFileOwner,
  arrivePhotoFileOwner,
  signPictureFileOwner,
  podPictureFileOwner,
  exceptionPhotoFileOwner,
  loadFileOwner,
];

const asSql = (value: SQL | boolean) => (typeof value === 'boolean' ? sql`${value}` : value);

/** Whether the caller may read the file (see above); `uploaderId` is the stored uploader (sys_file.uploader_id). */
export async function mayReadFile(
  db: DbOrTx,
  auth: AuthContext,
  file: { fileId: string; uploaderId: number | null },
): Promise<boolean> {
  if (auth.isAdmin) return true;
  const references = FILE_OWNERS.map(
    (o) => sql`SELECT (${asSql(o.readable(auth))}) AS readable FROM ${o.table} WHERE ${o.column} = ${file.fileId}`,
  );
  const { rows } = await db.execute<{ refs: number; readable: boolean }>(
    sql`SELECT count(*)::int AS refs, coalesce(bool_or(r.readable), false) AS readable
        FROM (${sql.join(references, sql` UNION ALL `)}) r`,
  );
  const [row] = rows;
  if (!row || row.refs === 0) return file.uploaderId !== null && file.uploaderId === auth.userId;
  return row.readable;
}

/**
 * A file a record is about to reference (a form's upload field): it must exist and be readable by the caller, else a
 * 400 on the field ('file not found'), as for a file that does not exist.
 */
export async function assertFileReadable(db: DbOrTx, auth: AuthContext, fileId: string, field: string) {
  const [file] = isFileId(fileId)
    ? await db
        .select({ fileId: sysFile.fileId, uploaderId: sysFile.uploaderId })
        .from(sysFile)
        .where(eq(sysFile.fileId, fileId))
    : [];
  if (!file || !(await mayReadFile(db, auth, file))) throw badRequest('err_file_not_found', undefined, field);
}
