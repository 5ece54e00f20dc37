import type { TOrderFieldChange, TOrderLogAction } from '@theone/contracts';
import { asc, eq } from 'drizzle-orm';
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
