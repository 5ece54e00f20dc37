import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, remarkColumn, statusColumn, versionColumn } from '../../../platform/db/columns';

export const sysPost = pgTable('sys_post', {
  postId: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  postCode: varchar({ length: 64 }).notNull().unique(),
  /** The name as typed (zh-cn for seeded rows) and its English and Thai names ('' = show postName; ADR 0007). */
  postName: varchar({ length: 50 }).notNull(),
  postNameEn: varchar({ length: 100 }).notNull().default(''),
  postNameTh: varchar({ length: 100 }).notNull().default(''),
  postSort: integer().notNull().default(0),
  ...statusColumn,
  ...versionColumn,
  ...auditColumns,
  ...remarkColumn,
});
