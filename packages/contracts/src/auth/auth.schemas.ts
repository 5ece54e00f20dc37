import { z } from 'zod';

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
 * New passwords (chosen in screens doc §4.1 instead of spec §5's 6-16): 8-64 characters and at least two
 * kinds of characters. The web's strength meter shows weak/medium/strong.
 */
export const ZNewPassword = z
  .string()
  .min(8, 'err_password_length')
  .max(64, 'err_password_length')
  .refine((v) => [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(v)).length >= 2, 'err_password_weak');

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

export const ZCaptchaResponse = z.object({
  code: z.number(),
  msg: z.string(),
  captchaEnabled: z.boolean(),
  uuid: z.string().optional(),
  img: z.string().optional(),
});
