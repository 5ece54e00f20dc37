import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { changedReload, notFound } from '../../platform/errors';
import { sysUser } from '../system/user/user.table';

/**
 * After a conditional UPDATE/DELETE touched no row: 404 when the row is gone or outside the caller's scope,
 * else 409 'changed by someone else' (the version moved on).
 */
export async function missingOrChanged(exists: () => Promise<boolean>): Promise<never> {
  if (await exists()) throw changedReload();
  throw notFound();
}

/** userId -> nickName for the sales / service / driver-account columns of a page of rows. */
export async function userNames(db: DbOrTx, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: sysUser.userId, name: sysUser.nickName })
    .from(sysUser)
    .where(inArray(sysUser.userId, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}
