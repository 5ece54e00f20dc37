import { z } from 'zod';
import { zCodeFilter, zTextFilter } from '../common/page';
import { zBodyId, zName, zRemark, zSort, zStatus, zText, zVersion } from './common';

/** M directory, C menu (a screen), F button (a permission). */
export const MENU_TYPES = ['M', 'C', 'F'] as const;
export type TMenuType = (typeof MENU_TYPES)[number];

/** GET /system/menu/list: the whole (filtered) list, flat; the client builds the tree. */
export const ZMenuQuery = z
  .object({
    menuName: zTextFilter(50),
    status: zCodeFilter(['0', '1']),
    visible: zCodeFilter(['0', '1']),
  })
  .strict();
export type TMenuQuery = z.infer<typeof ZMenuQuery>;

/** 'system:user:add', 'bus:orderAdd', 'bas:*' (letters, digits, * between colons). */
export const zPerms = z
  .string()
  .trim()
  .max(100)
  .regex(/^$|^[A-Za-z0-9*]+(:[A-Za-z0-9*]+){0,3}$/, 'err_perms')
  .default('');

const menuObject = z.object({
  parentId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  menuName: zName(50),
  /** Translation-sheet key of the title ('menu_user'); '' uses menuName. */
  titleKey: z
    .string()
    .trim()
    .max(100)
    .regex(/^$|^[a-z][a-z0-9_]*$/, 'err_title_key')
    .default(''),
  orderNum: zSort,
  path: zText(200),
  component: z
    .string()
    .trim()
    .max(255)
    .regex(/^$|^[A-Za-z0-9_\-/]+$/, 'err_component')
    .default(''),
  query: zText(255),
  redirect: zText(255),
  isFrame: z.boolean().default(false),
  isCache: z.boolean().default(true),
  menuType: z.enum(MENU_TYPES),
  visible: zStatus.default('0'),
  status: zStatus.default('0'),
  perms: zPerms,
  icon: z
    .string()
    .trim()
    .max(100)
    .regex(/^$|^[A-Za-z][A-Za-z0-9-]*$/, 'err_icon')
    .default(''),
  remark: zRemark,
});

type MenuShape = z.output<typeof menuObject>;

/** Rules between fields (RuoYi): screens and directories need a path; an external link starts with http(s). */
function menuRules(m: MenuShape, ctx: z.RefinementCtx) {
  if (m.menuType !== 'F' && !m.path) ctx.addIssue({ code: 'custom', path: ['path'], message: 'err_required' });
  if (m.isFrame && !/^https?:\/\//i.test(m.path))
    ctx.addIssue({ code: 'custom', path: ['path'], message: 'err_menu_frame_path' });
  if (m.menuType === 'C' && !m.isFrame && !m.component)
    ctx.addIssue({ code: 'custom', path: ['component'], message: 'err_required' });
  if (m.menuType === 'F' && !m.perms) ctx.addIssue({ code: 'custom', path: ['perms'], message: 'err_required' });
}

/** POST /system/menu */
export const ZMenuCreate = menuObject.strict().superRefine(menuRules);
export type TMenuCreate = z.input<typeof ZMenuCreate>;

/** PUT /system/menu */
export const ZMenuEdit = menuObject.extend({ menuId: zBodyId, version: zVersion }).strict().superRefine(menuRules);
export type TMenuEdit = z.input<typeof ZMenuEdit>;
