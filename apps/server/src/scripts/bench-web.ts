import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { findRepoRoot } from '../platform/config';
import type { BenchGroup, BenchResult, BenchScenario } from './bench';
import { benchMark, seedLargeOrders } from './seed-large';

/**
 * Speed over a real network (issue 10 item 10: staff in Thailand on a server in China).
 *
 * `compression`: the two heaviest lists a clerk pages through, as the browser asks for them (Accept-Encoding: br,
 * gzip: the server compresses answers over 1 KB, platform/http/compression.ts) and without compression. On this
 * loopback the network costs nothing, so the figures show what compressing costs the server; KB/response shows
 * what it saves on the wire. Seeds 5,000 orders when no larger group has (run alone: `npm run bench -- compression`).
 *
 * `web weight`: what Chromium downloads for the login page and for the home page after signing in, in zh-cn, th
 * and en, first visit (scripts/page-weight.mjs; budgets: login < 200 KB, home < 400 KB more).
 */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const NONE = { 'accept-encoding': 'identity' };

export const compressionBench: BenchGroup = {
  name: 'compression',
  async seed(db, log) {
    const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM bus_order`);
    if ((rows[0]?.n ?? 0) < 1_000) await seedLargeOrders(db, { orders: 5_000, marks: 50, days: 30 }, log);
  },
  async scenarios(ctx) {
    const admin = await ctx.login('admin', 'admin123');
    const lists = [
      { name: '/system/user/list 20 rows', path: '/prod-api/system/user/list?pageNum=1&pageSize=20' },
      {
        name: '/bus/inware/list 20 orders of a mark',
        path: `/prod-api/bus/inware/list?view=orderList&pageNum=1&pageSize=20&mark=${benchMark(7)}`,
      },
    ];
    const scenarios: BenchScenario[] = [];
    for (const list of lists) {
      scenarios.push({ name: `${list.name}, not compressed`, path: list.path, token: admin, headers: NONE });
      scenarios.push({ name: `${list.name}, compressed`, path: list.path, token: admin, headers: BROWSER });
    }
    return scenarios;
  },
};

interface PageWeight {
  loginBudget: number;
  homeBudget: number;
  results: {
    language: string;
    loginBytes: number;
    homeBytes: number;
    loginPass: boolean;
    homePass: boolean;
  }[];
}

export const webWeightBench: BenchGroup = {
  name: 'web weight',
  async scenarios() {
    return [];
  },
  async measure(ctx, log) {
    const script = path.join(findRepoRoot(), 'scripts', 'page-weight.mjs');
    const run = spawnSync(process.execPath, [script, '--url', ctx.base, '--json'], {
      encoding: 'utf8',
      timeout: 300_000,
      env: process.env,
    });
    const line = run.stdout.split('\n').find((l) => l.startsWith('{'));
    if (!line) {
      log(`page-weight did not answer: ${(run.stderr || run.error?.message || '').trim().slice(0, 500)}`);
      return [{ group: 'web weight', name: 'page weight measured in Chromium', pass: false }];
    }
    const weight = JSON.parse(line) as PageWeight;
    const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
    return weight.results.flatMap((r): BenchResult[] => [
      {
        group: 'web weight',
        name: `login page (${r.language}, first visit)`,
        value: kb(r.loginBytes),
        unit: 'KB transferred',
        budget: `< ${kb(weight.loginBudget)} KB`,
        pass: r.loginPass,
      },
      {
        group: 'web weight',
        name: `home after signing in (${r.language})`,
        value: kb(r.homeBytes),
        unit: 'KB transferred',
        budget: `< ${kb(weight.homeBudget)} KB`,
        pass: r.homePass,
      },
    ]);
  },
};
