import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Table } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeavePage } from '../../../app/layout/use-leave-page';
import { FormFooter } from '../../../components/FormFooter';
import { feedback } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useLocalName } from '../../../lib/localized';
import { roleKeys, systemApi, type TRoleRef, userKeys } from '../api';
import '../system.css';
import { useDigitsParam } from '../shared/route';

/**
 * Assign roles (screens §4.2, /system/user/user-auth/:userId, digits only): the user's names read-only and
 * every role with the assigned ones ticked, paged in the browser; Submit saves and goes back to the users.
 */
/**
 * A role the caller may tick or untick: the server lists the roles the caller may give and the ones the user
 * holds; a held role the caller could not give (and every role of the caller themselves) stays as it is.
 */
const changeable = (r: TRoleRef) => r.grantable !== false && !(r.status === '1' && !r.flag);

export default function UserAuthRolePage() {
  const { t } = useTranslation();
  const localName = useLocalName();
  const userId = useDigitsParam('userId');
  const leave = useLeavePage();
  const query = useQuery({
    queryKey: userKeys.custom('authRole', userId),
    queryFn: () => systemApi.authRole(userId!),
    enabled: userId !== undefined,
    staleTime: 0,
  });
  // the roles the user holds until the caller ticks something: ticked on the first render of the rows (no effect
  // that ticks them a render later), and a refetch (the window regaining focus) does not undo the caller's ticks
  const held = useMemo(() => query.data?.roles.filter((r) => r.flag).map((r) => r.roleId) ?? [], [query.data]);
  const [chosen, setChosen] = useState<Key[] | null>(null);
  const selected = chosen ?? held;
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!userId) return;
    setSaving(true);
    try {
      await systemApi.saveAuthRole(userId, selected.map(Number));
      feedback.message.success(t('operation_success'));
      await leave('/system/user', [userKeys.all, roleKeys.all]);
    } finally {
      setSaving(false);
    }
  };

  const user = query.data?.user;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="user-auth-role">
      <Card size="small" title={t('system_basic_info')} loading={query.isLoading}>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label={t('system_nick_name')}>{localName(user, 'nickName')}</Descriptions.Item>
          <Descriptions.Item label={t('system_user_name')}>{user?.userName}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('system_role_info')}>
        <Table<TRoleRef>
          size="small"
          bordered
          rowKey="roleId"
          loading={query.isFetching}
          dataSource={query.data?.roles ?? []}
          pagination={{ pageSize: 10, showTotal: (total) => t('list_total', { total }) }}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setChosen(keys),
            getCheckboxProps: (r) => ({ disabled: !changeable(r) }),
          }}
          onRow={(r) => ({
            onClick: () => {
              if (!changeable(r)) return;
              setChosen(selected.includes(r.roleId) ? selected.filter((k) => k !== r.roleId) : [...selected, r.roleId]);
            },
          })}
          columns={[
            { key: 'index', title: '#', width: 60, render: (_v, _r, i) => i + 1 },
            { key: 'roleId', dataIndex: 'roleId', title: t('system_role_id'), width: 100 },
            { key: 'roleName', dataIndex: 'roleName', title: t('system_role_name') },
            { key: 'roleKey', dataIndex: 'roleKey', title: t('system_role_key') },
            {
              key: 'createTime',
              dataIndex: 'createTime',
              title: t('system_created_at'),
              width: 180,
              render: (v: string) => formatDateTime(v),
            },
          ]}
        />
        <FormFooter data-testid="user-auth-footer">
          <Button type="primary" loading={saving} onClick={submit} disabled={!user} data-testid="user-auth-submit">
            {t('submit')}
          </Button>
          <Button onClick={() => leave('/system/user')}>{t('close')}</Button>
        </FormFooter>
      </Card>
    </Space>
  );
}
