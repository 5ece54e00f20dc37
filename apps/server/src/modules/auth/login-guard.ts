import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';

/**
 * Brute-force protection kept in PostgreSQL so every instance shares it:
 * - per account: `lockCount` failures within `lockMinutes` lock the account for `lockMinutes`. Each failure is
 *   one atomic upsert; only the failure that reaches the threshold sets the lock, so 50 parallel wrong
 *   attempts lock exactly once.
 * - per IP: a fixed one-minute window for login and captcha requests.
 */
export async function lockedMinutesLeft(db: DbOrTx, userName: string): Promise<number> {
  const r = await db.execute<{ minutes: number }>(sql`
    SELECT CEIL(EXTRACT(EPOCH FROM (locked_until - now())) / 60)::int AS minutes
    FROM sys_login_lock WHERE user_name = ${userName} AND locked_until > now()`);
  return r.rows[0]?.minutes ?? 0;
}

export interface FailureResult {
  failCount: number;
  /** True only for the one failure that locked the account. */
  lockedNow: boolean;
}

export async function recordLoginFailure(
  db: DbOrTx,
  userName: string,
  policy: { count: number; minutes: number },
): Promise<FailureResult> {
  const window = sql`make_interval(mins => ${policy.minutes})`;
  const fresh = sql`(sys_login_lock.window_start < now() - ${window} OR (sys_login_lock.locked_until IS NOT NULL AND sys_login_lock.locked_until <= now()))`;
  const r = await db.execute<{ fail_count: number; locked_now: boolean }>(sql`
    INSERT INTO sys_login_lock (user_name, fail_count, window_start, locked_until)
    VALUES (${userName}, 1, now(), CASE WHEN ${policy.count} <= 1 THEN now() + ${window} END)
    ON CONFLICT (user_name) DO UPDATE SET
      fail_count = CASE WHEN ${fresh} THEN 1 ELSE sys_login_lock.fail_count + 1 END,
      window_start = CASE WHEN ${fresh} THEN now() ELSE sys_login_lock.window_start END,
      locked_until = CASE
        WHEN (CASE WHEN ${fresh} THEN 1 ELSE sys_login_lock.fail_count + 1 END) = ${policy.count} THEN now() + ${window}
        WHEN ${fresh} THEN NULL
        ELSE sys_login_lock.locked_until END
    RETURNING fail_count, (fail_count = ${policy.count}) AS locked_now`);
  const row = r.rows[0]!;
  return { failCount: row.fail_count, lockedNow: row.locked_now };
}

export async function clearLoginFailures(db: DbOrTx, userName: string): Promise<void> {
  await db.execute(sql`DELETE FROM sys_login_lock WHERE user_name = ${userName}`);
}

/** Per-IP windows use the platform's rate limiter (PostgreSQL, shared by every instance). */
export { hitRateLimit } from '../../platform/rate-limit';
