import { z } from 'zod';
import { add, div, money, mul, sub, type TMoneyInput, toMoneyString, zMoney, zRate } from '../common/money';
import { emptyToUndefined, zId, zPageQuery, zTextFilter } from '../common/page';
import {
  addEditBodies,
  refineDateOrder,
  zDay,
  zDayFilter,
  zFlag,
  zFlagFilter,
  zIdFilter,
  zOptionalId,
  zText,
} from './common.schemas';
import { CARGO_TYPE, CARGO_TYPES, CURRENCIES, CURRENCY, TRANSPORT_MODE, TRANSPORT_MODES } from './constants';
import type { TPriceScope, TPriceStep } from './price-selection';

/**
 * Price rows (spec §3 'Pricing', DOMAIN §4, screens §3.7-3.10). A row applies to one mark (`markId`) or to
 * all marks (null), for a transport mode, origin (geog orgId 1), destination (geog orgId 2) and cargo type,
 * from validFromDate to validToDate inclusive. Prices are fee fields.
 */

const zOptionalMoney = z.preprocess(emptyToUndefined, zMoney.nullable().optional());
const zOptionalRate = z.preprocess(emptyToUndefined, zRate.nullable().optional());

const priceFields = {
  markId: zOptionalId,
  busType: z.enum(TRANSPORT_MODES),
  leftAddrId: zId,
  destAddrId: zId,
  cargoType: z.enum(CARGO_TYPES).default(CARGO_TYPE.GENERAL),
  currency: z.enum(CURRENCIES).default(CURRENCY.RMB),
  /** '0' by volume (default), '1' by weight: the basis tag shown on the list */
  isWeight: zFlag.default('0'),
  volumePrice: zMoney,
  weightPrice: zMoney,
  isWeightAgent: zFlag.default('0'),
  /** empty = the customer price (screens §3.8) */
  volumePriceAgent: zOptionalMoney,
  weightPriceAgent: zOptionalMoney,
  /** kg per m³ */
  volWgtRate: zOptionalRate,
  wgtVolRate: zOptionalRate,
  validFromDate: zDay,
  validToDate: zDay,
  remark: zText(500),
};

export const { add: ZPriceAddBody, edit: ZPriceEditBody } = addEditBodies(priceFields, refineDateOrder);
export type TPriceAddBody = z.infer<typeof ZPriceAddBody>;
export type TPriceEditBody = z.infer<typeof ZPriceEditBody>;

/** Default ratio (kg per m³) of a new price: 167 for air, 300 otherwise (screens §3.8). */
export function defaultVolWgtRate(busType: string): string {
  return busType === TRANSPORT_MODE.AIR || busType === TRANSPORT_MODE.DIRECT_FLIGHT ? '167.000000' : '300.000000';
}

/** A price row's unit prices and ratios: fee fields (FEE_FIELDS), copied onto an order by 'fetch price'. */
export const PRICE_UNIT_FIELDS = [
  'volumePrice',
  'weightPrice',
  'volumePriceAgent',
  'weightPriceAgent',
  'volWgtRate',
  'wgtVolRate',
] as const;

export const PRICE_ORDER_BY = [
  'createTime',
  'updateTime',
  'validFromDate',
  'validToDate',
  'volumePrice',
  'weightPrice',
  'volumePriceAgent',
  'weightPriceAgent',
] as const;

const priceFilters = {
  /** a mark code; with `allMarks=1` only the all-marks rows */
  mark: zTextFilter(20),
  markId: zIdFilter,
  allMarks: zFlagFilter,
  busType: zTextFilter(10),
  leftAddrId: zIdFilter,
  destAddrId: zIdFilter,
  cargoType: zTextFilter(2),
  currency: zTextFilter(3),
  /** rows valid on that day */
  validOn: zDayFilter,
  /** '0' not overdue (today <= validToDate), '1' overdue */
  isOverdue: zFlagFilter,
  validFromBegin: zDayFilter,
  validFromEnd: zDayFilter,
};

/** GET /bas/price/list */
export const ZPriceListQuery = zPageQuery(PRICE_ORDER_BY, priceFilters);
export type TPriceListQuery = z.infer<typeof ZPriceListQuery>;

/** What an order looks its price row up by (DOMAIN §4): its mark, transport mode, places, cargo type and day. */
const priceLookupFields = {
  /** the order's mark; none = cargo without a mark (only all-customers rows) */
  markId: zIdFilter,
  busType: z.enum(TRANSPORT_MODES),
  leftAddrId: zId,
  destAddrId: zId,
  cargoType: z.preprocess(emptyToUndefined, z.enum(CARGO_TYPES).default(CARGO_TYPE.GENERAL)),
  /** the order's business day; default today in the business time zone */
  date: zDayFilter,
};

/** GET /bas/price/select: the row that applies (DOMAIN §4), for the order form. */
export const ZPriceSelectQuery = z
  .object({
    ...priceLookupFields,
    /** the order's mark by code, instead of its id */
    mark: zTextFilter(20),
    /** when nothing is valid, return the most recently ended row flagged isOverdue */
    includeExpired: zFlagFilter,
  })
  .strict();
export type TPriceSelectQuery = z.infer<typeof ZPriceSelectQuery>;

/**
 * GET /bas/price/trial: the price form's freight trial. Every row that can apply to an order (expired ones too) with
 * the order's chains of places, and the server's choice with the reason (docs/domain.md 'Which price row applies').
 */
export const ZPriceTrialQuery = z.object(priceLookupFields).strict();
export type TPriceTrialQuery = z.infer<typeof ZPriceTrialQuery>;

/** How a row matched in the trial (a `TPriceMatch` by row id). */
export interface TPriceTrialMatch {
  id: number;
  scope: TPriceScope;
  destDistance: number;
  leftDistance: number;
  isOverdue: boolean;
}

/** The order's mark in a price lookup: its agent decides the 'agent' scope, its method and minimum the freight. */
export interface TPriceTrialMark {
  id: number;
  mark: string;
  topMarkId: number | null;
  topMark: string | null;
  calPriceType: string;
  minAmount: string | null;
}

/** The answer of /bas/price/trial; `R` is the price row as the list gives it. */
export interface TPriceTrial<R> {
  date: string;
  /** the order's origin and its ancestors, nearest first (text ids) */
  leftPlaces: string[];
  destPlaces: string[];
  mark: TPriceTrialMark | null;
  /** every row that can apply on `date`, expired ones included */
  rows: R[];
  chosen: TPriceTrialMatch | null;
  others: (TPriceTrialMatch & { lostOn: TPriceStep })[];
}

// -------------------------------------------------------------------------------------------------
// Batch price adjustment (screens §3.10)

export const PRICE_TARGET_FIELDS = ['volumePrice', 'weightPrice', 'volumePriceAgent', 'weightPriceAgent'] as const;
export type TPriceTargetField = (typeof PRICE_TARGET_FIELDS)[number];

export const PRICE_ADJUST_METHODS = ['add', 'subtract', 'increasePct', 'decreasePct'] as const;
export type TPriceAdjustMethod = (typeof PRICE_ADJUST_METHODS)[number];

export const ZPriceBatchBody = z
  .object({
    /** the ticked rows of step 1 (only rows still matching the filters are changed) */
    ids: z.array(zId).min(1, 'msg_select_data_first').max(5000),
    /** filters of step 1, re-applied so a row that changed meanwhile is skipped */
    filter: z
      .object(priceFilters)
      .pick({
        mark: true,
        markId: true,
        allMarks: true,
        busType: true,
        leftAddrId: true,
        destAddrId: true,
        cargoType: true,
        currency: true,
        validOn: true,
      })
      .strict()
      .default({}),
    fields: z.array(z.enum(PRICE_TARGET_FIELDS)).min(1, 'err_required').max(4),
    method: z.enum(PRICE_ADJUST_METHODS),
    /** an amount (2 decimals) or a percentage 0-100 (2 decimals) */
    value: zMoney,
    /** 'inPlace' (default) or 'fromDate': old rows end the day before, new rows run from `effectiveDate` */
    effective: z.enum(['inPlace', 'fromDate']).default('inPlace'),
    effectiveDate: z.preprocess(emptyToUndefined, zDay.optional()),
    preview: z.boolean().default(true),
  })
  .strict()
  .superRefine((b, ctx) => {
    if ((b.method === 'increasePct' || b.method === 'decreasePct') && money(b.value).gt(100)) {
      ctx.addIssue({ code: 'custom', message: 'err_too_big', path: ['value'] });
    }
    if (b.effective === 'fromDate' && !b.effectiveDate) {
      ctx.addIssue({ code: 'custom', message: 'err_required', path: ['effectiveDate'] });
    }
  });
export type TPriceBatchBody = z.infer<typeof ZPriceBatchBody>;

/**
 * The new price of one field: amount ± value, or amount × (100 ± value) / 100, rounded half up to the cent.
 * The result may be negative: the caller shows it red and refuses to apply (screens §3.10).
 */
export function adjustPrice(amount: TMoneyInput, method: TPriceAdjustMethod, value: TMoneyInput): string {
  switch (method) {
    case 'add':
      return toMoneyString(add(amount, value));
    case 'subtract':
      return toMoneyString(sub(amount, value));
    case 'increasePct':
      return toMoneyString(div(mul(amount, add(100, value)), 100));
    case 'decreasePct':
      return toMoneyString(div(mul(amount, sub(100, value)), 100));
  }
}

/** One row of the batch preview: old and new value of each target field. */
export interface TPriceBatchRow {
  id: number;
  mark: string | null;
  busType: string;
  leftAddrId: number;
  destAddrId: number;
  cargoType: string;
  currency: string;
  validFromDate: string;
  validToDate: string;
  /** old values */
  oldVolumePrice?: string | null;
  oldWeightPrice?: string | null;
  oldVolumePriceAgent?: string | null;
  oldWeightPriceAgent?: string | null;
  /** new values (null where the field is empty and stays empty) */
  volumePrice?: string | null;
  weightPrice?: string | null;
  volumePriceAgent?: string | null;
  weightPriceAgent?: string | null;
  /** a new value would be below 0 */
  negative: boolean;
}

export interface TPriceBatchResult {
  preview: boolean;
  rows: TPriceBatchRow[];
  /** rows that change */
  changed: number;
  /** ticked rows left out: overdue, no longer matching the filters, or ending before the effective date */
  skipped: number;
  /** rows that would go below 0 (apply is refused while any) */
  negative: number;
}

// -------------------------------------------------------------------------------------------------
// Container prices (screens §3.11)

const contPriceFields = {
  containerType: z.string().trim().min(1, 'err_required').max(20),
  busType: z.enum(TRANSPORT_MODES),
  leftAddrId: zId,
  destAddrId: zId,
  /** carrier */
  vesselOwner: zText(100),
  apPrice: zMoney,
  arPrice: zOptionalMoney,
  currency: z.enum(CURRENCIES).default(CURRENCY.RMB),
  validFromDate: zDay,
  validToDate: zDay,
  remark: zText(500),
};
export const { add: ZContPriceAddBody, edit: ZContPriceEditBody } = addEditBodies(contPriceFields, refineDateOrder);
export type TContPriceAddBody = z.infer<typeof ZContPriceAddBody>;
export const ZContPriceListQuery = zPageQuery(
  ['createTime', 'updateTime', 'validFromDate', 'validToDate', 'apPrice', 'arPrice'],
  {
    containerType: zTextFilter(20),
    busType: zTextFilter(10),
    leftAddrId: zIdFilter,
    destAddrId: zIdFilter,
    vesselOwner: zTextFilter(100),
    validOn: zDayFilter,
    isOverdue: zFlagFilter,
  },
);
export type TContPriceListQuery = z.infer<typeof ZContPriceListQuery>;
