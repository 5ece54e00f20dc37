import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../platform/db/database';
import { allOf } from '../../platform/db/sql-helpers';
import { inUse, notFound } from '../../platform/errors';
import {
  type basContPrice,
  type basCurrate,
  type basDriver,
  type basInsurance,
  basMark,
  type basPayinfo,
  basPrice,
  type basVehicle,
} from './bas.table';

/**
 * 'Used by orders cannot be deleted' (issue 5, screens §3.1, §3.7): every delete of basic data asks the checks
 * registered for its entity, inside the delete's transaction. The orders module (and any later module that
 * references basic data) registers its own check at start-up, e.g.
 *
 *   registerUsageCheck('mark', async (db, id) => (await db.execute(sql`SELECT 1 FROM bus_order WHERE mark_id = ${id} LIMIT 1`)).rows.length > 0);
 *
 * `subMarkRemove` is asked before a sub-mark leaves its agent (topMark cleared or changed): refused while the
 * mark has unbilled audited orders (screens §3.2).
 */
export type TUsageEntity =
  | 'mark'
  | 'subMarkRemove'
  | 'price'
  | 'contPrice'
  | 'currate'
  | 'driver'
  | 'vehicle'
  | 'insurance'
  | 'payinfo'
  | 'corporationAddr';

/** Resolves true when the row is in use (the delete is refused with msg_in_use_cannot_delete). */
export type TUsageCheck = (db: DbOrTx, id: number) => Promise<boolean>;

const checks = new Map<TUsageEntity, TUsageCheck[]>();

export function registerUsageCheck(entity: TUsageEntity, check: TUsageCheck): () => void {
  const list = checks.get(entity) ?? [];
  list.push(check);
  checks.set(entity, list);
  return () => {
    const current = checks.get(entity) ?? [];
    checks.set(
      entity,
      current.filter((c) => c !== check),
    );
  };
}

export async function isInUse(db: DbOrTx, entity: TUsageEntity, id: number): Promise<boolean> {
  for (const check of checks.get(entity) ?? []) {
    if (await check(db, id)) return true;
  }
  return false;
}

/**
 * The delete of a resource row: in one transaction the row is locked (404 when it is missing or outside `scope`),
 * refused while in use (the checks above), `beforeDelete` clears what points at it, then the row goes.
 */
export async function deleteUnlessInUse(
  db: Db,
  table:
    | typeof basDriver
    | typeof basVehicle
    | typeof basInsurance
    | typeof basPayinfo
    | typeof basCurrate
    | typeof basContPrice,
  entity: TUsageEntity,
  id: number,
  options: { scope?: SQL; beforeDelete?: (tx: Tx) => Promise<unknown> } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: table.id })
      .from(table)
      .where(allOf([eq(table.id, id), options.scope]))
      .for('update');
    if (!current) throw notFound();
    if (await isInUse(tx, entity, id)) throw inUse();
    await options.beforeDelete?.(tx);
    await tx.delete(table).where(eq(table.id, id));
  });
}

// What exists today: an agent with sub-marks, and a mark with its own price rows, are in use.
registerUsageCheck('mark', async (db, id) => {
  const [row] = await db.select({ one: sql<number>`1` }).from(basMark).where(eq(basMark.topMarkId, id)).limit(1);
  return row !== undefined;
});
registerUsageCheck('mark', async (db, id) => {
  const [row] = await db.select({ one: sql<number>`1` }).from(basPrice).where(eq(basPrice.markId, id)).limit(1);
  return row !== undefined;
});
