import { sql } from 'drizzle-orm';
import type { Db } from './db/database';

/**
 * Removes expired captchas, sessions, rate-limit windows and stale lock rows every few minutes. The returned stop
 * waits for a pass in progress, so a clean shutdown never closes the pool under it.
 */
export function startHousekeeping(
  db: Pick<Db, 'execute'>,
  onError: (err: unknown) => void,
  everyMs = 5 * 60_000,
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    const statements = [
      sql`DELETE FROM sys_captcha WHERE expires_at < now()`,
      sql`DELETE FROM sys_session WHERE expires_at < now() - interval '7 days' OR revoked_at < now() - interval '7 days'`,
      sql`DELETE FROM sys_rate_limit WHERE window_start < now() - interval '10 minutes'`,
      sql`DELETE FROM sys_login_lock WHERE window_start < now() - interval '1 day' AND (locked_until IS NULL OR locked_until < now())`,
    ];
    try {
      for (const statement of statements) {
        if (stopped) return;
        await db.execute(statement);
      }
    } catch (err) {
      onError(err);
    }
  };
  const run = () => {
    running = running.then(pass);
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
