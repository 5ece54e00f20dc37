import { z } from 'zod';
import { isDateTimeText } from './validators';

/** Query strings send '' for a cleared filter; treat it as absent. */
export const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 500;
export const PAGE_SIZES = [10, 20, 30, 50] as const;

/**
 * A date (`2026-11-22`) or date-time (`2026-11-22 08:00:00`, ISO 8601 accepted) filter value that exists: an
 * impossible one ('2026-02-30', '24:00:00') is a 400 naming the filter, never a query error.
 */
export const zDateFilter = z.preprocess(
  emptyToUndefined,
  z.string().max(40, 'err_invalid_format').refine(isDateTimeText, 'err_invalid_format').optional(),
);

/**
 * `params[beginX]`/`params[endX]` date filters for each named date column of a list (`zDateRanges('SignTime')` gives
 * `params[beginSignTime]` and `params[endSignTime]`), the RuoYi way of sending a date range.
 */
export function zDateRanges<const N extends string>(
  ...names: N[]
): { [K in N as `params[begin${K}]` | `params[end${K}]`]: typeof zDateFilter } {
  return Object.fromEntries(
    names.flatMap((n) => [
      [`params[begin${n}]`, zDateFilter],
      [`params[end${n}]`, zDateFilter],
    ]),
  ) as { [K in N as `params[begin${K}]` | `params[end${K}]`]: typeof zDateFilter };
}

/** Optional trimmed text filter, bounded. */
export const zTextFilter = (max = 100) =>
  z.preprocess((v) => (typeof v === 'string' ? emptyToUndefined(v.trim()) : v), z.string().max(max).optional());

/** Optional integer filter from a query string. */
export const zIntFilter = z.preprocess(
  emptyToUndefined,
  z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
);

/** Optional filter restricted to given codes (status '0'/'1' etc.). */
export const zCodeFilter = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(emptyToUndefined, z.enum(values).optional());

export const zPageFields = {
  pageNum: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  pageSize: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  ),
  isAsc: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc', 'ascending', 'descending']).optional()),
  'params[beginTime]': zDateFilter,
  'params[endTime]': zDateFilter,
};

/**
 * A list query: paging, an allowlisted `orderByColumn`, a date range and the list's own filters.
 * Strict: an unknown key (for example `params[dataScope]`) is a 400, never silently used or ignored.
 */
export function zPageQuery<const K extends readonly [string, ...string[]], S extends z.ZodRawShape>(
  orderBy: K,
  filters: S,
) {
  return z
    .object({
      ...zPageFields,
      orderByColumn: z.preprocess(emptyToUndefined, z.enum(orderBy).optional()),
      ...filters,
    })
    .strict();
}

export interface TPageQueryBase {
  pageNum: number;
  pageSize: number;
  isAsc?: 'asc' | 'desc' | 'ascending' | 'descending';
  orderByColumn?: string;
  'params[beginTime]'?: string;
  'params[endTime]'?: string;
}

/** Comma-separated list of numbers/codes (waybill, express...). English commas only; newlines become commas. */
export function splitCommaList(value: string): string[] {
  return value
    .replace(/\r?\n/g, ',')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** True when the text uses a separator other than English commas (Chinese comma, semicolon, spaces between values). */
export function hasWrongSeparator(value: string): boolean {
  return /[，;；、]/.test(value) || /\S\s+\S/.test(value.replace(/\s*,\s*/g, ','));
}

/** Route ids: digits only. */
export const zId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** A route id as text in a path (`/x/{id}`): 1 to 15 digits, read as a number. */
export const zIdText = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);
export const zIdParam = z.object({ id: zIdText }).strict();
/** `/x/{ids}` with ids comma separated, digits only. */
export const zIdsParam = z
  .object({
    ids: z
      .string()
      .regex(/^\d{1,15}(,\d{1,15}){0,499}$/)
      .transform((s) => s.split(',').map(Number)),
  })
  .strict();
