import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZConfigEdit, ZDeptEdit, ZMarkEditBody } from '@theone/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import { DEMO_PASSWORD, DEV_ADMIN_PASSWORD } from '../../src/modules/system/seed/seed';
import { REPO_ROOT, type ServerProcess, serverEnv, startServer } from '../server-process';
import { addOrder, connect, orderRefs, sequenceOf } from './orders';

/**
 * Two instances on one PostgreSQL (issue 11 item 6): two real TheOne processes on the same database (this
 * integration pass's PostgreSQL: the machine's with TEST_DATABASE_URL, else the embedded one of the run), sharing
 * JWT_SECRET and DATA_DIR as a load balancer's instances would. They start at the same moment on an empty database;
 * a change made through one is seen by the other at its next request.
 */
const MIGRATIONS = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/server/drizzle/meta/_journal.json'), 'utf8'))
  .entries.length as number;

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The fields of a record an edit body (a strict schema) accepts. */
function editBody(schema: z.ZodObject, record: Record<string, unknown>, changes: Record<string, unknown>) {
  const keys = Object.keys(schema.shape).filter((k) => k in record && record[k] !== null);
  return { ...Object.fromEntries(keys.map((k) => [k, record[k]])), ...changes };
}

/**
 * How a change reaches the other instance: PostgreSQL notifies every instance at commit, and an instance drops what
 * the notification names when it arrives, a few milliseconds later. The other instance is asked at once and again
 * until it answers the new way; it must within DELIVERY_MS (well under any cache lifetime: 3 s for user-list names,
 * 5 s settings, 30 s customers, 60 s places), and how often the very first answer already was the new one is printed.
 */
const DELIVERY_MS = 1_000;
const delivery = { first: 0, later: [] as number[] };

async function seen(check: () => Promise<boolean>, what: string) {
  const started = Date.now();
  for (let tries = 1; ; tries++) {
    if (await check()) {
      if (tries === 1) delivery.first++;
      else delivery.later.push(Date.now() - started);
      return;
    }
    if (Date.now() - started > DELIVERY_MS) throw new Error(`${what}: still the old answer after ${DELIVERY_MS} ms`);
  }
}

describe('[RELIABILITY] two instances on one PostgreSQL', () => {
  const adminUrl = inject('pgAdminUrl');
  const name = `theone_2i_${process.pid}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = withDatabase(adminUrl, name);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'theone-2i-'));
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let db: pg.Client | undefined;

  beforeAll(async () => {
    const admin = await connect(adminUrl);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  });
  afterAll(async () => {
    console.log(
      `two instances: ${delivery.first} changes seen by the other instance at its next request, ${delivery.later.length} a moment later (${delivery.later.join(', ') || '-'} ms)`,
    );
    await db?.end().catch(() => {});
    await Promise.all([a?.stop(), b?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
    const admin = await connect(adminUrl);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('both start at the same moment on an empty database: the migrations run once, under the advisory lock', async () => {
    const env = serverEnv({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
    });
    // Hold the migration lock until both instances wait on it, so they really meet there.
    const holder = await connect(databaseUrl);
    await holder.query('SELECT pg_advisory_lock(7301001)');
    const starting = [startServer(env), startServer(env)];
    const waiting = async () =>
      Number(
        (
          await holder.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 7301001 AND NOT granted`,
          )
        ).rows[0]!.n,
      );
    const until = Date.now() + 60_000;
    while ((await waiting()) < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await waiting()).toBe(2);
    await holder.query('SELECT pg_advisory_unlock(7301001)');
    await holder.end();
    [a, b] = await Promise.all(starting);

    db = await connect(databaseUrl);
    const applied = await db.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations');
    expect(applied.rows).toHaveLength(MIGRATIONS);
    expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(MIGRATIONS);
    // the seed ran under its own lock: one administrator, no menu or dictionary row twice
    expect((await db.query(`SELECT 1 FROM sys_user WHERE user_name = 'admin'`)).rowCount).toBe(1);
    expect((await db.query('SELECT seed_key FROM sys_menu GROUP BY seed_key HAVING count(*) > 1')).rows).toEqual([]);
    expect(
      (await db.query('SELECT dict_type, dict_value FROM sys_dict_data GROUP BY 1, 2 HAVING count(*) > 1')).rows,
    ).toEqual([]);
    expect(`${a.output()}${b.output()}`.match(/Created the administrator account/g)).toHaveLength(1);
  }, 120_000);

  it('a logout, a disabled user or a disabled role on one instance is refused on the other at its next request', async () => {
    const [one, other] = [a!, b!];
    const info = '/system/user/getInfo';
    const refused = (url: string, token: string, status: number) =>
      seen(async () => (await other.request('GET', url, { token })).status === status, `${url} after the change`);
    for (let i = 0; i < 10; i++) {
      const token = await one.login('admin', DEV_ADMIN_PASSWORD);
      const warm = await other.request('GET', info, { token }); // cached on the other instance
      expect(warm.status, JSON.stringify(warm.body)).toBe(200);
      const out = await one.request('DELETE', '/auth/logout', { token });
      expect(out.status, JSON.stringify(out.body)).toBe(200);
      await refused(info, token, 401);
    }

    const admin = await one.login('admin', DEV_ADMIN_PASSWORD);
    const salesId = Number(
      (await db!.query<{ user_id: string }>(`SELECT user_id FROM sys_user WHERE user_name = 'sales'`)).rows[0]!.user_id,
    );
    const roleId = Number(
      (await db!.query<{ role_id: string }>(`SELECT role_id FROM sys_role WHERE role_key = 'service'`)).rows[0]!
        .role_id,
    );
    const orders = '/bus/inware/list?view=orderList&mark=TH001&pageSize=1';
    for (let i = 0; i < 5; i++) {
      const sales = await other.login('sales', DEMO_PASSWORD);
      expect((await other.request('GET', info, { token: sales })).status).toBe(200);
      const off = await one.request('PUT', '/system/user/changeStatus', {
        token: admin,
        body: { userId: salesId, status: '1' },
      });
      expect(off.body.code).toBe(200);
      await refused(info, sales, 401);
      await one.request('PUT', '/system/user/changeStatus', { token: admin, body: { userId: salesId, status: '0' } });

      const service = await other.login('service', DEMO_PASSWORD);
      expect((await other.request('GET', orders, { token: service })).body.code).toBe(200);
      const roleOff = await one.request('PUT', '/system/role/changeStatus', {
        token: admin,
        body: { roleId, status: '1' },
      });
      expect(roleOff.body.code).toBe(200);
      await refused(orders, service, 403);
      await one.request('PUT', '/system/role/changeStatus', { token: admin, body: { roleId, status: '0' } });
      await refused(orders, service, 200);
    }
  }, 60_000);

  it('waybill and receipt numbers stay unique across both under parallel load (200 orders, 100 receipts)', async () => {
    const refs = await orderRefs(db!);
    const tokens = [await a!.login('admin', DEV_ADMIN_PASSWORD), await b!.login('admin', DEV_ADMIN_PASSWORD)];
    const servers = [a!, b!];
    const transportIds: string[] = [];
    const receipts: string[] = [];
    const refused: string[] = [];
    // 10 writers per instance, 10 orders and 5 receipt numbers each
    const writer = async (w: number) => {
      const s = w % 2;
      for (let n = 0; n < 10; n++) {
        const r = await addOrder(servers[s]!, tokens[s]!, refs, `two-${w}-${n}`);
        if (r.acked) transportIds.push(r.acked.transportId);
        else refused.push(r.refused);
        if (n % 2 === 0) {
          const no = await servers[s]!.request('POST', '/bus/inware/getNo', {
            token: tokens[s],
            body: { type: 'receivingNo' },
          });
          if (no.body.code === 200) receipts.push((no.body.data as { no: string }).no);
          else refused.push(JSON.stringify(no.body));
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, (_, w) => writer(w)));
    expect(refused).toEqual([]);
    expect(transportIds).toHaveLength(200);
    expect(new Set(transportIds).size).toBe(200);
    const seqs = transportIds.map(sequenceOf).sort((x, y) => x - y);
    expect(seqs.at(-1)! - seqs[0]!).toBe(199); // consecutive: numbers are taken in the order's transaction
    expect(receipts).toHaveLength(100);
    expect(new Set(receipts).size).toBe(100);
  }, 120_000);

  describe('caches agree: a change made through one (or in the database) shows on the other at its next request', () => {
    type Row = Record<string, string>;
    const tokens: { one?: string; other?: string } = {};
    const get = async (server: ServerProcess, url: string) => {
      const res = await server.request('GET', url, { token: server === a ? tokens.one : tokens.other });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const change = async (method: string, url: string, body: unknown) => {
      const res = await a!.request(method, url, { token: tokens.one, body });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    };
    const orderRow = async () =>
      ((await get(b!, '/bus/inware/list?view=orderList&mark=TH001&pageSize=1')).rows as Row[])[0]!;
    beforeAll(async () => {
      tokens.one = await a!.login('admin', DEV_ADMIN_PASSWORD);
      tokens.other = await b!.login('admin', DEV_ADMIN_PASSWORD);
    });

    it("a customer's name in the order list", async () => {
      const refs = await orderRefs(db!);
      await orderRow();
      const mark = (await get(a!, `/bas/mark/${refs.markId}`)).data as Record<string, unknown>;
      const addresses = (mark.addresses as Row[]).map(({ id, corporation, contact, tel, addr, isDefault }) => ({
        id,
        corporation,
        contact,
        tel,
        addr,
        isDefault,
      }));
      await change('POST', '/bas/mark/edit', editBody(ZMarkEditBody, mark, { nameZh: `${mark.nameZh}-改`, addresses }));
      await seen(async () => (await orderRow()).markName === `${mark.nameZh}-改`, 'the customer name');
    });

    it('a place name in the order list (changed in the database: no screen edits places yet)', async () => {
      const refs = await orderRefs(db!);
      const before = await orderRow();
      await db!.query(`UPDATE bas_geog SET name = name || '-改' WHERE id = $1`, [refs.bkk]);
      await seen(async () => (await orderRow()).destAddrName === `${before.destAddrName}-改`, 'the place name');
    });

    it('a department name in the user list', async () => {
      const salesRow = async () =>
        ((await get(b!, '/system/user/list?userName=sales&pageSize=10')).rows as Row[]).find(
          (r) => r.userName === 'sales',
        )!;
      const sales = await salesRow();
      const dept = (await get(a!, `/system/dept/${sales.deptId}`)).data as Record<string, unknown>;
      await change('PUT', '/system/dept', editBody(ZDeptEdit, dept, { deptName: `${dept.deptName}-改` }));
      await seen(async () => (await salesRow()).deptName === `${dept.deptName}-改`, 'the department name');
    });

    it('a setting: failed sign-ins that lock an account, from 5 to 2', async () => {
      const wrong = (username: string) =>
        b!.request('POST', '/auth/login', { body: { username, password: 'wrong-one' } });
      expect((await wrong('driver')).body.msg).toContain('还可尝试 4 次'); // the other instance read the setting
      const { rows } = await db!.query<{ config_id: string }>(
        `SELECT config_id FROM sys_config WHERE config_key = 'sys.login.lockCount'`,
      );
      const setting = (await get(a!, `/system/config/${rows[0]!.config_id}`)).data as Record<string, unknown>;
      await change('PUT', '/system/config', editBody(ZConfigEdit, setting, { configValue: '2' }));
      let n = 0; // each probe is a first failure of a name of its own: 1 try left under the new setting
      await seen(async () => ((await wrong(`nobody-${n++}`)).body.msg ?? '').includes('还可尝试 1 次'), 'the setting');
      expect((await wrong('driver')).body.errorCode).toBe('LOCKED'); // driver's second failure of 2
      const locked = await b!.request('POST', '/auth/login', { body: { username: 'driver', password: DEMO_PASSWORD } });
      expect(locked.body.errorCode, JSON.stringify(locked.body)).toBe('LOCKED');
    });
  });
});
