import { eq, ilike, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { dateRange, likeContains } from '../../platform/http/paging';

/** What the bus lists' WHERE builders share: text boxes, code boxes and named date ranges of the query. */

type TBox<V> = readonly [V | null | undefined, AnyPgColumn];

/** `column ILIKE %text%` for each filled text box (`[text, column]`). */
export const containing = (boxes: readonly TBox<string>[]): SQL[] =>
  boxes.flatMap(([text, column]) => (text ? [ilike(column, likeContains(text))] : []));

/** `column = value` for each filled box (`[value, column]`; an empty text or 0 is no filter). */
export const equalTo = (boxes: readonly TBox<string | number>[]): SQL[] =>
  boxes.flatMap(([value, column]) => (value ? [eq(column, value)] : []));

/**
 * The query's named date ranges: for each `[Name, column]`, `params[beginName]` / `params[endName]` (either may be
 * missing), read in the business time zone like the list's own `params[beginTime]` / `params[endTime]`.
 */
export function namedDateRanges(
  q: object,
  ranges: readonly (readonly [string, AnyPgColumn])[],
  timezone: string,
): (SQL | undefined)[] {
  const box = q as Record<string, string | undefined>;
  return ranges.map(([name, column]) => {
    const begin = box[`params[begin${name}]`];
    const end = box[`params[end${name}]`];
    return begin || end
      ? dateRange(column, { 'params[beginTime]': begin, 'params[endTime]': end }, timezone)
      : undefined;
  });
}
