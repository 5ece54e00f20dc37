import { describe, expect, it } from 'vitest';
import type { AuthContext } from './auth-context';
import { SessionCache } from './session-cache';

const auth = (sessionId: string, userId: number, expiresInMs = 3_600_000) =>
  ({ sessionId, userId, expiresAt: new Date(Date.now() + expiresInMs) }) as AuthContext;

function listeningCache() {
  const c = new SessionCache(30_000);
  c.setListening(true);
  return c;
}

describe('session cache', () => {
  it('caches nothing while not listening', () => {
    const c = new SessionCache();
    c.set(auth('a', 1), c.begin());
    expect(c.get('a')).toBeUndefined();
  });

  it('serves a cached session until a notification names it, its user, or everything', () => {
    const c = listeningCache();
    c.set(auth('a', 1), c.begin());
    c.set(auth('b', 1), c.begin());
    c.set(auth('c', 2), c.begin());
    expect(c.get('a')?.userId).toBe(1);
    c.apply('session:a');
    expect(c.get('a')).toBeUndefined();
    expect(c.get('b')).toBeDefined();
    c.apply('user:1');
    expect(c.get('b')).toBeUndefined();
    expect(c.get('c')).toBeDefined();
    c.apply('*');
    expect(c.size).toBe(0);
  });

  it('does not cache a load that overlapped a notification', () => {
    const c = listeningCache();
    const generation = c.begin();
    c.apply('user:9'); // arrives while the session was being loaded
    c.set(auth('a', 1), generation);
    expect(c.get('a')).toBeUndefined();
  });

  it('never serves a session past its own expiry', () => {
    const c = listeningCache();
    c.set(auth('a', 1, -1), c.begin());
    expect(c.get('a')).toBeUndefined();
  });

  it('a lost listener empties the cache', () => {
    const c = listeningCache();
    c.set(auth('a', 1), c.begin());
    c.setListening(false);
    expect(c.get('a')).toBeUndefined();
  });
});
