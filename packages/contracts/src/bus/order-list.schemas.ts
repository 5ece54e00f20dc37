import { z } from 'zod';
import { zFlagFilter, zIdFilter } from '../bas/common.schemas';
import { emptyToUndefined, zDateRanges, zId, zIntFilter, zPageQuery, zTextFilter } from '../common/page';

/**
 * The order lists' requests (screens bus-container.md §3: unOrder .. deliveryfree): the views, their keys, the
 * list/export queries and the small lookups (options, log, scan codes). Entry and action bodies are in
 * inware.schemas.ts; the answers in order.responses.ts.
 */

/** The screens that read `inware/list`; each fixes its base filter on the server and needs its own key. */
export const ORDER_VIEWS = [
  'orderList',
  'unOrder',
  'inOrder',
  'noMarkOrder',
  'arrivedAddOrder',
  'orderListEdit',
  'deliveryfree',
] as const;
export type TOrderView = (typeof ORDER_VIEWS)[number];

/** The route key each view needs (spec §6; arrivedAddOrder's is the screens doc's). */
export const ORDER_VIEW_PERMISSION: Record<TOrderView, string> = {
  orderList: 'bus:order',
  unOrder: 'bus:unOrder',
  inOrder: 'bus:inOrder',
  noMarkOrder: 'bus:noMarkOrder',
  arrivedAddOrder: 'bus:arrivedAddOrder',
  orderListEdit: 'bus:orderListEdit',
  deliveryfree: 'bus:feeRecord',
};
/** The export button key of each view. */
export const ORDER_VIEW_EXPORT_PERMISSION: Record<TOrderView, string> = {
  orderList: 'bus:order:export',
  unOrder: 'bus:unOrder:export',
  inOrder: 'bus:inOrder:export',
  noMarkOrder: 'bus:noMarkOrder:export',
  arrivedAddOrder: 'bus:arrivedAddOrder:export',
  orderListEdit: 'bus:orderListEdit:export',
  deliveryfree: 'bus:feeRecord:export',
};

/** inOrder tabs: awaiting receipt (S0/S1), in stock (S2 with a mark; default), all received (S2 and later). */
export const IN_ORDER_TABS = ['awaiting', 'stock', 'received'] as const;

export const ORDER_LIST_ORDER_BY = [
  'orderTime',
  'arrivedTime',
  'createTime',
  'transportId',
  'preArriveTime',
  'leftTime',
  'signTime',
  'cargoPiece',
  'cargoWeight',
  'cargoVolume',
  'arrivedPiece',
  'arrivedWeight',
  'arrivedVolume',
  'feeArAmount',
] as const;

/** A filter of one-digit codes (statuses, types), comma separated or run together ('0,1' or '01'). */
export const zStatusCodesFilter = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^\d(,?\d)*$/, 'err_invalid_value')
    .max(40)
    .optional(),
);

export const orderListFilters = {
  view: z.preprocess(emptyToUndefined, z.enum(ORDER_VIEWS).default('orderList')),
  tab: z.preprocess(emptyToUndefined, z.enum(IN_ORDER_TABS).optional()),
  /** multi-number boxes: English commas, up to 500 numbers, exact match on each */
  transportId: zTextFilter(15_000),
  expressNo: zTextFilter(25_000),
  receivingNo: zTextFilter(16_000),
  businessNo: zTextFilter(25_000),
  containerNo: zTextFilter(10_000),
  /** mark codes, comma separated, exact */
  mark: zTextFilter(2_000),
  markId: zIdFilter,
  /** an agent's mark: the agent's own orders and its sub-marks' */
  agent: zTextFilter(20),
  clientNo: zTextFilter(100),
  consignee: zTextFilter(100),
  consigneeTel: zTextFilter(30),
  shipper: zTextFilter(100),
  shipperTel: zTextFilter(30),
  cargoName: zTextFilter(200),
  expressCorp: zTextFilter(20),
  busType: zTextFilter(10),
  cargoType: zTextFilter(1),
  leftAddrId: zIdFilter,
  destAddrId: zIdFilter,
  arrivedHouseId: zIdFilter,
  /** one status or several, '0,1' */
  status: zStatusCodesFilter,
  auditStatus: zStatusCodesFilter,
  arWriteStatus: zStatusCodesFilter,
  deliveryStatus: zStatusCodesFilter,
  signStatus: zStatusCodesFilter,
  sealNo: zTextFilter(30),
  truckNo: zTextFilter(40),
  trayNo: zTextFilter(50),
  ifException: zFlagFilter,
  sales: zIdFilter,
  service: zIdFilter,
  createBy: zTextFilter(64),
  /** orders without a mark ('1') or with one ('0') */
  noMark: zFlagFilter,
  /** arrivedAddOrder completeness: '1' incomplete (default there), '0' complete, 'all' */
  incomplete: z.preprocess(emptyToUndefined, z.enum(['0', '1', 'all']).optional()),
  /** in stock (or waiting) at least this many days */
  minDays: zIntFilter,
  /** deliveryfree: a supplement fee entered ('1') or not ('0') */
  hasSupplement: zFlagFilter,
  ...zDateRanges('OrderTime', 'ArrivedTime', 'LeftTime', 'PreArriveTime', 'SignTime'),
};

/**
 * `inware/list` (GET query or POST body). `params[beginTime]`/`params[endTime]` filter orderTime (arrivedTime on
 * inOrder and noMarkOrder, signTime on deliveryfree).
 */
export const ZInwareListQuery = zPageQuery(ORDER_LIST_ORDER_BY, orderListFilters);
export type TInwareListQuery = z.infer<typeof ZInwareListQuery>;

/** `inware/export`: the list's filters, or `ids` of the selected rows (comma separated). */
export const ZInwareExportBody = zPageQuery(ORDER_LIST_ORDER_BY, {
  ...orderListFilters,
  ids: z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : emptyToUndefined(v)),
    z
      .string()
      .regex(/^\d{1,15}(,\d{1,15}){0,99999}$/, 'err_invalid_value')
      .optional(),
  ),
});
export type TInwareExportBody = z.infer<typeof ZInwareExportBody>;

/** Filters that count as a search condition for M8 ('Enter at least one search condition'). */
const CONDITION_KEYS = Object.keys(orderListFilters).filter((k) => !['view', 'tab', 'incomplete'].includes(k));

/** True when the query holds at least one search condition (orderList, orderListEdit, arrivedAddOrder need one). */
export function hasSearchCondition(q: Partial<Record<string, unknown>>, view: TOrderView = 'orderList'): boolean {
  if (view === 'arrivedAddOrder') {
    return ['receivingNo', 'expressNo', 'transportId', 'mark', 'markId'].some((k) => q[k] !== undefined && q[k] !== '');
  }
  return [...CONDITION_KEYS, 'params[beginTime]', 'params[endTime]'].some((k) => q[k] !== undefined && q[k] !== '');
}

/** The views that refuse a search without conditions (M8). */
export const VIEWS_NEEDING_CONDITION: readonly TOrderView[] = ['orderList', 'orderListEdit', 'arrivedAddOrder'];

export const ZOrderSelectBody = z
  .object({
    keyword: z.string().trim().max(40).default(''),
    status: zStatusCodesFilter,
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export const ZOrderLogQuery = z.object({ orderId: zId }).strict();

export const ZTransportIdParam = z.object({ transportId: z.string().trim().min(1).max(15_000) }).strict();
export const ZTransportIdPagesQuery = z
  .object({
    pageNum: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
    pageSize: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(500).default(20)),
  })
  .strict();
