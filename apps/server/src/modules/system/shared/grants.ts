import {
  deptIndexOf,
  deptMoveRefusal,
  menuPermsRefusal,
  ownRolesRefusal,
  reachOf,
  roleChanges,
  roleGrantRefusal,
  roleMenusRefusal,
  scopeRefusal,
  type TDataScope,
  type TDeptIndex,
  type TGranter,
  type TGrantRefusal,
  type TGrantRole,
  type TLanguage,
  type TScopedRole,
  userDeptRefusal,
} from '@theone/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import { sysDept } from '../dept/dept.table';
import { callerMenuIds } from '../menu/menu.service';
import { sysRole, sysRoleDept, sysRoleMenu } from '../role/role.table';
import { sysUser, sysUserRole } from '../user/user.table';
import { localizedName, ROLE_NAME } from './localized';

/**
 * The server side of 'nobody grants more than they hold' (contracts system/grants.ts, issue 11 item 1): loads what
 * the rules need (the caller's menus and reach, the department tree, the roles concerned, their holders) and
 * throws a translated 403 naming the role. One `Grants` per request; every route that gives roles, menus, data
 * scopes or departments goes through it.
 */
export interface GrantRole extends TGrantRole {
  roleName: string;
  status: string;
}

export class Grants {
  private readonly roleCache = new Map<number, GrantRole>();

  private constructor(
    private readonly db: DbOrTx,
    readonly auth: AuthContext,
    readonly lang: TLanguage,
    readonly granter: TGranter,
    readonly index: TDeptIndex,
  ) {}

  static async load(db: DbOrTx, auth: AuthContext, lang: TLanguage): Promise<Grants> {
    const depts = await db
      .select({ deptId: sysDept.deptId, ancestors: sysDept.ancestors })
      .from(sysDept)
      .where(eq(sysDept.delFlag, '0'));
    const index = deptIndexOf(depts);
    if (auth.isAdmin) {
      const granter = {
        userId: auth.userId,
        isAdmin: true,
        menuIds: null,
        reach: { all: true, depts: new Set<number>() },
      };
      return new Grants(db, auth, lang, granter, index);
    }
    const customIds = auth.roles.filter((r) => r.dataScope === '2').map((r) => r.roleId);
    const custom = customIds.length
      ? await db.select().from(sysRoleDept).where(inArray(sysRoleDept.roleId, customIds))
      : [];
    const scopes: TScopedRole[] = auth.roles.map((r) => ({
      dataScope: r.dataScope,
      deptIds: custom.filter((c) => c.roleId === r.roleId).map((c) => c.deptId),
    }));
    const granter: TGranter = {
      userId: auth.userId,
      isAdmin: false,
      menuIds: await callerMenuIds(db, auth),
      reach: reachOf(scopes, auth.deptId, index),
    };
    return new Grants(db, auth, lang, granter, index);
  }

  /** Roles with their scope, custom departments and menus (live ones; unknown ids are left out). */
  async roles(roleIds: readonly number[]): Promise<Map<number, GrantRole>> {
    const missing = [...new Set(roleIds)].filter((id) => !this.roleCache.has(id));
    if (missing.length) {
      const [rows, depts, menus] = await Promise.all([
        this.db
          .select({
            roleId: sysRole.roleId,
            roleName: localizedName(ROLE_NAME, this.lang),
            dataScope: sysRole.dataScope,
            status: sysRole.status,
          })
          .from(sysRole)
          .where(and(inArray(sysRole.roleId, missing), eq(sysRole.delFlag, '0'))),
        this.db.select().from(sysRoleDept).where(inArray(sysRoleDept.roleId, missing)),
        this.db.select().from(sysRoleMenu).where(inArray(sysRoleMenu.roleId, missing)),
      ]);
      for (const r of rows)
        this.roleCache.set(r.roleId, {
          ...r,
          dataScope: r.dataScope as TDataScope,
          deptIds: depts.filter((d) => d.roleId === r.roleId).map((d) => d.deptId),
          menuIds: menus.filter((m) => m.roleId === r.roleId).map((m) => m.menuId),
        });
    }
    const out = new Map<number, GrantRole>();
    for (const id of roleIds) {
      const role = this.roleCache.get(id);
      if (role) out.set(id, role);
    }
    return out;
  }

  /** Departments of a role's live holders (distinct; null for holders without one). */
  async holderDepts(roleId: number): Promise<(number | null)[]> {
    const rows = await this.db
      .selectDistinct({ deptId: sysUser.deptId })
      .from(sysUserRole)
      .innerJoin(sysUser, and(eq(sysUser.userId, sysUserRole.userId), eq(sysUser.delFlag, '0')))
      .where(eq(sysUserRole.roleId, roleId));
    return rows.map((r) => r.deptId);
  }

  /** The first role of `roleIds` the caller may not give to holders in `holderDeptIds`, or null. */
  async roleRefusal(roleIds: readonly number[], holderDeptIds: readonly (number | null)[]) {
    if (this.granter.isAdmin) return null;
    const roles = await this.roles(roleIds);
    for (const role of roles.values()) {
      const refusal = roleGrantRefusal(this.granter, role, holderDeptIds, this.index);
      if (refusal) return refusal;
    }
    return null;
  }

  /** Whether the caller may give each role to a holder in `deptId` (role pickers). */
  async grantable(roleIds: readonly number[], deptId: number | null | undefined): Promise<Set<number>> {
    await this.roles(roleIds);
    const out = new Set<number>();
    for (const id of roleIds) if (!(await this.roleRefusal([id], deptId === undefined ? [] : [deptId]))) out.add(id);
    return out;
  }

  /** Throws 403 unless the caller may give every role to holders in these departments. */
  async assertRoles(roleIds: readonly number[], holderDeptIds: readonly (number | null)[]) {
    const refusal = await this.roleRefusal(roleIds, holderDeptIds);
    if (refusal) await this.refuse(refusal);
  }

  /**
   * A user's roles set to `wanted` (from `current`) while the user is (or goes) in `deptId`: nobody changes their
   * own; added roles must be grantable for that department; on a department change every role the user keeps
   * that follows the department ('own department (and below)') must stay within the caller's reach.
   */
  async assertUserRoles(
    user: { userId: number; deptId: number | null },
    current: readonly number[],
    wanted: readonly number[],
    deptId: number | null = user.deptId,
  ) {
    const own = ownRolesRefusal(this.granter, user.userId, current, wanted);
    if (own) await this.refuse(own);
    const { added } = roleChanges(current, wanted);
    await this.assertRoles(added, [deptId]);
    if (deptId !== user.deptId) await this.assertUserDept(deptId, wanted);
  }

  /** Why a user (with `roleIds` after the change) may not be put into `deptId`, or null. */
  async userDeptRefusal(deptId: number | null, roleIds: readonly number[]): Promise<TGrantRefusal | null> {
    if (this.granter.isAdmin) return null;
    const roles = await this.roles(roleIds);
    return userDeptRefusal(this.granter, deptId, [...roles.values()], this.index);
  }

  /** A user (with `roleIds` after the change) put into `deptId`. */
  async assertUserDept(deptId: number | null, roleIds: readonly number[]) {
    const refusal = await this.userDeptRefusal(deptId, roleIds);
    if (refusal) await this.refuse(refusal);
  }

  /** Nobody takes roles from, or gives roles to, themselves from the role's side either. */
  async assertNotSelf(userIds: readonly number[]) {
    if (userIds.includes(this.auth.userId)) await this.refuse({ key: 'err_grant_own_roles' });
  }

  /** A data scope set on a role (no change is no grant). */
  async assertScope(roleId: number, scope: TScopedRole) {
    if (this.granter.isAdmin) return;
    const [current] = [...(await this.roles([roleId])).values()];
    if (current && sameScope(current, scope)) return;
    const refusal = scopeRefusal(this.granter, scope, await this.holderDepts(roleId), this.index);
    if (refusal) await this.refuse(refusal);
  }

  /** A role switched on gives its menus (`menuIds`: as saved with it) and scope to every holder again. */
  async assertEnable(roleId: number, menuIds?: readonly number[]) {
    if (this.granter.isAdmin) return;
    const role = (await this.roles([roleId])).get(roleId);
    if (!role) return;
    const saved = menuIds ? { ...role, menuIds } : role;
    const refusal = roleGrantRefusal(this.granter, saved, await this.holderDepts(roleId), this.index);
    if (refusal) await this.refuse(refusal);
  }

  /**
   * Departments whose users the caller may give the role to: 'any' when the role's reach does not follow the
   * holder's department, else the list (empty when the role cannot be given at all).
   */
  async grantableDepts(roleId: number): Promise<'any' | number[]> {
    if (this.granter.isAdmin) return 'any';
    if (await this.roleRefusal([roleId], [])) return [];
    const role = (await this.roles([roleId])).get(roleId);
    if (!role || (role.dataScope !== '3' && role.dataScope !== '4')) return 'any';
    return [...this.index.keys()].filter((d) => !roleGrantRefusal(this.granter, role, [d], this.index));
  }

  /** The data scopes the caller may set on a role with its current holders (the scope dialog's options). */
  async grantableScopes(roleId: number): Promise<TDataScope[]> {
    const scopes: TDataScope[] = ['1', '2', '3', '4', '5'];
    if (this.granter.isAdmin) return scopes;
    const holders = await this.holderDepts(roleId);
    // custom departments: the dialog's tree offers only the caller's own departments
    return scopes.filter(
      (s) => s === '2' || !scopeRefusal(this.granter, { dataScope: s, deptIds: [] }, holders, this.index),
    );
  }

  /** A role saved with `menuIds`: the menus it gains are the caller's own and its holders within reach. */
  async assertRoleMenus(roleId: number, menuIds: readonly number[]) {
    if (this.granter.isAdmin) return;
    const role = (await this.roles([roleId])).get(roleId);
    if (!role) return;
    const { added } = roleChanges(role.menuIds, menuIds);
    if (!added.length) return;
    const refusal = roleMenusRefusal(this.granter, role, added, await this.holderDepts(roleId), this.index);
    if (refusal) await this.refuse(refusal);
  }

  /** A department moved under `parentId`. */
  async assertDeptMove(deptId: number, parentId: number) {
    const refusal = deptMoveRefusal(this.granter, deptId, parentId, this.index);
    if (refusal) await this.refuse(refusal);
  }

  /**
   * Acting as a user (resetting their password) is taking their rights: only for users whose every role the
   * caller could give them.
   */
  async assertMayActAs(user: { userId: number; deptId: number | null }) {
    if (this.granter.isAdmin || user.userId === this.auth.userId) return;
    const held = await this.db
      .select({ roleId: sysUserRole.roleId })
      .from(sysUserRole)
      .where(eq(sysUserRole.userId, user.userId));
    const refusal = await this.roleRefusal(
      held.map((r) => r.roleId),
      [user.deptId],
    );
    if (refusal) throw new AppError('FORBIDDEN', 'err_manage_wider_user', await this.params(refusal));
  }

  /** The message parameters of a refusal (the role's name in the reader's language). */
  async params(refusal: TGrantRefusal): Promise<Record<string, unknown>> {
    if (refusal.roleId === undefined) return {};
    const role = (await this.roles([refusal.roleId])).get(refusal.roleId);
    return { name: role?.roleName ?? String(refusal.roleId) };
  }

  async refuse(refusal: TGrantRefusal): Promise<never> {
    throw new AppError('FORBIDDEN', refusal.key, await this.params(refusal));
  }
}

function sameScope(a: TScopedRole, b: TScopedRole): boolean {
  if (a.dataScope !== b.dataScope) return false;
  if (a.dataScope !== '2') return true;
  const x = new Set(a.deptIds);
  const y = new Set(b.deptIds);
  return x.size === y.size && [...x].every((id) => y.has(id));
}

/** A menu saved with `after` (`before`: as stored; null for a new menu). */
export function assertMenuPerms(
  auth: AuthContext,
  before: { perms: string; status: string } | null,
  after: { perms: string; status: string },
) {
  const refusal = menuPermsRefusal(auth, before, after);
  if (refusal) throw new AppError('FORBIDDEN', refusal.key);
}
