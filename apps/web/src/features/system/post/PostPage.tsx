import { zSort } from '@theone/contracts/system/common';
import { zodRule } from '../../../components/form-rules';
import { createdColumn, statusColumn, statusSearch } from '../../../components/list-presets';
import { ModalScreen, restCalls, type ScreenDef } from '../../../components/screen-factory';
import { postKeys, type TPost, userKeys } from '../api';

/** Posts (screens §4.10): CRUD and export; the server refuses to delete a post held by users. */
export const postScreen: ScreenDef<TPost> = {
  id: 'system/post-list',
  keys: postKeys,
  url: '/system/post',
  rowKey: 'postId',
  perm: 'system:post',
  titles: { add: 'system_add_post', edit: 'system_edit_post' },
  filters: [
    { name: 'postCode', label: 'system_post_code' },
    { name: 'postName', label: 'system_post_name' },
    statusSearch,
  ],
  columns: [
    { key: 'postId', title: 'system_post_id', width: 90, sortable: true },
    { key: 'postCode', title: 'system_post_code', width: 140 },
    { key: 'postName', title: 'system_post_name', width: 160, localized: true },
    { key: 'postSort', title: 'system_sort', width: 90, sortable: true },
    statusColumn,
    createdColumn,
    { key: 'remark', title: 'system_remark', width: 200, defaultHidden: true },
  ],
  exportFile: 'system_post_export',
  remove: { confirm: 'system_confirm_delete_posts', withIds: true },
  calls: restCalls('/system/post'),
  invalidate: [postKeys.all, userKeys.details()],
  dialog: { width: 520 },
  defaults: { postSort: 0, status: '0' },
  sections: [
    {
      fields: [
        { name: 'postName', label: 'system_post_name', kind: 'localized', required: true, max: 50, translatedMax: 100 },
        {
          name: 'postCode',
          label: 'system_post_code',
          required: true,
          max: 64,
          rules: (t) => [{ pattern: /^[A-Za-z0-9_-]+$/, message: t('err_code_chars') }],
        },
        {
          name: 'postSort',
          label: 'system_sort',
          kind: 'integer',
          required: true,
          rules: (t) => [zodRule(zSort, t)],
        },
        { name: 'status', label: 'system_status', kind: 'radio', dictType: 'sys_normal_disable' },
        { name: 'remark', label: 'system_remark', kind: 'textarea' },
      ],
    },
  ],
};

export default function PostPage() {
  return <ModalScreen def={postScreen} />;
}
