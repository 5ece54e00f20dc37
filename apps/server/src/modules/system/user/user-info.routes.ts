import { ALL_PERMISSION, DEFAULT_ROLE } from '@theone/contracts';
import { answers } from '@theone/contracts/common/responses';
import { USER_SELF_ANSWERS } from '@theone/contracts/system/user.responses';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps';
import { spec } from '../../../platform/http/route-spec';
import { t } from '../../../platform/i18n';
import { sysDept } from '../dept/dept.table';
import { sysUser } from './user.table';

type DeptNames = Pick<typeof sysDept.$inferSelect, 'deptName' | 'deptNameEn' | 'deptNameTh'>;

/**
 * Public shape of a user (never the password hash). The display name and the department carry their names in
 * the three languages: the web shows the reader's and relabels at once when the language changes (ADR 0007).
 */
export function publicUser(u: typeof sysUser.$inferSelect, dept?: DeptNames | null) {
  return {
    userId: u.userId,
    deptId: u.deptId,
    userName: u.userName,
    nickName: u.nickName,
    nickNameEn: u.nickNameEn,
    nickNameTh: u.nickNameTh,
    email: u.email,
    phonenumber: u.phonenumber,
    sex: u.sex,
    avatar: u.avatar ? `/file/download/${u.avatar}` : '',
    lang: u.lang,
    status: u.status,
    loginIp: u.loginIp,
    loginDate: u.loginDate,
    createTime: u.createTime,
    remark: u.remark,
    dept: u.deptId
      ? {
          deptId: u.deptId,
          deptName: dept?.deptName ?? '',
          deptNameEn: dept?.deptNameEn ?? '',
          deptNameTh: dept?.deptNameTh ?? '',
        }
      : null,
  };
}

/**
 * GET /system/user/getInfo: the signed-in user, role keys, permission keys and the fee-role flag (spec §3, §6), and
 * `timezone`, the business time zone (APP_TIMEZONE) the web enters and shows every business time in (docs/web.md).
 */
export const userInfoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  // Called on every page load: a prepared statement (planned once per connection).
  const findUser = db
    .select({
      user: sysUser,
      dept: { deptName: sysDept.deptName, deptNameEn: sysDept.deptNameEn, deptNameTh: sysDept.deptNameTh },
    })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(eq(sysUser.userId, sql.placeholder('userId')))
    .prepare('theone_get_info_user');

  app.get(
    '/system/user/getInfo',
    spec({ authenticated: true, allowPasswordChange: true }, 'Session user info', {
      response: answers(USER_SELF_ANSWERS.getInfo),
      tags: ['auth'],
    }),
    async (req) => {
      const auth = req.auth;
      const [row] = await findUser.execute({ userId: auth.userId });
      const permissions = auth.isAdmin ? [ALL_PERMISSION] : [...auth.permissions].sort();
      return {
        code: 200,
        msg: t('msg_op_success', req.lang),
        user: publicUser(row!.user, row!.dept),
        roles: auth.roleKeys.length ? auth.roleKeys : [DEFAULT_ROLE],
        permissions,
        isFeeRole: auth.feeRole,
        mustChangePassword: auth.mustChangePassword,
        timezone: config.timezone,
      };
    },
  );
};
