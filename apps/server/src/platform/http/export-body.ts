import { inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';

/** `ids` of an export body: the list's selected rows, comma separated (digits only). */
const zExportIds = z
  .string()
  .regex(/^\d{1,15}(,\d{1,15}){0,4999}$/)
  .transform((v) => v.split(',').map(Number))
  .optional();

/**
 * Export bodies: the list query (paging ignored) plus `ids` of the selected rows, which the list page posts
 * when rows are selected; a POST without a body exports the unfiltered list.
 */
export function exportBody<T extends z.ZodObject>(schema: T) {
  return z.preprocess((v) => v ?? {}, schema.extend({ ids: zExportIds }));
}

/** `column IN ids` when the export was of selected rows. */
export function selectedIds(column: Parameters<typeof inArray>[0], ids: unknown): SQL | undefined {
  return Array.isArray(ids) && ids.length ? inArray(column, ids as number[]) : undefined;
}
