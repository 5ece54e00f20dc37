import { sql } from 'drizzle-orm';
import { bigint, boolean, char, index, integer, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, delFlagColumn, remarkColumn, statusColumn, versionColumn } from '../../../platform/db/columns';

export const sysRole = pgTable(
  'sys_role',
  {
    roleId: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The name as typed (zh-cn for seeded rows) and its English and Thai names ('' = show roleName; ADR 0007). */
    roleName: varchar({ length: 30 }).notNull(),
    roleNameEn: varchar({ length: 60 }).notNull().default(''),
    roleNameTh: varchar({ length: 60 }).notNull().default(''),
    roleKey: varchar({ length: 100 }).notNull(),
    roleSort: integer().notNull().default(0),
    /** 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 self only. */
    dataScope: char({ length: 1 }).notNull().default('1'),
    menuCheckStrictly: boolean().notNull().default(true),
    deptCheckStrictly: boolean().notNull().default(true),
    ...statusColumn,
    ...delFlagColumn,
    ...versionColumn,
    ...auditColumns,
    ...remarkColumn,
  },
  (t) => [
    uniqueIndex('sys_role_key_uq').on(t.roleKey).where(sql`del_flag = '0'`),
    uniqueIndex('sys_role_name_uq').on(t.roleName).where(sql`del_flag = '0'`),
  ],
);

export const sysRoleMenu = pgTable(
  'sys_role_menu',
  {
    roleId: bigint({ mode: 'number' }).notNull(),
    menuId: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('sys_role_menu_menu_idx').on(t.menuId)],
);

export const sysRoleDept = pgTable(
  'sys_role_dept',
  {
    roleId: bigint({ mode: 'number' }).notNull(),
    deptId: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.deptId] })],
);
