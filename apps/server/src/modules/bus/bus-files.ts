import { hasAnyPermission } from '@theone/contracts';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { FileOwner } from '../file/file-access';

/**
 * Who may read the bus modules' files (FILE_OWNERS in modules/file/file-access.ts, which imports this module's owners:
 * type imports only from there, the check of attached images is in bus-photos.ts).
 */

/**
 * The rule of a file owner whose rows belong to a record (a load, a pick-up, an order): whoever holds one of `keys`
 * and sees the record (`scope`; undefined: every record) reads the file, through `ref` pointing at `record.id`.
 */
export function readableThrough(
  keys: readonly string[],
  scope: (auth: AuthContext) => SQL | undefined,
  ref: AnyPgColumn,
  record: PgTable & { id: AnyPgColumn },
): FileOwner['readable'] {
  return (auth) => {
    if (!hasAnyPermission(auth.permissions, [...keys])) return false;
    const where = scope(auth);
    if (!where) return true;
    return sql`${ref} IN (SELECT ${record.id} FROM ${record} WHERE ${where})`;
  };
}

/**
 * The file owner of a record's photo table (one row per photo, its file in `fileId`, `ref` pointing at the record):
 * a photo is readable by whoever may read its record, one of `keys` and the record in `scope` (readableThrough).
 */
export function recordPhotosOwner(owner: {
  photos: PgTable & { fileId: AnyPgColumn };
  ref: AnyPgColumn;
  record: PgTable & { id: AnyPgColumn };
  keys: readonly string[];
  scope: (auth: AuthContext) => SQL | undefined;
}): FileOwner {
  const { photos, ref, record, keys, scope } = owner;
  const readable = readableThrough(keys, scope, ref, record);
  return { name: `${getTableName(photos)}.file_id`, table: photos, column: photos.fileId, readable };
}
