import { Form, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormDialog';
import { PasswordStrengthMeter } from '../../../components/PasswordStrength';
import { newPasswordRules } from '../../../components/password-rules';
import { systemApi, type TUser } from '../api';

/** Reset password (screens §4.1 'More ▸ Reset password'): 'Enter the new password for x'; ends their sessions. */
export function ResetPasswordDialog({ user, onClose }: { user: TUser | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const password = Form.useWatch('password', form);
  const initialValues = useMemo(() => ({ password: '' }), []);
  // The account the server judges the password for: its user name and display names.
  const account = { userName: user?.userName, names: [user?.nickName, user?.nickNameEn, user?.nickNameTh] };
  return (
    <FormModal<{ password: string }>
      open={Boolean(user)}
      title={t('reset_password')}
      form={form}
      width={460}
      layout="vertical"
      initialValues={initialValues}
      onSubmit={(v) => systemApi.resetPwd(user!.userId, v.password)}
      onClose={onClose}
      successMessage="system_password_reset_done"
    >
      <Form.Item
        name="password"
        label={t('system_reset_pwd_prompt', { name: user?.userName ?? '' })}
        rules={newPasswordRules(t, account)}
        extra={<PasswordStrengthMeter value={password} context={account} />}
      >
        <Input.Password maxLength={64} autoComplete="new-password" data-testid="reset-password-input" />
      </Form.Item>
    </FormModal>
  );
}
