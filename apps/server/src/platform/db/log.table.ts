import { bigint, char, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const sysOperLog = pgTable(
  'sys_oper_log',
  {
    operId: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    title: varchar({ length: 100 }).notNull().default(''),
    /** sys_oper_type: 0 other, 1 insert, 2 update, 3 delete, 4 grant, 5 export, 6 import, 7 force logout, 8 clean. */
    businessType: integer().notNull().default(0),
    method: varchar({ length: 200 }).notNull().default(''),
    requestMethod: varchar({ length: 10 }).notNull().default(''),
    operatorType: integer().notNull().default(1),
    operName: varchar({ length: 50 }).notNull().default(''),
    deptName: varchar({ length: 50 }).notNull().default(''),
    operUrl: varchar({ length: 255 }).notNull().default(''),
    operIp: varchar({ length: 128 }).notNull().default(''),
    operLocation: varchar({ length: 255 }).notNull().default(''),
    operParam: text().notNull().default(''),
    jsonResult: text().notNull().default(''),
    /** 0 success, 1 failure. */
    status: integer().notNull().default(0),
    errorMsg: varchar({ length: 2000 }).notNull().default(''),
    operTime: timestamp({ withTimezone: true }).notNull().defaultNow(),
    costTime: integer().notNull().default(0),
  },
  (t) => [index('sys_oper_log_time_idx').on(t.operTime), index('sys_oper_log_name_idx').on(t.operName)],
);

export const sysLogininfor = pgTable(
  'sys_logininfor',
  {
    infoId: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userName: varchar({ length: 50 }).notNull().default(''),
    ipaddr: varchar({ length: 128 }).notNull().default(''),
    loginLocation: varchar({ length: 255 }).notNull().default(''),
    browser: varchar({ length: 50 }).notNull().default(''),
    os: varchar({ length: 50 }).notNull().default(''),
    /** '0' success, '1' failure. */
    status: char({ length: 1 }).notNull().default('0'),
    msg: varchar({ length: 255 }).notNull().default(''),
    loginTime: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_logininfor_time_idx').on(t.loginTime), index('sys_logininfor_user_idx').on(t.userName)],
);
