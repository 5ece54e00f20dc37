import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { API_CSP, WEB_CSP } from './headers';

/**
 * Issue 11 item 5: the web app had no Content-Security-Policy, and API answers carrying personal and money data had
 * no Cache-Control (a shared computer's browser or a proxy could keep a customer list or a fee sheet).
 */
let t: TestApp;
let admin: TestClient;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'theone-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>TheOne</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST_DIR: dist });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('[PLATFORM] security headers', () => {
  it('the app and its client routes run under the web policy, framed by this origin only', async () => {
    for (const url of ['/theone/', '/theone/bus/orderList', '/theone/assets/app-abc123.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(WEB_CSP);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(WEB_CSP).toContain("script-src 'self';");
    expect(WEB_CSP).toContain("frame-ancestors 'self'");
    expect(WEB_CSP).toContain("img-src 'self' data: blob:");
    expect(WEB_CSP).toContain("connect-src 'self' blob:;");
    expect(WEB_CSP).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    // static files keep their own caching
    expect((await t.app.inject({ method: 'GET', url: '/theone/assets/app-abc123.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('every API answer is no-store under a policy that loads nothing: data, lists, errors, captcha, files, exports', async () => {
    const answers = [
      await admin.get('/system/user/getInfo'),
      await admin.get('/system/user/list?pageSize=5'),
      await admin.get('/bus/inware/999999'),
      await admin.get('/system/user/list?pageNum=abc'),
      await t.anon.get('/code'),
      await t.anon.get('/system/user/list'),
      await admin.post('/system/post/export', {}),
      await admin.get('/file/download/00000000-0000-4000-8000-000000000000'),
      await t.app.inject({ method: 'GET', url: '/prod-api/no/such/route' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404, 400, 200, 401, 200, 404, 404]);
    for (const res of answers) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toBe(API_CSP);
    }
  });
});
