import autocannon from 'autocannon';
import type { BenchContext, BenchResult } from './bench';

/**
 * What the action benches share (bench-loads: the loading scan, plans, prints; bench-destination: the overseas
 * scan, batch sign, run sheet): percentiles, the business 'now', a run of distinct POSTs under autocannon, and one
 * POST timed end to end.
 */

/** The p-th percentile of sorted latencies (0 when empty). */
export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai (the bench server's business time zone). */
export function businessNow(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export interface TPostJob {
  path: string;
  body: string;
}

/**
 * `connections` clients for `seconds`, each request the next job (no job repeats: every answer is a real action);
 * the latencies sorted and how many jobs were used.
 */
export async function postRun(
  ctx: BenchContext,
  token: string,
  jobs: readonly TPostJob[],
  connections: number,
  seconds: number,
) {
  const latencies: number[] = [];
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: ctx.base,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const job = jobs[next++];
              if (!job) throw new Error('the bench ran out of jobs');
              return {
                ...req,
                path: `/prod-api${job.path}`,
                headers: { ...req.headers, 'content-type': 'application/json', authorization: `Bearer ${token}` },
                body: job.body,
              };
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_c: unknown, _s: number, _b: number, ms: number) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  return { result, latencies, used: next };
}

/** One POST timed until its whole answer is read; a JSON answer parsed. */
export async function timedPost(ctx: BenchContext, token: string, path: string, body?: unknown) {
  const started = performance.now();
  const res = await fetch(`${ctx.base}/prod-api${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const buf = await res.arrayBuffer();
  const ms = performance.now() - started;
  const type = res.headers.get('content-type') ?? '';
  const json = type.includes('json')
    ? (JSON.parse(Buffer.from(buf).toString('utf8')) as Record<string, unknown>)
    : null;
  return { ms, status: res.status, type, bytes: buf.byteLength, json };
}

/** Scanners at once for the scan benches: one person, a busy warehouse, the budget's 50 connections. */
export const SCAN_CREWS = [
  { crews: 1, seconds: 5 },
  { crews: 10, seconds: 5 },
  { crews: 50, seconds: 10 },
];

export interface TCrewFigure {
  crews: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  used: number;
}

/**
 * A scan action measured at several numbers of scanners working at once, each scanning again as soon as the answer
 * is back (no pause between scans: far faster than a person), after a 2-second warm-up at 10; every request the next
 * job, so no scan repeats. 1 scanner is the latency one person feels, the largest number the budget's load.
 */
export async function crewRuns(
  ctx: BenchContext,
  token: string,
  jobs: readonly TPostJob[],
  runs: readonly { crews: number; seconds: number }[],
): Promise<TCrewFigure[]> {
  let rest = jobs.slice((await postRun(ctx, token, jobs, 10, 2)).used);
  const out: TCrewFigure[] = [];
  for (const { crews, seconds } of runs) {
    const { result, latencies, used } = await postRun(ctx, token, rest, crews, seconds);
    rest = rest.slice(used);
    const at = (p: number) => Number(pct(latencies, p).toFixed(1));
    out.push({
      crews,
      seconds,
      rps: Math.round(result.requests.average),
      p50: at(50),
      p95: at(95),
      p99: at(99),
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      used,
    });
  }
  return out;
}

/** The rows of `crewRuns`: the budget on the run at `budgetCrews` scanners, the others for information. */
export function crewResults(
  group: string,
  name: string,
  figures: readonly TCrewFigure[],
  budgetCrews: number,
  budgetMs: number,
  extraPass = true,
): BenchResult[] {
  return figures.map((f) => {
    const budgeted = f.crews === budgetCrews;
    return {
      group,
      name: `${name}, ${f.crews} scanner${f.crews === 1 ? '' : 's'} at once`,
      requestsPerSecond: f.rps,
      p50: f.p50,
      p95: f.p95,
      p99: f.p99,
      errors: f.errors,
      non2xx: f.non2xx,
      value: f.p95,
      unit: `ms p95 (${f.rps} req/s, p50 ${f.p50} ms, non2xx ${f.non2xx})`,
      ...(budgeted
        ? { budget: `p95 < ${budgetMs} ms`, pass: f.p95 < budgetMs && f.non2xx === 0 && f.errors === 0 && extraPass }
        : { pass: f.non2xx === 0 && f.errors === 0 }),
    };
  });
}

export const crewLine = (f: TCrewFigure) =>
  `${f.crews} at once: ${f.used} scans in ${f.seconds} s (${f.rps} req/s), p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms, non2xx ${f.non2xx}, errors ${f.errors}`;
