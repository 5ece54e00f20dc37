import {
  normalizePhone,
  ZUnbindParams,
  ZUserAuthRole,
  ZUserChangeStatus,
  ZUserCreate,
  ZUserEdit,
  ZUserImportQuery,
  ZUserQuery,
  ZUserResetPwd,
} from '@theone/contracts';
import { answers } from '@theone/contracts/common/responses';
import { USER_ANSWERS } from '@theone/contracts/system/user.responses';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { hashPassword } from '../../../platform/auth/password';
import { revokeUserSessions } from '../../../platform/auth/session';
import { isUniqueViolation } from '../../../platform/db/sql-helpers';
import type { AppDeps } from '../../../platform/deps';
import { duplicate, forbidden, notFound } from '../../../platform/errors';
import { readUpload, sendTemplate } from '../../../platform/excel/excel';
import { registerListExport } from '../../../platform/excel/list-export';
import { ok, table } from '../../../platform/http/envelope';
import { pageOf } from '../../../platform/http/paging';
import { spec } from '../../../platform/http/route-spec';
import { t } from '../../../platform/i18n';
import { assertInitPassword, assertNewPassword, passwordContext } from '../../auth/credentials';
import { deptTree } from '../shared/dept-tree';
import { Grants } from '../shared/grants';
import {
  ADMIN_ROLE_ID,
  ADMIN_USER_ID,
  assertMayManage,
  BUSINESS_TYPE,
  deptPickerScope,
  dropCountsOnChange,
  idParam,
  idsParam,
  manageableUser,
  nextVersion,
  operlog,
  updateVersioned,
  userInScope,
  usersInScope,
} from '../shared/system';
import {
  checkDept,
  checkPostIds,
  checkRoleIds,
  checkUserUnique,
  countUsers,
  postIdsOf,
  postOptions,
  replaceUserPosts,
  replaceUserRoles,
  roleIdsOf,
  roleOptions,
  rolesOf,
  selectUsers,
  userListWhere,
  userPage,
} from './user.service';
import { sysUser } from './user.table';
import { importUsers, USER_EXPORT_COLUMNS, USER_TEMPLATE_COLUMNS } from './user-import';

const TITLE = 'menu_user';

/** The stored phone: digits-only national form when it is a phone, as typed otherwise (''). */
const storedPhone = (value: string) => (value ? (normalizePhone(value) ?? value) : '');

/** The stored fields of the user form (create and edit); `phonenumber` as storedPhone gives it. */
const userFormValues = (b: Omit<z.infer<typeof ZUserEdit>, 'userId' | 'version'>, phonenumber: string) => ({
  nickName: b.nickName,
  nickNameEn: b.nickNameEn,
  nickNameTh: b.nickNameTh,
  deptId: b.deptId,
  phonenumber,
  email: b.email,
  sex: b.sex,
  status: b.status,
  remark: b.remark,
});

/**
 * /system/user (issue 4 item 1; screens §4.1, §4.2): users inside the caller's data scope. The built-in
 * administrator (user 1) is never deleted or disabled and keeps the admin role; nobody deletes or disables
 * themselves; only administrators change administrators.
 */
export const userRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, settings }) => {
  dropCountsOnChange(app);

  app.get(
    '/system/user/list',
    spec({ permission: 'system:user:list' }, 'Users (paged)', {
      response: answers(USER_ANSWERS.list),
      querystring: ZUserQuery,
    }),
    async (req) => {
      const q = req.query;
      const where = await userListWhere(db, req.auth, q);
      const { limit, offset } = pageOf(q);
      const [rows, total] = await Promise.all([
        userPage(db, req.lang, where, q, limit, offset),
        countUsers(db, req.auth, q, where),
      ]);
      return table(req, rows, total);
    },
  );

  // The department tree of pickers and the user screen: departments inside the caller's scope.
  app.get(
    '/system/user/deptTree',
    spec({ authenticated: true }, 'Department tree (data scope applied)', { response: answers(USER_ANSWERS.deptTree) }),
    async (req) => ok(req, (await deptTree(db, req.lang, deptPickerScope(req.auth))).tree),
  );

  // Options of the add form (RuoYi GET /system/user/): roles and posts.
  app.get(
    '/system/user',
    spec(
      { permission: ['system:user:query', 'system:user:add', 'system:user:edit'] },
      'Role and post options of the user form',
      { response: answers(USER_ANSWERS.options) },
    ),
    async (req) => ({
      ...ok(req),
      roles: await roleOptions(db, req.auth, req.lang),
      posts: await postOptions(db, req.lang),
    }),
  );

  app.get(
    '/system/user/:userId',
    spec(
      { permission: ['system:user:query', 'system:user:edit'] },
      'One user with its roles, posts and the form options',
      { response: answers(USER_ANSWERS.detail), params: idParam('userId') },
    ),
    async (req) => {
      const user = await userInScope(db, req.auth, req.params.userId);
      const [row] = await selectUsers(db, req.lang).where(eq(sysUser.userId, user.userId));
      const roles = (await rolesOf(db, [user.userId], req.lang)).get(user.userId) ?? [];
      const roleIds = roles.map((r) => r.roleId);
      return {
        ...ok(req, {
          ...row!,
          dept: row!.deptId ? { deptId: row!.deptId, deptName: row!.deptName ?? '' } : null,
          roles,
        }),
        roleIds,
        postIds: await postIdsOf(db, user.userId),
        roles: await roleOptions(db, req.auth, req.lang, { userId: user.userId, deptId: user.deptId, roleIds }),
        posts: await postOptions(db, req.lang),
      };
    },
  );

  app.post(
    '/system/user',
    spec({ permission: 'system:user:add', operlog: operlog(TITLE, BUSINESS_TYPE.INSERT) }, 'Create a user', {
      response: answers(USER_ANSWERS.added),
      body: ZUserCreate,
    }),
    async (req) => {
      const b = req.body;
      const phonenumber = storedPhone(b.phonenumber);
      await checkDept(db, req.auth, b.deptId);
      const roleIds = await checkRoleIds(db, req.auth, b.roleIds);
      await (await Grants.load(db, req.auth, req.lang)).assertRoles(roleIds, [b.deptId]);
      const postIds = await checkPostIds(db, b.postIds);
      await checkUserUnique(db, { userName: b.userName, phonenumber, email: b.email });
      const initPassword = await settings.initPassword();
      const password = b.password ?? initPassword;
      if (b.password === undefined) assertInitPassword(initPassword, b.userName);
      else assertNewPassword(password, passwordContext(b), 'password');
      const hashed = await hashPassword(password);
      try {
        const userId = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(sysUser)
            .values({
              userName: b.userName,
              ...userFormValues(b, phonenumber),
              password: hashed,
              // The shared initial password is known to everyone: its holder must choose their own first.
              mustChangePassword: password === initPassword,
              createBy: req.auth.userName,
            })
            .returning({ userId: sysUser.userId });
          await replaceUserRoles(tx, row!.userId, roleIds);
          await replaceUserPosts(tx, row!.userId, postIds);
          return row!.userId;
        });
        return ok(req, { userId });
      } catch (err) {
        if (isUniqueViolation(err, 'sys_user_name_uq')) throw duplicate('err_user_name_exists', { value: b.userName });
        throw err;
      }
    },
  );

  app.put(
    '/system/user',
    spec(
      { permission: 'system:user:edit', operlog: operlog(TITLE, BUSINESS_TYPE.UPDATE) },
      'Edit a user (optimistic version)',
      { response: answers(USER_ANSWERS.done), body: ZUserEdit },
    ),
    async (req) => {
      const b = req.body;
      const user = await manageableUser(db, req.auth, b.userId);
      const current = await roleIdsOf(db, user.userId);
      if (user.userId === ADMIN_USER_ID && (b.status !== '0' || !b.roleIds.includes(ADMIN_ROLE_ID)))
        throw forbidden('err_admin_user_protected');
      if (user.userId === req.auth.userId && b.status !== '0') throw forbidden('err_disable_self');
      if (b.deptId !== user.deptId) await checkDept(db, req.auth, b.deptId);
      const roleIds = await checkRoleIds(db, req.auth, b.roleIds, current);
      await (await Grants.load(db, req.auth, req.lang)).assertUserRoles(user, current, roleIds, b.deptId);
      const postIds = await checkPostIds(db, b.postIds);
      const phonenumber = storedPhone(b.phonenumber);
      await checkUserUnique(db, { phonenumber, email: b.email }, user.userId);
      await db.transaction(async (tx) => {
        await updateVersioned(
          tx,
          req,
          sysUser,
          eq(sysUser.userId, user.userId),
          b.version,
          userFormValues(b, phonenumber),
        );
        await replaceUserRoles(tx, user.userId, roleIds);
        await replaceUserPosts(tx, user.userId, postIds);
        if (b.status === '1' && user.status !== '1') await revokeUserSessions(tx, user.userId);
      });
      return ok(req);
    },
  );

  app.delete(
    '/system/user/:userIds',
    spec({ permission: 'system:user:remove', operlog: operlog(TITLE, BUSINESS_TYPE.DELETE) }, 'Delete users', {
      response: answers(USER_ANSWERS.done),
      params: idsParam('userIds'),
    }),
    async (req) => {
      const ids = [...new Set(req.params.userIds)];
      if (ids.includes(req.auth.userId)) throw forbidden('err_delete_self');
      if (ids.includes(ADMIN_USER_ID)) throw forbidden('err_admin_user_protected');
      await usersInScope(db, req.auth, ids);
      await assertMayManage(db, req.auth, ids);
      await db.transaction(async (tx) => {
        await tx
          .update(sysUser)
          .set({ delFlag: '2', bindAppType: '', bindOpenId: '', ...nextVersion(req, sysUser) })
          .where(and(inArray(sysUser.userId, ids), eq(sysUser.delFlag, '0')));
        for (const id of ids) {
          await replaceUserRoles(tx, id, []);
          await replaceUserPosts(tx, id, []);
          await revokeUserSessions(tx, id);
        }
      });
      return ok(req);
    },
  );

  app.put(
    '/system/user/resetPwd',
    spec(
      { permission: 'system:user:resetPwd', operlog: operlog(TITLE, BUSINESS_TYPE.UPDATE) },
      "Reset a user's password (ends their sessions)",
      { response: answers(USER_ANSWERS.done), body: ZUserResetPwd },
    ),
    async (req) => {
      const user = await manageableUser(db, req.auth, req.body.userId);
      await (await Grants.load(db, req.auth, req.lang)).assertMayActAs(user);
      const self = user.userId === req.auth.userId;
      const mustChange = !self && req.body.password === (await settings.initPassword());
      assertNewPassword(req.body.password, passwordContext(user), 'password');
      const hashed = await hashPassword(req.body.password);
      await db.transaction(async (tx) => {
        await tx
          .update(sysUser)
          .set({
            password: hashed,
            mustChangePassword: mustChange,
            pwdUpdateDate: sql`now()`,
            ...nextVersion(req, sysUser),
          })
          .where(eq(sysUser.userId, user.userId));
        // A reset ends every session of the user (the caller's own survives when resetting themselves).
        await revokeUserSessions(tx, user.userId, self ? req.auth.sessionId : undefined);
      });
      return ok(req);
    },
  );

  app.put(
    '/system/user/changeStatus',
    spec(
      { permission: 'system:user:edit', operlog: operlog(TITLE, BUSINESS_TYPE.UPDATE) },
      'Enable or disable a user',
      { response: answers(USER_ANSWERS.done), body: ZUserChangeStatus },
    ),
    async (req) => {
      const b = req.body;
      const user = await manageableUser(db, req.auth, b.userId);
      if (b.status === '1' && user.userId === ADMIN_USER_ID) throw forbidden('err_admin_user_protected');
      if (b.status === '1' && user.userId === req.auth.userId) throw forbidden('err_disable_self');
      await db.transaction(async (tx) => {
        await updateVersioned(tx, req, sysUser, eq(sysUser.userId, user.userId), b.version, { status: b.status });
        if (b.status === '1') await revokeUserSessions(tx, user.userId);
      });
      return ok(req);
    },
  );

  app.get(
    '/system/user/authRole/:userId',
    spec({ permission: ['system:user:query', 'system:user:edit'] }, 'A user and every role, assigned ones flagged', {
      response: answers(USER_ANSWERS.authRole),
      params: idParam('userId'),
    }),
    async (req) => {
      const user = await userInScope(db, req.auth, req.params.userId);
      const held = await roleIdsOf(db, user.userId);
      const assigned = new Set(held);
      const roles = await roleOptions(db, req.auth, req.lang, {
        userId: user.userId,
        deptId: user.deptId,
        roleIds: held,
      });
      return {
        ...ok(req),
        user: {
          userId: user.userId,
          userName: user.userName,
          nickName: user.nickName,
          nickNameEn: user.nickNameEn,
          nickNameTh: user.nickNameTh,
          deptId: user.deptId,
          status: user.status,
        },
        roles: roles.map((r) => ({ ...r, flag: assigned.has(r.roleId) })),
      };
    },
  );

  app.put(
    '/system/user/authRole',
    spec({ permission: 'system:user:edit', operlog: operlog(TITLE, BUSINESS_TYPE.GRANT) }, "Set a user's roles", {
      response: answers(USER_ANSWERS.done),
      body: ZUserAuthRole,
    }),
    async (req) => {
      const user = await manageableUser(db, req.auth, req.body.userId);
      if (user.userId === ADMIN_USER_ID && !req.body.roleIds.includes(ADMIN_ROLE_ID))
        throw forbidden('err_admin_user_protected');
      const current = await roleIdsOf(db, user.userId);
      const roleIds = await checkRoleIds(db, req.auth, req.body.roleIds, current);
      await (await Grants.load(db, req.auth, req.lang)).assertUserRoles(user, current, roleIds);
      await db.transaction(async (tx) => {
        await replaceUserRoles(tx, user.userId, roleIds);
        await tx.update(sysUser).set(nextVersion(req, sysUser)).where(eq(sysUser.userId, user.userId));
      });
      return ok(req);
    },
  );

  app.delete(
    '/system/user/unbind/:appType/:userId',
    spec(
      { permission: 'system:user:edit', operlog: operlog(TITLE, BUSINESS_TYPE.UPDATE) },
      "Remove a user's third-party app binding",
      { response: answers(USER_ANSWERS.done), params: ZUnbindParams },
    ),
    async (req) => {
      const user = await manageableUser(db, req.auth, req.params.userId);
      if (user.bindAppType !== req.params.appType) throw notFound();
      await db
        .update(sysUser)
        .set({ bindAppType: '', bindOpenId: '', ...nextVersion(req, sysUser) })
        .where(and(eq(sysUser.userId, user.userId), eq(sysUser.bindAppType, req.params.appType)));
      return ok(req);
    },
  );

  registerListExport(app, db, {
    url: '/system/user/export',
    permission: 'system:user:export',
    operlog: operlog(TITLE, BUSINESS_TYPE.EXPORT),
    summary: 'Export users (.xlsx, current filters)',
    query: ZUserQuery,
    fileName: 'system_user_export',
    columns: USER_EXPORT_COLUMNS,
    select: (req) => selectUsers(db, req.lang, true).$dynamic(),
    key: sysUser.userId,
    keyOf: (r) => r.userId,
    where: (req, q) => userListWhere(db, req.auth, q),
  });

  app.post(
    '/system/user/importTemplate',
    spec(
      {
        permission: ['system:user:import', 'system:user:add'],
        operlog: false,
        heavy: 'template',
      },
      'User import template (.xlsx)',
    ),
    async (req, reply) =>
      sendTemplate(req, reply, { fileName: 'system_user_import_template', db, columns: USER_TEMPLATE_COLUMNS }),
  );

  app.post(
    '/system/user/importData',
    spec(
      {
        permission: 'system:user:import',
        operlog: operlog(TITLE, BUSINESS_TYPE.IMPORT),
        heavy: 'import',
      },
      'Import users from .xlsx (multipart field "file"); all rows or none',
      { response: answers(USER_ANSWERS.imported), querystring: ZUserImportQuery, consumes: ['multipart/form-data'] },
    ),
    async (req) => {
      const initPassword = await settings.initPassword();
      assertInitPassword(initPassword);
      const upload = await readUpload(req);
      const result = await importUsers(db, req.auth, upload, {
        updateSupport: req.query.updateSupport,
        initPassword,
        lang: req.lang,
      });
      return { code: 200, msg: t('msg_import_success', req.lang, { ...result }), data: result };
    },
  );
};
