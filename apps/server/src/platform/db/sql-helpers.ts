import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './database';

/** AND of the defined parts (undefined when none). */
export function allOf(parts: (SQL | undefined)[]): SQL | undefined {
  const defined = parts.filter((p): p is SQL => p !== undefined);
  if (!defined.length) return undefined;
  return sql.join(
    defined.map((p) => sql`(${p})`),
    sql` AND `,
  );
}

/** Serialises writers of one key (price overlap checks) inside the current transaction. */
export async function lockKey(db: DbOrTx, namespace: number, key: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${namespace}::int, hashtext(${key}))`);
}
/** PostgreSQL unique violation (23505), also when wrapped by Drizzle; `constraint` narrows to one index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
    e = e.cause as typeof e;
  }
  return false;
}
