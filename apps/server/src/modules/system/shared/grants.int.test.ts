import { eq, inArray, like, or, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../test/build-test-app';
import { useSuite } from '../../../../test/suite';
import { hashPassword } from '../../../platform/auth/password';
import { sysDept } from '../dept/dept.table';
import { sysMenu } from '../menu/menu.table';
import { sysRole, sysRoleDept, sysRoleMenu } from '../role/role.table';
import { sysUser, sysUserRole } from '../user/user.table';
import { errorOf, multipart, xlsxBuffer } from './system.fixture';

/**
 * Issue 11 item 1: a delegated administrator (system:user:* and system:role:* only, 'own department and below' in
 * the sales department) cannot raise their own rights or give anyone more than they hold, on every route that
 * gives roles, menus, data scopes or departments; administrators still grant everything and the delegate grants
 * what lies within their own. Each refusal below was a 200 before the fix.
 */
let deleg: TestClient;
const EN = { 'accept-language': 'en' };
const PW = 'Delegate#2026';
const ids = {} as Record<
  'sales' | 'finance' | 'salesDept' | 'financeDept' | 'deleg' | 'delegRole' | 'salesUser' | 'sales2User',
  number
>;

async function role(name: string, dataScope: string, menuIds: number[], status = '0') {
  const [r] = await s.t.db
    .insert(sysRole)
    .values({ roleName: name, roleKey: name, roleSort: 50, dataScope, status })
    .returning();
  if (menuIds.length) await s.t.db.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId: r!.roleId, menuId })));
  return r!.roleId;
}
async function user(userName: string, deptId: number, roleIds: number[]) {
  const [u] = await s.t.db
    .insert(sysUser)
    .values({ userName, nickName: userName, deptId, password: await hashPassword(PW) })
    .returning({ id: sysUser.userId });
  if (roleIds.length) await s.t.db.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId: u!.id, roleId })));
  return u!.id;
}
async function dept(deptName: string, parentId: number) {
  const [p] = await s.t.db.select().from(sysDept).where(eq(sysDept.deptId, parentId));
  const [d] = await s.t.db
    .insert(sysDept)
    .values({ deptName, parentId, ancestors: `${p!.ancestors},${parentId}`, orderNum: 90 })
    .returning();
  return d!.deptId;
}
const idOf = async (table: 'role' | 'dept' | 'user', column: string, value: string) =>
  (
    await s.t.db.execute<{ id: number }>(
      sql.raw(`SELECT ${table}_id AS id FROM sys_${table} WHERE ${column} = '${value}'`),
    )
  ).rows[0]!.id;
const menusLike = async (...prefixes: string[]) =>
  (
    await s.t.db
      .select({ id: sysMenu.menuId })
      .from(sysMenu)
      .where(or(eq(sysMenu.path, '/system'), ...prefixes.map((p) => like(sysMenu.perms, `${p}%`))))
  ).map((m) => m.id);
const rolesOfUser = async (userId: number) =>
  (await s.t.db.select().from(sysUserRole).where(eq(sysUserRole.userId, userId))).map((r) => r.roleId).sort();
const scopeOf = async (roleId: number) =>
  (await s.t.db.select({ s: sysRole.dataScope }).from(sysRole).where(eq(sysRole.roleId, roleId)))[0]!.s;

/** An edit body of a user as it is now (read by the administrator), with changes. */
async function userEdit(userId: number, extra: Record<string, unknown> = {}) {
  const c = (await s.admin.get(`/system/user/${userId}`)).json();
  const { version, deptId, nickName, phonenumber, email, sex, status, remark } = c.data;
  return {
    userId,
    version,
    deptId,
    nickName,
    phonenumber,
    email,
    sex,
    status,
    remark,
    roleIds: c.roleIds,
    postIds: c.postIds,
    ...extra,
  };
}

/** A 403 with the translated message; nothing else checked here. */
async function refused(res: Promise<{ statusCode: number; json(): unknown }>, msg: string | RegExp) {
  const e = errorOf((await res) as never);
  expect(e.status).toBe(403);
  expect(e.errorCode).toBe('FORBIDDEN');
  if (typeof msg === 'string') expect(e.msg).toBe(msg);
  else expect(e.msg).toMatch(msg);
}

const s = useSuite({ users: ['admin'] });
beforeAll(async () => {
  ids.sales = await idOf('role', 'role_key', 'sales');
  ids.finance = await idOf('role', 'role_key', 'finance');
  ids.salesDept = await idOf('dept', 'dept_name', '销售部');
  ids.financeDept = await idOf('dept', 'dept_name', '财务部');
  ids.salesUser = await idOf('user', 'user_name', 'sales');
  ids.sales2User = await idOf('user', 'user_name', 'sales2');
  ids.delegRole = await role('delegate', '4', await menusLike('system:user', 'system:role'));
  ids.deleg = await user('deleg', ids.salesDept, [ids.delegRole]);
  deleg = await s.t.login('deleg', PW);
});

describe('[GRANTS] a delegated administrator cannot raise their own rights', () => {
  it('cannot give themselves a role (authRole, edit, role side), nor take one', async () => {
    await refused(
      deleg.put('/system/user/authRole', { userId: ids.deleg, roleIds: [ids.delegRole, ids.finance] }, EN),
      'You cannot change your own roles',
    );
    await refused(
      deleg.put('/system/user', await userEdit(ids.deleg, { roleIds: [ids.delegRole, ids.sales] })),
      '不能修改自己的角色',
    );
    await refused(
      deleg.put(
        '/system/role/authUser/selectAll',
        { roleId: ids.sales, userIds: [ids.deleg] },
        { 'accept-language': 'th' },
      ),
      'ไม่สามารถเปลี่ยนบทบาทของตัวเองได้',
    );
    await refused(
      deleg.put('/system/role/authUser/cancel', { roleId: ids.delegRole, userId: ids.deleg }),
      /自己的角色/,
    );
    expect(await rolesOfUser(ids.deleg)).toEqual([ids.delegRole]);
    // the same body without a change of roles is an ordinary edit
    expect((await deleg.put('/system/user', await userEdit(ids.deleg, { remark: 'me' }))).json().code).toBe(200);
  });

  it('cannot give a new or existing user a role with menus they do not hold', async () => {
    await refused(
      deleg.post(
        '/system/user',
        { userName: 'crony', nickName: 'Crony', deptId: ids.salesDept, roleIds: [ids.finance] },
        EN,
      ),
      /^The role '.+' has menu permissions you do not hold yourself; you cannot assign it$/,
    );
    expect((await s.t.db.select().from(sysUser).where(eq(sysUser.userName, 'crony'))).length).toBe(0);
    await refused(
      deleg.put('/system/user', await userEdit(ids.salesUser, { roleIds: [ids.sales, ids.finance] })),
      /财务/,
    );
    await refused(
      deleg.put('/system/user/authRole', { userId: ids.salesUser, roleIds: [ids.sales, ids.finance] }),
      /财务/,
    );
    await refused(
      deleg.put('/system/role/authUser/selectAll', { roleId: ids.finance, userIds: [ids.salesUser] }),
      /财务/,
    );
    expect(await rolesOfUser(ids.salesUser)).toEqual([ids.sales]);
  });

  it("cannot widen a role's data scope (sales would see other sales people's orders)", async () => {
    await refused(
      deleg.put('/system/role/dataScope', { roleId: ids.sales, dataScope: '1' }, EN),
      "Only an administrator can grant the data scope 'All data'",
    );
    // 'own department and below' for sales2 in Yiwu reaches beyond the delegate's sales department
    await refused(
      deleg.put('/system/role/dataScope', { roleId: ids.sales, dataScope: '4' }, EN),
      'This data scope reaches beyond your own data scope',
    );
    expect(await scopeOf(ids.sales)).toBe('5');
    // custom departments outside the caller's scope are not even found
    expect(
      (await deleg.put('/system/role/dataScope', { roleId: ids.sales, dataScope: '2', deptIds: [ids.financeDept] }))
        .statusCode,
    ).toBe(404);
    // the dialog offers only what may be set (and what the role has)
    expect((await deleg.get(`/system/role/deptTree/${ids.sales}`)).json().scopes).toEqual(['2', '5']);
    expect((await s.admin.get(`/system/role/deptTree/${ids.sales}`)).json().scopes).toEqual(['1', '2', '3', '4', '5']);
  });

  it('cannot switch on a disabled role that gives more than they hold', async () => {
    const fee = await menusLike('bus:fee:view');
    const dormant = await role('dormant', '1', fee, '1');
    await s.t.db.insert(sysUserRole).values({ userId: ids.deleg, roleId: dormant });
    await refused(deleg.put('/system/role/changeStatus', { roleId: dormant, status: '0' }), /dormant/);
    const r = (await deleg.get(`/system/role/${dormant}`)).json().data;
    await refused(
      deleg.put('/system/role', { ...pick(r), roleId: dormant, version: r.version, status: '0', menuIds: [] }),
      /dormant/,
    );
    expect((await deleg.get('/system/user/getInfo')).json().isFeeRole).toBe(false);
    // the delegate's own menus, but 'all data'
    const wide = await role('widedormant', '1', await menusLike('system:user:list'), '1');
    await s.t.db.insert(sysUserRole).values({ userId: ids.deleg, roleId: wide });
    await refused(
      deleg.put('/system/role/changeStatus', { roleId: wide, status: '0' }, EN),
      "The role 'widedormant' sees all data; only an administrator can assign it",
    );
    expect(await scopeOf(wide)).toBe('1');
    await s.t.db.delete(sysUserRole).where(eq(sysUserRole.roleId, wide));
    await s.t.db.delete(sysUserRole).where(eq(sysUserRole.roleId, dormant));
  });

  it('cannot hand their own menus to a role that sees more than they do', async () => {
    const r = (await s.admin.get(`/system/role/${ids.finance}`)).json().data;
    const menus = (await s.admin.get(`/system/menu/roleMenuTreeselect/${ids.finance}`)).json().checkedKeys as number[];
    const own = await menusLike('system:user:resetPwd');
    const body = { ...pick(r), roleId: ids.finance, version: r.version, status: r.status, menuIds: [...menus, ...own] };
    await refused(
      deleg.put('/system/role', body, EN),
      /^The role '.+' sees data beyond your own data scope; you cannot give it menus$/,
    );
    const held = await s.t.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, ids.finance));
    expect(held.map((m) => m.menuId)).not.toContain(own[0]);
  });

  it('cannot reset the password of a user holding more than they do (taking over the account)', async () => {
    await refused(
      deleg.put('/system/user/resetPwd', { userId: ids.salesUser, password: 'Taken#Over2026' }, EN),
      /^This user holds the role '.+' beyond your own rights; you cannot do this$/,
    );
    expect((await s.t.login('sales')).userName).toBe('sales');
  });

  it('the role pickers offer only grantable roles; held ones show but cannot be changed', async () => {
    const options = (await deleg.get('/system/user')).json().roles as { roleId: number; grantable: boolean }[];
    expect(options.map((r) => r.roleId)).not.toContain(ids.finance);
    expect(options.map((r) => r.roleId)).not.toContain(1);
    expect(options.every((r) => r.grantable)).toBe(true);
    const auth = (await deleg.get(`/system/user/authRole/${ids.salesUser}`)).json().roles;
    expect(auth.find((r: { roleId: number }) => r.roleId === ids.sales)).toMatchObject({
      flag: true,
      grantable: false,
    });
    expect(auth.find((r: { roleId: number }) => r.roleId === ids.finance)).toBeUndefined();
    const own = (await deleg.get(`/system/user/${ids.deleg}`)).json().roles;
    expect(own.every((r: { grantable: boolean }) => !r.grantable)).toBe(true);
    const unallocated = (await deleg.get(`/system/role/authUser/unallocatedList?roleId=${ids.finance}`)).json();
    expect(unallocated.total).toBe(0);
  });
});

describe('[GRANTS] what a delegate may still do, and administrators', () => {
  let helper: number;

  it('creates a role from their own menus and gives it inside their scope, both ways', async () => {
    const menus = await menusLike('system:user:list');
    const res = await deleg.post('/system/role', {
      roleName: 'Helper',
      roleKey: 'helper',
      roleSort: 9,
      menuIds: menus,
    });
    expect(res.json().code).toBe(200);
    helper = res.json().data.roleId;
    const created = await deleg.post('/system/user', {
      userName: 'helper1',
      nickName: 'Helper one',
      deptId: ids.salesDept,
      roleIds: [helper],
    });
    expect(created.json().code).toBe(200);
    const helper1 = created.json().data.userId;
    expect(await rolesOfUser(helper1)).toEqual([helper]);
    expect((await deleg.put('/system/role/authUser/cancel', { roleId: helper, userId: helper1 })).json().code).toBe(
      200,
    );
    const list = (await deleg.get(`/system/role/authUser/unallocatedList?roleId=${helper}&pageSize=100`)).json();
    const offered = list.rows.map((r: { userId: number }) => r.userId);
    expect(offered).toContain(helper1);
    expect(offered).not.toContain(ids.deleg);
    expect(
      (await deleg.put('/system/role/authUser/selectAll', { roleId: helper, userIds: [helper1] })).json().code,
    ).toBe(200);
    expect((await deleg.put('/system/user/authRole', { userId: helper1, roleIds: [] })).json().code).toBe(200);
    expect((await deleg.put('/system/role/dataScope', { roleId: helper, dataScope: '3' })).json().code).toBe(200);
    expect(
      (await deleg.put('/system/role/dataScope', { roleId: helper, dataScope: '2', deptIds: [ids.salesDept] })).json()
        .code,
    ).toBe(200);
    // and takes a held role the delegate could not give away from a user in scope (taking is no grant)
    const picked = (await deleg.get(`/system/user/${ids.salesUser}`)).json();
    expect(picked.roles.find((r: { roleId: number }) => r.roleId === ids.sales).grantable).toBe(false);
  });

  it('an administrator grants everything: all data, any role, to anyone', async () => {
    expect((await s.admin.put('/system/role/dataScope', { roleId: helper, dataScope: '1' })).json().code).toBe(200);
    const body = await userEdit(ids.sales2User, { roleIds: [ids.sales, ids.finance, helper] });
    expect((await s.admin.put('/system/user', body)).json().code).toBe(200);
    expect(await rolesOfUser(ids.sales2User)).toEqual([ids.sales, ids.finance, helper].sort());
    // now that the helper role sees all data, the delegate can no longer give it
    await refused(
      deleg.put('/system/user/authRole', { userId: ids.salesUser, roleIds: [ids.sales, helper] }),
      /全部数据/,
    );
  });
});

describe('[GRANTS] departments: moving users and departments', () => {
  let p: number;
  let q: number;
  let mover: TestClient;
  let moverRole: number;
  let below: number;
  let x: number;

  beforeAll(async () => {
    const hq = await idOf('dept', 'parent_id', '0');
    p = await dept('Branch P', hq);
    await dept('Branch P1', p);
    q = await dept('Branch Q', hq);
    // custom departments P and Q, not P1
    moverRole = await role('mover', '2', await menusLike('system:user', 'system:role', 'system:dept'));
    await s.t.db.insert(sysRoleDept).values([p, q].map((deptId) => ({ roleId: moverRole, deptId })));
    await user('mover', q, [moverRole]);
    mover = await s.t.login('mover', PW);
    below = await role('below', '4', await menusLike('system:user:list'));
    x = await user('userx', q, [below]);
  });

  it("a user holding 'department and below' moves only where that stays inside the mover's scope", async () => {
    await refused(
      mover.put('/system/user', await userEdit(x, { deptId: p }), EN),
      "The role 'below' would see data beyond your own data scope",
    );
    expect((await s.t.db.select().from(sysUser).where(eq(sysUser.userId, x)))[0]!.deptId).toBe(q);
    // by import with updates: the row is refused, nothing saved
    const file = await xlsxBuffer(['User name', 'Nickname', 'Department'], [['userx', 'X', String(p)]]);
    const upload = multipart('file', 'users.xlsx', file);
    const res = await mover.request({
      method: 'POST',
      url: '/system/user/importData?updateSupport=true',
      payload: upload.payload,
      headers: { ...upload.headers, ...EN },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().data.errors)).toContain(
      "The role 'below' would see data beyond your own data scope",
    );
    expect((await s.t.db.select().from(sysUser).where(eq(sysUser.userId, x)))[0]!.deptId).toBe(q);
    // an administrator moves them
    expect((await s.admin.put('/system/user', await userEdit(x, { deptId: p }))).json().code).toBe(200);
  });

  it('a department moves only with everything below it inside the scope', async () => {
    await refused(
      mover.put('/system/dept', await deptEdit(p, q), EN),
      'This department (or one below it) is outside your data scope',
    );
    expect((await s.t.db.select().from(sysDept).where(eq(sysDept.deptId, p)))[0]!.parentId).not.toBe(q);
    expect((await mover.put('/system/dept', await deptEdit(q, p))).json().code).toBe(200);
  });
});

describe('[GRANTS] menus', () => {
  it('a menu manager cannot give a menu a permission they do not hold, nor switch such a menu on', async () => {
    const menus = await menusLike('system:menu');
    const userList = (await s.t.db.select().from(sysMenu).where(eq(sysMenu.perms, 'system:user:list')))[0]!;
    const menuRole = await role('menumgr', '5', [...menus, userList.menuId]);
    await user('menumgr', ids.salesDept, [menuRole]);
    const mm = await s.t.login('menumgr', PW);
    const button = { parentId: userList.menuId, menuName: 'Peek', orderNum: 1, menuType: 'F' };
    await refused(
      mm.post('/system/menu', { ...button, perms: 'bus:fee:view' }, EN),
      'You cannot set a permission you do not hold yourself',
    );
    await refused(mm.post('/system/menu', { ...button, perms: '*:*:*' }), /权限字符/);
    const ok = await mm.post('/system/menu', { ...button, perms: 'system:menu:list' });
    expect(ok.json().code).toBe(200);
    const own = (await mm.get(`/system/menu/${userList.menuId}`)).json().data;
    await refused(mm.put('/system/menu', { ...strip(own), perms: 'bus:fee:view' }), /权限字符/);
    expect(
      (
        await s.t.db
          .select()
          .from(sysMenu)
          .where(inArray(sysMenu.perms, ['bus:fee:view']))
      ).length,
    ).toBe(1);
  });
});

function pick(r: Record<string, unknown>) {
  const { roleName, roleNameEn, roleNameTh, roleKey, roleSort, menuCheckStrictly, deptCheckStrictly, remark } = r;
  return { roleName, roleNameEn, roleNameTh, roleKey, roleSort, menuCheckStrictly, deptCheckStrictly, remark };
}

async function deptEdit(deptId: number, parentId: number) {
  const d = (await s.admin.get(`/system/dept/${deptId}`)).json().data;
  const { deptName, deptNameEn, deptNameTh, orderNum, leader, phone, email, status, version } = d;
  return { deptId, parentId, deptName, deptNameEn, deptNameTh, orderNum, leader, phone, email, status, version };
}

/** A read record as an edit body (server-only columns dropped). */
function strip(r: Record<string, unknown>) {
  const { createTime: _c, createBy: _b, updateTime: _u, updateBy: _ub, ancestors: _a, title: _t, ...rest } = r;
  return rest;
}
