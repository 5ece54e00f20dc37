import { afterEach, describe, expect, it, vi } from 'vitest';
import { tableChanged } from './cache-events';
import { shortCache, writeDone } from './short-cache';

/** The brief cache of list totals: one computation per key and interval, dropped by writes and table changes. */
describe('shortCache', () => {
  afterEach(() => vi.useRealTimers());

  it('computes once per key within the interval, again after it', async () => {
    vi.useFakeTimers();
    const cache = shortCache({ ttlMs: 3_000 });
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('b', compute)).toBe(2);
    vi.advanceTimersByTime(3_001);
    expect(await cache.get('a', compute)).toBe(3);
  });

  it('shares one computation between concurrent callers and forgets a failed one', async () => {
    const cache = shortCache({ ttlMs: 60_000 });
    let calls = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 10));
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow)])).toEqual([1, 1]);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 'fresh')).toBe('fresh');
  });

  it('is dropped by a write request (afterWrites), by its tables (topics) and by clear', async () => {
    const writes = shortCache({ ttlMs: 60_000, afterWrites: true });
    const marks = shortCache({ ttlMs: 60_000, topics: ['bas_mark'] });
    const plain = shortCache({ ttlMs: 60_000 });
    let n = 0;
    const next = async () => ++n;
    for (const c of [writes, marks, plain]) await c.get('k', next);
    writeDone();
    expect(await writes.get('k', next)).toBe(4);
    expect(await marks.get('k', next)).toBe(2);
    tableChanged('bas_mark');
    expect(await marks.get('k', next)).toBe(5);
    expect(await plain.get('k', next)).toBe(3);
    plain.clear();
    expect(await plain.get('k', next)).toBe(6);
  });

  it('keeps at most `max` keys (starts over when full)', async () => {
    const cache = shortCache({ ttlMs: 60_000, max: 2 });
    let n = 0;
    const next = async () => ++n;
    await cache.get('a', next);
    await cache.get('b', next);
    await cache.get('c', next);
    expect(await cache.get('c', next)).toBe(3);
    expect(await cache.get('a', next)).toBe(4);
  });
});
