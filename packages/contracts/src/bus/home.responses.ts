import { z } from 'zod';
import { okEnvelope, type TWire, zDecimal } from '../common/responses';

/**
 * The answer of `GET /bus/index`, the home dashboard (server modules/home, web features/home). A card is in `counts`
 * only when the caller can open its list; `chart` is null for users without an order screen, `arrivingContainers`
 * null for users without a tracking or arrival screen. Every figure is in the caller's data scope.
 */
export const ZHomeCounts = z.object({
  todayOrders: z.number().int(),
  yesterdayOrders: z.number().int(),
  waitingInput: z.number().int(),
  waitingLoad: z.number().int(),
  /** Σ arrived volume of waitingLoad, m³ (3 decimals): the planner's number */
  waitingLoadVolume: zDecimal,
  /** loads loaded and waiting for departure (L2) in the caller's load scope */
  waitingDeparture: z.number().int(),
  noMark: z.number().int(),
  waitingSettlement: z.number().int(),
  waitingSign: z.number().int(),
  problemItems: z.number().int(),
  /** a driver's orders out on their own runs; absent for users who are no driver */
  myDeliveries: z.number().int().optional(),
});

/** The 30 business days ending today, 'YYYY-MM-DD' oldest first, with their orders, weight (kg) and volume (m³). */
export const ZHomeChart = z.object({
  days: z.array(z.string()),
  orders: z.array(z.number().int()),
  /** kg, 2 decimals */
  weight: z.array(zDecimal),
  /** m³, 3 decimals */
  volume: z.array(zDecimal),
});

/** A container or truck in transit (L3) due today, with its latest milestone and the caller's orders in it. */
export const ZArrivingContainer = z.object({
  loadId: z.number().int(),
  loadNo: z.string(),
  containerNo: z.string(),
  busType: z.string(),
  leftAddrName: z.string(),
  destAddrName: z.string(),
  vesselName: z.string(),
  voyageNo: z.string(),
  truckNo: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss' in the business time zone */
  etaDate: z.string(),
  /** latest milestone (track_status dictionary value) and its time ('YYYY-MM-DD HH:mm:ss'), '' / null when none */
  trackStatus: z.string(),
  trackTime: z.string().nullable(),
  orders: z.number().int(),
  pieces: z.number().int(),
  /** m³, 3 decimals */
  volume: zDecimal,
  /** arrive (pick-up) record status P0..P3, null before departure */
  arriveStatus: z.number().int().nullable(),
  /** the arrive record, for the arriveDetails link */
  arriveId: z.number().int().nullable(),
});

export const ZHome = z.object({
  /** today in the business time zone, 'YYYY-MM-DD' */
  day: z.string(),
  /** the cards the caller may open */
  counts: ZHomeCounts.partial(),
  chart: ZHomeChart.nullable(),
  arrivingContainers: z.array(ZArrivingContainer).nullable(),
});

export const ZHomeAnswer = okEnvelope(ZHome);

export type THomeCounts = TWire<typeof ZHomeCounts>;
export type THomeChart = TWire<typeof ZHomeChart>;
export type TArrivingContainer = TWire<typeof ZArrivingContainer>;
export type THome = TWire<typeof ZHome>;
