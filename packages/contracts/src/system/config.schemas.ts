import { z } from 'zod';
import { ZNewPassword } from '../auth/auth.schemas';
import { PASSWORD_PROBLEMS } from '../auth/password-rule';
import { isPositive } from '../common/money';
import { zCodeFilter, zPageQuery, zTextFilter } from '../common/page';
import { createEditBodies, zName, zNames, zRemark, zText } from './common';

export const ZConfigQuery = zPageQuery(['createTime', 'configId'], {
  configName: zTextFilter(200),
  configKey: zTextFilter(100),
  configType: zCodeFilter(['Y', 'N']),
});
export type TConfigQuery = z.infer<typeof ZConfigQuery>;

/** 'sys.account.captchaEnabled': letters first, then letters, digits, '.', '_' and '-'. */
export const zConfigKey = zName(100).regex(/^[A-Za-z][A-Za-z0-9._-]*$/, 'err_config_key');

const configFields = {
  ...zNames('configName', 100, 200),
  configKey: zConfigKey,
  configValue: z.string().trim().max(500).default(''),
  /** 'Y' built-in (cannot be deleted, key cannot change), 'N' user-defined. */
  configType: z.enum(['Y', 'N']).default('N'),
  remark: zRemark,
  remarkEn: zText(500),
  remarkTh: zText(500),
};

export const { create: ZConfigCreate, edit: ZConfigEdit } = createEditBodies('configId', configFields);
export type TConfigCreate = z.input<typeof ZConfigCreate>;
export type TConfigEdit = z.input<typeof ZConfigEdit>;

/**
 * Values the platform reads from settings (screens §4.12) and the rule each must keep, so a typo cannot
 * lock everybody out. Returns the message key of the problem, or null when the value is acceptable.
 */
export const CONFIG_VALUE_RULES: Record<string, (value: string) => boolean> = {
  'sys.account.captchaEnabled': (v) => v === 'true' || v === 'false',
  'sys.user.initPassword': (v) => ZNewPassword.safeParse(v).success,
  'sys.login.lockCount': (v) => /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 100,
  'sys.login.lockMinutes': (v) => /^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= 1440,
  'bal.overdueDays': (v) => /^\d{1,4}$/.test(v) && Number(v) <= 3650,
  'bas.defaultVolWgtRate': (v) => /^\d{1,5}(\.\d{1,2})?$/.test(v) && isPositive(v),
  'sys.index.defaultLang': (v) => v === 'zh-cn' || v === 'en' || v === 'th',
  'sys.index.skinName': (v) => /^#[0-9a-fA-F]{6}$/.test(v),
};

export function configValueError(key: string, value: string): string | null {
  const rule = CONFIG_VALUE_RULES[key];
  if (!rule || rule(value)) return null;
  return key === 'sys.user.initPassword' ? PASSWORD_PROBLEMS.length : 'err_config_value';
}
