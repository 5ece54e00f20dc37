import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { zSort } from '@theone/contracts/system/common';
import { Form, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormDialog';
import { zodRule } from '../../../components/form-rules';
import { type ListContext, ListPage } from '../../../components/ListPage';
import { LocalizedNameFields } from '../../../components/LocalizedNameFields';
import { IntegerInput } from '../../../components/NumberInput';
import { useLocalName } from '../../../lib/localized';
import { postKeys, systemApi, type TPost, userKeys } from '../api';
import { DictRadio } from '../shared/DictRadio';

/** Posts (screens §4.10): CRUD and export; the server refuses to delete a post held by users. */
type PostForm = Pick<TPost, 'postCode' | 'postName' | 'postNameEn' | 'postNameTh' | 'postSort' | 'status' | 'remark'>;

function PostFormModal(props: { open: boolean; post?: TPost; onClose: () => void; onSaved: () => unknown }) {
  const { t } = useTranslation();
  const initialValues = useMemo<Partial<PostForm> | undefined>(() => {
    if (!props.open) return undefined;
    if (!props.post) return { postSort: 0, status: '0' };
    const { postCode, postName, postNameEn, postNameTh, postSort, status, remark } = props.post;
    return { postCode, postName, postNameEn, postNameTh, postSort, status, remark };
  }, [props.open, props.post]);
  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('err_required', { field: t(label) }),
  });
  return (
    <FormModal<PostForm>
      open={props.open}
      title={t(props.post ? 'system_edit_post' : 'system_add_post')}
      width={520}
      initialValues={initialValues}
      onSubmit={(v) => {
        const body = { ...v, postNameEn: v.postNameEn ?? '', postNameTh: v.postNameTh ?? '', remark: v.remark ?? '' };
        return props.post
          ? systemApi.editPost({ ...body, postId: props.post.postId, version: props.post.version })
          : systemApi.addPost(body);
      }}
      onClose={props.onClose}
      onSaved={props.onSaved}
    >
      <LocalizedNameFields name="postName" label="system_post_name" maxLength={50} translatedMaxLength={100} />
      <Form.Item
        name="postCode"
        label={t('system_post_code')}
        rules={[required('system_post_code'), { pattern: /^[A-Za-z0-9_-]+$/, message: t('err_code_chars') }]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="postSort"
        label={t('system_sort')}
        rules={[{ required: true, message: t('err_required', { field: t('system_sort') }) }, zodRule(zSort, t)]}
      >
        <IntegerInput />
      </Form.Item>
      <Form.Item name="status" label={t('system_status')}>
        <DictRadio type="sys_normal_disable" />
      </Form.Item>
      <Form.Item name="remark" label={t('system_remark')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </FormModal>
  );
}

export default function PostPage() {
  const { t } = useTranslation();
  const localName = useLocalName();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ open: boolean; post?: TPost }>({ open: false });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: postKeys.all });
    await queryClient.invalidateQueries({ queryKey: userKeys.details() });
  };
  const remove = (rows: readonly TPost[], ctx: ListContext<TPost>) =>
    ctx.runAction({
      rows,
      confirm: 'system_confirm_delete_posts',
      confirmValues: { ids: rows.map((r) => r.postId).join(',') },
      danger: true,
      run: (selected, config) =>
        systemApi.deletePosts(
          selected.map((r) => r.postId),
          config,
        ),
    });
  return (
    <>
      <ListPage<TPost>
        id="system/post-list"
        queryKey={postKeys.lists()}
        url="/system/post/list"
        rowKey="postId"
        searchFields={[
          { name: 'postCode', label: 'system_post_code' },
          { name: 'postName', label: 'system_post_name' },
          { type: 'dict', name: 'status', label: 'system_status', dictType: 'sys_normal_disable' },
        ]}
        columns={[
          { key: 'postId', title: 'system_post_id', width: 90, sortable: true },
          { key: 'postCode', title: 'system_post_code', width: 140 },
          { key: 'postName', title: 'system_post_name', width: 160, render: (_, r) => localName(r, 'postName') },
          { key: 'postSort', title: 'system_sort', width: 90, sortable: true },
          { key: 'status', title: 'system_status', type: 'dict', dictType: 'sys_normal_disable', width: 90 },
          { key: 'createTime', title: 'system_created_at', type: 'datetime', width: 170, sortable: true },
          { key: 'remark', title: 'system_remark', width: 200, defaultHidden: true },
        ]}
        toolbar={[
          {
            key: 'add',
            label: 'add',
            type: 'primary',
            icon: <PlusOutlined />,
            perm: 'system:post:add',
            onClick: () => setEditing({ open: true }),
          },
          {
            key: 'edit',
            label: 'edit',
            icon: <EditOutlined />,
            perm: 'system:post:edit',
            selection: 'single',
            onClick: (ctx) => setEditing({ open: true, post: ctx.selectedRows[0] }),
          },
          {
            key: 'remove',
            label: 'delete',
            danger: true,
            icon: <DeleteOutlined />,
            perm: 'system:post:remove',
            selection: 'multiple',
            onClick: (ctx) => remove(ctx.selectedRows, ctx),
          },
        ]}
        exportConfig={{ url: '/system/post/export', fileName: t('system_post_export'), perm: 'system:post:export' }}
        rowActions={[
          { key: 'edit', label: 'edit', perm: 'system:post:edit', onClick: (r) => setEditing({ open: true, post: r }) },
          {
            key: 'remove',
            label: 'delete',
            danger: true,
            perm: 'system:post:remove',
            onClick: (r, ctx) => remove([r], ctx),
          },
        ]}
      />
      <PostFormModal
        open={editing.open}
        post={editing.post}
        onClose={() => setEditing({ open: false })}
        onSaved={refresh}
      />
    </>
  );
}
