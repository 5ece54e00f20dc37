import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../platform/auth/auth-context';
import { dataScopeFilter } from '../../platform/auth/data-scope';
import { basMark } from './bas.table';

/**
 * Data scope of customers (DOMAIN §7): RuoYi's scopes on the mark's department (`bas_mark.dept_id`, the sales
 * person's department), and for 'self' the marks whose sales or service person is the user.
 *
 * `markScopeFilter(auth)` is a condition on `bas_mark` columns (undefined = sees everything). Other modules
 * restrict their rows through the mark with `markIdInScope(auth, orders.markId)`, which gives
 * `orders.mark_id IN (SELECT id FROM bas_mark WHERE <scope>)`; rows without a mark (no-mark cargo) are
 * outside a restricted scope unless `includeNull` is set.
 */
export function markScopeFilter(
  auth: AuthContext,
  m: Record<'deptId' | 'sales' | 'service', AnyPgColumn> = basMark,
): SQL | undefined {
  return dataScopeFilter(auth, {
    dept: m.deptId,
    self: sql`(${m.sales} = ${auth.userId} OR ${m.service} = ${auth.userId})`,
  });
}

const PROBED = 'scope_mark';
const probed = alias(basMark, PROBED);

/**
 * `column IN (marks in the caller's scope)`; undefined when the caller sees every mark. `probe`: written as a test
 * of each row's own mark by primary key (`EXISTS`), for statements that read a handful of rows (a search by
 * waybill, express or receipt number): the set form hashes every mark of the caller first (about 1,000 for a sales
 * person on the large seed, 0.5 ms) to keep one order.
 */
export function markIdInScope(
  auth: AuthContext,
  column: AnyPgColumn | SQL,
  options: { includeNull?: boolean; probe?: boolean } = {},
): SQL | undefined {
  const none = options.includeNull ? sql`${column} IS NULL` : undefined;
  if (!options.probe) return inScopeMarks(auth, column, basMark.id, none);
  const filter = markScopeFilter(auth, probed);
  if (!filter) return undefined;
  const inScope = sql`EXISTS (SELECT 1 FROM ${basMark} ${sql.raw(PROBED)} WHERE ${probed.id} = ${column} AND ${filter})`;
  return none ? sql`(${none} OR ${inScope})` : inScope;
}

/** Same as markIdInScope for tables that store the mark code. */
export function markCodeInScope(
  auth: AuthContext,
  column: AnyPgColumn | SQL,
  options: { includeNull?: boolean } = {},
): SQL | undefined {
  const none = options.includeNull ? sql`${column} IS NULL OR ${column} = ''` : undefined;
  return inScopeMarks(auth, column, basMark.mark, none);
}

/** `column IN (the id or code of the marks in the caller's scope)`, or `(none OR ...)` when given. */
function inScopeMarks(
  auth: AuthContext,
  column: AnyPgColumn | SQL,
  key: typeof basMark.id | typeof basMark.mark,
  none: SQL | undefined,
): SQL | undefined {
  const filter = markScopeFilter(auth);
  if (!filter) return undefined;
  const inScope = sql`${column} IN (SELECT ${key} FROM ${basMark} WHERE ${filter})`;
  return none ? sql`(${none} OR ${inScope})` : inScope;
}
