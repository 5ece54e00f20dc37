import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { sysUser } from '../../modules/system/user/user.table';
import { hashPassword } from '../auth/password';
import { routeAccessError, routeTable } from './security';

/**
 * Generated from the route table: every API route refuses an anonymous caller (401) unless public, and every
 * route with a permission refuses a signed-in user who holds no permission at all (403).
 */
let t: TestApp;
let noRole: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .insert(sysUser)
    .values({ userName: 'norole', nickName: 'No role', password: await hashPassword('NoRole#2026'), deptId: 100 });
  noRole = await t.login('norole', 'NoRole#2026');
});
afterAll(async () => {
  await t.db.delete(sysUser).where(eq(sysUser.userName, 'norole'));
  await t.close();
});

function sampleUrl(url: string) {
  return url
    .replace(/:fileId/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:dictType/g, 'sys_user_sex')
    .replace(/:[A-Za-z]+/g, '1')
    .replace(/\*$/, 'x');
}

describe('[SECURITY] route table', () => {
  it('has routes, and every one declares exactly one access rule', () => {
    const routes = routeTable.get(t.app)!;
    expect(routes.length).toBeGreaterThan(5);
    for (const r of routes) expect(routeAccessError(r)).toBeNull();
  });

  it('refuses at start-up a route that declares no access rule', async () => {
    expect(routeAccessError({ method: 'GET', url: '/prod-api/x', config: {} })).toMatch(/declares no access rule/);
    expect(
      routeAccessError({ method: 'GET', url: '/prod-api/x', config: { public: true, permission: 'a:b' } }),
    ).toMatch(/more than one/);
  });

  it('anonymous callers get 401 on every non-public route', async () => {
    const routes = routeTable.get(t.app)!.filter((r) => !r.config?.public && r.method !== 'HEAD');
    const failures: string[] = [];
    for (const r of routes) {
      const res = await t.anon.request({ method: r.method as 'GET', url: sampleUrl(r.url) });
      if (res.statusCode !== 401 || res.json().code !== 401) failures.push(`${r.method} ${r.url} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('a user without permissions gets 403 on every route that requires one', async () => {
    const routes = routeTable.get(t.app)!.filter((r) => r.config?.permission && r.method !== 'HEAD');
    const failures: string[] = [];
    for (const r of routes) {
      const res = await noRole.request({
        method: r.method as 'GET',
        url: sampleUrl(r.url),
        payload: r.method === 'GET' ? undefined : {},
      });
      if (res.statusCode !== 403 || res.json().code !== 403) failures.push(`${r.method} ${r.url} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
