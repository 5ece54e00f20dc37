import type { TLanguage } from '@theone/contracts';
import { type AnyColumn, and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/database';
import { changedReload, notFound } from '../../platform/errors';
import { userNickNames } from '../system/api';
import type { basContPrice, basCurrate, basDriver, basInsurance, basPayinfo, basPrice, basVehicle } from './bas.table';

/**
 * After a conditional UPDATE/DELETE touched no row: 404 when the row is gone or outside the caller's scope,
 * else 409 'changed by someone else' (the version moved on).
 */
export async function missingOrChanged(exists: () => Promise<boolean>): Promise<never> {
  if (await exists()) throw changedReload();
  throw notFound();
}

/** userId -> nickName for the sales / service / driver-account columns of a page of rows. */
export function userNames(db: DbOrTx, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  return userNickNames(db, ids);
}

/** A name of basic data in the reader's language (the Chinese one when that is empty). */
export const nameIn = (lang: TLanguage, r: { name: string; nameEn: string; nameTh: string }) =>
  (lang === 'en' ? r.nameEn : lang === 'th' ? r.nameTh : r.name) || r.name;

/** What every edit sets: the next version (the WHERE checks the one read), who changed it and when. */
export const edited = (version: AnyColumn, userName: string) => ({
  version: sql`${version} + 1`,
  updateBy: userName,
  updateTime: sql`now()`,
});

type EditedTable =
  | typeof basDriver
  | typeof basVehicle
  | typeof basInsurance
  | typeof basPayinfo
  | typeof basCurrate
  | typeof basPrice
  | typeof basContPrice;

/** Saves an edit form's `values` over row `row.id` at the version it was read (409 when it moved on). */
export async function saveEdit<T extends EditedTable>(
  db: DbOrTx,
  table: T,
  row: { id: number; version: number },
  values: PgUpdateSetSource<T>,
  userName: string,
): Promise<void> {
  const [updated] = await db
    .update(table)
    .set({ ...values, ...edited(table.version, userName) } as PgUpdateSetSource<T>)
    .where(and(eq(table.id, row.id), eq(table.version, row.version)))
    .returning({ id: table.id });
  if (!updated) throw changedReload();
}
