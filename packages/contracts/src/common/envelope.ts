import { z } from 'zod';

/**
 * RuoYi-Cloud style response envelopes. The body `code` mirrors the meaning of the HTTP status:
 * 200 ok, 401 session invalid, 403 forbidden, 500 error shown to the user, 601 warning.
 * The web client logs the user out on body code 401 (and 400, as the spec's client does), so the
 * server never answers a body code 400: invalid input is HTTP 400 with body code 500 and an `errorCode`.
 */
export const BODY_CODE = {
  OK: 200,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  ERROR: 500,
  WARN: 601,
} as const;
export type TBodyCode = (typeof BODY_CODE)[keyof typeof BODY_CODE];

/** Machine-readable error codes; the client may translate by `errorCode` (`err_<code>` in the translation sheet). */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'SESSION_EXPIRED',
  'LOGIN_FAILED',
  'FORBIDDEN',
  'PASSWORD_CHANGE_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'CHANGED_RELOAD',
  'WRONG_STATE',
  'DUPLICATE',
  'IN_USE',
  'CAPTCHA',
  'LOCKED',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_FILE',
  'INTERNAL',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export interface TAjaxResult<T = unknown> {
  code: number;
  msg: string;
  data?: T;
  errorCode?: TErrorCode;
  /** For VALIDATION: the offending field path, dotted (e.g. `cargoList.2.weight`). */
  field?: string;
}

export interface TTableData<T> {
  code: number;
  msg: string;
  rows: T[];
  total: number;
}

export const zAjax = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), msg: z.string(), data: data.optional() });
export const zTable = <T extends z.ZodType>(row: T) =>
  z.object({ code: z.number(), msg: z.string(), rows: z.array(row), total: z.number() });
export const ZAjaxEmpty = z.object({ code: z.number(), msg: z.string() });
