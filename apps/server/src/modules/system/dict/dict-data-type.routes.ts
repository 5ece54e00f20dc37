import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sysDictData } from '../../../platform/db/dict.table';
import type { AppDeps } from '../../../platform/deps';
import { ok } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';

/** GET /system/dict/data/type/{dictType}: enabled entries of one dictionary with labels in all three languages. */
export const dictDataTypeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // Every screen loads several dictionaries: a prepared statement, planned once per connection.
  const byType = db
    .select({
      dictCode: sysDictData.dictCode,
      dictSort: sysDictData.dictSort,
      dictLabel: sysDictData.dictLabel,
      dictLabelEn: sysDictData.dictLabelEn,
      dictLabelTh: sysDictData.dictLabelTh,
      dictValue: sysDictData.dictValue,
      dictType: sysDictData.dictType,
      cssClass: sysDictData.cssClass,
      listClass: sysDictData.listClass,
      isDefault: sysDictData.isDefault,
    })
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, sql.placeholder('dictType')), eq(sysDictData.status, '0')))
    .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode))
    .prepare('theone_dict_by_type');

  app.get(
    '/system/dict/data/type/:dictType',
    spec({ authenticated: true }, 'Dictionary entries by type', {
      params: z.object({ dictType: z.string().regex(/^[a-z][a-z0-9_]{0,99}$/) }).strict(),
    }),
    async (req) => ok(req, await byType.execute({ dictType: req.params.dictType })),
  );
};
