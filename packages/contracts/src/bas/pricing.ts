import type Decimal from 'decimal.js';
import {
  add,
  cmp,
  convert,
  div,
  isZero,
  max,
  money,
  mul,
  roundMoney,
  roundVolume,
  roundWeight,
  sum,
  type TMoneyInput,
  toMoneyString,
  toRateString,
  toVolumeString,
  toWeightString,
} from '../common/money';
import { CAL_PRICE_TYPE, CURRENCY, type TCalPriceType } from './constants';

/**
 * The pricing engine of DOMAIN §4 as pure functions. The order form runs it live for the preview and the
 * server runs it again on save ('the server recomputes and its figures win'), so both must be this code.
 * Results are wire strings ('1049.75', '1.235'): what is shown is exactly what is stored.
 *
 * Decisions where the documents are silent:
 * - Freight is the chargeable quantity × unit price, rounded once to the cent, half up. The chargeable
 *   quantity is volume to 3 decimals or weight to 2, so the explanation line multiplies to the freight.
 * - Automatic takes the larger amount; on a tie it reports 'volume'.
 * - By volumetric ratio: by weight when weight > volume × volWgtRate (density strictly above the ratio),
 *   else by volume; zero volume is by weight.
 * - By overweight ratio: chargeable volume = max(volume, weight / wgtVolRate), the quotient rounded to 3
 *   decimals before it is compared and multiplied.
 * - A ratio method on a price row without its ratio (or with 0) is an error, never a silent default.
 * - The mark's minAmount is the floor of every method (calPriceType '6' is automatic plus that floor). It is
 *   not applied while volume and weight are both zero: an order without cargo figures has no freight yet.
 * - The price row's isWeight / isWeightAgent flags are display hints; the mark's calPriceType decides.
 * - feeArAmount (screens bus §7 Q11): every receivable (*Ar) fee of the order is included:
 *   feeFreightAr, feePickAr, feeSendAr, feePackAr, feeUnloadAr, feeInsuranceAr, feeWoodenAr, feeChacheAr
 *   (forklift), deliveryAr, feeReplaceAr (paid on the customer's behalf: the customer owes it back),
 *   feeOtherAr, chinaFeeAr and thFeeAr (fees of their own, not subtotals). feeAgentAp is not included:
 *   it is the freight at the agent's price, a second view of freight, not an extra charge.
 * - Sub-marks (Q10): feeAgentAp = the same calculation at volumePriceAgent / weightPriceAgent (each falls
 *   back to the customer price when the row leaves it empty, as the price form defaults it). The amount
 *   billed to the agent is feeArAmount with feeFreightAr replaced by feeAgentAp (`agentArAmount`).
 * - insurancePremium's rate is the insurance row's percentage (screens bas §3.14: 10,000 × 0.30 % = 30.00),
 *   at least minPremium; no declared value means no insurance and no premium.
 * - toRmb's rate is RMB per one unit of the amount's currency (THB -> RMB ≈ 0.2); RMB amounts use rate 1.
 */

/** A pricing failure the user can fix (a price row without a ratio, an unknown method); `code` is a translation key. */
export class PricingError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PricingError';
  }
}

const nonNegative = (value: TMoneyInput, code: string, what: string): Decimal => {
  const d = money(value);
  if (d.isNegative() && !d.isZero()) throw new PricingError(code, `${what} cannot be negative: ${d.toString()}`);
  return d;
};

/** Empty form fields arrive as null, undefined or ''. */
const isBlank = (value: TMoneyInput | null | undefined): value is null | undefined | '' =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

// ---------------------------------------------------------------------------------------------------
// Cargo lines

export interface TCargoDimensions {
  /** cm */
  length: TMoneyInput;
  /** cm */
  width: TMoneyInput;
  /** cm */
  height: TMoneyInput;
  /** cartons of this size */
  piece: TMoneyInput;
}

function wholePieces(value: TMoneyInput): Decimal {
  const d = money(value);
  if (!d.isInteger() || d.isNegative()) throw new PricingError('err_piece', `Not a piece count: ${d.toString()}`);
  return d;
}

/** m³ of a cargo line: L × W × H (cm) / 1,000,000 × pieces, rounded once to 3 decimals, half up. */
export function cargoLineVolume({ length, width, height, piece }: TCargoDimensions): string {
  const cm3 = [length, width, height]
    .reduce<Decimal>((total, value) => total.times(nonNegative(value, 'err_volume', 'A cargo dimension')), money(1))
    .times(wholePieces(piece));
  return toVolumeString(div(cm3, 1_000_000));
}

export interface TCargoLineInput {
  piece: TMoneyInput;
  /** kg, the line total (screens bus Q9) */
  weight?: TMoneyInput | null;
  /** m³ typed or stored; used when the dimensions are not all given */
  volume?: TMoneyInput | null;
  length?: TMoneyInput | null;
  width?: TMoneyInput | null;
  height?: TMoneyInput | null;
}

export interface TCargoTotals {
  piece: number;
  /** kg, 2 decimals */
  weight: string;
  /** m³, 3 decimals: the sum of the lines' rounded volumes, so the totals row adds up on screen */
  volume: string;
}

/** Totals of the cargo grid: pieces, weight, volume (each line's volume from its dimensions when it has them). */
export function sumCargoLines(lines: readonly TCargoLineInput[]): TCargoTotals {
  const volumes = lines.map((line) => {
    const { length, width, height } = line;
    if (!isBlank(length) && !isBlank(width) && !isBlank(height)) {
      return cargoLineVolume({ length, width, height, piece: line.piece });
    }
    return isBlank(line.volume) ? '0' : toVolumeString(nonNegative(line.volume, 'err_volume', 'Volume'));
  });
  const pieces = sum(lines.map((line) => wholePieces(line.piece)));
  const weights = lines.map((line) => (isBlank(line.weight) ? '0' : nonNegative(line.weight, 'err_weight', 'Weight')));
  return { piece: pieces.toNumber(), weight: toWeightString(sum(weights)), volume: toVolumeString(sum(volumes)) };
}

// ---------------------------------------------------------------------------------------------------
// Price selection: which row applies (price-selection.ts), re-exported so the engine is one import

export * from './price-selection';

// ---------------------------------------------------------------------------------------------------
// Freight

export interface TPriceValues {
  /** per m³ */
  volumePrice?: TMoneyInput | null;
  /** per kg */
  weightPrice?: TMoneyInput | null;
  /** kg per m³ above which cargo is charged by weight (method 4) */
  volWgtRate?: TMoneyInput | null;
  /** kg that count as one m³ (method 5) */
  wgtVolRate?: TMoneyInput | null;
}

export interface TFreightInput {
  calPriceType: TCalPriceType | string;
  /** m³ */
  volume: TMoneyInput;
  /** kg */
  weight: TMoneyInput;
  price: TPriceValues;
  /** the mark's minimum charge per order; null or 0 = none */
  minAmount?: TMoneyInput | null;
}

export type TFreightBasis = 'volume' | 'weight';

/** The freight and how it was reached, for the basis line under the fee section. */
export interface TFreightResult {
  calPriceType: TCalPriceType;
  /** final freight, 2 decimals */
  freight: string;
  basis: TFreightBasis;
  /** chargeable m³ (3 decimals) or kg (2 decimals) */
  quantity: string;
  unitPrice: string;
  /** quantity × unitPrice, before the minimum */
  amount: string;
  /** the amounts compared by automatic and minimum charge (for 'by volume 1,049.75 / by weight 980.00') */
  candidates: { volume?: string; weight?: string };
  /** the ratio used by methods 4 and 5 */
  ratio: string | null;
  minAmount: string | null;
  minimumApplied: boolean;
}

function requirePrice(value: TMoneyInput | null | undefined, what: string): Decimal {
  if (isBlank(value)) throw new PricingError('err_price_missing', `The price row has no ${what}`);
  return nonNegative(value, 'err_price_missing', what);
}

function requireRatio(value: TMoneyInput | null | undefined, what: string): Decimal {
  if (isBlank(value) || isZero(value))
    throw new PricingError('err_price_ratio_missing', `The price row has no ${what}`);
  return nonNegative(value, 'err_price_ratio_missing', what);
}

interface TLeg {
  basis: TFreightBasis;
  quantity: Decimal;
  unitPrice: Decimal;
  amount: Decimal;
}

const leg = (basis: TFreightBasis, quantity: Decimal, unitPrice: Decimal): TLeg => ({
  basis,
  quantity,
  unitPrice,
  amount: roundMoney(quantity.times(unitPrice)),
});

export const isCalPriceType = (value: string): value is TCalPriceType =>
  (Object.values(CAL_PRICE_TYPE) as string[]).includes(value);

/** Freight of an order by the mark's calPriceType (DOMAIN §4); see the header for the edge rules. */
export function computeFreight(input: TFreightInput): TFreightResult {
  const { calPriceType, price } = input;
  if (!isCalPriceType(calPriceType)) {
    throw new PricingError('err_cal_price_type', `Unknown pricing method: ${JSON.stringify(calPriceType)}`);
  }
  const volume = roundVolume(nonNegative(input.volume, 'err_volume', 'Volume'));
  const weight = roundWeight(nonNegative(input.weight, 'err_weight', 'Weight'));
  const byVolume = () => leg('volume', volume, requirePrice(price.volumePrice, 'volume price'));
  const byWeight = () => leg('weight', weight, requirePrice(price.weightPrice, 'weight price'));
  const candidates: TFreightResult['candidates'] = {};
  let ratio: Decimal | null = null;
  let chosen: TLeg;

  switch (calPriceType) {
    case CAL_PRICE_TYPE.BY_VOLUME:
      chosen = byVolume();
      break;
    case CAL_PRICE_TYPE.BY_WEIGHT:
      chosen = byWeight();
      break;
    case CAL_PRICE_TYPE.AUTOMATIC:
    case CAL_PRICE_TYPE.MINIMUM_CHARGE: {
      const v = byVolume();
      const w = byWeight();
      candidates.volume = toMoneyString(v.amount);
      candidates.weight = toMoneyString(w.amount);
      chosen = cmp(w.amount, v.amount) > 0 ? w : v;
      break;
    }
    case CAL_PRICE_TYPE.BY_VOLUMETRIC_RATIO: {
      ratio = requireRatio(price.volWgtRate, 'volWgtRate');
      chosen = volume.isZero() || weight.gt(volume.times(ratio)) ? byWeight() : byVolume();
      break;
    }
    case CAL_PRICE_TYPE.BY_OVERWEIGHT_RATIO: {
      ratio = requireRatio(price.wgtVolRate, 'wgtVolRate');
      const weightAsVolume = roundVolume(div(weight, ratio));
      chosen = leg('volume', max(volume, weightAsVolume), requirePrice(price.volumePrice, 'volume price'));
      break;
    }
  }

  const minimum = isBlank(input.minAmount) ? null : roundMoney(nonNegative(input.minAmount, 'err_money', 'minAmount'));
  const hasCargo = !volume.isZero() || !weight.isZero();
  const minimumApplied = minimum !== null && hasCargo && chosen.amount.lt(minimum);
  return {
    calPriceType,
    freight: toMoneyString(minimumApplied && minimum !== null ? minimum : chosen.amount),
    basis: chosen.basis,
    quantity: chosen.basis === 'volume' ? toVolumeString(chosen.quantity) : toWeightString(chosen.quantity),
    unitPrice: toMoneyString(chosen.unitPrice),
    amount: toMoneyString(chosen.amount),
    candidates,
    ratio: ratio === null ? null : toRateString(ratio),
    minAmount: minimum === null || minimum.isZero() ? null : toMoneyString(minimum),
    minimumApplied,
  };
}

export interface TAgentPriceValues extends TPriceValues {
  volumePriceAgent?: TMoneyInput | null;
  weightPriceAgent?: TMoneyInput | null;
}

export interface TAgentFreightInput extends Omit<TFreightInput, 'price'> {
  price: TAgentPriceValues;
}

/**
 * Freight of a sub-mark's order at the agent's price (feeAgentAp): the same method and minimum as the
 * customer calculation, with volumePriceAgent / weightPriceAgent (each defaulting to the customer price).
 */
export function computeAgentFreight(input: TAgentFreightInput): TFreightResult {
  const { price } = input;
  return computeFreight({
    ...input,
    price: {
      volumePrice: isBlank(price.volumePriceAgent) ? price.volumePrice : price.volumePriceAgent,
      weightPrice: isBlank(price.weightPriceAgent) ? price.weightPrice : price.weightPriceAgent,
      volWgtRate: price.volWgtRate,
      wgtVolRate: price.wgtVolRate,
    },
  });
}

export interface TOrderFreight {
  feeFreightAr: string;
  /** null unless the order's mark is a sub-mark */
  feeAgentAp: string | null;
  customer: TFreightResult;
  agent: TFreightResult | null;
}

/** Both freights of an order: the customer's, and for a sub-mark (`isSubMark`) the agent's. */
export function priceOrderFreight(input: TAgentFreightInput & { isSubMark: boolean }): TOrderFreight {
  const { isSubMark, ...rest } = input;
  const customer = computeFreight(rest);
  const agent = isSubMark ? computeAgentFreight(rest) : null;
  return { feeFreightAr: customer.freight, feeAgentAp: agent?.freight ?? null, customer, agent };
}

// ---------------------------------------------------------------------------------------------------
// Order fees

/**
 * The receivable fees staff type (bus/order-pricing ORDER_FEE_INPUT_FIELDS: every one but the computed freight and
 * insurance), in two runs: those before the insurance in ORDER_FEE_AR_FIELDS, and those after it.
 */
export const TYPED_FEES_BEFORE_INSURANCE = ['feePickAr', 'feeSendAr', 'feePackAr', 'feeUnloadAr'] as const;
export const TYPED_FEES_AFTER_INSURANCE = [
  'feeWoodenAr',
  'feeChacheAr',
  'deliveryAr',
  'feeReplaceAr',
  'feeOtherAr',
  'chinaFeeAr',
  'thFeeAr',
] as const;

/** The receivable fees that make up feeArAmount (see the header for why each is in). */
export const ORDER_FEE_AR_FIELDS = [
  'feeFreightAr',
  ...TYPED_FEES_BEFORE_INSURANCE,
  'feeInsuranceAr',
  ...TYPED_FEES_AFTER_INSURANCE,
] as const;
export type TOrderFeeArField = (typeof ORDER_FEE_AR_FIELDS)[number];

export type TOrderFeesInput = Partial<Record<TOrderFeeArField | 'feeAgentAp', TMoneyInput | null>>;

export interface TOrderFees {
  /** customer total: the sum of ORDER_FEE_AR_FIELDS */
  feeArAmount: string;
  /** what the agent is billed for a sub-mark's order: feeArAmount with the freight at the agent price */
  agentArAmount: string | null;
}

/** feeArAmount of an order; empty fees count as zero. */
export function computeOrderFees(fees: TOrderFeesInput): TOrderFees {
  const amount = (value: TMoneyInput | null | undefined) => (isBlank(value) ? '0' : roundMoney(value));
  const feeArAmount = roundMoney(sum(ORDER_FEE_AR_FIELDS.map((field) => amount(fees[field]))));
  const agentArAmount = isBlank(fees.feeAgentAp)
    ? null
    : toMoneyString(add(feeArAmount.minus(amount(fees.feeFreightAr)), amount(fees.feeAgentAp)));
  return { feeArAmount: toMoneyString(feeArAmount), agentArAmount };
}

/**
 * feeInsuranceAr: declared value × rate % (the insurance row's percentage), at least minPremium, to the cent.
 * No declared value (empty or 0) means the cargo is not insured: 0.00, and no minimum.
 */
export function insurancePremium(
  declaredValue: TMoneyInput | null | undefined,
  ratePercent: TMoneyInput,
  minPremium?: TMoneyInput | null,
): string {
  if (isBlank(declaredValue) || isZero(declaredValue)) return toMoneyString(0);
  const value = nonNegative(declaredValue, 'err_money', 'Declared value');
  const premium = roundMoney(div(mul(value, nonNegative(ratePercent, 'err_rate', 'Insurance rate')), 100));
  const floor = isBlank(minPremium) ? premium : roundMoney(nonNegative(minPremium, 'err_money', 'minPremium'));
  return toMoneyString(max(premium, floor));
}

export interface TRmbAmount {
  rmbAmount: string;
  /** the rate used, 6 decimals, saved with the amount (DOMAIN §4) */
  currencyRate: string;
}

/**
 * rmbAmount of an amount in `currency` at `rate` (RMB per one unit of that currency, from currate for the
 * amount's date). RMB amounts need no rate (1). A foreign amount without a positive rate is an error:
 * a missing rate must be entered, never guessed.
 */
export function toRmb(amount: TMoneyInput, currency: string, rate?: TMoneyInput | null): TRmbAmount {
  if (currency === CURRENCY.RMB) return { rmbAmount: toMoneyString(amount), currencyRate: toRateString(1) };
  if (isBlank(rate) || !money(rate).gt(0)) {
    throw new PricingError('err_rate_missing', `No exchange rate from ${currency} to RMB`);
  }
  // convert at the saved (6-decimal) rate, so rmbAmount can always be re-derived from the stored figures
  const saved = toRateString(rate);
  return { rmbAmount: toMoneyString(convert(amount, saved)), currencyRate: saved };
}
