import { bigint, char, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, remarkColumn, versionColumn } from '../../../platform/db/columns';

export const sysConfig = pgTable('sys_config', {
  configId: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  configName: varchar({ length: 100 }).notNull(),
  configKey: varchar({ length: 100 }).notNull().unique(),
  configValue: varchar({ length: 500 }).notNull().default(''),
  /** 'Y' built-in (cannot be deleted), 'N' user-defined. */
  configType: char({ length: 1 }).notNull().default('N'),
  ...versionColumn,
  ...auditColumns,
  ...remarkColumn,
});
