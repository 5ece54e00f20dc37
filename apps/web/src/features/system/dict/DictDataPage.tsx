import { CloseOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { zSort } from '@theone/contracts/system/common';
import { LIST_CLASSES } from '@theone/contracts/system/dict.schemas';
import { Select, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeavePage } from '../../../app/layout/use-leave-page';
import { DictEntryTag, listClassColour } from '../../../components/DictTag';
import { zodRule } from '../../../components/form-rules';
import { createdColumn, statusColumn, statusSearch } from '../../../components/list-presets';
import { ModalScreen, restCalls, type ScreenDef } from '../../../components/screen-factory';
import { useLocalName } from '../../../lib/localized';
import { shellKeys } from '../../../lib/query-keys';
import { dictDataKeys, dictTypeKeys, systemApi, type TDictData } from '../api';
import { YES_NO_OPTIONS } from '../shared/options';
import { useDigitsParam } from '../shared/route';

/**
 * Dictionary data (screens §4.9, /system/dict-data/:dictId, digits only): the entries of a type, labels in
 * zh-cn, en and th, tag colour (listClass). Saving drops the web's cached copy of that dictionary.
 */

/** The tag colours to choose from, each shown as a tag. */
function ListClassSelect(props: object) {
  const { t } = useTranslation();
  const options = LIST_CLASSES.map((c) => ({
    value: c,
    label: <Tag color={listClassColour(c)}>{t(`system_list_class_${c}`)}</Tag>,
  }));
  return <Select {...props} options={options} />;
}

/** The type filter: every dictionary type by its name. */
function useTypeFilter(): ScreenDef<TDictData>['filters'] {
  const localName = useLocalName();
  const options = useQuery({
    queryKey: dictTypeKeys.custom('options'),
    queryFn: systemApi.dictTypeOptions,
    staleTime: 60_000,
  });
  return [
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
    statusSearch,
  ];
}

const half = { half: true, max: 100 } as const;

export const dictDataScreen: ScreenDef<TDictData> = {
  id: 'system/dict-data',
  keys: dictDataKeys,
  url: '/system/dict/data',
  rowKey: 'dictCode',
  perm: 'system:dict',
  titles: { add: 'system_add_dict_data', edit: 'system_edit_dict_data' },
  defaultSort: { column: 'dictSort', order: 'asc' },
  filters: [],
  useFilters: useTypeFilter,
  columns: [
    { key: 'dictCode', title: 'system_dict_code', width: 90 },
    { key: 'dictLabel', title: 'system_dict_label', width: 160, render: (_, r) => <DictEntryTag entry={r} /> },
    { key: 'dictValue', title: 'system_dict_value', width: 120 },
    { key: 'dictSort', title: 'system_sort', width: 90, sortable: true },
    statusColumn,
    { key: 'remark', title: 'system_remark', width: 180 },
    createdColumn,
  ],
  exportFile: 'system_dict_data_export',
  remove: { confirm: 'system_confirm_delete_dict_data', withIds: true },
  calls: restCalls('/system/dict/data'),
  dialog: { width: 640, labelWidth: 120 },
  defaults: { dictSort: 0, listClass: 'default', isDefault: 'N', status: '0' },
  sections: [
    {
      fields: [
        { name: 'dictType', label: 'system_dict_type', disabled: () => true },
        { name: 'dictLabel', label: 'system_dict_label', required: true, max: 100 },
        { name: 'dictLabelEn', label: 'system_dict_label_en', ...half },
        { name: 'dictLabelTh', label: 'system_dict_label_th', ...half },
        { name: 'dictValue', label: 'system_dict_value', required: true, ...half },
        {
          name: 'dictSort',
          label: 'system_sort',
          kind: 'integer',
          required: true,
          half: true,
          rules: (t) => [zodRule(zSort, t)],
        },
        {
          name: 'cssClass',
          label: 'system_css_class',
          ...half,
          rules: (t) => [{ pattern: /^[A-Za-z0-9_\- ]*$/, message: t('err_css_class') }],
        },
        { name: 'listClass', label: 'system_list_class', kind: 'custom', half: true, control: <ListClassSelect /> },
        {
          name: 'isDefault',
          label: 'system_is_default',
          kind: 'radio',
          half: true,
          options: YES_NO_OPTIONS,
        },
        { name: 'status', label: 'system_status', kind: 'radio', dictType: 'sys_normal_disable', half: true },
        { name: 'remark', label: 'system_remark', kind: 'textarea' },
      ],
    },
  ],
};

export default function DictDataPage() {
  const dictId = useDigitsParam('dictId');
  const leave = useLeavePage();
  const queryClient = useQueryClient();
  const type = useQuery({
    queryKey: dictTypeKeys.detail(dictId ?? 0),
    queryFn: () => systemApi.dictType(dictId!),
    enabled: dictId !== undefined,
  });
  const dictType = type.data?.dictType;
  const defaultFilters = useMemo(() => (dictType ? { dictType } : undefined), [dictType]);
  /** Saving or deleting drops the web's cached copy of the dictionary too. */
  const refresh = async (changedType = dictType) => {
    await queryClient.invalidateQueries({ queryKey: dictDataKeys.all });
    if (changedType) await queryClient.invalidateQueries({ queryKey: shellKeys.dict(changedType) });
  };
  if (!dictType || !defaultFilters) return null;
  return (
    <ModalScreen<TDictData>
      def={{ ...dictDataScreen, remove: { ...dictDataScreen.remove, onDone: () => refresh() } }}
      fixed={(row) => ({ dictType: row?.dictType ?? dictType })}
      onSaved={(row) => refresh(row?.dictType ?? dictType)}
      listProps={{ defaultFilters }}
      toolbar={[{ key: 'close', label: 'close', icon: <CloseOutlined />, onClick: () => leave('/system/dict-list') }]}
    />
  );
}
