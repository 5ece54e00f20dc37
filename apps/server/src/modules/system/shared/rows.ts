import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../platform/db/database';
import { isUniqueViolation } from '../../../platform/db/sql-helpers';
import { type AppError, duplicate, inUse, notFound } from '../../../platform/errors';

/**
 * The row steps of the system settings screens (posts, settings, dictionaries, departments, menus): one row or 404,
 * a name or code taken by another row (409 with the screen's message), a row still referred to (409 in use), an insert or update whose unique index
 * still catches a race past that check (the versioned update is `saveAtVersion` in system.ts).
 */

/** The row whose `id` column is `id`, or 404. */
export async function rowOr404<T extends PgTable>(db: DbOrTx, table: T, id: PgColumn, value: number) {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(id, value));
  if (!row) throw notFound();
  return row as T['$inferSelect'];
}

/** 409 `err` (naming `value`) when a row other than `exceptId` matches `where`. */
export async function refuseTaken(
  db: DbOrTx,
  id: PgColumn,
  exceptId: number | undefined,
  where: SQL,
  err: string,
  value: string,
) {
  const [row] = await db
    .select({ id })
    .from(id.table)
    .where(and(where, exceptId === undefined ? undefined : ne(id, exceptId)))
    .limit(1);
  if (row) throw duplicate(err, { value });
}

/** 409 in use (`err`, with `params` of the value found) while any row of `column`'s table matches `where`. */
export async function refuseWhileUsed<C extends PgColumn>(
  db: DbOrTx,
  column: C,
  where: SQL | undefined,
  err: string,
  params?: (value: C['_']['data']) => Record<string, unknown>,
) {
  const [row] = await db.select({ value: column }).from(column.table).where(where).limit(1);
  if (row) throw inUse(err, params?.(row.value as C['_']['data']));
}

/** `write`, with a unique-index violation (two users saving the same name at once) answered as `clash()`. */
export async function orClash<T>(write: PromiseLike<T>, clash: () => AppError): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw clash();
    throw err;
  }
}
