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

/** A repeatable random number in [0, 1) (mulberry32): the scanners' phases are the same in every run. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * `scanners` people scanning `perSecond` times a second each for `seconds`, each at its own moment within the second
 * (random phases, fixed seed: people are not in step), each scan the next job. A person scans again only after the
 * answer of the last scan (the beep): when an answer comes later than the next planned scan, the next one goes at once.
 * The latency of a scan runs from sending it to having read its whole answer.
 */
export async function pacedRun(
  ctx: BenchContext,
  token: string,
  jobs: readonly TPostJob[],
  scanners: number,
  seconds: number,
  perSecond: number,
) {
  const latencies: number[] = [];
  let next = 0;
  let non2xx = 0;
  let errors = 0;
  const period = 1000 / perSecond;
  const random = seededRandom(20261128);
  const started = performance.now();
  const end = started + seconds * 1000;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
  const scanner = async (phase: number) => {
    for (let at = started + phase; at < end; at += period) {
      await sleep(at - performance.now());
      const job = jobs[next++];
      if (!job) throw new Error('the bench ran out of jobs');
      const sent = performance.now();
      try {
        const { res } = await rawPost(ctx, token, job.path, job.body);
        if (res.status < 200 || res.status > 299) non2xx++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: scanners }, () => scanner(random() * period)));
  latencies.sort((a, b) => a - b);
  return { latencies, used: next, rps: latencies.length / seconds, non2xx, errors };
}

/** One POST of a JSON text (or none), timed from sending it until its whole answer is read. */
async function rawPost(ctx: BenchContext, token: string, path: string, body?: string) {
  const started = performance.now();
  const res = await fetch(`${ctx.base}/prod-api${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
  });
  const buf = await res.arrayBuffer();
  return { ms: performance.now() - started, res, buf };
}

/** One POST timed until its whole answer is read; a JSON answer parsed. */
export async function timedPost(ctx: BenchContext, token: string, path: string, body?: unknown) {
  const { ms, res, buf } = await rawPost(ctx, token, path, body === undefined ? undefined : JSON.stringify(body));
  const type = res.headers.get('content-type') ?? '';
  const json = type.includes('json')
    ? (JSON.parse(Buffer.from(buf).toString('utf8')) as Record<string, unknown>)
    : null;
  return { ms, status: res.status, type, bytes: buf.byteLength, json };
}

/**
 * Scanners at once for the scan benches. The budget ('one scanned order p95 under 30 ms') is the wait a person
 * feels at the scanner, measured while 50 scanners work at once, each scanning once a second (50 scans a second:
 * more than ten crews loading ten containers side by side, where a loader scans a parcel every few seconds). The
 * runs without a pause (each scanner scans again as soon as the answer is back) measure what the server can take at
 * most; at 50 of them the 50th scan waits for the 49 before it, so their p95 is a queue, not a person's wait.
 */
export const SCAN_CREWS: readonly TCrewRun[] = [
  // the budget's run first: after the runs without a pause (4,000 writes in 20 s, eight times its rate) PostgreSQL
  // is still writing their pages out, and a paced run measured then showed that aftermath (p99 110-200 ms)
  { crews: 50, seconds: 10, perSecond: 1, budget: true },
  { crews: 1, seconds: 5 },
  { crews: 10, seconds: 5 },
  { crews: 50, seconds: 10 },
];

export interface TCrewRun {
  crews: number;
  seconds: number;
  /** scans a second per scanner; none: each scans again as soon as its answer is back */
  perSecond?: number;
  /** the run the budget is measured on */
  budget?: boolean;
}

export interface TCrewFigure {
  crews: number;
  seconds: number;
  perSecond?: number;
  budget?: boolean;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  used: number;
}

/**
 * A scan action measured at several numbers of scanners working at once (SCAN_CREWS), after a 2-second warm-up at
 * 10; every request the next job, so no scan repeats.
 */
export async function crewRuns(
  ctx: BenchContext,
  token: string,
  jobs: readonly TPostJob[],
  runs: readonly TCrewRun[],
): Promise<TCrewFigure[]> {
  let rest = jobs.slice((await postRun(ctx, token, jobs, 10, 2)).used);
  const out: TCrewFigure[] = [];
  for (const run of runs) {
    const { crews, seconds, perSecond } = run;
    const figures = perSecond
      ? await pacedRun(ctx, token, rest, crews, seconds, perSecond)
      : await postRun(ctx, token, rest, crews, seconds).then(({ result, latencies, used }) => ({
          latencies,
          used,
          rps: result.requests.average,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        }));
    rest = rest.slice(figures.used);
    const at = (p: number) => Number(pct(figures.latencies, p).toFixed(1));
    out.push({
      ...run,
      rps: Math.round(figures.rps),
      p50: at(50),
      p95: at(95),
      p99: at(99),
      non2xx: figures.non2xx,
      errors: figures.errors,
      used: figures.used,
    });
  }
  return out;
}

/** How a run is named: '50 scanners at once, 1 scan/s each' or '10 scanners at once, no pause'. */
const crewName = (f: TCrewFigure) =>
  `${f.crews} scanner${f.crews === 1 ? '' : 's'} at once, ${f.perSecond ? `${f.perSecond} scan/s each` : 'no pause'}`;

/** The rows of `crewRuns`: the budget on the run marked `budget`, the others for information. */
export function crewResults(
  group: string,
  name: string,
  figures: readonly TCrewFigure[],
  budgetMs: number,
  extraPass = true,
): BenchResult[] {
  return figures.map((f) => {
    const budgeted = f.budget === true;
    return {
      group,
      name: `${name}, ${crewName(f)}`,
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
  `${crewName(f)}: ${f.used} scans in ${f.seconds} s (${f.rps} req/s), p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms, non2xx ${f.non2xx}, errors ${f.errors}`;
