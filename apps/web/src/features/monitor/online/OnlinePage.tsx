import { LogoutOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ListPage';
import { rowsAction } from '../../../components/list-presets';
import { onlineApi, onlineKeys, type TOnlineSession } from './api';

/**
 * Online users (RuoYi's monitor/online, /system/online; issue 11 item 4): the live sessions of the users in the
 * caller's data scope, with user, department, address, browser, system, sign-in and last access; filter by address
 * and user name; force one or several out (monitor:online:forceLogout). The caller's own session is marked and
 * cannot be chosen: Log out ends it. The one forced out sees the sign-in page with 'an administrator ended your
 * session' at their next click.
 */
export default function OnlinePage() {
  const { t } = useTranslation();
  const forceLogout = rowsAction<TOnlineSession>({
    key: 'forceLogout',
    label: 'online_force_logout',
    danger: true,
    icon: <LogoutOutlined />,
    perm: 'monitor:online:forceLogout',
    hidden: (r) => r.current,
    run: (rows) => ({
      check: (r) => !r.current,
      wrongState: 'err_force_logout_self',
      rowLabel: (r) => r.userName,
      confirm: 'online_confirm_force_logout',
      confirmValues: { names: [...new Set(rows.map((r) => r.userName))].join(', ') },
      danger: true,
      success: 'online_forced_done',
      run: (chosen, config) =>
        onlineApi.forceLogout(
          chosen.map((r) => r.tokenId),
          config,
        ),
    }),
  });
  return (
    <ListPage<TOnlineSession>
      id="monitor/online"
      queryKey={onlineKeys.lists()}
      url="/monitor/online/list"
      rowKey="tokenId"
      defaultSort={{ column: 'loginTime', order: 'desc' }}
      title={<Typography.Text type="secondary">{t('online_hint')}</Typography.Text>}
      searchFields={[
        { name: 'ipaddr', label: 'system_ipaddr' },
        { name: 'userName', label: 'system_user_name' },
      ]}
      selectable={(r) => !r.current}
      columns={[
        {
          key: 'tokenId',
          title: 'online_token_id',
          width: 120,
          defaultHidden: true,
          render: (_v, r) => <Typography.Text copyable={{ text: r.tokenId }}>{r.tokenId.slice(0, 8)}</Typography.Text>,
        },
        {
          key: 'userName',
          title: 'system_user_name',
          width: 140,
          render: (_v, r) => (
            <>
              {r.userName}
              {r.current ? (
                <Tag color="blue" style={{ marginInlineStart: 6 }}>
                  {t('online_current')}
                </Tag>
              ) : null}
            </>
          ),
        },
        { key: 'nickName', title: 'system_nick_name', width: 120, defaultHidden: true },
        { key: 'deptName', title: 'system_dept', width: 130 },
        { key: 'ipaddr', title: 'system_ipaddr', width: 120 },
        { key: 'loginLocation', title: 'system_location', width: 90 },
        { key: 'browser', title: 'system_browser', width: 90 },
        { key: 'os', title: 'system_os', width: 100 },
        { key: 'loginTime', title: 'system_login_time', type: 'datetime', width: 160, sortable: true },
        { key: 'lastAccessTime', title: 'online_last_access', type: 'datetime', width: 160, sortable: true },
        { key: 'expireTime', title: 'online_expire_time', type: 'datetime', width: 170, defaultHidden: true },
        { key: 'endTime', title: 'online_end_time', type: 'datetime', width: 170, defaultHidden: true },
      ]}
      toolbar={[forceLogout.button]}
      rowActions={[forceLogout.rowAction]}
      actionsWidth={110}
    />
  );
}
