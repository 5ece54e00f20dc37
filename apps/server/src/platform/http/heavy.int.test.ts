import http from 'node:http';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/suite';
import { buildApp } from '../../app';
import { errorOf, multipart } from '../../modules/system/shared/system.fixture';
import { sysUser, sysUserRole } from '../../modules/system/user/user.table';
import { hashPassword } from '../auth/password';
import { routeTable } from './security';

/**
 * Exports, imports, import templates and prints are limited per user (issue 11 item 5; platform/http/heavy.ts): the route
 * table proves every such route declares the mechanism; parallel requests prove exactly N are served.
 */
const en = { 'accept-language': 'en' };

const s = useSuite({
  env: { TEMPLATE_RATE_LIMIT: '5', PRINT_RATE_LIMIT: '3' },
  users: ['admin'],
  setup: async ({ t }) => {
    const [user] = await t.db
      .insert(sysUser)
      .values({
        userName: 'admin2',
        nickName: 'Second admin',
        password: await hashPassword('Admin2#2026'),
        deptId: 100,
      })
      .returning();
    await t.db.insert(sysUserRole).values({ userId: user!.userId, roleId: 1 });
    return { admin2: await t.login('admin2', 'Admin2#2026') };
  },
});

/** Waits out the last seconds of a minute, so a burst stays in one fixed rate-limit window. */
async function inOneMinute() {
  const r = await s.t.db.execute<{ s: number }>(sql`SELECT extract(second FROM now())::float AS s`);
  const sec = Number(r.rows[0]!.s);
  if (sec > 45) await new Promise((resolve) => setTimeout(resolve, (61 - sec) * 1000));
}

describe('[HEAVY] route declarations', () => {
  it('every export, import, template and print route declares its kind, and only those do', () => {
    const routes = routeTable.get(s.t.app)!;
    const kindOf = (url: string) =>
      url.endsWith('/importTemplate')
        ? 'template'
        : /\/import(Data)?$/.test(url)
          ? 'import'
          : /\/export([A-Z][A-Za-z]*)?(\/|$)/.test(url)
            ? 'export'
            : /\/print[A-Za-z]*(\/|$)/.test(url)
              ? 'print'
              : undefined;
    const wrong = routes
      .filter((r) => kindOf(r.url) !== r.config?.heavy)
      .map((r) => `${r.method} ${r.url}: ${String(r.config?.heavy)} (expected ${kindOf(r.url)})`);
    expect(wrong).toEqual([]);
    const heavy = routes.filter((r) => r.config?.heavy);
    expect(heavy.length).toBeGreaterThanOrEqual(17);
    expect(heavy.filter((r) => r.config?.heavy === 'import').map((r) => r.url)).toEqual(
      expect.arrayContaining(['/prod-api/bus/inware/import', '/prod-api/system/user/importData']),
    );
    expect(heavy.filter((r) => r.config?.heavy === 'print')).toHaveLength(9);
  });

  it('the OpenAPI document states the limits of each heavy route', async () => {
    const doc = (await s.t.anon.get('/docs/json')).json() as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    expect(doc.paths['/prod-api/system/user/export']!.post!.description).toContain(
      'Limited per user: 2 export requests running at once, 30 a minute; 429 RATE_LIMITED',
    );
    expect(doc.paths['/prod-api/bus/inware/import']!.post!.description).toContain('10 a minute');
  });
});

describe('[HEAVY] limits per user', () => {
  it('serves exactly two exports of one user at once; the rest get 429; another user is unaffected', async () => {
    // Every export below waits on this lock once inside its handler, so the first two hold their slots.
    const locker = new pg.Client({ connectionString: s.t.databaseUrl });
    await locker.connect();
    await inOneMinute();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE sys_post IN ACCESS EXCLUSIVE MODE');
    const mine = Array.from({ length: 6 }, () => s.admin.post('/system/post/export', {}, en));
    const other = s.admin2.post('/system/post/export', {}, en);
    // the four refused are answered at once, while the two served are still waiting on the lock
    const early: number[] = [];
    for (const p of mine) void p.then((r) => early.push(r.statusCode));
    for (let i = 0; i < 100 && early.length < 4; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    expect(early).toEqual([429, 429, 429, 429]);
    await locker.query('COMMIT');
    await locker.end();
    const answers = await Promise.all(mine);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
    const refused = errorOf(answers.find((r) => r.statusCode === 429)!);
    expect(refused).toMatchObject({
      code: 500,
      errorCode: 'RATE_LIMITED',
      msg: 'An export is already running; try again shortly',
    });
    expect((await other).statusCode).toBe(200);
    // the slots were given back
    expect((await s.admin.post('/system/post/export', {}, en)).statusCode).toBe(200);
  });

  it('a client that walks away keeps its slot until the work it started is over, then gives it back', async () => {
    const address = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    const locker = new pg.Client({ connectionString: s.t.databaseUrl });
    await locker.connect();
    try {
      await inOneMinute();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE sys_post IN ACCESS EXCLUSIVE MODE');
      const walkers = [1, 2].map(() => {
        const req = http.request(`${address}/prod-api/system/post/export`, {
          method: 'POST',
          headers: { authorization: `Bearer ${s.admin.token}`, 'content-type': 'application/json' },
        });
        req.on('error', () => {});
        req.end('{}');
        return req;
      });
      await new Promise((r) => setTimeout(r, 500));
      for (const req of walkers) req.destroy();
      await new Promise((r) => setTimeout(r, 200));
      // both exports still wait on the lock: their slots are still taken
      expect(errorOf(await s.admin.post('/system/post/export', {}, en))).toMatchObject({ status: 429 });
      await locker.query('COMMIT');
      await new Promise((r) => setTimeout(r, 500));
      expect((await s.admin.post('/system/post/export', {}, en)).statusCode).toBe(200);
      expect((await s.admin.post('/system/post/export', {}, en)).statusCode).toBe(200);
    } finally {
      await locker.end();
    }
  });

  it('limits heavy requests per instance too: over the cap anyone gets 429', async () => {
    const single = (
      await buildApp({ ...s.t.config, heavyLimits: { ...s.t.config.heavyLimits, perInstance: 1 } }, s.t.db)
    ).app;
    await single.ready();
    const locker = new pg.Client({ connectionString: s.t.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE sys_post IN ACCESS EXCLUSIVE MODE');
      const call = (token: string) =>
        single.inject({
          method: 'POST',
          url: '/prod-api/system/post/export',
          headers: { authorization: `Bearer ${token}`, ...en },
          payload: {},
        });
      const held = call(s.admin.token);
      await new Promise((r) => setTimeout(r, 300));
      const refused = await call(s.admin2.token);
      expect(errorOf(refused)).toMatchObject({
        status: 429,
        msg: 'The server is busy with other imports and exports; try again shortly',
      });
      await locker.query('COMMIT');
      expect((await held).statusCode).toBe(200);
      expect((await call(s.admin2.token)).statusCode).toBe(200);
    } finally {
      await locker.end();
      await single.close();
    }
  });

  it('counts templates per minute in PostgreSQL, across two instances: exactly 5 of 50 are served', async () => {
    // two more instances on the same database, without concurrency limits, so only the rate decides
    const config = { ...s.t.config, heavyLimits: { ...s.t.config.heavyLimits, perUser: 100, perInstance: 1000 } };
    const instances = [(await buildApp(config, s.t.db)).app, (await buildApp(config, s.t.db)).app];
    await Promise.all(instances.map((app) => app.ready()));
    try {
      await inOneMinute();
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          instances[i % 2]!.inject({
            method: 'POST',
            url: '/prod-api/system/user/importTemplate',
            headers: { authorization: `Bearer ${s.admin.token}`, 'accept-language': i % 2 ? 'en' : 'th' },
            payload: {},
          }),
        ),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
      const refused = answers.filter((r) => r.statusCode === 429).map(errorOf);
      expect(refused).toHaveLength(45);
      expect(new Set(refused.map((r) => r.msg))).toEqual(
        new Set([
          'At most 5 template downloads a minute; try again shortly',
          'ดาวน์โหลดแบบฟอร์มได้ไม่เกิน 5 ครั้งต่อนาที กรุณาลองใหม่ในอีกสักครู่',
        ]),
      );
      // another user has their own count
      expect((await s.admin2.post('/bus/inware/importTemplate', {}, en)).statusCode).toBe(200);
    } finally {
      await Promise.all(instances.map((app) => app.close()));
    }
  });

  it('limits imports to 10 a minute per user, whatever the file', async () => {
    await inOneMinute();
    const notExcel = Buffer.from('userName,nickName\nx,y\n');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const m = multipart('file', 'users.xlsx', notExcel);
      const r = await s.admin2.request({
        method: 'POST',
        url: '/system/user/importData',
        payload: m.payload,
        headers: { ...m.headers, ...en },
      });
      statuses.push(r.statusCode);
      if (r.statusCode === 429) expect(errorOf(r).msg).toBe('At most 10 imports a minute; try again shortly');
    }
    expect(statuses).toEqual([...Array(10).fill(415), 429, 429]);
  });

  it('limits PDF prints a minute per user (here 3), whoever prints what', async () => {
    await inOneMinute();
    const statuses: number[] = [];
    for (const url of ['printbar/999999', 'printware/999999/en', 'printbar/cargo/999999', 'printfee/999999/th']) {
      const r = await s.admin2.post(`/bus/inware/${url}`, undefined, en);
      statuses.push(r.statusCode);
      if (r.statusCode === 429) expect(errorOf(r).msg).toBe('At most 3 prints a minute; try again shortly');
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect((await s.admin.post('/bus/inware/printbar/999999', undefined, en)).statusCode).toBe(404);
  });
});
