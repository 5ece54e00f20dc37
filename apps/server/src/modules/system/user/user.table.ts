import { sql } from 'drizzle-orm';
import { bigint, boolean, char, index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { flaggedRecordColumns, linkTable, localizedNameColumns } from '../../../platform/db/columns';

export const sysUser = pgTable(
  'sys_user',
  {
    userId: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deptId: bigint({ mode: 'number' }),
    userName: varchar({ length: 30 }).notNull(),
    /** The display name as typed, and optionally in English and Thai ('' = show nickName; ADR 0007). */
    ...localizedNameColumns('nickName', 30, 60),
    userType: varchar({ length: 2 }).notNull().default('00'),
    email: varchar({ length: 50 }).notNull().default(''),
    phonenumber: varchar({ length: 20 }).notNull().default(''),
    sex: char({ length: 1 }).notNull().default('2'),
    /** File id of the avatar image (served by /file/download/{id}), or ''. */
    avatar: varchar({ length: 100 }).notNull().default(''),
    password: varchar({ length: 200 }).notNull(),
    /** Preferred language for server messages and exports: zh-cn, en, th. */
    lang: varchar({ length: 8 }).notNull().default('zh-cn'),
    mustChangePassword: boolean().notNull().default(false),
    /** Third-party app binding (unbind/{appType}/{userId}): e.g. 'wechat'. */
    bindAppType: varchar({ length: 20 }).notNull().default(''),
    bindOpenId: varchar({ length: 100 }).notNull().default(''),
    loginIp: varchar({ length: 128 }).notNull().default(''),
    loginDate: timestamp({ withTimezone: true }),
    pwdUpdateDate: timestamp({ withTimezone: true }),
    ...flaggedRecordColumns,
  },
  (t) => [
    uniqueIndex('sys_user_name_uq').on(t.userName).where(sql`del_flag = '0'`),
    // Live users per department: the list's count is an index-only scan per department in scope.
    index('sys_user_dept_live_idx').on(t.deptId).where(sql`del_flag = '0'`),
    // The user list's default order (newest first, read backwards: DESC NULLS FIRST as the ORDER BY) over live
    // users: a page is an index range scan that stops after the page; dept_id lets the scope filter skip rows
    // without visiting the table.
    index('sys_user_list_order_idx').on(t.createTime, t.userId, t.deptId).where(sql`del_flag = '0'`),
  ],
);

export const sysUserRole = linkTable('sys_user_role', 'userId', 'roleId', 'sys_user_role_role_idx');

export const sysUserPost = linkTable('sys_user_post', 'userId', 'postId', 'sys_user_post_post_idx');
