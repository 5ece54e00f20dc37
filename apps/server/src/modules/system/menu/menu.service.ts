import type { TLanguage } from '@theone/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { hasKey, t } from '../../../platform/i18n';
import { sysRole, sysRoleMenu } from '../role/role.table';
import { sysUserRole } from '../user/user.table';
import { sysMenu } from './menu.table';

/**
 * Menus a caller may see and grant: every menu for administrators; otherwise the menus of the caller's
 * enabled roles (RuoYi), so a role manager never grants more than they hold.
 */
export async function callerMenuIds(db: DbOrTx, auth: AuthContext): Promise<Set<number> | null> {
  if (auth.isAdmin) return null;
  const rows = await db
    .selectDistinct({ menuId: sysRoleMenu.menuId })
    .from(sysRoleMenu)
    .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRoleMenu.roleId))
    .innerJoin(sysRole, and(eq(sysRole.roleId, sysRoleMenu.roleId), eq(sysRole.status, '0'), eq(sysRole.delFlag, '0')))
    .where(eq(sysUserRole.userId, auth.userId));
  return new Set(rows.map((r) => r.menuId));
}

/** The title of a menu in a language: its title key's translation, else its stored name. */
export function menuLabel(m: { titleKey: string; menuName: string }, lang: TLanguage): string {
  return m.titleKey && hasKey(m.titleKey) ? t(m.titleKey, lang) : m.menuName;
}

export interface MenuTreeNode {
  id: number;
  label: string;
  menuType: string;
  disabled?: boolean;
  children?: MenuTreeNode[];
}

/** The menu tree of the role form (`{ id, label, menuType, children }`), labels in the caller's language. */
export async function menuTree(db: DbOrTx, auth: AuthContext, lang: TLanguage): Promise<MenuTreeNode[]> {
  const allowed = await callerMenuIds(db, auth);
  if (allowed && !allowed.size) return [];
  const rows = await db
    .select({
      menuId: sysMenu.menuId,
      parentId: sysMenu.parentId,
      menuName: sysMenu.menuName,
      titleKey: sysMenu.titleKey,
      menuType: sysMenu.menuType,
      status: sysMenu.status,
    })
    .from(sysMenu)
    .where(allowed ? inArray(sysMenu.menuId, [...allowed]) : undefined)
    .orderBy(asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId));
  const nodes = new Map<number, MenuTreeNode & { parentId: number }>();
  for (const r of rows) {
    nodes.set(r.menuId, {
      id: r.menuId,
      parentId: r.parentId,
      label: menuLabel(r, lang),
      menuType: r.menuType,
      ...(r.status === '1' ? { disabled: true } : {}),
    });
  }
  const roots: MenuTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  const strip = (list: (MenuTreeNode & { parentId?: number })[]): MenuTreeNode[] =>
    list.map(({ parentId: _p, children, ...rest }) =>
      children?.length ? { ...rest, children: strip(children) } : rest,
    );
  return strip(roots);
}

/**
 * The checked menu ids of a role for a tree with linked checks: with `menuCheckStrictly`, parents that have
 * checked children are left out so the tree computes them (RuoYi's selectMenuListByRoleId).
 */
export async function roleCheckedMenuIds(db: DbOrTx, roleId: number, strictly: boolean): Promise<number[]> {
  const rows = await db
    .select({ menuId: sysRoleMenu.menuId })
    .from(sysRoleMenu)
    .where(
      and(
        eq(sysRoleMenu.roleId, roleId),
        strictly
          ? sql`${sysRoleMenu.menuId} NOT IN (SELECT m.parent_id FROM sys_menu m JOIN sys_role_menu rm ON rm.menu_id = m.menu_id AND rm.role_id = ${roleId})`
          : undefined,
      ),
    )
    .orderBy(asc(sysRoleMenu.menuId));
  return rows.map((r) => r.menuId);
}
