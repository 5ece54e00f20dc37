import { type TLanguage, ZLoginBody, ZRegisterBody, ZUnlockBody } from '@theone/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword } from '../../platform/auth/password';
import {
  createSession,
  extendSession,
  revokeSession,
  revokeUserSessions,
  sessionEndMessage,
} from '../../platform/auth/session';
import { signToken } from '../../platform/auth/token';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import { spec } from '../../platform/http/route-spec';
import { t } from '../../platform/i18n';
import { recordLogin, storeOwnPassword, type UserRow } from '../system/api';
import { consumeCaptcha, createCaptcha } from './captcha';
import { assertNewPassword, credentialChecks, isLocked, passwordContext } from './credentials';
import { clearLoginFailures, hitRateLimit } from './login-guard';

/**
 * Auth and session (spec §7): captcha, login, logout, refresh, change password ('register'), lock-screen unlock.
 * Every attempt writes a login-log row.
 */
export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, settings, config } = deps;

  const { loginLog, checkCredentials } = credentialChecks(deps);

  const lifetime = { ttlMinutes: config.tokenTtlMinutes, maxHours: config.sessionMaxHours };
  /** `expires_in`: minutes until the token expires (refresh before); `session_expires_in`: until no refresh helps. */
  const minutesUntil = (at: Date) => Math.max(0, Math.round((at.getTime() - Date.now()) / 60_000));

  async function issueToken(userId: number, ip: string, ua: string | undefined) {
    const session = await createSession(db, { userId, ...lifetime, ipaddr: ip, userAgent: ua ?? '' });
    const token = await signToken(config.jwtSecret, { sid: session.sessionId, sub: String(userId) }, session.expiresAt);
    return {
      access_token: token,
      expires_in: minutesUntil(session.expiresAt),
      session_expires_in: minutesUntil(session.endsAt),
    };
  }

  app.get(
    '/code',
    spec({ public: true, operlog: false }, 'Math captcha image (base64 SVG)', { tags: ['auth'] }),
    async (req) => {
      const captchaEnabled = await settings.captchaEnabled();
      if (!captchaEnabled) return { code: 200, msg: t('msg_op_success', req.lang), captchaEnabled };
      await hitRateLimit(db, 'captcha', req.ip, config.captchaRateLimit);
      const { uuid, img } = await createCaptcha(db);
      return { code: 200, msg: t('msg_op_success', req.lang), captchaEnabled, uuid, img };
    },
  );

  app.post('/auth/login', spec({ public: true, operlog: false }, 'Sign in', { body: ZLoginBody }), async (req) => {
    const { username, password, code, uuid } = req.body;
    const ua = req.headers['user-agent'];
    try {
      await hitRateLimit(db, 'login', req.ip, config.loginRateLimit);
      if (await settings.captchaEnabled()) await consumeCaptcha(db, uuid, code);
    } catch (err) {
      if (err instanceof AppError) await loginLog(username, { ip: req.ip, ua }, '1', err.messageKey);
      throw err;
    }
    const user = await checkCredentials(db, username, password, { ip: req.ip, ua });
    await clearLoginFailures(db, username);
    await recordLogin(db, user.userId, req.ip);
    await loginLog(username, { ip: req.ip, ua }, '0', 'msg_login_success');
    const data = await issueToken(user.userId, req.ip, ua);
    return ok(req, { ...data, mustChangePassword: user.mustChangePassword }, 'msg_login_success');
  });

  app.delete('/auth/logout', spec({ public: true, optionalAuth: true, operlog: false }, 'Sign out'), async (req) => {
    if (req.auth) {
      await revokeSession(db, req.auth.sessionId);
      await loginLog(req.auth.userName, { ip: req.ip, ua: req.headers['user-agent'] }, '0', 'msg_logout_success');
    }
    return ok(req, undefined, 'msg_logout_success');
  });

  app.post(
    '/auth/refresh',
    spec(
      { authenticated: true, allowPasswordChange: true, operlog: false },
      'Extend the session (idle lifetime again, never past its absolute lifetime); a token with the new expiry',
    ),
    async (req) => {
      const extended = await extendSession(db, req.auth.sessionId, lifetime);
      if (!extended) {
        const why = await sessionEndMessage(db, req.auth.sessionId, config.sessionMaxHours);
        throw new AppError('SESSION_EXPIRED', why.key, why.params);
      }
      const token = await signToken(
        config.jwtSecret,
        { sid: req.auth.sessionId, sub: String(req.auth.userId) },
        extended.expiresAt,
      );
      return ok(req, {
        access_token: token,
        expires_in: minutesUntil(extended.expiresAt),
        session_expires_in: minutesUntil(extended.endsAt),
        mustChangePassword: req.auth.mustChangePassword,
      });
    },
  );

  app.post(
    '/auth/register',
    spec(
      { public: true, optionalAuth: true, operlog: false },
      'Change password (also the forced change at first login)',
      { body: ZRegisterBody },
    ),
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
      const signedIn = Boolean(req.auth);
      let user: UserRow;
      try {
        user = await checkCredentials(
          db,
          userName,
          body.oldPassword,
          { ip: req.ip, ua },
          signedIn ? 'oldPassword' : 'login',
        );
      } catch (err) {
        // Signed in, the old password is guessed with a session: a lock ends that session too.
        if (signedIn && isLocked(err)) await revokeSession(db, req.auth.sessionId);
        throw err;
      }
      if (body.newPassword === body.oldPassword) throw badRequest('err_password_same', undefined, 'newPassword');
      assertNewPassword(body.newPassword, passwordContext(user), 'newPassword');
      const hashed = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        await storeOwnPassword(tx, user, hashed);
        await clearLoginFailures(tx, userName);
        // Every session of the user ends: the next request signs in with the new password.
        await revokeUserSessions(tx, user.userId);
      });
      await loginLog(userName, { ip: req.ip, ua }, '0', 'msg_password_changed');
      return ok(req, undefined, 'msg_password_changed');
    },
  );

  app.post(
    '/auth/unlock',
    spec({ authenticated: true, operlog: false }, 'Unlock the idle lock screen with the password', {
      body: ZUnlockBody,
    }),
    async (req) => {
      try {
        await checkCredentials(db, req.auth.userName, req.body.password, { ip: req.ip, ua: req.headers['user-agent'] });
      } catch (err) {
        // A locked account ends this session too.
        if (isLocked(err)) await revokeSession(db, req.auth.sessionId);
        throw err;
      }
      await clearLoginFailures(db, req.auth.userName);
      return ok(req);
    },
  );
};

export type { TLanguage };
