import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unlockScreen } from '../../lib/auth-api';
import { useLocalName } from '../../lib/localized';
import { authStore } from '../../lib/session';
import { useAvatarUrl } from './avatar';
import { useLogoutPrompt } from './HeaderTools';
import { lockStore, unlockNow } from './lock-store';

/** Full-screen lock: the clock, the user, and the password checked by the server (POST /auth/unlock). */
function Clock() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(dayjs()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <div className="lock-clock">
      <div className="lock-time">{now.format('HH:mm')}</div>
      <div className="lock-date">{now.format('YYYY-MM-DD dddd')}</div>
    </div>
  );
}

export function LockScreen() {
  const { t } = useTranslation();
  const locked = lockStore.use((s) => s.locked);
  const user = authStore.use((s) => s.user);
  const avatar = useAvatarUrl(user?.avatar);
  const localName = useLocalName();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  const askLogout = useLogoutPrompt();
  if (!locked) return null;
  const onFinish = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      await unlockScreen(password);
      form.resetFields();
      unlockNow();
    } catch {
      form.setFieldValue('password', '');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      className="lock-screen"
      role="dialog"
      aria-modal="true"
      aria-label={t('layout_lock_screen')}
      data-testid="lock-screen"
    >
      <Clock />
      <div className="lock-panel">
        <Avatar size={72} src={avatar} icon={<UserOutlined />} />
        <div className="lock-name">{localName(user, 'nickName') || user?.userName}</div>
        <Form form={form} onFinish={onFinish} layout="inline" className="lock-form">
          <Form.Item name="password" rules={[{ required: true, message: t('msg_enter_password') }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('password')}
              autoFocus
              autoComplete="current-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('unlock')}
          </Button>
        </Form>
        <Button type="link" onClick={askLogout}>
          {t('logout')}
        </Button>
      </div>
    </div>
  );
}
