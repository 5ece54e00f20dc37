import {
  runStatusOf,
  SEND_REJECT_KEYS,
  SEND_STATUS,
  sendAllows,
  type TRunCounts,
  type TSendOperation,
} from '@theone/contracts/bus/send';
import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { recordLogValues, type TRecordLogEntry } from '../../../platform/db/columns';
import type { DbOrTx } from '../../../platform/db/database';
import { wrongState } from '../../../platform/errors';
import { isDriverOfUser } from '../../bas/api/send-refs';
import { editedBy, lockRecords, noteLocked, recordAccess, settledEntry } from '../bus-record';
import { busOrder } from '../inware/inware.table';
import { orderScope } from '../inware/order-common';
import { busSend, busSendLine, busSendLog } from './send.table';

/**
 * What every run and sign action shares (the run's small core, like load-record.ts for loads):
 *
 * - `sendScope`: the runs a user sees. Users with all data see every run; a driver (a user linked to a bas driver,
 *   screens Q7) the runs of their driver; scoped users (sales, customer service) the runs holding one of their
 *   customers' orders, and the runs they created.
 * - `orderReach`: the orders a user reaches here: their data scope, plus the orders of their runs for a driver
 *   (a driver has no customers of their own). Passed to the order core as `reach`.
 * - `lockRun`: the run by id in scope, `FOR UPDATE` (actions on one run are serialised), checked against
 *   SEND_OPERATIONS.
 * - `settleRun`: after the orders moved, the run's status from its lines (contracts runStatusOf), version + 1 and one
 *   run-log row, in the caller's transaction.
 */

export type TSendRecord = typeof busSend.$inferSelect;

/** The runs the caller sees (undefined: all). */
export function sendScope(auth: AuthContext, table: typeof busSend = busSend): SQL | undefined {
  const orders = orderScope(auth);
  if (!orders) return undefined;
  return sql`(${isDriverOfUser(table.driverId, auth.userId)} OR ${table.createBy} = ${auth.userName}
    OR EXISTS (SELECT 1 FROM ${busSendLine} JOIN ${busOrder} ON ${busOrder.id} = ${busSendLine.orderId}
                WHERE ${busSendLine.sendId} = ${table.id} AND ${orders}))`;
}

/** The orders the caller reaches (undefined: all): the data scope, plus the orders of the runs they drive or made. */
export function orderReach(auth: AuthContext): SQL | undefined {
  const orders = orderScope(auth);
  if (!orders) return undefined;
  return sql`(${orders} OR ${busOrder.id} IN (SELECT l.order_id FROM bus_send_line l JOIN bus_send s ON s.id = l.send_id
    WHERE ${isDriverOfUser(sql`s.driver_id`, auth.userId)} OR s.create_by = ${auth.userName}))`;
}

/** Refuses the operation in the run's status with its 'reselect' message. */
export function checkSendOperation(run: Pick<TSendRecord, 'status' | 'sendNo'>, operation: TSendOperation) {
  if (!sendAllows(operation, run.status)) throw wrongState(SEND_REJECT_KEYS[operation], { list: run.sendNo });
}

const runAccess = recordAccess(busSend, sendScope, checkSendOperation);

/** The run locked for this transaction (404 outside the caller's scope), checked for the operation. */
export const lockRun = runAccess.lock;

/** An action on one run in its own transaction: the run locked (404 outside the scope) and checked, then `step`. */
export const withLockedRun = runAccess.withLocked;

/** A run in the caller's scope, or 404. */
export const findRun = runAccess.find;

/**
 * A run's totals from its lines and their orders, per l.send_id (bus_send_line l JOIN bus_order o): open lines
 * (returned = '0') counted and summed, lines back in stock counted. Migration 0024 filled them with the same text.
 */
const RUN_TOTALS_SQL = sql.raw(`count(*) FILTER (WHERE l.returned = '0')::int AS orders,
  coalesce(sum(l.pieces) FILTER (WHERE l.returned = '0'), 0)::int AS pieces,
  coalesce(sum(o.arrived_weight) FILTER (WHERE l.returned = '0'), 0) AS weight,
  coalesce(sum(o.arrived_volume) FILTER (WHERE l.returned = '0'), 0) AS volume,
  count(*) FILTER (WHERE l.returned = '0' AND o.status = 7)::int AS out,
  count(*) FILTER (WHERE l.returned = '0' AND o.status = 8)::int AS signed,
  count(*) FILTER (WHERE l.returned = '0' AND o.sign_status = 2)::int AS failed,
  count(*) FILTER (WHERE l.returned = '1')::int AS returned,
  coalesce(sum(l.send_fee_amount) FILTER (WHERE l.returned = '0'), 0) AS fee,
  coalesce(sum(l.send_part_amount) FILTER (WHERE l.returned = '0'), 0) AS part,
  coalesce(sum(l.send_other_amount) FILTER (WHERE l.returned = '0'), 0) AS other`);

/**
 * The stored totals of these runs recomputed from their lines and orders in one statement (a run without lines gets
 * zeros), with each run's line counts (contracts runStatusOf). settleRun calls it after every run action, the order
 * core after every order change of an order in a run: the one place the totals are written.
 */
export async function refreshRunTotals(db: DbOrTx, sendIds: readonly number[]): Promise<Map<number, TRunCounts>> {
  const ids = [...new Set(sendIds)];
  const counts = new Map<number, TRunCounts>();
  if (!ids.length) return counts;
  const r = await db.execute<{ id: number; active: number; out: number; signed: number }>(sql`
    UPDATE bus_send s SET total_orders = coalesce(a.orders, 0), total_pieces = coalesce(a.pieces, 0),
           total_weight = coalesce(a.weight, 0), total_volume = coalesce(a.volume, 0),
           total_signed = coalesce(a.signed, 0), total_failed = coalesce(a.failed, 0),
           total_returned = coalesce(a.returned, 0), total_fee_amount = coalesce(a.fee, 0),
           total_part_amount = coalesce(a.part, 0), total_other_amount = coalesce(a.other, 0)
      FROM unnest(${sql.param(ids)}::bigint[]) AS x(id)
      LEFT JOIN (SELECT l.send_id, ${RUN_TOTALS_SQL}
                   FROM bus_send_line l JOIN bus_order o ON o.id = l.order_id
                  WHERE l.send_id = ANY(${sql.param(ids)}::bigint[]) GROUP BY l.send_id) a ON a.send_id = x.id
     WHERE s.id = x.id
     RETURNING s.id, s.total_orders AS active, coalesce(a.out, 0) AS out, s.total_signed AS signed`);
  for (const row of r.rows) counts.set(Number(row.id), { active: row.active, out: row.out, signed: row.signed });
  return counts;
}

export interface TSendLogEntry extends TRecordLogEntry {
  sendId: number;
}

export async function writeSendLog(tx: DbOrTx, by: string, entries: readonly TSendLogEntry[]) {
  if (!entries.length) return;
  await tx.insert(busSendLog).values(entries.map((e) => ({ sendId: e.sendId, ...recordLogValues(e, by) })));
}

/**
 * After an action moved the run's orders: its status from its lines (a run stays a draft until dispatched; a
 * dispatched run with every line back in stock is a draft again), `set`, version + 1 and one run-log row. The run
 * must be locked by the caller.
 */
export async function settleRun(
  tx: DbOrTx,
  auth: AuthContext,
  run: TSendRecord,
  action: string,
  options: { orderCount?: number; remark?: string; set?: Partial<TSendRecord>; dispatched?: boolean } = {},
): Promise<TSendRecord> {
  const counts = (await refreshRunTotals(tx, [run.id])).get(run.id) ?? { active: 0, out: 0, signed: 0 };
  const dispatched = options.dispatched ?? run.dispatchTime !== null;
  const status = runStatusOf(dispatched, counts);
  const { id: _i, version: _v, sendNo: _n, createBy: _c, createTime: _t, ...set } = options.set ?? {};
  const [updated] = await tx
    .update(busSend)
    .set({
      ...set,
      status,
      ...(status === SEND_STATUS.DRAFT ? { dispatchTime: null } : {}),
      ...editedBy(busSend, auth.userName),
    })
    .where(eq(busSend.id, run.id))
    .returning();
  await writeSendLog(tx, auth.userName, [{ sendId: run.id, ...settledEntry(run, action, status, options) }]);
  return updated!;
}

/** The runs locked (ascending ids), by their orders' sendId (sign actions lock the run of each order they touch). */
export async function lockRunsOf(tx: DbOrTx, sendIds: readonly (number | null)[]): Promise<Map<number, TSendRecord>> {
  const ids = [...new Set(sendIds.filter((x): x is number => typeof x === 'number'))];
  if (!ids.length) return new Map();
  const rows = await tx.select().from(busSend).where(inArray(busSend.id, ids)).orderBy(asc(busSend.id)).for('update');
  noteLocked(tx, busSend, ids);
  return new Map(rows.map((r) => [r.id, r]));
}

/** The order core's lock of the runs its orders leave or join (bus-record lockRecords: runs before loads). */
export const lockRuns = (tx: DbOrTx, ids: readonly number[]) => lockRecords(tx, busSend, ids);
