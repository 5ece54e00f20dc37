import type { DetailItem } from '../../../components/DetailView';
import type { ListColumn, SearchField } from '../../../components/ListPage';
import type { ScreenField } from '../../../components/screen-factory';
import { ExpiryText } from '../common/selects';

/** Pieces the basic-data definitions share: status, default flag, remark. */
export const statusColumn = {
  key: 'status',
  title: 'field_status',
  type: 'dict',
  dictType: 'sys_normal_disable',
  width: 90,
} as const satisfies ListColumn<object>;
export const statusFilter = {
  type: 'dict',
  name: 'status',
  label: 'field_status',
  dictType: 'sys_normal_disable',
} as const satisfies SearchField;
export const statusItem = {
  name: 'status',
  label: 'field_status',
  type: 'dict',
  dictType: 'sys_normal_disable',
} as const satisfies DetailItem<object>;
export const defaultColumn = {
  key: 'isDefault',
  title: 'field_is_default',
  type: 'dict',
  dictType: 'bas_flag',
  width: 90,
} as const satisfies ListColumn<object>;
export const defaultItem = {
  name: 'isDefault',
  label: 'field_is_default',
  type: 'dict',
  dictType: 'bas_flag',
} as const satisfies DetailItem<object>;

/** The 'Enabled' switch (status '0' on), the default switch ('1' on) with its hint, the remark. */
export const enabledField = {
  name: 'status',
  label: 'bas_enabled',
  kind: 'switch',
} as const satisfies ScreenField<object>;
export const defaultField = (hint: string): ScreenField<object> => ({
  name: 'isDefault',
  label: 'field_is_default',
  kind: 'switch',
  on: '1',
  off: '0',
  hint,
});
export const remarkField = { name: 'remark', label: 'remark', kind: 'textarea' } as const satisfies ScreenField<object>;
export const remarkColumn = (width: number) => ({ key: 'remark', title: 'remark', width });
export const createTimeItem = { name: 'createTime', label: 'field_create_time', type: 'datetime' } as const;
export const expiry = (v: unknown) => <ExpiryText value={v as string | null} />;
export const remarkItem = { name: 'remark', label: 'remark' } as const;
