import type { TOnlineSession } from '@theone/contracts';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { buildApp } from '../../app';
import { hashPassword } from '../../platform/auth/password';
import { connectDatabase, type Database } from '../../platform/db/database';
import { sysMenu } from '../system/menu/menu.table';
import { sysRole, sysRoleMenu } from '../system/role/role.table';
import { createSystemFixture, errorOf, FIXTURE_PASSWORD, type SystemFixture } from '../system/shared/system.fixture';
import { sysUser, sysUserRole } from '../system/user/user.table';

/**
 * Online users and force logout (issue 11 item 4). The system fixture's managers get the online screen: 'mgra'
 * (data scope 4 in department A) and 'mgrall' (all data). A second instance on the same database shows that a
 * forced session ends everywhere at its next request.
 */
let t: TestApp;
let f: SystemFixture;
let other: { database: Database } & Awaited<ReturnType<typeof buildApp>>;
const EN = { 'accept-language': 'en' };

type Row = TOnlineSession;

beforeAll(async () => {
  t = await createTestApp();
  f = await createSystemFixture(t);
  const online = await t.db
    .select({ id: sysMenu.menuId, perms: sysMenu.perms })
    .from(sysMenu)
    .where(like(sysMenu.perms, 'monitor:online:%'));
  expect(online.map((m) => m.perms).sort()).toEqual(['monitor:online:forceLogout', 'monitor:online:list']);
  for (const roleId of [f.roleId, f.roleAllId])
    await t.db.insert(sysRoleMenu).values(online.map((m) => ({ roleId, menuId: m.id })));
  // 'viewera' may list (scope 4 in A) but not force anyone out.
  const [viewer] = await t.db
    .insert(sysRole)
    .values({ roleName: 'Online viewer', roleKey: 'onlineviewer', roleSort: 12, dataScope: '4' })
    .returning();
  await t.db
    .insert(sysRoleMenu)
    .values(
      online.filter((m) => m.perms === 'monitor:online:list').map((m) => ({ roleId: viewer!.roleId, menuId: m.id })),
    );
  const [u] = await t.db
    .insert(sysUser)
    .values({
      userName: 'viewera',
      nickName: 'viewera',
      deptId: f.deptA,
      password: await hashPassword(FIXTURE_PASSWORD),
    })
    .returning();
  await t.db.insert(sysUserRole).values({ userId: u!.userId, roleId: viewer!.roleId });

  const database = connectDatabase(t.databaseUrl, { max: 3 });
  const built = await buildApp(t.config, database.db);
  await built.app.ready();
  other = { database, ...built };
});
afterAll(async () => {
  await other.app.close();
  await other.database.close();
  await t.close();
});

const list = async (client: TestClient, query = '') => {
  const res = await client.get(`/monitor/online/list?pageSize=100${query}`, EN);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: Row[]; total: number };
};
const tokenOf = async (client: TestClient, viewer: TestClient) => {
  const sid = JSON.parse(Buffer.from(client.token.split('.')[1]!, 'base64url').toString()).sid as string;
  const [row] = (
    await t.db.execute<{ id: string }>(sql`SELECT encode(sha256(convert_to(${sid}, 'UTF8')), 'hex') AS id`)
  ).rows;
  expect((await list(viewer)).rows.map((r) => r.tokenId)).toContain(row!.id);
  return row!.id;
};
const onOther = (client: TestClient) =>
  other.app.inject({
    method: 'GET',
    url: '/prod-api/system/user/getInfo',
    headers: { authorization: `Bearer ${client.token}`, ...EN },
  });
const signIn = (userName: string) => t.login(userName, FIXTURE_PASSWORD);

describe('[MONITOR] online users', () => {
  it('lists live sessions with user, department, address, browser, OS, sign-in and last access', async () => {
    const usera1 = await t.client(
      (
        await t.app.inject({
          method: 'POST',
          url: '/prod-api/auth/login',
          payload: { username: 'usera1', password: FIXTURE_PASSWORD },
          headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0 Safari/537.36' },
        })
      ).json().data.access_token,
      'usera1',
    );
    await usera1.get('/system/user/getInfo');
    const { rows } = await list(f.admin, '&userName=usera1');
    const row = rows.find((r) => r.userName === 'usera1')!;
    expect(row).toMatchObject({ deptName: 'Scope A1', browser: 'Chrome', os: 'Windows', current: false });
    expect(row.ipaddr).toBe('127.0.0.1');
    expect(row.loginLocation).toBe('localhost');
    expect(Date.parse(row.lastAccessTime)).toBeGreaterThanOrEqual(Date.parse(row.loginTime));
    expect(row.tokenId).toMatch(/^[0-9a-f]{64}$/);
    // the session id itself never leaves the server
    expect(JSON.stringify(rows)).not.toContain(
      JSON.parse(Buffer.from(usera1.token.split('.')[1]!, 'base64url').toString()).sid,
    );
    expect((await list(f.admin, '&ipaddr=10.9.9.9')).total).toBe(0);
    const mine = (await list(f.admin)).rows.filter((r) => r.current);
    expect(mine).toHaveLength(1);
  });

  it('shows a delegated administrator only the sessions of users in their data scope', async () => {
    await signIn('usera1');
    await signIn('userb1');
    const names = new Set((await list(f.mgra)).rows.map((r) => r.userName));
    expect(names.has('usera1')).toBe(true);
    expect(names.has('mgra')).toBe(true);
    expect(names.has('userb1')).toBe(false);
    expect(names.has('admin')).toBe(false);
    const all = new Set((await list(f.mgrall)).rows.map((r) => r.userName));
    expect(all.has('userb1')).toBe(true);
  });

  it('force logout ends the session at its next request on every instance, saying who ended it', async () => {
    const usera1 = await signIn('usera1');
    expect((await onOther(usera1)).statusCode).toBe(200);
    expect((await onOther(usera1)).statusCode).toBe(200); // now cached by the other instance
    const tokenId = await tokenOf(usera1, f.mgra);
    const res = await f.mgra.delete(`/monitor/online/${tokenId}`, undefined, EN);
    expect(res.json().code).toBe(200);
    const here = await usera1.get('/system/user/getInfo', EN);
    expect(here.statusCode).toBe(401);
    expect(here.json()).toMatchObject({ code: 401, errorCode: 'SESSION_EXPIRED' });
    expect(here.json().msg).toBe('An administrator ended your session; please sign in again');
    const there = await waitFor401(usera1);
    expect(there.json().msg).toBe('An administrator ended your session; please sign in again');
    // gone from the list; the user signs in again normally
    expect((await list(f.mgra)).rows.map((r) => r.tokenId)).not.toContain(tokenId);
    expect((await signIn('usera1')).token).toBeTruthy();
    const [row] = (
      await t.db.execute<{ end_reason: string; ended_by: string }>(
        sql`SELECT end_reason, ended_by FROM sys_session WHERE encode(sha256(convert_to(session_id, 'UTF8')), 'hex') = ${tokenId}`,
      )
    ).rows;
    expect(row).toMatchObject({ end_reason: 'forced', ended_by: 'mgra' });
  });

  it('ends several sessions at once and writes one operation-log row of type force logout', async () => {
    const a = await signIn('usera1');
    const b = await signIn('userb1');
    const ids = [await tokenOf(a, f.mgrall), await tokenOf(b, f.mgrall)];
    expect((await f.mgrall.delete(`/monitor/online/${ids.join(',')}`)).json().code).toBe(200);
    await t.syncAuth();
    expect((await a.get('/system/user/getInfo')).statusCode).toBe(401);
    expect((await b.get('/system/user/getInfo')).statusCode).toBe(401);
    await t.flushOperlog();
    const logs = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sys_oper_log WHERE oper_url LIKE '/prod-api/monitor/online/%' AND business_type = 7 AND oper_name = 'mgrall'`,
    );
    expect(logs.rows[0]!.n).toBe(1);
  });

  it('refuses a session outside the caller scope as not there, and changes nothing', async () => {
    const b = await signIn('userb1');
    const id = await tokenOf(b, f.mgrall);
    const res = await f.mgra.delete(`/monitor/online/${id}`, undefined, EN);
    expect(errorOf(res)).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
    expect(errorOf(res).msg).toMatch(/already ended or is outside your data scope/);
    // one bad id spoils the batch: the in-scope session of the same request survives too
    const a = await signIn('usera1');
    const ida = await tokenOf(a, f.mgra);
    expect((await f.mgra.delete(`/monitor/online/${ida},${id}`)).statusCode).toBe(404);
    expect((await a.get('/system/user/getInfo')).statusCode).toBe(200);
    expect((await b.get('/system/user/getInfo')).statusCode).toBe(200);
  });

  it("only an administrator ends an administrator's session", async () => {
    const admin2 = await t.login('admin');
    const id = await tokenOf(admin2, f.mgrall);
    const res = await f.mgrall.delete(`/monitor/online/${id}`, undefined, EN);
    expect(errorOf(res)).toMatchObject({ status: 403, errorCode: 'FORBIDDEN' });
    expect((await admin2.get('/system/user/getInfo')).statusCode).toBe(200);
    expect((await f.admin.delete(`/monitor/online/${id}`)).json().code).toBe(200);
    await t.syncAuth();
    expect((await admin2.get('/system/user/getInfo')).statusCode).toBe(401);
  });

  it('refuses ending the caller own current session (Log out does that)', async () => {
    const me = await signIn('mgrall');
    const id = await tokenOf(me, me);
    const res = await me.delete(`/monitor/online/${id}`, undefined, EN);
    expect(errorOf(res)).toMatchObject({ status: 403 });
    expect(errorOf(res).msg).toBe('This is your own session; use Log out to end it');
  });

  it('needs monitor:online:list to list and monitor:online:forceLogout to end', async () => {
    const viewer = await signIn('viewera');
    const a = await signIn('usera1');
    const id = await tokenOf(a, viewer);
    expect(errorOf(await viewer.delete(`/monitor/online/${id}`)).status).toBe(403);
    expect((await a.get('/system/user/getInfo')).statusCode).toBe(200);
    const sales = await t.login('sales');
    expect(errorOf(await sales.get('/monitor/online/list')).status).toBe(403);
    expect(errorOf(await sales.delete(`/monitor/online/${id}`)).status).toBe(403);
  });

  it('writing the last access drops no cached session (only validity changes notify)', async () => {
    const a = await signIn('usera1');
    expect((await onOther(a)).statusCode).toBe(200);
    const cached = other.deps.sessionCache.size;
    expect(cached).toBeGreaterThan(0);
    await t.db.execute(sql`UPDATE sys_session SET last_access_at = now() + interval '1 second'`);
    await other.deps.sessionCache.sync((p) =>
      other.database.pool.query('SELECT pg_notify($1, $2)', ['theone_auth', p]),
    );
    expect(other.deps.sessionCache.size).toBe(cached);
  });

  it('refuses malformed session ids', async () => {
    expect((await f.admin.delete('/monitor/online/abc')).statusCode).toBe(400);
    expect((await f.admin.delete(`/monitor/online/${'A'.repeat(64)}`)).statusCode).toBe(400);
  });
});

/** The other instance hears the revocation through LISTEN/NOTIFY within milliseconds; asks until it has. */
async function waitFor401(client: TestClient) {
  for (let i = 0; i < 50; i++) {
    const res = await onOther(client);
    if (res.statusCode === 401) return res;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the other instance still serves the forced session');
}
