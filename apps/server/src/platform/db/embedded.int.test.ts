import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, type EmbeddedDatabase, startEmbeddedPostgres } from './embedded';

describe('[PLATFORM] embedded PostgreSQL', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'theone-embedded-'));
  let first: EmbeddedDatabase | undefined;
  afterAll(async () => {
    await first?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts a real server on a free port, keeps data across restarts, and refuses a second process on the same directory', async () => {
    const pgDataDir = path.join(dir, 'postgres');
    first = await startEmbeddedPostgres({ pgDataDir });
    expect(first.port).not.toBe(5432);
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('CREATE TABLE kept (v text)');
    await client.query("INSERT INTO kept VALUES ('survives')");
    const { rows } = await client.query<{ fsync: string }>('SHOW fsync');
    expect(rows[0]!.fsync).toBe('on');
    await client.end();

    await expect(startEmbeddedPostgres({ pgDataDir })).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(startEmbeddedPostgres({ pgDataDir })).rejects.toThrow(/in use by another running server/);

    await first.stop();
    first = await startEmbeddedPostgres({ pgDataDir });
    const again = new pg.Client({ connectionString: first.url });
    await again.connect();
    const kept = await again.query<{ v: string }>('SELECT v FROM kept');
    expect(kept.rows[0]!.v).toBe('survives');
    await again.end();
  }, 120_000);
});
