import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/suite';
import { hashPassword } from '../../platform/auth/password';
import { sysConfig } from '../../platform/db/config.table';
import { errorOf, multipart, xlsxBuffer } from '../system/shared/system.fixture';
import { sysUser } from '../system/user/user.table';

/**
 * The new-password rule (issue 11 item 4) on every route that sets a password, and the lockout of wrong old
 * passwords on a password change. Each test uses its own accounts, so the lockout counters do not meet.
 */
const EN = { 'accept-language': 'en' };
const GOOD = 'Quay-Crane#2026';
const INIT = 'Theone@2026';

const s = useSuite({ users: ['admin'] });

/** A user of its own (no roles), signed in. */
async function person(userName: string, nickName = userName) {
  await s.t.db.insert(sysUser).values({ userName, nickName, password: await hashPassword(GOOD) });
  return s.t.login(userName, GOOD);
}

async function setInitPassword(value: string) {
  await s.t.db.update(sysConfig).set({ configValue: value }).where(eq(sysConfig.configKey, 'sys.user.initPassword'));
  s.t.deps.settings.invalidate();
}

describe('[AUTH] the new-password rule where a password is set', () => {
  it('refuses a common password on the profile change, with the reason in the reader language', async () => {
    const me = await person('rulep1');
    const res = await me.put('/system/user/profile/updatePwd', { oldPassword: GOOD, newPassword: 'Password123!' }, EN);
    expect(errorOf(res)).toMatchObject({ status: 400, errorCode: 'VALIDATION', field: 'newPassword' });
    expect(errorOf(res).msg).toBe('This is a common password (or close to one) and easy to guess; choose another');
    const zh = await me.put('/system/user/profile/updatePwd', { oldPassword: GOOD, newPassword: 'qwertyuiop12' });
    expect(errorOf(zh).msg).toMatch(/常见密码|键盘顺序/);
    // nothing changed: the old password still signs in
    expect((await s.t.anon.post('/auth/login', { username: 'rulep1', password: GOOD })).json().code).toBe(200);
  });

  it('refuses 9 characters (length rule: 10 to 64, no composition rule) and accepts a long lower-case phrase', async () => {
    const me = await person('rulep2');
    const short = await me.put('/system/user/profile/updatePwd', { oldPassword: GOOD, newPassword: 'kx8#Lm2qP' }, EN);
    expect(errorOf(short)).toMatchObject({ status: 400, field: 'newPassword' });
    expect(errorOf(short).msg).toBe('The password must be 10 to 64 characters');
    const phrase = 'gantry crane quay lorry';
    const ok = await me.put('/system/user/profile/updatePwd', { oldPassword: GOOD, newPassword: phrase });
    expect(ok.json().code).toBe(200);
    expect((await s.t.anon.post('/auth/login', { username: 'rulep2', password: phrase })).json().code).toBe(200);
  });

  it('refuses the user name and the display name inside the new password', async () => {
    const me = await person('somchai', 'Somchai Wattana');
    const withName = await me.put(
      '/system/user/profile/updatePwd',
      { oldPassword: GOOD, newPassword: 'xx-SOMCHAI-2026-yy' },
      EN,
    );
    expect(errorOf(withName).msg).toBe('The password must not contain the user name');
    const withNick = await me.put(
      '/system/user/profile/updatePwd',
      { oldPassword: GOOD, newPassword: 'Wattana#1990' },
      EN,
    );
    expect(errorOf(withNick).msg).toBe("The password must not be based on the user name or the person's name");
  });

  it('applies on the change-password page, signed in (first-login change) and signed out', async () => {
    const me = await person('rulereg1');
    const signedIn = await me.post('/auth/register', { oldPassword: GOOD, newPassword: '1qaz2wsx3edc' }, EN);
    expect(errorOf(signedIn)).toMatchObject({ status: 400, field: 'newPassword' });
    const signedOut = await s.t.anon.post(
      '/auth/register',
      { username: 'rulereg1', oldPassword: GOOD, newPassword: 'rulereg1-is-me' },
      EN,
    );
    expect(errorOf(signedOut).msg).toBe('The password must not contain the user name');
    const done = await s.t.anon.post('/auth/register', {
      username: 'rulereg1',
      oldPassword: GOOD,
      newPassword: 'Lantern-Otter-42',
    });
    expect(done.json().code).toBe(200);
  });

  it('applies to an administrator reset, with the target user as context', async () => {
    await person('rulerst1');
    const [u] = await s.t.db.select().from(sysUser).where(eq(sysUser.userName, 'rulerst1'));
    const common = await s.admin.put('/system/user/resetPwd', { userId: u!.userId, password: 'Welcome@123' }, EN);
    expect(errorOf(common)).toMatchObject({ status: 400, field: 'password' });
    const named = await s.admin.put('/system/user/resetPwd', { userId: u!.userId, password: 'Rulerst1-2026!' }, EN);
    expect(errorOf(named).msg).toBe('The password must not contain the user name');
    expect(
      (await s.admin.put('/system/user/resetPwd', { userId: u!.userId, password: 'Mekong-Barge-31' })).json().code,
    ).toBe(200);
  });

  it('applies to a new user, given or the initial password setting', async () => {
    const base = { nickName: 'Rule add', sex: '0', status: '0', postIds: [], roleIds: [] };
    const common = await s.admin.post('/system/user', { ...base, userName: 'ruleadd1', password: 'iloveyou123' }, EN);
    expect(errorOf(common)).toMatchObject({ status: 400, field: 'password' });
    const named = await s.admin.post('/system/user', { ...base, userName: 'ruleadd1', password: 'ruleadd1-pass!' }, EN);
    expect(errorOf(named).msg).toBe('The password must not contain the user name');

    // The initial password: an old weak setting is refused with a pointer to Settings; a good one works.
    await setInitPassword('abc12345');
    const weakInit = await s.admin.post('/system/user', { ...base, userName: 'ruleadd2' }, EN);
    expect(errorOf(weakInit).msg).toBe(
      'The initial password in Settings does not meet the password rule; change it in Settings first',
    );
    await setInitPassword(INIT);
    const theone = await s.admin.post('/system/user', { ...base, userName: 'theone' }, EN);
    expect(errorOf(theone).msg).toMatch(/The initial password contains the user name "theone"/);
    expect((await s.admin.post('/system/user', { ...base, userName: 'ruleadd2' })).json().code).toBe(200);
    expect(await s.t.db.$count(sysUser, sql`${sysUser.userName} IN ('ruleadd1', 'theone')`)).toBe(0);
  });

  it('applies to a user import: a weak initial password setting, and a new user named inside it', async () => {
    const header = ['用户名称', '用户昵称', '归属部门', '手机号码', '邮箱', '性别', '状态', '备注'];
    const upload = async (rows: string[][]) => {
      const body = multipart('file', 'users.xlsx', await xlsxBuffer(header, rows));
      return s.admin.request({
        method: 'POST',
        url: '/system/user/importData',
        payload: body.payload,
        headers: { ...body.headers, ...EN },
      });
    };
    await setInitPassword('password1234');
    expect(errorOf(await upload([['ruleimp1', 'Imp 1', '', '', '', '', '', '']])).msg).toMatch(
      /initial password in Settings does not meet the password rule/,
    );
    await setInitPassword(INIT);
    const named = await upload([
      ['ruleimp1', 'Imp 1', '', '', '', '', '', ''],
      ['theone', 'Imp 2', '', '', '', '', '', ''],
    ]);
    expect(named.statusCode).toBe(400);
    expect(JSON.stringify(named.json())).toMatch(/initial password contains the user name/);
    expect(await s.t.db.$count(sysUser, sql`${sysUser.userName} = 'ruleimp1'`)).toBe(0);
  });

  it('applies to the initial password setting itself', async () => {
    const [row] = await s.t.db.select().from(sysConfig).where(eq(sysConfig.configKey, 'sys.user.initPassword'));
    const edit = (configValue: string) => s.admin.put('/system/config', { ...pick(row!), configValue }, EN);
    expect(errorOf(await edit('Password2026!')).msg).toMatch(/common password/);
    expect(errorOf(await edit('short')).msg).toBe('The password must be 10 to 64 characters');
  });

  it('leaves stored passwords alone: the demo accounts still sign in with demo123 and admin123', async () => {
    expect((await s.t.anon.post('/auth/login', { username: 'sales', password: 'demo123' })).json().code).toBe(200);
    expect((await s.t.anon.post('/auth/login', { username: 'admin', password: 'admin123' })).json().code).toBe(200);
  });
});

/** The fields PUT /system/config takes, from a stored row. */
function pick(row: typeof sysConfig.$inferSelect) {
  const { configId, version, configName, configNameEn, configNameTh, configKey, configType } = row;
  const { remark, remarkEn, remarkTh } = row;
  return {
    configId,
    version,
    configName,
    configNameEn,
    configNameTh,
    configKey,
    configType,
    remark,
    remarkEn,
    remarkTh,
  };
}

describe('[AUTH] wrong old passwords count like wrong sign-ins', () => {
  it('says how many attempts are left, on the old-password field', async () => {
    const me = await person('lockp1');
    const res = await me.put(
      '/system/user/profile/updatePwd',
      { oldPassword: 'not-it-1', newPassword: 'Mekong-Barge-31' },
      EN,
    );
    expect(errorOf(res)).toMatchObject({ status: 400, field: 'oldPassword' });
    expect(errorOf(res).msg).toBe('The old password is wrong; 4 attempts left');
  });

  it('20 parallel wrong old passwords lock the account exactly once and end the session', async () => {
    const me = await person('lockp2');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        me.put('/system/user/profile/updatePwd', { oldPassword: `wrong-${i}`, newPassword: 'Mekong-Barge-31' }, EN),
      ),
    );
    const bodies = answers.map(errorOf);
    const lockedNow = bodies.filter((b) => b.msg === 'Wrong password 5 times; account locked for 10 min');
    expect(lockedNow).toHaveLength(1);
    expect(lockedNow[0]!.status).toBe(423);
    // the others: 'wrong, n left' before the lock, 'locked' after it, or the ended session
    for (const b of bodies) expect([400, 401, 423]).toContain(b.status);
    const [lock] = (
      await s.t.db.execute<{ fail_count: number; locked: boolean }>(
        sql`SELECT fail_count, locked_until > now() AS locked FROM sys_login_lock WHERE user_name = 'lockp2'`,
      )
    ).rows;
    expect(lock).toMatchObject({ locked: true });
    // the session is over, and the right password does not sign in while the lock lasts
    await s.t.syncAuth();
    expect((await me.get('/system/user/getInfo')).statusCode).toBe(401);
    const login = await s.t.anon.post('/auth/login', { username: 'lockp2', password: GOOD }, EN);
    expect(errorOf(login)).toMatchObject({ status: 423, errorCode: 'LOCKED' });
    const rows = await s.t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sys_logininfor WHERE user_name = 'lockp2' AND msg LIKE 'err_account_locked_now%'`,
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('the signed-in change-password page counts the same attempts and ends its session on the lock', async () => {
    const me = await person('lockp3');
    for (let i = 0; i < 4; i++) {
      const res = await me.post('/auth/register', { oldPassword: `nope-${i}`, newPassword: 'Mekong-Barge-31' }, EN);
      expect(errorOf(res).field).toBe('oldPassword');
    }
    const fifth = await me.post('/auth/register', { oldPassword: 'nope-5', newPassword: 'Mekong-Barge-31' }, EN);
    expect(errorOf(fifth)).toMatchObject({ status: 423, errorCode: 'LOCKED' });
    await s.t.syncAuth();
    expect((await me.get('/system/user/getInfo')).statusCode).toBe(401);
  });

  it('a right old password clears the count', async () => {
    const me = await person('lockp4');
    await me.put('/system/user/profile/updatePwd', { oldPassword: 'nope', newPassword: 'Mekong-Barge-31' });
    expect(
      (await me.put('/system/user/profile/updatePwd', { oldPassword: GOOD, newPassword: 'Mekong-Barge-31' })).json()
        .code,
    ).toBe(200);
    const left = await s.t.db.execute(sql`SELECT 1 FROM sys_login_lock WHERE user_name = 'lockp4'`);
    expect(left.rows).toHaveLength(0);
  });
});
