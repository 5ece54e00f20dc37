import { z } from 'zod';
import { zCodeFilter, zIntFilter, zPageQuery, zTextFilter } from '../common/page';
import { createEditBodies, zBodyId, zIdList, zName, zNames, zRemark, zSort, zStatus, zVersion } from './common';

/** 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 self only. */
export const DATA_SCOPES = ['1', '2', '3', '4', '5'] as const;
export type TDataScope = (typeof DATA_SCOPES)[number];
/**
 * The data scope of a new role: its holders see their own department and below until an administrator sets the
 * scope ('Data scope' of the role list). The role dialog shows it (issue 10 item 9: it was applied without a word).
 */
export const NEW_ROLE_DATA_SCOPE: TDataScope = '4';

export const ZRoleQuery = zPageQuery(['createTime', 'roleSort', 'roleId'], {
  roleName: zTextFilter(60),
  roleKey: zTextFilter(100),
  status: zCodeFilter(['0', '1']),
});
export type TRoleQuery = z.infer<typeof ZRoleQuery>;

/** Role key: the string role checks use ('admin', 'sales'). Letters first, then letters, digits, _ - : */
export const zRoleKey = zName(100).regex(/^[A-Za-z][A-Za-z0-9_:-]*$/, 'err_role_key');

const roleFields = {
  ...zNames('roleName', 30, 60),
  roleKey: zRoleKey,
  roleSort: zSort,
  status: zStatus.default('0'),
  menuIds: zIdList(5000).default([]),
  menuCheckStrictly: z.boolean().default(true),
  deptCheckStrictly: z.boolean().default(true),
  remark: zRemark,
};

/** POST /system/role (a new role sees its own department and below until its data scope is set), PUT /system/role. */
export const { create: ZRoleCreate, edit: ZRoleEdit } = createEditBodies('roleId', roleFields);
export type TRoleCreate = z.input<typeof ZRoleCreate>;
export type TRoleEdit = z.input<typeof ZRoleEdit>;

/** PUT /system/role/dataScope: `deptIds` only for scope 2. */
export const ZRoleDataScope = z
  .object({
    roleId: zBodyId,
    version: zVersion.optional(),
    dataScope: z.enum(DATA_SCOPES),
    deptIds: zIdList(2000).default([]),
    deptCheckStrictly: z.boolean().optional(),
  })
  .strict();
export type TRoleDataScope = z.input<typeof ZRoleDataScope>;

export const ZRoleChangeStatus = z.object({ roleId: zBodyId, status: zStatus, version: zVersion.optional() }).strict();

/** GET /system/role/authUser/allocatedList and unallocatedList */
export const ZAuthUserQuery = zPageQuery(['createTime', 'userId'], {
  roleId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
  userName: zTextFilter(30),
  phonenumber: zTextFilter(20),
  deptId: zIntFilter,
});
export type TAuthUserQuery = z.infer<typeof ZAuthUserQuery>;

/** PUT /system/role/authUser/cancel */
export const ZAuthUserCancel = z.object({ roleId: zBodyId, userId: zBodyId }).strict();
/** PUT /system/role/authUser/cancelAll and selectAll */
export const ZAuthUserBatch = z
  .object({ roleId: zBodyId, userIds: zIdList(500).min(1, 'msg_select_data_first') })
  .strict();
