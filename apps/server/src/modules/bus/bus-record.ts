import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, type PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { DbOrTx } from '../../platform/db/database';
import { allOf } from '../../platform/db/sql-helpers';
import { notFound } from '../../platform/errors';

/**
 * What the bus records (loads, runs, pick-ups) share when they are read, locked and edited: the record by id in the
 * caller's scope, the audit columns of an edit, and the all-or-nothing walk over selected records.
 */

type TRecordTable = PgTable & { id: AnyPgColumn };

/**
 * A record by id within `scope` (undefined: no scope), or 404. `lock`: `FOR UPDATE` of the record's row for the
 * caller's transaction (actions on one record are serialised on it).
 */
export async function recordById<T extends TRecordTable>(
  db: DbOrTx,
  table: T,
  id: number,
  scope: SQL | undefined,
  lock = false,
): Promise<T['$inferSelect']> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(allOf([eq(table.id, id), scope]));
  const [row] = lock ? await query.for('update', { of: table }) : await query;
  if (!row) throw notFound();
  if (lock) noteLocked(db, table, [id]);
  return row as T['$inferSelect'];
}

/**
 * The by-id reads of one kind of bus record (loads, delivery runs) for its record core: `find`, the record in the
 * caller's scope or 404; `lock`, the same `FOR UPDATE` for the caller's transaction (actions on one record are
 * serialised on its row), then refused by `check` when the record's status does not allow the named operation;
 * `withLocked`, an action on one record in a transaction of its own: the record locked and checked, then `step`.
 */
export function recordAccess<T extends TRecordTable, O>(
  table: T,
  scope: (auth: AuthContext) => SQL | undefined,
  check: (row: T['$inferSelect'], operation: O) => void,
) {
  type Row = T['$inferSelect'];
  const lock = async (tx: DbOrTx, auth: AuthContext, id: number, operation?: O): Promise<Row> => {
    const row = await recordById(tx, table, id, scope(auth), true);
    if (operation) check(row, operation);
    return row;
  };
  return {
    find: (db: DbOrTx, auth: AuthContext, id: number): Promise<Row> => recordById(db, table, id, scope(auth)),
    lock,
    withLocked: <R>(
      ctx: { db: DbOrTx; auth: AuthContext },
      id: number,
      operation: O,
      step: (tx: DbOrTx, row: Row) => Promise<R>,
    ): Promise<R> => ctx.db.transaction(async (tx) => step(tx, await lock(tx, ctx.auth, id, operation))),
  };
}

/** The record rows each open transaction holds `FOR UPDATE`, per table (only transactions are keys). */
const heldLocks = new WeakMap<object, Map<PgTable, Set<number>>>();

function heldOf(db: DbOrTx, table: PgTable): Set<number> | undefined {
  if (!(db instanceof PgTransaction)) return undefined;
  const tables = heldLocks.get(db) ?? new Map<PgTable, Set<number>>();
  heldLocks.set(db, tables);
  const ids = tables.get(table) ?? new Set<number>();
  tables.set(table, ids);
  return ids;
}

/** Remembers record rows this transaction has locked `FOR UPDATE` (lockRecords then skips them). */
export function noteLocked(db: DbOrTx, table: PgTable, ids: readonly number[]): void {
  const held = heldOf(db, table);
  if (held) for (const id of ids) held.add(id);
}

/**
 * Locks record rows `FOR UPDATE` in ascending id order, in one statement, leaving out those the transaction already
 * holds (the caller's own record). The order core calls it for the runs, then the loads, of the orders it is about
 * to write: every transaction that changes orders takes run, load and order locks in that order, so a run action
 * and a sign or a problem item on one of its orders wait for each other instead of deadlocking.
 */
export async function lockRecords(db: DbOrTx, table: TRecordTable, ids: readonly number[]): Promise<void> {
  const held = heldOf(db, table);
  const todo = [...new Set(ids)].filter((id) => !held?.has(id));
  if (!todo.length) return;
  await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(inArray(table.id, todo))
    .orderBy(asc(table.id))
    .for('update');
  noteLocked(db, table, todo);
}

/** The columns every edit of a versioned row sets besides its own: version + 1, who, now. */
export const editedBy = (table: { version: AnyPgColumn }, by: string) => ({
  version: sql`${table.version} + 1`,
  updateBy: by,
  updateTime: sql`now()`,
});

/**
 * An action over selected records, all or nothing: the ids once each, in id order (records are locked in that order,
 * so two such actions never deadlock), one transaction; `step` answers how many orders it moved on one record.
 */
export async function eachRecord(
  db: DbOrTx,
  ids: readonly number[],
  step: (tx: DbOrTx, id: number) => Promise<number>,
): Promise<{ ids: number[]; done: number }> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    let done = 0;
    for (const id of unique) done += await step(tx, id);
    return { ids: unique, done };
  });
}

/** The log options of an action that moved these orders: their count and their numbers. */
export const movedOrders = (done: readonly { transportId: string }[]) => ({
  orderCount: done.length,
  remark: done.map((o) => o.transportId).join(','),
});

/** The record-log entry of a deleted record (its row goes, the log row stays). */
export const deletedEntry = (record: { status: number }, orderCount: number, remark: string) => ({
  action: 'delete',
  fromStatus: record.status,
  toStatus: null,
  orderCount,
  remark,
});

/** The record-log entry of an action that settled the record in `toStatus` (the orders it moved, a remark). */
export const settledEntry = (
  record: { status: number },
  action: string,
  toStatus: number,
  options: { orderCount?: number; remark?: string },
) => ({ action, fromStatus: record.status, toStatus, orderCount: options.orderCount ?? 0, remark: options.remark });

/** Text fields from optional values (a sheet's cells, demo data): each of `keys`, a missing one ''. */
export const textFields = <K extends string>(source: Partial<Record<K, string | null>>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, source[k] ?? ''])) as Record<K, string>;
