import { sql } from 'drizzle-orm';
import { bigint, boolean, char, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { flaggedRecordColumns, linkTable, localizedNameColumns } from '../../../platform/db/columns';

export const sysRole = pgTable(
  'sys_role',
  {
    roleId: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The name as typed (zh-cn for seeded rows) and its English and Thai names ('' = show roleName; ADR 0007). */
    ...localizedNameColumns('roleName', 30, 60),
    roleKey: varchar({ length: 100 }).notNull(),
    roleSort: integer().notNull().default(0),
    /** 1 all, 2 custom departments, 3 own department, 4 own department and below, 5 self only. */
    dataScope: char({ length: 1 }).notNull().default('1'),
    menuCheckStrictly: boolean().notNull().default(true),
    deptCheckStrictly: boolean().notNull().default(true),
    ...flaggedRecordColumns,
  },
  (t) => [
    uniqueIndex('sys_role_key_uq').on(t.roleKey).where(sql`del_flag = '0'`),
    uniqueIndex('sys_role_name_uq').on(t.roleName).where(sql`del_flag = '0'`),
  ],
);

export const sysRoleMenu = linkTable('sys_role_menu', 'roleId', 'menuId', 'sys_role_menu_menu_idx');

export const sysRoleDept = linkTable('sys_role_dept', 'roleId', 'deptId');
