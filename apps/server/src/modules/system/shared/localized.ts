import type { TLanguage } from '@theone/contracts';
import { type AnyColumn, ilike, or, type SQL, sql } from 'drizzle-orm';
import { sysConfig } from '../../../platform/db/config.table';
import { sysDictData, sysDictType } from '../../../platform/db/dict.table';
import { likeContains } from '../../../platform/http/paging';
import { sysDept } from '../dept/dept.table';
import { sysPost } from '../post/post.table';
import { sysRole } from '../role/role.table';
import { sysUser } from '../user/user.table';

/**
 * Names of system records in three languages (docs/adr/0007-system-names-in-three-languages.md): the name as
 * typed and its English and Thai names, '' when there is none. `localizedText` in @theone/contracts is the same
 * rule for values already read.
 */
export interface NameColumns {
  name: AnyColumn;
  en: AnyColumn;
  th: AnyColumn;
}

/** The three name columns `key`, `keyEn` and `keyTh` of a table. */
export function nameColumns<K extends string>(
  columns: Record<K | `${K}En` | `${K}Th`, AnyColumn>,
  key: K,
): NameColumns {
  return { name: columns[key], en: columns[`${key}En`], th: columns[`${key}Th`] };
}

export const DEPT_NAME = nameColumns(sysDept, 'deptName');
export const POST_NAME = nameColumns(sysPost, 'postName');
export const ROLE_NAME = nameColumns(sysRole, 'roleName');
export const CONFIG_NAME = nameColumns(sysConfig, 'configName');
export const CONFIG_REMARK = nameColumns(sysConfig, 'remark');
export const NICK_NAME = nameColumns(sysUser, 'nickName');
export const DICT_TYPE_NAME = nameColumns(sysDictType, 'dictName');
export const DICT_LABEL = nameColumns(sysDictData, 'dictLabel');

/** The name in the reader's language, else the name as typed. */
export function localizedName(cols: NameColumns, lang: TLanguage): SQL<string> {
  if (lang === 'zh-cn') return sql<string>`${cols.name}`;
  const own = lang === 'en' ? cols.en : cols.th;
  return sql<string>`coalesce(nullif(btrim(${own}), ''), ${cols.name})`;
}

/** A list filter: the text in any of the three names (a reader searches in the language they read). */
export function nameContains(cols: NameColumns, text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const pattern = likeContains(text);
  return or(ilike(cols.name, pattern), ilike(cols.en, pattern), ilike(cols.th, pattern));
}
