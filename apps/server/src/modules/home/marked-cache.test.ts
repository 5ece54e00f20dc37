import { describe, expect, it, vi } from 'vitest';
import { MarkedCache } from './home.service';

/** The home dashboard's cache: kept per key until the change marker moves or the value is too old. */
describe('MarkedCache', () => {
  const counter = () => {
    let n = 0;
    return vi.fn(async () => ++n);
  };

  it('answers the kept value while the marker stays, and recomputes when it moves', async () => {
    const cache = new MarkedCache<number>();
    const compute = counter();
    expect(await cache.get('all|2026-11-28', '7:true', compute)).toBe(1);
    expect(await cache.get('all|2026-11-28', '7:true', compute)).toBe(1);
    expect(await cache.get('all|2026-11-28', '8:true', compute)).toBe(2);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keeps one value per key', async () => {
    const cache = new MarkedCache<string>();
    expect(await cache.get('all|2026-11-28|th', '1', async () => 'th')).toBe('th');
    expect(await cache.get('all|2026-11-28|en', '1', async () => 'en')).toBe('en');
    expect(await cache.get('all|2026-11-28|th', '1', async () => 'other')).toBe('th');
  });

  it('recomputes a value older than maxAgeMs without a change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new MarkedCache<number>({ maxAgeMs: 1000 });
      const compute = counter();
      await cache.get('k', 'm', compute);
      vi.setSystemTime(Date.now() + 999);
      expect(await cache.get('k', 'm', compute)).toBe(1);
      vi.setSystemTime(Date.now() + 2);
      expect(await cache.get('k', 'm', compute)).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets concurrent callers of a stale key share one computation', async () => {
    const cache = new MarkedCache<number>();
    let release!: () => void;
    const compute = vi.fn(() => new Promise<number>((resolve) => (release = () => resolve(42))));
    const calls = [cache.get('k', 'm', compute), cache.get('k', 'm', compute), cache.get('k', 'm', compute)];
    release();
    expect(await Promise.all(calls)).toEqual([42, 42, 42]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing from a failed computation: the next caller computes again', async () => {
    const cache = new MarkedCache<number>();
    await expect(cache.get('k', 'm', async () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    expect(await cache.get('k', 'm', async () => 5)).toBe(5);
  });

  it('forgets the oldest key beyond maxEntries', async () => {
    const cache = new MarkedCache<string>({ maxEntries: 2 });
    await cache.get('a', 'm', async () => 'a1');
    await cache.get('b', 'm', async () => 'b1');
    await cache.get('c', 'm', async () => 'c1');
    expect(await cache.get('a', 'm', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', 'm', async () => 'c2')).toBe('c1');
  });
});
