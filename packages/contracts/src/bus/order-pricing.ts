import { CAL_PRICE_TYPE, CURRENCY } from '../bas/constants';
import {
  computeOrderFees,
  insurancePremium,
  PricingError,
  priceOrderFreight,
  type TFreightResult,
  TYPED_FEES_AFTER_INSURANCE,
  TYPED_FEES_BEFORE_INSURANCE,
  toRmb,
} from '../bas/pricing';
import { isZero, type TMoneyInput, toMoneyString, toVolumeString, toWeightString, tryMoney } from '../common/money';
import { ORDER_STATUS } from './order-status';

/**
 * An order's fees from its figures, its price and the fees staff typed (DOMAIN §4), as one pure function:
 * the order form runs it for the live preview, the server runs it again on every save, receipt, fetch-price
 * and recalculation, and its figures win. Built on the pricing engine of bas/pricing.ts.
 *
 * Rules (docs/domain.md 'Order fees'):
 * - Chargeable figures: once the order is in the warehouse (status >= 2) and measured figures exist, the
 *   measured (arrived) weight and volume; before that the declared cargoWeight / cargoVolume.
 * - feeFreightAr: by the mark's calPriceType on the order's saved unit prices (the price row found by 'fetch
 *   price' is copied onto the order, so later price-table changes never move an order's fees until staff fetch
 *   again). Typed by hand when `freightManual` (a 'manual' tag on the form); 0.00 with `noPrice` when there is no
 *   price and no typed freight. Cargo without a mark is priced automatically (calPriceType 3) on the all-marks row.
 * - feeAgentAp: a sub-mark's freight at the agent's unit prices (null otherwise).
 * - feeInsuranceAr: declared value × the insurance row's rate %, at least its minimum premium; 0 without either.
 * - feeArAmount: the sum of every receivable fee (ORDER_FEE_AR_FIELDS); agentArAmount: what the agent is billed
 *   for a sub-mark's order (freight at the agent price).
 * - rmbAmount: feeArAmount in RMB at currencyRate (RMB per one unit of the order's currency, saved with it).
 */

/** The fees staff type on the order form (every other fee is computed). */
export const ORDER_FEE_INPUT_FIELDS = [...TYPED_FEES_BEFORE_INSURANCE, ...TYPED_FEES_AFTER_INSURANCE] as const;
export type TOrderFeeInputField = (typeof ORDER_FEE_INPUT_FIELDS)[number];

/** The fees a fee supplement (deliveryfree, screens §3) may add after arrival. */
export const FEE_SUPPLEMENT_FIELDS = [
  'feeSendAr',
  'deliveryAr',
  'feeUnloadAr',
  'feeChacheAr',
  'feeOtherAr',
  'thFeeAr',
] as const;
export type TFeeSupplementField = (typeof FEE_SUPPLEMENT_FIELDS)[number];

/** Every money field of an order that the pricing writes (for logs: before -> after). */
export const ORDER_COMPUTED_FEE_FIELDS = [
  'feeFreightAr',
  'feeAgentAp',
  'feeInsuranceAr',
  'feeArAmount',
  'agentArAmount',
  'rmbAmount',
  'currencyRate',
] as const;

/** The unit prices copied from the price row onto the order. */
export interface TOrderPriceValues {
  volumePrice: TMoneyInput | null;
  weightPrice: TMoneyInput | null;
  volumePriceAgent?: TMoneyInput | null;
  weightPriceAgent?: TMoneyInput | null;
  volWgtRate?: TMoneyInput | null;
  wgtVolRate?: TMoneyInput | null;
}

export interface TOrderFigures {
  status: number;
  cargoWeight?: TMoneyInput | null;
  cargoVolume?: TMoneyInput | null;
  arrivedWeight?: TMoneyInput | null;
  arrivedVolume?: TMoneyInput | null;
}

const blank = (v: TMoneyInput | null | undefined): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The weight and volume the freight is charged on (measured once received, else declared). */
export function chargeableFigures(order: TOrderFigures): { weight: string; volume: string; measured: boolean } {
  const measured =
    order.status >= ORDER_STATUS.IN_WAREHOUSE && !blank(order.arrivedWeight) && !blank(order.arrivedVolume);
  const weight = measured ? order.arrivedWeight : order.cargoWeight;
  const volume = measured ? order.arrivedVolume : order.cargoVolume;
  return {
    weight: toWeightString(tryMoney(blank(weight) ? '0' : (weight as TMoneyInput)) ?? 0),
    volume: toVolumeString(tryMoney(blank(volume) ? '0' : (volume as TMoneyInput)) ?? 0),
    measured,
  };
}

export interface TOrderPricingInput {
  /** the mark's pricing method; null for cargo without a mark (automatic) */
  calPriceType: string | null;
  minAmount?: TMoneyInput | null;
  isSubMark: boolean;
  /** the order's saved unit prices; null when no price row was ever found */
  price: TOrderPriceValues | null;
  weight: TMoneyInput;
  volume: TMoneyInput;
  freightManual: boolean;
  /** the typed freight when `freightManual` */
  feeFreightAr?: TMoneyInput | null;
  fees: Partial<Record<TOrderFeeInputField, TMoneyInput | null>>;
  declaredValue?: TMoneyInput | null;
  /** the insurance row chosen on the order (rate in %) */
  insurance?: { insuranceRate: TMoneyInput; minPremium?: TMoneyInput | null } | null;
  currency: string;
  /** RMB per one unit of `currency`; ignored for RMB */
  currencyRate?: TMoneyInput | null;
}

export interface TOrderPricing {
  feeFreightAr: string;
  feeAgentAp: string | null;
  feeInsuranceAr: string;
  feeArAmount: string;
  agentArAmount: string | null;
  currency: string;
  currencyRate: string;
  rmbAmount: string;
  /** the typed fees, each to 2 decimals ('0.00' when empty) */
  fees: Record<TOrderFeeInputField, string>;
  /** how the freight was reached (null when typed by hand or without a price) */
  freight: TFreightResult | null;
  agentFreight: TFreightResult | null;
  /** no price row and no typed freight: the form says 'no valid price: enter freight by hand' */
  noPrice: boolean;
}

const moneyOrZero = (v: TMoneyInput | null | undefined) => (blank(v) ? '0.00' : toMoneyString(v as TMoneyInput));

/**
 * The order's fees (see the header for the rules). Throws PricingError (`code` is a translation key) for a
 * price row without the ratio its method needs, or a foreign currency without an exchange rate.
 */
export function priceOrderFees(input: TOrderPricingInput): TOrderPricing {
  const fees = Object.fromEntries(ORDER_FEE_INPUT_FIELDS.map((f) => [f, moneyOrZero(input.fees[f])])) as Record<
    TOrderFeeInputField,
    string
  >;
  let freight: TFreightResult | null = null;
  let agentFreight: TFreightResult | null = null;
  let feeAgentAp: string | null = null;
  let feeFreightAr = '0.00';
  if (input.price) {
    const result = priceOrderFreight({
      calPriceType: input.calPriceType ?? CAL_PRICE_TYPE.AUTOMATIC,
      volume: input.volume,
      weight: input.weight,
      minAmount: input.minAmount,
      price: input.price,
      isSubMark: input.isSubMark,
    });
    freight = result.customer;
    agentFreight = result.agent;
    feeAgentAp = result.feeAgentAp;
    feeFreightAr = result.feeFreightAr;
  }
  if (input.freightManual) feeFreightAr = moneyOrZero(input.feeFreightAr);
  const insurance = input.insurance;
  const feeInsuranceAr = insurance
    ? insurancePremium(input.declaredValue, insurance.insuranceRate, insurance.minPremium)
    : '0.00';
  const totals = computeOrderFees({ ...fees, feeFreightAr, feeInsuranceAr, feeAgentAp });
  const currency = input.currency || CURRENCY.RMB;
  const rmb = toRmb(totals.feeArAmount, currency, currency === CURRENCY.RMB ? 1 : input.currencyRate);
  return {
    feeFreightAr,
    feeAgentAp,
    feeInsuranceAr,
    feeArAmount: totals.feeArAmount,
    agentArAmount: totals.agentArAmount,
    currency,
    currencyRate: rmb.currencyRate,
    rmbAmount: rmb.rmbAmount,
    fees,
    freight: input.freightManual ? null : freight,
    agentFreight,
    noPrice: !input.price && !input.freightManual,
  };
}

/** PricingError's translation key, or null for any other error (a bug, rethrown by the caller). */
export function pricingErrorKey(err: unknown): string | null {
  return err instanceof PricingError ? err.code : null;
}

/** True when the figures give no freight basis yet (nothing measured, nothing declared). */
export function hasNoCargoFigures(weight: TMoneyInput, volume: TMoneyInput): boolean {
  return isZero(weight) && isZero(volume);
}
