import { ZNewPassword } from '@theone/contracts/auth/auth.schemas';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { zodRule } from './form-rules';

/** Rules of the change-password forms (register page, profile): the server's new-password rule and its confirmation. */
export function newPasswordRules(t: TFunction): FormRule[] {
  return [{ required: true, message: t('msg_enter_new_password') }, zodRule(ZNewPassword, t)];
}

export function confirmPasswordRules(t: TFunction, field = 'newPassword'): FormRule[] {
  return [
    { required: true, message: t('msg_enter_confirm_password') },
    ({ getFieldValue }) => ({
      validator: (_, value) =>
        !value || getFieldValue(field) === value
          ? Promise.resolve()
          : Promise.reject(new Error(t('msg_password_mismatch'))),
    }),
  ];
}
