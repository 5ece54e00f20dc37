import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { localizedNameColumns, recordColumns } from '../../../platform/db/columns';

export const sysPost = pgTable('sys_post', {
  postId: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  postCode: varchar({ length: 64 }).notNull().unique(),
  /** The name as typed (zh-cn for seeded rows) and its English and Thai names ('' = show postName; ADR 0007). */
  ...localizedNameColumns('postName', 50, 100),
  postSort: integer().notNull().default(0),
  ...recordColumns,
});
