import { sql } from 'drizzle-orm';
import type { Db } from './db/database';

/** Removes expired captchas, sessions, rate-limit windows and stale lock rows every few minutes. */
export function startHousekeeping(db: Db, onError: (err: unknown) => void, everyMs = 5 * 60_000): () => void {
  const run = async () => {
    try {
      await db.execute(sql`DELETE FROM sys_captcha WHERE expires_at < now()`);
      await db.execute(
        sql`DELETE FROM sys_session WHERE expires_at < now() - interval '7 days' OR revoked_at < now() - interval '7 days'`,
      );
      await db.execute(sql`DELETE FROM sys_rate_limit WHERE window_start < now() - interval '10 minutes'`);
      await db.execute(
        sql`DELETE FROM sys_login_lock WHERE window_start < now() - interval '1 day' AND (locked_until IS NULL OR locked_until < now())`,
      );
    } catch (err) {
      onError(err);
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
