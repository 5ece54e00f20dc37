import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-test-app';
import { useSuite } from '../../../test/suite';
import { sysLogininfor } from '../../platform/db/log.table';
import { sysUser } from '../system/user/user.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (username: string, password: string, extra: Record<string, unknown> = {}) =>
  t.anon.post('/auth/login', { username, password, ...extra });

describe('[AUTH] login, session, logout', () => {
  it('signs in the admin and returns a token with its lifetime in minutes', async () => {
    const res = await login('admin', 'admin123');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.access_token).toMatch(/^ey/);
    expect(body.data.expires_in).toBe(720);
    expect(body.data.mustChangePassword).toBe(false);
  });

  it('getInfo returns the admin with all permissions and the fee role', async () => {
    const admin = await t.login('admin');
    const res = await admin.get('/system/user/getInfo');
    const body = res.json();
    expect(body.roles).toEqual(['admin']);
    expect(body.permissions).toEqual(['*:*:*']);
    expect(body.isFeeRole).toBe(true);
    expect(body.user.userName).toBe('admin');
    expect(body.user.password).toBeUndefined();
  });

  it('getInfo of a demo sales user lists role keys and only granted permissions', async () => {
    const sales = await t.login('sales');
    const body = (await sales.get('/system/user/getInfo')).json();
    expect(body.roles).toContain('sales');
    expect(body.permissions).not.toContain('*:*:*');
    expect(body.permissions.length).toBeGreaterThan(0);
    expect(body.permissions).not.toContain('system:user:list');
  });

  it('getRouters gives the admin every group and a sales user only its menus', async () => {
    const admin = await t.login('admin');
    const adminRouters = (await admin.get('/system/menu/getRouters')).json().data as Array<{ path: string }>;
    expect(adminRouters.map((r) => r.path)).toEqual(expect.arrayContaining(['/bus', '/system', '/bas']));
    const sales = await t.login('sales');
    const salesRouters = (await sales.get('/system/menu/getRouters')).json().data as Array<{ path: string }>;
    expect(salesRouters.map((r) => r.path)).not.toContain('/system');
  });

  it('a wrong password is refused with a translated message and a login-log row', async () => {
    const res = await t.anon.post(
      '/auth/login',
      { username: 'service', password: 'wrong-one' },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(500);
    expect(res.json().msg).toMatch(/Wrong user name or password/);
    const rows = await t.db.select().from(sysLogininfor).where(eq(sysLogininfor.userName, 'service'));
    expect(rows.some((r) => r.status === '1')).toBe(true);
  });

  it('an unknown user gets the same message as a wrong password', async () => {
    const res = await login('nobody-here', 'whatever1');
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('LOGIN_FAILED');
  });

  it('logout ends the session: the same token is refused with body code 401', async () => {
    const driver = await t.login('driver');
    expect((await driver.get('/system/user/getInfo')).statusCode).toBe(200);
    expect((await driver.delete('/auth/logout')).json().code).toBe(200);
    const after = await driver.get('/system/user/getInfo');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(401);
  });

  it('refresh returns a new token for the same session', async () => {
    const c = await t.login('dispatcher');
    const res = await c.post('/auth/refresh');
    expect(res.json().code).toBe(200);
    const fresh = t.client(res.json().data.access_token);
    expect((await fresh.get('/system/user/getInfo')).statusCode).toBe(200);
  });

  it("a change to a role's permissions takes effect on the next request (auth epoch)", async () => {
    const sales = await t.login('sales');
    const before = (await sales.get('/system/user/getInfo')).json().permissions as string[];
    const victim = before[0]!;
    await t.db.execute(sql`DELETE FROM sys_role_menu rm USING sys_menu m, sys_role r
      WHERE rm.menu_id = m.menu_id AND rm.role_id = r.role_id AND r.role_key = 'sales' AND m.perms = ${victim}`);
    await t.syncAuth();
    const after = (await sales.get('/system/user/getInfo')).json().permissions as string[];
    expect(after).not.toContain(victim);
    expect(after.length).toBe(before.length - 1);
  });

  it('disabling a user ends their session on the next request', async () => {
    const c = await t.login('sales2');
    expect((await c.get('/system/user/getInfo')).statusCode).toBe(200);
    await t.db.update(sysUser).set({ status: '1' }).where(eq(sysUser.userName, 'sales2'));
    await t.syncAuth();
    expect((await c.get('/system/user/getInfo')).statusCode).toBe(401);
    await t.db.update(sysUser).set({ status: '0' }).where(eq(sysUser.userName, 'sales2'));
  });
});

describe('[AUTH] tokens that must be refused', () => {
  const header = (token: string) => ({ authorization: `Bearer ${token}` });
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

  it('refuses alg none', async () => {
    const good = await t.login('admin');
    const [, payload] = good.token.split('.');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const res = await t.anon.get('/system/user/getInfo', header(none));
    expect(res.statusCode).toBe(401);
  });

  it('refuses a tampered token', async () => {
    const good = await t.login('admin');
    const [h, p, s] = good.token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${b64({ ...claims, sub: '2' })}.${s}`;
    expect((await t.anon.get('/system/user/getInfo', header(tampered))).statusCode).toBe(401);
  });

  it('refuses an expired token even when signed with the right key', async () => {
    const good = await t.login('admin');
    const claims = JSON.parse(Buffer.from(good.token.split('.')[1]!, 'base64url').toString());
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('theone')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(t.config.jwtSecret);
    expect((await t.anon.get('/system/user/getInfo', header(expired))).statusCode).toBe(401);
    // and the next valid request still works
    expect((await good.get('/system/user/getInfo')).statusCode).toBe(200);
  });

  it('refuses garbage and a missing token', async () => {
    expect((await t.anon.get('/system/user/getInfo', header('not-a-jwt'))).statusCode).toBe(401);
    expect((await t.anon.get('/system/user/getInfo')).json().code).toBe(401);
  });
});

describe('[AUTH] lockout', () => {
  it('50 parallel wrong attempts lock the account exactly once', async () => {
    const attempts = await Promise.all(Array.from({ length: 50 }, () => login('finance', 'wrong-password')));
    expect(attempts.every((r) => r.statusCode >= 400)).toBe(true);
    const lockedNow = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sys_logininfor WHERE user_name = 'finance' AND msg LIKE 'err_account_locked_now%'`,
    );
    expect(lockedNow.rows[0]!.n).toBe(1);
    // Even the right password is refused while locked.
    const right = await login('finance', 'demo123');
    expect(right.statusCode).toBe(423);
    expect(right.json().errorCode).toBe('LOCKED');
    await t.db.execute(sql`DELETE FROM sys_login_lock WHERE user_name = 'finance'`);
    await t.syncAuth();
    expect((await login('finance', 'demo123')).statusCode).toBe(200);
  });
});

describe('[AUTH] bad input', () => {
  it.each([
    ['malformed JSON', '{"username": "admin",', 'application/json'],
    ['wrong types', JSON.stringify({ username: 12, password: true }), 'application/json'],
    ['unknown fields', JSON.stringify({ username: 'admin', password: 'admin123', role: 'admin' }), 'application/json'],
  ])('%s -> 400 with a clear message, and the next valid login works', async (_name, payload, type) => {
    const res = await t.anon.request({
      method: 'POST',
      url: '/auth/login',
      payload,
      headers: { 'content-type': type },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(500);
    expect(res.json().errorCode).toBe('VALIDATION');
    expect(res.json().msg).not.toMatch(/^err_/);
    expect((await login('admin', 'admin123')).statusCode).toBe(200);
  });

  it('a 2 MB body is refused with 413', async () => {
    const res = await t.anon.post('/auth/login', { username: 'admin', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().errorCode).toBe('PAYLOAD_TOO_LARGE');
  });

  it('validation messages follow Accept-Language', async () => {
    const th = await t.anon.post('/auth/login', { username: 'admin' }, { 'accept-language': 'th' });
    expect(th.json().msg).toMatch(/ห้ามว่าง/);
    const zh = await t.anon.post('/auth/login', { username: 'admin' });
    expect(zh.json().msg).toMatch(/不能为空/);
    expect(zh.json().field).toBe('password');
  });
});

describe('[AUTH] captcha', () => {
  const c = useSuite({ env: { CAPTCHA_ENABLED: 'true' } });
  const answerOf = async (uuid: string) =>
    (await c.t.db.execute<{ answer: string }>(sql`SELECT answer FROM sys_captcha WHERE uuid = ${uuid}`)).rows[0]!
      .answer;

  it('issues an SVG math captcha with uuid and captchaEnabled at the top level', async () => {
    const body = (await c.t.anon.get('/code')).json();
    expect(body.captchaEnabled).toBe(true);
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.from(body.img, 'base64').toString()).toMatch(/^<svg/);
  });

  it('accepts the right answer once; a replay is refused', async () => {
    const { uuid } = (await c.t.anon.get('/code')).json();
    const code = await answerOf(uuid);
    const ok = await c.t.anon.post('/auth/login', { username: 'admin', password: 'admin123', code, uuid });
    expect(ok.json().code).toBe(200);
    const replay = await c.t.anon.post('/auth/login', { username: 'admin', password: 'admin123', code, uuid });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errorCode).toBe('CAPTCHA');
  });

  it('a wrong answer consumes the captcha', async () => {
    const { uuid } = (await c.t.anon.get('/code')).json();
    const code = await answerOf(uuid);
    const wrong = await c.t.anon.post('/auth/login', {
      username: 'admin',
      password: 'admin123',
      code: `${code}9`,
      uuid,
    });
    expect(wrong.json().errorCode).toBe('CAPTCHA');
    const retry = await c.t.anon.post('/auth/login', { username: 'admin', password: 'admin123', code, uuid });
    expect(retry.json().errorCode).toBe('CAPTCHA');
  });

  it('an expired captcha is refused', async () => {
    const { uuid } = (await c.t.anon.get('/code')).json();
    const code = await answerOf(uuid);
    await c.t.db.execute(sql`UPDATE sys_captcha SET expires_at = now() - interval '1 second' WHERE uuid = ${uuid}`);
    const res = await c.t.anon.post('/auth/login', { username: 'admin', password: 'admin123', code, uuid });
    expect(res.json().errorCode).toBe('CAPTCHA');
  });

  it('login without captcha is refused while it is enabled', async () => {
    const res = await c.t.anon.post('/auth/login', { username: 'admin', password: 'admin123' });
    expect(res.json().errorCode).toBe('CAPTCHA');
  });
});

describe('[AUTH] rate limit per IP', () => {
  const r = useSuite({ env: { LOGIN_RATE_LIMIT: '3' } });
  it('the fourth login in a minute from one IP gets 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await r.t.anon.post('/auth/login', { username: 'x', password: 'y' })).statusCode);
    expect(codes.slice(0, 3).every((c) => c === 401)).toBe(true);
    expect(codes[3]).toBe(429);
  });
});

describe('[AUTH] change password (register)', () => {
  it('a signed-in user changes the password; old sessions end; the new password works', async () => {
    const c = await t.login('service');
    const bad = await c.post('/auth/register', { oldPassword: 'demo123', newPassword: 'short' });
    expect(bad.statusCode).toBe(400);
    const res = await c.post('/auth/register', { oldPassword: 'demo123', newPassword: 'Better#Pass2026' });
    expect(res.json().code).toBe(200);
    expect((await c.get('/system/user/getInfo')).statusCode).toBe(401);
    expect((await login('service', 'Better#Pass2026')).json().code).toBe(200);
  });

  it('a user who must change the initial password can only reach getInfo, register and logout', async () => {
    await t.db.update(sysUser).set({ mustChangePassword: true }).where(eq(sysUser.userName, 'dispatcher'));
    await t.syncAuth();
    const res = await login('dispatcher', 'demo123');
    expect(res.json().data.mustChangePassword).toBe(true);
    const c = t.client(res.json().data.access_token);
    expect((await c.get('/system/user/getInfo')).json().mustChangePassword).toBe(true);
    const blocked = await c.get('/system/menu/getRouters');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().errorCode).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await c.post('/auth/register', { oldPassword: 'demo123', newPassword: 'Dispatch#2026' })).json().code).toBe(
      200,
    );
    const again = await login('dispatcher', 'Dispatch#2026');
    expect(again.json().data.mustChangePassword).toBe(false);
  });
});

describe('[AUTH] login log in the reader language', () => {
  it('stores a message key and shows it translated to each reader', async () => {
    await t.anon.post('/auth/login', { username: 'driver', password: 'wrong-again' });
    const admin = await t.login('admin');
    const en = (
      await admin.get('/system/logininfor/list?userName=driver&pageSize=5', { 'accept-language': 'en' })
    ).json();
    const th = (
      await admin.get('/system/logininfor/list?userName=driver&pageSize=5', { 'accept-language': 'th' })
    ).json();
    expect(en.rows[0].msg).toMatch(/Wrong user name or password/);
    expect(th.rows[0].msg).toMatch(/ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง/);
  });
});
