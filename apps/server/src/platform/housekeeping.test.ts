import { describe, expect, it } from 'vitest';
import { startHousekeeping } from './housekeeping';

describe('[PLATFORM] housekeeping', () => {
  it('stop waits for the pass in progress and runs no further statement (the pool closes after it)', async () => {
    const log: string[] = [];
    let release: () => void = () => {};
    const db = {
      execute: async () => {
        log.push('start');
        await new Promise<void>((r) => {
          release = r;
        });
        log.push('end');
        return { rows: [] };
      },
    } as unknown as Parameters<typeof startHousekeeping>[0];
    const errors: unknown[] = [];
    const stop = startHousekeeping(db, (e) => errors.push(e), 60_000);
    await new Promise((r) => setImmediate(r));
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false); // the first statement is still running
    release();
    await stopping;
    expect(log).toEqual(['start', 'end']); // no statement after stop
    expect(errors).toEqual([]);
  });
});
