import { inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../platform/db/database';
import { changedReload, notFound } from '../../platform/errors';
import { sysUser } from '../system/user/user.table';

/** Today ('YYYY-MM-DD') in the business time zone: validity, isOverdue and the rate in force are by this day. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * After a conditional UPDATE/DELETE touched no row: 404 when the row is gone or outside the caller's scope,
 * else 409 'changed by someone else' (the version moved on).
 */
export async function missingOrChanged(exists: () => Promise<boolean>): Promise<never> {
  if (await exists()) throw changedReload();
  throw notFound();
}

/** userId -> nickName for the sales / service / driver-account columns of a page of rows. */
export async function userNames(db: DbOrTx, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: sysUser.userId, name: sysUser.nickName })
    .from(sysUser)
    .where(inArray(sysUser.userId, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** AND of the defined parts (undefined when none). */
export function allOf(parts: (SQL | undefined)[]): SQL | undefined {
  const defined = parts.filter((p): p is SQL => p !== undefined);
  if (!defined.length) return undefined;
  return sql.join(
    defined.map((p) => sql`(${p})`),
    sql` AND `,
  );
}

/**
 * Export calls (spec §7 'Download helper') post a form-encoded body; JSON is accepted too. Registered inside a
 * module's plugin, so it applies to that module's routes only.
 */
export function acceptFormBodies(app: FastifyInstance) {
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 100_000 },
    (_req, body, done) => {
      const out: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(String(body))) out[k] = v;
      done(null, out);
    },
  );
}

/** Serialises writers of one key (price overlap checks) inside the current transaction. */
export async function lockKey(db: DbOrTx, namespace: number, key: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${namespace}::int, hashtext(${key}))`);
}
