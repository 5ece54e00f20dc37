import type pg from 'pg';
import { CACHE_CHANNEL, everythingChanged, tableChanged } from '../cache-events';
import type { AuthContext } from './auth-context';

/**
 * In-process cache of loaded sessions, so an authenticated request needs no database round trip (ADR 0005).
 *
 * Correctness comes from PostgreSQL, not from timing: triggers NOTIFY 'theone_auth' whenever a session is revoked or
 * extended ('session:<id>'), a user changes or gains/loses a role ('user:<id>'), or roles, menus or departments change
 * ('*'); every instance LISTENs and drops what the notification names. A load that overlaps a notification is not
 * cached (the generation check), and while the listener is down nothing is cached at all, so the fallback is the
 * per-request query. Entries also expire after `ttlMs` and at the session's own expiry.
 */
export class SessionCache {
  private readonly bySession = new Map<string, { auth: AuthContext; until: number }>();
  private readonly byUser = new Map<number, Set<string>>();
  private generation = 0;
  private listening = false;
  private readonly syncWaiters = new Map<string, () => void>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 50_000,
  ) {}

  /** A token for `set`: a notification after this moment makes the load it guards uncacheable. */
  begin(): number {
    return this.generation;
  }

  get(sessionId: string): AuthContext | undefined {
    if (!this.listening) return undefined;
    const entry = this.bySession.get(sessionId);
    if (!entry) return undefined;
    if (entry.until <= Date.now()) {
      this.drop(sessionId);
      return undefined;
    }
    return entry.auth;
  }

  set(auth: AuthContext, generationAtStart: number) {
    if (!this.listening || generationAtStart !== this.generation) return;
    if (this.bySession.size >= this.maxEntries) this.clear();
    const until = Math.min(Date.now() + this.ttlMs, auth.expiresAt.getTime());
    this.bySession.set(auth.sessionId, { auth, until });
    const sessions = this.byUser.get(auth.userId) ?? new Set<string>();
    sessions.add(auth.sessionId);
    this.byUser.set(auth.userId, sessions);
  }

  /** Applies one notification payload. */
  apply(payload: string) {
    if (payload.startsWith('sync:')) {
      this.syncWaiters.get(payload)?.();
      this.syncWaiters.delete(payload);
      return;
    }
    this.generation++;
    if (payload === '*') return this.clear();
    if (payload.startsWith('session:')) return this.drop(payload.slice(8));
    if (payload.startsWith('user:')) {
      const userId = Number(payload.slice(5));
      for (const sid of this.byUser.get(userId) ?? []) this.bySession.delete(sid);
      this.byUser.delete(userId);
    }
  }

  /** Drops one session at once (the instance that revoked it does not wait for its own notification). */
  drop(sessionId: string) {
    const entry = this.bySession.get(sessionId);
    if (!entry) return;
    this.bySession.delete(sessionId);
    this.byUser.get(entry.auth.userId)?.delete(sessionId);
  }

  clear() {
    this.generation++;
    this.bySession.clear();
    this.byUser.clear();
  }

  setListening(on: boolean) {
    this.listening = on;
    this.clear();
  }

  /**
   * Resolves once every notification committed before this call has been applied (notifications arrive in commit
   * order, so our own marker comes after them). For tests that change the database directly.
   */
  async sync(notify: (payload: string) => Promise<unknown>, timeoutMs = 2000): Promise<void> {
    if (!this.listening) return;
    const payload = `sync:${Math.random().toString(36).slice(2)}`;
    const arrived = new Promise<void>((resolve) => {
      this.syncWaiters.set(payload, resolve);
      setTimeout(resolve, timeoutMs).unref();
    });
    await notify(payload);
    await arrived;
  }

  get size() {
    return this.bySession.size;
  }
}

/**
 * Holds one pooled connection LISTENing on 'theone_auth' and feeds the cache; reconnects with a back-off. The same
 * connection hears 'theone_cache' for the other in-process caches (platform/cache-events.ts); '*' drops their
 * 'auth' topic too. Returns a function that stops listening (on close).
 */
export function listenForAuthChanges(
  pool: pg.Pool,
  cache: SessionCache,
  onError: (err: unknown) => void,
): () => Promise<void> {
  let client: pg.PoolClient | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;

  const connect = async () => {
    if (stopped) return;
    try {
      const c = await pool.connect();
      if (stopped) {
        c.release();
        return;
      }
      client = c;
      c.on('notification', (msg) => {
        if (msg.channel === CACHE_CHANNEL) return tableChanged(msg.payload ?? '');
        if (msg.channel !== 'theone_auth') return;
        cache.apply(msg.payload ?? '*');
        if ((msg.payload ?? '*') === '*') tableChanged('auth');
      });
      c.on('error', (err) => {
        onError(err);
        lost();
      });
      await c.query(`LISTEN theone_auth; LISTEN ${CACHE_CHANNEL}`);
      cache.setListening(true);
      everythingChanged(); // whatever changed while nobody listened
      delay = 500;
    } catch (err) {
      onError(err);
      lost();
    }
  };

  const lost = () => {
    cache.setListening(false);
    const c = client;
    client = undefined;
    c?.release(true);
    if (!stopped && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, delay);
      retry.unref();
      delay = Math.min(delay * 2, 30_000);
    }
  };

  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    cache.setListening(false);
    const c = client;
    client = undefined;
    if (c) {
      await c.query('UNLISTEN *').catch(() => {});
      c.release();
    }
  };
}
