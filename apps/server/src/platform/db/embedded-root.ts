import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL refuses to run as root, so when TheOne is started as root the embedded server runs as the `postgres`
 * system user (created if missing). That user must be able to execute the binaries and enter the cluster
 * directory, which a clone under /root (or any mode-700 directory) does not allow. Then:
 * - the binaries are copied once per PostgreSQL package version to `<home>/postgresql-<version>`;
 * - the cluster goes to `<home>/data-<hash of the configured directory>/postgres` (an `origin` file there names
 *   the directory it stands for), unless the configured directory already holds a cluster or was set explicitly,
 *   which ends with one sentence saying what to do.
 * `home` is /var/lib/theone by default. Nothing here runs for other users.
 */
export const ROOT_HOME = '/var/lib/theone';

export interface Account {
  uid: number;
  gid: number;
}

export class PlacementError extends Error {}

function idOf(flag: '-u' | '-g'): number | undefined {
  const r = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  return r.status === 0 ? Number(r.stdout.trim()) : undefined;
}

/** The `postgres` system user's ids, creating the user (and its group) when missing. */
export function postgresAccount(): Account {
  if (idOf('-u') === undefined) {
    if (spawnSync('getent', ['group', 'postgres']).status !== 0) spawnSync('groupadd', ['--system', 'postgres']);
    const r = spawnSync(
      'useradd',
      ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
      { encoding: 'utf8' },
    );
    if (r.status !== 0 && idOf('-u') === undefined) {
      throw new PlacementError(
        `PostgreSQL cannot run as root and the 'postgres' user could not be created (${(r.stderr || r.error?.message || '').trim()}): create it with 'useradd --system postgres', or set DATABASE_URL.`,
      );
    }
  }
  return { uid: idOf('-u') as number, gid: idOf('-g') as number };
}

/** Whether `account` can reach `target` with `test`'s flag (-x: execute a file or enter a directory). */
export function canReach(account: Account, target: string, flag: '-x' | '-r' = '-x'): boolean {
  return spawnSync('test', [flag, target], { uid: account.uid, gid: account.gid, cwd: '/' }).status === 0;
}

function removeQuietly(target: string) {
  try {
    rmSync(target, { recursive: true, force: true });
  } catch {
    // nothing there to remove
  }
}

function ensurePublicDir(dir: string) {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, statSync(dir).mode | 0o755);
}

/**
 * The PostgreSQL distribution (bin/, lib/, share/) the postgres user can run: `native` itself when reachable,
 * else a copy under `home` (made once, atomically, so concurrent starters share it).
 */
export function reachableBinaries(account: Account, native: string, version: string, home = ROOT_HOME): string {
  const postgres = (dir: string) => path.join(dir, 'bin', 'postgres');
  if (canReach(account, postgres(native))) return native;
  const target = path.join(home, `postgresql-${version}`);
  if (!existsSync(postgres(target))) {
    const staging = `${target}.tmp-${process.pid}-${Date.now().toString(36)}`;
    try {
      ensurePublicDir(home);
      cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
      chmodSync(staging, 0o755);
    } catch (err) {
      removeQuietly(staging);
      throw new PlacementError(
        `The 'postgres' user cannot run the PostgreSQL binaries in ${native}, and copying them to ${target} failed (${(err as Error).message}): start TheOne from a directory that user can enter, or set DATABASE_URL.`,
      );
    }
    try {
      renameSync(staging, target);
    } catch {
      removeQuietly(staging); // another starter got there first
    }
  }
  if (!canReach(account, postgres(target))) {
    throw new PlacementError(
      `The 'postgres' user cannot run the PostgreSQL binaries in ${native} nor in ${target}: start TheOne from a directory that user can enter, or set DATABASE_URL.`,
    );
  }
  return target;
}

/**
 * The cluster directory the postgres user can enter: `pgDataDir` when its parent is reachable, else a directory
 * under `home` standing for it. Modes of existing directories are never loosened (a home directory stays
 * private): a temporary DATA_DIR meant for the embedded server is made enterable by whoever creates it.
 */
export function reachableClusterDir(
  account: Account,
  pgDataDir: string,
  options: { movable: boolean; home?: string },
): string {
  const parent = path.dirname(pgDataDir);
  if (canReach(account, parent)) return pgDataDir;
  const reason = `the 'postgres' user (which runs PostgreSQL when TheOne runs as root) cannot enter ${parent}`;
  if (!options.movable || existsSync(path.join(pgDataDir, 'PG_VERSION'))) {
    throw new PlacementError(
      `The embedded database cannot start: ${reason}; set PG_DATA_DIR to a directory it can enter (e.g. under /var/lib), or set DATABASE_URL.`,
    );
  }
  const home = options.home ?? ROOT_HOME;
  const hash = createHash('sha256').update(pgDataDir).digest('hex').slice(0, 12);
  const dir = path.join(home, `data-${hash}`);
  try {
    ensurePublicDir(home);
    mkdirSync(dir, { recursive: true, mode: 0o711 });
  } catch (err) {
    throw new PlacementError(
      `The embedded database cannot start: ${reason}, and ${dir} could not be made (${(err as Error).message}); set PG_DATA_DIR to a directory it can enter, or set DATABASE_URL.`,
    );
  }
  const origin = path.join(dir, 'origin');
  if (!existsSync(origin)) writeFileSync(origin, `${pgDataDir}\n`);
  else if (readFileSync(origin, 'utf8').trim() !== pgDataDir) {
    throw new PlacementError(`${dir} already holds the embedded database of another directory: set PG_DATA_DIR.`);
  }
  return path.join(dir, 'postgres');
}
