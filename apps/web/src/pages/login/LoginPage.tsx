import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
// The input and the password box alone: antd's `Input` brings TextArea, Search and OTP into the first load.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../app/guard';
import { login } from '../../lib/auth-api';
import { prefetchFeedback } from '../../lib/feedback';
import { authStore } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { AuthFrame } from '../auth/AuthFrame';
import { CaptchaImage, useCaptcha } from './CaptchaImage';

/**
 * /login (spec §2): username, password, captcha (image refreshes on click; hidden when the server has it
 * off), sign in on Enter. A failed sign-in shows the server's message (request client) and a new captcha.
 * A plain form instead of antd's Form: three required fields do not need it, and leaving it out keeps the
 * login page's first load within budget.
 */
interface Values {
  username: string;
  password: string;
  code: string;
}
type Errors = Partial<Record<keyof Values, string>>;

function Field({ error, children }: { error?: string; children: ReactNode }) {
  return (
    <div className={error ? 'auth-field auth-field-error' : 'auth-field'}>
      {children}
      {error ? (
        <div className="auth-field-message" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Values>({ username: '', password: '', code: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const { captcha, refresh } = useCaptcha();
  usePageTitle('page_login');

  useEffect(() => {
    // Read by e2e/perf/login-interactive.mjs: the form is on screen and answers input.
    performance.mark('login-interactive');
  }, []);

  const validate = (v: Values): Errors => ({
    ...(v.username.trim() ? {} : { username: t('msg_enter_username') }),
    ...(v.password ? {} : { password: t('msg_enter_password') }),
    ...(!captcha.enabled || v.code.trim() ? {} : { code: t('msg_enter_captcha') }),
  });

  const set = (field: keyof Values) => (e: { target: { value: string } }) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (errors[field]) setErrors(validate(next));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || submitting) return;
    // The message and modal code loads while the sign-in is checked (a failure shows a toast), not while the
    // visitor reads the page: the login page's download stays small (scripts/page-weight.mjs).
    prefetchFeedback();
    setSubmitting(true);
    try {
      const data = await login({
        username: values.username.trim(),
        password: values.password,
        code: captcha.enabled ? values.code.trim() : undefined,
        uuid: captcha.enabled ? captcha.uuid : undefined,
      });
      if (data.mustChangePassword) {
        authStore.set({ mustChangePassword: true });
        navigate('/register', { replace: true });
      } else {
        navigate(safeRedirect(params.get('redirect')), { replace: true });
      }
    } catch {
      setValues((v) => ({ ...v, code: '' }));
      if (captcha.enabled) refresh();
    } finally {
      setSubmitting(false);
    }
  };

  /** What the three boxes share: size, name, label, value, change and error state. */
  const box = (field: keyof Values, label: string) => ({
    size: 'large' as const,
    name: field,
    placeholder: t(label),
    'aria-label': t(label),
    value: values[field],
    onChange: set(field),
    status: errors[field] ? ('error' as const) : undefined,
  });

  return (
    <AuthFrame title={t('page_login_title')}>
      <form onSubmit={onSubmit} noValidate data-testid="login-form">
        <Field error={errors.username}>
          <Input
            {...box('username', 'field_username')}
            prefix={<UserOutlined />}
            autoComplete="username"
            autoFocus
            maxLength={30}
          />
        </Field>
        <Field error={errors.password}>
          <Password
            {...box('password', 'password')}
            prefix={<LockOutlined />}
            autoComplete="current-password"
            maxLength={64}
          />
        </Field>
        {captcha.enabled ? (
          <Field error={errors.code}>
            <div className="auth-captcha">
              <Input {...box('code', 'captcha')} prefix={<SafetyOutlined />} autoComplete="off" maxLength={8} />
              <CaptchaImage captcha={captcha} onRefresh={refresh} />
            </div>
          </Field>
        ) : null}
        <div className="auth-links">
          <Link to="/register">{t('change_password')}</Link>
        </div>
        <Button type="primary" size="large" htmlType="submit" block loading={submitting} data-testid="login-submit">
          {submitting ? t('login_signing_in') : t('login')}
        </Button>
      </form>
    </AuthFrame>
  );
}
