import { bigint, char, index, integer, pgTable, unique, varchar } from 'drizzle-orm/pg-core';
import { localizedNameColumns, recordColumns } from './columns';

export const sysDictType = pgTable('sys_dict_type', {
  dictId: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  ...localizedNameColumns('dictName', 100),
  dictType: varchar({ length: 100 }).notNull().unique(),
  ...recordColumns,
});

export const sysDictData = pgTable(
  'sys_dict_data',
  {
    dictCode: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    dictSort: integer().notNull().default(0),
    ...localizedNameColumns('dictLabel', 100),
    dictValue: varchar({ length: 100 }).notNull(),
    dictType: varchar({ length: 100 }).notNull(),
    cssClass: varchar({ length: 100 }).notNull().default(''),
    listClass: varchar({ length: 20 }).notNull().default('default'),
    isDefault: char({ length: 1 }).notNull().default('N'),
    ...recordColumns,
  },
  (t) => [
    unique('sys_dict_data_type_value_uq').on(t.dictType, t.dictValue),
    index('sys_dict_data_type_idx').on(t.dictType),
  ],
);
