import { ZMenuCreate, ZMenuEdit, ZMenuQuery } from '@theone/contracts';
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { columnsOf } from '../../../platform/db/sql-helpers';
import type { AppDeps } from '../../../platform/deps';
import { badRequest, notFound } from '../../../platform/errors';
import { ok } from '../../../platform/http/envelope';
import { likeContains } from '../../../platform/http/paging';
import { spec } from '../../../platform/http/route-spec';
import { sysRoleMenu } from '../role/role.table';
import { assertMenuPerms } from '../shared/grants';
import { refuseTaken, refuseWhileUsed } from '../shared/rows';
import { BUSINESS_TYPE, idParam, operlog, saveAtVersion } from '../shared/system';
import { callerMenuIds, menuLabel, menuTree } from './menu.service';
import { sysMenu } from './menu.table';
import { ROUTER_MENU_KEYS } from './routers';

const TITLE = 'menu_menu';

/** A menu row of the menu screen: the router columns plus status, audit and version. */
const MENU_COLUMNS = columnsOf(sysMenu, [...ROUTER_MENU_KEYS, 'status', 'createTime', 'remark', 'version']);

/** A menu the caller may see (administrators: any; others: their roles' menus), else 404. */
async function visibleMenu(db: DbOrTx, auth: AuthContext, menuId: number) {
  const allowed = await callerMenuIds(db, auth);
  if (allowed && !allowed.has(menuId)) throw notFound();
  const [menu] = await db.select(MENU_COLUMNS).from(sysMenu).where(eq(sysMenu.menuId, menuId));
  if (!menu) throw notFound();
  return menu;
}

/** The parent must exist and be a directory or a screen (buttons have no children); 0 is the root. */
async function checkParent(db: DbOrTx, auth: AuthContext, parentId: number, menuId?: number) {
  if (parentId === 0) return;
  if (parentId === menuId) throw badRequest('err_menu_parent_self', undefined, 'parentId');
  const parent = await visibleMenu(db, auth, parentId);
  if (parent.menuType === 'F') throw badRequest('err_menu_parent_button', undefined, 'parentId');
  if (menuId !== undefined) {
    // Not under its own descendant: walk up from the new parent.
    const r = await db.execute<{ found: boolean }>(sql`
      WITH RECURSIVE up AS (
        SELECT menu_id, parent_id, 1 AS depth FROM sys_menu WHERE menu_id = ${parentId}
        UNION ALL SELECT m.menu_id, m.parent_id, up.depth + 1 FROM sys_menu m JOIN up ON m.menu_id = up.parent_id WHERE up.depth < 20
      ) SELECT EXISTS (SELECT 1 FROM up WHERE menu_id = ${menuId}) AS found`);
    if (r.rows[0]?.found) throw badRequest('err_menu_parent_self', undefined, 'parentId');
  }
}

async function checkMenuUnique(db: DbOrTx, parentId: number, menuName: string, exceptId?: number) {
  const name = and(eq(sysMenu.parentId, parentId), eq(sysMenu.menuName, menuName))!;
  await refuseTaken(db, sysMenu.menuId, exceptId, name, 'err_menu_name_exists', menuName);
}

/** /system/menu (issue 4 item 3; screens §4.5). */
export const menuRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/system/menu/list',
    spec({ permission: 'system:menu:list' }, 'Menus, flat (the client builds the tree)', { querystring: ZMenuQuery }),
    async (req) => {
      const q = req.query;
      const allowed = await callerMenuIds(db, req.auth);
      if (allowed && !allowed.size) return ok(req, []);
      const rows = await db
        .select(MENU_COLUMNS)
        .from(sysMenu)
        .where(
          and(
            allowed ? inArray(sysMenu.menuId, [...allowed]) : undefined,
            q.menuName ? ilike(sysMenu.menuName, likeContains(q.menuName)) : undefined,
            q.status ? eq(sysMenu.status, q.status) : undefined,
            q.visible ? eq(sysMenu.visible, q.visible) : undefined,
          ),
        )
        .orderBy(asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId));
      return ok(
        req,
        rows.map((r) => ({ ...r, title: menuLabel(r, req.lang) })),
      );
    },
  );

  app.get(
    '/system/menu/treeselect',
    spec(
      { permission: ['system:menu:list', 'system:role:add', 'system:role:edit'] },
      'Menu tree { id, label, menuType, children }',
    ),
    async (req) => ok(req, await menuTree(db, req.auth, req.lang)),
  );

  app.get(
    '/system/menu/:menuId',
    spec({ permission: ['system:menu:query', 'system:menu:edit'] }, 'One menu', { params: idParam('menuId') }),
    async (req) => {
      const menu = await visibleMenu(db, req.auth, req.params.menuId);
      return ok(req, { ...menu, title: menuLabel(menu, req.lang) });
    },
  );

  app.post(
    '/system/menu',
    spec(
      { permission: 'system:menu:add', operlog: operlog(TITLE, BUSINESS_TYPE.INSERT) },
      'Create a menu, screen or button',
      { body: ZMenuCreate },
    ),
    async (req) => {
      const b = req.body;
      await checkParent(db, req.auth, b.parentId);
      assertMenuPerms(req.auth, null, { perms: b.perms ?? '', status: b.status ?? '0' });
      await checkMenuUnique(db, b.parentId, b.menuName);
      const [row] = await db
        .insert(sysMenu)
        .values({ ...b, createBy: req.auth.userName })
        .returning({ menuId: sysMenu.menuId });
      return ok(req, { menuId: row!.menuId });
    },
  );

  app.put(
    '/system/menu',
    spec(
      { permission: 'system:menu:edit', operlog: operlog(TITLE, BUSINESS_TYPE.UPDATE) },
      'Edit a menu (optimistic version)',
      { body: ZMenuEdit },
    ),
    async (req) => {
      const { menuId, version, ...b } = req.body;
      const menu = await visibleMenu(db, req.auth, menuId);
      // A menu's permission reaches every role holding the menu: only one the caller holds.
      assertMenuPerms(req.auth, menu, { perms: b.perms ?? '', status: b.status ?? '0' });
      await checkParent(db, req.auth, b.parentId, menuId);
      await checkMenuUnique(db, b.parentId, b.menuName, menuId);
      await saveAtVersion(db, req, sysMenu, eq(sysMenu.menuId, menuId), version, b);
      return ok(req);
    },
  );

  app.delete(
    '/system/menu/:menuId',
    spec(
      { permission: 'system:menu:remove', operlog: operlog(TITLE, BUSINESS_TYPE.DELETE) },
      'Delete a menu (refused while it has children or is assigned)',
      { params: idParam('menuId') },
    ),
    async (req) => {
      const menu = await visibleMenu(db, req.auth, req.params.menuId);
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT menu_id FROM sys_menu WHERE menu_id = ${menu.menuId} FOR UPDATE`);
        await refuseWhileUsed(tx, sysMenu.menuId, eq(sysMenu.parentId, menu.menuId), 'err_menu_has_children');
        await refuseWhileUsed(tx, sysRoleMenu.roleId, eq(sysRoleMenu.menuId, menu.menuId), 'err_menu_assigned');
        await tx.delete(sysMenu).where(eq(sysMenu.menuId, menu.menuId));
      });
      return ok(req);
    },
  );
};
