import {
  ZDictDataCreate,
  ZDictDataEdit,
  ZDictDataQuery,
  ZDictTypeCreate,
  ZDictTypeEdit,
  ZDictTypeQuery,
} from '@theone/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../../platform/db/database';
import { sysDictData, sysDictType } from '../../../platform/db/dict.table';
import type { AppDeps } from '../../../platform/deps';
import { badRequest } from '../../../platform/errors';
import type { ExcelColumn } from '../../../platform/excel/excel';
import { ok } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';
import { refuseWhileUsed } from '../shared/rows';
import { registerSettingsScreen } from '../shared/settings-screen';
import { BUSINESS_TYPE, operlog, RECORD_EXPORT_COLUMNS } from '../shared/system';

const TITLE = 'menu_dict_list';

/**
 * The columns of a name kept in three languages (ADR 0007): as typed (read in the reader's language by the export),
 * then its English and Thai names.
 */
const threeNames = (key: string, header: string, width: number): ExcelColumn<Record<string, unknown>>[] => [
  { key, header, width },
  { key: `${key}En`, header: `${header}_en`, width },
  { key: `${key}Th`, header: `${header}_th`, width },
];

const TYPE_EXPORT: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'dictId', header: 'system_dict_id', type: 'integer', width: 10 },
  ...threeNames('dictName', 'system_dict_name', 24),
  { key: 'dictType', header: 'system_dict_type', width: 24 },
  ...RECORD_EXPORT_COLUMNS,
];

const DATA_EXPORT: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'dictCode', header: 'system_dict_code', type: 'integer', width: 10 },
  { key: 'dictType', header: 'system_dict_type', width: 22 },
  ...threeNames('dictLabel', 'system_dict_label', 20),
  { key: 'dictValue', header: 'system_dict_value' },
  { key: 'dictSort', header: 'system_sort', type: 'integer', width: 10 },
  { key: 'listClass', header: 'system_list_class', width: 12 },
  { key: 'isDefault', header: 'system_is_default', type: 'dict', dict: 'sys_yes_no', width: 10 },
  ...RECORD_EXPORT_COLUMNS,
];

async function assertTypeExists(db: DbOrTx, dictType: string) {
  const [row] = await db.select({ id: sysDictType.dictId }).from(sysDictType).where(eq(sysDictType.dictType, dictType));
  if (!row) throw badRequest('err_dict_type_not_found', { value: dictType }, 'dictType');
}

/**
 * /system/dict/type and /system/dict/data (issue 4 item 6; screens §4.8, §4.9). Entries carry their label in
 * the three languages. Dictionaries are read per request (no server cache), so refreshCache only confirms.
 */
export const dictRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // --- types -------------------------------------------------------------------------------------------------

  registerSettingsScreen(app, db, {
    url: '/system/dict/type',
    perm: 'system:dict',
    readPermission: ['system:dict:query', 'system:dict:list'],
    title: TITLE,
    names: {
      one: 'dictionary type',
      many: 'dictionary types',
      edit: 'renames it on its entries',
      remove: 'refused while they have entries',
    },
    table: sysDictType,
    key: 'dictId',
    query: ZDictTypeQuery,
    create: ZDictTypeCreate,
    edit: ZDictTypeEdit,
    filters: { name: 'dictName', contains: ['dictType'], equal: ['status'] },
    orderable: { createTime: sysDictType.createTime, dictId: sysDictType.dictId },
    order: [asc(sysDictType.dictId)],
    unique: [
      { err: 'err_dict_type_exists', value: (b) => b.dictType, where: (b) => eq(sysDictType.dictType, b.dictType) },
    ],
    async afterEdit(tx, b, old) {
      if (old.dictType !== b.dictType) {
        await tx.update(sysDictData).set({ dictType: b.dictType }).where(eq(sysDictData.dictType, old.dictType));
      }
    },
    async beforeDelete(tx, rows) {
      const types = rows.map((r) => r.dictType);
      const entries = inArray(sysDictData.dictType, types);
      await refuseWhileUsed(tx, sysDictData.dictType, entries, 'err_dict_type_has_data', (name) => ({ name }));
    },
    export: { columns: TYPE_EXPORT, localized: ['dictName'] },
  });

  app.get(
    '/system/dict/type/optionselect',
    spec({ permission: ['system:dict:list'] }, 'Every dictionary type as options'),
    async (req) =>
      ok(
        req,
        await db
          .select({
            dictId: sysDictType.dictId,
            dictName: sysDictType.dictName,
            dictNameEn: sysDictType.dictNameEn,
            dictNameTh: sysDictType.dictNameTh,
            dictType: sysDictType.dictType,
            status: sysDictType.status,
          })
          .from(sysDictType)
          .orderBy(asc(sysDictType.dictType)),
      ),
  );

  app.delete(
    '/system/dict/type/refreshCache',
    spec(
      { permission: 'system:dict:remove', operlog: operlog(TITLE, BUSINESS_TYPE.CLEAN) },
      'Refresh the dictionary cache (the server reads per request)',
    ),
    async (req) => ok(req),
  );

  // --- entries (GET /system/dict/data/type/{dictType} is dict-data-type.routes.ts) ----------------------

  registerSettingsScreen(app, db, {
    url: '/system/dict/data',
    perm: 'system:dict',
    readPermission: ['system:dict:query', 'system:dict:list'],
    title: TITLE,
    names: { one: 'dictionary entry', many: 'dictionary entries' },
    table: sysDictData,
    key: 'dictCode',
    query: ZDictDataQuery,
    create: ZDictDataCreate,
    edit: ZDictDataEdit,
    filters: { name: 'dictLabel', equal: ['dictType', 'status'] },
    orderable: { dictSort: sysDictData.dictSort, createTime: sysDictData.createTime, dictCode: sysDictData.dictCode },
    order: [asc(sysDictData.dictType), asc(sysDictData.dictSort), asc(sysDictData.dictCode)],
    unique: [
      {
        err: 'err_dict_value_exists',
        value: (b) => b.dictValue,
        where: (b) => and(eq(sysDictData.dictType, b.dictType), eq(sysDictData.dictValue, b.dictValue))!,
      },
    ],
    validate: (b) => assertTypeExists(db, b.dictType),
    export: { columns: DATA_EXPORT, localized: ['dictLabel'] },
  });
};
