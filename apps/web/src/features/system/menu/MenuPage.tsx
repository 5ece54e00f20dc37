import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Row, Select, Space, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../../app/layout/menu-icons';
import { FormModal } from '../../../components/FormDialog';
import { GridField, useRequiredRule } from '../../../components/GridField';
import { type TreeDialogProps, useTreeScreen } from '../../../components/tree-list';
import { shellKeys } from '../../../lib/query-keys';
import { menuKeys, systemApi, type TMenu } from '../api';
import '../system.css';
import { DictRadio } from '../shared/DictRadio';
import { SortGridField, StatusGridField } from '../shared/grid-fields';
import { MENU_ICON_NAMES } from '../shared/icon-names';
import { TreeTablePage } from '../shared/TreeTablePage';
import { treeOptions } from '../shared/tree';

/**
 * Menus (screens §4.5): a tree table of directories (M), screens (C) and buttons (F) with their translated
 * titles; add/edit in a modal whose fields follow the type; add child; delete (refused by the server while
 * the menu has children or is assigned to a role).
 */
type MenuForm = Omit<TMenu, 'menuId' | 'title' | 'createTime' | 'version' | 'children'>;

const EMPTY: Partial<MenuForm> = {
  parentId: 0,
  menuType: 'M',
  orderNum: 1,
  isFrame: false,
  isCache: true,
  visible: '0',
  status: '0',
  titleKey: '',
  path: '',
  component: '',
  query: '',
  perms: '',
  icon: '',
};

function IconSelect({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      allowClear
      showSearch
      value={value || undefined}
      onChange={(v) => onChange?.(v ?? '')}
      placeholder={t('system_choose_icon')}
      options={MENU_ICON_NAMES.map((name) => ({
        value: name,
        label: (
          <Space size={6}>
            <MenuIcon name={name} />
            {name}
          </Space>
        ),
        search: name.toLowerCase(),
      }))}
      filterOption={(input, option) =>
        String(option?.value ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
    />
  );
}

function MenuFormModal(props: TreeDialogProps<TMenu>) {
  const { t } = useTranslation();
  const menu = props.row;
  const [form] = Form.useForm<MenuForm>();
  const type = Form.useWatch('menuType', form) ?? 'M';
  const isFrame = Form.useWatch('isFrame', form);
  const tree = useQuery({ queryKey: menuKeys.custom('treeselect'), queryFn: systemApi.menuTree, enabled: props.open });
  const parents = useMemo(
    () => [{ value: 0, key: 0, title: t('system_menu_root'), children: treeOptions(tree.data ?? []) }],
    [tree.data, t],
  );
  const initialValues = useMemo<Partial<MenuForm> | undefined>(() => {
    if (!props.open) return undefined;
    if (menu) {
      const { menuId: _i, title: _t, createTime: _c, version: _v, children: _ch, ...rest } = menu;
      return rest;
    }
    return { ...EMPTY, parentId: props.parentId ?? 0 };
  }, [props.open, menu, props.parentId]);

  const submit = (v: MenuForm) => {
    const body = { ...EMPTY, ...v, remark: menu?.remark ?? '' } as MenuForm;
    if (body.menuType === 'F') Object.assign(body, { path: '', component: '', icon: '', query: '' });
    if (body.menuType === 'M') Object.assign(body, { component: '', query: '' });
    return menu ? systemApi.editMenu({ ...body, menuId: menu.menuId, version: menu.version }) : systemApi.addMenu(body);
  };
  const required = useRequiredRule(true);
  /** A yes/no field with its hint: `labels` of true and false. */
  const flagField = (name: 'isFrame' | 'isCache', label: string, hint: string, labels: [string, string]) => (
    <GridField name={name} label={label} tooltip={t(hint)}>
      <Radio.Group>
        <Radio value={true}>{t(labels[0])}</Radio>
        <Radio value={false}>{t(labels[1])}</Radio>
      </Radio.Group>
    </GridField>
  );
  return (
    <FormModal<MenuForm>
      open={props.open}
      title={t(menu ? 'system_edit_menu' : 'system_add_menu')}
      form={form}
      width={720}
      labelCol={{ flex: '110px' }}
      initialValues={initialValues}
      onSubmit={submit}
      onClose={props.onClose}
      onSaved={props.onSaved}
    >
      <Row gutter={12}>
        <GridField span={24} name="parentId" label="system_parent_menu">
          <TreeSelect treeData={parents} showSearch treeNodeFilterProp="title" treeDefaultExpandedKeys={[0]} />
        </GridField>
        <GridField span={24} name="menuType" label="system_menu_type">
          <Radio.Group>
            <Radio value="M">{t('system_menu_type_m')}</Radio>
            <Radio value="C">{t('system_menu_type_c')}</Radio>
            <Radio value="F">{t('system_menu_type_f')}</Radio>
          </Radio.Group>
        </GridField>
        {type !== 'F' ? (
          <GridField span={24} name="icon" label="system_menu_icon">
            <IconSelect />
          </GridField>
        ) : null}
        <GridField name="menuName" label="system_menu_name" rules={[required('system_menu_name')]}>
          <Input maxLength={50} />
        </GridField>
        <GridField
          name="titleKey"
          label="system_title_key"
          tooltip={t('system_hint_title_key')}
          rules={[{ pattern: /^$|^[a-z][a-z0-9_]*$/, message: t('err_title_key') }]}
        >
          <Input maxLength={100} />
        </GridField>
        <SortGridField />
        {type !== 'F' ? (
          <>
            {flagField('isFrame', 'system_is_frame', 'system_hint_is_frame', ['yes', 'no'])}
            <GridField
              name="path"
              label="system_route_path"
              tooltip={t(isFrame ? 'system_hint_frame_path' : 'system_hint_route_path')}
              rules={[required('system_route_path')]}
            >
              <Input maxLength={200} />
            </GridField>
          </>
        ) : null}
        {type === 'C' ? (
          <>
            <GridField name="component" label="system_component" tooltip={t('system_hint_component')}>
              <Input maxLength={255} />
            </GridField>
            <GridField name="query" label="system_route_query" tooltip={t('system_hint_route_query')}>
              <Input maxLength={255} />
            </GridField>
          </>
        ) : null}
        {type !== 'M' ? (
          <GridField
            name="perms"
            label="system_perms"
            tooltip={t('system_hint_perms')}
            rules={[
              ...(type === 'F' ? [required('system_perms')] : []),
              { pattern: /^$|^[A-Za-z0-9*]+(:[A-Za-z0-9*]+){0,3}$/, message: t('err_perms') },
            ]}
          >
            <Input maxLength={100} />
          </GridField>
        ) : null}
        {type === 'C'
          ? flagField('isCache', 'system_is_cache', 'system_hint_is_cache', ['system_cache', 'system_no_cache'])
          : null}
        {type !== 'F' ? (
          <GridField name="visible" label="system_visible" tooltip={t('system_hint_visible')}>
            <DictRadio type="sys_show_hide" />
          </GridField>
        ) : null}
        <StatusGridField />
      </Row>
    </FormModal>
  );
}

export default function MenuPage() {
  const { t } = useTranslation();
  const { editing, tableProps, lastColumns } = useTreeScreen<TMenu>({
    queryKey: menuKeys.list,
    fetch: systemApi.menus,
    idKey: 'menuId',
    parentKey: 'parentId',
    invalidate: [menuKeys.all, shellKeys.routers],
    perm: 'system:menu',
    confirmRemove: (m) => t('system_confirm_delete_menu', { name: m.title }),
    removeRow: (m) => systemApi.deleteMenu(m.menuId),
    allow: { addChild: (m) => m.menuType !== 'F' },
  });

  return (
    <>
      <TreeTablePage<TMenu>
        id="system/menu"
        {...tableProps}
        nameField="menuName"
        nameLabel="system_menu_name"
        onAdd={() => editing.add()}
        columns={[
          { key: 'title', dataIndex: 'title', title: t('system_menu_name'), width: 240, ellipsis: true },
          {
            key: 'icon',
            dataIndex: 'icon',
            title: t('system_menu_icon'),
            width: 70,
            align: 'center',
            render: (v: string) => (v ? <MenuIcon name={v} /> : null),
          },
          { key: 'orderNum', dataIndex: 'orderNum', title: t('system_sort'), width: 70 },
          { key: 'perms', dataIndex: 'perms', title: t('system_perms'), width: 200, ellipsis: true },
          { key: 'component', dataIndex: 'component', title: t('system_component'), width: 180, ellipsis: true },
          {
            key: 'menuType',
            dataIndex: 'menuType',
            title: t('system_menu_type'),
            width: 90,
            render: (v: string) => t(`system_menu_type_${v.toLowerCase()}`),
          },
          ...lastColumns,
        ]}
      />
      <MenuFormModal {...editing.dialog} />
    </>
  );
}
