import { bigint, char, integer, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Who and when, on every business table (RuoYi's BaseEntity). */
export const auditColumns = {
  createBy: varchar({ length: 64 }).notNull().default(''),
  createTime: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updateBy: varchar({ length: 64 }).notNull().default(''),
  updateTime: timestamp({ withTimezone: true }),
};

/** Optimistic locking for records edited by several people. */
export const versionColumn = { version: integer().notNull().default(0) };

export const statusColumn = { status: char({ length: 1 }).notNull().default('0') };

/** '0' present, '2' deleted (RuoYi). */
export const delFlagColumn = { delFlag: char({ length: 1 }).notNull().default('0') };

export const idColumn = (name?: string) =>
  name
    ? bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
    : bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();

export const remarkColumn = { remark: varchar({ length: 500 }).notNull().default('') };

/** A record-log entry (load log, run log): the action, status from -> to, orders it moved, a remark. */
export interface TRecordLogEntry {
  action: string;
  fromStatus: number | null;
  toStatus: number | null;
  orderCount?: number;
  remark?: string;
}

/** The columns of a record-log row from an entry: the order count kept to a smallint, the remark to 500. */
export function recordLogValues(e: TRecordLogEntry, by: string) {
  return {
    action: e.action,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    orderCount: Math.min(e.orderCount ?? 0, 32_767),
    remark: (e.remark ?? '').slice(0, 500),
    createBy: by,
  };
}
