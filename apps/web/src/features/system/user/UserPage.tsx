import { DownOutlined, ImportOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Dropdown, Input, Tag, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { useDeptTree } from '../../../components/DeptTreeSelect';
import { type ListColumn, type ListContext, ListPage } from '../../../components/ListPage';
import { createdColumn, crudButtons, removeByIds, statusAndCreatedSearch } from '../../../components/list-presets';
import { RowLinks } from '../../../components/RowLinks';
import { runStateAction } from '../../../components/state-action';
import { feedback } from '../../../lib/feedback';
import { useLocalName } from '../../../lib/localized';
import { usePermission } from '../../../lib/permission';
import { shellKeys } from '../../../lib/query-keys';
import { authStore } from '../../../lib/session';
import { systemApi, type TUser, userKeys } from '../api';
import { statusSwitchColumn } from '../shared/StatusSwitch';
import { type TreeOption, treeOptions } from '../shared/tree';
import '../system.css';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormModal } from './UserFormModal';
import { UserImportDialog } from './UserImportDialog';

/**
 * Users (screens §4.1): the department tree on the left filters the list by department (and below); status
 * switch, add/edit in a modal, delete, reset password, assign roles, unbind, import and export. The built-in
 * administrator and the signed-in user have no delete or disable.
 */
function filterTree(nodes: TreeOption[], text: string): TreeOption[] {
  if (!text) return nodes;
  const needle = text.toLowerCase();
  return nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], text);
    if (n.title.toLowerCase().includes(needle) || children.length)
      return [{ ...n, children: children.length ? children : n.children }];
    return [];
  });
}

export default function UserPage() {
  const { t } = useTranslation();
  const localName = useLocalName();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { hasPermi } = usePermission();
  const me = authStore.use((s) => s.user?.userId);
  const tree = useDeptTree();
  const [deptFilter, setDeptFilter] = useState('');
  const [deptId, setDeptId] = useState<number | undefined>();
  const [form, setForm] = useState<{ open: boolean; userId?: number }>({ open: false });
  const [resetting, setResetting] = useState<TUser | undefined>();
  const [importing, setImporting] = useState(false);
  const options = useMemo(() => filterTree(treeOptions(tree.data ?? []), deptFilter), [tree.data, deptFilter]);
  const baseParams = useMemo(() => (deptId ? { deptId } : undefined), [deptId]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all });
  const protectedRow = (r: TUser) => r.userId === 1 || r.userId === me;

  const remove = (rows: readonly TUser[], ctx?: ListContext<TUser>) =>
    removeByIds(ctx?.runAction ?? ((o) => runStateAction({ ...o, onDone: refresh })), rows, {
      check: (r) => !protectedRow(r),
      wrongState: 'system_user_protected',
      rowLabel: (r) => r.userName,
      confirm: 'system_confirm_delete_users',
      id: (r) => r.userId,
      run: systemApi.deleteUsers,
    });

  const unbind = async (row: TUser) => {
    if (!(await confirmAction({ content: t('system_confirm_unbind', { name: row.userName, app: row.bindAppType }) })))
      return;
    await systemApi.unbind(row.bindAppType, row.userId);
    feedback.message.success(t('operation_success'));
    await refresh();
  };

  const columns: ListColumn<TUser>[] = [
    { key: 'userId', title: 'system_user_id', width: 90, sortable: true },
    { key: 'userName', title: 'system_user_name', width: 130 },
    { key: 'nickName', title: 'system_nick_name', width: 130, render: (_, r) => localName(r, 'nickName') },
    { key: 'deptName', title: 'system_dept', width: 140, render: (_, r) => r.dept?.deptName ?? '' },
    { key: 'phonenumber', title: 'system_phonenumber', width: 130 },
    {
      key: 'roles',
      title: 'system_roles',
      width: 180,
      render: (_, r) =>
        r.roles.map((role) => (
          <Tag key={role.roleId} color={role.status === '0' ? 'blue' : 'default'}>
            {role.roleName}
          </Tag>
        )),
    },
    statusSwitchColumn<TUser>((r) => ({
      name: r.userName,
      what: 'user',
      disabled: !hasPermi('system:user:edit') || protectedRow(r),
      onChange: (status) => systemApi.changeUserStatus(r.userId, status),
      onDone: refresh,
    })),
    createdColumn,
    { key: 'email', title: 'system_email', width: 180, defaultHidden: true },
    {
      key: 'actions',
      title: 'actions',
      fixed: 'right',
      width: 170,
      ellipsis: false,
      render: (_, r) => {
        const more = [
          hasPermi('system:user:resetPwd') && !(r.userId === 1 && me !== 1)
            ? { key: 'resetPwd', label: t('reset_password'), onClick: () => setResetting(r) }
            : null,
          hasPermi('system:user:edit')
            ? {
                key: 'authRole',
                label: t('assign_roles'),
                onClick: () => navigate(`/system/user/user-auth/${r.userId}`),
              }
            : null,
          hasPermi('system:user:edit') && r.bindAppType
            ? { key: 'unbind', label: t('system_unbind'), onClick: () => unbind(r) }
            : null,
        ].filter((x) => x !== null);
        return (
          <RowLinks
            links={[
              {
                key: 'edit',
                label: 'edit',
                show: hasPermi('system:user:edit'),
                onClick: () => setForm({ open: true, userId: r.userId }),
              },
              {
                key: 'remove',
                label: 'delete',
                danger: true,
                show: hasPermi('system:user:remove') && !protectedRow(r),
                onClick: () => remove([r]),
              },
            ]}
          >
            {more.length ? (
              <Dropdown menu={{ items: more }} trigger={['click']}>
                <Button type="link" size="small" data-testid={`user-more-${r.userName}`}>
                  {t('more')} <DownOutlined />
                </Button>
              </Dropdown>
            ) : null}
          </RowLinks>
        );
      },
    },
    { key: 'loginDate', title: 'system_login_date', type: 'datetime', width: 170, defaultHidden: true, sortable: true },
  ];

  return (
    <div className="system-split">
      <Card size="small" className="system-split-tree" title={t('department')}>
        <Input.Search
          allowClear
          placeholder={t('system_dept_search')}
          value={deptFilter}
          onChange={(e) => setDeptFilter(e.target.value)}
          data-testid="user-dept-filter"
        />
        <Tree<TreeOption>
          className="system-dept-tree"
          blockNode
          defaultExpandAll
          key={`${deptFilter}-${options.length}`}
          treeData={options}
          selectedKeys={deptId ? [deptId] : []}
          onSelect={(keys) => setDeptId(keys.length ? Number(keys[0]) : undefined)}
        />
      </Card>
      <div className="system-split-list">
        <ListPage<TUser>
          id="system/user"
          queryKey={userKeys.lists()}
          url="/system/user/list"
          rowKey="userId"
          baseParams={baseParams}
          defaultSort={{ column: 'createTime', order: 'desc' }}
          searchFields={[
            { name: 'userName', label: 'system_user_name' },
            { name: 'phonenumber', label: 'system_phonenumber' },
            ...statusAndCreatedSearch(),
          ]}
          visibleFields={4}
          columns={columns}
          selectable={(r) => !protectedRow(r)}
          toolbar={[
            ...crudButtons<TUser>('system:user', {
              add: () => setForm({ open: true }),
              edit: (r) => setForm({ open: true, userId: r.userId }),
              remove: (ctx) => remove(ctx.selectedRows, ctx),
            }),
            {
              key: 'import',
              label: 'import',
              icon: <ImportOutlined />,
              perm: 'system:user:import',
              onClick: () => setImporting(true),
            },
          ]}
          exportConfig={{ url: '/system/user/export', fileName: t('system_user_export'), perm: 'system:user:export' }}
        />
      </div>
      <UserFormModal
        open={form.open}
        userId={form.userId}
        onClose={() => setForm({ open: false })}
        onSaved={async () => {
          await refresh();
          await queryClient.invalidateQueries({ queryKey: shellKeys.deptTree });
        }}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(undefined)} />
      <UserImportDialog open={importing} onClose={() => setImporting(false)} onImported={refresh} />
    </div>
  );
}
