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
/**
 * A record's name in three languages (ADR 0007, common/localized.ts): `<field>` as typed (required, at most `max`)
 * and the optional `<field>En` and `<field>Th` (at most `translatedMax`).
 */
export const zNames = <const F extends string>(field: F, max: number, translatedMax: number) =>
  ({ [field]: zName(max), [`${field}En`]: zText(translatedMax), [`${field}Th`]: zText(translatedMax) }) as {
    [K in F]: ReturnType<typeof zName>;
  } & { [K in `${F}En` | `${F}Th`]: ReturnType<typeof zText> };
export const zSort = z.number().int().min(0).max(99_999);
/** A body id: positive integer. */
export const zBodyId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** Optimistic lock version sent back with an edit. */
export const zVersion = z.number().int().min(0).max(2_147_483_647);
export const zIdList = (max = 500) => z.array(zBodyId).max(max);

/**
 * The create body (the entity's fields) and the edit body (its id under `idKey` and the version read, then the
 * fields) of a /system entity, both strict.
 */
export function createEditBodies<const K extends string, S extends z.ZodRawShape>(idKey: K, fields: S) {
  const editShape = { [idKey]: zBodyId, version: zVersion, ...fields } as { [P in K]: typeof zBodyId } & {
    version: typeof zVersion;
  } & S;
  return { create: z.object(fields).strict(), edit: z.object(editShape).strict() };
}

/** '' or a text that passes `check` (max length and check both refused with `messageKey`). */
const zOptionalChecked = (max: number, check: (value: string) => boolean, messageKey: string) =>
  z
    .string()
    .trim()
    .max(max, messageKey)
    .refine((v) => v === '' || check(v), messageKey)
    .default('');

/** '' or a China/Thai mobile (staff are in both countries). */
export const zOptionalMobile = zOptionalChecked(20, isMobile, 'err_mobile');
/** '' or a mobile or landline (department phone). */
export const zOptionalPhone = zOptionalChecked(20, isPhone, 'err_phone');
/** '' or an e-mail address. */
export const zOptionalEmail = (max = 50) => zOptionalChecked(max, isEmail, 'err_email');

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
