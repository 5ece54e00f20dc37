import {
  type TDictDataQuery,
  type TDictTypeQuery,
  ZDictDataCreate,
  ZDictDataEdit,
  ZDictDataQuery,
  ZDictTypeCreate,
  ZDictTypeEdit,
  ZDictTypeQuery,
  zIdsParam,
  zIdText,
} from '@theone/contracts';
import { and, asc, eq, getTableColumns, ilike, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../../platform/db/database';
import { sysDictData, sysDictType } from '../../../platform/db/dict.table';
import type { AppDeps } from '../../../platform/deps';
import { badRequest, duplicate, inUse, notFound } from '../../../platform/errors';
import type { ExcelColumn } from '../../../platform/excel/excel';
import { registerListExport } from '../../../platform/excel/list-export';
import { ok, table } from '../../../platform/http/envelope';
import { dateRange, likeContains, orderOf } from '../../../platform/http/paging';
import { spec } from '../../../platform/http/route-spec';
import { DICT_LABEL, DICT_TYPE_NAME, localizedName, nameContains } from '../shared/localized';
import { orClash, refuseTaken, rowOr404 } from '../shared/rows';
import { BUSINESS_TYPE, operlog, pageWithTotal, saveAtVersion } from '../shared/system';

const TITLE = 'menu_dict_list';
const dictIdParam = z.object({ dictId: zIdText }).strict();
const dictIdsParam = z.object({ dictIds: zIdsParam.shape.ids }).strict();
const dictCodeParam = z.object({ dictCode: zIdText }).strict();
const dictCodesParam = z.object({ dictCodes: zIdsParam.shape.ids }).strict();

const TYPE_EXPORT: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'dictId', header: 'system_dict_id', type: 'integer', width: 10 },
  { key: 'dictName', header: 'system_dict_name', width: 24 },
  { key: 'dictNameEn', header: 'system_dict_name_en', width: 24 },
  { key: 'dictNameTh', header: 'system_dict_name_th', width: 24 },
  { key: 'dictType', header: 'system_dict_type', width: 24 },
  { key: 'status', header: 'system_status', type: 'dict', dict: 'sys_normal_disable', width: 10 },
  { key: 'createTime', header: 'system_created_at', type: 'datetime' },
  { key: 'remark', header: 'system_remark', width: 30 },
];

const DATA_EXPORT: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'dictCode', header: 'system_dict_code', type: 'integer', width: 10 },
  { key: 'dictType', header: 'system_dict_type', width: 22 },
  { key: 'dictLabel', header: 'system_dict_label', width: 20 },
  { key: 'dictLabelEn', header: 'system_dict_label_en', width: 20 },
  { key: 'dictLabelTh', header: 'system_dict_label_th', width: 20 },
  { key: 'dictValue', header: 'system_dict_value' },
  { key: 'dictSort', header: 'system_sort', type: 'integer', width: 10 },
  { key: 'listClass', header: 'system_list_class', width: 12 },
  { key: 'isDefault', header: 'system_is_default', type: 'dict', dict: 'sys_yes_no', width: 10 },
  { key: 'status', header: 'system_status', type: 'dict', dict: 'sys_normal_disable', width: 10 },
  { key: 'createTime', header: 'system_created_at', type: 'datetime' },
  { key: 'remark', header: 'system_remark', width: 30 },
];

function typeWhere(q: Partial<TDictTypeQuery>): SQL | undefined {
  return and(
    nameContains(DICT_TYPE_NAME, q.dictName),
    q.dictType ? ilike(sysDictType.dictType, likeContains(q.dictType)) : undefined,
    q.status ? eq(sysDictType.status, q.status) : undefined,
    dateRange(sysDictType.createTime, q),
  );
}

function dataWhere(q: Partial<TDictDataQuery>): SQL | undefined {
  return and(
    q.dictType ? eq(sysDictData.dictType, q.dictType) : undefined,
    nameContains(DICT_LABEL, q.dictLabel),
    q.status ? eq(sysDictData.status, q.status) : undefined,
    dateRange(sysDictData.createTime, q),
  );
}

async function checkTypeUnique(db: DbOrTx, dictType: string, exceptId?: number) {
  const type = eq(sysDictType.dictType, dictType);
  await refuseTaken(db, sysDictType.dictId, exceptId, type, 'err_dict_type_exists', dictType);
}

async function checkValueUnique(db: DbOrTx, dictType: string, dictValue: string, exceptCode?: number) {
  const value = and(eq(sysDictData.dictType, dictType), eq(sysDictData.dictValue, dictValue))!;
  await refuseTaken(db, sysDictData.dictCode, exceptCode, value, 'err_dict_value_exists', dictValue);
}

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

  app.get(
    '/system/dict/type/list',
    spec({ permission: 'system:dict:list' }, 'Dictionary types (paged)', { querystring: ZDictTypeQuery }),
    async (req) => {
      const q = req.query;
      const { rows, total } = await pageWithTotal(db, q, {
        select: () => db.select().from(sysDictType).$dynamic(),
        from: sysDictType,
        where: typeWhere(q),
        order: orderOf(q, { createTime: sysDictType.createTime, dictId: sysDictType.dictId }, [
          asc(sysDictType.dictId),
        ]),
      });
      return table(req, rows, total);
    },
  );

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

  app.get(
    '/system/dict/type/:dictId',
    spec({ permission: ['system:dict:query', 'system:dict:list'] }, 'One dictionary type', { params: dictIdParam }),
    async (req) => ok(req, await rowOr404(db, sysDictType, sysDictType.dictId, req.params.dictId)),
  );

  app.post(
    '/system/dict/type',
    spec({ permission: 'system:dict:add', operlog: operlog(TITLE, BUSINESS_TYPE.INSERT) }, 'Create a dictionary type', {
      body: ZDictTypeCreate,
    }),
    async (req) => {
      const b = req.body;
      await checkTypeUnique(db, b.dictType);
      const [row] = await orClash(
        db
          .insert(sysDictType)
          .values({ ...b, createBy: req.auth.userName })
          .returning({ dictId: sysDictType.dictId }),
        () => duplicate('err_dict_type_exists', { value: b.dictType }),
      );
      return ok(req, { dictId: row!.dictId });
    },
  );

  app.put(
    '/system/dict/type',
    spec(
      { permission: 'system:dict:edit', operlog: operlog(TITLE, BUSINESS_TYPE.UPDATE) },
      'Edit a dictionary type (renames it on its entries)',
      { body: ZDictTypeEdit },
    ),
    async (req) => {
      const { dictId, version, ...b } = req.body;
      const old = await rowOr404(db, sysDictType, sysDictType.dictId, dictId);
      await checkTypeUnique(db, b.dictType, dictId);
      await orClash(
        db.transaction(async (tx) => {
          await saveAtVersion(tx, req, sysDictType, eq(sysDictType.dictId, dictId), version, b);
          if (old.dictType !== b.dictType) {
            await tx.update(sysDictData).set({ dictType: b.dictType }).where(eq(sysDictData.dictType, old.dictType));
          }
        }),
        () => duplicate('err_dict_type_exists', { value: b.dictType }),
      );
      return ok(req);
    },
  );

  app.delete(
    '/system/dict/type/refreshCache',
    spec(
      { permission: 'system:dict:remove', operlog: operlog(TITLE, BUSINESS_TYPE.CLEAN) },
      'Refresh the dictionary cache (the server reads per request)',
    ),
    async (req) => ok(req),
  );

  app.delete(
    '/system/dict/type/:dictIds',
    spec(
      { permission: 'system:dict:remove', operlog: operlog(TITLE, BUSINESS_TYPE.DELETE) },
      'Delete dictionary types (refused while they have entries)',
      { params: dictIdsParam },
    ),
    async (req) => {
      const ids = [...new Set(req.params.dictIds)];
      await db.transaction(async (tx) => {
        const rows = await tx.select().from(sysDictType).where(inArray(sysDictType.dictId, ids)).for('update');
        if (rows.length !== ids.length) throw notFound();
        const [used] = await tx
          .select({ dictType: sysDictData.dictType })
          .from(sysDictData)
          .where(
            inArray(
              sysDictData.dictType,
              rows.map((r) => r.dictType),
            ),
          )
          .limit(1);
        if (used) throw inUse('err_dict_type_has_data', { name: used.dictType });
        await tx.delete(sysDictType).where(inArray(sysDictType.dictId, ids));
      });
      return ok(req);
    },
  );

  registerListExport(app, db, {
    url: '/system/dict/type/export',
    permission: 'system:dict:export',
    operlog: operlog(TITLE, BUSINESS_TYPE.EXPORT),
    summary: 'Export dictionary types (.xlsx)',
    query: ZDictTypeQuery,
    fileName: 'system_dict_type_export',
    columns: TYPE_EXPORT,
    select: (req) =>
      db
        .select({ ...getTableColumns(sysDictType), dictName: localizedName(DICT_TYPE_NAME, req.lang) })
        .from(sysDictType)
        .$dynamic(),
    key: sysDictType.dictId,
    keyOf: (r) => r.dictId,
    where: (_req, q) => typeWhere(q),
  });

  // --- entries (GET /system/dict/data/type/{dictType} is dict-data-type.routes.ts) ----------------------

  app.get(
    '/system/dict/data/list',
    spec({ permission: 'system:dict:list' }, 'Dictionary entries (paged)', { querystring: ZDictDataQuery }),
    async (req) => {
      const q = req.query;
      const { rows, total } = await pageWithTotal(db, q, {
        select: () => db.select().from(sysDictData).$dynamic(),
        from: sysDictData,
        where: dataWhere(q),
        order: orderOf(
          q,
          { dictSort: sysDictData.dictSort, createTime: sysDictData.createTime, dictCode: sysDictData.dictCode },
          [asc(sysDictData.dictType), asc(sysDictData.dictSort), asc(sysDictData.dictCode)],
        ),
      });
      return table(req, rows, total);
    },
  );

  app.get(
    '/system/dict/data/:dictCode',
    spec({ permission: ['system:dict:query', 'system:dict:list'] }, 'One dictionary entry', { params: dictCodeParam }),
    async (req) => ok(req, await rowOr404(db, sysDictData, sysDictData.dictCode, req.params.dictCode)),
  );

  app.post(
    '/system/dict/data',
    spec(
      { permission: 'system:dict:add', operlog: operlog(TITLE, BUSINESS_TYPE.INSERT) },
      'Create a dictionary entry',
      { body: ZDictDataCreate },
    ),
    async (req) => {
      const b = req.body;
      await assertTypeExists(db, b.dictType);
      await checkValueUnique(db, b.dictType, b.dictValue);
      const [row] = await orClash(
        db
          .insert(sysDictData)
          .values({ ...b, createBy: req.auth.userName })
          .returning({ dictCode: sysDictData.dictCode }),
        () => duplicate('err_dict_value_exists', { value: b.dictValue }),
      );
      return ok(req, { dictCode: row!.dictCode });
    },
  );

  app.put(
    '/system/dict/data',
    spec(
      { permission: 'system:dict:edit', operlog: operlog(TITLE, BUSINESS_TYPE.UPDATE) },
      'Edit a dictionary entry (optimistic version)',
      { body: ZDictDataEdit },
    ),
    async (req) => {
      const { dictCode, version, ...b } = req.body;
      await rowOr404(db, sysDictData, sysDictData.dictCode, dictCode);
      await assertTypeExists(db, b.dictType);
      await checkValueUnique(db, b.dictType, b.dictValue, dictCode);
      await orClash(saveAtVersion(db, req, sysDictData, eq(sysDictData.dictCode, dictCode), version, b), () =>
        duplicate('err_dict_value_exists', { value: b.dictValue }),
      );
      return ok(req);
    },
  );

  app.delete(
    '/system/dict/data/:dictCodes',
    spec(
      { permission: 'system:dict:remove', operlog: operlog(TITLE, BUSINESS_TYPE.DELETE) },
      'Delete dictionary entries',
      { params: dictCodesParam },
    ),
    async (req) => {
      const ids = [...new Set(req.params.dictCodes)];
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(sysDictData)
          .where(inArray(sysDictData.dictCode, ids))
          .returning({ id: sysDictData.dictCode });
        if (deleted.length !== ids.length) throw notFound();
      });
      return ok(req);
    },
  );

  registerListExport(app, db, {
    url: '/system/dict/data/export',
    permission: 'system:dict:export',
    operlog: operlog(TITLE, BUSINESS_TYPE.EXPORT),
    summary: 'Export dictionary entries (.xlsx)',
    query: ZDictDataQuery,
    fileName: 'system_dict_data_export',
    columns: DATA_EXPORT,
    select: (req) =>
      db
        .select({ ...getTableColumns(sysDictData), dictLabel: localizedName(DICT_LABEL, req.lang) })
        .from(sysDictData)
        .$dynamic(),
    key: sysDictData.dictCode,
    keyOf: (r) => r.dictCode,
    where: (_req, q) => dataWhere(q),
  });
};
