import { LOAD_FILES_MAX, type TLoadFileRow, type TLoadFilesAddBody } from '@theone/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { sysFile } from '../../../platform/db/platform.table';
import { badRequest, notFound } from '../../../platform/errors';
import { checkImageFiles } from '../bus-photos';
import type { TOrderCtx } from '../inware/inware.context';
import { busLoadFile } from './load.table';
import { findLoad, withLockedLoad, writeLoadLog } from './load-record';

/**
 * The photos of a load (screens loadplanDetails and loadDetails, 'Files': the container, its seal, the loading):
 * images uploaded through the files module and attached here under a kind. Added and removed by whoever may edit
 * the plan or the container, in L0-L4 (LOAD_OPERATIONS.files), each change a load-log row; read with the load.
 */

/** The load's photos, oldest first, with their file names. */
export async function loadFiles(db: DbOrTx, loadId: number): Promise<TLoadFileRow[]> {
  return db
    .select({
      id: busLoadFile.id,
      kind: busLoadFile.kind,
      fileId: busLoadFile.fileId,
      name: sql<string>`coalesce(${sysFile.originalName}, '')`,
      createBy: busLoadFile.createBy,
      createTime: busLoadFile.createTime,
    })
    .from(busLoadFile)
    .leftJoin(sysFile, eq(sysFile.fileId, busLoadFile.fileId))
    .where(eq(busLoadFile.loadId, loadId))
    .orderBy(asc(busLoadFile.id));
}

/** load/files/add: the images attached to the load (one already on it is not added twice). */
export async function addLoadFiles(ctx: TOrderCtx, body: TLoadFilesAddBody): Promise<TLoadFileRow[]> {
  const { auth } = ctx;
  const fileIds = [...new Set(body.fileIds.map((f) => f.toLowerCase()))];
  await findLoad(ctx.db, auth, body.loadId);
  await checkImageFiles(ctx.db, auth, fileIds, 'fileIds', 'load_err_photo_image');
  return withLockedLoad(ctx, body.loadId, 'files', async (tx, load) => {
    const existing = await tx
      .select({ fileId: busLoadFile.fileId })
      .from(busLoadFile)
      .where(eq(busLoadFile.loadId, load.id));
    const have = new Set(existing.map((e) => e.fileId));
    const fresh = fileIds.filter((f) => !have.has(f));
    if (existing.length + fresh.length > LOAD_FILES_MAX)
      throw badRequest('load_err_files_max', { max: LOAD_FILES_MAX }, 'fileIds');
    if (fresh.length) {
      await tx
        .insert(busLoadFile)
        .values(fresh.map((fileId) => ({ loadId: load.id, kind: body.kind, fileId, createBy: auth.userName })));
      await writeLoadLog(tx, auth.userName, [
        {
          loadId: load.id,
          action: 'addFiles',
          fromStatus: load.status,
          toStatus: load.status,
          remark: `${body.kind}:${fresh.length}`,
        },
      ]);
    }
    return loadFiles(tx, load.id);
  });
}

/** load/files/delete/{id}: one photo taken off the load (the file itself stays with the files module). */
export async function deleteLoadFile(ctx: TOrderCtx, id: number): Promise<TLoadFileRow[]> {
  const { auth } = ctx;
  const [row] = await ctx.db.select({ loadId: busLoadFile.loadId }).from(busLoadFile).where(eq(busLoadFile.id, id));
  if (!row) throw notFound();
  return withLockedLoad(ctx, row.loadId, 'files', async (tx, load) => {
    const [gone] = await tx
      .delete(busLoadFile)
      .where(and(eq(busLoadFile.id, id), eq(busLoadFile.loadId, load.id)))
      .returning({ kind: busLoadFile.kind });
    // removed by someone else meanwhile
    if (!gone) throw notFound();
    await writeLoadLog(tx, auth.userName, [
      {
        loadId: load.id,
        action: 'deleteFile',
        fromStatus: load.status,
        toStatus: load.status,
        remark: `${gone.kind}:1`,
      },
    ]);
    return loadFiles(tx, load.id);
  });
}
