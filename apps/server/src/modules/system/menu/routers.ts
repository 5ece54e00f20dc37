import type { sysMenu } from './menu.table';

/**
 * Builds RuoYi RouterVo trees from menu rows (directories and screens; buttons are permissions, not routes).
 */

/** The menu columns a router tree is built from (directories and screens of sys_menu). */
export const ROUTER_MENU_KEYS = [
  'menuId',
  'parentId',
  'menuName',
  'titleKey',
  'orderNum',
  'path',
  'component',
  'query',
  'redirect',
  'isFrame',
  'isCache',
  'menuType',
  'visible',
  'perms',
  'icon',
] as const;
export type MenuRow = Pick<typeof sysMenu.$inferSelect, (typeof ROUTER_MENU_KEYS)[number]>;

export interface RouterVo {
  name: string;
  path: string;
  hidden: boolean;
  redirect?: string;
  component: string;
  query?: string;
  alwaysShow?: boolean;
  meta: { title: string; icon: string; noCache: boolean; link: string | null; perms?: string };
  children?: RouterVo[];
}

function routeName(path: string, parentName: string): string {
  const base = path
    .replace(/^\//, '')
    .split(/[/:\-_]+/)
    .filter(Boolean)
    .map((s) => s[0]!.toUpperCase() + s.slice(1))
    .join('');
  return `${parentName}${base}`;
}

export function buildRouters(rows: MenuRow[]): RouterVo[] {
  const byParent = new Map<number, MenuRow[]>();
  for (const r of rows) {
    if (r.menuType === 'F') continue;
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId);
  const ids = new Set(rows.map((r) => r.menuId));

  const build = (parentId: number, depth: number, parentName: string): RouterVo[] =>
    (byParent.get(parentId) ?? []).map((m) => {
      const name = routeName(m.path || String(m.menuId), parentName);
      const children = build(m.menuId, depth + 1, name);
      const isDir = m.menuType === 'M';
      const path = depth === 0 && !m.path.startsWith('/') && !m.isFrame ? `/${m.path}` : m.path;
      const vo: RouterVo = {
        name,
        path,
        hidden: m.visible === '1',
        component: isDir ? (depth === 0 ? 'Layout' : 'ParentView') : m.component,
        meta: {
          title: m.titleKey || m.menuName,
          icon: m.icon,
          noCache: !m.isCache,
          link: m.isFrame ? m.path : null,
          ...(m.perms ? { perms: m.perms } : {}),
        },
      };
      if (m.query) vo.query = m.query;
      if (isDir) {
        vo.redirect = m.redirect || 'noRedirect';
        vo.alwaysShow = children.length > 0;
      }
      if (children.length) vo.children = children;
      return vo;
    });

  // Roots: entries whose parent is 0 or not in the visible set (a role granted a screen without its directory).
  const roots = rows.filter((r) => r.menuType !== 'F' && (r.parentId === 0 || !ids.has(r.parentId)));
  const rootParents = new Set(roots.map((r) => r.parentId));
  return [...rootParents].flatMap((p) => build(p, 0, ''));
}
