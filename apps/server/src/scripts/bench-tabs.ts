import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findRepoRoot } from '../platform/config';
import type { BenchGroup, BenchResult } from './bench';

/**
 * Tabs (issue 10 item 11): switching to an open tab and opening a new screen with 20 screens open as tabs, in
 * Chromium against the bench's server (e2e/perf/tabs.mjs; budgets: switch < 300 ms, open < 1 s with 21 tabs).
 * The figures with 3 tabs are printed for comparison. Run alone: `npm run bench -- tabs`.
 */
interface Phase {
  tabs: number;
  switch: { ms: number; readyMs: number; runs: number[] };
  open: { ms: number; readyMs: number; runs: number[] };
}

interface TabsAnswer {
  few: Phase;
  many: Phase;
  budgets: { switchMs: number; openMs: number };
  pass: { switch: boolean; open: boolean };
}

export const tabsBench: BenchGroup = {
  name: 'tabs',
  async scenarios() {
    return [];
  },
  async measure(ctx, log) {
    const script = path.join(findRepoRoot(), 'e2e', 'perf', 'tabs.mjs');
    const run = spawnSync(process.execPath, [script, '--url', `${ctx.base}/theone/`, '--json'], {
      encoding: 'utf8',
      timeout: 600_000,
      env: process.env,
    });
    const line = run.stdout.split('\n').find((l) => l.startsWith('{'));
    if (!line) {
      log(`tabs.mjs did not answer: ${(run.stderr || run.error?.message || '').trim().slice(0, 500)}`);
      return [{ group: 'tabs', name: 'tabs measured in Chromium', pass: false }];
    }
    const answer = JSON.parse(line) as TabsAnswer;
    const result = (phase: Phase, kind: 'switch' | 'open', budget?: number, pass?: boolean): BenchResult => ({
      group: 'tabs',
      name: `${kind === 'switch' ? 'switch to an open tab' : 'open a new screen'}, ${phase.tabs} tabs`,
      value: phase[kind].ms,
      unit: `ms (content at ${phase[kind].readyMs} ms; runs ${phase[kind].runs.join(', ')})`,
      ...(budget === undefined ? {} : { budget: `< ${budget} ms`, pass }),
    });
    return [
      result(answer.few, 'switch'),
      result(answer.few, 'open'),
      result(answer.many, 'switch', answer.budgets.switchMs, answer.pass.switch),
      result(answer.many, 'open', answer.budgets.openMs, answer.pass.open),
    ];
  },
};
