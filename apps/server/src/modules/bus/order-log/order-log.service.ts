import { DEFAULT_LANGUAGE, type TLanguage, type TOrderFieldChange, type TOrderLogAction } from '@theone/contracts';
import { orderStepTimes } from '@theone/contracts/bus/order-log';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { refNames, type TRefNameSource } from '../../bas/api/ref-names';
import { bulkInsertJson } from '../inware/order-common';
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

/** The row of a log entry (the remark kept to its column's 500). */
const logValues = (e: TOrderLogEntry, by: string) => ({
  orderId: e.orderId,
  transportId: e.transportId,
  action: e.action,
  fromStatus: e.fromStatus,
  toStatus: e.toStatus,
  remark: (e.remark ?? '').slice(0, 500),
  changes: e.changes ?? [],
  createBy: by,
});

export async function writeOrderLog(tx: DbOrTx, by: string, entries: readonly TOrderLogEntry[]): Promise<void> {
  if (!entries.length) return;
  const rows = entries.map((e) => logValues(e, by));
  // imports and big batches: the rows travel as one JSON parameter per 5,000
  if (rows.length > 200) {
    await bulkInsertJson(tx, 'bus_order_log', rows, ['id'], 5000);
    return;
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(busOrderLog).values(rows.slice(i, i + 1000));
}

/** Where the names of the id fields of log changes come from (contracts ORDER_LOG_FIELD_KINDS 'ref'). */
const REF_SOURCE = {
  markId: 'mark',
  topMarkId: 'mark',
  leftAddrId: 'geog',
  destAddrId: 'geog',
  arrivedHouseId: 'house',
  insuranceId: 'insurance',
} as const;
type TRefSource = TRefNameSource;

/**
 * An order's log, oldest first (the details page's timeline). A change of a field that holds an id (mark, places,
 * warehouse, insurance) gets the names of both values (`beforeLabel`/`afterLabel`, in the reader's language; null
 * for an id that no longer exists), so the timeline never shows bare ids.
 */
export async function listOrderLog(db: DbOrTx, orderId: number, lang: TLanguage = DEFAULT_LANGUAGE) {
  const rows = await db.select().from(busOrderLog).where(eq(busOrderLog.orderId, orderId)).orderBy(asc(busOrderLog.id));
  const ids: Record<TRefSource, Set<number>> = {
    mark: new Set(),
    geog: new Set(),
    house: new Set(),
    insurance: new Set(),
  };
  const refs: { change: TOrderFieldChange; source: TRefSource }[] = [];
  for (const row of rows)
    for (const change of row.changes) {
      const source = REF_SOURCE[change.field as keyof typeof REF_SOURCE];
      if (!source) continue;
      refs.push({ change, source });
      for (const v of [change.before, change.after])
        if (v !== null && Number.isInteger(Number(v))) ids[source].add(Number(v));
    }
  if (!refs.length) return rows;
  const names = await refNames(db, ids, lang);
  const name = (source: TRefSource, v: string | number | null) =>
    v === null ? null : (names[source].get(Number(v)) ?? null);
  for (const { change, source } of refs) {
    change.beforeLabel = name(source, change.before);
    change.afterLabel = name(source, change.after);
  }
  return rows;
}

/**
 * When the order entered each step of its current path (the details page's step bar): from the log rows that moved
 * it forward (contracts `orderStepTimes`), ISO times keyed by status.
 */
export async function stepTimesOf(db: DbOrTx, orderId: number, status: number): Promise<Record<number, string>> {
  const rows = await db
    .select({ fromStatus: busOrderLog.fromStatus, toStatus: busOrderLog.toStatus, createTime: busOrderLog.createTime })
    .from(busOrderLog)
    .where(and(eq(busOrderLog.orderId, orderId), isNotNull(busOrderLog.toStatus)))
    .orderBy(asc(busOrderLog.id));
  const times = orderStepTimes(rows, status);
  return Object.fromEntries(Object.entries(times).map(([step, at]) => [step, at.toISOString()]));
}
