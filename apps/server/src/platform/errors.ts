import { BODY_CODE, type TErrorCode } from '@theone/contracts';

/**
 * The one error type. `messageKey` is a translation-sheet key translated into the caller's language by the
 * error handler; `params` fill its `{{placeholders}}`. HTTP status and body code follow from `errorCode`.
 */
export class AppError extends Error {
  constructor(
    readonly errorCode: TErrorCode,
    readonly messageKey: string,
    readonly params?: Record<string, unknown>,
    readonly extra?: { field?: string; data?: unknown },
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const HTTP_STATUS: Record<TErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  SESSION_EXPIRED: 401,
  LOGIN_FAILED: 401,
  FORBIDDEN: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  CHANGED_RELOAD: 409,
  WRONG_STATE: 409,
  DUPLICATE: 409,
  IN_USE: 409,
  CAPTCHA: 400,
  LOCKED: 423,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_FILE: 415,
  INTERNAL: 500,
};

export function bodyCodeOf(code: TErrorCode): number {
  switch (code) {
    case 'UNAUTHORIZED':
    case 'SESSION_EXPIRED':
      return BODY_CODE.UNAUTHORIZED;
    case 'FORBIDDEN':
    case 'PASSWORD_CHANGE_REQUIRED':
      return BODY_CODE.FORBIDDEN;
    default:
      return BODY_CODE.ERROR;
  }
}

export const badRequest = (key: string, params?: Record<string, unknown>, field?: string) =>
  new AppError('VALIDATION', key, params, { field });
export const notFound = (key = 'err_not_found', params?: Record<string, unknown>) =>
  new AppError('NOT_FOUND', key, params);
export const forbidden = (key = 'err_forbidden', params?: Record<string, unknown>) =>
  new AppError('FORBIDDEN', key, params);
export const unauthorized = (key = 'err_unauthorized') => new AppError('UNAUTHORIZED', key);
export const conflict = (key = 'err_conflict', params?: Record<string, unknown>) =>
  new AppError('CONFLICT', key, params);
/** The record changed since the caller read it (optimistic version or conditional update lost). */
export const changedReload = () => new AppError('CHANGED_RELOAD', 'msg_changed_reload');
/** An action on an item in the wrong state; `key` is the spec's 'reselect' message. */
export const wrongState = (key: string, params?: Record<string, unknown>) => new AppError('WRONG_STATE', key, params);
export const duplicate = (key: string, params?: Record<string, unknown>) => new AppError('DUPLICATE', key, params);
export const inUse = (key = 'msg_in_use_cannot_delete', params?: Record<string, unknown>) =>
  new AppError('IN_USE', key, params);
