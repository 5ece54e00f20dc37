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
