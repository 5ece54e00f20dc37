import { Column, eq, getTableColumns, getTableName, ilike, is, type SQL, sql, type Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { type AnyPgColumn, type PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { likeContains } from '../http/paging';
import type { DbOrTx } from './database';

/** Renders start-up SQL the way the database's Drizzle instance does (database.ts: snake_case casing). */
const dialect = new PgDialect({ casing: 'snake_case' });
/**
 * Column types whose Drizzle mapping changes what the driver returns through Drizzle's session: timestamps and dates
 * arrive as text. Others need none here: int8 is parsed to a number (database.ts), numeric stays text, arrays and
 * JSON are parsed by node-postgres.
 */
const DECODED = new Set(['PgTimestamp', 'PgDate']);

/** AND of the defined parts (undefined when none). */
export function allOf(parts: (SQL | undefined)[]): SQL | undefined {
  const defined = parts.filter((p): p is SQL => p !== undefined);
  if (!defined.length) return undefined;
  return sql.join(
    defined.map((p) => sql`(${p})`),
    sql` AND `,
  );
}

/** A table's columns of these names, keyed by name in the order given (a select list, an order map). */
export function columnsOf<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  keys: readonly K[],
): Pick<T['_']['columns'], K> {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((key) => [key, columns[key]])) as Pick<T['_']['columns'], K>;
}

/**
 * A condition for each of `keys` the query sets (empty and 0 are unset) on the table's column of that name, in the
 * order of `keys`: a list's plain filters, where the query names the column it filters.
 */
function setFilters<T extends Table, K extends keyof T['_']['columns'] & string>(
  q: Partial<Record<K, unknown>>,
  table: T,
  keys: readonly K[],
  condition: (column: AnyPgColumn, value: never) => SQL,
): SQL[] {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  return keys.flatMap((key) => (q[key] ? [condition(columns[key]!, q[key] as never)] : []));
}

/** `column = value` for each of `keys` the query sets (see setFilters). */
export function equalFilters<T extends Table, K extends keyof T['_']['columns'] & string>(
  q: Partial<Record<K, unknown>>,
  table: T,
  keys: readonly K[],
): SQL[] {
  return setFilters(q, table, keys, (column, value) => eq(column, value));
}

/** `column ILIKE '%value%'` for each of `keys` the query sets (a list's text filters; likeContains escapes). */
export function containsFilters<T extends Table, K extends keyof T['_']['columns'] & string>(
  q: Partial<Record<K, string>>,
  table: T,
  keys: readonly K[],
): SQL[] {
  return setFilters(q, table, keys, (column, value: string) => ilike(column, likeContains(value)));
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
 * A parameter-free SQL fragment (a SELECT list, a FROM with joins) rendered to text once at start-up, so a hot
 * query does not have Drizzle walk its chunks on every request. Throws at start-up if it carries a bound value.
 */
export function frozen(fragment: SQL, what = 'fragment'): SQL {
  const q = dialect.sqlToQuery(fragment);
  if (q.params.length) throw new Error(`frozen: the ${what} has parameters`);
  return sql.raw(q.sql);
}

/**
 * A SELECT list as text, built once at start-up from Drizzle columns (`"table"."column" AS "key"`), parameter-free
 * Drizzle SQL expressions (subqueries, casts) and raw expressions: hot list queries send it with the request's
 * WHERE instead of having Drizzle rebuild dozens of column expressions and map every cell per request. `rows`
 * completes what the driver returned the way Drizzle would, for the columns whose mapping changes a value
 * (timestamps and dates arrive as PostgreSQL text and become Dates), in place.
 */
export function selectList<
  F extends Record<string, PgColumn | SQL>,
  E extends Record<string, string> = Record<never, string>,
>(fields: F, expressions?: E) {
  // columns declared without a name take their key, which the database's snake_case casing converts
  const name = (col: PgColumn) => (col.keyAsName ? toSnakeCase(col.name) : col.name);
  const rendered = Object.entries(fields).map(([key, field]) => {
    if (is(field, Column)) return `"${getTableName(field.table)}"."${name(field)}" AS "${key}"`;
    const q = dialect.sqlToQuery(field);
    if (q.params.length) throw new Error(`selectList: the expression of "${key}" has parameters`);
    return `(${q.sql}) AS "${key}"`;
  });
  const exprs = Object.entries(expressions ?? {}).map(([key, text]) => `(${text}) AS "${key}"`);
  const mapped = Object.entries(fields).filter(
    (e): e is [string, PgColumn] => is(e[1], Column) && DECODED.has(e[1].columnType),
  );
  return {
    text: [...rendered, ...exprs].join(', '),
    rows<T>(rows: T[]): T[] {
      for (const row of rows as Record<string, unknown>[])
        for (const [key, col] of mapped) {
          const v = row[key];
          // a value the driver already decoded (a Date) is kept: the mappings expect the driver's text
          if (v !== null && v !== undefined && !(v instanceof Date)) row[key] = col.mapFromDriverValue(v);
        }
      return rows;
    },
    /** `rows` typed as Drizzle's select of the same fields would type them */
    typed(rows: unknown[]) {
      return this.rows(rows as (SelectResultFields<F> & { [K in keyof E]: unknown })[]);
    },
  };
}
