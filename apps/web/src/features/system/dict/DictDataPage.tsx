import { CloseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { zSort } from '@theone/contracts/system/common';
import { LIST_CLASSES } from '@theone/contracts/system/dict.schemas';
import { Col, Form, Input, Radio, Row, Select, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormDialog';
import { zodRule } from '../../../components/form-rules';
import { type ListContext, ListPage } from '../../../components/ListPage';
import { IntegerInput } from '../../../components/NumberInput';
import { dictLabel } from '../../../lib/dict';
import { useLocalName } from '../../../lib/localized';
import { shellKeys } from '../../../lib/query-keys';
import { useLanguage } from '../../../lib/use-language';
import { dictDataKeys, dictTypeKeys, systemApi, type TDictData } from '../api';
import { DictRadio } from '../shared/DictRadio';
import { useDigitsParam, useLeavePage } from '../shared/route';

/**
 * Dictionary data (screens §4.9, /system/dict-data/:dictId, digits only): the entries of a type, labels in
 * zh-cn, en and th, tag colour (listClass). Saving drops the web's cached copy of that dictionary.
 */
const TAG_COLOURS: Record<string, string> = {
  primary: 'processing',
  success: 'success',
  info: 'cyan',
  warning: 'warning',
  danger: 'error',
  default: 'default',
};

type DictDataForm = Omit<TDictData, 'dictCode' | 'createTime' | 'version'>;

function DictDataFormModal(props: {
  open: boolean;
  dictType: string;
  data?: TDictData;
  onClose: () => void;
  onSaved: () => unknown;
}) {
  const { t } = useTranslation();
  const initialValues = useMemo<Partial<DictDataForm> | undefined>(() => {
    if (!props.open) return undefined;
    if (!props.data)
      return { dictType: props.dictType, dictSort: 0, listClass: 'default', isDefault: 'N', status: '0' };
    const { dictCode: _c, createTime: _t, version: _v, ...rest } = props.data;
    return rest;
  }, [props.open, props.data, props.dictType]);
  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('err_required', { field: t(label) }),
  });
  return (
    <FormModal<DictDataForm>
      open={props.open}
      title={t(props.data ? 'system_edit_dict_data' : 'system_add_dict_data')}
      width={640}
      labelCol={{ flex: '120px' }}
      initialValues={initialValues}
      onSubmit={(v) => {
        const body = {
          ...v,
          dictType: props.dictType,
          dictLabelEn: v.dictLabelEn ?? '',
          dictLabelTh: v.dictLabelTh ?? '',
          cssClass: v.cssClass ?? '',
          remark: v.remark ?? '',
          listClass: v.listClass as (typeof LIST_CLASSES)[number],
        };
        return props.data
          ? systemApi.editDictData({ ...body, dictCode: props.data.dictCode, version: props.data.version })
          : systemApi.addDictData(body);
      }}
      onClose={props.onClose}
      onSaved={props.onSaved}
    >
      <Row gutter={12}>
        <Col span={24}>
          <Form.Item name="dictType" label={t('system_dict_type')}>
            <Input disabled />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="dictLabel" label={t('system_dict_label')} rules={[required('system_dict_label')]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dictLabelEn" label={t('system_dict_label_en')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dictLabelTh" label={t('system_dict_label_th')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dictValue" label={t('system_dict_value')} rules={[required('system_dict_value')]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="dictSort"
            label={t('system_sort')}
            rules={[{ required: true, message: t('err_required', { field: t('system_sort') }) }, zodRule(zSort, t)]}
          >
            <IntegerInput />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="cssClass"
            label={t('system_css_class')}
            rules={[{ pattern: /^[A-Za-z0-9_\- ]*$/, message: t('err_css_class') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="listClass" label={t('system_list_class')}>
            <Select
              options={LIST_CLASSES.map((c) => ({
                value: c,
                label: <Tag color={TAG_COLOURS[c]}>{t(`system_list_class_${c}`)}</Tag>,
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="isDefault" label={t('system_is_default')}>
            <Radio.Group>
              <Radio value="Y">{t('yes')}</Radio>
              <Radio value="N">{t('no')}</Radio>
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="status" label={t('system_status')}>
            <DictRadio type="sys_normal_disable" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('system_remark')}>
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}

export default function DictDataPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const localName = useLocalName();
  const dictId = useDigitsParam('dictId');
  const leave = useLeavePage();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ open: boolean; data?: TDictData; type?: string }>({ open: false });
  const type = useQuery({
    queryKey: dictTypeKeys.detail(dictId ?? 0),
    queryFn: () => systemApi.dictType(dictId!),
    enabled: dictId !== undefined,
  });
  const options = useQuery({
    queryKey: dictTypeKeys.custom('options'),
    queryFn: systemApi.dictTypeOptions,
    staleTime: 60_000,
  });
  const dictType = type.data?.dictType;
  const defaultFilters = useMemo(() => (dictType ? { dictType } : undefined), [dictType]);
  const refresh = async (changedType = dictType) => {
    await queryClient.invalidateQueries({ queryKey: dictDataKeys.all });
    if (changedType) await queryClient.invalidateQueries({ queryKey: shellKeys.dict(changedType) });
  };
  const remove = (rows: readonly TDictData[], ctx: ListContext<TDictData>) =>
    ctx.runAction({
      rows,
      confirm: 'system_confirm_delete_dict_data',
      confirmValues: { ids: rows.map((r) => r.dictCode).join(',') },
      danger: true,
      run: (selected, config) =>
        systemApi.deleteDictData(
          selected.map((r) => r.dictCode),
          config,
        ),
      onDone: () => refresh(),
    });
  if (!dictType || !defaultFilters) return null;
  return (
    <>
      <ListPage<TDictData>
        id="system/dict-data"
        queryKey={dictDataKeys.lists()}
        url="/system/dict/data/list"
        rowKey="dictCode"
        defaultFilters={defaultFilters}
        defaultSort={{ column: 'dictSort', order: 'asc' }}
        searchFields={[
          {
            type: 'select',
            name: 'dictType',
            label: 'system_dict_type',
            options: (options.data ?? []).map((o) => ({
              value: o.dictType,
              label: `${localName(o, 'dictName')} (${o.dictType})`,
            })),
          },
          { name: 'dictLabel', label: 'system_dict_label' },
          { type: 'dict', name: 'status', label: 'system_status', dictType: 'sys_normal_disable' },
        ]}
        columns={[
          { key: 'dictCode', title: 'system_dict_code', width: 90 },
          {
            key: 'dictLabel',
            title: 'system_dict_label',
            width: 160,
            render: (_, r) => (
              <Tag color={TAG_COLOURS[r.listClass] ?? 'default'} className={r.cssClass || undefined}>
                {dictLabel(r, language)}
              </Tag>
            ),
          },
          { key: 'dictValue', title: 'system_dict_value', width: 120 },
          { key: 'dictSort', title: 'system_sort', width: 90, sortable: true },
          { key: 'status', title: 'system_status', type: 'dict', dictType: 'sys_normal_disable', width: 90 },
          { key: 'remark', title: 'system_remark', width: 180 },
          { key: 'createTime', title: 'system_created_at', type: 'datetime', width: 170, sortable: true },
        ]}
        toolbar={[
          {
            key: 'add',
            label: 'add',
            type: 'primary',
            icon: <PlusOutlined />,
            perm: 'system:dict:add',
            onClick: () => setEditing({ open: true }),
          },
          {
            key: 'edit',
            label: 'edit',
            icon: <EditOutlined />,
            perm: 'system:dict:edit',
            selection: 'single',
            onClick: (ctx) => setEditing({ open: true, data: ctx.selectedRows[0] }),
          },
          {
            key: 'remove',
            label: 'delete',
            danger: true,
            icon: <DeleteOutlined />,
            perm: 'system:dict:remove',
            selection: 'multiple',
            onClick: (ctx) => remove(ctx.selectedRows, ctx),
          },
          { key: 'close', label: 'close', icon: <CloseOutlined />, onClick: () => leave('/system/dict-list') },
        ]}
        exportConfig={{
          url: '/system/dict/data/export',
          fileName: t('system_dict_data_export'),
          perm: 'system:dict:export',
        }}
        rowActions={[
          { key: 'edit', label: 'edit', perm: 'system:dict:edit', onClick: (r) => setEditing({ open: true, data: r }) },
          {
            key: 'remove',
            label: 'delete',
            danger: true,
            perm: 'system:dict:remove',
            onClick: (r, ctx) => remove([r], ctx),
          },
        ]}
      />
      <DictDataFormModal
        open={editing.open}
        dictType={editing.data?.dictType ?? editing.type ?? dictType}
        data={editing.data}
        onClose={() => setEditing({ open: false })}
        onSaved={() => refresh(editing.data?.dictType ?? editing.type ?? dictType)}
      />
    </>
  );
}
