import type { TDeptCreate, TMenuCreate, TRoleCreate, TUserCreate } from '@theone/contracts/system/index';
import type {
  TUserAuthRoleAnswer,
  TUserAuthRoleOption,
  TUserDetailAnswer,
  TUserOptionsAnswer,
  TUserPostOption,
  TUserRole,
  TUserRow,
} from '@theone/contracts/system/user.responses';
import { createQueryKeys, shellKeys } from '../../lib/query-keys';
import { type Envelope, getData, request } from '../../lib/request';

/**
 * System administration (/system, issue 4): query keys, row types and the REST calls of RuoYi-Cloud
 * (GET list and /{id}, POST create, PUT update, DELETE /{ids}). Bodies follow the contracts' schemas.
 * Records carry their names in three languages (`roleName`, `roleNameEn`, `roleNameTh`; show them with
 * `useLocalName`); names of other records (a user's roles and department, options, trees) come in the
 * interface language (docs/adr/0007-system-names-in-three-languages.md).
 */
export const userKeys = createQueryKeys('system/user');
export const roleKeys = createQueryKeys('system/role');
export const menuKeys = createQueryKeys('system/menu');
export const deptKeys = createQueryKeys('system/dept');
export const postKeys = createQueryKeys('system/post');
export const dictTypeKeys = createQueryKeys('system/dictType');
export const dictDataKeys = createQueryKeys('system/dictData');
export const configKeys = createQueryKeys('system/config');
export const operlogKeys = createQueryKeys('system/operlog');
export const logininforKeys = createQueryKeys('system/logininfor');

/** Queries other screens cache that a system change makes stale. */
export const SHELL_DEPT_TREE = shellKeys.deptTree;
export const dictCacheKey = shellKeys.dict;

export type Status = '0' | '1';

/**
 * A role of a user (list, detail) or a role option of the user form and role assignment (`createTime`,
 * `grantable`: false = held, shown, not changeable; `flag`: held): the server's declared answers (contracts).
 */
export type TRoleRef = TUserRole & Partial<Pick<TUserAuthRoleOption, 'createTime' | 'flag' | 'grantable'>>;

export type TPostRef = TUserPostOption;

/** A user row (list) and the detail's `data`: the server's declared answer (contracts). */
export type TUser = TUserRow;

/** `GET /system/user/{id}` without the envelope's code and message. */
export type TUserDetail = Omit<TUserDetailAnswer, 'code' | 'msg'>;

export interface TRole {
  roleId: number;
  roleName: string;
  roleNameEn: string;
  roleNameTh: string;
  roleKey: string;
  roleSort: number;
  dataScope: '1' | '2' | '3' | '4' | '5';
  menuCheckStrictly: boolean;
  deptCheckStrictly: boolean;
  status: Status;
  createTime: string;
  remark: string;
  version: number;
}

export interface TTreeNode {
  id: number;
  label: string;
  menuType?: string;
  disabled?: boolean;
  children?: TTreeNode[];
}

export interface TMenu {
  menuId: number;
  menuName: string;
  titleKey: string;
  title: string;
  parentId: number;
  orderNum: number;
  path: string;
  component: string;
  query: string;
  redirect: string;
  isFrame: boolean;
  isCache: boolean;
  menuType: 'M' | 'C' | 'F';
  visible: Status;
  status: Status;
  perms: string;
  icon: string;
  createTime: string;
  remark: string;
  version: number;
  children?: TMenu[];
}

export interface TDept {
  deptId: number;
  parentId: number;
  ancestors: string;
  deptName: string;
  deptNameEn: string;
  deptNameTh: string;
  orderNum: number;
  leader: string;
  phone: string;
  email: string;
  status: Status;
  createTime: string;
  version: number;
  children?: TDept[];
}

export interface TPost extends TPostRef {
  postNameEn: string;
  postNameTh: string;
  postSort: number;
  createTime: string;
  remark: string;
  version: number;
}

export interface TDictType {
  dictId: number;
  dictName: string;
  dictNameEn: string;
  dictNameTh: string;
  dictType: string;
  status: Status;
  createTime: string;
  remark: string;
  version: number;
}

export interface TDictData {
  dictCode: number;
  dictSort: number;
  dictLabel: string;
  dictLabelEn: string;
  dictLabelTh: string;
  dictValue: string;
  dictType: string;
  cssClass: string;
  listClass: string;
  isDefault: 'Y' | 'N';
  status: Status;
  createTime: string;
  remark: string;
  version: number;
}

export interface TConfig {
  configId: number;
  configName: string;
  configNameEn: string;
  configNameTh: string;
  configKey: string;
  configValue: string;
  configType: 'Y' | 'N';
  createTime: string;
  remark: string;
  remarkEn: string;
  remarkTh: string;
  version: number;
}

export interface TOperlog {
  operId: number;
  title: string;
  titleLabel: string;
  businessType: number;
  method: string;
  requestMethod: string;
  operName: string;
  deptName: string;
  operUrl: string;
  operIp: string;
  operLocation: string;
  operParam?: string;
  jsonResult?: string;
  status: number;
  errorMsg: string;
  operTime: string;
  costTime: number;
}

export interface TLogininfor {
  infoId: number;
  userName: string;
  ipaddr: string;
  loginLocation: string;
  browser: string;
  os: string;
  status: Status;
  msg: string;
  loginTime: string;
}

/** The two logs: operations and sign-ins. */
export type TLogName = 'operlog' | 'logininfor';

const ids = (list: readonly (number | string)[]) => list.join(',');

export const systemApi = {
  // users
  user: (userId: number) => request.get<TUserDetailAnswer>(`/system/user/${userId}`),
  userOptions: () => request.get<TUserOptionsAnswer>('/system/user'),
  addUser: (body: TUserCreate) => request.post<Envelope<{ userId: number }>>('/system/user', body),
  editUser: (body: Omit<TUserCreate, 'userName' | 'password'> & { userId: number; version: number }) =>
    request.put<Envelope>('/system/user', body),
  deleteUsers: (userIds: readonly number[], config?: object) =>
    request.delete<Envelope>(`/system/user/${ids(userIds)}`, config),
  resetPwd: (userId: number, password: string) => request.put<Envelope>('/system/user/resetPwd', { userId, password }),
  changeUserStatus: (userId: number, status: Status, config?: object) =>
    request.put<Envelope>('/system/user/changeStatus', { userId, status }, config),
  authRole: (userId: number) => request.get<TUserAuthRoleAnswer>(`/system/user/authRole/${userId}`),
  saveAuthRole: (userId: number, roleIds: number[]) =>
    request.put<Envelope>('/system/user/authRole', { userId, roleIds }),
  unbind: (appType: string, userId: number) => request.delete<Envelope>(`/system/user/unbind/${appType}/${userId}`),
  deptTree: () => getData<TTreeNode[]>('/system/user/deptTree'),

  // roles
  role: (roleId: number) => getData<TRole>(`/system/role/${roleId}`),
  addRole: (body: TRoleCreate) => request.post<Envelope>('/system/role', body),
  editRole: (body: TRoleCreate & { roleId: number; version: number }) => request.put<Envelope>('/system/role', body),
  deleteRoles: (roleIds: readonly number[], config?: object) =>
    request.delete<Envelope>(`/system/role/${ids(roleIds)}`, config),
  changeRoleStatus: (roleId: number, status: Status, config?: object) =>
    request.put<Envelope>('/system/role/changeStatus', { roleId, status }, config),
  dataScope: (body: { roleId: number; dataScope: string; deptIds: number[]; deptCheckStrictly: boolean }) =>
    request.put<Envelope>('/system/role/dataScope', body),
  roleMenuTree: (roleId: number) =>
    request.get<Envelope & { menus: TTreeNode[]; checkedKeys: number[] }>(`/system/menu/roleMenuTreeselect/${roleId}`),
  menuTree: () => getData<TTreeNode[]>('/system/menu/treeselect'),
  roleDeptTree: (roleId: number) =>
    request.get<Envelope & { depts: TTreeNode[]; checkedKeys: number[]; scopes?: string[] }>(
      `/system/role/deptTree/${roleId}`,
    ),
  cancelAuthUser: (roleId: number, userId: number, config?: object) =>
    request.put<Envelope>('/system/role/authUser/cancel', { roleId, userId }, config),
  cancelAuthUsers: (roleId: number, userIds: number[], config?: object) =>
    request.put<Envelope>('/system/role/authUser/cancelAll', { roleId, userIds }, config),
  selectAuthUsers: (roleId: number, userIds: number[]) =>
    request.put<Envelope>('/system/role/authUser/selectAll', { roleId, userIds }),

  // menus
  menus: (params?: object) => getData<TMenu[]>('/system/menu/list', params),
  menu: (menuId: number) => getData<TMenu>(`/system/menu/${menuId}`),
  addMenu: (body: TMenuCreate) => request.post<Envelope>('/system/menu', body),
  editMenu: (body: TMenuCreate & { menuId: number; version: number }) => request.put<Envelope>('/system/menu', body),
  deleteMenu: (menuId: number, config?: object) => request.delete<Envelope>(`/system/menu/${menuId}`, config),

  // departments
  depts: (params?: object) => getData<TDept[]>('/system/dept/list', params),
  deptsExcluding: (deptId: number) => getData<TDept[]>(`/system/dept/list/exclude/${deptId}`),
  addDept: (body: TDeptCreate) => request.post<Envelope>('/system/dept', body),
  editDept: (body: Omit<TDeptCreate, 'parentId'> & { parentId: number; deptId: number; version: number }) =>
    request.put<Envelope>('/system/dept', body),
  deleteDept: (deptId: number, config?: object) => request.delete<Envelope>(`/system/dept/${deptId}`, config),

  // dictionaries
  dictType: (dictId: number) => getData<TDictType>(`/system/dict/type/${dictId}`),
  dictTypeOptions: () => getData<TDictType[]>('/system/dict/type/optionselect'),
  refreshDictCache: () => request.delete<Envelope>('/system/dict/type/refreshCache'),

  // settings
  refreshConfigCache: () => request.delete<Envelope>('/system/config/refreshCache'),
  configValue: (key: string) => getData<string>(`/system/config/configKey/${encodeURIComponent(key)}`),

  // logs
  operlog: (operId: number) => getData<TOperlog>(`/system/operlog/${operId}`),
  deleteLogs: (log: TLogName, logIds: readonly number[], config?: object) =>
    request.delete<Envelope>(`/system/${log}/${ids(logIds)}`, config),
  cleanLog: (log: TLogName, config?: object) => request.delete<Envelope>(`/system/${log}/clean`, config),
  unlock: (infoId: number, config?: object) =>
    request.get<Envelope<{ userName: string; unlocked: boolean }>>(
      `/system/logininfor/unlock/${infoId}`,
      undefined,
      config,
    ),
};
