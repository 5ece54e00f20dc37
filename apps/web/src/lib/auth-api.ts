import { CAPTCHA_TIMEOUT, type Envelope, fetchEnvelope } from './envelope';
import { applyUserInfo, clearSession, setToken, type UserInfoResponse } from './session';

/**
 * Calls of the session (spec §7 'Auth and session'). The login page's two (captcha, sign in) use `fetch` with the
 * request client's rules (envelope.ts); the others load the request client (axios) when first called, so the
 * login page does not download it.
 */
const client = async () => (await import('./request')).request;
export interface CaptchaResponse {
  code: number;
  msg: string;
  captchaEnabled?: boolean;
  uuid?: string;
  /** base64 SVG */
  img?: string;
}

export interface LoginBody {
  username: string;
  password: string;
  code?: string;
  uuid?: string;
}

export interface TokenData {
  access_token: string;
  /** minutes (RuoYi-Cloud) */
  expires_in: number;
  /** Minutes until the session ends for good (no refresh goes past it). */
  session_expires_in?: number;
  mustChangePassword?: boolean;
}

export interface RouterMeta {
  title: string;
  icon?: string | null;
  noCache?: boolean;
  link?: string | null;
}

export interface RouterVo {
  name?: string;
  path: string;
  hidden?: boolean;
  redirect?: string;
  component?: string;
  alwaysShow?: boolean;
  query?: string | null;
  meta?: RouterMeta;
  children?: RouterVo[];
  /** Local definitions only: permission keys, any of which shows the entry. */
  permissions?: string[];
  /** Local definitions only: role keys, any of which shows the entry. */
  roles?: string[];
}

export const getCaptcha = () =>
  fetchEnvelope<CaptchaResponse>('/code', { timeout: CAPTCHA_TIMEOUT, skipAuth: true, silent: true });

export async function login(body: LoginBody): Promise<TokenData> {
  const answer = await fetchEnvelope<Envelope<TokenData>>('/auth/login', { method: 'POST', body, skipAuth: true });
  const data = answer.data as TokenData;
  setToken(data.access_token, data.expires_in, data.session_expires_in);
  return data;
}

export async function refreshToken(): Promise<void> {
  const answer = await (await client()).post<Envelope<TokenData>>('/auth/refresh', undefined, { silent: true });
  if (answer.data?.access_token)
    setToken(answer.data.access_token, answer.data.expires_in, answer.data.session_expires_in);
}

export async function fetchUserInfo(): Promise<UserInfoResponse> {
  const info = await (await client()).get<UserInfoResponse>('/system/user/getInfo');
  applyUserInfo(info);
  return info;
}

export async function fetchRouters(): Promise<RouterVo[]> {
  const answer = await (await client()).get<Envelope<RouterVo[]>>('/system/menu/getRouters');
  return answer.data ?? [];
}

/** Ends the session on the server (best effort) and locally. */
export async function logout(): Promise<void> {
  try {
    await (await client()).delete('/auth/logout', { silent: true });
  } finally {
    clearSession();
  }
}

export const unlockScreen = async (password: string) => (await client()).post<Envelope>('/auth/unlock', { password });

export interface ChangePasswordBody {
  oldPassword: string;
  newPassword: string;
  /** Signed out only: */
  username?: string;
  code?: string;
  uuid?: string;
}

/** `/auth/register` is the change-password call (signed in: old and new; signed out: with username and captcha). */
export const changePassword = async (body: ChangePasswordBody) =>
  (await client()).post<Envelope>('/auth/register', body, { skipAuth: body.username !== undefined });
