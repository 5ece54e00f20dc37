import { judgePassword, type TPasswordContext } from '@theone/contracts';
import { verifyAgainstDummy, verifyPassword } from '../../platform/auth/password';
import type { DbOrTx } from '../../platform/db/database';
import { sysLogininfor } from '../../platform/db/log.table';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { storedMessage } from '../../platform/i18n';
import { liveUserByName, type UserRow } from '../system/api';
import { lockedMinutesLeft, recordLoginFailure } from './login-guard';
import { describeUserAgent, ipLocation } from './user-agent';

export interface RequestOrigin {
  ip: string;
  ua?: string;
}

/** Where a password is checked, which decides the wording of a wrong one. */
export type CredentialPurpose = 'login' | 'oldPassword';

/**
 * The password check of every place that takes one (sign-in, change password signed in or out, the lock screen,
 * the profile's password change), with one lockout: each wrong password counts against the account in
 * `sys_login_lock` (login-guard.ts, one atomic upsert, so parallel attempts lock exactly once), the failure that
 * reaches `sys.login.lockCount` locks the account for `sys.login.lockMinutes`, and a locked account is refused
 * before its password is even looked at. A wrong old password on a password change is a wrong password: it spends
 * the same attempts, so a stolen session cannot guess the password it would need to take the account over.
 * Every attempt writes a login-log row.
 */
export function credentialChecks({ db, settings }: Pick<AppDeps, 'db' | 'settings'>) {
  async function loginLog(
    userName: string,
    origin: RequestOrigin,
    status: '0' | '1',
    msgKey: string,
    params?: Record<string, unknown>,
  ) {
    const { browser, os } = describeUserAgent(origin.ua);
    const ip = origin.ip;
    await db.insert(sysLogininfor).values({
      userName: userName.slice(0, 50),
      ipaddr: ip.slice(0, 128),
      loginLocation: ipLocation(ip),
      browser,
      os,
      status,
      // Stored as key and parameters; the log screens translate it for each reader.
      msg: storedMessage(msgKey, params).slice(0, 255),
    });
  }

  /** Checks a user's password with lockout; returns the user row or throws the right error (and logs it). */
  async function checkCredentials(
    tx: DbOrTx,
    userName: string,
    password: string,
    origin: RequestOrigin,
    purpose: CredentialPurpose = 'login',
  ): Promise<UserRow> {
    const minutes = await lockedMinutesLeft(tx, userName);
    if (minutes > 0) {
      await loginLog(userName, origin, '1', 'err_account_locked', { minutes, count: minutes });
      throw new AppError('LOCKED', 'err_account_locked', { minutes, count: minutes });
    }
    const user = await liveUserByName(tx, userName);
    const valid = user ? await verifyPassword(user.password, password) : await verifyAgainstDummy(password);
    if (!user || !valid) {
      const policy = await settings.lockPolicy();
      const failure = await recordLoginFailure(tx, userName, policy);
      if (failure.lockedNow) {
        await loginLog(userName, origin, '1', 'err_account_locked_now', {
          count: policy.count,
          minutes: policy.minutes,
        });
        throw new AppError('LOCKED', 'err_account_locked_now', { count: policy.count, minutes: policy.minutes });
      }
      const left = Math.max(policy.count - failure.failCount, 0);
      const wrongKey = purpose === 'login' ? 'err_login_failed' : 'err_old_password_wrong_left';
      await loginLog(userName, origin, '1', wrongKey, { left, count: left });
      if (left === 0)
        throw new AppError('LOCKED', 'err_account_locked', { minutes: policy.minutes, count: policy.minutes });
      if (purpose === 'oldPassword') throw badRequest(wrongKey, { left, count: left }, 'oldPassword');
      throw new AppError('LOGIN_FAILED', wrongKey, { left, count: left });
    }
    if (user.status !== '0') {
      await loginLog(userName, origin, '1', 'err_user_disabled');
      throw new AppError('FORBIDDEN', 'err_user_disabled');
    }
    return user;
  }

  return { loginLog, checkCredentials };
}

/** True for the error of a locked account (the lock screen and password changes end their session on it). */
export const isLocked = (err: unknown) => err instanceof AppError && err.errorCode === 'LOCKED';

/**
 * The new-password rule (contracts `judgePassword`) for a password being set: refused with the rule's translated
 * reason on `field`. The body schemas checked the length only; this runs in the handler, after rate limits and the
 * caller's checks, because the estimator costs milliseconds of CPU.
 */
export function assertNewPassword(password: string, context: TPasswordContext, field: string) {
  const { problem } = judgePassword(password, context);
  if (problem) throw badRequest(problem, undefined, field);
}

/** The account a new password is for, as the rule needs it: its user name and display names. */
export function passwordContext(user: {
  userName: string;
  nickName?: string | null;
  nickNameEn?: string | null;
  nickNameTh?: string | null;
}): TPasswordContext {
  return { userName: user.userName, names: [user.nickName, user.nickNameEn, user.nickNameTh] };
}

/**
 * The initial password setting given to a new user (add without a password, import): it must meet the rule too,
 * and must not hold the new user's name. A setting stored before the rule (or edited in the database) is refused
 * with a message that sends the administrator to Settings.
 */
export function assertInitPassword(initPassword: string, userName?: string) {
  if (judgePassword(initPassword).problem) throw badRequest('err_init_password_rule', undefined, 'password');
  if (userName && initPassword.toLowerCase().includes(userName.toLowerCase()))
    throw badRequest('err_init_password_contains_username', { value: userName }, 'password');
}
