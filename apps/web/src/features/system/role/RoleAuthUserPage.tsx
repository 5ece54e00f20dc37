import { CloseOutlined, PlusOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeavePage } from '../../../app/layout/use-leave-page';
import { type ListColumn, ListPage, type ListPageProps } from '../../../components/ListPage';
import { createdColumn, statusColumn } from '../../../components/list-presets';
import { feedback } from '../../../lib/feedback';
import { LocalName, useLocalName } from '../../../lib/localized';
import { roleKeys, systemApi, type TUser, userKeys } from '../api';
import '../system.css';
import { useDigitsParam } from '../shared/route';

/**
 * Assign users (screens §4.4, /system/role-auth/:roleId, digits only): the users holding the role inside the
 * caller's data scope; add users from the ones without it, cancel one or several.
 */
type TAuthUser = Pick<
  TUser,
  'userId' | 'userName' | 'nickName' | 'nickNameEn' | 'nickNameTh' | 'email' | 'phonenumber' | 'status' | 'createTime'
>;

const COLUMNS: ListColumn<TAuthUser>[] = [
  { key: 'userName', title: 'system_user_name', width: 130 },
  { key: 'nickName', title: 'system_nick_name', width: 130, render: (_, r) => <LocalName row={r} field="nickName" /> },
  { key: 'email', title: 'system_email', width: 180 },
  { key: 'phonenumber', title: 'system_phonenumber', width: 130 },
  statusColumn,
  createdColumn,
];

const SEARCH = [
  { name: 'userName', label: 'system_user_name' },
  { name: 'phonenumber', label: 'system_phonenumber' },
];

/** The users holding the role ('allocated') or not holding it ('unallocated'), searched by name and phone. */
function RoleUserList({
  roleId,
  which,
  ...rest
}: Omit<ListPageProps<TAuthUser>, 'queryKey' | 'url' | 'rowKey' | 'baseParams' | 'searchFields' | 'columns'> & {
  roleId: number;
  which: 'allocated' | 'unallocated';
}) {
  const baseParams = useMemo(() => ({ roleId }), [roleId]);
  return (
    <ListPage<TAuthUser>
      queryKey={roleKeys.custom(which, roleId)}
      url={`/system/role/authUser/${which}List`}
      rowKey="userId"
      baseParams={baseParams}
      searchFields={SEARCH}
      columns={COLUMNS}
      {...rest}
    />
  );
}

function SelectUsersModal(props: { roleId: number; open: boolean; onClose: () => void; onDone: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      title={t('system_select_users')}
      width={900}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
    >
      <RoleUserList
        roleId={props.roleId}
        which="unallocated"
        id="system/role-auth-unallocated"
        urlKey={false}
        toolbar={[
          {
            key: 'select',
            label: 'system_add_selected_users',
            type: 'primary',
            icon: <PlusOutlined />,
            selection: 'multiple',
            onClick: async (ctx) => {
              await systemApi.selectAuthUsers(
                props.roleId,
                ctx.selectedRows.map((r) => r.userId),
              );
              feedback.message.success(t('operation_success'));
              await props.onDone();
              props.onClose();
            },
          },
        ]}
      />
    </Modal>
  );
}

export default function RoleAuthUserPage() {
  const roleId = useDigitsParam('roleId');
  const leave = useLeavePage();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const role = useQuery({
    queryKey: roleKeys.detail(roleId ?? 0),
    queryFn: () => systemApi.role(roleId!),
    enabled: roleId !== undefined,
  });
  const localName = useLocalName();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: roleKeys.all });
    await queryClient.invalidateQueries({ queryKey: userKeys.all });
  };
  if (roleId === undefined) return null;
  return (
    <>
      <RoleUserList
        roleId={roleId}
        which="allocated"
        id="system/role-auth"
        title={role.data ? `${localName(role.data, 'roleName')} (${role.data.roleKey})` : undefined}
        toolbar={[
          {
            key: 'addUser',
            label: 'system_add_users',
            type: 'primary',
            icon: <PlusOutlined />,
            perm: 'system:role:add',
            onClick: () => setAdding(true),
          },
          {
            key: 'cancelAll',
            label: 'system_cancel_auth_selected',
            danger: true,
            icon: <UserDeleteOutlined />,
            perm: 'system:role:remove',
            selection: 'multiple',
            onClick: (ctx) =>
              ctx.runAction({
                confirm: 'system_confirm_cancel_auth_all',
                danger: true,
                run: (rows, config) =>
                  systemApi.cancelAuthUsers(
                    roleId,
                    rows.map((r) => r.userId),
                    config,
                  ),
                onDone: refresh,
              }),
          },
          {
            key: 'close',
            label: 'close',
            icon: <CloseOutlined />,
            onClick: () => leave('/system/role', [roleKeys.all]),
          },
        ]}
        rowActions={[
          {
            key: 'cancel',
            label: 'system_cancel_auth',
            danger: true,
            perm: 'system:role:remove',
            onClick: (r, ctx) =>
              ctx.runAction({
                rows: [r],
                confirm: 'system_confirm_cancel_auth',
                confirmValues: { name: r.userName },
                danger: true,
                run: (_rows, config) => systemApi.cancelAuthUser(roleId, r.userId, config),
                onDone: refresh,
              }),
          },
        ]}
        actionsWidth={130}
      />
      <SelectUsersModal roleId={roleId} open={adding} onClose={() => setAdding(false)} onDone={refresh} />
    </>
  );
}
