import Decimal from 'decimal.js';
import { z } from 'zod';

/**
 * The one Money module (ARCHITECTURE §1 and §4.4): every amount, rate, volume and weight in the server and
 * the web goes through here, so a figure is computed the same way on the order form preview, on the server
 * that saves it and in the export that prints it.
 *
 * - Arithmetic is decimal.js, never JS `number`: 0.1 + 0.2 must be 0.30 to the cent, forever.
 * - On the wire an amount is a decimal string ('1234.50'), matching PostgreSQL numeric(14,2).
 * - Rounding is half up, away from zero (1.005 -> 1.01, -1.005 -> -1.01): the commercial rule staff and
 *   Java's BigDecimal HALF_UP (the RuoYi original) use. Scales: money 2, weight 2, volume 3, rate 6 (DOMAIN §4).
 * - add/sub/mul/div/sum are exact (40 significant digits) and do not round: the caller rounds once, at the
 *   end, with the rounding that fits the figure (roundMoney for an amount, roundVolume for m³...).
 *
 * A private Decimal clone is used so that no other code changing decimal.js's global settings can alter money.
 */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });

export type TDecimal = Decimal;
/** What the functions accept: a decimal string from the wire or a form, a number from a literal, or a Decimal. */
export type TMoneyInput = string | number | Decimal;

export const MONEY_SCALE = 2;
export const WEIGHT_SCALE = 2;
export const VOLUME_SCALE = 3;
export const RATE_SCALE = 6;

/** Plain decimal notation only: no exponent, no thousands separators, no currency sign. */
const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/**
 * Parse an amount. Throws a RangeError on NaN, Infinity, an empty string or any text that is not a plain
 * decimal ('1,234.50', '1e3', '12abc'): garbage must never become 0 silently.
 */
export function money(value: TMoneyInput): Decimal {
  if (typeof value === 'string') {
    const text = value.trim();
    if (!DECIMAL_TEXT.test(text)) throw new RangeError(`Not a decimal amount: ${JSON.stringify(value)}`);
    return new D(text);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
    return new D(value);
  }
  if (Decimal.isDecimal(value) && value.isFinite()) return new D(value);
  throw new RangeError(`Not a finite amount: ${String(value)}`);
}

/** Like `money` but null instead of an error (form previews while the user is still typing). */
export function tryMoney(value: TMoneyInput | null | undefined): Decimal | null {
  if (value === null || value === undefined) return null;
  try {
    return money(value);
  } catch {
    return null;
  }
}

/** -0 prints as '-0.00'; an amount that rounds to zero is plain zero. */
const noNegativeZero = (d: Decimal) => (d.isZero() ? new D(0) : d);
const roundTo = (value: TMoneyInput, scale: number) =>
  noNegativeZero(money(value).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP));

/** Amount: 2 decimals, half up. */
export const roundMoney = (value: TMoneyInput): Decimal => roundTo(value, MONEY_SCALE);
/** Volume in m³: 3 decimals, half up. */
export const roundVolume = (value: TMoneyInput): Decimal => roundTo(value, VOLUME_SCALE);
/** Weight in kg: 2 decimals, half up. */
export const roundWeight = (value: TMoneyInput): Decimal => roundTo(value, WEIGHT_SCALE);
/** Exchange, insurance and ratio rates: 6 decimals, half up. */
export const roundRate = (value: TMoneyInput): Decimal => roundTo(value, RATE_SCALE);

export const add = (a: TMoneyInput, b: TMoneyInput): Decimal => money(a).plus(money(b));
export const sub = (a: TMoneyInput, b: TMoneyInput): Decimal => money(a).minus(money(b));
export const mul = (a: TMoneyInput, b: TMoneyInput): Decimal => money(a).times(money(b));

/** Exact to 40 significant digits; dividing by zero throws (it is always a data error here). */
export function div(a: TMoneyInput, b: TMoneyInput): Decimal {
  const divisor = money(b);
  if (divisor.isZero()) throw new RangeError('Division by zero');
  return money(a).dividedBy(divisor);
}

/** Sum of any number of amounts; 0 for an empty list. */
export function sum(values: readonly TMoneyInput[]): Decimal {
  return values.reduce<Decimal>((total, value) => total.plus(money(value)), new D(0));
}

export function max(first: TMoneyInput, ...rest: TMoneyInput[]): Decimal {
  return rest.reduce<Decimal>((best, value) => {
    const d = money(value);
    return d.gt(best) ? d : best;
  }, money(first));
}

export function min(first: TMoneyInput, ...rest: TMoneyInput[]): Decimal {
  return rest.reduce<Decimal>((best, value) => {
    const d = money(value);
    return d.lt(best) ? d : best;
  }, money(first));
}

/** -1, 0 or 1, for sorting and comparisons. */
export function cmp(a: TMoneyInput, b: TMoneyInput): -1 | 0 | 1 {
  const c = money(a).comparedTo(money(b));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

export const isZero = (value: TMoneyInput): boolean => money(value).isZero();
export const isNegative = (value: TMoneyInput): boolean => money(value).lt(0);
export const isPositive = (value: TMoneyInput): boolean => money(value).gt(0);

/** The wire form of an amount: rounded half up to 2 decimals, '1234.50', never exponent notation. */
export const toMoneyString = (value: TMoneyInput): string => roundMoney(value).toFixed(MONEY_SCALE);
export const toVolumeString = (value: TMoneyInput): string => roundVolume(value).toFixed(VOLUME_SCALE);
export const toWeightString = (value: TMoneyInput): string => roundWeight(value).toFixed(WEIGHT_SCALE);
export const toRateString = (value: TMoneyInput): string => roundRate(value).toFixed(RATE_SCALE);

/**
 * The shortest exact text of a decimal, trailing zeros dropped ('300.000000' -> '300', '0.500' -> '0.5'): a rate shown
 * or put in a form as people write it. Exact where `String(Number(x))` would round long figures.
 */
export const toPlainString = (value: TMoneyInput): string => noNegativeZero(money(value)).toString();

/** Whether two figures are the same number ('1.50' and '1.5'); text that is not a decimal equals nothing. */
export function sameFigure(a: TMoneyInput | null | undefined, b: TMoneyInput | null | undefined): boolean {
  const x = tryMoney(a);
  const y = tryMoney(b);
  return x !== null && y !== null && x.eq(y);
}

/** Groups of three digits with a comma, the way both Chinese and Thai finance staff write amounts. */
function groupThousands(fixed: string): string {
  const negative = fixed.startsWith('-');
  const [integer = '0', fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Display form: '1,234.50', or '1,234.50 RMB' with a currency code. Never used to store or compute. */
export function formatMoney(value: TMoneyInput, currency?: string): string {
  const text = groupThousands(toMoneyString(value));
  return currency ? `${text} ${currency}` : text;
}

/** Amount × rate, rounded to the cent (THB -> RMB for rmbAmount, with the rate saved beside it). */
export const convert = (amount: TMoneyInput, rate: TMoneyInput): Decimal => roundMoney(mul(amount, rate));

// ---------------------------------------------------------------------------------------------------
// zod schemas. Input: a decimal string; output: the canonical string at the field's scale ('12.5' -> '12.50'), so
// the server stores and compares one form. The output is declared as a string (`.pipe(z.string())`) so the schema
// still converts to JSON Schema for request and response docs.
//
// A JSON number is refused ('err_decimal_as_text', docs/api.md): whoever sent 0.1 + 0.2 has already computed in
// binary floating point, and a number the client parsed and re-serialised may have lost digits; the API cannot tell
// an exact 12.5 from a rounded one, so the one wire form of an amount, weight, volume or rate is the decimal text.

export const MONEY_MESSAGE_KEYS = {
  money: 'err_money',
  negative: 'err_money_negative',
  rate: 'err_rate',
  rateNegative: 'err_rate_negative',
  volume: 'err_volume',
  volumeNegative: 'err_volume_negative',
  weight: 'err_weight',
  weightNegative: 'err_weight_negative',
  asText: 'err_decimal_as_text',
} as const;

/** The number messages: they say what is wrong, not which field, so the server's answer adds the field's label. */
export const NUMBER_MESSAGE_KEYS: readonly string[] = Object.values(MONEY_MESSAGE_KEYS);

interface TDecimalRule {
  /** Decimals allowed (trailing zeros beyond it are fine: '1.500' is a 2-decimal amount). */
  scale: number;
  /** Digits allowed before the decimal point (the column is numeric(intDigits + scale, scale)). */
  intDigits: number;
  signed: boolean;
  message: string;
  /** The message for a negative value (unsigned figures). */
  negative?: string;
}

function zDecimal({ scale, intDigits, signed, message, negative = MONEY_MESSAGE_KEYS.negative }: TDecimalRule) {
  const limit = new D(10).pow(intDigits);
  return z
    .string({ error: (issue) => (typeof issue.input === 'number' ? MONEY_MESSAGE_KEYS.asText : message) })
    .superRefine((value, ctx) => {
      const d = tryMoney(value);
      if (d === null || d.decimalPlaces() > scale || d.abs().gte(limit)) {
        ctx.addIssue({ code: 'custom', message });
      } else if (!signed && d.isNegative() && !d.isZero()) {
        ctx.addIssue({ code: 'custom', message: negative });
      }
    })
    .transform((value) => noNegativeZero(money(value)).toFixed(scale))
    .pipe(z.string());
}

/** Amount >= 0: up to 12 integer digits and 2 decimals (numeric(14,2)). */
export const zMoney = zDecimal({ scale: MONEY_SCALE, intDigits: 12, signed: false, message: MONEY_MESSAGE_KEYS.money });
/** Amount that may be negative (adjustments, profit). */
export const zSignedMoney = zDecimal({
  scale: MONEY_SCALE,
  intDigits: 12,
  signed: true,
  message: MONEY_MESSAGE_KEYS.money,
});
/** Rate >= 0 with up to 6 decimals and 6 integer digits (numeric(12,6): exchange, insurance %, kg per m³). */
export const zRate = zDecimal({
  scale: RATE_SCALE,
  intDigits: 6,
  signed: false,
  message: MONEY_MESSAGE_KEYS.rate,
  negative: MONEY_MESSAGE_KEYS.rateNegative,
});
/** Volume in m³ >= 0, 3 decimals (numeric(12,3)). */
export const zVolume = zDecimal({
  scale: VOLUME_SCALE,
  intDigits: 9,
  signed: false,
  message: MONEY_MESSAGE_KEYS.volume,
  negative: MONEY_MESSAGE_KEYS.volumeNegative,
});
/** Weight in kg >= 0, 2 decimals (numeric(12,2)). */
export const zWeight = zDecimal({
  scale: WEIGHT_SCALE,
  intDigits: 10,
  signed: false,
  message: MONEY_MESSAGE_KEYS.weight,
  negative: MONEY_MESSAGE_KEYS.weightNegative,
});
