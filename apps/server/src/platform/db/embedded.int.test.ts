import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, type EmbeddedDatabase, packagedBinaries, startEmbeddedPostgres } from './embedded';

describe('[PLATFORM] embedded PostgreSQL', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'theone-embedded-'));
  chmodSync(dir, 0o711); // as root the server runs as the 'postgres' user, which must enter it
  let first: EmbeddedDatabase | undefined;
  afterAll(async () => {
    await first?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts a real server on a free port, keeps data across restarts, and refuses a second process on the same directory', async () => {
    const pgDataDir = path.join(dir, 'postgres');
    first = await startEmbeddedPostgres({ pgDataDir });
    expect(first.port).not.toBe(5432);
    expect(first.dataDir).toBe(pgDataDir);
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('CREATE TABLE kept (v text)');
    await client.query("INSERT INTO kept VALUES ('survives')");
    const { rows } = await client.query<{ fsync: string }>('SHOW fsync');
    expect(rows[0]!.fsync).toBe('on');
    // the app's connection goes through the private Unix socket (no client address); tools can still use TCP
    const { rows: via } = await client.query<{ addr: string | null }>('SELECT inet_client_addr()::text AS addr');
    expect(via[0]!.addr).toBeNull();
    await client.end();
    const tcp = new pg.Client({ connectionString: first.tcpUrl });
    await tcp.connect();
    const { rows: overTcp } = await tcp.query<{ addr: string | null }>('SELECT inet_client_addr()::text AS addr');
    expect(overTcp[0]!.addr).toBe('127.0.0.1/32');
    expect((await tcp.query<{ v: string }>('SELECT v FROM kept')).rows[0]!.v).toBe('survives');
    await tcp.end();

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

/**
 * As root, PostgreSQL runs as the 'postgres' user. A clone under /root (mode 700) used to die with
 * `spawn .../initdb EACCES`: binaries and cluster were where that user cannot go.
 */
describe.runIf(process.getuid?.() === 0)(
  '[PLATFORM] embedded PostgreSQL as root from a directory others cannot enter',
  () => {
    const locked = mkdtempSync(path.join(tmpdir(), 'theone-locked-'));
    const home = mkdtempSync(path.join(tmpdir(), 'theone-home-'));
    let db: EmbeddedDatabase | undefined;
    afterAll(async () => {
      await db?.stop();
      rmSync(locked, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    });

    it('runs copies of the binaries and a cluster placed where the postgres user can reach them, and says where', async () => {
      chmodSync(locked, 0o700);
      const packaged = await packagedBinaries();
      const native = path.join(locked, 'native');
      cpSync(packaged.dir, native, { recursive: true, verbatimSymlinks: true });
      const pgDataDir = path.join(locked, 'data', 'postgres');
      const binaries = { dir: native, version: 'test' };

      db = await startEmbeddedPostgres({ pgDataDir, rootHome: home, binaries });
      expect(db.binariesDir).toBe(path.join(home, 'postgresql-test'));
      expect(db.dataDir.startsWith(path.join(home, 'data-'))).toBe(true);
      expect(readFileSync(path.join(path.dirname(db.dataDir), 'origin'), 'utf8').trim()).toBe(pgDataDir);
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query<{ user: string }>('SELECT current_user AS user');
      expect(rows[0]!.user).toBe('postgres');
      await client.end();
      await db.stop();

      // The same directory again: the same moved cluster, its data kept.
      db = await startEmbeddedPostgres({ pgDataDir, rootHome: home, binaries });
      expect(existsSync(path.join(db.dataDir, 'PG_VERSION'))).toBe(true);
      await db.stop();
      db = undefined;

      // PG_DATA_DIR set explicitly is never moved: one sentence says what to do.
      await expect(
        startEmbeddedPostgres({ pgDataDir: path.join(locked, 'explicit'), rootHome: home, binaries, movable: false }),
      ).rejects.toThrow(/cannot enter .*; set PG_DATA_DIR to a directory it can enter/);

      // Where the binaries cannot be copied either, one sentence says what to do (no stack trace, no crash).
      const notADirectory = path.join(home, 'file');
      writeFileSync(notADirectory, '');
      await expect(
        startEmbeddedPostgres({ pgDataDir, rootHome: notADirectory, binaries: { ...binaries, version: 'other' } }),
      ).rejects.toThrow(/copying them to .* failed .*: start TheOne from a directory that user can enter/);
    }, 120_000);
  },
);
