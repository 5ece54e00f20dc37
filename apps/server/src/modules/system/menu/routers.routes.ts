import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { columnsOf } from '../../../platform/db/sql-helpers';
import type { AppDeps } from '../../../platform/deps';
import { ok } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';
import { sysRole, sysRoleMenu } from '../role/role.table';
import { sysUserRole } from '../user/user.table';
import { sysMenu } from './menu.table';
import { buildRouters, ROUTER_MENU_KEYS } from './routers';

/** GET /system/menu/getRouters: the caller's menu tree (RouterVo), from their roles' menus; admin gets all. */
export const routersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // Router trees depend only on the caller's roles and the menus: cached per auth epoch (bumped by any change).
  const cache = { epoch: -1, trees: new Map<string, ReturnType<typeof buildRouters>>() };

  app.get(
    '/system/menu/getRouters',
    spec({ authenticated: true }, "The user's routers (menu tree)", { tags: ['auth'] }),
    async (req) => {
      if (cache.epoch !== req.auth.authEpoch) {
        cache.epoch = req.auth.authEpoch;
        cache.trees.clear();
      }
      const key = req.auth.isAdmin
        ? 'admin'
        : req.auth.roles
            .map((r) => r.roleId)
            .sort((a, b) => a - b)
            .join(',');
      const cached = cache.trees.get(key);
      if (cached) return ok(req, cached);
      const columns = columnsOf(sysMenu, ROUTER_MENU_KEYS);
      const base = and(eq(sysMenu.status, '0'), ne(sysMenu.menuType, 'F'));
      const rows = req.auth.isAdmin
        ? await db.select(columns).from(sysMenu).where(base).orderBy(asc(sysMenu.orderNum))
        : await db
            .selectDistinct(columns)
            .from(sysMenu)
            .where(
              and(
                base,
                inArray(
                  sysMenu.menuId,
                  db
                    .select({ id: sysRoleMenu.menuId })
                    .from(sysRoleMenu)
                    .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRoleMenu.roleId))
                    .innerJoin(
                      sysRole,
                      and(eq(sysRole.roleId, sysRoleMenu.roleId), eq(sysRole.status, '0'), eq(sysRole.delFlag, '0')),
                    )
                    .where(eq(sysUserRole.userId, req.auth.userId)),
                ),
              ),
            );
      const tree = buildRouters(rows);
      if (cache.trees.size > 1000) cache.trees.clear();
      cache.trees.set(key, tree);
      return ok(req, tree);
    },
  );
};
