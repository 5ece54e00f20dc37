import { type TOnlineSession, ZOnlineForceParams, ZOnlineQuery } from '@theone/contracts';
import { and, count, desc, eq, gt, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revokeSession } from '../../platform/auth/session';
import { sysSession } from '../../platform/db/platform.table';
import type { AppDeps } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import { ok, table } from '../../platform/http/envelope';
import { likeContains, orderOf, pageOf } from '../../platform/http/paging';
import { spec } from '../../platform/http/route-spec';
import { describeUserAgent, ipLocation } from '../auth/user-agent';
import { assertMayManage, BUSINESS_TYPE, operlog, usersInScopeView } from '../system/api';

const TITLE = 'menu_online';

/** The session's public name: SHA-256 of its id, in hex (the id is half of what a stolen JWT secret would need). */
const tokenIdOf = sql<string>`encode(sha256(convert_to(${sysSession.sessionId}, 'UTF8')), 'hex')`;

/** Sessions that still answer: not revoked, not expired, not past their absolute lifetime. */
function liveSessions(maxHours: number): SQL {
  return and(
    isNull(sysSession.revokedAt),
    gt(sysSession.expiresAt, sql`now()`),
    sql`${sysSession.createdAt} > now() - make_interval(hours => ${maxHours})`,
  )!;
}

/**
 * Online users (RuoYi monitor/online; issue 11 item 4): the live sessions of the users inside the caller's data
 * scope (the user list's scope), and force logout. A forced session is revoked in PostgreSQL, whose trigger
 * notifies every instance's session cache, so its next request anywhere is refused with 'an administrator ended
 * your session'. Only an administrator ends an administrator's session (user 1 or any admin-role holder); the
 * caller's own session is ended with Log out, not here.
 */
export const onlineRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, sessionActivity }) => {
  const live = () => liveSessions(config.sessionMaxHours);

  app.get(
    '/monitor/online/list',
    spec({ permission: 'monitor:online:list' }, 'Live sessions of the users in my data scope (paged)', {
      querystring: ZOnlineQuery,
    }),
    async (req) => {
      const q = req.query;
      // This instance's own recent requests show at once (other instances write theirs every 15 s).
      await sessionActivity.flush();
      const user = usersInScopeView(db, req.auth, req.lang);
      const where = and(
        live(),
        eq(user.delFlag, '0'),
        q.ipaddr ? ilike(sysSession.ipaddr, likeContains(q.ipaddr)) : undefined,
        q.userName ? ilike(user.userName, likeContains(q.userName)) : undefined,
      );
      const { limit, offset } = pageOf(q);
      const order = orderOf(q, { loginTime: sysSession.createdAt, lastAccessTime: sysSession.lastAccessAt }, [
        desc(sysSession.createdAt),
        desc(sysSession.sessionId),
      ]);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            sessionId: sysSession.sessionId,
            tokenId: tokenIdOf,
            userId: user.userId,
            userName: user.userName,
            nickName: user.nickName,
            deptName: user.deptName,
            ipaddr: sysSession.ipaddr,
            userAgent: sysSession.userAgent,
            loginTime: sysSession.createdAt,
            lastAccessTime: sysSession.lastAccessAt,
            expireTime: sysSession.expiresAt,
          })
          .from(sysSession)
          .innerJoin(user, eq(user.userId, sysSession.userId))
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(sysSession).innerJoin(user, eq(user.userId, sysSession.userId)).where(where),
      ]);
      const maxMs = config.sessionMaxHours * 3_600_000;
      const sessions: TOnlineSession[] = rows.map(({ sessionId, userAgent, ...r }) => ({
        ...r,
        deptName: r.deptName ?? '',
        loginLocation: ipLocation(r.ipaddr),
        ...describeUserAgent(userAgent),
        loginTime: r.loginTime.toISOString(),
        lastAccessTime: r.lastAccessTime.toISOString(),
        expireTime: r.expireTime.toISOString(),
        endTime: new Date(r.loginTime.getTime() + maxMs).toISOString(),
        current: sessionId === req.auth.sessionId,
      }));
      return table(req, sessions, total?.n ?? 0);
    },
  );

  app.delete(
    '/monitor/online/:tokenIds',
    spec(
      { permission: 'monitor:online:forceLogout', operlog: operlog(TITLE, BUSINESS_TYPE.FORCE) },
      'Force logout: end one or several sessions',
      { params: ZOnlineForceParams },
    ),
    async (req) => {
      const ids = req.params.tokenIds;
      const user = usersInScopeView(db, req.auth, req.lang);
      const targets = await db
        .select({ sessionId: sysSession.sessionId, userId: sysSession.userId })
        .from(sysSession)
        .innerJoin(user, eq(user.userId, sysSession.userId))
        .where(and(sql`${tokenIdOf} = ANY(${sql.param(ids)}::text[])`, live()));
      // A session that ended meanwhile, or one outside the caller's scope, is not there to end.
      if (targets.length !== ids.length) throw notFound('err_online_session_gone');
      if (targets.some((s) => s.sessionId === req.auth.sessionId)) throw forbidden('err_force_logout_self');
      await assertMayManage(db, req.auth, [...new Set(targets.map((s) => s.userId))]);
      await db.transaction(async (tx) => {
        for (const s of targets) await revokeSession(tx, s.sessionId, req.auth.userName);
      });
      return ok(req);
    },
  );
};
