import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countWhere, EN, errorOf, useSystemSuite } from '../shared/system.fixture';
import { sysMenu } from './menu.table';

let systemDir: number;

const f = useSystemSuite();
beforeAll(async () => {
  systemDir = (await f.t.db.select({ id: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.path, '/system')))[0]!.id;
});

const version = async (menuId: number) =>
  (await f.t.db.select({ v: sysMenu.version }).from(sysMenu).where(eq(sysMenu.menuId, menuId)))[0]!.v;

const screen = (extra: Record<string, unknown> = {}) => ({
  parentId: systemDir,
  menuName: '测试页面',
  titleKey: '',
  orderNum: 50,
  path: 'test-page',
  component: 'system/test-page',
  menuType: 'C',
  perms: 'system:test:list',
  icon: 'Setting',
  ...extra,
});

describe('[SYSTEM] menu list and trees', () => {
  it('lists every menu flat with its translated title for administrators', async () => {
    const res = (await f.admin.get('/system/menu/list', EN)).json();
    expect(res.code).toBe(200);
    expect(res.data.length).toBeGreaterThan(100);
    const users = res.data.find((m: { perms: string; menuType: string }) => m.perms === 'system:user:list');
    expect(users.title).toBe('Users');
    expect(users.component).toBe('system/user');
  });

  it('filters by name and status; shows non-administrators their own menus only', async () => {
    const byName = (await f.admin.get('/system/menu/list?menuName=%E7%94%A8%E6%88%B7')).json().data;
    expect(byName.every((m: { menuName: string }) => m.menuName.includes('用户'))).toBe(true);
    expect((await f.admin.get('/system/menu/list?status=1')).json().data).toEqual([]);
    const own = (await f.mgra.get('/system/menu/list')).json().data;
    expect(own.length).toBe(f.systemMenuIds.length);
    expect((await f.admin.get('/system/menu/list?status=x')).statusCode).toBe(400);
    expect((await (await f.t.login('sales')).get('/system/menu/list')).statusCode).toBe(403);
  });

  it('treeselect gives { id, label, menuType, children } in the caller language', async () => {
    const tree = (await f.admin.get('/system/menu/treeselect', { 'accept-language': 'th' })).json().data;
    expect(tree).toHaveLength(5);
    const system = tree.find((n: { id: number }) => n.id === systemDir);
    expect(system.label).toBe('จัดการระบบ');
    expect(system.menuType).toBe('M');
    expect(system.children.length).toBeGreaterThanOrEqual(11);
    const mgrTree = (await f.mgra.get('/system/menu/treeselect')).json().data;
    expect(mgrTree.map((n: { id: number }) => n.id)).toEqual([systemDir]);
  });

  it('reads one menu; 404 for unknown or not visible to the caller', async () => {
    expect((await f.admin.get(`/system/menu/${systemDir}`)).json().data.path).toBe('/system');
    expect((await f.admin.get('/system/menu/999999')).statusCode).toBe(404);
    expect((await f.mgra.get('/system/menu/1000')).statusCode).toBe(404);
    expect((await f.admin.get('/system/menu/abc')).statusCode).toBe(400);
  });
});

describe('[SYSTEM] menu create, edit and delete', () => {
  let menuId: number;
  let buttonId: number;

  it('creates a screen and a button under it', async () => {
    const res = await f.admin.post('/system/menu', screen());
    expect(res.json().code).toBe(200);
    menuId = res.json().data.menuId;
    const button = await f.admin.post('/system/menu', {
      parentId: menuId,
      menuName: '测试按钮',
      orderNum: 1,
      menuType: 'F',
      perms: 'system:test:add',
    });
    expect(button.json().code).toBe(200);
    buttonId = button.json().data.menuId;
  });

  it('validates the kinds: paths, components, permission keys, external links, parents', async () => {
    expect(errorOf(await f.admin.post('/system/menu', screen({ path: '' }))).field).toBe('path');
    expect(errorOf(await f.admin.post('/system/menu', screen({ component: '' }))).field).toBe('component');
    expect(errorOf(await f.admin.post('/system/menu', screen({ menuType: 'F', perms: '' }))).field).toBe('perms');
    expect(errorOf(await f.admin.post('/system/menu', screen({ perms: 'bad perms' }))).field).toBe('perms');
    expect(
      errorOf(await f.admin.post('/system/menu', screen({ isFrame: true, path: 'javascript:alert(1)' }))).field,
    ).toBe('path');
    expect(errorOf(await f.admin.post('/system/menu', screen({ menuType: 'X' }))).status).toBe(400);
    expect(errorOf(await f.admin.post('/system/menu', screen({ menuName: 'x', parentId: buttonId }))).field).toBe(
      'parentId',
    );
    expect((await f.admin.post('/system/menu', screen({ menuName: 'x', parentId: 999999 }))).statusCode).toBe(404);
    expect(
      (
        await f.admin.post('/system/menu', screen({ menuName: 'Link', isFrame: true, path: 'https://example.com' }))
      ).json().code,
    ).toBe(200);
  });

  it('refuses a duplicate name under the same parent, allows it elsewhere', async () => {
    const dup = errorOf(await f.admin.post('/system/menu', screen({ path: 'other' }), EN));
    expect(dup.status).toBe(409);
    expect(dup.msg).toBe('A menu named 测试页面 already exists under this parent');
    expect(
      (await f.admin.post('/system/menu', screen({ parentId: menuId, menuType: 'M', path: 'sub' }))).json().code,
    ).toBe(200);
  });

  it('edits with the version; a stale version is 409; a menu cannot move under itself', async () => {
    const v = await version(menuId);
    const body = { ...screen({ menuName: '测试页面2', orderNum: 51 }), menuId, version: v };
    expect((await f.admin.put('/system/menu', body)).json().code).toBe(200);
    expect(errorOf(await f.admin.put('/system/menu', body)).errorCode).toBe('CHANGED_RELOAD');
    const self = errorOf(await f.admin.put('/system/menu', { ...body, version: v + 1, parentId: menuId }));
    expect(self.field).toBe('parentId');
    const sub = (await f.t.db.select({ id: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.parentId, menuId))).find(
      (m) => m.id !== buttonId,
    )!.id;
    expect(
      errorOf(await f.admin.put('/system/menu', { ...body, version: v + 1, parentId: sub, menuType: 'M' })).field,
    ).toBe('parentId');
    expect((await f.mgra.put('/system/menu', { ...body, menuId: 1000, version: 0 })).statusCode).toBe(404);
  });

  it('refuses to delete a menu with children or assigned to a role, deletes a free leaf', async () => {
    const children = errorOf(await f.admin.delete(`/system/menu/${menuId}`, undefined, EN));
    expect(children.status).toBe(409);
    expect(children.msg).toBe('The menu has sub-menus and cannot be deleted');
    const role = (
      await f.admin.post('/system/role', {
        roleName: 'Menu holder',
        roleKey: 'menuholder',
        roleSort: 1,
        menuIds: [buttonId],
      })
    ).json().data.roleId;
    const assigned = errorOf(await f.admin.delete(`/system/menu/${buttonId}`, undefined, EN));
    expect(assigned.msg).toBe('The menu is assigned to roles and cannot be deleted');
    await f.admin.delete(`/system/role/${role}`);
    expect((await f.admin.delete(`/system/menu/${buttonId}`)).json().code).toBe(200);
    expect(await countWhere(f.t, 'sys_menu', `menu_id = ${buttonId}`)).toBe(0);
    expect((await (await f.t.login('finance')).delete(`/system/menu/${menuId}`)).statusCode).toBe(403);
  });

  it("a new screen granted to a role shows in the holder's routers at the next request", async () => {
    const screenId = (
      await f.admin.post(
        '/system/menu',
        screen({ menuName: 'Granted', path: 'granted', component: 'system/granted', perms: 'system:granted:list' }),
      )
    ).json().data.menuId;
    const before = JSON.stringify((await f.mgra.get('/system/menu/getRouters')).json().data);
    expect(before).not.toContain('system/granted');
    const current = (await f.admin.get(`/system/menu/roleMenuTreeselect/${f.roleId}`)).json().checkedKeys as number[];
    const role = (await f.admin.get(`/system/role/${f.roleId}`)).json().data;
    await f.admin.put('/system/role', {
      roleId: f.roleId,
      version: role.version,
      roleName: role.roleName,
      roleKey: role.roleKey,
      roleSort: role.roleSort,
      menuIds: [...current, screenId, systemDir],
    });
    const after = JSON.stringify((await f.mgra.get('/system/menu/getRouters')).json().data);
    expect(after).toContain('system/granted');
  });
});
