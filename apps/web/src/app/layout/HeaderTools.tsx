import {
  FullscreenExitOutlined,
  FullscreenOutlined,
  KeyOutlined,
  LockOutlined,
  LogoutOutlined,
  SettingOutlined,
  TranslationOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/auth-api';
import { feedback, openModal } from '../../lib/feedback';
import { changeLanguage } from '../../lib/i18n';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../lib/languages';
import { useLocalName } from '../../lib/localized';
import { authStore } from '../../lib/session';
import { useLanguage } from '../../lib/use-language';
import { settingsStore } from '../settings/settings-store';
import { useAvatarUrl } from './avatar';
import { lockNow } from './lock-store';

/** Right side of the header: language, full screen, layout settings, user menu. */
export function LanguageDropdown() {
  const { t } = useTranslation();
  const current = useLanguage();
  const items: MenuProps['items'] = LANGUAGES.map((l) => ({
    key: l,
    label: <span lang={l}>{LANGUAGE_NAMES[l]}</span>,
  }));
  return (
    <Dropdown
      menu={{
        items,
        selectable: true,
        selectedKeys: [current],
        onClick: ({ key }) => isLanguage(key) && changeLanguage(key),
      }}
      trigger={['click']}
    >
      <button type="button" className="header-tool" aria-label={t('layout_language')} data-testid="language-switch">
        <TranslationOutlined />
      </button>
    </Dropdown>
  );
}

function FullscreenToggle() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) document.exitFullscreen?.().catch(() => undefined);
    else
      document.documentElement
        .requestFullscreen?.()
        .catch(() => feedback.message.warning(t('msg_fullscreen_unsupported')));
  };
  return (
    <Tooltip title={t(full ? 'layout_exit_fullscreen' : 'layout_fullscreen')}>
      <button type="button" className="header-tool" onClick={toggle} aria-label={t('layout_fullscreen')}>
        {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </button>
    </Tooltip>
  );
}

/** Logout with the spec's prompt; then the safe-exit message and /login. */
export function useLogoutPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return () =>
    openModal('confirm', {
      title: t('tips'),
      content: t('msg_logout_confirm'),
      okText: t('confirm'),
      cancelText: t('cancel'),
      onOk: async () => {
        await logout();
        feedback.message.success(t('msg_logout_success'));
        navigate('/login', { replace: true });
      },
    });
}

function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localName = useLocalName();
  const user = authStore.use((s) => s.user);
  const avatar = useAvatarUrl(user?.avatar);
  const lockSeconds = settingsStore.use((s) => s.lockScreenTime);
  const askLogout = useLogoutPrompt();
  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: t('profile') },
    { key: 'password', icon: <KeyOutlined />, label: t('change_password') },
    ...(lockSeconds > 0 ? [{ key: 'lock', icon: <LockOutlined />, label: t('layout_lock_screen') }] : []),
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate('/profile');
    if (key === 'password') navigate('/profile?tab=password');
    if (key === 'lock') lockNow();
    if (key === 'logout') askLogout();
  };
  const name = localName(user, 'nickName') || user?.userName || '';
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button type="button" className="header-user" data-testid="user-menu">
        <Avatar size={28} src={avatar} icon={<UserOutlined />} />
        <span className="header-user-name">{name}</span>
      </button>
    </Dropdown>
  );
}

export function HeaderTools({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="header-tools">
      <LanguageDropdown />
      <FullscreenToggle />
      <Tooltip title={t('layout_settings')}>
        <button
          type="button"
          className="header-tool"
          onClick={onOpenSettings}
          aria-label={t('layout_settings')}
          data-testid="open-settings"
        >
          <SettingOutlined />
        </button>
      </Tooltip>
      <UserMenu />
    </div>
  );
}
