import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';

/**
 * Absolute session lifetime (issue 11 item 4): SESSION_MAX_HOURS from sign-in, which no refresh extends; the idle
 * lifetime (TOKEN_TTL_MINUTES) stays what a refresh gives again. The clock is the session row's own: a test moves
 * its sign-in time back in the database instead of mocking time.
 */
let t: TestApp;
const EN = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp({ TOKEN_TTL_MINUTES: '30', SESSION_MAX_HOURS: '8' });
});
afterAll(async () => {
  await t.close();
});

/** The session of a client's token, aged: signed in `minutes` ago. */
async function signedInAgo(client: TestClient, minutes: number) {
  const sid = JSON.parse(Buffer.from(client.token.split('.')[1]!, 'base64url').toString()).sid as string;
  await t.db.execute(
    sql`UPDATE sys_session SET created_at = now() - make_interval(mins => ${minutes}) WHERE session_id = ${sid}`,
  );
  await t.syncAuth();
  return sid;
}

const refresh = (client: TestClient) => client.post('/auth/refresh', undefined, EN);

describe('[AUTH] absolute session lifetime', () => {
  it('sign-in answers the idle lifetime and how long until the session ends for good', async () => {
    const res = await t.anon.post('/auth/login', { username: 'sales', password: 'demo123' });
    expect(res.json().data).toMatchObject({ expires_in: 30, session_expires_in: 480 });
  });

  it('a refresh gives the idle lifetime again while far from the end', async () => {
    const sales = await t.login('sales');
    await signedInAgo(sales, 60);
    const res = await refresh(sales);
    expect(res.json().data).toMatchObject({ expires_in: 30, session_expires_in: 420 });
  });

  it('near the end a refresh gives only what is left, never more', async () => {
    const sales = await t.login('sales');
    const sid = await signedInAgo(sales, 8 * 60 - 10);
    const res = await refresh(sales);
    expect(res.json().code).toBe(200);
    expect(res.json().data.expires_in).toBe(10);
    expect(res.json().data.session_expires_in).toBe(10);
    const [row] = (
      await t.db.execute<{ gap: number }>(
        sql`SELECT EXTRACT(EPOCH FROM (created_at + interval '8 hours' - expires_at))::int AS gap
          FROM sys_session WHERE session_id = ${sid}`,
      )
    ).rows;
    expect(row!.gap).toBe(0);
    // the new token expires then too
    const exp = JSON.parse(Buffer.from(res.json().data.access_token.split('.')[1], 'base64url').toString()).exp;
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 2000);
  });

  it('past the end the refresh is refused and so is every other request, saying why', async () => {
    const sales = await t.login('sales');
    await signedInAgo(sales, 8 * 60 + 1);
    const res = await refresh(sales);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, errorCode: 'SESSION_EXPIRED' });
    expect(res.json().msg).toBe('You signed in more than 8 hours ago; please sign in again');
    const info = await sales.get('/system/user/getInfo', EN);
    expect(info.statusCode).toBe(401);
    expect(info.json().msg).toBe('You signed in more than 8 hours ago; please sign in again');
  });

  it('refreshing every few minutes cannot carry a session past the end', async () => {
    let client = await t.login('service');
    // 8 hours of refreshes, one every 25 minutes (the web refreshes 5 minutes before the 30-minute expiry)
    for (let minutes = 25; minutes <= 8 * 60 + 25; minutes += 25) {
      await signedInAgo(client, minutes);
      const res = await refresh(client);
      if (minutes >= 8 * 60) {
        expect(res.statusCode, `at ${minutes} min`).toBe(401);
        return;
      }
      expect(res.json().code, `at ${minutes} min`).toBe(200);
      client = t.client(res.json().data.access_token, 'service');
    }
    throw new Error('the session outlived its absolute lifetime');
  });

  it('an expired or signed-out session still says only that it expired', async () => {
    const driver = await t.login('driver');
    await driver.delete('/auth/logout');
    const res = await driver.get('/system/user/getInfo', EN);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('Login expired, please log in again');
  });
});
