import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { DEMO_PASSWORD, DEV_ADMIN_PASSWORD } from '../src/modules/system/seed/seed';
import { type AppConfig, loadConfig } from '../src/platform/config';
import { connectDatabase, type Database, type Db } from '../src/platform/db/database';
import type { AppDeps } from '../src/platform/deps';

/**
 * One fresh database (a clone of the seeded template) and one app per test file.
 *
 *   const t = await createTestApp();
 *   const admin = await t.login('admin');
 *   const res = await admin.get('/system/user/list?pageSize=5');
 *   expect(res.statusCode).toBe(200);
 *   afterAll(() => t.close());
 */
export interface TestClient {
  token: string;
  userName: string;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  deps: AppDeps;
  config: AppConfig;
  /** The database's connection string (for a second pool in concurrency tests). */
  databaseUrl: string;
  /** Anonymous client (no token). */
  anon: TestClient;
  login(userName: string, password?: string): Promise<TestClient>;
  client(token: string, userName?: string): TestClient;
  /** Waits until this app's session cache has applied every database change committed so far. */
  syncAuth(): Promise<void>;
  /** Writes buffered operation-log rows (they are written after responses). */
  flushOperlog(): Promise<void>;
  close(): Promise<void>;
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export const API = '/prod-api';

function makeClient(app: FastifyInstance, token: string, userName: string): TestClient {
  const request = (options: InjectOptions) =>
    app.inject({
      ...options,
      url: String(options.url).startsWith('/prod-api') ? options.url : `${API}${options.url}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(options.headers ?? {}) },
    });
  const withBody =
    (method: 'POST' | 'PUT' | 'DELETE') => (url: string, body?: unknown, headers?: Record<string, string>) =>
      request({ method, url, ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }), headers });
  return {
    token,
    userName,
    request,
    get: (url, headers) => request({ method: 'GET', url, headers }),
    post: withBody('POST'),
    put: withBody('PUT'),
    delete: withBody('DELETE'),
  };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `theone_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = withDatabase(adminUrl, name);
  const database = connectDatabase(databaseUrl, { max: 10 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'theone-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    CAPTCHA_ENABLED: 'false',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '100000',
    CAPTCHA_RATE_LIMIT: '100000',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...env,
  });
  const { app, deps } = await buildApp(config, database.db);
  await app.ready();

  const login = async (userName: string, password?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `${API}/auth/login`,
      payload: {
        username: userName,
        password: password ?? (userName === 'admin' ? DEV_ADMIN_PASSWORD : DEMO_PASSWORD),
      },
    });
    const body = res.json();
    if (body.code !== 200) throw new Error(`login ${userName} failed: ${res.body}`);
    return makeClient(app, body.data.access_token, userName);
  };

  return {
    app,
    db: database.db,
    database,
    deps,
    config,
    databaseUrl,
    anon: makeClient(app, '', ''),
    login,
    client: (token, userName = '') => makeClient(app, token, userName),
    flushOperlog: () => deps.operlog.flush(),
    syncAuth: () =>
      deps.sessionCache.sync((payload) => database.pool.query('SELECT pg_notify($1, $2)', ['theone_auth', payload])),
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await a.end();
    },
  };
}
