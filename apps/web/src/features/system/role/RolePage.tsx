import { useQuery, useQueryClient } from '@tanstack/react-query';
import { zSort } from '@theone/contracts/system/common';
import { NEW_ROLE_DATA_SCOPE } from '@theone/contracts/system/role.schemas';
import { Form, Input, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormModal } from '../../../components/FormDialog';
import { zodRule } from '../../../components/form-rules';
import { useRequiredRule } from '../../../components/GridField';
import { type ListColumn, type ListContext, ListPage } from '../../../components/ListPage';
import { createdColumn, crudButtons, removeByIds, statusAndCreatedSearch } from '../../../components/list-presets';
import { IntegerInput } from '../../../components/NumberInput';
import { dictLabel, useDict } from '../../../lib/dict';
import { useLocalName } from '../../../lib/localized';
import { usePermission } from '../../../lib/permission';
import { pick } from '../../../lib/pick';
import { textsOf } from '../../../lib/texts-of';
import { useLanguage } from '../../../lib/use-language';
import { roleKeys, systemApi, type TRole, type TTreeNode } from '../api';
import '../system.css';
import { LocalizedNameFields } from '../../../components/LocalizedNameFields';
import { DictRadio } from '../shared/DictRadio';
import { statusSwitchColumn } from '../shared/StatusSwitch';
import { CheckTree, useCheckTree } from './MenuTreeField';

/**
 * Roles (screens §4.3): list with status switch; add/edit with the menu-permission tree (it includes button
 * entries such as the fee role 'bus:fee:view'); data scope dialog; assign users. The admin role (id 1) has no
 * row actions.
 */
const ADMIN_ROLE_ID = 1;
/** The tree while it loads. */
const NO_NODES: TTreeNode[] = [];

interface RoleForm {
  roleName: string;
  roleNameEn?: string;
  roleNameTh?: string;
  roleKey: string;
  roleSort: number;
  status: '0' | '1';
  remark?: string;
}

/**
 * The role's data scope in its add/edit dialog, read-only: a new role's default ('own department and below') said
 * before saving, an existing role's scope as it is; the list's 'Data scope' action changes it.
 */
function DataScopeField({ role }: { role?: TRole }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const scopes = useDict('data_scope');
  return (
    <Form.Item
      label={t('system_data_scope')}
      extra={t(role ? 'system_hint_role_scope' : 'system_hint_new_role_scope')}
      data-testid="role-form-data-scope"
    >
      <Select
        disabled
        value={role?.dataScope ?? NEW_ROLE_DATA_SCOPE}
        options={(scopes.data ?? []).map((e) => ({ value: e.dictValue, label: dictLabel(e, language) }))}
      />
    </Form.Item>
  );
}

function RoleFormModal(props: { open: boolean; role?: TRole; onClose: () => void; onSaved: () => unknown }) {
  const { t } = useTranslation();
  const editing = Boolean(props.role);
  const tree = useQuery({
    queryKey: roleKeys.custom('menuTree', props.role?.roleId ?? 'new'),
    queryFn: async () => {
      if (props.role) return systemApi.roleMenuTree(props.role.roleId);
      return { menus: await systemApi.menuTree(), checkedKeys: [] as number[] };
    },
    enabled: props.open,
    staleTime: 0,
  });
  const start = useMemo(
    () =>
      props.open && tree.data
        ? { checked: tree.data.checkedKeys, linked: props.role?.menuCheckStrictly ?? true }
        : undefined,
    [props.open, props.role, tree.data],
  );
  const menus = useCheckTree(tree.data?.menus ?? NO_NODES, start);
  const initialValues = useMemo<Partial<RoleForm> | undefined>(() => {
    if (!props.open || !tree.data) return undefined;
    return props.role
      ? pick(props.role, ['roleName', 'roleNameEn', 'roleNameTh', 'roleKey', 'roleSort', 'status', 'remark'])
      : { roleSort: 0, status: '0' };
  }, [props.open, props.role, tree.data]);

  const submit = (v: RoleForm) => {
    const body = {
      ...v,
      ...textsOf(v, ['roleNameEn', 'roleNameTh', 'remark']),
      menuIds: menus.chosen(),
      menuCheckStrictly: menus.tree.linked,
    };
    return props.role
      ? systemApi.editRole({ ...body, roleId: props.role.roleId, version: props.role.version })
      : systemApi.addRole(body);
  };
  const required = useRequiredRule(true);
  return (
    <FormModal<RoleForm>
      open={props.open && Boolean(initialValues)}
      title={t(editing ? 'system_edit_role' : 'system_add_role')}
      width={620}
      initialValues={initialValues}
      onSubmit={submit}
      onClose={props.onClose}
      onSaved={props.onSaved}
    >
      <LocalizedNameFields name="roleName" label="system_role_name" maxLength={30} translatedMaxLength={60} />
      <Form.Item
        name="roleKey"
        label={t('system_role_key')}
        tooltip={t('system_hint_role_key')}
        rules={[required('system_role_key'), { pattern: /^[A-Za-z][A-Za-z0-9_:-]*$/, message: t('err_role_key') }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="roleSort"
        label={t('system_sort')}
        rules={[{ required: true, message: t('err_required', { field: t('system_sort') }) }, zodRule(zSort, t)]}
      >
        <IntegerInput />
      </Form.Item>
      <Form.Item name="status" label={t('system_status')}>
        <DictRadio type="sys_normal_disable" />
      </Form.Item>
      <DataScopeField role={props.role} />
      <Form.Item label={t('system_menu_perms')}>
        <CheckTree {...menus.tree} testId="role-menu-tree" />
      </Form.Item>
      <Form.Item name="remark" label={t('system_remark')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </FormModal>
  );
}

function DataScopeModal(props: { role?: TRole; onClose: () => void; onSaved: () => unknown }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localName = useLocalName();
  const scopes = useDict('data_scope');
  const [form] = Form.useForm<{ dataScope: string }>();
  const scope = Form.useWatch('dataScope', form);
  const tree = useQuery({
    queryKey: roleKeys.custom('deptTree', props.role?.roleId),
    queryFn: () => systemApi.roleDeptTree(props.role!.roleId),
    enabled: Boolean(props.role),
    staleTime: 0,
  });
  const start = useMemo(
    () =>
      props.role && tree.data ? { checked: tree.data.checkedKeys, linked: props.role.deptCheckStrictly } : undefined,
    [props.role, tree.data],
  );
  const depts = useCheckTree(tree.data?.depts ?? NO_NODES, start);
  const initialValues = useMemo(
    () => (props.role && tree.data ? { dataScope: props.role.dataScope } : undefined),
    [props.role, tree.data],
  );
  const submit = (v: { dataScope: string }) =>
    systemApi.dataScope({
      roleId: props.role!.roleId,
      dataScope: v.dataScope,
      deptIds: v.dataScope === '2' ? depts.chosen() : [],
      deptCheckStrictly: depts.tree.linked,
    });
  return (
    <FormModal<{ dataScope: string }>
      open={Boolean(props.role) && Boolean(initialValues)}
      title={t('system_data_scope_title')}
      form={form}
      width={560}
      initialValues={initialValues}
      onSubmit={submit}
      onClose={props.onClose}
      onSaved={props.onSaved}
    >
      <Form.Item label={t('system_role_name')}>
        <Input value={localName(props.role, 'roleName')} disabled />
      </Form.Item>
      <Form.Item label={t('system_role_key')}>
        <Input value={props.role?.roleKey} disabled />
      </Form.Item>
      <Form.Item name="dataScope" label={t('system_data_scope')} extra={t('system_hint_self_scope')}>
        <Select
          data-testid="role-data-scope"
          options={(scopes.data ?? [])
            // only the scopes the caller may set on this role (the server decides; it refuses the others too)
            .filter((e) => !tree.data?.scopes || tree.data.scopes.includes(e.dictValue))
            .map((e) => ({ value: e.dictValue, label: dictLabel(e, language) }))}
        />
      </Form.Item>
      {scope === '2' ? (
        <Form.Item label={t('system_data_perms')}>
          <CheckTree {...depts.tree} height={260} testId="role-dept-tree" />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}

export default function RolePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { hasPermi } = usePermission();
  const [editing, setEditing] = useState<{ open: boolean; role?: TRole }>({ open: false });
  const [scoping, setScoping] = useState<TRole | undefined>();
  const localName = useLocalName();
  const refresh = () => queryClient.invalidateQueries({ queryKey: roleKeys.all });
  const isAdminRole = (r: TRole) => r.roleId === ADMIN_ROLE_ID;

  const remove = (rows: readonly TRole[], ctx: ListContext<TRole>) =>
    removeByIds(ctx.runAction, rows, {
      check: (r) => !isAdminRole(r),
      wrongState: 'err_admin_role_protected',
      rowLabel: (r) => localName(r, 'roleName'),
      confirm: 'system_confirm_delete_roles',
      id: (r) => r.roleId,
      run: systemApi.deleteRoles,
    });

  const columns: ListColumn<TRole>[] = [
    { key: 'roleId', title: 'system_role_id', width: 90, sortable: true },
    { key: 'roleName', title: 'system_role_name', width: 160, render: (_, r) => localName(r, 'roleName') },
    { key: 'roleKey', title: 'system_role_key', width: 160 },
    { key: 'roleSort', title: 'system_sort', width: 100, sortable: true },
    {
      key: 'dataScope',
      title: 'system_data_scope',
      type: 'dict',
      dictType: 'data_scope',
      width: 180,
      defaultHidden: true,
    },
    statusSwitchColumn<TRole>((r) => ({
      name: localName(r, 'roleName'),
      what: 'role',
      disabled: !hasPermi('system:role:edit') || isAdminRole(r),
      onChange: (status) => systemApi.changeRoleStatus(r.roleId, status),
      onDone: refresh,
    })),
    createdColumn,
  ];

  return (
    <>
      <ListPage<TRole>
        id="system/role"
        queryKey={roleKeys.lists()}
        url="/system/role/list"
        rowKey="roleId"
        searchFields={[
          { name: 'roleName', label: 'system_role_name' },
          { name: 'roleKey', label: 'system_role_key' },
          ...statusAndCreatedSearch(),
        ]}
        visibleFields={4}
        columns={columns}
        selectable={(r) => !isAdminRole(r)}
        toolbar={crudButtons<TRole>('system:role', {
          add: () => setEditing({ open: true }),
          edit: (role) => setEditing({ open: true, role }),
          remove: (ctx) => remove(ctx.selectedRows, ctx),
        })}
        exportConfig={{ url: '/system/role/export', fileName: t('system_role_export'), perm: 'system:role:export' }}
        actionsWidth={280}
        rowActions={[
          {
            key: 'edit',
            label: 'edit',
            perm: 'system:role:edit',
            hidden: isAdminRole,
            onClick: (r) => setEditing({ open: true, role: r }),
          },
          {
            key: 'remove',
            label: 'delete',
            danger: true,
            perm: 'system:role:remove',
            hidden: isAdminRole,
            onClick: (r, ctx) => remove([r], ctx),
          },
          {
            key: 'dataScope',
            label: 'data_scope',
            perm: 'system:role:edit',
            hidden: isAdminRole,
            onClick: (r) => setScoping(r),
          },
          {
            key: 'authUser',
            label: 'assign_users',
            perm: 'system:role:edit',
            hidden: isAdminRole,
            onClick: (r) => navigate(`/system/role-auth/${r.roleId}`),
          },
        ]}
      />
      <RoleFormModal
        open={editing.open}
        role={editing.role}
        onClose={() => setEditing({ open: false })}
        onSaved={refresh}
      />
      <DataScopeModal role={scoping} onClose={() => setScoping(undefined)} onSaved={refresh} />
    </>
  );
}
