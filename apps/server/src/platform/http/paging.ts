import type { TPageQueryBase } from '@theone/contracts';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { businessTimeZone } from '../time';

/**
 * Newest first as the list indexes are declared: drizzle writes an index's `.desc()` as `DESC NULLS LAST`, and an
 * ORDER BY of plain `DESC` (nulls first) cannot walk it, so the page becomes a sort of the whole table.
 */
export const descNullsLast = (column: AnyPgColumn | SQL) => sql`${column} DESC NULLS LAST`;

/** Pages written into the statement text up to this offset; deeper pages keep parameters (see limitOffset). */
export const INLINE_OFFSET_MAX = 200;

/**
 * `LIMIT n OFFSET m` of a list page. For the first pages (offset up to INLINE_OFFSET_MAX) the numbers are written
 * into the statement text (checked integers: the page query's zod schema): a list statement whose only parameters
 * were these two then has none, and PostgreSQL plans its named statement once per connection and reuses the plan
 * (with LIMIT $1 it re-plans every call: 1-4 ms of planning for a page with subqueries, more than running it).
 * Deeper pages keep `$n` parameters, so the named statements (and the plans each connection keeps) stay a small set.
 */
export function limitOffset(limit: number, offset = 0): SQL {
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 0 || offset < 0)
    throw new Error(`invalid page: ${limit}/${offset}`);
  return offset <= INLINE_OFFSET_MAX
    ? sql.raw(`LIMIT ${limit} OFFSET ${offset}`)
    : sql`LIMIT ${limit} OFFSET ${offset}`;
}

/** LIMIT/OFFSET of a list query. */
export function pageOf(q: Pick<TPageQueryBase, 'pageNum' | 'pageSize'>) {
  return { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize };
}

/**
 * ORDER BY from the allowlisted `orderByColumn` (the zod enum already refused anything else) and `isAsc`,
 * then the list's default order; a unique tiebreaker keeps pages stable.
 */
export function orderOf(
  q: Pick<TPageQueryBase, 'orderByColumn' | 'isAsc'>,
  columns: Record<string, AnyPgColumn | SQL>,
  fallback: SQL[],
): SQL[] {
  const column = q.orderByColumn ? columns[q.orderByColumn] : undefined;
  if (!column) return fallback;
  return [isAscending(q) ? asc(column) : desc(column), ...fallback];
}

/** Whether a list's asked sort is ascending (`isAsc` 'asc' or 'ascending'; anything else is descending). */
export const isAscending = (q: Pick<TPageQueryBase, 'isAsc'>) => q.isAsc === 'asc' || q.isAsc === 'ascending';

function isDateOnly(value: string) {
  return /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/**
 * `params[beginTime]` .. `params[endTime]` on a timestamp column. A date-only end includes the whole day.
 * Dates without a zone are read in the business time zone.
 */
export function dateRange(
  column: AnyPgColumn | SQL,
  q: Pick<TPageQueryBase, 'params[beginTime]' | 'params[endTime]'>,
  timezone = businessTimeZone(),
): SQL | undefined {
  const begin = q['params[beginTime]'];
  const end = q['params[endTime]'];
  const parts: SQL[] = [];
  const asTimestamp = (v: string) =>
    /[zZ]|[+-]\d{2}:?\d{2}$/.test(v)
      ? sql`${v}::timestamptz`
      : sql`(${v.replace('T', ' ')}::timestamp AT TIME ZONE ${timezone})`;
  if (begin) parts.push(sql`${column} >= ${asTimestamp(begin)}`);
  if (end) {
    if (isDateOnly(end)) parts.push(sql`${column} < ((${end}::date + 1)::timestamp AT TIME ZONE ${timezone})`);
    else parts.push(sql`${column} <= ${asTimestamp(end)}`);
  }
  if (!parts.length) return undefined;
  return sql.join(parts, sql` AND `);
}

/** Escapes LIKE wildcards in user text. */
export function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
