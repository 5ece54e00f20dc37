import { z } from 'zod';
import { ZNewPassword } from '../auth/auth.schemas';
import { zCodeFilter, zIdText, zIntFilter, zPageQuery, zTextFilter } from '../common/page';
import { zAccount } from '../common/validators';
import { zBodyId, zIdList, zNames, zOptionalEmail, zOptionalMobile, zRemark, zStatus, zVersion } from './common';

/** GET /system/user/list (and POST /system/user/export): `deptId` includes its sub-departments. */
export const ZUserQuery = zPageQuery(['createTime', 'userId', 'loginDate'], {
  userName: zTextFilter(30),
  nickName: zTextFilter(60),
  phonenumber: zTextFilter(20),
  status: zCodeFilter(['0', '1']),
  deptId: zIntFilter,
});
export type TUserQuery = z.infer<typeof ZUserQuery>;

export const USER_SEX = ['0', '1', '2'] as const;

const userFields = {
  deptId: zBodyId.nullable().default(null),
  ...zNames('nickName', 30, 60),
  phonenumber: zOptionalMobile,
  email: zOptionalEmail(50),
  sex: z.enum(USER_SEX).default('2'),
  status: zStatus.default('0'),
  postIds: zIdList(50).default([]),
  roleIds: zIdList(50).default([]),
  remark: zRemark,
};

/** POST /system/user. Without a password the configured initial password is used (screens §4.1). */
export const ZUserCreate = z
  .object({
    userName: zAccount,
    password: ZNewPassword.optional(),
    ...userFields,
  })
  .strict();
export type TUserCreate = z.input<typeof ZUserCreate>;

/** PUT /system/user: the user name never changes; `version` is the one read (409 when stale). */
export const ZUserEdit = z
  .object({
    userId: zBodyId,
    version: zVersion,
    ...userFields,
  })
  .strict();
export type TUserEdit = z.input<typeof ZUserEdit>;

/** PUT /system/user/resetPwd */
export const ZUserResetPwd = z.object({ userId: zBodyId, password: ZNewPassword }).strict();

/** PUT /system/user/changeStatus */
export const ZUserChangeStatus = z.object({ userId: zBodyId, status: zStatus, version: zVersion.optional() }).strict();

/** PUT /system/user/authRole: the user's roles become exactly `roleIds`. */
export const ZUserAuthRole = z.object({ userId: zBodyId, roleIds: zIdList(50) }).strict();

/** POST /system/user/importData?updateSupport=true|false (multipart field "file"). */
export const ZUserImportQuery = z
  .object({
    updateSupport: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).default(false),
  })
  .strict();

/** DELETE /system/user/unbind/{appType}/{userId} */
export const ZUnbindParams = z
  .object({
    appType: z.string().regex(/^[a-z][a-z0-9_]{0,19}$/),
    userId: zIdText,
  })
  .strict();

/** Column keys of the user import template, in order (headers are these translation keys). */
export const USER_IMPORT_COLUMNS = [
  'userName',
  'nickName',
  'deptId',
  'phonenumber',
  'email',
  'sex',
  'status',
  'remark',
] as const;
