import type { TLanguage } from '@theone/contracts';
import type { DbOrTx } from '../../platform/db/database';
import { changedReload, notFound } from '../../platform/errors';
import { userNickNames } from '../system/api';

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
