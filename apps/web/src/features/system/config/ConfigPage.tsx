import { DeleteOutlined, EditOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { configValueError } from '@theone/contracts/system/config.schemas';
import { Form, Input, Radio } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormDialog';
import { type ListContext, ListPage } from '../../../components/ListPage';
import { LocalizedNameFields } from '../../../components/LocalizedNameFields';
import { feedback } from '../../../lib/feedback';
import { useLocalName } from '../../../lib/localized';
import { configKeys, systemApi, type TConfig } from '../api';

/**
 * Settings (screens §4.12): captcha, lockout, initial password and the business defaults. Built-in settings
 * cannot be deleted and keep their key; the values the platform reads are checked here as on the server.
 */
type ConfigForm = Pick<
  TConfig,
  | 'configName'
  | 'configNameEn'
  | 'configNameTh'
  | 'configKey'
  | 'configValue'
  | 'configType'
  | 'remark'
  | 'remarkEn'
  | 'remarkTh'
>;

function ConfigFormModal(props: { open: boolean; config?: TConfig; onClose: () => void; onSaved: () => unknown }) {
  const { t } = useTranslation();
  const builtin = props.config?.configType === 'Y';
  const [form] = Form.useForm<ConfigForm>();
  const initialValues = useMemo<Partial<ConfigForm> | undefined>(() => {
    if (!props.open) return undefined;
    if (!props.config) return { configType: 'N', configValue: '' };
    const { configName, configNameEn, configNameTh, configKey, configValue, configType } = props.config;
    const { remark, remarkEn, remarkTh } = props.config;
    return { configName, configNameEn, configNameTh, configKey, configValue, configType, remark, remarkEn, remarkTh };
  }, [props.open, props.config]);
  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('err_required', { field: t(label) }),
  });
  return (
    <FormModal<ConfigForm>
      open={props.open}
      title={t(props.config ? 'system_edit_config' : 'system_add_config')}
      form={form}
      width={640}
      initialValues={initialValues}
      onSubmit={(v) => {
        const body = {
          ...v,
          configNameEn: v.configNameEn ?? '',
          configNameTh: v.configNameTh ?? '',
          configValue: v.configValue ?? '',
          remark: v.remark ?? '',
          remarkEn: v.remarkEn ?? '',
          remarkTh: v.remarkTh ?? '',
        };
        return props.config
          ? systemApi.editConfig({ ...body, configId: props.config.configId, version: props.config.version })
          : systemApi.addConfig(body);
      }}
      onClose={props.onClose}
      onSaved={props.onSaved}
    >
      <LocalizedNameFields name="configName" label="system_config_name" maxLength={100} translatedMaxLength={200} />
      <Form.Item
        name="configKey"
        label={t('system_config_key')}
        rules={[required('system_config_key'), { pattern: /^[A-Za-z][A-Za-z0-9._-]*$/, message: t('err_config_key') }]}
      >
        <Input maxLength={100} disabled={builtin} />
      </Form.Item>
      <Form.Item
        name="configValue"
        label={t('system_config_value')}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_r, value: string) => {
              const problem = configValueError(getFieldValue('configKey') ?? '', value ?? '');
              if (problem) throw new Error(t(problem, { field: t('system_config_value') }));
            },
          }),
        ]}
      >
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
      <Form.Item name="configType" label={t('system_config_builtin')}>
        <Radio.Group disabled={builtin}>
          <Radio value="Y">{t('yes')}</Radio>
          <Radio value="N">{t('no')}</Radio>
        </Radio.Group>
      </Form.Item>
      <LocalizedNameFields
        name="remark"
        label="system_remark"
        maxLength={500}
        translatedMaxLength={500}
        optional
        textArea
      />
    </FormModal>
  );
}

export default function ConfigPage() {
  const { t } = useTranslation();
  const localName = useLocalName();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ open: boolean; config?: TConfig }>({ open: false });
  const refresh = () => queryClient.invalidateQueries({ queryKey: configKeys.all });
  const remove = (rows: readonly TConfig[], ctx: ListContext<TConfig>) =>
    ctx.runAction({
      rows,
      check: (r) => r.configType !== 'Y',
      wrongState: 'system_config_builtin_no_delete',
      rowLabel: (r) => r.configKey,
      confirm: 'system_confirm_delete_configs',
      confirmValues: { ids: rows.map((r) => r.configId).join(',') },
      danger: true,
      run: (selected, config) =>
        systemApi.deleteConfigs(
          selected.map((r) => r.configId),
          config,
        ),
    });
  return (
    <>
      <ListPage<TConfig>
        id="system/config-list"
        queryKey={configKeys.lists()}
        url="/system/config/list"
        rowKey="configId"
        searchFields={[
          { name: 'configName', label: 'system_config_name' },
          { name: 'configKey', label: 'system_config_key' },
          { type: 'dict', name: 'configType', label: 'system_config_builtin', dictType: 'sys_yes_no' },
          { type: 'dateRange', name: 'createTime', label: 'system_created_at' },
        ]}
        visibleFields={4}
        columns={[
          { key: 'configId', title: 'system_config_id', width: 90, sortable: true },
          { key: 'configName', title: 'system_config_name', width: 220, render: (_, r) => localName(r, 'configName') },
          { key: 'configKey', title: 'system_config_key', width: 220 },
          { key: 'configValue', title: 'system_config_value', width: 160 },
          { key: 'configType', title: 'system_config_builtin', type: 'dict', dictType: 'sys_yes_no', width: 100 },
          { key: 'remark', title: 'system_remark', width: 260, render: (_, r) => localName(r, 'remark') },
          { key: 'createTime', title: 'system_created_at', type: 'datetime', width: 170, sortable: true },
        ]}
        toolbar={[
          {
            key: 'add',
            label: 'add',
            type: 'primary',
            icon: <PlusOutlined />,
            perm: 'system:config:add',
            onClick: () => setEditing({ open: true }),
          },
          {
            key: 'edit',
            label: 'edit',
            icon: <EditOutlined />,
            perm: 'system:config:edit',
            selection: 'single',
            onClick: (ctx) => setEditing({ open: true, config: ctx.selectedRows[0] }),
          },
          {
            key: 'remove',
            label: 'delete',
            danger: true,
            icon: <DeleteOutlined />,
            perm: 'system:config:remove',
            selection: 'multiple',
            onClick: (ctx) => remove(ctx.selectedRows, ctx),
          },
          {
            key: 'refreshCache',
            label: 'system_refresh_cache',
            icon: <SyncOutlined />,
            perm: 'system:config:remove',
            onClick: async () => {
              await systemApi.refreshConfigCache();
              feedback.message.success(t('system_cache_refreshed'));
            },
          },
        ]}
        exportConfig={{
          url: '/system/config/export',
          fileName: t('system_config_export'),
          perm: 'system:config:export',
        }}
        rowActions={[
          {
            key: 'edit',
            label: 'edit',
            perm: 'system:config:edit',
            onClick: (r) => setEditing({ open: true, config: r }),
          },
          {
            key: 'remove',
            label: 'delete',
            danger: true,
            perm: 'system:config:remove',
            hidden: (r) => r.configType === 'Y',
            onClick: (r, ctx) => remove([r], ctx),
          },
        ]}
      />
      <ConfigFormModal
        open={editing.open}
        config={editing.config}
        onClose={() => setEditing({ open: false })}
        onSaved={refresh}
      />
    </>
  );
}
