import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';

/**
 * A session's last access (the online-users screen), written without a statement per request: a request notes
 * its session in memory, at most once per `everyMs` per session, and a timer writes what was noted in one
 * UPDATE (`unnest` of ids and times). So the screen's time is at most `everyMs` + `flushMs` behind (75 s by
 * default), and a busy instance writes one small statement every 15 s instead of one per request.
 *
 * The column is not watched by the session-cache trigger (migration 0011), so writing it drops no cached session.
 */
export class SessionActivity {
  private readonly pending = new Map<string, number>();
  private readonly noted = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DbOrTx,
    private readonly onError: (err: unknown) => void,
    private readonly everyMs = 60_000,
    private readonly flushMs = 15_000,
    private readonly maxNoted = 100_000,
  ) {}

  /** Notes that a session was used now (cheap: a map lookup on most requests). */
  touch(sessionId: string, now = Date.now()) {
    const last = this.noted.get(sessionId);
    if (last !== undefined && now - last < this.everyMs) return;
    if (this.noted.size >= this.maxNoted) this.noted.clear();
    this.noted.set(sessionId, now);
    this.pending.set(sessionId, now);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, this.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what was noted (the online list calls it first, so this instance's own requests show at once). */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  private async write() {
    if (!this.pending.size) return;
    const ids = [...this.pending.keys()];
    const times = ids.map((id) => new Date(this.pending.get(id)!).toISOString());
    this.pending.clear();
    try {
      await this.db.execute(sql`
        UPDATE sys_session s SET last_access_at = v.at
        FROM unnest(${sql.param(ids)}::text[], ${sql.param(times)}::timestamptz[]) AS v(id, at)
        WHERE s.session_id = v.id AND s.last_access_at < v.at AND s.revoked_at IS NULL`);
    } catch (err) {
      this.onError(err);
    }
  }

  async stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
