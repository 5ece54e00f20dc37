import type { DetailItem } from '../../../components/DetailView';
import type { ListColumn, SearchField } from '../../../components/ListPage';
import type { ScreenDef, ScreenField, ScreenQueryKeys } from '../../../components/screen-factory';
import { ExpiryText } from '../common/selects';

/**
 * What every basic-data screen of an entity shares by its name: list id `bas/<entity>-list`, base URL `/bas/<entity>`,
 * permission `bas:<entity>`, menu titles `menu_<entity>_list|add|edit|details`, the routes
 * `/bas/<entity>-list|add|edit|details`; its query keys; rows keyed by `id`; four filters before 'expand'.
 */
export const basScreen = (entity: string, keys: ScreenQueryKeys) =>
  ({
    id: `bas/${entity}-list`,
    keys,
    url: `/bas/${entity}`,
    rowKey: 'id',
    perm: `bas:${entity}`,
    visibleFilters: 4,
    titles: {
      list: `menu_${entity}_list`,
      add: `menu_${entity}_add`,
      edit: `menu_${entity}_edit`,
      details: `menu_${entity}_details`,
    },
    paths: {
      list: `/bas/${entity}-list`,
      add: `/bas/${entity}-add`,
      edit: `/bas/${entity}-edit`,
      details: `/bas/${entity}-details`,
    },
  }) as const satisfies Partial<ScreenDef<{ id: number }>>;

/** A dictionary field as a list column (90 wide) and as a details item. */
const dictColumn = (key: string, title: string, dictType: string) =>
  ({ key, title, type: 'dict', dictType, width: 90 }) as const satisfies ListColumn<object>;
const dictItem = (name: string, label: string, dictType: string) =>
  ({ name, label, type: 'dict', dictType }) as const satisfies DetailItem<object>;

/**
 * The fields the basic-data definitions share, each with its pieces: list column, search filter, form field
 * and details item.
 */
export const status = {
  column: dictColumn('status', 'field_status', 'sys_normal_disable'),
  filter: {
    type: 'dict',
    name: 'status',
    label: 'field_status',
    dictType: 'sys_normal_disable',
  } as const satisfies SearchField,
  /** The 'Enabled' switch (status '0' on). */
  field: { name: 'status', label: 'bas_enabled', kind: 'switch' } as const satisfies ScreenField<object>,
  item: dictItem('status', 'field_status', 'sys_normal_disable'),
};

/** The default flag: its switch ('1' on) says with `hint` what being the default means. */
export const isDefault = {
  column: dictColumn('isDefault', 'field_is_default', 'bas_flag'),
  field: (hint: string): ScreenField<object> => ({
    name: 'isDefault',
    label: 'field_is_default',
    kind: 'switch',
    on: '1',
    off: '0',
    hint,
  }),
  item: dictItem('isDefault', 'field_is_default', 'bas_flag'),
};

export const remark = {
  column: (width: number) => ({ key: 'remark', title: 'remark', width }),
  field: { name: 'remark', label: 'remark', kind: 'textarea' } as const satisfies ScreenField<object>,
  item: { name: 'remark', label: 'remark' } as const,
};

export const createTime = {
  column: {
    key: 'createTime',
    title: 'field_create_time',
    type: 'datetime',
    sortable: true,
    width: 170,
  } as const satisfies ListColumn<object>,
  item: { name: 'createTime', label: 'field_create_time', type: 'datetime' } as const,
};

export const expiry = (v: unknown) => <ExpiryText value={v as string | null} />;
