import { ARRIVE_STATUS } from '@theone/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { conflict } from '../../../platform/errors';
import { editedBy, recordById } from '../bus-record';
import { busLoad } from '../load/load.table';
import { loadScope } from '../load/load-record';
import { busArrive } from './arrive.table';

/**
 * The pick-up (arrive) record's life at departure (screens bus-container.md §0): confirming departure (A15)
 * creates it P0 'on the way', one per load; cancelling departure (A16) deletes it while it is still P0. Both run in
 * the caller's transaction with the load record locked (track.service.ts). The pick-up and arrival actions
 * (P1-P3) are in arrive.service.ts; they lock the load first, then this record (the order of A16 too).
 */

export { ARRIVE_STATUS };

export type TArriveRecord = typeof busArrive.$inferSelect;

/** The P0 record of a load that just departed; a record already there (a departure not cancelled) is a 409. */
export async function createArriveRecord(tx: DbOrTx, auth: AuthContext, loadId: number): Promise<TArriveRecord> {
  const [row] = await tx
    .insert(busArrive)
    .values({ loadId, status: ARRIVE_STATUS.ON_THE_WAY, createBy: auth.userName })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('msg_changed_reload');
  return row;
}

/** A load's arrive record, locked for the transaction (null before departure). */
export async function lockArriveRecord(tx: DbOrTx, loadId: number): Promise<TArriveRecord | null> {
  const [row] = await tx.select().from(busArrive).where(eq(busArrive.loadId, loadId)).for('update');
  return row ?? null;
}

/** Deletes a load's arrive record (A16, checked P0 by the caller); true when one was deleted. */
export async function deleteArriveRecord(tx: DbOrTx, loadId: number): Promise<boolean> {
  const gone = await tx.delete(busArrive).where(eq(busArrive.loadId, loadId)).returning({ id: busArrive.id });
  return gone.length > 0;
}

/** The arrive records of some loads (status and id, for lists and the home page). */
export async function arriveRecordsOf(db: DbOrTx, loadIds: readonly number[]) {
  if (!loadIds.length) return new Map<number, { id: number; status: number }>();
  const rows = await db
    .select({ id: busArrive.id, loadId: busArrive.loadId, status: busArrive.status })
    .from(busArrive)
    .where(inArray(busArrive.loadId, [...loadIds]));
  return new Map(rows.map((r) => [r.loadId, { id: r.id, status: r.status }]));
}

/** SQL: the arrive record's load is one the caller sees (loadScope; undefined: all). */
export function arriveScope(auth: AuthContext) {
  const scope = loadScope(auth);
  return scope ? sql`${busArrive.loadId} IN (SELECT ${busLoad.id} FROM ${busLoad} WHERE ${scope})` : undefined;
}

/** An arrive record by id whose load the caller sees, or 404 (not locked). */
export async function findArrive(db: DbOrTx, auth: AuthContext, id: number): Promise<TArriveRecord> {
  return recordById(db, busArrive, id, arriveScope(auth));
}

/** The record by id, locked (the caller holds its load's lock already), or 404 when it went meanwhile. */
export async function lockArriveById(tx: DbOrTx, id: number): Promise<TArriveRecord> {
  return recordById(tx, busArrive, id, undefined, true);
}

/** Writes the record's own columns, version + 1 (the caller holds the lock, so the version check cannot fail). */
export async function updateArriveRecord(
  tx: DbOrTx,
  auth: AuthContext,
  record: TArriveRecord,
  set: Partial<Omit<TArriveRecord, 'id' | 'loadId' | 'version' | 'createBy' | 'createTime'>>,
): Promise<TArriveRecord> {
  const [row] = await tx
    .update(busArrive)
    .set({ ...set, ...editedBy(busArrive, auth.userName) })
    .where(and(eq(busArrive.id, record.id), eq(busArrive.version, record.version)))
    .returning();
  if (!row) throw conflict('msg_changed_reload');
  return row;
}
