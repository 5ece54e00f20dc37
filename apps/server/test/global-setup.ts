import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { applySeed } from '../src/modules/system/seed/seed';
import { connectDatabase, runMigrations } from '../src/platform/db/database';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/platform/db/embedded';

/**
 * Integration tests run against a real PostgreSQL: TEST_DATABASE_URL (any PostgreSQL 15+, e.g. the machine's
 * 127.0.0.1:5432) or, when unset, an embedded server started here on a free port in a temporary directory.
 * A template database is migrated and seeded once; every test file clones it (CREATE DATABASE ... TEMPLATE),
 * so each file starts from the same fresh data in milliseconds.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = mkdtempSync(path.join(tmpdir(), 'theone-test-pg-'));
    chmodSync(dir, 0o711); // as root the server runs as the 'postgres' user, which must enter it
    embedded = await startEmbeddedPostgres({ pgDataDir: path.join(dir, 'pg') });
    adminUrl = embedded.url;
  }
  const template = `theone_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const database = connectDatabase(withDatabase(adminUrl, template), { max: 2 });
  try {
    await runMigrations(database);
    await applySeed(database.db, { production: false });
  } finally {
    await database.close();
  }
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [template, `theone_t_${process.pid}_%`],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
    }
    await admin.end();
    await embedded?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
