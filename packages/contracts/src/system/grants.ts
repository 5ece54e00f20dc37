import { BUILTIN_ADMIN_ROLE_ID, hasPermission } from '../common/permissions';
import type { TDataScope } from './role.schemas';

/**
 * Nobody grants more than they hold (issue 11 item 1). Pure rules, used by the server on every route that gives
 * roles, menus, data scopes or departments, and by the web to offer only what may be granted.
 *
 * - A role may be given (to a user, or to users from the role's side) only when its menus are all menus of the
 *   granter's enabled roles and what it lets its holder see lies within what the granter sees. A role with 'all
 *   data' (scope 1) and the administrator role are given by administrators only.
 * - A data scope may be set only within the granter's own: 'all data' by administrators only; custom departments
 *   (2) inside the granter's reach; 'own department' (3) and 'own department and below' (4) count for every holder
 *   of the role: the holder's department (and, for 4, everything below it) inside the granter's reach.
 * - Menus given to a role: a subset of the granter's menus, and only to a role whose scope (for its holders) lies
 *   within the granter's reach. A menu's permission string may be set (or the menu switched on) only to a
 *   permission the granter holds.
 * - A user's department: inside the granter's reach; moving a user also moves what their 'own department (and
 *   below)' roles show, so those must stay within the granter's reach too. A department moved under another one
 *   must lie, with everything below it, inside the granter's reach.
 * - Nobody changes their own roles.
 * Taking something away is not a grant: removing roles, menus or departments is refused only for oneself and for
 * the administrator (other rules). Administrators (the admin role) grant everything.
 */

/** Every live department's ancestors (`sys_dept.ancestors`, root first, without 0 and itself). */
export type TDeptIndex = ReadonlyMap<number, readonly number[]>;

export function deptIndexOf(rows: readonly { deptId: number; ancestors: string }[]): TDeptIndex {
  return new Map(
    rows.map((r) => [
      r.deptId,
      r.ancestors
        .split(',')
        .map(Number)
        .filter((id) => id > 0),
    ]),
  );
}

/** A department and every department below it (live ones). */
export function subtreeOf(index: TDeptIndex, deptId: number): number[] {
  const out: number[] = [];
  for (const [id, ancestors] of index) if (id === deptId || ancestors.includes(deptId)) out.push(id);
  return out;
}

/** What someone may see: every department, or these (rows of their own, scope 5, come on top and grant nothing). */
export interface TReach {
  all: boolean;
  depts: ReadonlySet<number>;
}

export interface TScopedRole {
  dataScope: TDataScope;
  /** custom departments, for scope 2 */
  deptIds: readonly number[];
}

/** The departments one scope shows a holder of department `holderDeptId` ('all' for scope 1). */
export function scopeDepts(scope: TScopedRole, holderDeptId: number | null, index: TDeptIndex): number[] | 'all' {
  switch (scope.dataScope) {
    case '1':
      return 'all';
    case '2':
      return [...scope.deptIds];
    case '3':
      return holderDeptId === null ? [] : [holderDeptId];
    case '4':
      return holderDeptId === null ? [] : subtreeOf(index, holderDeptId);
    default:
      return [];
  }
}

/** The reach of a holder's roles (the same reading as the server's data-scope filter). */
export function reachOf(roles: readonly TScopedRole[], holderDeptId: number | null, index: TDeptIndex): TReach {
  const depts = new Set<number>();
  for (const role of roles) {
    const shown = scopeDepts(role, holderDeptId, index);
    if (shown === 'all') return { all: true, depts };
    for (const id of shown) depts.add(id);
  }
  return { all: false, depts };
}

export function withinReach(reach: TReach, depts: readonly number[] | 'all'): boolean {
  if (reach.all) return depts !== 'all';
  return depts !== 'all' && depts.every((id) => reach.depts.has(id));
}

export interface TGranter {
  userId: number;
  /** holds the admin role: grants everything */
  isAdmin: boolean;
  /** menus of the granter's enabled roles (null for administrators: every menu) */
  menuIds: ReadonlySet<number> | null;
  reach: TReach;
}

export interface TGrantRole extends TScopedRole {
  roleId: number;
  menuIds: readonly number[];
}

export type TGrantRefusalKey =
  | 'err_admin_role_grant'
  | 'err_grant_beyond_own'
  | 'err_grant_all_data'
  | 'err_grant_scope_beyond_own'
  | 'err_grant_role_menus'
  | 'err_grant_role_all_data'
  | 'err_grant_role_scope'
  | 'err_grant_own_roles'
  | 'err_grant_dept_beyond_own'
  | 'err_grant_perms_beyond_own'
  | 'err_grant_role_wider';

export interface TGrantRefusal {
  key: TGrantRefusalKey;
  /** the role concerned (messages name it) */
  roleId?: number;
}

/** Menus given to a role: only menus the granter holds. */
export function menusRefusal(granter: TGranter, menuIds: readonly number[]): TGrantRefusal | null {
  if (granter.isAdmin || granter.menuIds === null) return null;
  const own = granter.menuIds;
  return menuIds.every((id) => own.has(id)) ? null : { key: 'err_grant_beyond_own' };
}

/**
 * A data scope set on a role whose holders are in `holderDeptIds` (future holders are checked when they get the
 * role): 'all data' only by administrators, anything else within the granter's reach for every holder.
 */
export function scopeRefusal(
  granter: TGranter,
  scope: TScopedRole,
  holderDeptIds: readonly (number | null)[],
  index: TDeptIndex,
): TGrantRefusal | null {
  if (granter.isAdmin) return null;
  if (scope.dataScope === '1') return { key: 'err_grant_all_data' };
  const holders = scope.dataScope === '2' ? [null] : holderDeptIds;
  for (const deptId of holders)
    if (!withinReach(granter.reach, scopeDepts(scope, deptId, index))) return { key: 'err_grant_scope_beyond_own' };
  return null;
}

/** A role given to holders in `holderDeptIds` (one user, or the users picked on the role's side). */
export function roleGrantRefusal(
  granter: TGranter,
  role: TGrantRole,
  holderDeptIds: readonly (number | null)[],
  index: TDeptIndex,
): TGrantRefusal | null {
  if (granter.isAdmin) return null;
  const roleId = role.roleId;
  if (roleId === BUILTIN_ADMIN_ROLE_ID) return { key: 'err_admin_role_grant', roleId };
  if (menusRefusal(granter, role.menuIds)) return { key: 'err_grant_role_menus', roleId };
  const scope = scopeRefusal(granter, role, holderDeptIds, index);
  if (scope)
    return { key: scope.key === 'err_grant_all_data' ? 'err_grant_role_all_data' : 'err_grant_role_scope', roleId };
  return null;
}

/**
 * Menus added to a role reach every holder of the role, with the role's data scope: only the granter's own menus,
 * and only to a role that shows its holders nothing outside the granter's reach (else the granter's menus would
 * act on data the granter cannot see, through someone else).
 */
export function roleMenusRefusal(
  granter: TGranter,
  role: TScopedRole & { roleId: number },
  added: readonly number[],
  holderDeptIds: readonly (number | null)[],
  index: TDeptIndex,
): TGrantRefusal | null {
  if (granter.isAdmin || !added.length) return null;
  const menus = menusRefusal(granter, added);
  if (menus) return menus;
  return scopeRefusal(granter, role, holderDeptIds, index)
    ? { key: 'err_grant_role_wider', roleId: role.roleId }
    : null;
}

/** The roles a user change adds and removes. */
export function roleChanges(current: readonly number[], wanted: readonly number[]) {
  const before = new Set(current);
  const after = new Set(wanted);
  return {
    added: [...after].filter((id) => !before.has(id)),
    removed: [...before].filter((id) => !after.has(id)),
  };
}

/** Nobody changes their own roles (administrators included: another administrator does it). */
export function ownRolesRefusal(
  granter: Pick<TGranter, 'userId'>,
  userId: number,
  current: readonly number[],
  wanted: readonly number[],
): TGrantRefusal | null {
  if (userId !== granter.userId) return null;
  const { added, removed } = roleChanges(current, wanted);
  return added.length || removed.length ? { key: 'err_grant_own_roles' } : null;
}

/**
 * A user put into department `deptId` holding `roles` (after the change): the department inside the granter's
 * reach, and every 'own department (and below)' role showing the holder nothing outside it.
 */
export function userDeptRefusal(
  granter: TGranter,
  deptId: number | null,
  roles: readonly (TScopedRole & { roleId: number })[],
  index: TDeptIndex,
): TGrantRefusal | null {
  if (granter.isAdmin) return null;
  if (deptId !== null && !withinReach(granter.reach, [deptId])) return { key: 'err_grant_dept_beyond_own' };
  for (const role of roles) {
    if (role.dataScope !== '3' && role.dataScope !== '4') continue;
    if (!withinReach(granter.reach, scopeDepts(role, deptId, index)))
      return { key: 'err_grant_role_scope', roleId: role.roleId };
  }
  return null;
}

/** A department moved under `parentId`: the department, everything below it and the new parent inside the reach. */
export function deptMoveRefusal(
  granter: TGranter,
  deptId: number,
  parentId: number,
  index: TDeptIndex,
): TGrantRefusal | null {
  if (granter.isAdmin) return null;
  return withinReach(granter.reach, [...subtreeOf(index, deptId), parentId])
    ? null
    : { key: 'err_grant_dept_beyond_own' };
}

/**
 * A menu's permission string as saved (`before`: the stored menu, null for a new one): a menu that grants a
 * permission once saved (enabled, with perms) grants only one the granter holds, unless it already did so.
 */
export function menuPermsRefusal(
  granter: { isAdmin: boolean; permissions: ReadonlySet<string> | readonly string[] },
  before: { perms: string; status: string } | null,
  after: { perms: string; status: string },
): TGrantRefusal | null {
  if (granter.isAdmin) return null;
  const perms = after.perms.trim();
  if (!perms || after.status !== '0') return null;
  if (before && before.perms.trim() === perms && before.status === '0') return null;
  return hasPermission(granter.permissions, perms) ? null : { key: 'err_grant_perms_beyond_own' };
}
