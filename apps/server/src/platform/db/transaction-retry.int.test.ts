import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/suite';
import { badRequest } from '../errors';
import { retryableConflict, TRANSACTION_ATTEMPTS } from './database';

/**
 * Top-level transactions are run again when PostgreSQL picks them as a deadlock's victim (connectDatabase):
 * two transactions that lock two rows in opposite orders both commit, the victim's callback ran twice; other
 * errors are not retried; a conflict that keeps coming back reaches the caller after TRANSACTION_ATTEMPTS.
 */

const s = useSuite({
  setup: async ({ t }) => {
    await t.db.execute(sql`CREATE TABLE retry_probe (id int PRIMARY KEY, n int NOT NULL)`);
    await t.db.execute(sql`INSERT INTO retry_probe VALUES (1, 0), (2, 0)`);
    return {};
  },
});

/** Resolves once `count` callers have arrived. */
function barrier(count: number) {
  let arrived = 0;
  let open!: () => void;
  const all = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived === count) open();
    return all;
  };
}

describe('[PLATFORM] transactions retried after a deadlock', () => {
  it('two transactions locking two rows in opposite orders: PostgreSQL aborts one, it runs again, both commit', async () => {
    const bothHoldOne = barrier(2);
    const runs = { a: 0, b: 0 };
    const bump = (first: number, second: number, who: 'a' | 'b') =>
      s.t.db.transaction(async (tx) => {
        runs[who] += 1;
        await tx.execute(sql`UPDATE retry_probe SET n = n + 1 WHERE id = ${first}`);
        if (runs[who] === 1) await bothHoldOne();
        await tx.execute(sql`UPDATE retry_probe SET n = n + 1 WHERE id = ${second}`);
      });
    await Promise.all([bump(1, 2, 'a'), bump(2, 1, 'b')]);
    expect(runs.a + runs.b).toBe(3);
    const rows = await s.t.db.execute<{ id: number; n: number }>(sql`SELECT id, n FROM retry_probe ORDER BY id`);
    expect(rows.rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });

  it('does not run a transaction again for other errors (a refusal, a unique violation)', async () => {
    let runs = 0;
    await expect(
      s.t.db.transaction(async () => {
        runs += 1;
        throw badRequest('msg_select_data_first');
      }),
    ).rejects.toMatchObject({ messageKey: 'msg_select_data_first' });
    expect(runs).toBe(1);
    runs = 0;
    await expect(
      s.t.db.transaction(async (tx) => {
        runs += 1;
        await tx.execute(sql`INSERT INTO retry_probe VALUES (1, 0)`);
      }),
    ).rejects.toThrow();
    expect(runs).toBe(1);
  });

  it('gives up after TRANSACTION_ATTEMPTS conflicts and answers the last one; savepoints are not retried', async () => {
    let runs = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    await expect(
      s.t.db.transaction(async () => {
        runs += 1;
        throw deadlock;
      }),
    ).rejects.toBe(deadlock);
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    let inner = 0;
    await expect(
      s.t.db.transaction((tx) =>
        tx.transaction(async () => {
          inner += 1;
          throw Object.assign(new Error('serialization'), { code: '40001' });
        }),
      ),
    ).rejects.toThrow('serialization');
    // the outer transaction ran again (each time its savepoint once)
    expect(inner).toBe(TRANSACTION_ATTEMPTS);
  });

  it('knows the conflict codes, also wrapped by Drizzle', () => {
    expect(retryableConflict({ code: '40P01' })).toBe(true);
    expect(retryableConflict(new Error('x', { cause: { code: '40001' } }))).toBe(true);
    expect(retryableConflict({ code: '23505' })).toBe(false);
    expect(retryableConflict(undefined)).toBe(false);
  });
});
