import { type TLanguage, ZLoginBody, ZRegisterBody, ZUnlockBody } from '@theone/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/auth/password';
import { createSession, extendSession, revokeSession, revokeUserSessions } from '../../platform/auth/session';
import { signToken } from '../../platform/auth/token';
import type { DbOrTx } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import { storedMessage, t } from '../../platform/i18n';
import { sysLogininfor } from '../system/log/log.table';
import { sysUser } from '../system/user/user.table';
import { consumeCaptcha, createCaptcha } from './captcha';
import { clearLoginFailures, hitRateLimit, lockedMinutesLeft, recordLoginFailure } from './login-guard';
import { describeUserAgent } from './user-agent';

/**
 * Auth and session (spec §7): captcha, login, logout, refresh, change password ('register'), lock-screen unlock.
 * Every attempt writes a login-log row.
 */
export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, settings, config } = deps;

  async function loginLog(
    userName: string,
    ip: string,
    ua: string | undefined,
    status: '0' | '1',
    msgKey: string,
    params?: Record<string, unknown>,
  ) {
    const { browser, os } = describeUserAgent(ua);
    await db.insert(sysLogininfor).values({
      userName: userName.slice(0, 50),
      ipaddr: ip.slice(0, 128),
      loginLocation: ip === '127.0.0.1' || ip === '::1' ? 'localhost' : '',
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
    ctx: { ip: string; ua?: string },
  ): Promise<typeof sysUser.$inferSelect> {
    const minutes = await lockedMinutesLeft(tx, userName);
    if (minutes > 0) {
      await loginLog(userName, ctx.ip, ctx.ua, '1', 'err_account_locked', { minutes });
      throw new AppError('LOCKED', 'err_account_locked', { minutes });
    }
    const [user] = await tx
      .select()
      .from(sysUser)
      .where(and(eq(sysUser.userName, userName), eq(sysUser.delFlag, '0')));
    const valid = user ? await verifyPassword(user.password, password) : await verifyAgainstDummy(password);
    if (!user || !valid) {
      const policy = await settings.lockPolicy();
      const failure = await recordLoginFailure(tx, userName, policy);
      if (failure.lockedNow) {
        await loginLog(userName, ctx.ip, ctx.ua, '1', 'err_account_locked_now', {
          count: policy.count,
          minutes: policy.minutes,
        });
        throw new AppError('LOCKED', 'err_account_locked_now', { count: policy.count, minutes: policy.minutes });
      }
      const left = Math.max(policy.count - failure.failCount, 0);
      await loginLog(userName, ctx.ip, ctx.ua, '1', 'err_login_failed', { left });
      if (left === 0) throw new AppError('LOCKED', 'err_account_locked', { minutes: policy.minutes });
      throw new AppError('LOGIN_FAILED', 'err_login_failed', { left });
    }
    if (user.status !== '0') {
      await loginLog(userName, ctx.ip, ctx.ua, '1', 'err_user_disabled');
      throw new AppError('FORBIDDEN', 'err_user_disabled');
    }
    return user;
  }

  async function issueToken(userId: number, ip: string, ua: string | undefined) {
    const session = await createSession(db, {
      userId,
      ttlMinutes: config.tokenTtlMinutes,
      ipaddr: ip,
      userAgent: ua ?? '',
    });
    const token = await signToken(config.jwtSecret, { sid: session.sessionId, sub: String(userId) }, session.expiresAt);
    return { access_token: token, expires_in: config.tokenTtlMinutes };
  }

  app.get(
    '/code',
    {
      config: { public: true, operlog: false },
      schema: { tags: ['auth'], summary: 'Math captcha image (base64 SVG)' },
    },
    async (req) => {
      const captchaEnabled = await settings.captchaEnabled();
      if (!captchaEnabled) return { code: 200, msg: t('msg_op_success', req.lang), captchaEnabled };
      await hitRateLimit(db, 'captcha', req.ip, config.captchaRateLimit);
      const { uuid, img } = await createCaptcha(db);
      return { code: 200, msg: t('msg_op_success', req.lang), captchaEnabled, uuid, img };
    },
  );

  app.post(
    '/auth/login',
    { config: { public: true, operlog: false }, schema: { tags: ['auth'], summary: 'Sign in', body: ZLoginBody } },
    async (req) => {
      const { username, password, code, uuid } = req.body;
      const ua = req.headers['user-agent'];
      try {
        await hitRateLimit(db, 'login', req.ip, config.loginRateLimit);
        if (await settings.captchaEnabled()) await consumeCaptcha(db, uuid, code);
      } catch (err) {
        if (err instanceof AppError) await loginLog(username, req.ip, ua, '1', err.messageKey);
        throw err;
      }
      const user = await checkCredentials(db, username, password, { ip: req.ip, ua });
      await clearLoginFailures(db, username);
      await db
        .update(sysUser)
        .set({ loginIp: req.ip.slice(0, 128), loginDate: sql`now()` })
        .where(eq(sysUser.userId, user.userId));
      await loginLog(username, req.ip, ua, '0', 'msg_login_success');
      const data = await issueToken(user.userId, req.ip, ua);
      return ok(req, { ...data, mustChangePassword: user.mustChangePassword }, 'msg_login_success');
    },
  );

  app.delete(
    '/auth/logout',
    { config: { public: true, optionalAuth: true, operlog: false }, schema: { tags: ['auth'], summary: 'Sign out' } },
    async (req) => {
      if (req.auth) {
        await revokeSession(db, req.auth.sessionId);
        await loginLog(req.auth.userName, req.ip, req.headers['user-agent'], '0', 'msg_logout_success');
      }
      return ok(req, undefined, 'msg_logout_success');
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { authenticated: true, allowPasswordChange: true, operlog: false },
      schema: { tags: ['auth'], summary: 'Extend the session; returns a token with the new expiry' },
    },
    async (req) => {
      const expiresAt = await extendSession(db, req.auth.sessionId, config.tokenTtlMinutes);
      if (!expiresAt) throw new AppError('SESSION_EXPIRED', 'err_session_expired');
      const token = await signToken(
        config.jwtSecret,
        { sid: req.auth.sessionId, sub: String(req.auth.userId) },
        expiresAt,
      );
      return ok(req, {
        access_token: token,
        expires_in: config.tokenTtlMinutes,
        mustChangePassword: req.auth.mustChangePassword,
      });
    },
  );

  app.post(
    '/auth/register',
    {
      config: { public: true, optionalAuth: true, operlog: false },
      schema: {
        tags: ['auth'],
        summary: 'Change password (also the forced change at first login)',
        body: ZRegisterBody,
      },
    },
    async (req) => {
      const body = req.body;
      const ua = req.headers['user-agent'];
      let userName: string;
      if (req.auth) {
        userName = req.auth.userName;
      } else {
        if (!body.username) throw badRequest('err_username_required', undefined, 'username');
        userName = body.username;
        await hitRateLimit(db, 'login', req.ip, config.loginRateLimit);
        if (await settings.captchaEnabled()) await consumeCaptcha(db, body.uuid, body.code);
      }
      const user = await checkCredentials(db, userName, body.oldPassword, { ip: req.ip, ua });
      if (body.newPassword === body.oldPassword) throw badRequest('err_password_same', undefined, 'newPassword');
      if (body.newPassword.toLowerCase().includes(user.userName.toLowerCase()))
        throw badRequest('err_password_contains_username', undefined, 'newPassword');
      const hashed = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await tx
          .update(sysUser)
          .set({
            password: hashed,
            mustChangePassword: false,
            pwdUpdateDate: sql`now()`,
            updateBy: user.userName,
            updateTime: sql`now()`,
          })
          .where(eq(sysUser.userId, user.userId));
        await clearLoginFailures(tx, userName);
        // Every session of the user ends: the next request signs in with the new password.
        await revokeUserSessions(tx, user.userId);
      });
      await loginLog(userName, req.ip, ua, '0', 'msg_password_changed');
      return ok(req, undefined, 'msg_password_changed');
    },
  );

  app.post(
    '/auth/unlock',
    {
      config: { authenticated: true, operlog: false },
      schema: { tags: ['auth'], summary: 'Unlock the idle lock screen with the password', body: ZUnlockBody },
    },
    async (req) => {
      try {
        await checkCredentials(db, req.auth.userName, req.body.password, { ip: req.ip, ua: req.headers['user-agent'] });
      } catch (err) {
        // A locked account ends this session too.
        if (err instanceof AppError && err.errorCode === 'LOCKED') await revokeSession(db, req.auth.sessionId);
        throw err;
      }
      await clearLoginFailures(db, req.auth.userName);
      return ok(req);
    },
  );
};

export type { TLanguage };
