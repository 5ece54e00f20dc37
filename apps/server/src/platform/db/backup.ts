import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { clusterLock } from './cluster-lock';
import { packagedBinaries } from './embedded';
import { type Account, postgresAccount, reachableClusterDir } from './embedded-root';

/**
 * `npm run backup` / `npm run restore` for the embedded PostgreSQL (docs/operations.md). The embedded distribution
 * ships no pg_dump, pg_restore or pg_basebackup (only initdb, pg_ctl, postgres), and the machine's client tools may
 * be older than its server, so a backup is a file-level copy of the stopped cluster: consistent because no server
 * runs on it, which the backup makes sure of by holding the cluster the way a server does (its own postmaster.pid,
 * working in the directory: a start meanwhile is refused, cluster-lock.ts). The archive (tar.gz, mode 600) holds
 * the cluster, its password file, the uploaded files (DATA_DIR/files) and the generated JWT secret, with a
 * manifest. A restore goes only into an empty DATA_DIR (and an empty cluster directory, as root where the start
 * would put it), never over a running app, and checks the PostgreSQL major version.
 * With DATABASE_URL set both refuse: an external PostgreSQL is backed up with its own pg_dump.
 */
export const MANIFEST = 'theone-backup.json';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** PG_VERSION of the cluster (the major version) */
  postgresMajor: string;
  /** the embedded distribution that wrote it */
  distribution: string;
  /** the cluster's directory name inside the archive (and `<name>.password`) */
  cluster: string;
  files: boolean;
  jwtSecret: boolean;
  /** where it came from */
  dataDir: string;
}

export class BackupError extends Error {}

export interface EmbeddedPaths {
  dataDir: string;
  /** the configured cluster directory (PG_DATA_DIR or DATA_DIR/postgres) */
  pgDataDir: string;
  /** where the start keeps it (as root maybe under /var/lib/theone, embedded-root.ts) */
  clusterDir: string;
  /** as root: the account PostgreSQL runs as */
  account?: Account;
}

/** DATA_DIR and the cluster as `npm start` finds them (config.ts, embedded.ts), from the same environment. */
export function embeddedPaths(
  env: NodeJS.ProcessEnv = process.env,
  options: { rootHome?: string } = {},
): EmbeddedPaths {
  if (env.DATABASE_URL) {
    throw new BackupError(
      'DATABASE_URL is set: this database is not the embedded one. Back it up with pg_dump -Fc and restore it with pg_restore (docs/operations.md), and copy DATA_DIR/files.',
    );
  }
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const pgDataDir = path.resolve(env.PG_DATA_DIR || path.join(dataDir, 'postgres'));
  const account = userInfo().uid === 0 ? postgresAccount() : undefined;
  let clusterDir = pgDataDir;
  if (account && existsSync(path.dirname(pgDataDir))) {
    clusterDir = reachableClusterDir(account, pgDataDir, { movable: !env.PG_DATA_DIR, home: options.rootHome });
  }
  return { dataDir, pgDataDir, clusterDir, account };
}

function runningMessage(action: string, clusterDir: string, pid: number) {
  return `TheOne is running on this data directory (its database ${clusterDir} is used by PID ${pid}): stop it first (Ctrl+C, or your service manager), then ${action}.`;
}

function tar(args: string[], cwd?: string) {
  const r = spawnSync('tar', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.error) throw new BackupError(`tar is needed for backups (${r.error.message}): apt-get install tar gzip.`);
  if (r.status !== 0) throw new BackupError(`tar failed (exit ${r.status}): ${(r.stderr || '').trim().slice(-500)}`);
  return r.stdout;
}

/**
 * Holds the cluster for the duration of `work` as a server would (postmaster.pid naming this process, created
 * exclusively, and this process working in the directory), after refusing a running server.
 */
function holdingCluster<T>(clusterDir: string, action: string, work: () => T): T {
  const lock = clusterLock(clusterDir);
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (lock.state === 'in-use' || lock.state === 'leaving')
    throw new BackupError(runningMessage(action, clusterDir, lock.pid));
  if (lock.state === 'stale') unlinkSync(pidFile); // no process works in the cluster: nothing left to protect
  let fd: number;
  try {
    fd = openSync(pidFile, 'wx', 0o600);
  } catch {
    throw new BackupError(runningMessage(action, clusterDir, Number(readFileSync(pidFile, 'utf8').split('\n')[0])));
  }
  writeSync(fd, `${process.pid}\n${clusterDir}\n`);
  closeSync(fd);
  const cwd = process.cwd();
  try {
    process.chdir(clusterDir);
    return work();
  } finally {
    process.chdir(cwd);
    if (readFileSync(pidFile, 'utf8').split('\n')[0] === String(process.pid)) unlinkSync(pidFile);
  }
}

/** Writes a backup of the stopped embedded database and DATA_DIR/files to `outFile`. */
export async function backupEmbedded(paths: EmbeddedPaths, outFile: string): Promise<BackupManifest> {
  const { dataDir, clusterDir } = paths;
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new BackupError(
      `No embedded database in ${clusterDir}: check DATA_DIR (${dataDir}) and PG_DATA_DIR, or start TheOne once.`,
    );
  }
  const passwordFile = `${clusterDir}.password`;
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    postgresMajor: readFileSync(path.join(clusterDir, 'PG_VERSION'), 'utf8').trim(),
    distribution: (await packagedBinaries()).version,
    cluster: path.basename(clusterDir),
    files: existsSync(path.join(dataDir, 'files')),
    jwtSecret: existsSync(path.join(dataDir, 'jwt-secret')),
    dataDir,
  };
  const out = path.resolve(outFile);
  mkdirSync(path.dirname(out), { recursive: true });
  const staging = mkdtempSync(path.join(path.dirname(out), '.theone-backup-'));
  const partial = `${out}.partial`;
  try {
    writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    holdingCluster(clusterDir, 'back up', () => {
      const parent = path.dirname(clusterDir);
      tar([
        '-czf',
        partial,
        '--exclude=postmaster.pid',
        '--exclude=postmaster.opts',
        '--exclude=files/tmp',
        '-C',
        staging,
        MANIFEST,
        '-C',
        parent,
        manifest.cluster,
        ...(existsSync(passwordFile) ? ['-C', parent, path.basename(passwordFile)] : []),
        ...(manifest.files ? ['-C', dataDir, 'files'] : []),
        ...(manifest.jwtSecret ? ['-C', dataDir, 'jwt-secret'] : []),
      ]);
    });
    chmodSync(partial, 0o600);
    renameSync(partial, out);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
  return manifest;
}

/** The manifest of an archive (without unpacking the rest). */
export function readManifest(archive: string): BackupManifest {
  if (!existsSync(archive)) throw new BackupError(`No backup at ${archive}.`);
  const notOurs = new BackupError(`${archive} is not a TheOne backup (no ${MANIFEST} in it).`);
  let text: string;
  try {
    text = tar(['-xzOf', archive, MANIFEST]);
  } catch (err) {
    if (err instanceof BackupError && err.message.startsWith('tar is needed')) throw err;
    throw notOurs;
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text);
  } catch {
    throw notOurs;
  }
  if (manifest.format !== 1 || !manifest.cluster || manifest.cluster.includes('/')) {
    throw new BackupError(`${archive} is a backup of an unknown format.`);
  }
  return manifest;
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

function move(from: string, to: string) {
  try {
    renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    cpSync(from, to, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
    rmSync(from, { recursive: true, force: true });
  }
}

function chownTree(target: string, account: Account) {
  chownSync(target, account.uid, account.gid);
  if (!statSync(target).isDirectory()) return;
  for (const entry of readdirSync(target)) chownTree(path.join(target, entry), account);
}

/**
 * Restores an archive into an empty DATA_DIR: the cluster where the start will look for it, its password file,
 * the uploaded files and the JWT secret. Refuses a running app, a DATA_DIR or cluster directory that holds
 * anything, and a backup of another PostgreSQL major version.
 */
export async function restoreEmbedded(
  archive: string,
  env: NodeJS.ProcessEnv = process.env,
  options: { rootHome?: string } = {},
): Promise<BackupManifest> {
  const manifest = readManifest(path.resolve(archive));
  const before = embeddedPaths(env, options);
  for (const dir of new Set([before.pgDataDir, before.clusterDir])) {
    const lock = clusterLock(dir);
    if (lock.state === 'in-use' || lock.state === 'leaving')
      throw new BackupError(runningMessage('restore', dir, lock.pid));
  }
  if (!isEmptyDir(before.dataDir)) {
    throw new BackupError(
      `${before.dataDir} is not empty: a restore goes into an empty DATA_DIR. Move the current one aside (mv ${before.dataDir} ${before.dataDir}.old), or set DATA_DIR to a new directory.`,
    );
  }
  const major = (await packagedBinaries()).version.split('.')[0];
  if (manifest.postgresMajor !== major) {
    throw new BackupError(
      `The backup holds a PostgreSQL ${manifest.postgresMajor} database; this TheOne runs PostgreSQL ${major}: restore it with the TheOne release that made it.`,
    );
  }
  // DATA_DIR first: whether the postgres user can reach it decides where the start keeps the cluster (as root).
  mkdirSync(before.dataDir, { recursive: true });
  const paths = embeddedPaths(env, options);
  const { dataDir, clusterDir, account } = paths;
  if (!isEmptyDir(clusterDir)) {
    throw new BackupError(
      `${clusterDir} already holds a database (the cluster of this DATA_DIR, kept there for the postgres user): move it aside first, or set DATA_DIR to a new directory.`,
    );
  }
  const staging = mkdtempSync(path.join(path.dirname(dataDir), '.theone-restore-'));
  try {
    tar(['-xzf', path.resolve(archive), '-C', staging]);
    const unpacked = path.join(staging, manifest.cluster);
    if (!existsSync(path.join(unpacked, 'PG_VERSION'))) throw new BackupError(`${archive} holds no database.`);
    mkdirSync(path.dirname(clusterDir), { recursive: true });
    rmSync(clusterDir, { recursive: true, force: true }); // an empty directory made by an earlier start
    move(unpacked, clusterDir);
    chmodSync(clusterDir, 0o700);
    if (account) chownTree(clusterDir, account);
    const password = path.join(staging, `${manifest.cluster}.password`);
    if (existsSync(password)) {
      move(password, `${clusterDir}.password`);
      chmodSync(`${clusterDir}.password`, 0o600);
    }
    if (manifest.files) move(path.join(staging, 'files'), path.join(dataDir, 'files'));
    if (manifest.jwtSecret) {
      move(path.join(staging, 'jwt-secret'), path.join(dataDir, 'jwt-secret'));
      chmodSync(path.join(dataDir, 'jwt-secret'), 0o600);
    }
  } catch (err) {
    // leave nothing half-restored behind: the next attempt needs the same empty directories
    rmSync(path.join(dataDir, 'files'), { recursive: true, force: true });
    rmSync(path.join(dataDir, 'jwt-secret'), { force: true });
    rmSync(clusterDir, { recursive: true, force: true }); // it was empty before

    rmSync(`${clusterDir}.password`, { force: true });
    throw err;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return manifest;
}
