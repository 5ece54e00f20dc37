import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PasswordStrengthMeter } from '../../components/PasswordStrength';
import { confirmPasswordRules, newPasswordRules } from '../../components/password-rules';
import { changePassword } from '../../lib/auth-api';
import { feedback } from '../../lib/feedback';
import { authStore, clearSession, readToken } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthFrame } from '../auth/AuthFrame';
import { CaptchaImage, useCaptcha } from '../login/CaptchaImage';

/**
 * /register, titled 'Change password' (spec §2). Signed in (including a session that must change its
 * password first): old and new password. Signed out: username and captcha as well. Afterwards the user
 * signs in again with the new password.
 */
interface Values {
  username?: string;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  code?: string;
}

function SignedOutFields() {
  const { t } = useTranslation();
  return (
    <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('msg_enter_username') }]}>
      <Input placeholder={t('field_username')} autoComplete="username" maxLength={30} />
    </Form.Item>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const signedIn = Boolean(readToken());
  const { captcha, refresh } = useCaptcha();
  const newPassword = Form.useWatch('newPassword', form);
  // The account the server judges the new password for: the signed-in user, or the user name typed.
  const sessionUser = authStore.use((s) => s.user);
  const typedName = Form.useWatch('username', form);
  const account = signedIn
    ? { userName: sessionUser?.userName, names: [sessionUser?.nickName] }
    : { userName: typedName?.trim() };
  usePageTitle('change_password');

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    try {
      await changePassword(
        signedIn
          ? { oldPassword: values.oldPassword, newPassword: values.newPassword }
          : {
              username: values.username?.trim(),
              oldPassword: values.oldPassword,
              newPassword: values.newPassword,
              code: captcha.enabled ? values.code?.trim() : undefined,
              uuid: captcha.enabled ? captcha.uuid : undefined,
            },
      );
      feedback.message.success(t('msg_password_changed'));
      clearSession();
      navigate('/login', { replace: true });
    } catch {
      if (!signedIn && captcha.enabled) {
        form.setFieldValue('code', '');
        refresh();
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthFrame title={t('change_password')}>
      <Form<Values> form={form} onFinish={onFinish} size="large" requiredMark={false}>
        {signedIn ? <p className="auth-hint">{t('register_hint_signed_in')}</p> : <SignedOutFields />}
        <Form.Item name="oldPassword" rules={[{ required: true, message: t('msg_enter_old_password') }]}>
          <Input.Password placeholder={t('field_old_password')} autoComplete="current-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          dependencies={signedIn ? [] : ['username']}
          rules={newPasswordRules(t, () => account)}
        >
          <Input.Password placeholder={t('field_new_password')} autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <PasswordStrengthMeter value={newPassword} context={account} />
        <Form.Item name="confirmPassword" dependencies={['newPassword']} rules={confirmPasswordRules(t)}>
          <Input.Password placeholder={t('field_confirm_password')} autoComplete="new-password" maxLength={64} />
        </Form.Item>
        {signedIn || !captcha.enabled ? null : (
          <div className="auth-captcha">
            <Form.Item name="code" rules={[{ required: true, whitespace: true, message: t('msg_enter_captcha') }]}>
              <Input placeholder={t('captcha')} autoComplete="off" maxLength={8} />
            </Form.Item>
            <CaptchaImage captcha={captcha} onRefresh={refresh} />
          </div>
        )}
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('submit')}
          </Button>
        </Form.Item>
        <div className="auth-links auth-links-center">
          <Link to="/login" onClick={() => signedIn && clearSession()}>
            {t('register_back_to_login')}
          </Link>
        </div>
      </Form>
    </AuthFrame>
  );
}
