import {
  buildTree,
  type TAuthUserQuery,
  ZAuthUserBatch,
  ZAuthUserCancel,
  ZAuthUserQuery,
  ZRoleChangeStatus,
  ZRoleCreate,
  ZRoleDataScope,
  ZRoleEdit,
  ZRoleQuery,
  zIdsParam,
} from '@theone/contracts';
import { and, asc, count, desc, eq, gt, ilike, inArray, like, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { isUniqueViolation } from '../../../platform/db/sql-helpers';
import type { AppDeps } from '../../../platform/deps';
import { duplicate, forbidden, inUse, notFound } from '../../../platform/errors';
import { type ExcelColumn, keysetBatches, sendExcel } from '../../../platform/excel/excel';
import { ok, table } from '../../../platform/http/envelope';
import { exportBody, selectedIds } from '../../../platform/http/export-body';
import { dateRange, likeContains, orderOf, pageOf } from '../../../platform/http/paging';
import { sysDept } from '../dept/dept.table';
import { callerMenuIds, menuTree, roleCheckedMenuIds } from '../menu/menu.service';
import { sysMenu } from '../menu/menu.table';
import {
  ADMIN_ROLE_ID,
  ADMIN_USER_ID,
  assertMayManage,
  BUSINESS_TYPE,
  deptScope,
  deptsInScope,
  dropCountsOnChange,
  lostUpdate,
  operlog,
  touched,
  userScope,
  usersInScope,
} from '../shared/system';
import { sysUser, sysUserRole } from '../user/user.table';
import { sysRole, sysRoleDept, sysRoleMenu } from './role.table';

const TITLE = 'menu_role';
const roleIdParam = z
  .object({
    roleId: z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  })
  .strict();
const roleIdsParam = z.object({ roleIds: zIdsParam.shape.ids }).strict();

const ROLE_COLUMNS = {
  roleId: sysRole.roleId,
  roleName: sysRole.roleName,
  roleKey: sysRole.roleKey,
  roleSort: sysRole.roleSort,
  dataScope: sysRole.dataScope,
  menuCheckStrictly: sysRole.menuCheckStrictly,
  deptCheckStrictly: sysRole.deptCheckStrictly,
  status: sysRole.status,
  createBy: sysRole.createBy,
  createTime: sysRole.createTime,
  updateTime: sysRole.updateTime,
  remark: sysRole.remark,
  version: sysRole.version,
};

const ROLE_EXPORT: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'roleId', header: 'system_role_id', type: 'integer', width: 10 },
  { key: 'roleName', header: 'system_role_name' },
  { key: 'roleKey', header: 'system_role_key' },
  { key: 'roleSort', header: 'system_sort', type: 'integer', width: 10 },
  { key: 'dataScope', header: 'system_data_scope', type: 'dict', dict: 'data_scope', width: 24 },
  { key: 'status', header: 'system_status', type: 'dict', dict: 'sys_normal_disable', width: 10 },
  { key: 'createTime', header: 'system_created_at', type: 'datetime' },
  { key: 'remark', header: 'system_remark', width: 30 },
];

function roleListWhere(q: Partial<z.infer<typeof ZRoleQuery>>): SQL | undefined {
  return and(
    eq(sysRole.delFlag, '0'),
    q.roleName ? ilike(sysRole.roleName, likeContains(q.roleName)) : undefined,
    q.roleKey ? ilike(sysRole.roleKey, likeContains(q.roleKey)) : undefined,
    q.status ? eq(sysRole.status, q.status) : undefined,
    dateRange(sysRole.createTime, q),
  );
}

async function liveRole(db: DbOrTx, roleId: number) {
  const [role] = await db
    .select()
    .from(sysRole)
    .where(and(eq(sysRole.roleId, roleId), eq(sysRole.delFlag, '0')));
  if (!role) throw notFound();
  return role;
}

/** The built-in admin role holds everything implicitly: nobody edits, disables or deletes it. */
function assertNotAdminRole(roleIds: readonly number[]) {
  if (roleIds.includes(ADMIN_ROLE_ID)) throw forbidden('err_admin_role_protected');
}

async function checkRoleUnique(db: DbOrTx, roleName: string, roleKey: string, exceptId?: number) {
  const other = exceptId === undefined ? undefined : ne(sysRole.roleId, exceptId);
  const [byName] = await db
    .select({ id: sysRole.roleId })
    .from(sysRole)
    .where(and(eq(sysRole.delFlag, '0'), eq(sysRole.roleName, roleName), other));
  if (byName) throw duplicate('err_role_name_exists', { value: roleName });
  const [byKey] = await db
    .select({ id: sysRole.roleId })
    .from(sysRole)
    .where(and(eq(sysRole.delFlag, '0'), eq(sysRole.roleKey, roleKey), other));
  if (byKey) throw duplicate('err_role_key_exists', { value: roleKey });
}

function uniqueError(err: unknown, roleName: string, roleKey: string): never {
  if (isUniqueViolation(err, 'sys_role_name_uq')) throw duplicate('err_role_name_exists', { value: roleName });
  if (isUniqueViolation(err, 'sys_role_key_uq')) throw duplicate('err_role_key_exists', { value: roleKey });
  throw err;
}

/**
 * The menus a role ends up with. Menus must exist; a non-administrator grants only menus they hold, and the
 * role's menus they cannot see stay as they are (their tree does not show them).
 */
async function resolveMenus(
  db: DbOrTx,
  auth: AuthContext,
  menuIds: readonly number[],
  roleId?: number,
): Promise<number[]> {
  const wanted = [...new Set(menuIds)];
  if (wanted.length) {
    const found = await db.select({ id: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.menuId, wanted));
    if (found.length !== wanted.length) throw notFound();
  }
  const allowed = await callerMenuIds(db, auth);
  if (!allowed) return wanted;
  const current =
    roleId === undefined
      ? []
      : (await db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId))).map(
          (r) => r.id,
        );
  const beyond = wanted.filter((id) => !allowed.has(id) && !current.includes(id));
  if (beyond.length) throw forbidden('err_grant_beyond_own');
  const hidden = current.filter((id) => !allowed.has(id));
  return [...new Set([...wanted.filter((id) => allowed.has(id)), ...hidden])];
}

async function replaceRoleMenus(db: DbOrTx, roleId: number, menuIds: readonly number[]) {
  await db.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
  if (menuIds.length) await db.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId, menuId })));
}

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
 * /system/role (issue 4 item 2; screens §4.3, §4.4). Data scope applies to the users a role is given to or
 * taken from, and to the departments of a custom scope.
 */
export const roleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  dropCountsOnChange(app);

  app.get(
    '/system/role/list',
    {
      config: { permission: 'system:role:list' },
      schema: { tags: ['system'], summary: 'Roles (paged)', querystring: ZRoleQuery },
    },
    async (req) => {
      const q = req.query;
      const where = roleListWhere(q);
      const { limit, offset } = pageOf(q);
      const order = orderOf(q, { createTime: sysRole.createTime, roleSort: sysRole.roleSort, roleId: sysRole.roleId }, [
        asc(sysRole.roleSort),
        asc(sysRole.roleId),
      ]);
      const [rows, [total]] = await Promise.all([
        db
          .select(ROLE_COLUMNS)
          .from(sysRole)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(sysRole).where(where),
      ]);
      return table(req, rows, total?.n ?? 0);
    },
  );

  app.get(
    '/system/role/:roleId',
    {
      config: { permission: ['system:role:query', 'system:role:edit'] },
      schema: { tags: ['system'], summary: 'One role', params: roleIdParam },
    },
    async (req) => {
      const [role] = await db
        .select(ROLE_COLUMNS)
        .from(sysRole)
        .where(and(eq(sysRole.roleId, req.params.roleId), eq(sysRole.delFlag, '0')));
      if (!role) throw notFound();
      return ok(req, role);
    },
  );

  app.post(
    '/system/role',
    {
      config: { permission: 'system:role:add', operlog: operlog(TITLE, BUSINESS_TYPE.INSERT) },
      schema: { tags: ['system'], summary: 'Create a role with its menus', body: ZRoleCreate },
    },
    async (req) => {
      const b = req.body;
      await checkRoleUnique(db, b.roleName, b.roleKey);
      const menuIds = await resolveMenus(db, req.auth, b.menuIds);
      try {
        const roleId = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(sysRole)
            .values({
              roleName: b.roleName,
              roleKey: b.roleKey,
              roleSort: b.roleSort,
              status: b.status,
              menuCheckStrictly: b.menuCheckStrictly,
              deptCheckStrictly: b.deptCheckStrictly,
              remark: b.remark,
              // Chosen: a new role sees its holder's department and below until an administrator sets its scope.
              dataScope: '4',
              createBy: req.auth.userName,
            })
            .returning({ roleId: sysRole.roleId });
          await replaceRoleMenus(tx, row!.roleId, menuIds);
          return row!.roleId;
        });
        return ok(req, { roleId });
      } catch (err) {
        uniqueError(err, b.roleName, b.roleKey);
      }
    },
  );

  app.put(
    '/system/role',
    {
      config: { permission: 'system:role:edit', operlog: operlog(TITLE, BUSINESS_TYPE.UPDATE) },
      schema: { tags: ['system'], summary: 'Edit a role and its menus (optimistic version)', body: ZRoleEdit },
    },
    async (req) => {
      const b = req.body;
      assertNotAdminRole([b.roleId]);
      await liveRole(db, b.roleId);
      await checkRoleUnique(db, b.roleName, b.roleKey, b.roleId);
      const menuIds = await resolveMenus(db, req.auth, b.menuIds, b.roleId);
      try {
        await db.transaction(async (tx) => {
          const updated = await tx
            .update(sysRole)
            .set({
              roleName: b.roleName,
              roleKey: b.roleKey,
              roleSort: b.roleSort,
              status: b.status,
              menuCheckStrictly: b.menuCheckStrictly,
              deptCheckStrictly: b.deptCheckStrictly,
              remark: b.remark,
              version: sql`${sysRole.version} + 1`,
              ...touched(req),
            })
            .where(and(eq(sysRole.roleId, b.roleId), eq(sysRole.version, b.version), eq(sysRole.delFlag, '0')))
            .returning({ roleId: sysRole.roleId });
          if (!updated.length) lostUpdate(true);
          await replaceRoleMenus(tx, b.roleId, menuIds);
        });
      } catch (err) {
        uniqueError(err, b.roleName, b.roleKey);
      }
      return ok(req);
    },
  );

  app.put(
    '/system/role/dataScope',
    {
      config: { permission: 'system:role:edit', operlog: operlog(TITLE, BUSINESS_TYPE.GRANT) },
      schema: {
        tags: ['system'],
        summary: "Set a role's data scope (custom departments for scope 2)",
        body: ZRoleDataScope,
      },
    },
    async (req) => {
      const b = req.body;
      assertNotAdminRole([b.roleId]);
      await liveRole(db, b.roleId);
      const deptIds = b.dataScope === '2' ? [...new Set(b.deptIds)] : [];
      await deptsInScope(db, req.auth, deptIds);
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(sysRole)
          .set({
            dataScope: b.dataScope,
            ...(b.deptCheckStrictly === undefined ? {} : { deptCheckStrictly: b.deptCheckStrictly }),
            version: sql`${sysRole.version} + 1`,
            ...touched(req),
          })
          .where(
            and(
              eq(sysRole.roleId, b.roleId),
              eq(sysRole.delFlag, '0'),
              b.version === undefined ? undefined : eq(sysRole.version, b.version),
            ),
          )
          .returning({ roleId: sysRole.roleId });
        if (!updated.length) lostUpdate(true);
        await tx.delete(sysRoleDept).where(eq(sysRoleDept.roleId, b.roleId));
        if (deptIds.length)
          await tx.insert(sysRoleDept).values(deptIds.map((deptId) => ({ roleId: b.roleId, deptId })));
      });
      return ok(req);
    },
  );

  app.put(
    '/system/role/changeStatus',
    {
      config: { permission: 'system:role:edit', operlog: operlog(TITLE, BUSINESS_TYPE.UPDATE) },
      schema: { tags: ['system'], summary: 'Enable or disable a role', body: ZRoleChangeStatus },
    },
    async (req) => {
      const b = req.body;
      assertNotAdminRole([b.roleId]);
      await liveRole(db, b.roleId);
      const updated = await db
        .update(sysRole)
        .set({ status: b.status, version: sql`${sysRole.version} + 1`, ...touched(req) })
        .where(
          and(
            eq(sysRole.roleId, b.roleId),
            eq(sysRole.delFlag, '0'),
            b.version === undefined ? undefined : eq(sysRole.version, b.version),
          ),
        )
        .returning({ roleId: sysRole.roleId });
      if (!updated.length) lostUpdate(true);
      return ok(req);
    },
  );

  app.delete(
    '/system/role/:roleIds',
    {
      config: { permission: 'system:role:remove', operlog: operlog(TITLE, BUSINESS_TYPE.DELETE) },
      schema: { tags: ['system'], summary: 'Delete roles (refused while users hold them)', params: roleIdsParam },
    },
    async (req) => {
      const ids = [...new Set(req.params.roleIds)];
      assertNotAdminRole(ids);
      const roles = await db
        .select({ roleId: sysRole.roleId, roleName: sysRole.roleName })
        .from(sysRole)
        .where(and(inArray(sysRole.roleId, ids), eq(sysRole.delFlag, '0')));
      if (roles.length !== ids.length) throw notFound();
      await db.transaction(async (tx) => {
        // Lock the roles so a concurrent assignment cannot slip in between the check and the delete.
        await tx.execute(sql`SELECT role_id FROM sys_role WHERE role_id IN ${ids} FOR UPDATE`);
        const [used] = await tx
          .select({ roleId: sysUserRole.roleId })
          .from(sysUserRole)
          .innerJoin(sysUser, and(eq(sysUser.userId, sysUserRole.userId), eq(sysUser.delFlag, '0')))
          .where(inArray(sysUserRole.roleId, ids))
          .limit(1);
        if (used) throw inUse('err_role_in_use', { name: roles.find((r) => r.roleId === used.roleId)?.roleName ?? '' });
        await tx
          .update(sysRole)
          .set({ delFlag: '2', version: sql`${sysRole.version} + 1`, ...touched(req) })
          .where(inArray(sysRole.roleId, ids));
        await tx.delete(sysRoleMenu).where(inArray(sysRoleMenu.roleId, ids));
        await tx.delete(sysRoleDept).where(inArray(sysRoleDept.roleId, ids));
        await tx.delete(sysUserRole).where(inArray(sysUserRole.roleId, ids));
      });
      return ok(req);
    },
  );

  app.post(
    '/system/role/export',
    {
      config: { permission: 'system:role:export', operlog: operlog(TITLE, BUSINESS_TYPE.EXPORT) },
      schema: { tags: ['system'], summary: 'Export roles (.xlsx)', body: exportBody(ZRoleQuery) },
    },
    async (req, reply) => {
      const where = and(roleListWhere(req.body), selectedIds(sysRole.roleId, req.body.ids));
      return sendExcel(req, reply, {
        fileName: 'system_role_export',
        db,
        columns: ROLE_EXPORT,
        rows: keysetBatches(
          (after, limit) =>
            db
              .select(ROLE_COLUMNS)
              .from(sysRole)
              .where(and(where, after === undefined ? undefined : gt(sysRole.roleId, after)))
              .orderBy(asc(sysRole.roleId))
              .limit(limit),
          (r) => r.roleId,
        ),
      });
    },
  );

  // --- role-auth/{roleId}: the users of a role ---------------------------------------------------------

  async function authUsers(auth: AuthContext, q: TAuthUserQuery, allocated: boolean) {
    await liveRole(db, q.roleId);
    const where = authUserWhere(auth, q, allocated);
    const { limit, offset } = pageOf(q);
    const order = orderOf(q, { createTime: sysUser.createTime, userId: sysUser.userId }, [
      desc(sysUser.createTime),
      desc(sysUser.userId),
    ]);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          userId: sysUser.userId,
          deptId: sysUser.deptId,
          userName: sysUser.userName,
          nickName: sysUser.nickName,
          email: sysUser.email,
          phonenumber: sysUser.phonenumber,
          status: sysUser.status,
          createTime: sysUser.createTime,
          deptName: sysDept.deptName,
        })
        .from(sysUser)
        .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(sysUser).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  app.get(
    '/system/role/authUser/allocatedList',
    {
      config: { permission: ['system:role:edit', 'system:role:query'] },
      schema: { tags: ['system'], summary: 'Users holding a role (data scope applied)', querystring: ZAuthUserQuery },
    },
    async (req) => {
      const { rows, total } = await authUsers(req.auth, req.query, true);
      return table(req, rows, total);
    },
  );

  app.get(
    '/system/role/authUser/unallocatedList',
    {
      config: { permission: 'system:role:add' },
      schema: {
        tags: ['system'],
        summary: 'Users not holding a role (data scope applied)',
        querystring: ZAuthUserQuery,
      },
    },
    async (req) => {
      const { rows, total } = await authUsers(req.auth, req.query, false);
      return table(req, rows, total);
    },
  );

  async function revoke(auth: AuthContext, roleId: number, userIds: number[]) {
    await liveRole(db, roleId);
    if (roleId === ADMIN_ROLE_ID && userIds.includes(ADMIN_USER_ID)) throw forbidden('err_admin_user_protected');
    await usersInScope(db, auth, userIds);
    await assertMayManage(db, auth, userIds);
    await db.delete(sysUserRole).where(and(eq(sysUserRole.roleId, roleId), inArray(sysUserRole.userId, userIds)));
  }

  app.put(
    '/system/role/authUser/cancel',
    {
      config: { permission: 'system:role:remove', operlog: operlog(TITLE, BUSINESS_TYPE.GRANT) },
      schema: { tags: ['system'], summary: 'Take a role from one user', body: ZAuthUserCancel },
    },
    async (req) => {
      await revoke(req.auth, req.body.roleId, [req.body.userId]);
      return ok(req);
    },
  );

  app.put(
    '/system/role/authUser/cancelAll',
    {
      config: { permission: 'system:role:remove', operlog: operlog(TITLE, BUSINESS_TYPE.GRANT) },
      schema: { tags: ['system'], summary: 'Take a role from several users', body: ZAuthUserBatch },
    },
    async (req) => {
      await revoke(req.auth, req.body.roleId, [...new Set(req.body.userIds)]);
      return ok(req);
    },
  );

  app.put(
    '/system/role/authUser/selectAll',
    {
      config: { permission: 'system:role:add', operlog: operlog(TITLE, BUSINESS_TYPE.GRANT) },
      schema: { tags: ['system'], summary: 'Give a role to several users', body: ZAuthUserBatch },
    },
    async (req) => {
      const { roleId } = req.body;
      const userIds = [...new Set(req.body.userIds)];
      await liveRole(db, roleId);
      if (roleId === ADMIN_ROLE_ID && !req.auth.isAdmin) throw forbidden('err_admin_role_grant');
      await usersInScope(db, req.auth, userIds);
      await assertMayManage(db, req.auth, userIds);
      await db
        .insert(sysUserRole)
        .values(userIds.map((userId) => ({ userId, roleId })))
        .onConflictDoNothing();
      return ok(req);
    },
  );

  // --- trees of the role form and the data-scope dialog ---------------------------------------------------

  app.get(
    '/system/role/deptTree/:roleId',
    {
      config: { permission: ['system:role:edit', 'system:role:query'] },
      schema: {
        tags: ['system'],
        summary: "Department tree (caller's scope) and the role's custom departments",
        params: roleIdParam,
      },
    },
    async (req) => {
      const role = await liveRole(db, req.params.roleId);
      const rows = await db
        .select({ id: sysDept.deptId, parentId: sysDept.parentId, label: sysDept.deptName, status: sysDept.status })
        .from(sysDept)
        .where(and(eq(sysDept.delFlag, '0'), deptScope(req.auth)))
        .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId));
      const visible = new Set(rows.map((r) => r.id));
      const checked = (
        await db
          .select({ deptId: sysRoleDept.deptId })
          .from(sysRoleDept)
          .where(
            and(
              eq(sysRoleDept.roleId, role.roleId),
              role.deptCheckStrictly
                ? sql`${sysRoleDept.deptId} NOT IN (SELECT d.parent_id FROM sys_dept d JOIN sys_role_dept rd ON rd.dept_id = d.dept_id AND rd.role_id = ${role.roleId})`
                : undefined,
            ),
          )
      )
        .map((r) => r.deptId)
        .filter((id) => visible.has(id));
      const tree = buildTree(
        rows.map((r) => ({
          id: r.id,
          parentId: r.parentId,
          label: r.label,
          ...(r.status === '1' ? { disabled: true } : {}),
        })),
        'id',
        'parentId',
      );
      return { ...ok(req), depts: dropParentIds(tree), checkedKeys: checked };
    },
  );

  app.get(
    '/system/menu/roleMenuTreeselect/:roleId',
    {
      config: { permission: ['system:role:edit', 'system:role:query'] },
      schema: {
        tags: ['system'],
        summary: "Menu tree (what the caller may grant) and the role's menus",
        params: roleIdParam,
      },
    },
    async (req) => {
      const role = await liveRole(db, req.params.roleId);
      const allowed = await callerMenuIds(db, req.auth);
      const checked = await roleCheckedMenuIds(db, role.roleId, role.menuCheckStrictly);
      return {
        ...ok(req),
        menus: await menuTree(db, req.auth, req.lang),
        // Only what the caller's tree shows; the role's other menus are kept on save (resolveMenus).
        checkedKeys: allowed ? checked.filter((id) => allowed.has(id)) : checked,
      };
    },
  );
};

function dropParentIds(nodes: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  return nodes.map(({ parentId: _p, children, ...rest }) =>
    Array.isArray(children) && children.length
      ? { ...rest, children: dropParentIds(children as Record<string, unknown>[]) }
      : rest,
  );
}
