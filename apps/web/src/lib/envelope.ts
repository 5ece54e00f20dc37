import { feedback, openModal } from './feedback';
import { currentLanguage, translate } from './i18n';
import { currentRouterPath, navigateTo } from './navigation';
import { clearSession, getToken } from './session';

/**
 * The answer rules of every API call (spec §7, §8, §9), without the HTTP client: the envelope and its body codes,
 * `ApiError`, the session-expired flow, RuoYi's parameter format. `request.ts` (axios) applies them to every call;
 * the login page's two calls (captcha, sign in) go through `fetchEnvelope` below with the same rules, so the
 * HTTP client is not part of the login page's download (scripts/page-weight.mjs). See request.ts for the rules.
 */
export const API_BASE = '/prod-api';
export const REQUEST_TIMEOUT = 6_000_000;
export const CAPTCHA_TIMEOUT = 20_000;

/** Per-call options the rules read. */
export interface CallOptions {
  /** Do not toast errors; the caller shows its own message. */
  silent?: boolean;
  /** Do not send the bearer token (login, captcha). */
  skipAuth?: boolean;
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
  errorCode?: string;
  field?: string;
}

export interface TableResponse<T> {
  code: number;
  msg: string;
  rows: T[];
  total: number;
  totals?: Record<string, unknown>;
  sums?: Record<string, unknown>;
}

export type ApiErrorKind = 'session' | 'forbidden' | 'error' | 'warning' | 'http' | 'network' | 'timeout' | 'cancelled';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** Body code (or HTTP status when the body has none). */
  readonly code: number;
  /** HTTP status, when there was a response. */
  readonly status: number | undefined;
  readonly errorCode: string | undefined;
  readonly field: string | undefined;
  /** The error answer's `data` (e.g. the per-row errors of an import), when it has one. */
  readonly data: unknown;
  /** True when a toast or alert has already told the user. */
  readonly handled: boolean;

  constructor(
    message: string,
    info: {
      kind: ApiErrorKind;
      code: number;
      status?: number;
      errorCode?: string;
      field?: string;
      data?: unknown;
      handled: boolean;
    },
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = info.kind;
    this.code = info.code;
    this.status = info.status;
    this.errorCode = info.errorCode;
    this.field = info.field;
    this.data = info.data;
    this.handled = info.handled;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** RuoYi's `tansParams`: nested objects as `key[sub]=value`, arrays comma-joined, empty values left out. */
export function serializeParams(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  const push = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  };
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) {
      for (const [sub, subValue] of Object.entries(value as Record<string, unknown>)) push(`${key}[${sub}]`, subValue);
    } else {
      push(key, value instanceof Date ? value.toISOString() : value);
    }
  }
  return parts.join('&');
}

let sessionAlertOpen = false;

/**
 * The 401/400 flow: clear, go to /login (keeping where the user was), one Tips alert. `message`: the server's own
 * words for why the session ended ('an administrator ended your session', 'signed in more than 12 hours ago').
 */
export function handleSessionExpired(message?: string) {
  const here = currentRouterPath();
  clearSession();
  const onLogin = here.startsWith('/login');
  navigateTo(onLogin ? here : `/login?redirect=${encodeURIComponent(here)}`, { replace: true });
  if (sessionAlertOpen) return;
  sessionAlertOpen = true;
  openModal('warning', {
    title: translate('tips'),
    content: message || translate('msg_login_expired'),
    okText: translate('confirm'),
    afterClose: () => {
      sessionAlertOpen = false;
    },
  });
}

/** For tests: forget that an alert is showing. */
export function resetSessionAlert() {
  sessionAlertOpen = false;
}

export function toast(kind: 'error' | 'warning', text: string, config: CallOptions | undefined) {
  if (config?.silent) return false;
  feedback.message[kind](text);
  return true;
}

/** Applies the body-code rules to an envelope; returns it for 200, throws ApiError otherwise. */
export function checkEnvelope<T extends { code?: number; msg?: string }>(
  body: T,
  status: number | undefined,
  config: CallOptions | undefined,
): T {
  const code = typeof body.code === 'number' ? body.code : 200;
  const msg = body.msg || translate('msg_unknown_error');
  const extra = body as { errorCode?: string; field?: string; data?: unknown };
  const info = { code, status, errorCode: extra.errorCode, field: extra.field, data: extra.data };
  if (code === 200) return body;
  if (code === 401 || code === 400) {
    const why = code === 401 && extra.errorCode === 'SESSION_EXPIRED' && body.msg ? body.msg : undefined;
    handleSessionExpired(why);
    throw new ApiError(why ?? translate('msg_login_expired'), { ...info, kind: 'session', handled: true });
  }
  if (code === 601) {
    throw new ApiError(msg, { ...info, kind: 'warning', handled: toast('warning', msg, config) });
  }
  const kind: ApiErrorKind = code === 403 ? 'forbidden' : 'error';
  throw new ApiError(msg, { ...info, kind, handled: toast('error', msg, config) });
}

export const isEnvelope = (value: unknown): value is Envelope =>
  value !== null && typeof value === 'object' && 'code' in value && typeof (value as Envelope).code === 'number';

/** A blob answer holding a JSON error envelope instead of a file. */
export const isJsonBlob = (data: unknown): data is Blob =>
  typeof Blob !== 'undefined' && data instanceof Blob && data.type.toLowerCase().includes('application/json');

/** A non-2xx answer: the envelope's rules when it carries one, else 'request failed (status)'. Always throws. */
export function rejectAnswer(status: number, body: unknown, options: CallOptions | undefined): never {
  if (isEnvelope(body)) {
    // A 2xx-meaning body with an error status should not happen; trust the status then.
    const code = body.code === 200 ? status : body.code;
    checkEnvelope({ ...body, code }, status, options);
  }
  if (status === 401) checkEnvelope({ code: 401, msg: '' }, 401, options);
  const text = translate('msg_request_failed', { status });
  throw new ApiError(text, { kind: 'http', code: status, status, handled: toast('error', text, options) });
}

/** No answer: a timeout or a network failure. Always throws. */
export function rejectUnanswered(timedOut: boolean, options: CallOptions | undefined): never {
  const text = translate(timedOut ? 'msg_request_timeout' : 'msg_network_error');
  throw new ApiError(text, { kind: timedOut ? 'timeout' : 'network', code: 0, handled: toast('error', text, options) });
}

/**
 * One JSON call with `fetch` and the same rules as the request client: bearer token and Accept-Language sent,
 * the envelope checked (toasts, session flow, ApiError), HTTP, network and timeout failures told the same way.
 * Resolves with the body of a 200 answer.
 */
export async function fetchEnvelope<T extends { code: number; msg?: string }>(
  url: string,
  options: CallOptions & { method?: 'GET' | 'POST'; body?: unknown; timeout?: number } = {},
): Promise<T> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = options.skipAuth ? undefined : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json;charset=utf-8';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${url}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeout ?? REQUEST_TIMEOUT),
    });
  } catch (error) {
    rejectUnanswered((error as { name?: string } | undefined)?.name === 'TimeoutError', options);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) rejectAnswer(response.status, body, options);
  if (isEnvelope(body)) checkEnvelope(body, response.status, options);
  return body as T;
}
