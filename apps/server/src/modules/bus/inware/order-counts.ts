import { toVolumeString, toWeightString } from '@theone/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db } from '../../../platform/db/database';
import { addDays } from '../../../platform/time';
import { markIdInScope } from '../../bas/mark-scope';
import { busOrder } from './inware.table';

/**
 * The order counts of the home dashboard (modules/home/home.service.ts explains each card), owned here because
 * they read bus_order: the open-work queues and the orders, weight and volume per business day. Scope as for the
 * order lists: `markIdInScope(..., { includeNull: true })` (cargo without a mark is everyone's).
 *
 * Speed: the queue counts read one partial covering index (bus_order_home_queue_idx, the rows of open work only),
 * the daily figures one covering index on orderTime (index-only scans, days bucketed with width_bucket on the day
 * boundaries computed in SQL, correct across DST). Migration 0006 holds the indexes.
 */

export interface TOrderQueueCounts {
  waitingInput: number;
  waitingLoad: number;
  /** Σ arrived volume of waitingLoad, m³ (3 decimals): the planner's number */
  waitingLoadVolume: string;
  noMark: number;
  waitingSettlement: number;
  waitingSign: number;
  problemItems: number;
}

export interface TOrderDailyFigures {
  /** the business days, 'YYYY-MM-DD', oldest first */
  days: string[];
  orders: number[];
  /** kg, 2 decimals */
  weight: string[];
  /** m³, 3 decimals */
  volume: string[];
}

/** The orders the caller counts (undefined: every order). */
function countScope(auth: AuthContext): SQL | undefined {
  return markIdInScope(auth, busOrder.markId, { includeNull: true });
}

/** True when the caller counts every order (one shared cache entry for all such callers). */
export function countsEveryOrder(auth: AuthContext): boolean {
  return countScope(auth) === undefined;
}

const num = (v: unknown) => Number(v ?? 0);

/** The open-work counts: one index-only scan of bus_order_home_queue_idx. */
export async function orderQueueCounts(db: Db, auth: AuthContext): Promise<TOrderQueueCounts> {
  const scope = countScope(auth);
  // The WHERE repeats the partial index's predicate word for word, so the planner can use it.
  const result = await db.execute<Record<string, string | number | null>>(sql`
    SELECT
      count(*) FILTER (WHERE status = 0) AS waiting_input,
      count(*) FILTER (WHERE status = 2 AND mark_id IS NOT NULL) AS waiting_load,
      coalesce(sum(arrived_volume) FILTER (WHERE status = 2 AND mark_id IS NOT NULL), 0) AS waiting_load_volume,
      count(*) FILTER (WHERE status = 2 AND mark_id IS NULL) AS no_mark,
      count(*) FILTER (WHERE status = 8 AND ar_write_status < 2) AS waiting_settlement,
      count(*) FILTER (WHERE status = 7) AS waiting_sign,
      count(*) FILTER (WHERE if_exception = 1) AS problem_items
    FROM bus_order
    WHERE (status IN (0, 2, 7) OR (status = 8 AND ar_write_status < 2) OR if_exception = 1)
    ${scope ? sql`AND ${scope}` : sql``}
  `);
  const r = result.rows[0] ?? {};
  return {
    waitingInput: num(r.waiting_input),
    waitingLoad: num(r.waiting_load),
    waitingLoadVolume: toVolumeString(String(r.waiting_load_volume ?? '0')),
    noMark: num(r.no_mark),
    waitingSettlement: num(r.waiting_settlement),
    waitingSign: num(r.waiting_sign),
    problemItems: num(r.problem_items),
  };
}

/** Orders, weight and volume per business day of the `days` days ending `today` (today last). */
export async function orderDailyFigures(
  db: Db,
  auth: AuthContext,
  today: string,
  timezone: string,
  days: number,
): Promise<TOrderDailyFigures> {
  const scope = countScope(auth);
  const first = addDays(today, -(days - 1));
  const result = await db.execute<{ bucket: number; orders: string; weight: string | null; volume: string | null }>(sql`
    WITH b AS (
      SELECT ARRAY(
        SELECT (d::timestamp AT TIME ZONE ${timezone})
        FROM generate_series(${first}::date, ${addDays(today, 1)}::date, interval '1 day') d
      ) AS edges
    )
    SELECT width_bucket(bus_order.order_time, b.edges) AS bucket,
           count(*) AS orders,
           sum(coalesce(bus_order.arrived_weight, bus_order.cargo_weight)) AS weight,
           sum(coalesce(bus_order.arrived_volume, bus_order.cargo_volume)) AS volume
    FROM bus_order, b
    WHERE bus_order.order_time >= b.edges[1] AND bus_order.order_time < b.edges[${days + 1}]
    ${scope ? sql`AND ${scope}` : sql``}
    GROUP BY 1
  `);
  const chart: TOrderDailyFigures = {
    days: Array.from({ length: days }, (_, i) => addDays(first, i)),
    orders: new Array(days).fill(0),
    weight: new Array(days).fill('0.00'),
    volume: new Array(days).fill('0.000'),
  };
  for (const r of result.rows) {
    const i = Number(r.bucket) - 1;
    if (i < 0 || i >= days) continue;
    chart.orders[i] = Number(r.orders);
    chart.weight[i] = toWeightString(r.weight ?? '0');
    chart.volume[i] = toVolumeString(r.volume ?? '0');
  }
  return chart;
}
