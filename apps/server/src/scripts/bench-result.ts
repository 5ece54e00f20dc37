import type { BenchResult } from './bench';

/** Figures of the measured (non-HTTP-load) bench results. */

/** The slowest of several timings (ms) in seconds, to the hundredth (0 when none ran). */
export const worstSeconds = (ms: readonly number[]) => Number((Math.max(0, ...ms) / 1000).toFixed(2));

/** A timed measurement against its budget in seconds: passes when `ok` and under the budget. */
export function secondsResult(group: string, name: string, seconds: number, budget: number, ok: boolean): BenchResult {
  return {
    group,
    name,
    value: Number(seconds.toFixed(2)),
    unit: 's',
    budget: `< ${budget} s`,
    pass: ok && seconds < budget,
  };
}
