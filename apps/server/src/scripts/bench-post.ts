import autocannon from 'autocannon';
import type { BenchContext } from './bench';

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
