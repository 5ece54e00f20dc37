import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { hashPassword, setHashConcurrency, Turns, verifyPassword } from './password';

/** Password hashes take turns (issue 11, login storm): at most `concurrency` at once, in order, a bounded queue. */
describe('hash turns', () => {
  it('runs at most `concurrency` at once, the rest in arrival order', async () => {
    const turns = new Turns(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (i: number) =>
      turns.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(i);
        running--;
        return i;
      });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => job(i)));
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
    expect(order.slice(2)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(turns.queued).toBe(0);
  });

  it('gives the turn on even when the work fails', async () => {
    const turns = new Turns(1);
    await expect(turns.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await turns.run(async () => 'next')).toBe('next');
  });

  it('refuses as busy past the longest queue', async () => {
    const turns = new Turns(1, 2);
    let release = () => {};
    const first = turns.run(() => new Promise<void>((r) => (release = r)));
    const queued = [turns.run(async () => 1), turns.run(async () => 2)];
    await expect(turns.run(async () => 3)).rejects.toBeInstanceOf(AppError);
    release();
    await first;
    expect(await Promise.all(queued)).toEqual([1, 2]);
  });

  it('hashes and checks argon2id through the turns', async () => {
    setHashConcurrency(1);
    const hashed = await hashPassword('Quay-Crane#2026');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const checks = await Promise.all([verifyPassword(hashed, 'Quay-Crane#2026'), verifyPassword(hashed, 'nope')]);
    expect(checks).toEqual([true, false]);
  });
});
