import { matchPath } from 'react-router';
import type { RouterVo } from '../../lib/auth-api';

/**
 * Turns the server's `getRouters` plus the local definitions into what the shell needs:
 * - `menu`: the side/top menu tree (hidden entries, entries without a registered page and entries the user
 *   lacks permission for are left out; a directory with one visible screen and no `alwaysShow` shows the
 *   screen itself, as RuoYi does);
 * - `pages`: every routable screen, hidden ones included, with its breadcrumb trail;
 * - `redirects`: directory paths to their `redirect` (or first screen).
 */
export interface MenuNode {
  /** Directory: its full path; screen: the path to open, with its query. */
  key: string;
  title: string;
  icon?: string;
  /** External link: opened in a new tab. */
  link?: string;
  children?: MenuNode[];
}

export interface TrailItem {
  title: string;
  icon?: string;
  /** Where a click on the crumb goes; absent for 'noRedirect' directories. */
  path?: string;
}

export interface PageRoute {
  /** Full path pattern, e.g. '/system/user/user-auth/:userId'. */
  path: string;
  componentId: string;
  name?: string;
  title: string;
  icon?: string;
  hidden: boolean;
  noCache: boolean;
  /** Tags view tab that cannot be closed (home). */
  affix: boolean;
  trail: TrailItem[];
  /** Menu entry to highlight and directory to open. */
  menuKey: string;
  openKeys: string[];
}

export interface RouteTable {
  menu: MenuNode[];
  pages: PageRoute[];
  redirects: { from: string; to: string }[];
}

export interface RouteAccess {
  isRegistered: (componentId: string) => boolean;
  hasPermi: (keys: readonly string[]) => boolean;
  hasRole: (roles: readonly string[]) => boolean;
}

export const EMPTY_ROUTE_TABLE: RouteTable = { menu: [], pages: [], redirects: [] };

const DIRECTORY_COMPONENTS = new Set(['Layout', 'ParentView', 'InnerLink']);
const isExternal = (path: string) => /^(https?:|mailto:|tel:)/.test(path);

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/') || isExternal(child)) return child;
  const base = parent.endsWith('/') ? parent.slice(0, -1) : parent;
  return `${base}/${child}`.replace(/\/{2,}/g, '/');
}

/** `query` of a router entry: RuoYi sends a JSON object as a string. */
export function routerQuery(query: string | null | undefined): string {
  if (!query) return '';
  try {
    const parsed: unknown = JSON.parse(query);
    if (parsed && typeof parsed === 'object') {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
        if (v !== undefined && v !== null) params.set(k, String(v));
      }
      const text = params.toString();
      return text ? `?${text}` : '';
    }
  } catch {
    // a plain query string
  }
  return query.startsWith('?') ? query : `?${query}`;
}

/** Local entries go after the server's; entries with the same path merge their children. */
export function mergeRouters(server: readonly RouterVo[], local: readonly RouterVo[]): RouterVo[] {
  const result = server.map((r) => ({ ...r }));
  const added: RouterVo[] = [];
  for (const entry of local) {
    const same = result.find((r) => r.path === entry.path);
    if (same) {
      same.children = mergeRouters(same.children ?? [], entry.children ?? []);
    } else {
      added.push(entry);
    }
  }
  return [...added, ...result];
}

const isDirectory = (r: RouterVo) =>
  (r.children !== undefined && r.children.length > 0) ||
  (r.component !== undefined && DIRECTORY_COMPONENTS.has(r.component));

function allowed(r: RouterVo, access: RouteAccess) {
  if (r.permissions?.length && !access.hasPermi(r.permissions)) return false;
  if (r.roles?.length && !access.hasRole(r.roles)) return false;
  return true;
}

interface Built {
  menu: MenuNode[];
  pages: PageRoute[];
  redirects: { from: string; to: string }[];
}

function build(
  routers: readonly RouterVo[],
  parentPath: string,
  trail: TrailItem[],
  openKeys: string[],
  access: RouteAccess,
): Built {
  const out: Built = { menu: [], pages: [], redirects: [] };
  for (const r of routers) {
    if (!allowed(r, access)) continue;
    const fullPath = joinPath(parentPath, r.path);
    const title = r.meta?.title ?? r.name ?? r.path;
    const icon = r.meta?.icon && r.meta.icon !== '#' ? r.meta.icon : undefined;
    const link = r.meta?.link || (isExternal(r.path) ? r.path : undefined);

    if (link) {
      if (!r.hidden) out.menu.push({ key: link, title, icon, link });
      continue;
    }

    if (isDirectory(r)) {
      const hasTitle = Boolean(r.meta?.title);
      const crumbPath = r.redirect === 'noRedirect' ? undefined : (r.redirect ?? undefined);
      const childTrail = hasTitle ? [...trail, { title, icon, path: crumbPath }] : trail;
      const childOpen = hasTitle ? [...openKeys, fullPath] : openKeys;
      const inner = build(r.children ?? [], fullPath, childTrail, childOpen, access);
      if (inner.pages.length === 0 && inner.menu.length === 0) continue;
      out.pages.push(...inner.pages);
      out.redirects.push(...inner.redirects);
      const firstVisible = inner.pages.find((p) => !p.hidden && !p.path.includes(':'));
      const target = r.redirect && r.redirect !== 'noRedirect' ? r.redirect : firstVisible?.path;
      if (target && target !== fullPath) out.redirects.push({ from: fullPath, to: target });
      if (r.hidden || inner.menu.length === 0) continue;
      const single = inner.menu.length === 1 && !inner.menu[0].children && !r.alwaysShow;
      if (single || !hasTitle) out.menu.push(...inner.menu);
      else out.menu.push({ key: fullPath, title, icon, children: inner.menu });
      continue;
    }

    if (!r.component || !access.isRegistered(r.component)) continue;
    const hidden = Boolean(r.hidden);
    out.pages.push({
      path: fullPath,
      componentId: r.component,
      name: r.name,
      title,
      icon,
      hidden,
      noCache: Boolean(r.meta?.noCache),
      affix: fullPath === '/home',
      trail: [...trail, { title, icon }],
      menuKey: hidden ? (openKeys[openKeys.length - 1] ?? fullPath) : fullPath,
      openKeys,
    });
    if (!hidden && !fullPath.includes(':')) out.menu.push({ key: `${fullPath}${routerQuery(r.query)}`, title, icon });
  }
  return out;
}

export function buildRouteTable(
  server: readonly RouterVo[],
  local: readonly RouterVo[],
  access: RouteAccess,
): RouteTable {
  return build(mergeRouters(server, local), '/', [], [], access);
}

/** Route parameters named like ids (`userId`, `roleId`, `dictId`, `id`) accept digits only (spec §5). */
export const isIdParam = (name: string) => name === 'id' || /Id$/.test(name);

export interface PageMatch {
  page: PageRoute;
  params: Record<string, string | undefined>;
}

/** The page a pathname opens, or undefined. A static path wins over a parameterised one. */
export function matchPage(pages: readonly PageRoute[], pathname: string): PageMatch | undefined {
  const ordered = [...pages].sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));
  for (const page of ordered) {
    const m = matchPath({ path: page.path, end: true }, pathname);
    if (m) return { page, params: m.params };
  }
  return undefined;
}

/** False when an id-like parameter holds anything but digits. */
export const paramsAreValid = (params: Record<string, string | undefined>) =>
  Object.entries(params).every(
    ([name, value]) => !isIdParam(name) || (value !== undefined && /^\d{1,18}$/.test(value)),
  );

/** Flat list of the menu's screens (home quick links). */
export function menuLeaves(
  menu: readonly MenuNode[],
  parents: MenuNode[] = [],
): { node: MenuNode; parents: MenuNode[] }[] {
  return menu.flatMap((n) => (n.children ? menuLeaves(n.children, [...parents, n]) : [{ node: n, parents }]));
}
