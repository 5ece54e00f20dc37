import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../db/database';
import { SessionActivity } from './session-activity';

/** A database that counts the statements it is given. */
function recorder() {
  const writes: unknown[] = [];
  const db = {
    execute: async (query: unknown) => {
      writes.push(query);
      return { rows: [] };
    },
  } as unknown as DbOrTx;
  return { db, writes };
}

describe('session last access', () => {
  it('writes each session at most once per interval, all of them in one statement', async () => {
    const { db, writes } = recorder();
    const activity = new SessionActivity(
      db,
      (err) => {
        throw err;
      },
      60_000,
      60_000,
    );
    const t0 = 1_000_000;
    activity.touch('a', t0);
    activity.touch('a', t0 + 1_000); // within the minute: not noted again
    activity.touch('b', t0 + 2_000);
    await activity.flush();
    expect(writes).toHaveLength(1);
    await activity.flush(); // nothing new: no statement
    expect(writes).toHaveLength(1);
    activity.touch('a', t0 + 30_000); // still within a's minute
    await activity.flush();
    expect(writes).toHaveLength(1);
    activity.touch('a', t0 + 61_000);
    await activity.stop();
    expect(writes).toHaveLength(2);
  });
});
