import { z } from 'zod';
import { ZNewPassword } from '../auth/auth.schemas';

/** PUT /system/user/profile: what a user may change about themselves. */
export const ZProfileUpdate = z
  .object({
    nickName: z.string().trim().min(1).max(30),
    /** English and Thai display names (ADR 0007); left out = unchanged. */
    nickNameEn: z.string().trim().max(60).optional(),
    nickNameTh: z.string().trim().max(60).optional(),
    phonenumber: z
      .string()
      .trim()
      .max(20)
      .regex(/^(|1[3-9]\d{9}|0[689]\d{8}|\+66[689]\d{8})$/, 'err_mobile'),
    email: z
      .string()
      .trim()
      .max(50)
      .refine((v) => v === '' || z.email().safeParse(v).success, 'err_email'),
    sex: z.enum(['0', '1', '2']).optional(),
    lang: z.enum(['zh-cn', 'en', 'th']).optional(),
  })
  .strict();
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

export const ZUpdatePwd = z.object({ oldPassword: z.string().min(1).max(64), newPassword: ZNewPassword }).strict();
