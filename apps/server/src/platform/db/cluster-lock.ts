import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync, unlinkSync } from 'node:fs';
import path from 'node:path';

/**
 * Who holds an embedded PostgreSQL cluster directory, and whether a `postmaster.pid` left by a crash may go.
 *
 * PostgreSQL refuses to start while `postmaster.pid` names a live process. After a crash (SIGKILL, power loss) the
 * file stays; when its PID is dead PostgreSQL removes the file itself (after checking that no old process still uses
 * the shared memory), but the PID may by then belong to another program (a restarted container hands out the same
 * low PIDs again), and PostgreSQL would refuse to start forever. Every process of a PostgreSQL server works in its
 * cluster directory (the postmaster changes into it, its backends inherit it, and so does a backup in progress), so
 * on Linux the processes holding a cluster are the live processes whose working directory is the cluster. The file
 * is removed only when its PID is alive and no process at all works in the cluster: then that PID is someone else's.
 * Without /proc (macOS) a live PID counts as a holder, as PostgreSQL does.
 */
export interface ClusterHolder {
  pid: number;
  command: string;
}

export type ClusterLock =
  | { state: 'free' }
  /**
   * a server (or a backup) works in the cluster: postmaster.pid names it; `orphaned`: its parent has ended (a
   * PostgreSQL left running by a TheOne process killed on its own)
   */
  | { state: 'in-use'; pid: number; orphaned: boolean }
  /** the server named by postmaster.pid has ended, but processes it started still work in the cluster */
  | { state: 'leaving'; pid: number; holders: ClusterHolder[] }
  /**
   * postmaster.pid is left from a server that has ended: `dead` (PostgreSQL replaces the file itself, after checking
   * its shared memory), `zombie` (ended, not yet reaped: PostgreSQL would take it for alive) or `reused` (the PID now
   * belongs to another program, `command`)
   */
  | { state: 'stale'; pid: number; reason: 'dead' | 'zombie' | 'reused'; command?: string };

export class DataDirInUseError extends Error {}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a process runs (a zombie, ended but not yet reaped by its parent, does not). */
export function isAlive(pid: number): boolean {
  if (!signalable(pid)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return !existsSync('/proc/self/stat'); // no /proc: trust kill()
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0+/g, ' ').trim().slice(0, 160);
  } catch {
    return '';
  }
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** The live processes working in `dir` (Linux), or undefined where the system cannot tell. */
export function processesIn(dir: string): ClusterHolder[] | undefined {
  if (!existsSync('/proc/self/cwd')) return undefined;
  let target: string;
  try {
    target = realpathSync(dir);
  } catch {
    return [];
  }
  const found: ClusterHolder[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let cwd: string;
    try {
      cwd = readlinkSync(`/proc/${name}/cwd`);
    } catch {
      continue; // gone, or another user's process (a cluster's processes run as the user who can read this)
    }
    if (cwd === target) found.push({ pid: Number(name), command: commandOf(Number(name)) });
  }
  return found;
}

/** The PID on the first line of the cluster's postmaster.pid, if the file exists. */
export function lockFilePid(clusterDir: string): number | undefined {
  const file = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : 0;
}

export function clusterLock(clusterDir: string): ClusterLock {
  const pid = lockFilePid(clusterDir);
  if (pid === undefined) return { state: 'free' };
  const inside = processesIn(clusterDir);
  const alive = pid > 0 && isAlive(pid);
  if (alive && (inside === undefined || inside.some((h) => h.pid === pid))) {
    return { state: 'in-use', pid, orphaned: parentOf(pid) === 1 };
  }
  // after a crash, backends of the ended server may still be attached to its shared memory for a moment
  const holders = (inside ?? []).filter((h) => /postgres/.test(h.command));
  if (holders.length) return { state: 'leaving', pid, holders };
  if (alive) return { state: 'stale', pid, reason: 'reused', command: commandOf(pid) };
  return { state: 'stale', pid, reason: pid > 0 && signalable(pid) ? 'zombie' : 'dead' };
}

export function inUseMessage(clusterDir: string, pid: number, orphaned = false): string {
  const what = `The database directory ${clusterDir} is in use by another running server (PostgreSQL PID ${pid}).`;
  if (orphaned) {
    return `${what} The TheOne process that started it has ended: stop it with 'kill -INT ${pid}' (a clean, fast shutdown), then start again.`;
  }
  return `${what} Stop the other TheOne process first, or start this one with a different DATA_DIR.`;
}

function stillUsedMessage(clusterDir: string, holders: ClusterHolder[]): string {
  const list = holders.map((h) => `${h.pid}${h.command ? ` ${h.command}` : ''}`).join('; ');
  return `The database directory ${clusterDir} is still used by processes of a server that stopped abnormally (PID ${list}): stop them, then start again.`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Makes the cluster ready for a new server: refuses one in use (DataDirInUseError), removes a postmaster.pid whose
 * PID was reused, and waits (up to `waitMs`) for processes of a crashed server that are still leaving.
 */
export async function releaseStaleLock(
  clusterDir: string,
  log: (line: string) => void = () => {},
  waitMs = 15_000,
): Promise<void> {
  const until = Date.now() + waitMs;
  for (;;) {
    const lock = clusterLock(clusterDir);
    if (lock.state === 'free') return;
    if (lock.state === 'in-use') throw new DataDirInUseError(inUseMessage(clusterDir, lock.pid, lock.orphaned));
    if (lock.state === 'leaving') {
      if (Date.now() > until) throw new DataDirInUseError(stillUsedMessage(clusterDir, lock.holders));
      await sleep(200);
      continue;
    }
    if (lock.reason === 'dead') return;
    unlinkSync(path.join(clusterDir, 'postmaster.pid'));
    // the socket's lock file names the same PID (the socket lives in the cluster directory, embedded.ts)
    for (const f of readdirSync(clusterDir))
      if (/^\.s\.PGSQL\.\d+\.lock$/.test(f)) unlinkSync(path.join(clusterDir, f));
    log(
      lock.reason === 'zombie'
        ? `Removed a stale postmaster.pid: its PostgreSQL (PID ${lock.pid}) has ended.`
        : `Removed a stale postmaster.pid: its PostgreSQL (PID ${lock.pid}) has ended and that PID now belongs to another program${lock.command ? ` (${lock.command})` : ''}.`,
    );
    return;
  }
}
