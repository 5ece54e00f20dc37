import { z } from 'zod';
import { emptyToUndefined, zId } from '../common/page';
import { isDayText } from '../common/validators';

/**
 * Small shared pieces of the basic-data (bas) schemas: flags, dates, optional ids and texts.
 * Flags are '0' / '1' strings (isAgent, isDefault, isPrintPrice, isWeight), as the list calls send them
 * (`GET /bas/mark/list?isAgent=1`, screens §3.1); status is RuoYi's '0' active / '1' disabled.
 */

export const FLAGS = ['0', '1'] as const;
export const zFlag = z.enum(FLAGS);
export const zStatus = z.enum(['0', '1']);

/** Query-string flag filter ('' = absent). */
export const zFlagFilter = z.preprocess(emptyToUndefined, z.enum(FLAGS).optional());

/** A day that exists, 'YYYY-MM-DD' (common/validators isDayText). */
export const isCalendarDay = isDayText;

/** A calendar day 'YYYY-MM-DD' (validity dates, effective dates, licence expiry). */
export const zDay = z.string().trim().refine(isCalendarDay, 'err_invalid_format');
/** Optional day in a body: '' and null mean none. */
export const zOptionalDay = z.preprocess(emptyToUndefined, zDay.nullable().optional());
/** Day filter in a query string. */
export const zDayFilter = z.preprocess(emptyToUndefined, zDay.optional());

/** Optional id in a body: null / '' / 0 mean none. */
export const zOptionalId = z.preprocess(
  (v) => (v === '' || v === 0 || v === '0' ? null : v),
  zId.nullable().optional(),
);
/** Id filter in a query string. */
export const zIdFilter = z.preprocess(emptyToUndefined, zId.optional());

/** Trimmed text with a maximum, '' allowed (optional form fields). */
export const zText = (max: number) => z.string().trim().max(max).default('');
/** Trimmed required text. */
export const zRequiredText = (max: number) => z.string().trim().min(1, 'err_required').max(max);

/** Optimistic-locking version sent back with an edit. */
export const zVersion = z.coerce.number().int().min(0).max(2_147_483_647);

/** The head of an edit body: the row's id and the version read (409 when stale). */
export const editKey = { id: zId, version: zVersion };

/**
 * The add body (the entity's fields) and the edit body (its id and the version read, then the fields) of a
 * reference-data entity, both strict and, given `refine`, both checked by it.
 */
export function addEditBodies<S extends z.ZodRawShape>(
  fields: S,
  refine?: (value: z.output<z.ZodObject<S>>, ctx: z.RefinementCtx) => void,
) {
  const add = z.object(fields).strict();
  const edit = z.object({ ...editKey, ...fields }).strict();
  if (!refine) return { add, edit };
  // the edit body's value is the add body's with its id and version: the same check applies
  const check = refine as (value: unknown, ctx: z.RefinementCtx) => void;
  return { add: add.superRefine(check), edit: edit.superRefine(check) };
}

/** `validToDate` on or after `validFromDate` ('msg_date_order'). */
export function refineDateOrder<T extends { validFromDate?: string | null; validToDate?: string | null }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.validFromDate && value.validToDate && value.validToDate < value.validFromDate) {
    ctx.addIssue({ code: 'custom', message: 'msg_date_order', path: ['validToDate'] });
  }
}

/** Two date ranges (inclusive; null end = open) overlap. */
export function rangesOverlap(
  a: { validFromDate: string; validToDate: string | null },
  b: { validFromDate: string; validToDate: string | null },
): boolean {
  const aEnd = a.validToDate ?? '9999-12-31';
  const bEnd = b.validToDate ?? '9999-12-31';
  return a.validFromDate <= bEnd && b.validFromDate <= aEnd;
}

/** A select option of the reference calls (geog, currency, warehouse, marks). */
export interface TBasOption {
  id: number;
  code?: string;
  label: string;
  labelEn?: string;
  labelTh?: string;
}
