import { bigint, char, index, integer, pgTable, unique, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, remarkColumn, statusColumn, versionColumn } from './columns';

export const sysDictType = pgTable('sys_dict_type', {
  dictId: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  dictName: varchar({ length: 100 }).notNull(),
  dictNameEn: varchar({ length: 100 }).notNull().default(''),
  dictNameTh: varchar({ length: 100 }).notNull().default(''),
  dictType: varchar({ length: 100 }).notNull().unique(),
  ...statusColumn,
  ...versionColumn,
  ...auditColumns,
  ...remarkColumn,
});

export const sysDictData = pgTable(
  'sys_dict_data',
  {
    dictCode: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    dictSort: integer().notNull().default(0),
    dictLabel: varchar({ length: 100 }).notNull(),
    dictLabelEn: varchar({ length: 100 }).notNull().default(''),
    dictLabelTh: varchar({ length: 100 }).notNull().default(''),
    dictValue: varchar({ length: 100 }).notNull(),
    dictType: varchar({ length: 100 }).notNull(),
    cssClass: varchar({ length: 100 }).notNull().default(''),
    listClass: varchar({ length: 20 }).notNull().default('default'),
    isDefault: char({ length: 1 }).notNull().default('N'),
    ...statusColumn,
    ...versionColumn,
    ...auditColumns,
    ...remarkColumn,
  },
  (t) => [
    unique('sys_dict_data_type_value_uq').on(t.dictType, t.dictValue),
    index('sys_dict_data_type_idx').on(t.dictType),
  ],
);
