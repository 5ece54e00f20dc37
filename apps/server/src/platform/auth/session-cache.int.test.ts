import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-test-app';
import { buildApp } from '../../app';
import { connectDatabase, type Database } from '../db/database';

/** Two instances on one database: a logout on one ends the session on the other (LISTEN/NOTIFY). */
let a: TestApp;
let bDatabase: Database;
let b: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  a = await createTestApp();
  bDatabase = connectDatabase(a.databaseUrl, { max: 5 });
  b = await buildApp(a.config, bDatabase.db);
  await b.app.ready();
});
afterAll(async () => {
  await b.app.close();
  await bDatabase.close();
  await a.close();
});

const onB = (token: string) =>
  b.app.inject({ method: 'GET', url: '/prod-api/system/user/getInfo', headers: { authorization: `Bearer ${token}` } });

describe('[PLATFORM] session cache across instances', () => {
  it('a session cached by instance B ends on B when A logs it out', async () => {
    const sales = await a.login('sales');
    expect((await onB(sales.token)).statusCode).toBe(200);
    expect((await onB(sales.token)).statusCode).toBe(200); // served from B's cache
    expect(b.deps.sessionCache.size).toBeGreaterThan(0);
    expect((await sales.delete('/auth/logout')).statusCode).toBe(200);
    await b.deps.sessionCache.sync((p) => bDatabase.pool.query('SELECT pg_notify($1, $2)', ['theone_auth', p]));
    expect((await onB(sales.token)).statusCode).toBe(401);
  });

  it('a role change on A changes permissions on B', async () => {
    const sales = await a.login('sales');
    const before = (await onB(sales.token)).json().permissions as string[];
    // the auth epoch trigger fires on sys_role_menu
    await a.db.execute(
      sql`DELETE FROM sys_role_menu rm USING sys_menu m, sys_role r
        WHERE rm.menu_id = m.menu_id AND rm.role_id = r.role_id AND r.role_key = 'sales' AND m.perms = ${before[0]!}`,
    );
    await b.deps.sessionCache.sync((p) => bDatabase.pool.query('SELECT pg_notify($1, $2)', ['theone_auth', p]));
    const after = (await onB(sales.token)).json().permissions as string[];
    expect(after).not.toContain(before[0]);
  });
});
