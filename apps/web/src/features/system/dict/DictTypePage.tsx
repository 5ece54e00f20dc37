import { DeleteOutlined, EditOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, Row } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormModal } from '../../../components/FormDialog';
import { type ListContext, ListPage } from '../../../components/ListPage';
import { feedback } from '../../../lib/feedback';
import { useLocalName } from '../../../lib/localized';
import { dictTypeKeys, systemApi, type TDictType } from '../api';
import { DictRadio } from '../shared/DictRadio';

/** Dictionary types (screens §4.8): the type links to its entries; refresh cache drops the web's copies too. */
type DictTypeForm = Pick<TDictType, 'dictName' | 'dictNameEn' | 'dictNameTh' | 'dictType' | 'status' | 'remark'>;

function DictTypeFormModal(props: { open: boolean; type?: TDictType; onClose: () => void; onSaved: () => unknown }) {
  const { t } = useTranslation();
  const initialValues = useMemo<Partial<DictTypeForm> | undefined>(() => {
    if (!props.open) return undefined;
    if (!props.type) return { status: '0' };
    const { dictName, dictNameEn, dictNameTh, dictType, status, remark } = props.type;
    return { dictName, dictNameEn, dictNameTh, dictType, status, remark };
  }, [props.open, props.type]);
  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('err_required', { field: t(label) }),
  });
  return (
    <FormModal<DictTypeForm>
      open={props.open}
      title={t(props.type ? 'system_edit_dict_type' : 'system_add_dict_type')}
      width={600}
      initialValues={initialValues}
      onSubmit={(v) => {
        const body = { ...v, dictNameEn: v.dictNameEn ?? '', dictNameTh: v.dictNameTh ?? '', remark: v.remark ?? '' };
        return props.type
          ? systemApi.editDictType({ ...body, dictId: props.type.dictId, version: props.type.version })
          : systemApi.addDictType(body);
      }}
      onClose={props.onClose}
      onSaved={props.onSaved}
    >
      <Row gutter={12}>
        <Col span={24}>
          <Form.Item name="dictName" label={t('system_dict_name')} rules={[required('system_dict_name')]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dictNameEn" label={t('system_dict_name_en')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dictNameTh" label={t('system_dict_name_th')}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="dictType"
            label={t('system_dict_type')}
            tooltip={t('system_hint_dict_type')}
            rules={[required('system_dict_type'), { pattern: /^[a-z][a-z0-9_]*$/, message: t('err_dict_type') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={24}>
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

export default function DictTypePage() {
  const { t } = useTranslation();
  const localName = useLocalName();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ open: boolean; type?: TDictType }>({ open: false });
  const refresh = () => queryClient.invalidateQueries({ queryKey: dictTypeKeys.all });
  const remove = (rows: readonly TDictType[], ctx: ListContext<TDictType>) =>
    ctx.runAction({
      rows,
      confirm: 'system_confirm_delete_dict_types',
      confirmValues: { ids: rows.map((r) => r.dictId).join(',') },
      danger: true,
      run: (selected, config) =>
        systemApi.deleteDictTypes(
          selected.map((r) => r.dictId),
          config,
        ),
    });
  return (
    <>
      <ListPage<TDictType>
        id="system/dict-list"
        queryKey={dictTypeKeys.lists()}
        url="/system/dict/type/list"
        rowKey="dictId"
        searchFields={[
          { name: 'dictName', label: 'system_dict_name' },
          { name: 'dictType', label: 'system_dict_type' },
          { type: 'dict', name: 'status', label: 'system_status', dictType: 'sys_normal_disable' },
          { type: 'dateRange', name: 'createTime', label: 'system_created_at' },
        ]}
        visibleFields={4}
        columns={[
          { key: 'dictId', title: 'system_dict_id', width: 90, sortable: true },
          { key: 'dictName', title: 'system_dict_name', width: 180, render: (_, r) => localName(r, 'dictName') },
          {
            key: 'dictType',
            title: 'system_dict_type',
            width: 200,
            render: (_, r) => <Link to={`/system/dict-data/${r.dictId}`}>{r.dictType}</Link>,
          },
          { key: 'dictNameEn', title: 'system_dict_name_en', width: 160, defaultHidden: true },
          { key: 'dictNameTh', title: 'system_dict_name_th', width: 160, defaultHidden: true },
          { key: 'status', title: 'system_status', type: 'dict', dictType: 'sys_normal_disable', width: 90 },
          { key: 'remark', title: 'system_remark', width: 200 },
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
            onClick: (ctx) => setEditing({ open: true, type: ctx.selectedRows[0] }),
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
          {
            key: 'refreshCache',
            label: 'system_refresh_cache',
            icon: <SyncOutlined />,
            perm: 'system:dict:remove',
            onClick: async () => {
              await systemApi.refreshDictCache();
              await queryClient.invalidateQueries({ queryKey: ['dict'] });
              feedback.message.success(t('system_cache_refreshed'));
            },
          },
        ]}
        exportConfig={{
          url: '/system/dict/type/export',
          fileName: t('system_dict_type_export'),
          perm: 'system:dict:export',
        }}
        rowActions={[
          { key: 'edit', label: 'edit', perm: 'system:dict:edit', onClick: (r) => setEditing({ open: true, type: r }) },
          {
            key: 'remove',
            label: 'delete',
            danger: true,
            perm: 'system:dict:remove',
            onClick: (r, ctx) => remove([r], ctx),
          },
        ]}
      />
      <DictTypeFormModal
        open={editing.open}
        type={editing.type}
        onClose={() => setEditing({ open: false })}
        onSaved={refresh}
      />
    </>
  );
}
