import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../../test/suite';
import { sysConfig } from '../../../platform/db/config.table';
import { sysDept } from '../dept/dept.table';
import { sysPost } from '../post/post.table';
import { sysRole } from '../role/role.table';
import { applySeed } from '../seed/seed';
import { sysUser } from '../user/user.table';
import { multipart, readXlsx, xlsxBuffer } from './system.fixture';

/**
 * Seeded system rows in three languages (issue 10 item 13, ADR 0007): record endpoints answer the stored names
 * (`roleName`, `roleNameEn`, `roleNameTh`), everything that names another record answers the reader's language,
 * an administrator's typed name stays as typed, and the seed fills the names of databases made before them.
 */
const EN = { 'accept-language': 'en' };
const TH = { 'accept-language': 'th' };
const CJK = /[\u3400-\u9fff]/;

interface Tree {
  id: number;
  label: string;
  children?: Tree[];
}
const labels = (nodes: Tree[]): string[] => nodes.flatMap((n) => [n.label, ...labels(n.children ?? [])]);

/** An edit's body: the stored row's `keep` fields as they are (the id and version among them), and `changes`. */
const editBody = <R extends object>(row: R, keep: readonly (keyof R & string)[], changes: Record<string, string>) => ({
  ...Object.fromEntries(keep.map((key) => [key, row[key]])),
  ...changes,
});

const s = useSuite({ users: ['admin'] });

describe('[SYSTEM] seeded names in the reader language', () => {
  it('role, post, department, setting and dictionary type rows carry the three names', async () => {
    const roles = (await s.admin.get('/system/role/list?pageSize=50', EN)).json().rows;
    expect(roles.find((r: { roleKey: string }) => r.roleKey === 'sales')).toMatchObject({
      roleName: '业务员',
      roleNameEn: 'Sales',
      roleNameTh: 'เซลล์',
    });
    const posts = (await s.admin.get('/system/post/list?pageSize=50', TH)).json().rows;
    expect(posts.find((p: { postCode: string }) => p.postCode === 'driver')).toMatchObject({
      postName: '司机',
      postNameEn: 'Driver',
      postNameTh: 'คนขับรถ',
    });
    const depts = (await s.admin.get('/system/dept/list', EN)).json().data;
    expect(depts.every((d: { deptNameEn: string; deptNameTh: string }) => d.deptNameEn && d.deptNameTh)).toBe(true);
    const configs = (await s.admin.get('/system/config/list?pageSize=50', EN)).json().rows;
    const captcha = configs.find((c: { configKey: string }) => c.configKey === 'sys.account.captchaEnabled');
    expect(captcha).toMatchObject({
      configName: '账号自助-验证码开关',
      configNameEn: 'Account - captcha on sign-in',
      remark: '是否在登录页显示验证码（true 开启，false 关闭）',
      remarkEn: 'Show a captcha on the sign-in page (true on, false off).',
    });
    expect(captcha.remarkTh).toMatch(/รหัสยืนยัน/);
    const types = (await s.admin.get('/system/dict/type/list?pageSize=100', TH)).json().rows;
    expect(types.every((d: { dictNameTh: string }) => d.dictNameTh && !CJK.test(d.dictNameTh))).toBe(true);
  });

  it('name filters match any language', async () => {
    const roles = (await s.admin.get('/system/role/list?roleName=Customer', EN)).json().rows;
    expect(roles.map((r: { roleKey: string }) => r.roleKey)).toEqual(['service']);
    const depts = (await s.admin.get(`/system/dept/list?deptName=${encodeURIComponent('กรุงเทพ')}`, TH)).json().data;
    expect(depts.map((d: { deptName: string }) => d.deptName)).toEqual(['曼谷仓']);
    const posts = (await s.admin.get('/system/post/list?postName=keeper', EN)).json().rows;
    expect(posts.map((p: { postCode: string }) => p.postCode)).toEqual(['wh']);
    const configs = (await s.admin.get('/system/config/list?configName=captcha', EN)).json().rows;
    expect(configs.map((c: { configKey: string }) => c.configKey)).toEqual(['sys.account.captchaEnabled']);
    const users = (await s.admin.get('/system/user/list?nickName=Somchai', EN)).json().rows;
    expect(users.map((u: { userName: string }) => u.userName)).toEqual(['driver']);
  });

  it('names departments, roles and posts of users, trees and options in the reader language', async () => {
    const users = (await s.admin.get('/system/user/list?pageSize=50', EN)).json().rows;
    const sales = users.find((u: { userName: string }) => u.userName === 'sales');
    expect(sales.deptName).toBe('Sales department');
    expect(sales.dept.deptName).toBe('Sales department');
    expect(sales.roles.map((r: { roleName: string }) => r.roleName)).toEqual(['Sales']);
    const thUsers = (await s.admin.get('/system/user/list?pageSize=50', TH)).json().rows;
    expect(thUsers.find((u: { userName: string }) => u.userName === 'driver')).toMatchObject({
      deptName: 'โกดังกรุงเทพฯ',
      nickName: '颂猜',
      nickNameTh: 'สมชาย',
    });

    const tree = (await s.admin.get('/system/user/deptTree', TH)).json().data as Tree[];
    expect(labels(tree)).toContain('แผนกขาย');
    expect(labels(tree).some((l) => CJK.test(l))).toBe(false);
    const adminRoleTree = (await s.admin.get('/system/role/deptTree/2', EN)).json().depts as Tree[];
    expect(labels(adminRoleTree)).toContain('Yiwu warehouse');

    const options = (await s.admin.get('/system/user', EN)).json();
    expect(options.roles.map((r: { roleName: string }) => r.roleName)).toContain('Super administrator');
    expect(options.posts.map((p: { postName: string }) => p.postName)).toContain('Warehouse keeper');
    const detail = (await s.admin.get(`/system/user/${sales.userId}`, TH)).json();
    expect(detail.data.dept.deptName).toBe('แผนกขาย');
    expect(detail.data.roles.map((r: { roleName: string }) => r.roleName)).toEqual(['เซลล์']);
    const authRole = (await s.admin.get(`/system/user/authRole/${sales.userId}`, EN)).json();
    expect(authRole.roles.find((r: { flag: boolean }) => r.flag).roleName).toBe('Sales');
    const holders = (await s.admin.get('/system/role/authUser/allocatedList?roleId=2', EN)).json().rows;
    expect(holders.find((u: { userName: string }) => u.userName === 'sales2').deptName).toBe('Yiwu warehouse');
  });

  it("gives the session user's and the profile's names for the header and the profile page", async () => {
    const info = (await s.admin.get('/system/user/getInfo', EN)).json();
    expect(info.user).toMatchObject({
      nickName: '系统管理员',
      nickNameEn: 'System administrator',
      nickNameTh: 'ผู้ดูแลระบบ',
      dept: { deptName: 'TheOne物流总公司', deptNameEn: 'TheOne Logistics head office' },
    });
    const sales = await s.t.login('sales', 'demo123');
    const profile = (await sales.get('/system/user/profile', TH)).json();
    expect(profile.roleGroup).toBe('เซลล์');
    expect(profile.postGroup).toBe('เซลล์');
    expect(profile.data.dept.deptNameTh).toBe('แผนกขาย');
  });
});

describe('[SYSTEM] what an administrator types', () => {
  it('editing the name in one language keeps the others', async () => {
    const [role] = await s.t.db.select().from(sysRole).where(eq(sysRole.roleKey, 'dispatcher'));
    const keep = ['roleId', 'version', 'roleNameEn', 'roleNameTh', 'roleKey', 'roleSort'] as const;
    const body = editBody(role!, keep, { roleName: '运营调度' });
    expect((await s.admin.put('/system/role', body)).json().code).toBe(200);
    const rows = (await s.admin.get('/system/role/list?roleKey=dispatcher', EN)).json().rows;
    expect(rows[0]).toMatchObject({ roleName: '运营调度', roleNameEn: 'Dispatcher', roleNameTh: 'ผู้ประสานงานขนส่ง' });
    const users = (await s.admin.get('/system/user/list?userName=dispatcher', EN)).json().rows;
    expect(users[0].roles.map((r: { roleName: string }) => r.roleName)).toEqual(['Dispatcher']);
    const zh = (await s.admin.get('/system/user/list?userName=dispatcher')).json().rows;
    expect(zh[0].roles.map((r: { roleName: string }) => r.roleName)).toEqual(['运营调度']);
  });

  it('a name typed without translations shows as typed in every language, and is never replaced by the seed', async () => {
    const res = await s.admin.post('/system/dept', { parentId: 100, deptName: 'โกดังภูเก็ต', orderNum: 9 }, EN);
    expect(res.json().code).toBe(200);
    const deptId = res.json().data.deptId;
    const [sales] = await s.t.db.select().from(sysDept).where(eq(sysDept.seedKey, 'sales'));
    const edit = editBody(sales!, ['deptId', 'version', 'parentId', 'orderNum'], {
      deptName: 'Sales & marketing',
      deptNameEn: '',
      deptNameTh: '',
      status: '0',
    });
    expect((await s.admin.put('/system/dept', edit, EN)).json().code).toBe(200);
    await applySeed(s.t.db, { production: false });
    for (const lang of [{}, EN, TH]) {
      const tree = labels((await s.admin.get('/system/user/deptTree', lang)).json().data as Tree[]);
      expect(tree).toContain('โกดังภูเก็ต');
      expect(tree).toContain('Sales & marketing');
    }
    const [stored] = await s.t.db.select().from(sysDept).where(eq(sysDept.deptId, deptId));
    expect(stored).toMatchObject({ deptName: 'โกดังภูเก็ต', deptNameEn: '', deptNameTh: '' });
  });

  it('a translation given by the administrator is what that language reads', async () => {
    const [post] = await s.t.db.select().from(sysPost).where(eq(sysPost.postCode, 'manager'));
    const changes = { postCode: 'manager', postName: '经理', postNameEn: 'Branch manager', postNameTh: '' };
    const body = editBody(post!, ['postId', 'version', 'postSort'], changes);
    expect((await s.admin.put('/system/post', body)).json().code).toBe(200);
    const en = (await s.admin.get('/system/user', EN)).json().posts.map((p: { postName: string }) => p.postName);
    expect(en).toContain('Branch manager');
    const th = (await s.admin.get('/system/user', TH)).json().posts.map((p: { postName: string }) => p.postName);
    expect(th).toContain('经理');
  });

  it('the profile keeps the translations the form does not send; the import of a new name drops them', async () => {
    const driver = await s.t.login('driver', 'demo123');
    const mine = (await driver.get('/system/user/profile')).json().data;
    const put = await driver.put('/system/user/profile', {
      nickName: '颂猜',
      phonenumber: mine.phonenumber,
      email: '',
    });
    expect(put.json().code).toBe(200);
    const [kept] = await s.t.db.select().from(sysUser).where(eq(sysUser.userName, 'driver'));
    expect(kept).toMatchObject({ nickNameEn: 'Somchai', nickNameTh: 'สมชาย' });

    const header = ['用户名称', '用户昵称', '归属部门', '手机号码', '邮箱', '性别', '状态', '备注'];
    const upload = async (nick: string) => {
      const body = multipart(
        'file',
        'u.xlsx',
        await xlsxBuffer(header, [['driver', nick, '曼谷仓', '', '', '', '', '']]),
      );
      return s.admin.request({
        method: 'POST',
        url: '/system/user/importData?updateSupport=true',
        payload: body.payload,
        headers: { ...body.headers, ...EN },
      });
    };
    expect((await upload('颂猜')).json().code).toBe(200);
    const [same] = await s.t.db.select().from(sysUser).where(eq(sysUser.userName, 'driver'));
    expect(same!.nickNameTh).toBe('สมชาย');
    expect((await upload('Somchai J.')).json().code).toBe(200);
    const [renamed] = await s.t.db.select().from(sysUser).where(eq(sysUser.userName, 'driver'));
    expect(renamed).toMatchObject({ nickName: 'Somchai J.', nickNameEn: '', nickNameTh: '' });
  });

  it('the import finds a department by its name in any language', async () => {
    const header = ['用户名称', '用户昵称', '归属部门'];
    const body = multipart('file', 'u.xlsx', await xlsxBuffer(header, [['newth1', 'Ploy', 'แผนกการเงิน']]));
    const res = await s.admin.request({
      method: 'POST',
      url: '/system/user/importData',
      payload: body.payload,
      headers: { ...body.headers, ...TH },
    });
    expect(res.json().code).toBe(200);
    const [user] = await s.t.db.select().from(sysUser).where(eq(sysUser.userName, 'newth1'));
    const [finance] = await s.t.db.select().from(sysDept).where(eq(sysDept.seedKey, 'finance'));
    expect(user!.deptId).toBe(finance!.deptId);
  });
});

describe('[SYSTEM] exports in the reader language', () => {
  it('roles, posts, settings, dictionary types and users', async () => {
    const roles = await readXlsx(await s.admin.post('/system/role/export', {}, TH));
    expect(roles.rows.map((r) => r[1])).toContain('ผู้ดูแลระบบสูงสุด');
    const posts = await readXlsx(await s.admin.post('/system/post/export', {}, EN));
    expect(posts.rows.map((r) => r[2])).toContain('Customer service');
    const configs = await readXlsx(await s.admin.post('/system/config/export', {}, EN));
    const captcha = configs.rows.find((r) => r[2] === 'sys.account.captchaEnabled')!;
    expect(captcha[1]).toBe('Account - captcha on sign-in');
    expect(captcha.at(-1)).toBe('Show a captcha on the sign-in page (true on, false off).');
    const types = await readXlsx(await s.admin.post('/system/dict/type/export', {}, TH));
    expect(types.rows.some((r) => CJK.test(r[1] ?? ''))).toBe(false);
    const users = await readXlsx(await s.admin.post('/system/user/export', { userName: 'admin' }, EN));
    expect(users.rows[0]!.slice(1, 4)).toEqual(['admin', 'System administrator', 'TheOne Logistics head office']);
  });
});

describe('[SYSTEM] the seed on a database made before the names', () => {
  it('fills seeded rows nobody renamed or translated, replaces the old bilingual remarks, and is idempotent', async () => {
    // The state of a database seeded by an earlier release: no translations, remarks as one bilingual text.
    await s.t.db.execute(
      sql`UPDATE sys_role SET role_name_en = '', role_name_th = '' WHERE role_key IN ('finance', 'driver')`,
    );
    await s.t.db.execute(sql`UPDATE sys_role SET role_name = '司机组' WHERE role_key = 'driver'`);
    await s.t.db.execute(sql`UPDATE sys_dept SET dept_name_en = '', dept_name_th = '' WHERE seed_key = 'wh_yiwu'`);
    await s.t.db.execute(sql`UPDATE sys_post SET post_name_en = '', post_name_th = '' WHERE post_code = 'cs'`);
    await s.t.db.execute(sql`UPDATE sys_user SET nick_name_en = '', nick_name_th = '' WHERE user_id = 1`);
    const former = '连续登录失败多少次后锁定账号 / Failed sign-ins in a row before the account is locked.';
    await s.t.db
      .update(sysConfig)
      .set({ configNameEn: '', configNameTh: '', remark: former, remarkEn: '', remarkTh: '' })
      .where(eq(sysConfig.configKey, 'sys.login.lockCount'));
    await s.t.db
      .update(sysConfig)
      .set({ remark: 'Our own note', remarkEn: '', remarkTh: '' })
      .where(eq(sysConfig.configKey, 'sys.login.lockMinutes'));

    for (let run = 0; run < 2; run++) {
      await applySeed(s.t.db, { production: false });
      const roles = await s.t.db.select().from(sysRole).where(eq(sysRole.delFlag, '0'));
      expect(roles.find((r) => r.roleKey === 'finance')).toMatchObject({
        roleNameEn: 'Finance',
        roleNameTh: 'ฝ่ายการเงิน',
      });
      expect(roles.find((r) => r.roleKey === 'driver')).toMatchObject({ roleName: '司机组', roleNameEn: '' });
      const [yiwu] = await s.t.db.select().from(sysDept).where(eq(sysDept.seedKey, 'wh_yiwu'));
      expect(yiwu).toMatchObject({ deptNameEn: 'Yiwu warehouse', deptNameTh: 'โกดังอี้อู' });
      const [cs] = await s.t.db.select().from(sysPost).where(eq(sysPost.postCode, 'cs'));
      expect(cs!.postNameEn).toBe('Customer service');
      const [adminUser] = await s.t.db.select().from(sysUser).where(eq(sysUser.userId, 1));
      expect(adminUser).toMatchObject({ nickName: '系统管理员', nickNameEn: 'System administrator' });
      const [lockCount] = await s.t.db.select().from(sysConfig).where(eq(sysConfig.configKey, 'sys.login.lockCount'));
      expect(lockCount).toMatchObject({
        configNameEn: 'Sign-in - failures before locking',
        remark: '连续登录失败多少次后锁定账号',
        remarkEn: 'Failed sign-ins in a row before the account is locked.',
      });
      const [own] = await s.t.db
        .select()
        .from(sysConfig)
        .where(and(eq(sysConfig.configKey, 'sys.login.lockMinutes')));
      expect(own).toMatchObject({ remark: 'Our own note', remarkEn: '', remarkTh: '' });
    }
  });
});
