import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, remarkColumn, statusColumn, versionColumn } from '../../../platform/db/columns';

export const sysPost = pgTable('sys_post', {
  postId: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  postCode: varchar({ length: 64 }).notNull().unique(),
  postName: varchar({ length: 50 }).notNull(),
  postSort: integer().notNull().default(0),
  ...statusColumn,
  ...versionColumn,
  ...auditColumns,
  ...remarkColumn,
});
