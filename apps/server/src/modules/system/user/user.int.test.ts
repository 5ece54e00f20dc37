import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sysMenu } from '../menu/menu.table';
import { sysRoleMenu } from '../role/role.table';
import {
  countWhere,
  EN,
  errorOf,
  FIXTURE_PASSWORD,
  multipart,
  readXlsx,
  useSystemSuite,
  xlsxBuffer,
} from '../shared/system.fixture';
import { sysUser } from './user.table';

const f = useSystemSuite();

const newUser = (userName: string, extra: Record<string, unknown> = {}) => ({
  userName,
  nickName: `Nick ${userName}`,
  deptId: f.deptA,
  password: 'Quay-Crane#2026',
  ...extra,
});

async function versionOf(userId: number) {
  const [u] = await f.t.db.select({ v: sysUser.version }).from(sysUser).where(eq(sysUser.userId, userId));
  return u!.v;
}

describe('[SYSTEM] GET /system/user/list', () => {
  it('lists users with department, roles and total, newest first', async () => {
    const res = await f.admin.get('/system/user/list?pageSize=50');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.total).toBeGreaterThanOrEqual(10);
    const admin = body.rows.find((r: { userName: string }) => r.userName === 'admin');
    expect(admin.dept.deptName).toBeTruthy();
    expect(admin.roles.map((r: { roleKey: string }) => r.roleKey)).toEqual(['admin']);
    expect(admin.password).toBeUndefined();
    expect(body.rows[0].userName).toBe('mgrall');
    // timestamps as ISO strings, the same as the user's details
    expect(admin.createTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const detail = (await f.admin.get(`/system/user/${admin.userId}`)).json();
    expect(admin.createTime).toBe(detail.data.createTime);
  });

  it('filters by department including sub-departments, name, phone and status', async () => {
    const byDept = (await f.admin.get(`/system/user/list?deptId=${f.deptA}`)).json();
    expect(byDept.rows.map((r: { userName: string }) => r.userName).sort()).toEqual(['mgra', 'usera1']);
    const byName = (await f.admin.get('/system/user/list?userName=SALES')).json();
    expect(byName.rows.map((r: { userName: string }) => r.userName).sort()).toEqual(['sales', 'sales2']);
    const byPhone = (await f.admin.get('/system/user/list?phonenumber=1382645')).json();
    expect(byPhone.rows.map((r: { userName: string }) => r.userName)).toEqual(['sales']);
    const disabled = (await f.admin.get('/system/user/list?status=1')).json();
    expect(disabled.total).toBe(0);
    const wildcard = (await f.admin.get('/system/user/list?userName=%25')).json();
    expect(wildcard.total).toBe(0);
  });

  it('applies the data scope: department and below only', async () => {
    const res = (await f.mgra.get('/system/user/list?pageSize=100')).json();
    expect(res.rows.map((r: { userName: string }) => r.userName).sort()).toEqual(['mgra', 'usera1']);
    expect(res.total).toBe(2);
    // A filter on a department outside the scope finds nothing.
    expect((await f.mgra.get(`/system/user/list?deptId=${f.deptB}`)).json().total).toBe(0);
  });

  it('refuses bad input and unknown parameters', async () => {
    expect((await f.admin.get('/system/user/list?pageSize=0')).statusCode).toBe(400);
    expect((await f.admin.get('/system/user/list?status=9')).statusCode).toBe(400);
    expect((await f.admin.get('/system/user/list?orderByColumn=password')).statusCode).toBe(400);
    const unknown = errorOf(await f.admin.get('/system/user/list?params[dataScope]=1'));
    expect(unknown.status).toBe(400);
    expect(unknown.errorCode).toBe('VALIDATION');
  });

  it('needs system:user:list', async () => {
    const sales = await f.t.login('sales');
    expect((await sales.get('/system/user/list')).statusCode).toBe(403);
  });
});

describe('[SYSTEM] GET /system/user/deptTree', () => {
  it('gives administrators the whole tree', async () => {
    const tree = (await f.admin.get('/system/user/deptTree')).json().data;
    expect(tree).toHaveLength(1);
    const labels = JSON.stringify(tree);
    expect(labels).toContain('Scope A1');
    expect(labels).toContain('Scope B');
    expect(tree[0].parentId).toBeUndefined();
  });

  it('gives a scoped manager their branch only, and a self-scope user their own department', async () => {
    const tree = (await f.mgra.get('/system/user/deptTree')).json().data;
    expect(tree).toEqual([{ id: f.deptA, label: 'Scope A', children: [{ id: f.deptA1, label: 'Scope A1' }] }]);
    const sales = await f.t.login('sales');
    const own = (await sales.get('/system/user/deptTree')).json().data;
    expect(own).toHaveLength(1);
    expect(own[0].label).toBe('销售部');
  });
});

describe('[SYSTEM] GET /system/user/{userId} and form options', () => {
  it('reads a user with role and post ids and the options', async () => {
    const sales = (await f.admin.get('/system/user/list?userName=sales2')).json().rows[0];
    const res = (await f.admin.get(`/system/user/${sales.userId}`)).json();
    expect(res.data.userName).toBe('sales2');
    expect(res.data.password).toBeUndefined();
    expect(res.roleIds).toHaveLength(1);
    expect(res.postIds).toHaveLength(1);
    expect(res.roles.some((r: { roleKey: string }) => r.roleKey === 'admin')).toBe(true);
    expect(res.posts.length).toBeGreaterThanOrEqual(7);
  });

  it('hides the admin role from non-administrators', async () => {
    const res = (await f.mgra.get('/system/user')).json();
    expect(res.roles.some((r: { roleKey: string }) => r.roleKey === 'admin')).toBe(false);
    expect(res.roles.some((r: { roleKey: string }) => r.roleKey === 'sysmgr')).toBe(true);
  });

  it('is 404 outside the data scope and for unknown ids, 400 for non-digits', async () => {
    expect((await f.mgra.get(`/system/user/${f.usera1Id}`)).statusCode).toBe(200);
    expect((await f.mgra.get(`/system/user/${f.userb1Id}`)).statusCode).toBe(404);
    expect((await f.mgra.get('/system/user/1')).statusCode).toBe(404);
    expect((await f.admin.get('/system/user/999999')).statusCode).toBe(404);
    expect((await f.admin.get('/system/user/12a')).statusCode).toBe(400);
  });
});

describe('[SYSTEM] POST /system/user', () => {
  it('creates a user with roles and posts; the initial password must be changed', async () => {
    const res = await f.admin.post('/system/user', {
      userName: 'newbie1',
      nickName: '新人',
      deptId: f.deptA,
      phonenumber: '+66 81-234-5678',
      email: 'newbie1@theone.example',
      sex: '1',
      roleIds: [f.roleId],
      postIds: [1],
    });
    expect(res.json().code).toBe(200);
    const userId = res.json().data.userId;
    const [row] = await f.t.db.select().from(sysUser).where(eq(sysUser.userId, userId));
    expect(row!.phonenumber).toBe('0812345678');
    expect(row!.mustChangePassword).toBe(true);
    expect(row!.createBy).toBe('admin');
    const login = await f.t.anon.post('/auth/login', { username: 'newbie1', password: 'Theone@2026' });
    expect(login.json().data.mustChangePassword).toBe(true);
    // An explicit password is the user's own: no forced change.
    await f.admin.post('/system/user', newUser('newbie2'));
    const own = await f.t.anon.post('/auth/login', { username: 'newbie2', password: 'Quay-Crane#2026' });
    expect(own.json().data.mustChangePassword).toBe(false);
  });

  it('refuses a duplicate user name, phone or e-mail with a translated message', async () => {
    const dup = errorOf(await f.admin.post('/system/user', newUser('SALES'), EN));
    expect(dup.status).toBe(409);
    expect(dup.errorCode).toBe('DUPLICATE');
    expect(dup.msg).toBe('User name SALES already exists');
    const phone = errorOf(await f.admin.post('/system/user', newUser('phonedup', { phonenumber: '13826451207' }), EN));
    expect(phone.status).toBe(409);
    expect(phone.msg).toMatch(/13826451207/);
    const email = errorOf(await f.admin.post('/system/user', newUser('maildup', { email: 'WANG.LI@theone.example' })));
    expect(email.errorCode).toBe('DUPLICATE');
  });

  it('refuses invalid fields with the field and a translated message', async () => {
    const mobile = errorOf(await f.admin.post('/system/user', newUser('badphone', { phonenumber: '12345' }), EN));
    expect(mobile.status).toBe(400);
    expect(mobile.field).toBe('phonenumber');
    expect(mobile.msg).not.toMatch(/^err_/);
    expect(errorOf(await f.admin.post('/system/user', newUser('1bad'))).field).toBe('userName');
    expect(errorOf(await f.admin.post('/system/user', newUser('weakpw', { password: 'aaaaaaaa' }))).field).toBe(
      'password',
    );
    expect(errorOf(await f.admin.post('/system/user', newUser('bademail', { email: 'x@' }))).field).toBe('email');
    expect(errorOf(await f.admin.post('/system/user', { ...newUser('extra'), admin: true })).status).toBe(400);
    expect(errorOf(await f.admin.post('/system/user', newUser('nonick', { nickName: '  ' }))).field).toBe('nickName');
  });

  it('keeps a scoped manager inside their scope and away from the admin role', async () => {
    expect((await f.mgra.post('/system/user', newUser('scoped1', { deptId: f.deptA1 }))).json().code).toBe(200);
    expect((await f.mgra.post('/system/user', newUser('scoped2', { deptId: f.deptB }))).statusCode).toBe(404);
    expect((await f.mgra.post('/system/user', newUser('scoped3', { deptId: null }))).statusCode).toBe(400);
    const grant = errorOf(await f.mgra.post('/system/user', newUser('scoped4', { roleIds: [1] })));
    expect(grant.status).toBe(403);
    expect((await f.mgra.post('/system/user', newUser('scoped5', { roleIds: [99999] }))).statusCode).toBe(404);
    expect(await countWhere(f.t, 'sys_user', "user_name IN ('scoped2','scoped3','scoped4','scoped5')")).toBe(0);
  });

  it('needs system:user:add', async () => {
    const service = await f.t.login('service');
    expect((await service.post('/system/user', newUser('noperm'))).statusCode).toBe(403);
  });
});

describe('[SYSTEM] PUT /system/user', () => {
  const edit = async (userId: number, extra: Record<string, unknown> = {}) => {
    const current = (await f.admin.get(`/system/user/${userId}`)).json();
    return {
      userId,
      version: current.data.version,
      deptId: current.data.deptId,
      nickName: current.data.nickName,
      phonenumber: current.data.phonenumber,
      email: current.data.email,
      sex: current.data.sex,
      status: current.data.status,
      remark: current.data.remark,
      roleIds: current.roleIds,
      postIds: current.postIds,
      ...extra,
    };
  };

  it('edits a user and bumps the version; a stale version is 409', async () => {
    const body = await edit(f.usera1Id, { nickName: 'Renamed', remark: 'note' });
    expect((await f.mgra.put('/system/user', body)).json().code).toBe(200);
    expect(await versionOf(f.usera1Id)).toBe(body.version + 1);
    const stale = errorOf(await f.mgra.put('/system/user', { ...body, nickName: 'Again' }, EN));
    expect(stale.status).toBe(409);
    expect(stale.errorCode).toBe('CHANGED_RELOAD');
    expect(stale.msg).toBe('Changed by someone else, please reload');
  });

  it('is 404 outside the scope, including moving a user out of it', async () => {
    expect((await f.mgra.put('/system/user', await edit(f.userb1Id))).statusCode).toBe(404);
    expect((await f.mgra.put('/system/user', await edit(f.usera1Id, { deptId: f.deptB }))).statusCode).toBe(404);
  });

  it('protects the administrator and the caller', async () => {
    expect(errorOf(await f.admin.put('/system/user', await edit(1, { status: '1' }))).status).toBe(403);
    expect(errorOf(await f.admin.put('/system/user', await edit(1, { roleIds: [] }))).status).toBe(403);
    expect((await f.admin.put('/system/user', await edit(1, { nickName: '管理员' }))).json().code).toBe(200);
    // A manager who sees everyone still cannot change an administrator.
    expect(errorOf(await f.mgrall.put('/system/user', await edit(1))).status).toBe(403);
    expect(errorOf(await f.mgra.put('/system/user', await edit(f.mgraId, { status: '1' }))).status).toBe(403);
  });
});

describe('[SYSTEM] status, password, roles and unbinding', () => {
  it('disabling a user ends their session at the next request; the change is refused for self and admin', async () => {
    const victim = await f.t.login('usera1', FIXTURE_PASSWORD).catch(() => null);
    expect(victim).not.toBeNull();
    expect((await victim!.get('/system/user/getInfo')).statusCode).toBe(200);
    expect((await f.mgra.put('/system/user/changeStatus', { userId: f.usera1Id, status: '1' })).json().code).toBe(200);
    expect((await victim!.get('/system/user/getInfo')).statusCode).toBe(401);
    expect(
      (await f.t.anon.post('/auth/login', { username: 'usera1', password: FIXTURE_PASSWORD })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await f.mgra.put('/system/user/changeStatus', { userId: f.usera1Id, status: '0' })).json().code).toBe(200);
    expect((await f.t.anon.post('/auth/login', { username: 'usera1', password: FIXTURE_PASSWORD })).json().code).toBe(
      200,
    );
    expect(errorOf(await f.admin.put('/system/user/changeStatus', { userId: 1, status: '1' })).status).toBe(403);
    expect(errorOf(await f.mgra.put('/system/user/changeStatus', { userId: f.mgraId, status: '1' })).status).toBe(403);
    expect((await f.mgra.put('/system/user/changeStatus', { userId: f.userb1Id, status: '1' })).statusCode).toBe(404);
    expect(
      (await f.mgra.put('/system/user/changeStatus', { userId: f.usera1Id, status: '1', version: 0 })).statusCode,
    ).toBe(409);
    expect((await f.mgra.put('/system/user/changeStatus', { userId: f.usera1Id, status: 'x' })).statusCode).toBe(400);
  });

  it("a password reset ends the user's sessions and the new password works", async () => {
    const victim = await f.t.login('usera1', FIXTURE_PASSWORD);
    const res = await f.mgra.put('/system/user/resetPwd', { userId: f.usera1Id, password: 'NewPass#2026' });
    expect(res.json().code).toBe(200);
    expect((await victim.get('/system/user/getInfo')).statusCode).toBe(401);
    expect((await f.t.anon.post('/auth/login', { username: 'usera1', password: 'NewPass#2026' })).json().code).toBe(
      200,
    );
    expect((await f.mgra.put('/system/user/resetPwd', { userId: f.usera1Id, password: 'short' })).statusCode).toBe(400);
    expect(
      (await f.mgra.put('/system/user/resetPwd', { userId: f.userb1Id, password: 'NewPass#2026' })).statusCode,
    ).toBe(404);
    expect(errorOf(await f.mgrall.put('/system/user/resetPwd', { userId: 1, password: 'Takeover#2026' })).status).toBe(
      403,
    );
    const finance = await f.t.login('finance');
    expect(
      (await finance.put('/system/user/resetPwd', { userId: f.usera1Id, password: 'NewPass#2026' })).statusCode,
    ).toBe(403);
    await f.mgra.put('/system/user/resetPwd', { userId: f.usera1Id, password: FIXTURE_PASSWORD });
  });

  it('authRole lists every role with flags and sets roles, effective at the next request', async () => {
    const victim = await f.t.login('usera1', FIXTURE_PASSWORD);
    expect((await victim.get('/system/user/list')).statusCode).toBe(403);
    const got = (await f.mgra.get(`/system/user/authRole/${f.usera1Id}`)).json();
    expect(got.user.userName).toBe('usera1');
    expect(got.roles.every((r: { flag: boolean }) => r.flag === false)).toBe(true);
    expect(got.roles.some((r: { roleId: number }) => r.roleId === 1)).toBe(false);
    expect((await f.mgra.put('/system/user/authRole', { userId: f.usera1Id, roleIds: [f.roleId] })).json().code).toBe(
      200,
    );
    expect((await victim.get('/system/user/list')).statusCode).toBe(200);
    const after = (await f.mgra.get(`/system/user/authRole/${f.usera1Id}`)).json();
    expect(after.roles.find((r: { roleId: number }) => r.roleId === f.roleId).flag).toBe(true);
    expect((await f.mgra.put('/system/user/authRole', { userId: f.usera1Id, roleIds: [] })).json().code).toBe(200);
    expect((await victim.get('/system/user/list')).statusCode).toBe(403);
  });

  it('authRole refuses users outside the scope, the admin role for non-admins, and stripping the admin', async () => {
    expect((await f.mgra.get(`/system/user/authRole/${f.userb1Id}`)).statusCode).toBe(404);
    expect((await f.mgra.put('/system/user/authRole', { userId: f.userb1Id, roleIds: [] })).statusCode).toBe(404);
    expect(errorOf(await f.mgra.put('/system/user/authRole', { userId: f.usera1Id, roleIds: [1] })).status).toBe(403);
    expect(errorOf(await f.admin.put('/system/user/authRole', { userId: 1, roleIds: [f.roleId] })).status).toBe(403);
    expect((await f.admin.put('/system/user/authRole', { userId: f.usera1Id, roleIds: 'x' })).statusCode).toBe(400);
  });

  it("a role losing a permission takes effect at the holder's next request", async () => {
    const [listMenu] = await f.t.db
      .select({ id: sysMenu.menuId })
      .from(sysMenu)
      .where(eq(sysMenu.perms, 'system:user:list'));
    expect((await f.mgra.get('/system/user/list')).statusCode).toBe(200);
    await f.t.db.delete(sysRoleMenu).where(and(eq(sysRoleMenu.roleId, f.roleId), eq(sysRoleMenu.menuId, listMenu!.id)));
    await f.t.syncAuth(); // a change made outside this instance's requests arrives by notification
    expect((await f.mgra.get('/system/user/list')).statusCode).toBe(403);
    await f.t.db.insert(sysRoleMenu).values({ roleId: f.roleId, menuId: listMenu!.id });
    await f.t.syncAuth();
    expect((await f.mgra.get('/system/user/list')).statusCode).toBe(200);
  });

  it('unbinds a third-party app', async () => {
    await f.t.db
      .update(sysUser)
      .set({ bindAppType: 'wechat', bindOpenId: 'o-123' })
      .where(eq(sysUser.userId, f.usera1Id));
    expect((await f.mgra.delete(`/system/user/unbind/line/${f.usera1Id}`)).statusCode).toBe(404);
    expect((await f.mgra.delete(`/system/user/unbind/wechat/${f.userb1Id}`)).statusCode).toBe(404);
    expect((await f.mgra.delete(`/system/user/unbind/wechat/${f.usera1Id}`)).json().code).toBe(200);
    const [row] = await f.t.db.select().from(sysUser).where(eq(sysUser.userId, f.usera1Id));
    expect(row!.bindAppType).toBe('');
    expect(row!.bindOpenId).toBe('');
    expect((await f.mgra.delete(`/system/user/unbind/WeChat!/${f.usera1Id}`)).statusCode).toBe(400);
  });
});

describe('[SYSTEM] DELETE /system/user/{userIds}', () => {
  it('deletes (soft) users, ends their sessions and frees the user name', async () => {
    const id = (await f.mgra.post('/system/user', newUser('gone1'))).json().data.userId;
    const gone = await f.t.login('gone1', 'Quay-Crane#2026');
    expect((await f.mgra.delete(`/system/user/${id}`)).json().code).toBe(200);
    expect((await gone.get('/system/user/getInfo')).statusCode).toBe(401);
    expect((await f.mgra.get(`/system/user/${id}`)).statusCode).toBe(404);
    expect(await countWhere(f.t, 'sys_user', `user_id = ${id} AND del_flag = '2'`)).toBe(1);
    expect(await countWhere(f.t, 'sys_user_role', `user_id = ${id}`)).toBe(0);
    expect((await f.mgra.post('/system/user', newUser('gone1'))).json().code).toBe(200);
  });

  it('refuses self, the administrator, users outside the scope and bad ids', async () => {
    expect(errorOf(await f.mgra.delete(`/system/user/${f.mgraId}`)).status).toBe(403);
    expect(errorOf(await f.admin.delete('/system/user/1')).status).toBe(403);
    expect(errorOf(await f.mgrall.delete('/system/user/1')).status).toBe(403);
    expect((await f.mgra.delete(`/system/user/${f.usera1Id},${f.userb1Id}`)).statusCode).toBe(404);
    expect(await countWhere(f.t, 'sys_user', `user_id = ${f.usera1Id} AND del_flag = '0'`)).toBe(1);
    expect((await f.mgra.delete('/system/user/a,b')).statusCode).toBe(400);
    const sales = await f.t.login('sales');
    expect((await sales.delete(`/system/user/${f.usera1Id}`)).statusCode).toBe(403);
  });
});

describe('[SYSTEM] user export and import', () => {
  it('exports the filtered users inside the scope, headers in the caller language (form-encoded body)', async () => {
    const res = await f.mgra.request({
      method: 'POST',
      url: '/system/user/export',
      payload: 'userName=&pageNum=1&pageSize=20',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...EN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(String(res.headers['content-disposition'])).toMatch(/Users_/);
    const sheet = await readXlsx(res);
    expect(sheet.header).toContain('User name');
    const names = sheet.rows.map((r) => r[1]);
    expect(names).toContain('usera1');
    expect(names).not.toContain('userb1');
    expect(names).not.toContain('admin');
    const all = await readXlsx(await f.admin.post('/system/user/export', {}));
    expect(all.rows.length).toBeGreaterThan(sheet.rows.length);
    expect((await f.admin.post('/system/user/export', { status: 'x' })).statusCode).toBe(400);
    // The list page posts the selected rows as ids (with its filters and sort).
    const picked = await readXlsx(
      await f.admin.request({
        method: 'POST',
        url: '/system/user/export',
        payload: `ids=${f.usera1Id},${f.userb1Id}&orderByColumn=createTime&isAsc=desc&params%5BbeginTime%5D=2000-01-01%2000%3A00%3A00`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(picked.rows.map((r) => r[1]).sort()).toEqual(['usera1', 'userb1']);
    expect((await f.admin.post('/system/user/export', { ids: '1;2' })).statusCode).toBe(400);
    expect((await (await f.t.login('sales')).post('/system/user/export', {})).statusCode).toBe(403);
  });

  it('gives an import template with the translated headers', async () => {
    const res = await f.admin.request({
      method: 'POST',
      url: '/system/user/importTemplate',
      headers: { 'accept-language': 'th' },
    });
    expect(res.statusCode).toBe(200);
    const sheet = await readXlsx(res);
    expect(sheet.header[0]).toBe('ชื่อผู้ใช้');
    expect(sheet.rows).toHaveLength(0);
  });

  const HEADER = ['用户名称', '用户昵称', '归属部门', '手机号码', '邮箱', '性别', '状态', '备注'];
  const upload = async (client = f.mgra, rows: (string | number)[][], updateSupport = false, header = HEADER) => {
    const body = multipart('file', 'users.xlsx', await xlsxBuffer(header, rows));
    return client.request({
      method: 'POST',
      url: `/system/user/importData?updateSupport=${updateSupport}`,
      payload: body.payload,
      headers: { ...body.headers, ...EN },
    });
  };

  it('imports 200 users only when every row is valid: two bad rows are reported and nothing is saved', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => [
      `imp${String(i).padStart(3, '0')}`,
      `导入 ${i}`,
      'Scope A1',
      '',
      '',
      '男',
      '正常',
      '',
    ]);
    rows[17]![3] = '123';
    rows[150]![0] = '9bad';
    const res = errorOf(await upload(f.mgra, rows));
    expect(res.status).toBe(400);
    const errors = (res.data as { errors: { row: number; column: string; message: string }[] }).errors;
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [19, 'Mobile'],
      [152, 'User name'],
    ]);
    expect(errors[0]!.message).not.toMatch(/^err_/);
    expect(await countWhere(f.t, 'sys_user', "user_name LIKE 'imp%'")).toBe(0);

    rows[17]![3] = '';
    rows[150]![0] = 'imp150';
    const ok = await upload(f.mgra, rows);
    expect(ok.json().code).toBe(200);
    expect(ok.json().data).toEqual({ created: 200, updated: 0 });
    expect(ok.json().msg).toBe('Imported: 200 added, 0 updated');
    expect(
      await countWhere(
        f.t,
        'sys_user',
        `user_name LIKE 'imp%' AND dept_id = ${f.deptA1} AND sex = '0' AND must_change_password`,
      ),
    ).toBe(200);
  });

  it('reports existing users unless updating, and updates them with updateSupport', async () => {
    const rows = [['imp001', 'Updated one', '', '13900000001', 'imp001@theone.example', 'Female', 'Disabled', 'x']];
    const refused = errorOf(await upload(f.mgra, rows));
    expect(refused.status).toBe(400);
    expect((refused.data as { errors: { message: string }[] }).errors[0]!.message).toMatch(/already exists/);
    const res = await upload(f.mgra, rows, true);
    expect(res.json().data).toEqual({ created: 0, updated: 1 });
    const [row] = await f.t.db.select().from(sysUser).where(eq(sysUser.userName, 'imp001'));
    expect(row).toMatchObject({
      nickName: 'Updated one',
      sex: '1',
      status: '1',
      phonenumber: '13900000001',
      deptId: f.deptA1,
    });
  });

  it('refuses rows outside the scope, duplicates in the file, unknown departments and bad files', async () => {
    const res = errorOf(
      await upload(
        f.mgra,
        [
          ['userb1', 'B user', 'Scope A', '', '', '', '', ''],
          ['dupe01', 'Dupe', 'Scope A', '', '', '', '', ''],
          ['DUPE01', 'Dupe', 'Scope A', '', '', '', '', ''],
          ['nodept', 'No dept', 'Scope B', '', '', '', '', ''],
          ['nodept2', 'No dept', '', '', '', '', '', ''],
        ],
        true,
      ),
    );
    const errors = (res.data as { errors: { row: number; column: string }[] }).errors;
    expect(errors.map((e) => e.row)).toEqual([2, 4, 5, 6]);
    const notExcel = multipart('file', 'users.xlsx', Buffer.from('not a spreadsheet'));
    const bad = await f.mgra.request({
      method: 'POST',
      url: '/system/user/importData',
      payload: notExcel.payload,
      headers: notExcel.headers,
    });
    expect(bad.statusCode).toBe(415);
    const noFile = await f.mgra.request({ method: 'POST', url: '/system/user/importData', payload: {} });
    expect(noFile.statusCode).toBe(400);
    const missing = errorOf(await upload(f.mgra, [['a1234', 'x']], false, ['用户名称', '其他']));
    expect(missing.status).toBe(400);
    const finance = await f.t.login('finance');
    expect((await upload(finance, [['zzzzz1', 'x', '', '', '', '', '', '']])).statusCode).toBe(403);
  });
});

describe('[SYSTEM] user operations write the operation log', () => {
  it('titles the rows with the screen and masks passwords', async () => {
    await f.t.flushOperlog();
    const rows = await f.t.db.execute<{ title: string; business_type: number; oper_param: string }>(
      sql`SELECT title, business_type, oper_param FROM sys_oper_log WHERE oper_url = '/prod-api/system/user/resetPwd' ORDER BY oper_id`,
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows[0]!.title).toBe('menu_user');
    expect(rows.rows[0]!.business_type).toBe(2);
    expect(rows.rows.every((r) => !r.oper_param.includes('NewPass#2026'))).toBe(true);
    const imports = await f.t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sys_oper_log WHERE oper_url = '/prod-api/system/user/importData' AND business_type = 6`,
    );
    expect(imports.rows[0]!.n).toBeGreaterThan(0);
  });
});

describe('[SYSTEM] PUT /system/user/profile', () => {
  it("refuses a phone number another user has; the caller's own is no clash", async () => {
    const [me] = await f.t.db
      .select({ nickName: sysUser.nickName, email: sysUser.email })
      .from(sysUser)
      .where(eq(sysUser.userId, f.mgraId));
    const taken = { ...me, phonenumber: '13826451207' };
    const dup = errorOf(await f.mgra.put('/system/user/profile', taken, EN));
    expect(dup.status).toBe(409);
    expect(dup.errorCode).toBe('DUPLICATE');
    expect(dup.msg).toMatch(/13826451207/);
    const own = { ...me, phonenumber: '13900001111' };
    expect((await f.mgra.put('/system/user/profile', own)).json().code).toBe(200);
    expect((await f.mgra.put('/system/user/profile', own)).json().code).toBe(200);
  });
});
