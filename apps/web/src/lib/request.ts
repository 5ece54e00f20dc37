import axios, {
  type AxiosError,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import {
  API_BASE,
  ApiError,
  checkEnvelope,
  type Envelope,
  isEnvelope,
  isJsonBlob,
  REQUEST_TIMEOUT,
  rejectAnswer,
  rejectUnanswered,
  serializeParams,
} from './envelope';
import { currentLanguage } from './i18n';
import { getToken } from './session';

export * from './envelope';

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
export const EXPORT_TIMEOUT = 2_000_000;

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not toast errors; the caller shows its own message. */
    silent?: boolean;
    /** Do not send the bearer token (login, captcha). */
    skipAuth?: boolean;
  }
}

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
    rejectAnswer(response.status, body, config);
  }
  rejectUnanswered(error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT', config);
}

function onRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const token = config.skipAuth ? undefined : getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  // a call may ask for another language (the overseas warehouse reprints labels in Thai)
  if (!config.headers.get('Accept-Language')) config.headers.set('Accept-Language', currentLanguage());
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
