import { hasPermission, type TLanguage } from '@theone/contracts';
import type { TArrivingContainer, THomeCounts } from '@theone/contracts/bus/home.responses';
import { HOME_CARDS } from '@theone/contracts/bus/home-cards';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Db } from '../../platform/db/database';
import { scopeCacheKey } from '../../platform/short-cache';
import { todayIn } from '../../platform/time';
import {
  countsEveryOrder,
  orderDailyFigures,
  orderQueueCounts,
  type TOrderDailyFigures,
} from '../bus/inware/order-counts';
import { seesEveryLoad, waitingDepartureCount } from '../bus/load/track.read';
import { myDeliveryCount } from '../bus/send/send-counts';
import { listArrivingContainers } from './arriving-containers';

/**
 * The home dashboard (`GET /bus/index`; spec §1, DOMAIN §8, screens bus-container.md §2), every figure a count of
 * orders in the caller's data scope, asked of the orders module (bus/inware/order-counts.ts: home reads no bus table):
 *
 * | card               | rule                                              | the list it opens                    | key            |
 * |--------------------|---------------------------------------------------|--------------------------------------|----------------|
 * | todayOrders        | orderTime on today (business time zone)           | orderList, that day                  | bus:order      |
 * | yesterdayOrders    | orderTime on yesterday                            | orderList, that day                  | bus:order      |
 * | waitingInput       | status 0 (staged)                                 | unOrder, status 0                    | bus:unOrder    |
 * | waitingLoad        | status 2 with a mark (not in a plan); Σ volume    | inOrder, tab In stock                | bus:inOrder    |
 * | waitingDeparture   | loads L2 (loaded, not departed), load scope       | track-list, tab Waiting departure    | bus:track      |
 * | noMark             | status 2 without a mark                           | noMarkOrder                          | bus:noMarkOrder|
 * | waitingSettlement  | status 8, arWriteStatus 0 or 1                    | orderList, those filters             | bus:order      |
 * | waitingSign        | status 7 (out for delivery)                       | sign-list, tab Unsigned (else orderList, status 7) | bus:sign |
 * | problemItems       | ifException = 1 (open: E0 or E1)                  | exception-list, tab Open (else orderList, problem items) | bus:exception |
 *
 * Which list and filters a card opens is one definition, `HOME_CARDS` in contracts (bus/home-cards.ts), shared by
 * the web's links and home-lists.int.test.ts, which checks for the same data that each card's count is the total of
 * every list it opens. The counts here are their own SQL (the partial covering index below answers all the queues in
 * one scan, where the lists' WHERE cannot use it), with the lists' view rules (inware.list.ts viewFilter), their
 * scope (`markIdInScope(..., { includeNull: true })`: cargo without a mark is everyone's) and their day boundaries
 * (a day filter is the whole business day, as dateRange reads a date-only end). The statuses after 2 are written by
 * modules still to come: their counts read zero until then, but are real queries. Weight and volume of the chart are
 * the measured figures once received, else the declared ones. A card whose list the caller cannot open is left out
 * of the answer (not zero).
 *
 * Speed (budget: under 100 ms with 200,000 orders at 50 connections): the queue counts read one partial covering
 * index (the rows of open work only), the 30-day chart one covering index on orderTime (index-only scans, days
 * bucketed with width_bucket on the day boundaries computed in SQL, correct across DST); and the result is kept per
 * data scope until bus_order (or a mark's sales/service, which moves scopes) changes: statement triggers bump the
 * sequence `home_change_seq` (non-transactional, so writers never wait on each other), the route reads it (one
 * tiny statement) and recomputes only when it moved, or after 30 seconds at most, or when the day changes.
 * Migration 0006 holds the indexes, the sequence and the triggers. Today's arriving containers (a query of up to 200
 * loads with their sums, milestones and arrive records: 20 ms when 200 are due) are kept the same way per load scope
 * and language; loads, milestones, pick-up records and load parties bump the same sequence (migration 0026).
 * waitingDeparture counts load records (L2), which change status only together with their orders (loading, cancel
 * loading, departure, cancel departure), so the bus_order triggers keep its cached value right too.
 */

/** The 30 business days ending today, 'YYYY-MM-DD', with their orders, weight (kg) and volume (m³). */
export type THomeChart = TOrderDailyFigures;

export interface THomeFigures {
  day: string;
  counts: THomeCounts;
  chart: THomeChart;
}

export const CHART_DAYS = 30;

/** The list key each card needs (screens §2: a card is hidden without it; contracts HOME_CARDS). */
export const CARD_KEYS = {
  ...Object.fromEntries(HOME_CARDS.map((c) => [c.key, c.perm])),
  waitingLoadVolume: 'bus:inOrder',
} as Record<keyof THomeCounts, string>;
/** The chart is shown to anyone who works with orders. */
export const CHART_KEYS = ['bus:order', 'bus:orderAdd', 'bus:unOrder', 'bus:inOrder', 'bus:noMarkOrder'];
/** Arriving containers open track-details or arriveDetails. */
export const ARRIVING_KEYS = ['bus:track', 'track:info', 'bus:arrive', 'arrive:info', 'bus:load', 'load:info'];

/** One cache key per data scope (platform scopeCacheKey): every caller whose scope is 'all' shares one result. */
export const scopeKey = (auth: AuthContext) => scopeCacheKey(auth, countsEveryOrder(auth));

/** The arriving containers' key: 'all' for callers who see every load and count every order, else their own. */
export const loadScopeKey = (auth: AuthContext) => scopeCacheKey(auth, seesEveryLoad(auth) && countsEveryOrder(auth));

/** Every figure of the dashboard for the caller's scope (before the per-key filtering). */
export async function computeHomeFigures(
  db: Db,
  auth: AuthContext,
  timezone: string,
  now: Date = new Date(),
): Promise<THomeFigures> {
  const day = todayIn(timezone, now);
  const [queue, chart, waitingDeparture, myDeliveries] = await Promise.all([
    orderQueueCounts(db, auth),
    orderDailyFigures(db, auth, day, timezone, CHART_DAYS),
    waitingDepartureCount(db, auth),
    myDeliveryCount(db, auth),
  ]);
  return {
    day,
    counts: {
      todayOrders: chart.orders[CHART_DAYS - 1]!,
      yesterdayOrders: chart.orders[CHART_DAYS - 2]!,
      ...queue,
      waitingDeparture,
      ...(myDeliveries === undefined ? {} : { myDeliveries }),
    },
    chart,
  };
}

/** The cards and chart the caller may see (cards of lists they cannot open are left out). */
export function visibleFigures(auth: AuthContext, figures: THomeFigures) {
  const can = (key: string) => hasPermission(auth.permissions, key);
  const counts: Partial<THomeCounts> = {};
  for (const [card, key] of Object.entries(CARD_KEYS) as [keyof THomeCounts, string][]) {
    if (can(key)) (counts as Record<string, unknown>)[card] = figures.counts[card];
  }
  return {
    day: figures.day,
    counts,
    chart: CHART_KEYS.some(can) ? figures.chart : null,
  };
}

/** The change marker of the data behind the dashboard (bumped by statement triggers, migration 0006). */
export async function changeMarker(db: Db): Promise<string> {
  const r = await db.execute<{ v: string; c: boolean }>(
    sql`SELECT last_value AS v, is_called AS c FROM home_change_seq`,
  );
  const row = r.rows[0];
  return row ? `${row.v}:${row.c}` : '';
}

export interface HomeCacheOptions {
  /** Recompute after this long even without a change (ms). */
  maxAgeMs?: number;
  maxEntries?: number;
}

/**
 * Values kept per key with the change marker they were computed at: a value is answered again while the marker has
 * not moved and it is younger than `maxAgeMs`. Concurrent callers of one key whose value is stale share one
 * computation (single flight), so a change followed by many dashboard refreshes costs one recomputation per key.
 */
export class MarkedCache<T> {
  private readonly entries = new Map<string, { marker: string; at: number; value: T }>();
  private readonly pending = new Map<string, Promise<T>>();
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;

  constructor(options: HomeCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 1000;
  }

  /** `marker` must be read before `compute` starts, so a change committed meanwhile makes the next call recompute. */
  async get(key: string, marker: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.marker === marker && Date.now() - hit.at < this.maxAgeMs) return hit.value;
    const flightKey = `${key}|${marker}`;
    const inFlight = this.pending.get(flightKey);
    if (inFlight) return inFlight;
    const started = Date.now();
    const computing = compute()
      .then((value) => {
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        this.entries.delete(key);
        this.entries.set(key, { marker, at: started, value });
        return value;
      })
      .finally(() => this.pending.delete(flightKey));
    this.pending.set(flightKey, computing);
    return computing;
  }
}

/**
 * The dashboard's figures per data scope and day, and its arriving containers per load scope, day and language,
 * both kept until the change marker moves (orders, marks, loads, milestones, pick-up records, load parties:
 * migrations 0006 and 0026) or for 30 seconds at most. The marker is read once per request (one tiny statement).
 */
export class HomeCache {
  private readonly figures: MarkedCache<THomeFigures>;
  private readonly arriving: MarkedCache<TArrivingContainer[]>;

  constructor(options: HomeCacheOptions = {}) {
    this.figures = new MarkedCache(options);
    this.arriving = new MarkedCache(options);
  }

  /** The figures of the caller's scope, and `arriving(lang)` for today's arriving containers in that language. */
  async get(db: Db, auth: AuthContext, timezone: string) {
    const marker = await changeMarker(db);
    const day = todayIn(timezone);
    const figures = await this.figures.get(`${scopeKey(auth)}|${day}`, marker, () =>
      computeHomeFigures(db, auth, timezone),
    );
    const arriving = (lang: TLanguage) =>
      this.arriving.get(`${loadScopeKey(auth)}|${figures.day}|${lang}`, marker, () =>
        listArrivingContainers(db, auth, figures.day, { timezone, lang }),
      );
    return { figures, arriving };
  }
}
