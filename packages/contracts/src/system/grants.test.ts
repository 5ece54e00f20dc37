import { describe, expect, it } from 'vitest';
import {
  deptIndexOf,
  deptMoveRefusal,
  menuPermsRefusal,
  menusRefusal,
  ownRolesRefusal,
  reachOf,
  roleChanges,
  roleGrantRefusal,
  roleMenusRefusal,
  scopeRefusal,
  subtreeOf,
  type TGranter,
  type TGrantRole,
  type TScopedRole,
  userDeptRefusal,
} from './grants';

/**
 * Head office 100; A 101 (A1 111, A2 112 below it, A2x 121 below A2); B 102 (B1 113).
 */
const index = deptIndexOf([
  { deptId: 100, ancestors: '0' },
  { deptId: 101, ancestors: '0,100' },
  { deptId: 111, ancestors: '0,100,101' },
  { deptId: 112, ancestors: '0,100,101' },
  { deptId: 121, ancestors: '0,100,101,112' },
  { deptId: 102, ancestors: '0,100' },
  { deptId: 113, ancestors: '0,100,102' },
]);
const scope = (dataScope: TScopedRole['dataScope'], deptIds: number[] = []): TScopedRole => ({ dataScope, deptIds });

/** A delegated manager in A with 'own department and below' and menus 1-10. */
const managerA: TGranter = {
  userId: 50,
  isAdmin: false,
  menuIds: new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
  reach: reachOf([scope('4')], 101, index),
};
const admin: TGranter = { userId: 1, isAdmin: true, menuIds: null, reach: { all: true, depts: new Set() } };
/** Sees every department (scope 1) but is no administrator. */
const seesAll: TGranter = { ...managerA, userId: 51, reach: reachOf([scope('1')], 102, index) };
/** Custom departments A and A2 only (not A1, not A2x). */
const custom: TGranter = { ...managerA, userId: 52, reach: reachOf([scope('2', [101, 112])], 101, index) };

const role = (over: Partial<TGrantRole>): TGrantRole => ({
  roleId: 7,
  dataScope: '5',
  deptIds: [],
  menuIds: [1, 2],
  ...over,
});

describe('department index and reach', () => {
  it('finds a subtree and reads scopes like the data-scope filter', () => {
    expect(subtreeOf(index, 101).sort()).toEqual([101, 111, 112, 121]);
    expect(subtreeOf(index, 113)).toEqual([113]);
    expect([...reachOf([scope('3')], 101, index).depts]).toEqual([101]);
    expect([...reachOf([scope('4')], 112, index).depts].sort()).toEqual([112, 121]);
    expect([...reachOf([scope('2', [102]), scope('3')], 111, index).depts].sort()).toEqual([102, 111]);
    expect(reachOf([scope('5'), scope('1')], null, index).all).toBe(true);
    expect(reachOf([scope('5')], 101, index).depts.size).toBe(0);
    expect(reachOf([scope('4')], null, index).depts.size).toBe(0);
  });
});

describe('giving a role', () => {
  it.each<[string, TGranter, Partial<TGrantRole>, (number | null)[], string | null]>([
    ['administrators give anything', admin, { roleId: 1, dataScope: '1', menuIds: [99] }, [113], null],
    ['the admin role: administrators only', seesAll, { roleId: 1, menuIds: [] }, [101], 'err_admin_role_grant'],
    ['menus all held', managerA, { menuIds: [1, 10] }, [101], null],
    ['a menu not held', managerA, { menuIds: [1, 11] }, [101], 'err_grant_role_menus'],
    ['all data: administrators only', managerA, { dataScope: '1' }, [101], 'err_grant_role_all_data'],
    ['all data even by someone who sees all', seesAll, { dataScope: '1' }, [101], 'err_grant_role_all_data'],
    ['own department, holder inside', managerA, { dataScope: '3' }, [111], null],
    ['own department, holder outside', managerA, { dataScope: '3' }, [102], 'err_grant_role_scope'],
    ['own and below, holder inside', managerA, { dataScope: '4' }, [112], null],
    ['own and below, one holder outside', managerA, { dataScope: '4' }, [112, 100], 'err_grant_role_scope'],
    ['own and below under a partial reach', custom, { dataScope: '4' }, [112], 'err_grant_role_scope'],
    ['own department under a partial reach', custom, { dataScope: '3' }, [112], null],
    ['custom departments inside', managerA, { dataScope: '2', deptIds: [101, 121] }, [], null],
    ['custom departments outside', managerA, { dataScope: '2', deptIds: [101, 102] }, [101], 'err_grant_role_scope'],
    ['self only: always within', custom, { dataScope: '5' }, [113], null],
    ['someone who sees all gives own and below', seesAll, { dataScope: '4' }, [100], null],
    ['a holder without department sees nothing more', managerA, { dataScope: '4' }, [null], null],
  ])('%s', (_name, granter, over, holders, expected) => {
    expect(roleGrantRefusal(granter, role(over), holders, index)?.key ?? null).toBe(expected);
  });

  it('names the role it refuses', () => {
    expect(roleGrantRefusal(managerA, role({ roleId: 9, menuIds: [12] }), [101], index)).toEqual({
      key: 'err_grant_role_menus',
      roleId: 9,
    });
  });
});

describe('setting a data scope', () => {
  it.each<[string, TGranter, TScopedRole, (number | null)[], string | null]>([
    ['all data by an administrator', admin, scope('1'), [102], null],
    ['all data by a manager', managerA, scope('1'), [], 'err_grant_all_data'],
    ['all data by someone who sees all', seesAll, scope('1'), [], 'err_grant_all_data'],
    ['custom inside', managerA, scope('2', [111, 112]), [102], null],
    ['custom outside', managerA, scope('2', [113]), [], 'err_grant_scope_beyond_own'],
    ['own and below for holders inside', managerA, scope('4'), [101, 111], null],
    ['own and below for a holder in B', managerA, scope('4'), [101, 113], 'err_grant_scope_beyond_own'],
    ['own department and below of a role nobody holds', managerA, scope('4'), [], null],
    ['self only', managerA, scope('5'), [113], null],
  ])('%s', (_name, granter, s, holders, expected) => {
    expect(scopeRefusal(granter, s, holders, index)?.key ?? null).toBe(expected);
  });
});

describe('menus and permissions', () => {
  it('gives only menus the granter holds', () => {
    expect(menusRefusal(managerA, [1, 2, 3])).toBeNull();
    expect(menusRefusal(managerA, [])).toBeNull();
    expect(menusRefusal(managerA, [3, 42])?.key).toBe('err_grant_beyond_own');
    expect(menusRefusal(admin, [42])).toBeNull();
  });

  it('a menu grants only a permission the granter holds', () => {
    const g = { isAdmin: false, permissions: new Set(['system:user:list', 'system:role:edit']) };
    const on = (perms: string, status = '0') => ({ perms, status });
    expect(menuPermsRefusal(g, null, on('system:user:list'))).toBeNull();
    expect(menuPermsRefusal(g, null, on('bus:fee:view'))?.key).toBe('err_grant_perms_beyond_own');
    expect(menuPermsRefusal(g, on('system:user:list'), on('bus:fee:view'))?.key).toBe('err_grant_perms_beyond_own');
    // switched on: a disabled menu granted nothing until now
    expect(menuPermsRefusal(g, on('bus:fee:view', '1'), on('bus:fee:view'))?.key).toBe('err_grant_perms_beyond_own');
    // unchanged, switched off or without permission: nothing granted
    expect(menuPermsRefusal(g, on('bus:fee:view'), on('bus:fee:view'))).toBeNull();
    expect(menuPermsRefusal(g, on('system:user:list'), on('bus:fee:view', '1'))).toBeNull();
    expect(menuPermsRefusal(g, on('bus:fee:view'), on(''))).toBeNull();
    expect(menuPermsRefusal({ isAdmin: true, permissions: [] }, null, on('bus:fee:view'))).toBeNull();
  });
});

describe('menus added to a role', () => {
  it('only own menus, and only to a role whose holders see nothing beyond the granter', () => {
    const sales = { roleId: 2, ...scope('5') };
    const wide = { roleId: 6, ...scope('1') };
    const below = { roleId: 9, ...scope('4') };
    expect(roleMenusRefusal(managerA, sales, [1, 2], [111, 113], index)).toBeNull();
    expect(roleMenusRefusal(managerA, sales, [42], [111], index)?.key).toBe('err_grant_beyond_own');
    expect(roleMenusRefusal(managerA, wide, [1], [113], index)).toEqual({ key: 'err_grant_role_wider', roleId: 6 });
    expect(roleMenusRefusal(managerA, below, [1], [112], index)).toBeNull();
    expect(roleMenusRefusal(managerA, below, [1], [112, 102], index)?.key).toBe('err_grant_role_wider');
    // nothing added (a rename, or menus taken away) is no grant
    expect(roleMenusRefusal(managerA, wide, [], [113], index)).toBeNull();
    expect(roleMenusRefusal(admin, wide, [42], [113], index)).toBeNull();
  });
});

describe("a user's roles and department", () => {
  it('nobody changes their own roles; reordering is no change', () => {
    expect(ownRolesRefusal(managerA, 50, [3, 4], [4, 3])).toBeNull();
    expect(ownRolesRefusal(managerA, 50, [3], [3, 4])?.key).toBe('err_grant_own_roles');
    expect(ownRolesRefusal(managerA, 50, [3, 4], [3])?.key).toBe('err_grant_own_roles');
    expect(ownRolesRefusal(admin, 1, [1], [1, 2])?.key).toBe('err_grant_own_roles');
    expect(ownRolesRefusal(managerA, 60, [3], [4])).toBeNull();
    expect(roleChanges([1, 2, 3], [3, 4])).toEqual({ added: [4], removed: [1, 2] });
  });

  it('a department inside the reach, and the roles that follow the department stay inside it', () => {
    const own = { roleId: 8, ...scope('3') };
    const below = { roleId: 9, ...scope('4') };
    const all = { roleId: 10, ...scope('1') };
    expect(userDeptRefusal(managerA, 111, [own, below], index)).toBeNull();
    expect(userDeptRefusal(managerA, 102, [], index)?.key).toBe('err_grant_dept_beyond_own');
    // moved to A (inside a partial reach) with 'own and below', A1 is not in the reach
    expect(userDeptRefusal(custom, 101, [own], index)).toBeNull();
    expect(userDeptRefusal(custom, 101, [below], index)).toEqual({ key: 'err_grant_role_scope', roleId: 9 });
    // roles whose reach does not follow the department are not the move's doing
    expect(userDeptRefusal(custom, 101, [all, { roleId: 11, ...scope('2', [113]) }], index)).toBeNull();
    expect(userDeptRefusal(admin, 113, [below], index)).toBeNull();
  });

  it('a department moves only with everything below it inside the reach', () => {
    expect(deptMoveRefusal(managerA, 112, 111, index)).toBeNull();
    expect(deptMoveRefusal(managerA, 112, 102, index)?.key).toBe('err_grant_dept_beyond_own');
    expect(deptMoveRefusal(custom, 112, 101, index)?.key).toBe('err_grant_dept_beyond_own'); // A2x is outside
    expect(deptMoveRefusal(admin, 101, 102, index)).toBeNull();
  });
});
