import { z } from 'zod';
import { isEmail, isMobile, isPhone } from '../common/validators';

/**
 * Building blocks of the /system bodies (issue 4). Messages are translation keys (err_*), as in
 * common/validators.ts, so the server answers a key and the web translates it.
 */

/** '0' normal, '1' disabled (dictionary sys_normal_disable). */
export const SYS_STATUS = ['0', '1'] as const;
export const zStatus = z.enum(SYS_STATUS);
export type TSysStatus = z.infer<typeof zStatus>;

/** Required trimmed text. */
export const zName = (max: number) => z.string().trim().min(1, 'err_required').max(max);
/** Optional trimmed text, '' when absent. */
export const zText = (max: number) => z.string().trim().max(max).default('');
export const zRemark = zText(500);
export const zSort = z.number().int().min(0).max(99_999);
/** A body id: positive integer. */
export const zBodyId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** Optimistic lock version sent back with an edit. */
export const zVersion = z.number().int().min(0).max(2_147_483_647);
export const zIdList = (max = 500) => z.array(zBodyId).max(max);

/** '' or a China/Thai mobile (staff are in both countries). */
export const zOptionalMobile = z
  .string()
  .trim()
  .max(20, 'err_mobile')
  .refine((v) => v === '' || isMobile(v), 'err_mobile')
  .default('');
/** '' or a mobile or landline (department phone). */
export const zOptionalPhone = z
  .string()
  .trim()
  .max(20, 'err_phone')
  .refine((v) => v === '' || isPhone(v), 'err_phone')
  .default('');
/** '' or an e-mail address. */
export const zOptionalEmail = (max = 50) =>
  z
    .string()
    .trim()
    .max(max, 'err_email')
    .refine((v) => v === '' || isEmail(v), 'err_email')
    .default('');

/** `{ id, label, children }`: the TreeSelect shape of RuoYi (departments, menus). */
export interface TTreeNode {
  id: number;
  label: string;
  disabled?: boolean;
  children?: TTreeNode[];
}

/**
 * Builds a forest from flat rows by parent id. Rows whose parent is not among the rows become roots (a
 * data-scoped list shows its top departments as roots). Sibling order is kept from the input.
 */
export function buildTree<T extends Record<string, unknown>, K extends string = 'children'>(
  rows: readonly T[],
  idKey: keyof T,
  parentKey: keyof T,
  childrenKey: K = 'children' as K,
): (T & { [P in K]?: unknown[] })[] {
  const byId = new Map<unknown, T & Record<string, unknown>>();
  for (const r of rows) byId.set(r[idKey], { ...r });
  const roots: (T & Record<string, unknown>)[] = [];
  for (const r of rows) {
    const node = byId.get(r[idKey])!;
    const parent = byId.get(r[parentKey]);
    if (parent && parent !== node) {
      const list = (parent[childrenKey] as unknown[] | undefined) ?? [];
      list.push(node);
      (parent as Record<string, unknown>)[childrenKey] = list;
    } else roots.push(node);
  }
  return roots as (T & { [P in K]?: unknown[] })[];
}
