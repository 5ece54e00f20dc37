import { ZProfileUpdate, ZUpdatePwd } from '@theone/contracts';
import { answers } from '@theone/contracts/common/responses';
import { USER_SELF_ANSWERS } from '@theone/contracts/system/user.responses';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword } from '../../../platform/auth/password';
import { revokeSession, revokeUserSessions } from '../../../platform/auth/session';
import type { AppDeps } from '../../../platform/deps';
import { AppError, badRequest } from '../../../platform/errors';
import { IMAGE_TYPES } from '../../../platform/files/file-store';
import { ok } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';
import { assertNewPassword, credentialChecks, isLocked, passwordContext } from '../../auth/credentials';
import { clearLoginFailures } from '../../auth/login-guard';
import { storeOwnPassword } from '../api';
import { sysDept } from '../dept/dept.table';
import { sysPost } from '../post/post.table';
import { sysRole } from '../role/role.table';
import { localizedName, POST_NAME, ROLE_NAME } from '../shared/localized';
import { nextVersion } from '../shared/system';
import { checkUserUnique } from './user.service';
import { sysUser, sysUserPost, sysUserRole } from './user.table';
import { publicUser } from './user-info.routes';

/**
 * Personal centre (/profile): any signed-in user, about themselves only. Role and post groups are named in the
 * reader's language; the display name may be given in English and Thai too (left out: unchanged).
 */
export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, files } = deps;
  const { checkCredentials, loginLog } = credentialChecks(deps);
  const title = { title: 'menu_profile', businessType: 2 as const };

  app.get(
    '/system/user/profile',
    spec({ authenticated: true }, 'My profile', { response: answers(USER_SELF_ANSWERS.profile) }),
    async (req) => {
      const userId = req.auth.userId;
      const [row] = await db
        .select({
          user: sysUser,
          dept: { deptName: sysDept.deptName, deptNameEn: sysDept.deptNameEn, deptNameTh: sysDept.deptNameTh },
        })
        .from(sysUser)
        .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
        .where(eq(sysUser.userId, userId));
      const roles = await db
        .select({ roleName: localizedName(ROLE_NAME, req.lang) })
        .from(sysUserRole)
        .innerJoin(sysRole, and(eq(sysRole.roleId, sysUserRole.roleId), eq(sysRole.delFlag, '0')))
        .where(eq(sysUserRole.userId, userId));
      const posts = await db
        .select({ postName: localizedName(POST_NAME, req.lang) })
        .from(sysUserPost)
        .innerJoin(sysPost, eq(sysPost.postId, sysUserPost.postId))
        .where(eq(sysUserPost.userId, userId));
      return {
        ...ok(req, publicUser(row!.user, row!.dept)),
        roleGroup: roles.map((r) => r.roleName).join(','),
        postGroup: posts.map((p) => p.postName).join(','),
      };
    },
  );

  app.put(
    '/system/user/profile',
    spec({ authenticated: true, operlog: title }, 'Update my profile', {
      response: answers(USER_SELF_ANSWERS.done),
      body: ZProfileUpdate,
    }),
    async (req) => {
      const body = req.body;
      await checkUserUnique(db, { phonenumber: body.phonenumber }, req.auth.userId);
      await db
        .update(sysUser)
        .set({ ...body, ...nextVersion(req, sysUser) })
        .where(eq(sysUser.userId, req.auth.userId));
      return ok(req);
    },
  );

  app.put(
    '/system/user/profile/updatePwd',
    spec({ authenticated: true, operlog: title }, 'Change my password', {
      response: answers(USER_SELF_ANSWERS.done),
      body: ZUpdatePwd,
    }),
    async (req) => {
      const origin = { ip: req.ip, ua: req.headers['user-agent'] };
      let user: typeof sysUser.$inferSelect;
      try {
        // The old password counts against the sign-in lockout (issue 11 item 4): after sys.login.lockCount wrong
        // ones the account is locked for sys.login.lockMinutes and this session ends.
        user = await checkCredentials(db, req.auth.userName, req.body.oldPassword, origin, 'oldPassword');
      } catch (err) {
        if (isLocked(err)) await revokeSession(db, req.auth.sessionId);
        throw err;
      }
      if (req.body.newPassword === req.body.oldPassword)
        throw badRequest('err_password_same', undefined, 'newPassword');
      assertNewPassword(req.body.newPassword, passwordContext(user), 'newPassword');
      const hashed = await hashPassword(req.body.newPassword);
      await db.transaction(async (tx) => {
        await storeOwnPassword(tx, user, hashed);
        await clearLoginFailures(tx, user.userName);
        // Chosen (screens doc §4.11): after a change the user signs in again everywhere.
        await revokeUserSessions(tx, user.userId);
      });
      await loginLog(user.userName, origin, '0', 'msg_password_changed');
      return ok(req, undefined, 'msg_password_changed');
    },
  );

  app.post(
    '/system/user/profile/avatar',
    spec({ authenticated: true, operlog: title }, 'Upload my avatar (multipart field "avatarfile")', {
      response: answers(USER_SELF_ANSWERS.avatar),
      consumes: ['multipart/form-data'],
    }),
    async (req) => {
      const part = await req.file();
      if (!part) throw new AppError('VALIDATION', 'err_file_required', undefined, { field: 'avatarfile' });
      const stored = await files.save({
        stream: part.file,
        fileName: part.filename,
        uploader: req.auth,
        allow: IMAGE_TYPES,
      });
      await db
        .update(sysUser)
        .set({ avatar: stored.fileId, updateBy: req.auth.userName, updateTime: sql`now()` })
        .where(eq(sysUser.userId, req.auth.userId));
      return { ...ok(req), imgUrl: stored.url };
    },
  );
};
