import { z } from 'zod';
import { emptyToUndefined, zDateFilter, zPageQuery, zTextFilter } from '../common/page';
import { okEnvelope, tableEnvelope, zCode, zTime, zTimestamp } from '../common/responses';
import { orderRef } from './order.responses';
import { zStatusCodesFilter } from './order-list.schemas';

/**
 * Problem items (screens bus-container.md exception-list, Q14): the list of orders that have or had one, and the
 * Timers tab. An item is the problem-item columns of its order (one current item per order); raise, take over,
 * close and reopen are `inware/editFields` (A26, contracts order-edit-rules.ts EXCEPTION_TRANSITIONS) and their
 * history is the order log.
 */

/** Open = E0 or E1 (default), closed = E2, all = both. */
export const EXCEPTION_TABS = ['open', 'closed', 'all'] as const;
export type TExceptionTab = (typeof EXCEPTION_TABS)[number];

/** Days open shown red from this many days (screens exception-list, chosen). */
export const EXCEPTION_DAYS_RED = 3;

/** Timers (screens exception-list, chosen): received and not planned for this long. */
export const RECEIVED_NOT_PLANNED_HOURS = 48;

/**
 * Milestones (track_status) that stand for a container waiting at a border or a port: transloading, customs at
 * either end, arrival at a border port or the destination port. A container whose latest milestone is one of these
 * (or that has none since departure) and that has had no milestone for NO_NEWS_HOURS is on the Timers tab; one
 * sailing (14) or in transit (17) is moving and is not.
 */
export const BORDER_PORT_MILESTONES = ['5', '10', '11', '12', '13', '15', '16', '18', '19', '20', '21'] as const;

export const EXCEPTION_LIST_ORDER_BY = ['exceptionRaiseTime', 'exceptionHandleTime', 'transportId'] as const;

/** `GET /bus/exception/list`: `params[beginTime]`/`params[endTime]` filter the raise time (business days). */
export const ZExceptionListQuery = zPageQuery(EXCEPTION_LIST_ORDER_BY, {
  tab: z.preprocess(emptyToUndefined, z.enum(EXCEPTION_TABS).default('open')),
  /** waybills, comma separated (M10), exact */
  transportId: zTextFilter(15_000),
  /** mark codes, comma separated, exact */
  mark: zTextFilter(2_000),
  containerNo: zTextFilter(10_000),
  exceptionType: zStatusCodesFilter,
  exceptionStatus: zStatusCodesFilter,
  /** order status, one or several */
  status: zStatusCodesFilter,
  handler: zTextFilter(64),
  raisedBy: zTextFilter(64),
  'params[beginTime]': zDateFilter,
  'params[endTime]': zDateFilter,
});
export type TExceptionListQuery = z.infer<typeof ZExceptionListQuery>;

/** `POST /bus/exception/export`: the list's filters, or the ticked `ids` (comma separated). */
export const ZExceptionExportBody = ZExceptionListQuery.extend({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : emptyToUndefined(v)),
    z.array(z.coerce.number().int().min(1)).max(500).optional(),
  ),
});
export type TExceptionExportBody = z.infer<typeof ZExceptionExportBody>;

/** Rows of an export at most (problem items are a small part of all orders). */
export const EXCEPTION_EXPORT_MAX = 50_000;

/** A row of the exception list: the order's problem item and what the desk needs to act on it. */
export const ZExceptionRow = z.object({
  ...orderRef,
  containerNo: z.string(),
  consignee: z.string(),
  cargoName: z.string(),
  ifException: z.number().int(),
  exceptionType: zCode,
  exceptionDesc: z.string(),
  exceptionStatus: z.number().int().nullable(),
  exceptionRaiseBy: z.string(),
  exceptionRaiseTime: zTime,
  exceptionHandler: z.string(),
  exceptionHandleTime: zTime,
  handleRemark: z.string(),
  /** whole days since raised while the item is open, else null */
  daysOpen: z.number().int().nullable(),
  /** the mark's customer-service person (login name) */
  serviceName: z.string(),
  /** photo file ids of the order's problem items, oldest first (GET /file/download/{id}) */
  photos: z.array(z.string()),
});
export const ZExceptionListAnswer = tableEnvelope(ZExceptionRow);

/** Timers: an order received over 48 h ago that is still not planned (S2). */
export const ZTimerOrderRow = z.object({
  id: z.number().int(),
  transportId: z.string(),
  mark: z.string(),
  arrivedTime: zTimestamp,
  hours: z.number().int(),
  ifException: z.number().int(),
});

/** Timers: a container in transit (L3) at a border or port with no milestone for NO_NEWS_HOURS. */
export const ZTimerLoadRow = z.object({
  id: z.number().int(),
  loadNo: z.string(),
  containerNo: z.string(),
  truckNo: z.string(),
  busType: z.string(),
  trackStatus: z.string(),
  trackTime: zTime,
  hours: z.number().int(),
});

export const ZExceptionTimers = z.object({
  receivedHours: z.number().int(),
  noNewsHours: z.number().int(),
  orders: z.array(ZTimerOrderRow),
  ordersTotal: z.number().int(),
  loads: z.array(ZTimerLoadRow),
  loadsTotal: z.number().int(),
});
export const ZExceptionTimersAnswer = okEnvelope(ZExceptionTimers);

/** Rows of each timer sent at most (the totals count them all). */
export const TIMER_ROWS_MAX = 200;
