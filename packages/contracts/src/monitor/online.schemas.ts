import { z } from 'zod';
import { zPageQuery, zTextFilter } from '../common/page';

/**
 * Online users (RuoYi's monitor/online; issue 11 item 4): the live sessions of the users in the caller's data
 * scope. A session is named by `tokenId`, a SHA-256 of its id (the session id itself never leaves the server).
 */
export const ZOnlineQuery = zPageQuery(['loginTime', 'lastAccessTime'], {
  ipaddr: zTextFilter(128),
  userName: zTextFilter(30),
});
export type TOnlineQuery = z.infer<typeof ZOnlineQuery>;

/** 64 lower-case hex characters. */
export const zTokenId = z.string().regex(/^[0-9a-f]{64}$/, 'err_invalid_value');

/** DELETE /monitor/online/{tokenIds}: one or several sessions, comma-separated (at most 100). */
export const ZOnlineForceParams = z
  .object({
    tokenIds: z
      .string()
      .max(100 * 65)
      .transform((v) => [...new Set(v.split(',').map((s) => s.trim()))])
      .pipe(z.array(zTokenId).min(1).max(100)),
  })
  .strict();

export interface TOnlineSession {
  tokenId: string;
  userId: number;
  userName: string;
  nickName: string;
  deptName: string;
  ipaddr: string;
  loginLocation: string;
  browser: string;
  os: string;
  /** ISO instants. */
  loginTime: string;
  lastAccessTime: string;
  /** The session's idle end and its absolute end (no refresh extends it past). */
  expireTime: string;
  endTime: string;
  /** The caller's own session (cannot be forced out here: Log out ends it). */
  current: boolean;
}
