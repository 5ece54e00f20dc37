import {
  configValueError,
  hasAnyPermission,
  type TConfigQuery,
  ZConfigCreate,
  ZConfigEdit,
  ZConfigQuery,
  zIdsParam,
  zIdText,
} from '@theone/contracts';
import { and, asc, eq, getTableColumns, ilike, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sysConfig } from '../../../platform/db/config.table';
import type { DbOrTx } from '../../../platform/db/database';
import type { AppDeps } from '../../../platform/deps';
import { badRequest, duplicate, forbidden, notFound } from '../../../platform/errors';
import type { ExcelColumn } from '../../../platform/excel/excel';
import { registerListExport } from '../../../platform/excel/list-export';
import { ok, table } from '../../../platform/http/envelope';
import { dateRange, likeContains, orderOf } from '../../../platform/http/paging';
import { spec } from '../../../platform/http/route-spec';
import { SETTING_KEYS } from '../../../platform/settings';
import { assertNewPassword } from '../../auth/credentials';
import { CONFIG_NAME, CONFIG_REMARK, localizedName, nameContains } from '../shared/localized';
import { orClash, refuseTaken, rowOr404 } from '../shared/rows';
import { BUSINESS_TYPE, operlog, pageWithTotal, saveAtVersion } from '../shared/system';

const TITLE = 'menu_config_list';
const configIdParam = z.object({ configId: zIdText }).strict();
const configIdsParam = z.object({ configIds: zIdsParam.shape.ids }).strict();
const configKeyParam = z.object({ configKey: z.string().regex(/^[A-Za-z][A-Za-z0-9._-]{0,99}$/) }).strict();

/** Settings only user managers and settings managers may read through configKey (the initial password). */
const RESTRICTED_KEYS: Record<string, readonly string[]> = {
  [SETTING_KEYS.initPassword]: ['system:config:list', 'system:user:add', 'system:user:resetPwd', 'system:user:import'],
};

const CONFIG_EXPORT: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'configId', header: 'system_config_id', type: 'integer', width: 10 },
  { key: 'configName', header: 'system_config_name', width: 30 },
  { key: 'configKey', header: 'system_config_key', width: 30 },
  { key: 'configValue', header: 'system_config_value', width: 24 },
  { key: 'configType', header: 'system_config_builtin', type: 'dict', dict: 'sys_yes_no', width: 10 },
  { key: 'createTime', header: 'system_created_at', type: 'datetime' },
  { key: 'remark', header: 'system_remark', width: 40 },
];

function configWhere(q: Partial<TConfigQuery>): SQL | undefined {
  return and(
    nameContains(CONFIG_NAME, q.configName),
    q.configKey ? ilike(sysConfig.configKey, likeContains(q.configKey)) : undefined,
    q.configType ? eq(sysConfig.configType, q.configType) : undefined,
    dateRange(sysConfig.createTime, q),
  );
}

async function checkKeyUnique(db: DbOrTx, configKey: string, exceptId?: number) {
  const key = eq(sysConfig.configKey, configKey);
  await refuseTaken(db, sysConfig.configId, exceptId, key, 'err_config_key_exists', configKey);
}

function checkValue(configKey: string, configValue: string) {
  const problem = configValueError(configKey, configValue);
  if (problem) throw badRequest(problem, { field: 'configValue' }, 'configValue');
  // The initial password meets the whole new-password rule (not common, not guessable), not its length alone.
  if (configKey === SETTING_KEYS.initPassword) assertNewPassword(configValue, {}, 'configValue');
}

/**
 * /system/config (issue 4 item 7; screens §4.12). The platform reads captcha, lockout and the initial password
 * from here through `deps.settings`, whose cache is invalidated on every change.
 */
export const configRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, settings }) => {
  app.get(
    '/system/config/list',
    spec({ permission: 'system:config:list' }, 'Settings (paged)', { querystring: ZConfigQuery }),
    async (req) => {
      const q = req.query;
      const { rows, total } = await pageWithTotal(db, q, {
        select: () => db.select().from(sysConfig).$dynamic(),
        from: sysConfig,
        where: configWhere(q),
        order: orderOf(q, { createTime: sysConfig.createTime, configId: sysConfig.configId }, [
          asc(sysConfig.configId),
        ]),
      });
      return table(req, rows, total);
    },
  );

  app.get(
    '/system/config/configKey/:configKey',
    spec({ authenticated: true }, 'A setting value by key (data: the value, "" when unset)', {
      params: configKeyParam,
    }),
    async (req) => {
      const needs = RESTRICTED_KEYS[req.params.configKey];
      if (needs && !hasAnyPermission(req.auth.permissions, needs)) throw forbidden('err_forbidden');
      const [row] = await db
        .select({ v: sysConfig.configValue })
        .from(sysConfig)
        .where(eq(sysConfig.configKey, req.params.configKey));
      return ok(req, row?.v ?? '');
    },
  );

  app.get(
    '/system/config/:configId',
    spec({ permission: ['system:config:query', 'system:config:edit'] }, 'One setting', { params: configIdParam }),
    async (req) => ok(req, await rowOr404(db, sysConfig, sysConfig.configId, req.params.configId)),
  );

  app.post(
    '/system/config',
    spec({ permission: 'system:config:add', operlog: operlog(TITLE, BUSINESS_TYPE.INSERT) }, 'Create a setting', {
      body: ZConfigCreate,
    }),
    async (req) => {
      const b = req.body;
      checkValue(b.configKey, b.configValue);
      await checkKeyUnique(db, b.configKey);
      const [row] = await orClash(
        db
          .insert(sysConfig)
          .values({ ...b, createBy: req.auth.userName })
          .returning({ configId: sysConfig.configId }),
        () => duplicate('err_config_key_exists', { value: b.configKey }),
      );
      settings.invalidate();
      return ok(req, { configId: row!.configId });
    },
  );

  app.put(
    '/system/config',
    spec(
      { permission: 'system:config:edit', operlog: operlog(TITLE, BUSINESS_TYPE.UPDATE) },
      'Edit a setting (optimistic version)',
      { body: ZConfigEdit },
    ),
    async (req) => {
      const { configId, version, ...b } = req.body;
      const old = await rowOr404(db, sysConfig, sysConfig.configId, configId);
      // Built-in settings are read by key: the key stays, and so does the built-in flag.
      if (old.configType === 'Y' && (b.configKey !== old.configKey || b.configType !== 'Y'))
        throw badRequest('err_config_builtin_key', undefined, 'configKey');
      checkValue(b.configKey, b.configValue);
      await checkKeyUnique(db, b.configKey, configId);
      await orClash(saveAtVersion(db, req, sysConfig, eq(sysConfig.configId, configId), version, b), () =>
        duplicate('err_config_key_exists', { value: b.configKey }),
      );
      settings.invalidate();
      return ok(req);
    },
  );

  app.delete(
    '/system/config/refreshCache',
    spec(
      {
        permission: ['system:config:remove', 'system:config:edit'],
        operlog: operlog(TITLE, BUSINESS_TYPE.CLEAN),
      },
      'Drop the settings cache of this instance',
    ),
    async (req) => {
      settings.invalidate();
      return ok(req);
    },
  );

  app.delete(
    '/system/config/:configIds',
    spec(
      { permission: 'system:config:remove', operlog: operlog(TITLE, BUSINESS_TYPE.DELETE) },
      'Delete settings (not built-in ones)',
      { params: configIdsParam },
    ),
    async (req) => {
      const ids = [...new Set(req.params.configIds)];
      await db.transaction(async (tx) => {
        const rows = await tx.select().from(sysConfig).where(inArray(sysConfig.configId, ids)).for('update');
        if (rows.length !== ids.length) throw notFound();
        const builtin = rows.find((r) => r.configType === 'Y');
        if (builtin) throw forbidden('err_config_builtin_delete', { value: builtin.configKey });
        await tx.delete(sysConfig).where(inArray(sysConfig.configId, ids));
      });
      settings.invalidate();
      return ok(req);
    },
  );

  registerListExport(app, db, {
    url: '/system/config/export',
    permission: 'system:config:export',
    operlog: operlog(TITLE, BUSINESS_TYPE.EXPORT),
    summary: 'Export settings (.xlsx)',
    query: ZConfigQuery,
    fileName: 'system_config_export',
    columns: CONFIG_EXPORT,
    select: (req) =>
      db
        .select({
          ...getTableColumns(sysConfig),
          configName: localizedName(CONFIG_NAME, req.lang),
          remark: localizedName(CONFIG_REMARK, req.lang),
        })
        .from(sysConfig)
        .$dynamic(),
    key: sysConfig.configId,
    keyOf: (r) => r.configId,
    where: (_req, q) => configWhere(q),
  });
};
