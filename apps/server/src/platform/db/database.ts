import { createHash } from 'node:crypto';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { findRepoRoot } from '../config';
import * as schema from './schema';

// numeric and bigint stay strings in pg by default; money must never become a float.
// int8 (count(*), bigint ids) is safe as a JS number below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** A transaction handle; repositories accept `Db | Tx`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * PostgreSQL plans every unnamed statement again; for the list queries planning cost more than running them
 * (2 ms against 0.6 ms). Every data statement therefore runs as a named prepared statement, named by a hash of its
 * text: each connection prepares it once, and PostgreSQL switches to a cached generic plan when that is as good.
 * Statements differ only in their text (values are parameters), so the number of names stays bounded; past
 * `MAX_NAMED` distinct texts, new ones run unnamed.
 */
const MAX_NAMED = 5000;
const statementNames = new Map<string, string>();
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_NAMED) {
    name = `s_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;

function prepareStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (config, values, callback) => {
    if (config && typeof config === 'object') {
      const c = config as { text?: unknown; name?: unknown };
      if (typeof c.text === 'string' && !c.name && DATA_STATEMENT.test(c.text)) {
        const name = statementName(c.text);
        if (name) return query({ ...c, name }, values, callback);
      }
    }
    return query(config, values, callback);
  };
}

/** PostgreSQL's answer to the loser of a deadlock (40P01) or of a serialization conflict (40001). */
const RETRYABLE = new Set(['40P01', '40001']);
/** Attempts of one transaction before its deadlock reaches the caller. */
export const TRANSACTION_ATTEMPTS = 3;

/** The SQLSTATE of a driver error, also when Drizzle wraps it (`cause`). */
export function retryableConflict(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 3 && e && typeof e === 'object'; depth++) {
    if (RETRYABLE.has(String((e as { code?: unknown }).code))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A top-level transaction that PostgreSQL chose as a deadlock's victim rolled back as a whole, so it runs again
 * (a short random pause first, so the two do not meet again), up to TRANSACTION_ATTEMPTS times; other errors, and
 * nested transactions (savepoints, `tx.transaction`), are not retried. Callbacks therefore do only database work
 * (and in-memory bookkeeping keyed by their `tx`). The order core takes its locks in one order (runs, loads, then
 * orders: docs/architecture.md) so that deadlocks are rare; this is the safety net for the rest.
 */
function retryDeadlocks(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<Db['transaction']>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(...args);
      } catch (err) {
        if (attempt >= TRANSACTION_ATTEMPTS || !retryableConflict(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 45 * attempt));
      }
    }
  }) as Db['transaction'];
}

/**
 * `statementTimeoutMs`: the app's requests are cut at 120 s; bulk scripts (the large seed) pass 0, no limit, since
 * one of their statements may insert hundreds of thousands of rows on a busy machine.
 */
export function connectDatabase(url: string, options: { max?: number; statementTimeoutMs?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    idleTimeoutMillis: 30_000,
    // A statement that runs away must not hold a connection forever.
    statement_timeout: options.statementTimeoutMs ?? 120_000,
    application_name: 'theone',
  });
  pool.on('connect', prepareStatements);
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  retryDeadlocks(db);
  return { db, pool, close: () => pool.end() };
}

export function migrationsFolder(): string {
  return path.join(findRepoRoot(), 'apps', 'server', 'drizzle');
}

/** Applies committed migrations; an advisory lock makes concurrent starters wait for each other. */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7301001)');
    await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query('SELECT pg_advisory_unlock(7301001)').catch(() => {});
    client.release();
  }
}

/** Creates a database if missing (used with an external server for tests). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
