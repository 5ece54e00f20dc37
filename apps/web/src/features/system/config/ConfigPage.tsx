import { configValueError } from '@theone/contracts/system/config.schemas';
import { createdColumn, createdSearch } from '../../../components/list-presets';
import { ModalScreen, restCalls, type ScreenDef, useCacheRefresh } from '../../../components/screen-factory';
import { configKeys, systemApi, type TConfig } from '../api';
import { YES_NO_OPTIONS } from '../shared/options';

/**
 * Settings (screens §4.12): captcha, lockout, initial password and the business defaults. Built-in settings
 * cannot be deleted and keep their key; the values the platform reads are checked here as on the server.
 */
const builtin = (r: TConfig | undefined) => r?.configType === 'Y';

export const configScreen: ScreenDef<TConfig> = {
  id: 'system/config-list',
  keys: configKeys,
  url: '/system/config',
  rowKey: 'configId',
  perm: 'system:config',
  titles: { add: 'system_add_config', edit: 'system_edit_config' },
  visibleFilters: 4,
  filters: [
    { name: 'configName', label: 'system_config_name' },
    { name: 'configKey', label: 'system_config_key' },
    { type: 'dict', name: 'configType', label: 'system_config_builtin', dictType: 'sys_yes_no' },
    createdSearch,
  ],
  columns: [
    { key: 'configId', title: 'system_config_id', width: 90, sortable: true },
    { key: 'configName', title: 'system_config_name', width: 220, localized: true },
    { key: 'configKey', title: 'system_config_key', width: 220 },
    { key: 'configValue', title: 'system_config_value', width: 160 },
    { key: 'configType', title: 'system_config_builtin', type: 'dict', dictType: 'sys_yes_no', width: 100 },
    { key: 'remark', title: 'system_remark', width: 260, localized: true },
    createdColumn,
  ],
  useToolbar: () => useCacheRefresh('system:config:remove', systemApi.refreshConfigCache),
  exportFile: 'system_config_export',
  remove: {
    check: (r) => !builtin(r),
    wrongState: 'system_config_builtin_no_delete',
    rowLabel: (r) => r.configKey,
    confirm: 'system_confirm_delete_configs',
    withIds: true,
    hidden: builtin,
  },
  calls: restCalls('/system/config'),
  dialog: { width: 640 },
  defaults: { configType: 'N', configValue: '' },
  sections: [
    {
      fields: [
        {
          name: 'configName',
          label: 'system_config_name',
          kind: 'localized',
          required: true,
          max: 100,
          translatedMax: 200,
        },
        {
          name: 'configKey',
          label: 'system_config_key',
          required: true,
          max: 100,
          disabled: builtin,
          rules: (t) => [{ pattern: /^[A-Za-z][A-Za-z0-9._-]*$/, message: t('err_config_key') }],
        },
        {
          name: 'configValue',
          label: 'system_config_value',
          kind: 'textarea',
          rules: (t) => [
            ({ getFieldValue }) => ({
              validator: async (_r, value: string) => {
                const problem = configValueError(getFieldValue('configKey') ?? '', value ?? '');
                if (problem) throw new Error(t(problem, { field: t('system_config_value') }));
              },
            }),
          ],
        },
        {
          name: 'configType',
          label: 'system_config_builtin',
          kind: 'radio',
          options: YES_NO_OPTIONS,
          disabled: builtin,
        },
        { name: 'remark', label: 'system_remark', kind: 'localized', max: 500, translatedMax: 500, wide: true },
      ],
    },
  ],
};

export default function ConfigPage() {
  return <ModalScreen def={configScreen} />;
}
