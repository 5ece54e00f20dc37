import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { registerUsageCheck } from '../../bas/usage';

/**
 * Basic data used by orders cannot be deleted (issue 5; the bas module asks these checks inside its delete's
 * transaction): a mark with orders (its own or, for an agent, its sub-marks' billed to it), a price row an order
 * was priced with, an insurance row an order chose. A sub-mark cannot leave its agent while it has audited,
 * unbilled orders (screens bas §3.2). Registered once, when the routes module is loaded.
 */
const exists = async (db: DbOrTx, query: ReturnType<typeof sql>) => (await db.execute(query)).rows.length > 0;

let registered = false;
export function registerOrderUsageChecks() {
  if (registered) return;
  registered = true;
  registerUsageCheck('mark', (db, id) => exists(db, sql`SELECT 1 FROM bus_order WHERE mark_id = ${id} LIMIT 1`));
  registerUsageCheck('mark', (db, id) => exists(db, sql`SELECT 1 FROM bus_order WHERE top_mark_id = ${id} LIMIT 1`));
  registerUsageCheck('price', (db, id) => exists(db, sql`SELECT 1 FROM bus_order WHERE price_id = ${id} LIMIT 1`));
  registerUsageCheck('insurance', (db, id) =>
    exists(db, sql`SELECT 1 FROM bus_order WHERE insurance_id = ${id} LIMIT 1`),
  );
  registerUsageCheck('subMarkRemove', (db, id) =>
    exists(db, sql`SELECT 1 FROM bus_order WHERE mark_id = ${id} AND audit_status = 2 AND bill_status = 0 LIMIT 1`),
  );
}
