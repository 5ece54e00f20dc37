import {
  CAL_PRICE_TYPE,
  chargeableFigures,
  ORDER_FEE_INPUT_FIELDS,
  PricingError,
  priceOrderFees,
  type TOrderPricing,
} from '@theone/contracts';
import type { DbOrTx } from '../../../platform/db/database';
import { badRequest } from '../../../platform/errors';
import { businessDay } from '../../../platform/time';
import { insuranceRef, markPricingRef } from '../../bas/api/order-lookups';
import { rmbRateOn } from '../../bas/currate.service';
import { findPrice, type TFoundPrice } from '../../bas/price.service';
import type { TOrderRow } from './order-common';

/**
 * Prices and fees of an order on the server (DOMAIN §4): the price row from the bas module's `findPrice` (the
 * mark's own row, else its agent's, else all marks; valid on the order day), copied onto the order, then contracts'
 * `priceOrderFees` on the chargeable figures. The server's figures always win over the form's preview.
 * A cache may be passed so an import of thousands of rows asks the database once per distinct key.
 */
export interface TPricingCache {
  prices: Map<string, Promise<TFoundPrice | null>>;
  rates: Map<string, Promise<string | null>>;
  insurance: Map<number, Promise<{ insuranceRate: string; minPremium: string | null } | null>>;
  marks: Map<number, Promise<TMarkInfo | null>>;
}

export const newPricingCache = (): TPricingCache => ({
  prices: new Map(),
  rates: new Map(),
  insurance: new Map(),
  marks: new Map(),
});

/** `load()` once per key of the cache's map (the promise kept, so parallel asks share it); no map: every time. */
function cachedIn<K, V>(map: Map<K, Promise<V>> | undefined, key: K, load: () => Promise<V>): Promise<V> {
  if (!map) return load();
  let hit = map.get(key);
  if (!hit) {
    hit = load();
    map.set(key, hit);
  }
  return hit;
}

export interface TMarkInfo {
  id: number;
  mark: string;
  nameZh: string;
  status: string;
  topMarkId: number | null;
  topMark: string | null;
  calPriceType: string;
  minAmount: string | null;
  credtLimit: string | null;
  isPrintPrice: string;
}

export async function markInfo(db: DbOrTx, markId: number, cache?: TPricingCache): Promise<TMarkInfo | null> {
  return cachedIn(cache?.marks, markId, () => markPricingRef(db, markId));
}

export interface TPriceKeyInput {
  markId: number | null;
  busType: string | null | undefined;
  leftAddrId: number | null | undefined;
  destAddrId: number | null | undefined;
  cargoType: string;
  orderTime: Date;
}

/** The price key of an order's (or a form's) fields at its order time. */
export const priceKeyOf = (
  o: { markId?: number | null; busType?: string | null; leftAddrId?: number | null; destAddrId?: number | null } & {
    cargoType: string;
  },
  orderTime: Date,
): TPriceKeyInput => ({
  markId: o.markId ?? null,
  busType: o.busType,
  leftAddrId: o.leftAddrId,
  destAddrId: o.destAddrId,
  cargoType: o.cargoType,
  orderTime,
});

/** The valid price row for the order's key on its order day; null when the key is incomplete or none is valid. */
export async function fetchOrderPrice(
  db: DbOrTx,
  key: TPriceKeyInput,
  timezone: string,
  options: { includeExpired?: boolean; cache?: TPricingCache } = {},
): Promise<TFoundPrice | null> {
  if (!key.busType || !key.leftAddrId || !key.destAddrId) return null;
  const day = businessDay(key.orderTime, timezone);
  const lookup = () =>
    findPrice(
      db,
      {
        markId: key.markId,
        busType: key.busType!,
        leftAddrId: key.leftAddrId!,
        destAddrId: key.destAddrId!,
        cargoType: key.cargoType,
      },
      day,
      { includeExpired: options.includeExpired },
    );
  const k = `${key.markId ?? 0}|${key.busType}|${key.leftAddrId}|${key.destAddrId}|${key.cargoType}|${day}|${options.includeExpired ? 1 : 0}`;
  return cachedIn(options.cache?.prices, k, lookup);
}

/** The order columns a found price sets (unit prices, ratios, the mark's method and minimum, the currency). */
export function priceColumns(found: TFoundPrice | null, mark: Pick<TMarkInfo, 'calPriceType' | 'minAmount'> | null) {
  if (!found || found.isOverdue) {
    return {
      priceId: null,
      calPriceType: mark?.calPriceType ?? null,
      minAmount: mark?.minAmount ?? null,
      volumePrice: null,
      weightPrice: null,
      volumePriceAgent: null,
      weightPriceAgent: null,
      volWgtRate: null,
      wgtVolRate: null,
    };
  }
  const r = found.row;
  return {
    priceId: r.id,
    calPriceType: mark?.calPriceType ?? CAL_PRICE_TYPE.AUTOMATIC,
    minAmount: mark?.minAmount ?? null,
    volumePrice: r.volumePrice,
    weightPrice: r.weightPrice,
    volumePriceAgent: r.volumePriceAgent,
    weightPriceAgent: r.weightPriceAgent,
    volWgtRate: r.volWgtRate,
    wgtVolRate: r.wgtVolRate,
    currency: r.currency,
  };
}

export async function insuranceOf(db: DbOrTx, id: number, cache?: TPricingCache) {
  return cachedIn(cache?.insurance, id, () => insuranceRef(db, id));
}

/** RMB per one unit of `currency` on `day`; a missing rate for a foreign currency is the user's to enter. */
export async function rmbRate(db: DbOrTx, currency: string, day: string, cache?: TPricingCache): Promise<string> {
  const rate = await cachedIn(cache?.rates, `${currency}|${day}`, () => rmbRateOn(db, currency, day));
  if (rate === null) throw badRequest('err_rate_missing', { currency });
  return rate;
}

/** The order fields the pricing reads. */
export type TPricedOrder = Pick<
  TOrderRow,
  | 'status'
  | 'topMarkId'
  | 'calPriceType'
  | 'minAmount'
  | 'priceId'
  | 'volumePrice'
  | 'weightPrice'
  | 'volumePriceAgent'
  | 'weightPriceAgent'
  | 'volWgtRate'
  | 'wgtVolRate'
  | 'cargoWeight'
  | 'cargoVolume'
  | 'arrivedWeight'
  | 'arrivedVolume'
  | 'freightManual'
  | 'feeFreightAr'
  | 'declaredValue'
  | 'insuranceId'
  | 'currency'
  | 'orderTime'
  | (typeof ORDER_FEE_INPUT_FIELDS)[number]
>;

/** The fee columns of an order from its current values (freight, agent freight, insurance, totals, RMB). */
export async function computeFees(
  db: DbOrTx,
  order: TPricedOrder,
  timezone: string,
  cache?: TPricingCache,
): Promise<{ values: Partial<TOrderRow>; pricing: TOrderPricing }> {
  const figures = chargeableFigures(order);
  const hasPrice = order.volumePrice !== null && order.weightPrice !== null;
  const insurance = order.insuranceId ? await insuranceOf(db, order.insuranceId, cache) : null;
  const currency = order.currency || 'RMB';
  const rate = currency === 'RMB' ? '1' : await rmbRate(db, currency, businessDay(order.orderTime, timezone), cache);
  let pricing: TOrderPricing;
  try {
    pricing = priceOrderFees({
      calPriceType: order.calPriceType,
      minAmount: order.minAmount,
      isSubMark: order.topMarkId !== null,
      price: hasPrice
        ? {
            volumePrice: order.volumePrice,
            weightPrice: order.weightPrice,
            volumePriceAgent: order.volumePriceAgent,
            weightPriceAgent: order.weightPriceAgent,
            volWgtRate: order.volWgtRate,
            wgtVolRate: order.wgtVolRate,
          }
        : null,
      weight: figures.weight,
      volume: figures.volume,
      freightManual: order.freightManual === '1',
      feeFreightAr: order.feeFreightAr,
      fees: Object.fromEntries(ORDER_FEE_INPUT_FIELDS.map((f) => [f, order[f]])),
      declaredValue: order.declaredValue,
      insurance,
      currency,
      currencyRate: rate,
    });
  } catch (err) {
    if (err instanceof PricingError) throw badRequest(err.code, { field: 'price' });
    throw err;
  }
  return {
    pricing,
    values: {
      ...pricing.fees,
      feeFreightAr: pricing.feeFreightAr,
      feeAgentAp: pricing.feeAgentAp,
      feeInsuranceAr: pricing.feeInsuranceAr,
      feeArAmount: pricing.feeArAmount,
      agentArAmount: pricing.agentArAmount,
      currency: pricing.currency,
      currencyRate: pricing.currencyRate,
      rmbAmount: pricing.rmbAmount,
    },
  };
}
