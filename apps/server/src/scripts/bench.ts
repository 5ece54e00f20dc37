/**
 * The performance budgets, measured (`npm run bench`; docs/bench.md explains the figures).
 *
 * Starts an embedded PostgreSQL in a temporary directory, migrates and seeds it (demo data, then the bench data of
 * each registered scenario group), starts the built server (apps/server/dist/main.js) against it on a free port,
 * and drives each endpoint with autocannon at 50 connections. Prints req/s, p50, p95, p99, errors and the server's
 * RSS, checks the budgets, and writes bench-results/latest.json. Exit code 1 when a budget is missed.
 *
 *   npm run bench                # everything
 *   npm run bench -- auth        # only groups whose name contains 'auth'
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { applySeed } from '../modules/system/seed/seed';
import { findRepoRoot } from '../platform/config';
import { connectDatabase, type Db, runMigrations } from '../platform/db/database';
import { freePort, startEmbeddedPostgres } from '../platform/db/embedded';
import { BENCH_GROUPS } from './bench-groups';

export interface BenchContext {
  base: string;
  db: Db;
  login(userName: string, password: string): Promise<string>;
  get(pathname: string, token: string): Promise<unknown>;
}

export interface BenchScenario {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Token of the user to call as; undefined = anonymous. */
  token?: string;
  /** Budget for p95 in ms (checked). */
  p95Budget?: number;
  connections?: number;
  durationSeconds?: number;
  /** Extra request headers (e.g. Accept-Encoding for the compression comparison). */
  headers?: Record<string, string>;
  /** Load run at the same time as the measured one (the login storm around the user list); reported beside it. */
  background?: BenchScenario;
}

export interface BenchGroup {
  name: string;
  /** Seeds the data this group needs (runs before the server starts). */
  seed?(db: Db, log: (line: string) => void): Promise<void>;
  /** Extra measurements that are not HTTP load (e.g. export time, import time). */
  measure?(ctx: BenchContext, log: (line: string) => void): Promise<BenchResult[]>;
  scenarios(ctx: BenchContext): Promise<BenchScenario[]>;
}

export interface BenchResult {
  group: string;
  name: string;
  requestsPerSecond?: number;
  p50?: number;
  p95?: number;
  p99?: number;
  errors?: number;
  non2xx?: number;
  rssMb?: number;
  /** Average bytes received per response (headers and body as sent). */
  kbPerResponse?: number;
  /** The background load's own figures, when the scenario had one. */
  background?: { name: string; requestsPerSecond: number; p50: number; p95: number; non2xx: number; errors: number };
  value?: number;
  unit?: string;
  budget?: string;
  pass?: boolean;
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

async function load(base: string, s: BenchScenario, pid: number): Promise<Omit<BenchResult, 'group'>> {
  if (s.background) {
    // The background starts first and runs a little longer, so the whole measured run sees it.
    const bg = load(base, { ...s.background, durationSeconds: (s.durationSeconds ?? 10) + 2 }, pid);
    await new Promise((r) => setTimeout(r, 1000));
    const [main, other] = await Promise.all([load(base, { ...s, background: undefined }, pid), bg]);
    const { requestsPerSecond = 0, p50 = 0, p95 = 0, non2xx = 0, errors = 0 } = other;
    return { ...main, background: { name: other.name, requestsPerSecond, p50, p95, non2xx, errors } };
  }
  const latencies: number[] = [];
  let finish: (r: autocannon.Result) => void = () => {};
  let fail: (e: unknown) => void = () => {};
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: `${base}${s.path}`,
      method: s.method ?? 'GET',
      connections: s.connections ?? 50,
      duration: s.durationSeconds ?? 10,
      headers: {
        'content-type': 'application/json',
        ...(s.token ? { authorization: `Bearer ${s.token}` } : {}),
        ...s.headers,
      },
      body: s.body === undefined ? undefined : JSON.stringify(s.body),
    },
    (err, result) => (err ? fail(err) : finish(result)),
  );
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
  });
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(pid));
  }, 250);
  const result = await finished;
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  const p95 = Number(percentile(latencies, 95).toFixed(1));
  return {
    name: s.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p95,
    p99: Number(percentile(latencies, 99).toFixed(1)),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    rssMb: peakRss,
    kbPerResponse: result.requests.total
      ? Number((result.throughput.total / result.requests.total / 1024).toFixed(1))
      : 0,
    budget: s.p95Budget ? `p95 < ${s.p95Budget} ms` : undefined,
    pass: s.p95Budget ? p95 < s.p95Budget && result.non2xx === 0 && result.errors === 0 : result.non2xx === 0,
  };
}

async function waitForHealth(base: string, child: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      const res = await fetch(`${base}/prod-api/health`);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become healthy');
}

/**
 * A bare Node HTTP server (another process, no framework, no database) answering a fixed 20 KB JSON page of 20
 * rows, as the list scenarios do. Loaded the same way before and after the groups, it measures the machine itself:
 * on a shared two-core VM the same build's figures drift by a third within an hour (docs/bench.md), and this run's
 * figures are read against it.
 */
const CALIBRATION_SERVER = `
const http = require('node:http');
const rows = Array.from({ length: 20 }, (_, i) => ({
  id: 100000 + i, transportId: 'BN000001' + String(i).padStart(5, '0'), status: i % 9, mark: 'TH' + i, markName: '泰华贸易' + i,
  consignee: 'Khun Somchai ' + i, consigneeTel: '08123456' + i, consigneeAddr: '41 Sukhumvit Rd, Khlong Toei, Bangkok 10110',
  cargoName: '服装 เสื้อผ้า ' + i, cargoPiece: 6, cargoWeight: '271.45', cargoVolume: '1.535', feeArAmount: '1221.53',
  orderTime: new Date(Date.UTC(2026, 10, 1 + i)).toISOString(), arrivedTime: null, containerNo: 'CSQU3054383',
  remark: 'x'.repeat(560),
}));
const body = JSON.stringify({ code: 200, msg: '操作成功', rows, total: 20 });
http.createServer((req, res) => {
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(body);
}).listen(Number(process.argv[1]), '127.0.0.1');
`;

async function calibrate(when: string): Promise<BenchResult> {
  const port = await freePort();
  const bare = spawn(process.execPath, ['-e', CALIBRATION_SERVER, String(port)], { stdio: 'ignore' });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 40; i++) {
      if (
        await fetch(base).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await load(base, { name: 'warm-up', path: '/', durationSeconds: 2, connections: 10 }, bare.pid!);
    const r = await load(base, { name: `machine ${when}: bare Node HTTP, 20 KB page`, path: '/' }, bare.pid!);
    return { group: 'calibration', ...r };
  } finally {
    bare.kill('SIGTERM');
  }
}

function printCalibration(r: BenchResult) {
  console.log(
    `  ${r.name.padEnd(42)} ${String(r.requestsPerSecond).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  ${r.kbPerResponse} KB/response`,
  );
}

/** What undici says when the kept-alive connection it reused had been closed by the server. */
const CLOSED_CONNECTION = new Set(['UND_ERR_SOCKET', 'EPIPE', 'ECONNRESET']);

/**
 * `fetch`, tried again (up to three times) when the server had closed the kept-alive connection it reused: between
 * groups the bench's own connections sit idle for minutes while other groups load the server, and each retry may
 * pick another closed one from the pool.
 */
async function fetchAgainIfClosed(url: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (err) {
      const code = (err as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || !code || !CLOSED_CONNECTION.has(code)) throw err;
    }
  }
}

async function main() {
  // `npm run bench -- loads destination`: the groups whose name contains any of the words
  const filters = process.argv.slice(2);
  const groups = BENCH_GROUPS.filter((g) => !filters.length || filters.some((f) => g.name.includes(f)));
  const root = findRepoRoot();
  const dir = mkdtempSync(path.join(tmpdir(), 'theone-bench-'));
  chmodSync(dir, 0o711); // as root the server runs as the 'postgres' user, which must enter it
  const log = (l: string) => console.log(`  ${l}`);
  console.log(`Bench: ${groups.map((g) => g.name).join(', ')} (data in ${dir})`);
  const pgServer = await startEmbeddedPostgres({ pgDataDir: path.join(dir, 'postgres') });
  const database = connectDatabase(pgServer.url, { max: 4 });
  let server: ChildProcess | undefined;
  const results: BenchResult[] = [];
  try {
    await runMigrations(database);
    await applySeed(database.db, { production: false });
    for (const g of groups) {
      if (g.seed) {
        console.log(`Seeding ${g.name} ...`);
        const started = Date.now();
        await g.seed(database.db, log);
        log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
    }
    await database.db.execute('VACUUM ANALYZE' as never).catch(() => {});
    // the seeds wrote hundreds of MB in seconds: flushed now, so no scenario runs beside the checkpoint they cause
    await database.db.execute('CHECKPOINT' as never).catch(() => {});
    const port = await freePort();
    // The flags `npm start` gives the server (scripts/lib.mjs, passed by scripts/bench.mjs), then BENCH_NODE_ARGS
    // (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server under load).
    const nodeArgs = `${process.env.BENCH_SERVER_ARGS ?? ''} ${process.env.BENCH_NODE_ARGS ?? ''}`
      .split(' ')
      .filter(Boolean);
    server = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/dist/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        DATABASE_URL: pgServer.url,
        CAPTCHA_ENABLED: 'false',
        LOG_LEVEL: 'error',
        LOGIN_RATE_LIMIT: '100000000',
        CAPTCHA_RATE_LIMIT: '100000000',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, server);
    const ctx: BenchContext = {
      base,
      db: database.db,
      async login(userName, password) {
        const res = await fetchAgainIfClosed(`${base}/prod-api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: userName, password }),
        });
        const body = (await res.json()) as { data?: { access_token: string } };
        if (!body.data) throw new Error(`bench login ${userName} failed`);
        return body.data.access_token;
      },
      async get(pathname, token) {
        const res = await fetchAgainIfClosed(`${base}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
        return res.json();
      },
    };
    console.log(`Server up (pid ${server.pid}, RSS ${rssMb(server.pid!)} MB at rest)`);
    console.log('\ncalibration (the machine, not the build: compare runs by it)');
    const before = await calibrate('before');
    results.push(before);
    printCalibration(before);
    for (const g of groups) {
      console.log(`\n${g.name}`);
      for (const s of await g.scenarios(ctx)) {
        // warm-up, then the measured run
        await load(base, { ...s, durationSeconds: 2, connections: 10 }, server.pid!);
        const r = await load(base, s, server.pid!);
        results.push({ group: g.name, ...r });
        console.log(
          `  ${r.name.padEnd(42)} ${String(r.requestsPerSecond).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  errors ${r.errors} non2xx ${r.non2xx}  RSS ${r.rssMb} MB  ${r.kbPerResponse} KB/response${r.budget ? `  [${r.budget}: ${r.pass ? 'PASS' : 'FAIL'}]` : ''}`,
        );
        const bg = r.background;
        if (bg)
          console.log(
            `    meanwhile ${bg.name}: ${bg.requestsPerSecond} req/s  p50 ${bg.p50} ms  p95 ${bg.p95} ms  errors ${bg.errors} non2xx ${bg.non2xx}`,
          );
      }
      if (g.measure) {
        for (const r of await g.measure(ctx, log)) {
          results.push({ ...r, group: g.name });
          console.log(
            `  ${r.name.padEnd(42)} ${r.value} ${r.unit}${r.budget ? `  [${r.budget}: ${r.pass ? 'PASS' : 'FAIL'}]` : ''}`,
          );
        }
      }
    }
    const after = await calibrate('after');
    results.push(after);
    console.log('\ncalibration');
    printCalibration(after);
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    await database.close();
    await pgServer.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const outDir = path.join(root, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
  const failed = results.filter((r) => r.pass === false);
  console.log(
    `\n${results.length} measurements, ${failed.length} over budget${failed.length ? `: ${failed.map((f) => f.name).join(', ')}` : ''}`,
  );
  process.exit(failed.length ? 1 : 0);
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
