import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_PROBLEMS, passwordLengthProblem } from './password-rule';

/** POST /auth/login (spec §3 'Login payload'). */
export const ZLoginBody = z
  .object({
    username: z.string().trim().min(1, 'err_username_required').max(30),
    password: z.string().min(1, 'err_password_required').max(64),
    code: z.string().max(10).optional(),
    uuid: z.string().max(64).optional(),
  })
  .strict();
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZLoginData = z.object({
  access_token: z.string(),
  /** Minutes, as RuoYi-Cloud. */
  expires_in: z.number(),
  mustChangePassword: z.boolean(),
});
export type TLoginData = z.infer<typeof ZLoginData>;

/**
 * A new password as a body field: its length (10-64 characters, counted as characters). The rest of the rule
 * (not containing the user name, not common or guessable: `judgePassword` in password-policy.ts) needs the account
 * and costs CPU, so the server checks it in the handler once the caller is known and rate limits have run.
 */
export const ZNewPassword = z
  .string()
  .max(PASSWORD_MAX_LENGTH * 2, PASSWORD_PROBLEMS.length)
  .refine((v) => passwordLengthProblem(v) === null, PASSWORD_PROBLEMS.length);

/** POST /auth/register: the change-password screen. Signed in: old + new; signed out: also username and captcha. */
export const ZRegisterBody = z
  .object({
    username: z.string().trim().min(1).max(30).optional(),
    oldPassword: z.string().min(1, 'err_password_required').max(64),
    newPassword: ZNewPassword,
    code: z.string().max(10).optional(),
    uuid: z.string().max(64).optional(),
  })
  .strict();
export type TRegisterBody = z.infer<typeof ZRegisterBody>;

export const ZUnlockBody = z.object({ password: z.string().min(1).max(64) }).strict();
