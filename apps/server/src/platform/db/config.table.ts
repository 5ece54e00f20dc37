import { bigint, char, pgTable, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, localizedNameColumns, remarkColumn, translationColumns, versionColumn } from './columns';

export const sysConfig = pgTable('sys_config', {
  configId: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  /** Name and remark as typed (zh-cn for seeded rows) and in English and Thai ('' = show the typed one; ADR 0007). */
  ...localizedNameColumns('configName', 100, 200),
  configKey: varchar({ length: 100 }).notNull().unique(),
  configValue: varchar({ length: 500 }).notNull().default(''),
  /** 'Y' built-in (cannot be deleted), 'N' user-defined. */
  configType: char({ length: 1 }).notNull().default('N'),
  ...versionColumn,
  ...auditColumns,
  ...remarkColumn,
  ...translationColumns('remark', 500),
});
