import {
  NEW_ROLE_DATA_SCOPE,
  ZRoleChangeStatus,
  ZRoleCreate,
  ZRoleDataScope,
  ZRoleEdit,
  ZRoleQuery,
} from '@theone/contracts';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { containsFilters, equalFilters, isUniqueViolation } from '../../../platform/db/sql-helpers';
import type { AppDeps } from '../../../platform/deps';
import { duplicate, forbidden, inUse, notFound } from '../../../platform/errors';
import type { ExcelColumn } from '../../../platform/excel/excel';
import { registerListExport } from '../../../platform/excel/list-export';
import { ok } from '../../../platform/http/envelope';
import { dateRange } from '../../../platform/http/paging';
import { spec } from '../../../platform/http/route-spec';
import { callerMenuIds, menuTree, roleCheckedMenuIds } from '../menu/menu.service';
import { sysMenu } from '../menu/menu.table';
import { deptTree } from '../shared/dept-tree';
import { Grants } from '../shared/grants';
import { localizedName, nameContains, ROLE_NAME } from '../shared/localized';
import {
  ADMIN_ROLE_ID,
  BUSINESS_TYPE,
  deptScope,
  deptsInScope,
  dropCountsOnChange,
  idParam,
  idsParam,
  nextVersion,
  operlog,
  RECORD_EXPORT_COLUMNS,
  registerPagedList,
  updateVersioned,
} from '../shared/system';
import { sysUser, sysUserRole } from '../user/user.table';
import { sysRole, sysRoleDept, sysRoleMenu } from './role.table';

const TITLE = 'menu_role';

const ROLE_COLUMNS = {
  roleId: sysRole.roleId,
  roleName: sysRole.roleName,
  roleNameEn: sysRole.roleNameEn,
  roleNameTh: sysRole.roleNameTh,
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
  ...RECORD_EXPORT_COLUMNS,
];

function roleListWhere(q: Partial<z.infer<typeof ZRoleQuery>>): SQL | undefined {
  return and(
    eq(sysRole.delFlag, '0'),
    nameContains(ROLE_NAME, q.roleName),
    ...containsFilters(q, sysRole, ['roleKey']),
    ...equalFilters(q, sysRole, ['status']),
    dateRange(sysRole.createTime, q),
  );
}

export async function liveRole(db: DbOrTx, roleId: number) {
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

/** A live role that may be changed: any but the built-in admin role. */
async function editableRole(db: DbOrTx, roleId: number) {
  assertNotAdminRole([roleId]);
  return liveRole(db, roleId);
}

/** The stored fields of the role form (create and edit). */
const roleValues = (b: z.infer<typeof ZRoleCreate>) => ({
  roleName: b.roleName,
  roleNameEn: b.roleNameEn,
  roleNameTh: b.roleNameTh,
  roleKey: b.roleKey,
  roleSort: b.roleSort,
  status: b.status,
  menuCheckStrictly: b.menuCheckStrictly,
  deptCheckStrictly: b.deptCheckStrictly,
  remark: b.remark,
});

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

/**
 * /system/role (issue 4 item 2; screens §4.3, §4.4). Data scope applies to the users a role is given to or
 * taken from, and to the departments of a custom scope.
 */
export const roleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  dropCountsOnChange(app);

  registerPagedList(app, db, {
    url: '/system/role/list',
    permission: 'system:role:list',
    summary: 'Roles (paged)',
    query: ZRoleQuery,
    select: () => db.select(ROLE_COLUMNS).from(sysRole).$dynamic(),
    from: sysRole,
    where: roleListWhere,
    orderable: { createTime: sysRole.createTime, roleSort: sysRole.roleSort, roleId: sysRole.roleId },
    order: [asc(sysRole.roleSort), asc(sysRole.roleId)],
  });

  app.get(
    '/system/role/:roleId',
    spec({ permission: ['system:role:query', 'system:role:edit'] }, 'One role', { params: idParam('roleId') }),
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
    spec(
      { permission: 'system:role:add', operlog: operlog(TITLE, BUSINESS_TYPE.INSERT) },
      'Create a role with its menus',
      { body: ZRoleCreate },
    ),
    async (req) => {
      const b = req.body;
      await checkRoleUnique(db, b.roleName, b.roleKey);
      const menuIds = await resolveMenus(db, req.auth, b.menuIds);
      try {
        const roleId = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(sysRole)
            .values({
              ...roleValues(b),
              // Chosen: a new role sees its holder's department and below until an administrator sets its scope.
              dataScope: NEW_ROLE_DATA_SCOPE,
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
    spec(
      { permission: 'system:role:edit', operlog: operlog(TITLE, BUSINESS_TYPE.UPDATE) },
      'Edit a role and its menus (optimistic version)',
      { body: ZRoleEdit },
    ),
    async (req) => {
      const b = req.body;
      const role = await editableRole(db, b.roleId);
      await checkRoleUnique(db, b.roleName, b.roleKey, b.roleId);
      const menuIds = await resolveMenus(db, req.auth, b.menuIds, b.roleId);
      const grants = await Grants.load(db, req.auth, req.lang);
      await grants.assertRoleMenus(b.roleId, menuIds);
      if (role.status !== '0' && b.status === '0') await grants.assertEnable(b.roleId, menuIds);
      try {
        await db.transaction(async (tx) => {
          await updateVersioned(tx, req, sysRole, eq(sysRole.roleId, b.roleId), b.version, roleValues(b));
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
    spec(
      { permission: 'system:role:edit', operlog: operlog(TITLE, BUSINESS_TYPE.GRANT) },
      "Set a role's data scope (custom departments for scope 2)",
      { body: ZRoleDataScope },
    ),
    async (req) => {
      const b = req.body;
      await editableRole(db, b.roleId);
      const deptIds = b.dataScope === '2' ? [...new Set(b.deptIds)] : [];
      await deptsInScope(db, req.auth, deptIds);
      await (await Grants.load(db, req.auth, req.lang)).assertScope(b.roleId, { dataScope: b.dataScope, deptIds });
      await db.transaction(async (tx) => {
        await updateVersioned(tx, req, sysRole, eq(sysRole.roleId, b.roleId), b.version, {
          dataScope: b.dataScope,
          ...(b.deptCheckStrictly === undefined ? {} : { deptCheckStrictly: b.deptCheckStrictly }),
        });
        await tx.delete(sysRoleDept).where(eq(sysRoleDept.roleId, b.roleId));
        if (deptIds.length)
          await tx.insert(sysRoleDept).values(deptIds.map((deptId) => ({ roleId: b.roleId, deptId })));
      });
      return ok(req);
    },
  );

  app.put(
    '/system/role/changeStatus',
    spec(
      { permission: 'system:role:edit', operlog: operlog(TITLE, BUSINESS_TYPE.UPDATE) },
      'Enable or disable a role',
      { body: ZRoleChangeStatus },
    ),
    async (req) => {
      const b = req.body;
      const role = await editableRole(db, b.roleId);
      if (role.status !== '0' && b.status === '0')
        await (await Grants.load(db, req.auth, req.lang)).assertEnable(b.roleId);
      await updateVersioned(db, req, sysRole, eq(sysRole.roleId, b.roleId), b.version, { status: b.status });
      return ok(req);
    },
  );

  app.delete(
    '/system/role/:roleIds',
    spec(
      { permission: 'system:role:remove', operlog: operlog(TITLE, BUSINESS_TYPE.DELETE) },
      'Delete roles (refused while users hold them)',
      { params: idsParam('roleIds') },
    ),
    async (req) => {
      const ids = [...new Set(req.params.roleIds)];
      assertNotAdminRole(ids);
      const roles = await db
        .select({ roleId: sysRole.roleId, roleName: localizedName(ROLE_NAME, req.lang) })
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
          .set({ delFlag: '2', ...nextVersion(req, sysRole) })
          .where(inArray(sysRole.roleId, ids));
        await tx.delete(sysRoleMenu).where(inArray(sysRoleMenu.roleId, ids));
        await tx.delete(sysRoleDept).where(inArray(sysRoleDept.roleId, ids));
        await tx.delete(sysUserRole).where(inArray(sysUserRole.roleId, ids));
      });
      return ok(req);
    },
  );

  registerListExport(app, db, {
    url: '/system/role/export',
    permission: 'system:role:export',
    operlog: operlog(TITLE, BUSINESS_TYPE.EXPORT),
    summary: 'Export roles (.xlsx)',
    query: ZRoleQuery,
    fileName: 'system_role_export',
    columns: ROLE_EXPORT,
    select: (req) =>
      db
        .select({ ...ROLE_COLUMNS, roleName: localizedName(ROLE_NAME, req.lang) })
        .from(sysRole)
        .$dynamic(),
    key: sysRole.roleId,
    keyOf: (r) => r.roleId,
    where: (_req, q) => roleListWhere(q),
  });

  // --- trees of the role form and the data-scope dialog ---------------------------------------------------

  app.get(
    '/system/role/deptTree/:roleId',
    spec(
      { permission: ['system:role:edit', 'system:role:query'] },
      "Department tree (caller's scope) and the role's custom departments",
      { params: idParam('roleId') },
    ),
    async (req) => {
      const role = await liveRole(db, req.params.roleId);
      const { tree, ids: visible } = await deptTree(db, req.lang, deptScope(req.auth));
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
      // The scopes the caller may set on this role (and the one it has), for the dialog's options.
      const scopes = await (await Grants.load(db, req.auth, req.lang)).grantableScopes(role.roleId);
      return {
        ...ok(req),
        depts: tree,
        checkedKeys: checked,
        scopes: [...new Set([...scopes, role.dataScope])].sort(),
      };
    },
  );

  app.get(
    '/system/menu/roleMenuTreeselect/:roleId',
    spec(
      { permission: ['system:role:edit', 'system:role:query'] },
      "Menu tree (what the caller may grant) and the role's menus",
      { params: idParam('roleId') },
    ),
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
