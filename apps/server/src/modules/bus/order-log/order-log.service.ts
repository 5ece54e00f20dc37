import type { TOrderFieldChange, TOrderLogAction } from '@theone/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { busOrderLog } from './order-log.table';

/**
 * Writing and reading the order log. Every module that acts on orders (load plans, arrival, delivery, signing,
 * audit) calls `writeOrderLog` inside the transaction of its conditional update, one row per order.
 */
export interface TOrderLogEntry {
  orderId: number;
  transportId: string;
  action: TOrderLogAction;
  fromStatus: number | null;
  toStatus: number | null;
  remark?: string;
  changes?: TOrderFieldChange[];
}

export async function writeOrderLog(tx: DbOrTx, by: string, entries: readonly TOrderLogEntry[]): Promise<void> {
  if (!entries.length) return;
  if (entries.length > 200) {
    // imports and big batches: the rows travel as one JSON parameter per 5,000
    for (let i = 0; i < entries.length; i += 5000) {
      const json = JSON.stringify(
        entries.slice(i, i + 5000).map((e) => ({
          order_id: e.orderId,
          transport_id: e.transportId,
          action: e.action,
          from_status: e.fromStatus,
          to_status: e.toStatus,
          remark: (e.remark ?? '').slice(0, 500),
          changes: e.changes ?? [],
          create_by: by,
        })),
      );
      await tx.execute(sql`
        INSERT INTO bus_order_log (order_id, transport_id, action, from_status, to_status, remark, changes, create_by)
        SELECT order_id, transport_id, action, from_status, to_status, remark, changes, create_by
        FROM json_to_recordset(${json}::json) AS x(order_id bigint, transport_id varchar, action varchar, from_status smallint,
          to_status smallint, remark varchar, changes jsonb, create_by varchar)`);
    }
    return;
  }
  for (let i = 0; i < entries.length; i += 1000) {
    await tx.insert(busOrderLog).values(
      entries.slice(i, i + 1000).map((e) => ({
        orderId: e.orderId,
        transportId: e.transportId,
        action: e.action,
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        remark: (e.remark ?? '').slice(0, 500),
        changes: e.changes ?? [],
        createBy: by,
      })),
    );
  }
}

/** An order's log, oldest first (the details page's timeline). */
export async function listOrderLog(db: DbOrTx, orderId: number) {
  return db.select().from(busOrderLog).where(eq(busOrderLog.orderId, orderId)).orderBy(asc(busOrderLog.id));
}
