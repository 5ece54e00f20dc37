import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE_KEY, ALL_PERMISSION, BUILTIN_ADMIN_ROLE_ID, hasFeeRole, matchLanguage } from '@theone/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { sysSession } from '../db/platform.table';
import type { AuthContext, SessionRole } from './auth-context';

export function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}

export interface SessionLifetime {
  /** Idle lifetime: minutes from sign-in or the last refresh (TOKEN_TTL_MINUTES). */
  ttlMinutes: number;
  /** Absolute lifetime: hours from sign-in that no refresh extends (SESSION_MAX_HOURS). */
  maxHours: number;
}

export async function createSession(
  db: DbOrTx,
  input: SessionLifetime & { userId: number; ipaddr: string; userAgent: string },
): Promise<{ sessionId: string; expiresAt: Date; endsAt: Date }> {
  const sessionId = newSessionId();
  const createdAt = new Date();
  const endsAt = new Date(createdAt.getTime() + input.maxHours * 3_600_000);
  const expiresAt = new Date(Math.min(createdAt.getTime() + input.ttlMinutes * 60_000, endsAt.getTime()));
  await db.insert(sysSession).values({
    sessionId,
    userId: input.userId,
    createdAt,
    expiresAt,
    lastAccessAt: createdAt,
    ipaddr: input.ipaddr.slice(0, 128),
    userAgent: input.userAgent.slice(0, 300),
  });
  return { sessionId, expiresAt, endsAt };
}

/**
 * A refresh: the idle end moves to now + ttl, but never past sign-in + maxHours (the absolute lifetime). Null when
 * the session is revoked, expired or past its absolute end.
 */
export async function extendSession(
  db: DbOrTx,
  sessionId: string,
  lifetime: SessionLifetime,
): Promise<{ expiresAt: Date; endsAt: Date } | null> {
  const max = sql`make_interval(hours => ${lifetime.maxHours})`;
  const rows = await db
    .update(sysSession)
    .set({
      expiresAt: sql`LEAST(now() + make_interval(mins => ${lifetime.ttlMinutes}), ${sysSession.createdAt} + ${max})`,
    })
    .where(
      and(
        eq(sysSession.sessionId, sessionId),
        isNull(sysSession.revokedAt),
        sql`${sysSession.expiresAt} > now()`,
        sql`${sysSession.createdAt} + ${max} > now()`,
      ),
    )
    .returning({ expiresAt: sysSession.expiresAt, createdAt: sysSession.createdAt });
  const row = rows[0];
  if (!row) return null;
  return { expiresAt: row.expiresAt, endsAt: new Date(row.createdAt.getTime() + lifetime.maxHours * 3_600_000) };
}

export async function revokeSession(db: DbOrTx, sessionId: string, forcedBy?: string): Promise<boolean> {
  const rows = await db
    .update(sysSession)
    .set({
      revokedAt: sql`now()`,
      ...(forcedBy === undefined ? {} : { endReason: 'forced', endedBy: forcedBy.slice(0, 64) }),
    })
    .where(and(eq(sysSession.sessionId, sessionId), isNull(sysSession.revokedAt)))
    .returning({ sessionId: sysSession.sessionId });
  return rows.length > 0;
}

/**
 * Why a token's session no longer answers (only asked after authentication failed, so it costs nothing on the
 * way of a valid request): forced out by an administrator, past the absolute lifetime, or simply expired or
 * signed out. A translation key and its values.
 */
export async function sessionEndMessage(
  db: DbOrTx,
  sessionId: string,
  maxHours: number,
): Promise<{ key: string; params?: Record<string, unknown> }> {
  const [row] = await db
    .select({
      endReason: sysSession.endReason,
      revoked: sql<boolean>`${sysSession.revokedAt} IS NOT NULL`,
      tooOld: sql<boolean>`${sysSession.createdAt} <= now() - make_interval(hours => ${maxHours})`,
    })
    .from(sysSession)
    .where(eq(sysSession.sessionId, sessionId));
  if (row?.revoked && row.endReason === 'forced') return { key: 'err_session_ended_by_admin' };
  if (row && !row.revoked && row.tooOld) return { key: 'err_session_max_age', params: { count: maxHours } };
  return { key: 'err_session_expired' };
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
  epoch: number;
  roles: SessionRole[] | null;
}

const LOAD_AUTH_SQL = `
  SELECT u.user_id, u.user_name, u.nick_name, u.dept_id, d.dept_name, u.lang, u.must_change_password, s.expires_at,
    (SELECT epoch FROM sys_auth_epoch WHERE id = 1) AS epoch,
    (SELECT json_agg(json_build_object('roleId', r.role_id, 'roleKey', r.role_key, 'dataScope', r.data_scope) ORDER BY r.role_sort, r.role_id)
       FROM sys_user_role ur JOIN sys_role r ON r.role_id = ur.role_id
      WHERE ur.user_id = u.user_id AND r.status = '0' AND r.del_flag = '0') AS roles
  FROM sys_session s
  JOIN sys_user u ON u.user_id = s.user_id
  LEFT JOIN sys_dept d ON d.dept_id = u.dept_id
  WHERE s.session_id = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
    AND s.created_at > now() - make_interval(hours => $2::int) AND u.del_flag = '0' AND u.status = '0'`;

const ROLE_PERMS_SQL = `
  SELECT DISTINCT m.perms FROM sys_role_menu rm JOIN sys_menu m ON m.menu_id = rm.menu_id
  WHERE rm.role_id = ANY($1::bigint[]) AND m.status = '0' AND m.perms <> ''`;

type QueryClient = { query: <R>(q: { name: string; text: string; values: unknown[] }) => Promise<{ rows: R[] }> };
const clientOf = (db: DbOrTx) => (db as unknown as { $client: QueryClient }).$client;

/**
 * Permissions of a set of roles, cached per auth epoch: any change to roles, role menus or menus bumps the epoch
 * (database triggers), which empties this cache on the next request of every instance.
 */
const permissionCache = { epoch: -1, byRoles: new Map<string, ReadonlySet<string>>() };

async function permissionsOf(db: DbOrTx, epoch: number, roleIds: number[]): Promise<ReadonlySet<string>> {
  if (permissionCache.epoch !== epoch) {
    permissionCache.epoch = epoch;
    permissionCache.byRoles.clear();
  }
  const key = roleIds.join(',');
  const cached = permissionCache.byRoles.get(key);
  if (cached) return cached;
  const { rows } = await clientOf(db).query<{ perms: string }>({
    name: 'theone_role_perms',
    text: ROLE_PERMS_SQL,
    values: [roleIds],
  });
  const perms: ReadonlySet<string> = new Set(rows.map((r) => r.perms));
  if (permissionCache.byRoles.size > 5000) permissionCache.byRoles.clear();
  permissionCache.byRoles.set(key, perms);
  return perms;
}

/**
 * One prepared statement per request: the session, its enabled user, the user's enabled roles and the auth epoch;
 * the roles' permissions come from a per-epoch cache. A revoked or expired session, one past its absolute lifetime
 * (`maxHours` from sign-in, whatever its stored expiry), or a disabled or deleted user, yields null, so logout, disabling, password resets and role changes act on the next request.
 */
export async function loadAuthContext(db: DbOrTx, sessionId: string, maxHours: number): Promise<AuthContext | null> {
  const result = await clientOf(db).query<SessionRow>({
    name: 'theone_load_auth',
    text: LOAD_AUTH_SQL,
    values: [sessionId, maxHours],
  });
  const row = result.rows[0];
  if (!row) return null;
  const roles = row.roles ?? [];
  const roleKeys = roles.map((r) => r.roleKey);
  const isAdmin = roleKeys.includes(ADMIN_ROLE_KEY) || roles.some((r) => r.roleId === BUILTIN_ADMIN_ROLE_ID);
  const permissions: ReadonlySet<string> = isAdmin
    ? new Set([ALL_PERMISSION])
    : roles.length
      ? await permissionsOf(
          db,
          Number(row.epoch),
          roles.map((r) => r.roleId).sort((a, b) => a - b),
        )
      : new Set<string>();
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
    authEpoch: Number(row.epoch),
  };
}
