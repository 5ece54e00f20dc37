import {
  type TAuthUserQuery,
  type TLanguage,
  ZAuthUserBatch,
  ZAuthUserCancel,
  ZAuthUserQuery,
} from '@theone/contracts';
import { and, desc, eq, ilike, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { AppDeps } from '../../../platform/deps';
import { forbidden } from '../../../platform/errors';
import { ok, table } from '../../../platform/http/envelope';
import { dateRange, likeContains, orderOf } from '../../../platform/http/paging';
import { spec } from '../../../platform/http/route-spec';
import { sysDept } from '../dept/dept.table';
import { Grants } from '../shared/grants';
import { DEPT_NAME, localizedName } from '../shared/localized';
import {
  ADMIN_ROLE_ID,
  ADMIN_USER_ID,
  assertMayManage,
  BUSINESS_TYPE,
  dropCountsOnChange,
  operlog,
  pageWithTotal,
  userScope,
  usersInScope,
} from '../shared/system';
import { sysUser, sysUserRole } from '../user/user.table';
import { liveRole } from './role.routes';

const TITLE = 'menu_role';

/** Users of the role-auth lists: live, inside the caller's scope, holding (or not holding) the role. */
function authUserWhere(auth: AuthContext, q: TAuthUserQuery, allocated: boolean): SQL | undefined {
  const holds = sql`EXISTS (SELECT 1 FROM sys_user_role ur WHERE ur.user_id = ${sysUser.userId} AND ur.role_id = ${q.roleId})`;
  return and(
    eq(sysUser.delFlag, '0'),
    userScope(auth),
    allocated ? holds : sql`NOT ${holds}`,
    q.userName ? ilike(sysUser.userName, likeContains(q.userName)) : undefined,
    q.phonenumber ? like(sysUser.phonenumber, likeContains(q.phonenumber)) : undefined,
    q.deptId
      ? sql`${sysUser.deptId} IN (SELECT d.dept_id FROM sys_dept d WHERE d.dept_id = ${q.deptId} OR ${String(q.deptId)} = ANY(string_to_array(d.ancestors, ',')))`
      : undefined,
    dateRange(sysUser.createTime, q),
  );
}

/**
 * /system/role/authUser (screens §4.4, the role-auth screen): the users of a role inside the caller's data scope,
 * giving the role to users and taking it back. User rows carry their display names in the three languages (the
 * web shows the reader's); the department is named in the reader's language.
 */
export const roleAuthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  dropCountsOnChange(app);

  async function authUsers(auth: AuthContext, lang: TLanguage, q: TAuthUserQuery, allocated: boolean) {
    await liveRole(db, q.roleId);
    const where = and(
      authUserWhere(auth, q, allocated),
      allocated ? undefined : await grantableTo(auth, lang, q.roleId),
    );
    return pageWithTotal(db, q, {
      select: () =>
        db
          .select({
            userId: sysUser.userId,
            deptId: sysUser.deptId,
            userName: sysUser.userName,
            nickName: sysUser.nickName,
            nickNameEn: sysUser.nickNameEn,
            nickNameTh: sysUser.nickNameTh,
            email: sysUser.email,
            phonenumber: sysUser.phonenumber,
            status: sysUser.status,
            createTime: sysUser.createTime,
            deptName: localizedName(DEPT_NAME, lang),
          })
          .from(sysUser)
          .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
          .$dynamic(),
      from: sysUser,
      where,
      order: orderOf(q, { createTime: sysUser.createTime, userId: sysUser.userId }, [
        desc(sysUser.createTime),
        desc(sysUser.userId),
      ]),
    });
  }

  app.get(
    '/system/role/authUser/allocatedList',
    spec({ permission: ['system:role:edit', 'system:role:query'] }, 'Users holding a role (data scope applied)', {
      querystring: ZAuthUserQuery,
    }),
    async (req) => {
      const { rows, total } = await authUsers(req.auth, req.lang, req.query, true);
      return table(req, rows, total);
    },
  );

  app.get(
    '/system/role/authUser/unallocatedList',
    spec({ permission: 'system:role:add' }, 'Users not holding a role (data scope applied)', {
      querystring: ZAuthUserQuery,
    }),
    async (req) => {
      const { rows, total } = await authUsers(req.auth, req.lang, req.query, false);
      return table(req, rows, total);
    },
  );

  /**
   * The users the role may be given to by the caller (the 'add users' list offers no one the server would refuse):
   * not the caller, and for a role following its holder's department only users of departments within reach.
   */
  async function grantableTo(auth: AuthContext, lang: TLanguage, roleId: number): Promise<SQL> {
    const depts = await (await Grants.load(db, auth, lang)).grantableDepts(roleId);
    const notSelf = sql`${sysUser.userId} <> ${auth.userId}`;
    if (depts === 'any') return notSelf;
    if (!depts.length) return sql`false`;
    return sql`${notSelf} AND (${sysUser.deptId} IS NULL OR ${sysUser.deptId} = ANY(${sql.param(depts)}::bigint[]))`;
  }

  async function revoke(auth: AuthContext, lang: TLanguage, roleId: number, userIds: number[]) {
    await liveRole(db, roleId);
    if (roleId === ADMIN_ROLE_ID && userIds.includes(ADMIN_USER_ID)) throw forbidden('err_admin_user_protected');
    await (await Grants.load(db, auth, lang)).assertNotSelf(userIds);
    await usersInScope(db, auth, userIds);
    await assertMayManage(db, auth, userIds);
    await db.delete(sysUserRole).where(and(eq(sysUserRole.roleId, roleId), inArray(sysUserRole.userId, userIds)));
  }

  app.put(
    '/system/role/authUser/cancel',
    spec(
      { permission: 'system:role:remove', operlog: operlog(TITLE, BUSINESS_TYPE.GRANT) },
      'Take a role from one user',
      { body: ZAuthUserCancel },
    ),
    async (req) => {
      await revoke(req.auth, req.lang, req.body.roleId, [req.body.userId]);
      return ok(req);
    },
  );

  app.put(
    '/system/role/authUser/cancelAll',
    spec(
      { permission: 'system:role:remove', operlog: operlog(TITLE, BUSINESS_TYPE.GRANT) },
      'Take a role from several users',
      { body: ZAuthUserBatch },
    ),
    async (req) => {
      await revoke(req.auth, req.lang, req.body.roleId, [...new Set(req.body.userIds)]);
      return ok(req);
    },
  );

  app.put(
    '/system/role/authUser/selectAll',
    spec(
      { permission: 'system:role:add', operlog: operlog(TITLE, BUSINESS_TYPE.GRANT) },
      'Give a role to several users',
      { body: ZAuthUserBatch },
    ),
    async (req) => {
      const { roleId } = req.body;
      const userIds = [...new Set(req.body.userIds)];
      await liveRole(db, roleId);
      if (roleId === ADMIN_ROLE_ID && !req.auth.isAdmin) throw forbidden('err_admin_role_grant');
      const grants = await Grants.load(db, req.auth, req.lang);
      await grants.assertNotSelf(userIds);
      const users = await usersInScope(db, req.auth, userIds);
      await assertMayManage(db, req.auth, userIds);
      await grants.assertRoles(
        [roleId],
        users.map((u) => u.deptId),
      );
      await db
        .insert(sysUserRole)
        .values(userIds.map((userId) => ({ userId, roleId })))
        .onConflictDoNothing();
      return ok(req);
    },
  );
};
