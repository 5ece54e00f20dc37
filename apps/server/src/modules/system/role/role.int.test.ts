import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sysMenu } from '../menu/menu.table';
import { countWhere, EN, errorOf, FIXTURE_PASSWORD, readXlsx, useSystemSuite } from '../shared/system.fixture';
import { sysRole } from './role.table';

let menuIds: Record<string, number>;

const f = useSystemSuite();
beforeAll(async () => {
  const rows = await f.t.db
    .select({ id: sysMenu.menuId, perms: sysMenu.perms })
    .from(sysMenu)
    .where(inArray(sysMenu.perms, ['system:user:list', 'system:post:list', 'bus:orderAdd', 'system:role:list']));
  menuIds = Object.fromEntries(rows.map((r) => [r.perms, r.id]));
});

const version = async (roleId: number) =>
  (await f.t.db.select({ v: sysRole.version }).from(sysRole).where(eq(sysRole.roleId, roleId)))[0]!.v;

describe('[SYSTEM] role list, read and export', () => {
  it('lists roles by sort order with filters', async () => {
    const res = (await f.admin.get('/system/role/list')).json();
    expect(res.rows[0].roleKey).toBe('admin');
    expect(res.total).toBe(8);
    expect((await f.admin.get('/system/role/list?roleKey=SYSMGR')).json().total).toBe(2);
    expect((await f.admin.get('/system/role/list?roleName=%E8%B4%A2%E5%8A%A1')).json().rows[0].roleKey).toBe('finance');
    expect((await f.admin.get('/system/role/list?status=1')).json().total).toBe(0);
    expect((await f.admin.get('/system/role/list?pageNum=-1')).statusCode).toBe(400);
    expect((await (await f.t.login('sales')).get('/system/role/list')).statusCode).toBe(403);
  });

  it('reads one role; 404 unknown, 400 non-digits', async () => {
    expect((await f.mgra.get(`/system/role/${f.roleId}`)).json().data.roleKey).toBe('sysmgr');
    expect((await f.mgra.get('/system/role/99999')).statusCode).toBe(404);
    expect((await f.mgra.get('/system/role/x1')).statusCode).toBe(400);
  });

  it('exports roles', async () => {
    const sheet = await readXlsx(await f.admin.post('/system/role/export', {}, EN));
    expect(sheet.header.slice(0, 3)).toEqual(['Role ID', 'Role name', 'Role key']);
    expect(sheet.rows).toHaveLength(8);
    expect(sheet.rows.find((r) => r[2] === 'sysmgr')?.[4]).toBeTruthy();
    expect((await (await f.t.login('sales')).post('/system/role/export', {})).statusCode).toBe(403);
  });
});

describe('[SYSTEM] role create and edit', () => {
  let roleId: number;

  it('creates a role with menus (own department and below by default)', async () => {
    const res = await f.admin.post('/system/role', {
      roleName: '仓库主管',
      roleKey: 'whlead',
      roleSort: 20,
      menuIds: [menuIds['bus:orderAdd']!],
    });
    expect(res.json().code).toBe(200);
    roleId = res.json().data.roleId;
    const [row] = await f.t.db.select().from(sysRole).where(eq(sysRole.roleId, roleId));
    expect(row!.dataScope).toBe('4');
    const tree = (await f.admin.get(`/system/menu/roleMenuTreeselect/${roleId}`)).json();
    expect(tree.checkedKeys).toEqual([menuIds['bus:orderAdd']]);
    expect(tree.menus.length).toBeGreaterThanOrEqual(5);
  });

  it('refuses duplicates with a translated message, and bad input', async () => {
    const dup = errorOf(
      await f.admin.post('/system/role', { roleName: '仓库主管', roleKey: 'other', roleSort: 1 }, EN),
    );
    expect(dup.status).toBe(409);
    expect(dup.msg).toBe('Role name 仓库主管 already exists');
    const key = errorOf(await f.admin.post('/system/role', { roleName: 'Other', roleKey: 'whlead', roleSort: 1 }, EN));
    expect(key.msg).toBe('Role key whlead already exists');
    expect(errorOf(await f.admin.post('/system/role', { roleName: 'x', roleKey: '1bad', roleSort: 1 })).field).toBe(
      'roleKey',
    );
    expect(errorOf(await f.admin.post('/system/role', { roleName: 'x', roleKey: 'ok', roleSort: -1 })).field).toBe(
      'roleSort',
    );
    expect(
      (await f.admin.post('/system/role', { roleName: 'x', roleKey: 'ok2', roleSort: 1, menuIds: [987654] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await f.admin.post('/system/role', { roleName: 'x', roleKey: 'ok3', roleSort: 1, dataScope: '1' })).statusCode,
    ).toBe(400);
  });

  it('edits with the version; stale is 409; the admin role is protected', async () => {
    const v = await version(roleId);
    const body = {
      roleId,
      version: v,
      roleName: '仓库主管',
      roleKey: 'whlead',
      roleSort: 21,
      menuIds: [menuIds['system:post:list']!],
    };
    expect((await f.admin.put('/system/role', body)).json().code).toBe(200);
    expect(await version(roleId)).toBe(v + 1);
    expect(errorOf(await f.admin.put('/system/role', body)).errorCode).toBe('CHANGED_RELOAD');
    const admin = errorOf(
      await f.admin.put('/system/role', { ...body, roleId: 1, version: 0, roleKey: 'admin', roleName: 'x' }),
    );
    expect(admin.status).toBe(403);
    expect((await f.admin.put('/system/role', { ...body, roleId: 99999 })).statusCode).toBe(404);
  });

  it("a non-administrator grants only menus they hold, and keeps the role's other menus", async () => {
    const orderAdd = menuIds['bus:orderAdd']!;
    const beyond = errorOf(
      await f.mgra.post('/system/role', { roleName: 'Beyond', roleKey: 'beyond', roleSort: 1, menuIds: [orderAdd] }),
    );
    expect(beyond.status).toBe(403);
    // Give the role a business menu as admin, then edit it as the manager: the business menu stays.
    await f.admin.put('/system/role', {
      roleId,
      version: await version(roleId),
      roleName: '仓库主管',
      roleKey: 'whlead',
      roleSort: 21,
      menuIds: [orderAdd, menuIds['system:post:list']!],
    });
    const visible = (await f.mgra.get(`/system/menu/roleMenuTreeselect/${roleId}`)).json();
    expect(visible.checkedKeys).toEqual([menuIds['system:post:list']]);
    expect(JSON.stringify(visible.menus)).not.toContain(`"id":${orderAdd},`);
    expect(
      (
        await f.mgra.put('/system/role', {
          roleId,
          version: await version(roleId),
          roleName: '仓库主管',
          roleKey: 'whlead',
          roleSort: 21,
          menuIds: [menuIds['system:user:list']!],
        })
      ).json().code,
    ).toBe(200);
    const after = (await f.admin.get(`/system/menu/roleMenuTreeselect/${roleId}`)).json().checkedKeys;
    expect(after.sort()).toEqual([orderAdd, menuIds['system:user:list']].sort());
  });

  it('changes status (not for the admin role); a disabled role grants nothing at the next request', async () => {
    const holder = f.mgra;
    expect((await holder.get('/system/role/list')).statusCode).toBe(200);
    expect((await f.admin.put('/system/role/changeStatus', { roleId: f.roleId, status: '1' })).json().code).toBe(200);
    expect((await holder.get('/system/role/list')).statusCode).toBe(403);
    expect((await f.admin.put('/system/role/changeStatus', { roleId: f.roleId, status: '0' })).json().code).toBe(200);
    expect((await holder.get('/system/role/list')).statusCode).toBe(200);
    expect(errorOf(await f.admin.put('/system/role/changeStatus', { roleId: 1, status: '1' })).status).toBe(403);
    expect(
      (await f.admin.put('/system/role/changeStatus', { roleId: f.roleId, status: '0', version: 0 })).statusCode,
    ).toBe(409);
    expect((await f.admin.put('/system/role/changeStatus', { roleId: f.roleId, status: '2' })).statusCode).toBe(400);
  });
});

describe('[SYSTEM] role data scope', () => {
  it('sets custom departments inside the caller scope and shows them in the department tree', async () => {
    const role = (await f.mgra.post('/system/role', { roleName: 'Scoped', roleKey: 'scoped', roleSort: 5 })).json().data
      .roleId;
    expect(
      (
        await f.mgra.put('/system/role/dataScope', { roleId: role, dataScope: '2', deptIds: [f.deptA, f.deptA1] })
      ).json().code,
    ).toBe(200);
    const tree = (await f.mgra.get(`/system/role/deptTree/${role}`)).json();
    expect(tree.checkedKeys).toEqual([f.deptA1]);
    expect(tree.depts).toEqual([{ id: f.deptA, label: 'Scope A', children: [{ id: f.deptA1, label: 'Scope A1' }] }]);
    expect(
      (await f.mgra.put('/system/role/dataScope', { roleId: role, dataScope: '2', deptIds: [f.deptB] })).statusCode,
    ).toBe(404);
    expect((await f.mgra.put('/system/role/dataScope', { roleId: role, dataScope: '9' })).statusCode).toBe(400);
    expect((await f.mgra.put('/system/role/dataScope', { roleId: role, dataScope: '3' })).json().code).toBe(200);
    expect(await countWhere(f.t, 'sys_role_dept', `role_id = ${role}`)).toBe(0);
    expect(errorOf(await f.admin.put('/system/role/dataScope', { roleId: 1, dataScope: '5' })).status).toBe(403);
  });

  it("a scope change applies at the holder's next request", async () => {
    expect((await f.mgra.get('/system/user/list')).json().total).toBe(2);
    await f.admin.put('/system/role/dataScope', { roleId: f.roleId, dataScope: '3' });
    expect((await f.mgra.get('/system/user/list')).json().total).toBe(1);
    await f.admin.put('/system/role/dataScope', { roleId: f.roleId, dataScope: '2', deptIds: [f.deptB] });
    expect(
      (await f.mgra.get('/system/user/list'))
        .json()
        .rows.map((r: { userName: string }) => r.userName)
        .sort(),
    ).toEqual(['mgrall', 'userb1']);
    await f.admin.put('/system/role/dataScope', { roleId: f.roleId, dataScope: '4' });
  });
});

describe('[SYSTEM] role-auth: users of a role', () => {
  it('lists allocated and unallocated users inside the scope', async () => {
    const allocated = (await f.mgra.get(`/system/role/authUser/allocatedList?roleId=${f.roleId}`)).json();
    expect(allocated.rows.map((r: { userName: string }) => r.userName)).toEqual(['mgra']);
    const unallocated = (await f.mgra.get(`/system/role/authUser/unallocatedList?roleId=${f.roleId}`)).json();
    expect(unallocated.rows.map((r: { userName: string }) => r.userName)).toEqual(['usera1']);
    const admin = (await f.admin.get(`/system/role/authUser/unallocatedList?roleId=${f.roleId}&userName=user`)).json();
    expect(admin.rows.map((r: { userName: string }) => r.userName).sort()).toEqual(['usera1', 'userb1']);
    expect((await f.mgra.get('/system/role/authUser/allocatedList')).statusCode).toBe(400);
    expect((await f.mgra.get('/system/role/authUser/allocatedList?roleId=99999')).statusCode).toBe(404);
  });

  it('selectAll gives the role, inside the scope only; the admin role only by administrators', async () => {
    expect(
      (await f.mgra.put('/system/role/authUser/selectAll', { roleId: f.roleId, userIds: [f.usera1Id, f.userb1Id] }))
        .statusCode,
    ).toBe(404);
    expect(await countWhere(f.t, 'sys_user_role', `role_id = ${f.roleId}`)).toBe(1);
    expect(
      (await f.mgra.put('/system/role/authUser/selectAll', { roleId: f.roleId, userIds: [f.usera1Id] })).json().code,
    ).toBe(200);
    const holder = await f.t.login('usera1', FIXTURE_PASSWORD);
    expect((await holder.get('/system/role/list')).statusCode).toBe(200);
    expect(
      errorOf(await f.mgra.put('/system/role/authUser/selectAll', { roleId: 1, userIds: [f.usera1Id] })).status,
    ).toBe(403);
    expect((await f.mgra.put('/system/role/authUser/selectAll', { roleId: f.roleId, userIds: [] })).statusCode).toBe(
      400,
    );
  });

  it('cancel and cancelAll take the role away, effective at the next request', async () => {
    const holder = await f.t.login('usera1', FIXTURE_PASSWORD);
    expect(
      (await f.mgra.put('/system/role/authUser/cancel', { roleId: f.roleId, userId: f.usera1Id })).json().code,
    ).toBe(200);
    expect((await holder.get('/system/role/list')).statusCode).toBe(403);
    await f.mgra.put('/system/role/authUser/selectAll', { roleId: f.roleId, userIds: [f.usera1Id] });
    expect(
      (await f.mgra.put('/system/role/authUser/cancelAll', { roleId: f.roleId, userIds: [f.usera1Id] })).json().code,
    ).toBe(200);
    expect((await holder.get('/system/role/list')).statusCode).toBe(403);
    expect(
      (await f.mgra.put('/system/role/authUser/cancel', { roleId: f.roleAllId, userId: f.mgrallId })).statusCode,
    ).toBe(404);
    expect(errorOf(await f.admin.put('/system/role/authUser/cancel', { roleId: 1, userId: 1 })).status).toBe(403);
    expect(errorOf(await f.mgrall.put('/system/role/authUser/cancelAll', { roleId: 1, userIds: [1] })).status).toBe(
      403,
    );
  });

  it('needs the role-auth keys', async () => {
    const finance = await f.t.login('finance');
    expect((await finance.get(`/system/role/authUser/allocatedList?roleId=${f.roleId}`)).statusCode).toBe(403);
    expect(
      (await finance.put('/system/role/authUser/selectAll', { roleId: f.roleId, userIds: [f.usera1Id] })).statusCode,
    ).toBe(403);
  });
});

describe('[SYSTEM] DELETE /system/role/{roleIds}', () => {
  it('refuses a role in use, the admin role and unknown ids; deletes unused roles', async () => {
    const inUse = errorOf(await f.admin.delete(`/system/role/${f.roleId}`, undefined, EN));
    expect(inUse.status).toBe(409);
    expect(inUse.errorCode).toBe('IN_USE');
    expect(inUse.msg).toBe('Role System manager A is assigned to users and cannot be deleted');
    expect(errorOf(await f.admin.delete('/system/role/1')).status).toBe(403);
    expect((await f.admin.delete('/system/role/99999')).statusCode).toBe(404);
    const id = (
      await f.admin.post('/system/role', {
        roleName: 'Temp',
        roleKey: 'temp',
        roleSort: 9,
        menuIds: [menuIds['system:user:list']!],
      })
    ).json().data.roleId;
    expect((await f.admin.delete(`/system/role/${id}`)).json().code).toBe(200);
    expect(await countWhere(f.t, 'sys_role_menu', `role_id = ${id}`)).toBe(0);
    expect((await f.admin.get(`/system/role/${id}`)).statusCode).toBe(404);
    // The name and key are free again.
    expect((await f.admin.post('/system/role', { roleName: 'Temp', roleKey: 'temp', roleSort: 9 })).json().code).toBe(
      200,
    );
    expect((await (await f.t.login('sales')).delete(`/system/role/${id}`)).statusCode).toBe(403);
  });
});
