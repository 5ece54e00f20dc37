import { type AnyPgColumn, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Column builders the bus tables share (fresh builders on every call). */

/** A moment: timestamp with time zone. */
export const ts = () => timestamp({ withTimezone: true });

/** Who added the row and when (rows that are never edited: photos, files, log entries, messages). */
export const createdColumns = () => ({
  createBy: varchar({ length: 64 }).notNull().default(''),
  createTime: ts().notNull().defaultNow(),
});

/**
 * A record-log row after its record's id column (load log, run log): the action, status from -> to, the orders it
 * moved, a remark, who and when. Written from a TRecordLogEntry by `recordLogValues` (platform/db/columns).
 */
export const recordLogColumns = () => ({
  action: varchar({ length: 30 }).notNull(),
  fromStatus: smallint(),
  toStatus: smallint(),
  orderCount: smallint().notNull().default(0),
  remark: varchar({ length: 500 }).notNull().default(''),
  ...createdColumns(),
});

/** The record-log columns a log is answered with (all but the ids), for a select. */
export const recordLogFields = <T extends Record<TRecordLogField, AnyPgColumn>>(log: T) => ({
  action: log.action,
  fromStatus: log.fromStatus,
  toStatus: log.toStatus,
  orderCount: log.orderCount,
  remark: log.remark,
  createBy: log.createBy,
  createTime: log.createTime,
});
type TRecordLogField = 'action' | 'fromStatus' | 'toStatus' | 'orderCount' | 'remark' | 'createBy' | 'createTime';
