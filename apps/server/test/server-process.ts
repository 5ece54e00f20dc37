import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findRepoRoot } from '../src/platform/config';
import { isAlive, lockFilePid, processesIn } from '../src/platform/db/cluster-lock';

/**
 * TheOne as a real process, for the reliability tests (two instances, crash, backup): `src/main.ts` run by tsx, the
 * entry `apps/server/dist/main.js` is bundled from, so no build is needed and the code under test is what runs.
 * PORT=0 (the kernel picks a free port; the start message says which). Every process started here is killed when
 * the test process exits, whatever happened.
 */
export const REPO_ROOT = findRepoRoot();

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** http://127.0.0.1:<port> */
  url: string;
  /** stdout and stderr so far */
  output(): string;
  /** resolves with the exit code (or signal) */
  exited: Promise<number | string>;
  /** SIGTERM (clean stop: the embedded PostgreSQL stops with it), SIGKILL after `graceMs` */
  stop(graceMs?: number): Promise<void>;
  request(method: string, url: string, options?: { token?: string; body?: unknown }): Promise<ApiAnswer>;
  login(userName: string, password: string): Promise<string>;
}

export interface ApiAnswer {
  status: number;
  body: { code?: number; msg?: string; data?: unknown; rows?: unknown[]; total?: number } & Record<string, unknown>;
}

const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** The environment of a test server: development mode (demo users), no captcha, quiet, no login rate limit. */
export function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _d, PG_DATA_DIR: _p, EMBEDDED_PG_PORT: _e, TEST_DATABASE_URL: _t, ...base } = process.env;
  return {
    ...base,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: '0',
    CAPTCHA_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '100000',
    CAPTCHA_RATE_LIMIT: '100000',
    ...env,
  };
}

/** Runs a program to its end: exit code and output. */
export function runToEnd(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(child);
    let output = '';
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString('utf8');
    });
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      resolve({ code: code ?? (signal ? 128 : 1), output });
    });
  });
}

/** The server's command line: node with tsx on src/main.ts. */
export function serverCommand(): string[] {
  return ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')];
}

export async function startServer(env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, serverCommand(), { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let output = '';
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      live.delete(child);
      resolve(code ?? signal ?? 'unknown');
    });
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      output += d.toString('utf8');
      const m = /TheOne is running: http:\/\/localhost:(\d+)\//.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server ended (${code}) before it was ready:\n${output}`));
    });
  });

  const request: ServerProcess['request'] = async (method, route, options = {}) => {
    const res = await fetch(`${url}/prod-api${route}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    let body: ApiAnswer['body'];
    try {
      body = JSON.parse(text);
    } catch {
      body = { raw: text };
    }
    return { status: res.status, body };
  };

  return {
    child,
    pid: child.pid as number,
    url,
    output: () => output,
    exited,
    async stop(graceMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    request,
    async login(userName, password) {
      const res = await request('POST', '/auth/login', { body: { username: userName, password } });
      const token = (res.body.data as { access_token?: string } | undefined)?.access_token;
      if (res.body.code !== 200 || !token) throw new Error(`login ${userName} failed: ${JSON.stringify(res.body)}`);
      return token;
    },
  };
}

/** The direct children of a process (Linux /proc). */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // pid (comm) state ppid ...; comm may hold spaces and parentheses: read after the last ')'
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(name));
    } catch {
      /* gone */
    }
  }
  return out;
}

/** SIGKILL to each process; one that has already ended (ESRCH: a backend leaving between listing and kill) is skipped. */
export function killAll(pids: Iterable<number>): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
    }
  }
}

/**
 * A crash: SIGKILL to the TheOne process, its PostgreSQL postmaster and every PostgreSQL process, at once, as a power
 * cut would end them (nothing gets to flush or clean up; postmaster.pid stays). Resolves once all are gone.
 * `backends: false` spares the postmaster's children: they notice its death and leave on their own, a moment later.
 */
export async function crash(server: ServerProcess, clusterDir: string, options = { backends: true }): Promise<void> {
  const postmaster = lockFilePid(clusterDir);
  const victims = new Set<number>([server.pid]);
  if (postmaster) victims.add(postmaster);
  if (postmaster && options.backends) {
    for (const c of childrenOf(postmaster)) victims.add(c);
    for (const h of processesIn(clusterDir) ?? []) victims.add(h.pid);
  }
  killAll(victims);
  await server.exited;
  const until = Date.now() + 10_000;
  while ([...victims].some(isAlive) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}
