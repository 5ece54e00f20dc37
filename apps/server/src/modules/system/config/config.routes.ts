import { configValueError, hasAnyPermission, ZConfigCreate, ZConfigEdit, ZConfigQuery } from '@theone/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sysConfig } from '../../../platform/db/config.table';
import type { AppDeps } from '../../../platform/deps';
import { badRequest, forbidden } from '../../../platform/errors';
import type { ExcelColumn } from '../../../platform/excel/excel';
import { ok } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';
import { SETTING_KEYS } from '../../../platform/settings';
import { assertNewPassword } from '../../auth/credentials';
import { registerSettingsScreen } from '../shared/settings-screen';
import { BUSINESS_TYPE, operlog } from '../shared/system';

const TITLE = 'menu_config_list';
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
  registerSettingsScreen(app, db, {
    url: '/system/config',
    perm: 'system:config',
    readPermission: ['system:config:query', 'system:config:edit'],
    title: TITLE,
    names: { one: 'setting', many: 'settings', remove: 'not built-in ones' },
    table: sysConfig,
    key: 'configId',
    query: ZConfigQuery,
    create: ZConfigCreate,
    edit: ZConfigEdit,
    filters: { name: 'configName', contains: ['configKey'], equal: ['configType'] },
    orderable: { createTime: sysConfig.createTime, configId: sysConfig.configId },
    order: [asc(sysConfig.configId)],
    unique: [
      { err: 'err_config_key_exists', value: (b) => b.configKey, where: (b) => eq(sysConfig.configKey, b.configKey) },
    ],
    validate(b, old) {
      // Built-in settings are read by key: the key stays, and so does the built-in flag.
      if (old?.configType === 'Y' && (b.configKey !== old.configKey || b.configType !== 'Y'))
        throw badRequest('err_config_builtin_key', undefined, 'configKey');
      checkValue(b.configKey, b.configValue);
    },
    async beforeDelete(_tx, rows) {
      const builtin = rows.find((r) => r.configType === 'Y');
      if (builtin) throw forbidden('err_config_builtin_delete', { value: builtin.configKey });
    },
    changed: () => settings.invalidate(),
    export: { columns: CONFIG_EXPORT, localized: ['configName', 'remark'] },
  });

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
};
