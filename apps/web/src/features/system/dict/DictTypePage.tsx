import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { createdColumn, statusAndCreatedSearch, statusColumn } from '../../../components/list-presets';
import { ModalScreen, restCalls, type ScreenDef, useCacheRefresh } from '../../../components/screen-factory';
import { dictTypeKeys, systemApi, type TDictType } from '../api';

/** Dictionary types (screens §4.8): the type links to its entries; refresh cache drops the web's copies too. */
/** Refresh cache drops the web's cached dictionaries too. */
function useRefreshCache() {
  const queryClient = useQueryClient();
  return useCacheRefresh<TDictType>('system:dict:remove', async () => {
    await systemApi.refreshDictCache();
    await queryClient.invalidateQueries({ queryKey: ['dict'] });
  });
}

export const dictTypeScreen: ScreenDef<TDictType> = {
  id: 'system/dict-list',
  keys: dictTypeKeys,
  url: '/system/dict/type',
  rowKey: 'dictId',
  perm: 'system:dict',
  titles: { add: 'system_add_dict_type', edit: 'system_edit_dict_type' },
  visibleFilters: 4,
  filters: [
    { name: 'dictName', label: 'system_dict_name' },
    { name: 'dictType', label: 'system_dict_type' },
    ...statusAndCreatedSearch(),
  ],
  columns: [
    { key: 'dictId', title: 'system_dict_id', width: 90, sortable: true },
    { key: 'dictName', title: 'system_dict_name', width: 180, localized: true },
    {
      key: 'dictType',
      title: 'system_dict_type',
      width: 200,
      render: (_, r) => <Link to={`/system/dict-data/${r.dictId}`}>{r.dictType}</Link>,
    },
    { key: 'dictNameEn', title: 'system_dict_name_en', width: 160, defaultHidden: true },
    { key: 'dictNameTh', title: 'system_dict_name_th', width: 160, defaultHidden: true },
    statusColumn,
    { key: 'remark', title: 'system_remark', width: 200 },
    createdColumn,
  ],
  useToolbar: useRefreshCache,
  exportFile: 'system_dict_type_export',
  remove: { confirm: 'system_confirm_delete_dict_types', withIds: true },
  calls: restCalls('/system/dict/type'),
  defaults: { status: '0' },
  sections: [
    {
      fields: [
        { name: 'dictName', label: 'system_dict_name', required: true, max: 100 },
        { name: 'dictNameEn', label: 'system_dict_name_en', max: 100, half: true },
        { name: 'dictNameTh', label: 'system_dict_name_th', max: 100, half: true },
        {
          name: 'dictType',
          label: 'system_dict_type',
          required: true,
          max: 100,
          tooltip: 'system_hint_dict_type',
          rules: (t) => [{ pattern: /^[a-z][a-z0-9_]*$/, message: t('err_dict_type') }],
        },
        { name: 'status', label: 'system_status', kind: 'radio', dictType: 'sys_normal_disable' },
        { name: 'remark', label: 'system_remark', kind: 'textarea' },
      ],
    },
  ],
};

export default function DictTypePage() {
  return <ModalScreen def={dictTypeScreen} />;
}
