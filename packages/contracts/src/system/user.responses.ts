import { z } from 'zod';
import { okEnvelope, type TWire, tableEnvelope, zCodeOf, zFlag, zOkEmpty, zTimestamp } from '../common/responses';

/**
 * Answers of /system/user (ADR 0010). Every key the server sends is listed (a response schema drops unlisted
 * keys). Names of roles, posts and departments come in the reader's language (ADR 0007).
 */

/** A role a user holds (the list's roles column, the detail's `data.roles`). */
export const ZUserRole = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  roleKey: z.string(),
  status: zFlag,
});

/** A role option of the user form: `grantable` false = held, shown, not changeable by the caller. */
export const ZUserRoleOption = ZUserRole.extend({ createTime: zTimestamp, grantable: z.boolean() });

/** A role of the role-assignment page: `flag` = the user holds it. */
export const ZUserAuthRoleOption = ZUserRoleOption.extend({ flag: z.boolean() });

/** A post option of the user form. */
export const ZUserPostOption = z.object({
  postId: z.number().int(),
  postCode: z.string(),
  postName: z.string(),
  status: zFlag,
});

/** Who a user is: the fields the user list and the signed-in user's public shape share. */
const ZUserIdentity = z.object({
  userId: z.number().int(),
  deptId: z.number().int().nullable(),
  userName: z.string(),
  nickName: z.string(),
  nickNameEn: z.string(),
  nickNameTh: z.string(),
  email: z.string(),
  phonenumber: z.string(),
  sex: zCodeOf(['0', '1', '2']),
  status: zFlag,
  loginIp: z.string(),
  loginDate: zTimestamp.nullable(),
  createTime: zTimestamp,
  remark: z.string(),
});

/** A user row (list) and the detail's `data` without the password hash. */
export const ZUserRow = ZUserIdentity.extend({
  bindAppType: z.string(),
  createBy: z.string(),
  updateTime: zTimestamp.nullable(),
  version: z.number().int(),
  deptName: z.string().nullable(),
  dept: z.object({ deptId: z.number().int(), deptName: z.string() }).nullable(),
  roles: z.array(ZUserRole),
});

/** A node of the department picker tree (`/system/user/deptTree`). */
export const ZDeptTreeNode = z.object({
  id: z.number().int(),
  label: z.string(),
  disabled: z.boolean().optional(),
  get children(): z.ZodOptional<z.ZodArray<typeof ZDeptTreeNode>> {
    return z.array(ZDeptTreeNode).optional();
  },
});

const formOptions = { roles: z.array(ZUserRoleOption), posts: z.array(ZUserPostOption) };

/** The answers, by route, for `schema.response[200]`. */
export const USER_ANSWERS = {
  list: tableEnvelope(ZUserRow),
  deptTree: okEnvelope(z.array(ZDeptTreeNode)),
  /** `GET /system/user`: the add form's options. */
  options: zOkEmpty.extend(formOptions),
  /** `GET /system/user/:userId`: the user, its role and post ids, and the form's options. */
  detail: okEnvelope(ZUserRow).extend({
    roleIds: z.array(z.number().int()),
    postIds: z.array(z.number().int()),
    ...formOptions,
  }),
  added: okEnvelope(z.object({ userId: z.number().int() })),
  done: zOkEmpty,
  authRole: zOkEmpty.extend({
    user: ZUserRow.pick({
      userId: true,
      userName: true,
      nickName: true,
      nickNameEn: true,
      nickNameTh: true,
      deptId: true,
      status: true,
    }),
    roles: z.array(ZUserAuthRoleOption),
  }),
  imported: okEnvelope(z.object({ created: z.number().int(), updated: z.number().int() })),
} as const;

/** The signed-in user's public shape (`getInfo`'s `user`, the profile's `data`): names in the three languages. */
export const ZPublicUser = ZUserIdentity.extend({
  avatar: z.string(),
  lang: z.string(),
  dept: z
    .object({ deptId: z.number().int(), deptName: z.string(), deptNameEn: z.string(), deptNameTh: z.string() })
    .nullable(),
});

/** Answers of the session user (`/system/user/getInfo`) and the personal centre (`/system/user/profile...`). */
export const USER_SELF_ANSWERS = {
  getInfo: zOkEmpty.extend({
    user: ZPublicUser,
    roles: z.array(z.string()),
    permissions: z.array(z.string()),
    isFeeRole: z.boolean(),
    mustChangePassword: z.boolean(),
    timezone: z.string(),
  }),
  profile: okEnvelope(ZPublicUser).extend({ roleGroup: z.string(), postGroup: z.string() }),
  done: zOkEmpty,
  avatar: zOkEmpty.extend({ imgUrl: z.string() }),
} as const;

/** Wire types (timestamps as ISO text) for the web. */
export type TUserRow = TWire<typeof ZUserRow>;
export type TUserRole = TWire<typeof ZUserRole>;
export type TUserRoleOption = TWire<typeof ZUserRoleOption>;
export type TUserAuthRoleOption = TWire<typeof ZUserAuthRoleOption>;
export type TUserPostOption = TWire<typeof ZUserPostOption>;
export type TDeptTreeNode = TWire<typeof ZDeptTreeNode>;
export type TUserDetailAnswer = TWire<typeof USER_ANSWERS.detail>;
export type TUserAuthRoleAnswer = TWire<typeof USER_ANSWERS.authRole>;
export type TUserOptionsAnswer = TWire<typeof USER_ANSWERS.options>;
export type TPublicUser = TWire<typeof ZPublicUser>;
export type TGetInfoAnswer = TWire<typeof USER_SELF_ANSWERS.getInfo>;
export type TProfileAnswer = TWire<typeof USER_SELF_ANSWERS.profile>;
