import axios, {
  type AxiosError,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { feedback, openModal } from './feedback';
import { currentLanguage, translate } from './i18n';
import { currentRouterPath, navigateTo } from './navigation';
import { clearSession, getToken } from './session';

/**
 * The one HTTP client (spec §7, §8, §9). Base `/prod-api`, JSON, bearer token and `Accept-Language` on every
 * call, GET parameters serialised RuoYi-style (`params[beginTime]=...`).
 *
 * Every response goes through the body `code` (the HTTP status carries the same meaning):
 * - 200: the body is returned (the envelope: `{ code, msg, data }` or `{ code, msg, rows, total }`).
 * - 401 and 400: the session is cleared (menus, routes and tags reset through `onSessionCleared`), the user
 *   is sent to /login and an alert titled Tips says 'Login expired, please log in again' (once).
 * - 403 and 500: the server's (already translated) `msg` as an error toast.
 * - 601: the `msg` as a warning toast.
 * Failures reject with `ApiError`; `error.handled` tells whether the user has already been told.
 * Per call: `{ silent: true }` suppresses the toasts for callers that word the error themselves
 * (the session-expired flow is never silent).
 */
export const API_BASE = '/prod-api';
export const REQUEST_TIMEOUT = 6_000_000;
export const EXPORT_TIMEOUT = 2_000_000;
export const CAPTCHA_TIMEOUT = 20_000;

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not toast errors; the caller shows its own message. */
    silent?: boolean;
    /** Do not send the bearer token (login, captcha). */
    skipAuth?: boolean;
  }
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

/** The 401/400 flow: clear, go to /login (keeping where the user was), one Tips alert. */
export function handleSessionExpired() {
  const here = currentRouterPath();
  clearSession();
  const onLogin = here.startsWith('/login');
  navigateTo(onLogin ? here : `/login?redirect=${encodeURIComponent(here)}`, { replace: true });
  if (sessionAlertOpen) return;
  sessionAlertOpen = true;
  openModal('warning', {
    title: translate('tips'),
    content: translate('msg_login_expired'),
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

function toast(kind: 'error' | 'warning', text: string, config: AxiosRequestConfig | undefined) {
  if (config?.silent) return false;
  feedback.message[kind](text);
  return true;
}

/** Applies the body-code rules to an envelope; returns it for 200, throws ApiError otherwise. */
export function checkEnvelope<T extends { code?: number; msg?: string }>(
  body: T,
  status: number | undefined,
  config: AxiosRequestConfig | undefined,
): T {
  const code = typeof body.code === 'number' ? body.code : 200;
  const msg = body.msg || translate('msg_unknown_error');
  const extra = body as { errorCode?: string; field?: string; data?: unknown };
  const info = { code, status, errorCode: extra.errorCode, field: extra.field, data: extra.data };
  if (code === 200) return body;
  if (code === 401 || code === 400) {
    handleSessionExpired();
    throw new ApiError(translate('msg_login_expired'), { ...info, kind: 'session', handled: true });
  }
  if (code === 601) {
    throw new ApiError(msg, { ...info, kind: 'warning', handled: toast('warning', msg, config) });
  }
  const kind: ApiErrorKind = code === 403 ? 'forbidden' : 'error';
  throw new ApiError(msg, { ...info, kind, handled: toast('error', msg, config) });
}

const isEnvelope = (value: unknown): value is Envelope =>
  value !== null && typeof value === 'object' && 'code' in value && typeof (value as Envelope).code === 'number';

/** A blob answer holding a JSON error envelope instead of a file. */
export const isJsonBlob = (data: unknown): data is Blob =>
  typeof Blob !== 'undefined' && data instanceof Blob && data.type.toLowerCase().includes('application/json');

async function onFulfilled(response: AxiosResponse): Promise<AxiosResponse> {
  const { config } = response;
  if (config.responseType === 'blob' || config.responseType === 'arraybuffer') {
    if (isJsonBlob(response.data)) {
      const body: unknown = JSON.parse(await response.data.text());
      if (isEnvelope(body)) checkEnvelope(body, response.status, config);
    }
    return response;
  }
  if (isEnvelope(response.data)) checkEnvelope(response.data, response.status, config);
  return response;
}

async function onRejected(error: AxiosError): Promise<never> {
  if (axios.isCancel(error)) {
    throw new ApiError('cancelled', { kind: 'cancelled', code: 0, handled: true });
  }
  const config = error.config;
  const response = error.response;
  if (response) {
    let body: unknown = response.data;
    if (isJsonBlob(body)) body = JSON.parse(await body.text());
    if (isEnvelope(body)) {
      // A 2xx-meaning body with an error status should not happen; trust the status then.
      const code = body.code === 200 ? response.status : body.code;
      checkEnvelope({ ...body, code }, response.status, config);
    }
    if (response.status === 401) {
      checkEnvelope({ code: 401, msg: '' }, 401, config);
    }
    const text = translate('msg_request_failed', { status: response.status });
    throw new ApiError(text, {
      kind: 'http',
      code: response.status,
      status: response.status,
      handled: toast('error', text, config),
    });
  }
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
    const text = translate('msg_request_timeout');
    throw new ApiError(text, { kind: 'timeout', code: 0, handled: toast('error', text, config) });
  }
  const text = translate('msg_network_error');
  throw new ApiError(text, { kind: 'network', code: 0, handled: toast('error', text, config) });
}

function onRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const token = config.skipAuth ? undefined : getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  config.headers.set('Accept-Language', currentLanguage());
  return config;
}

export const http = axios.create({
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT,
  headers: { 'Content-Type': 'application/json;charset=utf-8' },
  paramsSerializer: { serialize: (params) => serializeParams(params as Record<string, unknown>) },
});
http.interceptors.request.use(onRequest);
http.interceptors.response.use(onFulfilled, onRejected);

/** Typed helpers returning the response body (the envelope). */
export const request = {
  get<T>(url: string, params?: object, config?: AxiosRequestConfig): Promise<T> {
    return http.get<T>(url, { ...config, params }).then((r) => r.data);
  },
  post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
    return http.post<T>(url, body, config).then((r) => r.data);
  },
  put<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
    return http.put<T>(url, body, config).then((r) => r.data);
  },
  delete<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
    return http.delete<T>(url, config).then((r) => r.data);
  },
};

/** `data` of an `{ code, msg, data }` answer. */
export async function getData<T>(url: string, params?: object, config?: AxiosRequestConfig): Promise<T> {
  const body = await request.get<Envelope<T>>(url, params, config);
  return body.data as T;
}

export async function postData<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  const answer = await request.post<Envelope<T>>(url, body, config);
  return answer.data as T;
}
