import { sql } from 'drizzle-orm';
import type { DbOrTx } from './db/database';
import { AppError } from './errors';

/**
 * Fixed one-minute windows kept in PostgreSQL (`sys_rate_limit`), so every instance counts the same hits: logins and
 * captchas per IP, exports, imports and templates per user. One atomic upsert per hit; housekeeping deletes old
 * windows. Throws RATE_LIMITED (429) with `messageKey` (default: the generic 'too many requests') above `limit`.
 */
export async function hitRateLimit(
  db: DbOrTx,
  purpose: string,
  key: string,
  limit: number,
  messageKey = 'err_rate_limited',
  params?: Record<string, unknown>,
): Promise<void> {
  const bucket = `${purpose}:${key}`.slice(0, 200);
  const r = await db.execute<{ hits: number }>(sql`
    INSERT INTO sys_rate_limit (bucket, window_start, hits) VALUES (${bucket}, date_trunc('minute', now()), 1)
    ON CONFLICT (bucket) DO UPDATE SET
      hits = CASE WHEN sys_rate_limit.window_start = date_trunc('minute', now()) THEN sys_rate_limit.hits + 1 ELSE 1 END,
      window_start = date_trunc('minute', now())
    RETURNING hits`);
  if ((r.rows[0]?.hits ?? 0) > limit) throw new AppError('RATE_LIMITED', messageKey, params);
}
