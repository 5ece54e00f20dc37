import { type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { checkImageFiles } from '../bus-photos';
import { busExceptionPhoto } from './exception.table';

/**
 * Photos of problem items: checked and linked with a raise (inware/editFields, in its transaction), listed as file
 * ids on the exception list. Who may read them: exception-files.ts (FILE_OWNERS).
 */

/** Photos a raise attaches: files the caller may read (uploaded through /file/upload), images only. */
export async function checkExceptionPhotos(db: DbOrTx, auth: AuthContext, ids: readonly string[]) {
  await checkImageFiles(db, auth, ids, 'photos', 'exception_err_photo_image');
}

/** Links the photos to each order (in the caller's transaction, with the raise's order-log rows). */
export async function addExceptionPhotos(
  tx: DbOrTx,
  auth: AuthContext,
  orderIds: readonly number[],
  fileIds: readonly string[],
) {
  const rows = orderIds.flatMap((orderId) => fileIds.map((fileId) => ({ orderId, fileId, createBy: auth.userName })));
  if (rows.length) await tx.insert(busExceptionPhoto).values(rows);
}

/** The photo file ids of each listed order (oldest first), as a column of a list over bus_order. */
export const exceptionPhotosColumn: SQL<string[]> = sql<
  string[]
>`coalesce((SELECT array_agg(p.file_id::text ORDER BY p.id) FROM bus_exception_photo p WHERE p.order_id = "bus_order"."id"), '{}')`;
