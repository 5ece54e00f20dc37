import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import {
  auditColumns,
  delFlagColumn,
  localizedNameColumns,
  statusColumn,
  versionColumn,
} from '../../../platform/db/columns';

export const sysDept = pgTable(
  'sys_dept',
  {
    deptId: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
    parentId: bigint({ mode: 'number' }).notNull().default(0),
    /** Comma-separated ids of all ancestors, root first ('0,100,101'): 'department and below' without recursion. */
    ancestors: varchar({ length: 500 }).notNull().default('0'),
    /** The name as typed (zh-cn for seeded rows) and its English and Thai names ('' = show deptName; ADR 0007). */
    ...localizedNameColumns('deptName', 50, 100),
    orderNum: integer().notNull().default(0),
    leader: varchar({ length: 30 }).notNull().default(''),
    phone: varchar({ length: 20 }).notNull().default(''),
    email: varchar({ length: 50 }).notNull().default(''),
    seedKey: varchar({ length: 64 }).unique(),
    ...statusColumn,
    ...delFlagColumn,
    ...versionColumn,
    ...auditColumns,
  },
  (t) => [index('sys_dept_parent_idx').on(t.parentId)],
);
