import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE_KEY, ALL_PERMISSION, BUILTIN_ADMIN_ROLE_ID, hasFeeRole, matchLanguage } from '@theone/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { sysSession } from '../db/platform.table';
import type { AuthContext, SessionRole } from './auth-context';

export function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}

export async function createSession(
  db: DbOrTx,
  input: { userId: number; ttlMinutes: number; ipaddr: string; userAgent: string },
): Promise<{ sessionId: string; expiresAt: Date }> {
  const sessionId = newSessionId();
  const expiresAt = new Date(Date.now() + input.ttlMinutes * 60_000);
  await db.insert(sysSession).values({
    sessionId,
    userId: input.userId,
    expiresAt,
    ipaddr: input.ipaddr.slice(0, 128),
    userAgent: input.userAgent.slice(0, 300),
  });
  return { sessionId, expiresAt };
}

export async function extendSession(db: DbOrTx, sessionId: string, ttlMinutes: number): Promise<Date | null> {
  const expiresAt = new Date(Date.now() + ttlMinutes * 60_000);
  const rows = await db
    .update(sysSession)
    .set({ expiresAt })
    .where(and(eq(sysSession.sessionId, sessionId), isNull(sysSession.revokedAt), sql`${sysSession.expiresAt} > now()`))
    .returning({ sessionId: sysSession.sessionId });
  return rows.length ? expiresAt : null;
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(sysSession)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sysSession.sessionId, sessionId), isNull(sysSession.revokedAt)));
}

/** Ends every session of a user (password reset, deletion); optionally keeps the caller's own. */
export async function revokeUserSessions(db: DbOrTx, userId: number, exceptSessionId?: string): Promise<void> {
  await db
    .update(sysSession)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sysSession.userId, userId),
        isNull(sysSession.revokedAt),
        exceptSessionId ? sql`${sysSession.sessionId} <> ${exceptSessionId}` : undefined,
      ),
    );
}

interface SessionRow extends Record<string, unknown> {
  user_id: number;
  user_name: string;
  nick_name: string;
  dept_id: number | null;
  dept_name: string | null;
  lang: string;
  must_change_password: boolean;
  expires_at: Date;
  roles: SessionRole[];
  perms: string[];
}

/**
 * One statement per request: the session, its enabled user, the user's enabled roles and their
 * menu permissions. A revoked or expired session, or a disabled or deleted user, yields null.
 */
export async function loadAuthContext(db: DbOrTx, sessionId: string): Promise<AuthContext | null> {
  const result = await db.execute<SessionRow>(sql`
    SELECT u.user_id, u.user_name, u.nick_name, u.dept_id, d.dept_name, u.lang, u.must_change_password, s.expires_at,
      COALESCE((
        SELECT json_agg(json_build_object('roleId', r.role_id, 'roleKey', r.role_key, 'dataScope', r.data_scope) ORDER BY r.role_sort)
        FROM sys_user_role ur JOIN sys_role r ON r.role_id = ur.role_id AND r.status = '0' AND r.del_flag = '0'
        WHERE ur.user_id = u.user_id), '[]'::json) AS roles,
      COALESCE((
        SELECT array_agg(DISTINCT m.perms)
        FROM sys_user_role ur
        JOIN sys_role r ON r.role_id = ur.role_id AND r.status = '0' AND r.del_flag = '0'
        JOIN sys_role_menu rm ON rm.role_id = r.role_id
        JOIN sys_menu m ON m.menu_id = rm.menu_id AND m.status = '0' AND m.perms <> ''
        WHERE ur.user_id = u.user_id), '{}') AS perms
    FROM sys_session s
    JOIN sys_user u ON u.user_id = s.user_id AND u.del_flag = '0' AND u.status = '0'
    LEFT JOIN sys_dept d ON d.dept_id = u.dept_id
    WHERE s.session_id = ${sessionId} AND s.revoked_at IS NULL AND s.expires_at > now()`);
  const row = result.rows[0];
  if (!row) return null;
  const roles = row.roles;
  const roleKeys = roles.map((r) => r.roleKey);
  const isAdmin = roleKeys.includes(ADMIN_ROLE_KEY) || roles.some((r) => r.roleId === BUILTIN_ADMIN_ROLE_ID);
  const permissions: ReadonlySet<string> = isAdmin ? new Set([ALL_PERMISSION]) : new Set(row.perms);
  return {
    sessionId,
    userId: row.user_id,
    userName: row.user_name,
    nickName: row.nick_name,
    deptId: row.dept_id,
    deptName: row.dept_name ?? '',
    lang: matchLanguage(row.lang) ?? 'zh-cn',
    roles,
    roleKeys,
    permissions,
    isAdmin,
    feeRole: hasFeeRole(permissions),
    mustChangePassword: row.must_change_password,
    expiresAt: row.expires_at,
  };
}
