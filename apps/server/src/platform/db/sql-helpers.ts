import { getTableName, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn } from 'drizzle-orm/pg-core';
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

/**
 * A SELECT list as text, built once at start-up from Drizzle columns (`"table"."column" AS "key"`, plus raw
 * expressions): hot list queries send it with the request's WHERE instead of having Drizzle rebuild dozens of
 * column expressions per request. `rows` completes what the driver returned the way Drizzle would: timestamps
 * arrive as PostgreSQL text and become Dates through each column's own mapping (in place, a few per row).
 */
export function selectList(columns: Record<string, PgColumn>, expressions: Record<string, string> = {}) {
  // columns declared without a name take their key, which the database's snake_case casing converts
  const name = (col: PgColumn) => (col.keyAsName ? toSnakeCase(col.name) : col.name);
  const cols = Object.entries(columns).map(([key, col]) => `"${getTableName(col.table)}"."${name(col)}" AS "${key}"`);
  const exprs = Object.entries(expressions).map(([key, text]) => `(${text}) AS "${key}"`);
  const mapped = Object.entries(columns).filter(([, col]) => col.columnType === 'PgTimestamp');
  return {
    text: [...cols, ...exprs].join(', '),
    rows<T>(rows: T[]): T[] {
      for (const row of rows as Record<string, unknown>[])
        for (const [key, col] of mapped) {
          const v = row[key];
          if (typeof v === 'string') row[key] = col.mapFromDriverValue(v);
        }
      return rows;
    },
  };
}
