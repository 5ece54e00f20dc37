import type { TPasswordContext, TPasswordVerdict } from '@theone/contracts/auth/password-policy';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';

/**
 * The new-password rule of `@theone/contracts` (length 10-64, not containing the user name, not common or
 * guessable: auth/password-policy.ts), so a form refuses what the server refuses, with the same words. Its
 * dictionaries weigh about 400 KB, so they load on the first password form a person opens (`loadPasswordPolicy`),
 * never with the sign-in page.
 */
type Policy = typeof import('@theone/contracts/auth/password-policy');
let policy: Promise<Policy> | undefined;
export function loadPasswordPolicy(): Promise<Policy> {
  policy ??= import('@theone/contracts/auth/password-policy');
  return policy;
}

/** The account the password is for; read when the rule runs (a form's user-name field may change). */
export type PasswordContextSource = TPasswordContext | (() => TPasswordContext);

const contextOf = (source: PasswordContextSource | undefined) =>
  typeof source === 'function' ? source() : (source ?? {});

/** Rules of a new-password field: required, then the whole rule with the account as context. */
export function newPasswordRules(
  t: TFunction,
  context?: PasswordContextSource,
  options: { requiredMessage?: string } = {},
): FormRule[] {
  return [
    { required: true, message: options.requiredMessage ?? t('msg_enter_new_password') },
    {
      validator: async (_rule, value: unknown) => {
        if (typeof value !== 'string' || value === '') return;
        const { judgePassword } = await loadPasswordPolicy();
        const { problem } = judgePassword(value, contextOf(context));
        if (problem) throw new Error(t(problem));
      },
    },
  ];
}

/** The verdict on a password being typed, once the rule has loaded (undefined before, or for an empty value). */
export function usePasswordVerdict(
  value: string | undefined,
  context?: TPasswordContext,
): TPasswordVerdict | undefined {
  const [loaded, setLoaded] = useState<Policy | undefined>();
  useEffect(() => {
    let live = true;
    void loadPasswordPolicy().then((p) => {
      if (live) setLoaded(p);
    });
    return () => {
      live = false;
    };
  }, []);
  const userName = context?.userName;
  const names = context?.names?.filter(Boolean).join('\n') ?? '';
  return useMemo(
    () =>
      loaded && value ? loaded.judgePassword(value, { userName, names: names ? names.split('\n') : [] }) : undefined,
    [loaded, value, userName, names],
  );
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
