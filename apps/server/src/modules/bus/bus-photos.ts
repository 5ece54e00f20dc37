import { inArray } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { DbOrTx } from '../../platform/db/database';
import { sysFile } from '../../platform/db/platform.table';
import { badRequest } from '../../platform/errors';
import { assertFileReadable } from '../file/file-access';

/** Files the caller may read (uploaded by them, or already on a record they see), every one an image (`field`). */
export async function checkImageFiles(
  db: DbOrTx,
  auth: AuthContext,
  ids: readonly string[],
  field: string,
  notImageKey: string,
) {
  for (const id of ids) await assertFileReadable(db, auth, id, field);
  if (!ids.length) return;
  const rows = await db
    .select({ contentType: sysFile.contentType })
    .from(sysFile)
    .where(inArray(sysFile.fileId, [...ids]));
  if (rows.some((r) => !r.contentType.startsWith('image/'))) throw badRequest(notImageKey, undefined, field);
}
