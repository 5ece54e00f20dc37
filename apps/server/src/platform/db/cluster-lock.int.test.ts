import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { childrenOf, killAll } from '../../../test/server-process';
import { clusterLock, isAlive, lockFilePid, processesIn } from './cluster-lock';
import { DataDirInUseError, type EmbeddedDatabase, startEmbeddedPostgres } from './embedded';

/** SIGKILL to the postmaster and all its processes at once (a crash); postmaster.pid stays behind. */
async function crashCluster(clusterDir: string) {
  const pid = lockFilePid(clusterDir)!;
  const victims = [pid, ...childrenOf(pid)];
  killAll(victims);
  const until = Date.now() + 10_000;
  while (victims.some(isAlive) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  expect(victims.some(isAlive)).toBe(false);
  // the postmaster is this process's child: until libuv reaps it, its PID still names a zombie
  while (lockReason(clusterDir) === 'zombie' && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  expect(existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(true);
}

const lockReason = (clusterDir: string) => {
  const lock = clusterLock(clusterDir);
  return lock.state === 'stale' ? lock.reason : lock.state;
};

/** Puts `pid` on the first line of postmaster.pid (a PID handed to another program after a restart). */
function pointLockFileAt(clusterDir: string, pid: number) {
  const file = path.join(clusterDir, 'postmaster.pid');
  const lines = readFileSync(file, 'utf8').split('\n');
  lines[0] = String(pid);
  writeFileSync(file, lines.join('\n'));
}

async function readKept(db: EmbeddedDatabase) {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query<{ v: string }>('SELECT v FROM kept ORDER BY v')).rows.map((r) => r.v);
  } finally {
    await client.end();
  }
}

describe('[PLATFORM] embedded PostgreSQL after a crash (stale postmaster.pid)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'theone-lock-'));
  chmodSync(dir, 0o711); // as root the server runs as the 'postgres' user, which must enter it
  const pgDataDir = path.join(dir, 'postgres');
  const others: ChildProcess[] = [];
  let db: EmbeddedDatabase | undefined;
  afterAll(async () => {
    for (const c of others) c.kill('SIGKILL');
    await db?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts again when the PID is dead, and when it now belongs to another program; committed rows survive', async () => {
    db = await startEmbeddedPostgres({ pgDataDir });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('CREATE TABLE kept (v text)');
    await client.query("INSERT INTO kept VALUES ('before the first crash')");
    await client.end();

    // 1. The PID in postmaster.pid is dead: PostgreSQL replaces the file itself.
    await crashCluster(pgDataDir);
    expect(clusterLock(pgDataDir)).toMatchObject({ state: 'stale', reason: 'dead' });
    db = await startEmbeddedPostgres({ pgDataDir });
    expect(await readKept(db)).toEqual(['before the first crash']);
    const again = new pg.Client({ connectionString: db.url });
    await again.connect();
    await again.query("INSERT INTO kept VALUES ('before the second crash')");
    await again.end();

    // 2. After the crash the PID belongs to another program (a restarted container hands out the same PIDs):
    //    PostgreSQL alone refuses ('Is another postmaster running?'); the start removes the stale file.
    await crashCluster(pgDataDir);
    const stranger = spawn('sleep', ['60'], { stdio: 'ignore' });
    others.push(stranger);
    pointLockFileAt(pgDataDir, stranger.pid!);
    expect(clusterLock(pgDataDir)).toMatchObject({ state: 'stale', reason: 'reused', pid: stranger.pid });
    db = await startEmbeddedPostgres({ pgDataDir });
    expect(await readKept(db)).toEqual(['before the first crash', 'before the second crash']);
    expect(lockFilePid(pgDataDir)).not.toBe(stranger.pid);
  }, 120_000);

  it('still refuses a cluster in use: by its running server, or by a process working in it (a backup)', async () => {
    expect(db).toBeDefined();
    await expect(startEmbeddedPostgres({ pgDataDir })).rejects.toBeInstanceOf(DataDirInUseError);
    await db!.stop();
    db = undefined;

    // a live process working in the cluster directory, named by postmaster.pid, holds it
    const holder = spawn('sleep', ['60'], { cwd: pgDataDir, stdio: 'ignore' });
    others.push(holder);
    writeFileSync(path.join(pgDataDir, 'postmaster.pid'), `${holder.pid}\n${pgDataDir}\n`);
    await new Promise((r) => setTimeout(r, 100));
    expect(processesIn(pgDataDir)?.map((h) => h.pid)).toContain(holder.pid);
    expect(clusterLock(pgDataDir)).toMatchObject({ state: 'in-use', pid: holder.pid });
    await expect(startEmbeddedPostgres({ pgDataDir })).rejects.toThrow(
      new RegExp(`in use by another running server \\(PostgreSQL PID ${holder.pid}\\)`),
    );
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    db = await startEmbeddedPostgres({ pgDataDir });
    expect(await readKept(db)).toHaveLength(2);
  }, 120_000);
});
