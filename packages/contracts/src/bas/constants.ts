/**
 * Business codes of spec §9 and DOMAIN §4, used everywhere: database columns, dictionary values
 * (`dict_value` of the matching dictionary type is exactly these codes), request bodies, the pricing
 * engine and the web. One place, so a seeded dictionary, a stored order and a `switch` in the pricing
 * engine can never disagree. Each set has a `*_LABEL_KEY` map to its GLOSSARY.md translation key.
 *
 * Code choices (the spec gives labels only):
 * - Transport modes use the spec's mnemonic codes (EK, SEA, AIR, RAIL) and mnemonic codes of the same
 *   style for the other four, because staff read busType in exports and logs.
 * - calPriceType is '1'..'6' in the spec's order; cargo types, payment terms, client types and payment
 *   methods are RuoYi-style dictionary numbers '1'..'n' in the spec's order.
 * - Client types: the spec names both 'walk-in, major, agent' and 'ordinary, VIP, agent'. Major is VIP (one
 *   code); ordinary keeps a code of its own (4) as the seeded client_type dictionary has it.
 */

const values = <T extends Record<string, string>>(codes: T) => Object.values(codes) as [T[keyof T], ...T[keyof T][]];

/** Pricing method of a mark (calPriceType), DOMAIN §4. */
export const CAL_PRICE_TYPE = {
  BY_VOLUME: '1',
  BY_WEIGHT: '2',
  AUTOMATIC: '3',
  BY_VOLUMETRIC_RATIO: '4',
  BY_OVERWEIGHT_RATIO: '5',
  MINIMUM_CHARGE: '6',
} as const;
export type TCalPriceType = (typeof CAL_PRICE_TYPE)[keyof typeof CAL_PRICE_TYPE];
export const CAL_PRICE_TYPES = values(CAL_PRICE_TYPE);
export const CAL_PRICE_TYPE_LABEL_KEY: Record<TCalPriceType, string> = {
  '1': 'price_by_volume',
  '2': 'price_by_weight',
  '3': 'price_automatic',
  '4': 'price_by_volumetric_ratio',
  '5': 'price_by_overweight_ratio',
  '6': 'price_minimum_charge',
};

/** Transport mode (busType), spec §9. */
export const TRANSPORT_MODE = {
  LAND_EK: 'EK',
  SEA: 'SEA',
  AIR: 'AIR',
  RAIL: 'RAIL',
  FCL: 'FCL',
  BULK: 'BULK',
  CUSTOMS_TRANSIT: 'TRANSIT',
  DIRECT_FLIGHT: 'DIRECT',
} as const;
export type TTransportMode = (typeof TRANSPORT_MODE)[keyof typeof TRANSPORT_MODE];
export const TRANSPORT_MODES = values(TRANSPORT_MODE);
export const TRANSPORT_MODE_LABEL_KEY: Record<TTransportMode, string> = {
  EK: 'mode_land_ek',
  SEA: 'mode_sea',
  AIR: 'mode_air',
  RAIL: 'mode_rail',
  FCL: 'mode_fcl',
  BULK: 'mode_bulk',
  TRANSIT: 'mode_customs_transit',
  DIRECT: 'mode_direct_flight',
};

/** Cargo type (cargoType), spec §9. */
export const CARGO_TYPE = {
  GENERAL: '1',
  SPECIAL: '2',
  BRAND: '3',
  DANGER: '4',
} as const;
export type TCargoType = (typeof CARGO_TYPE)[keyof typeof CARGO_TYPE];
export const CARGO_TYPES = values(CARGO_TYPE);
export const CARGO_TYPE_LABEL_KEY: Record<TCargoType, string> = {
  '1': 'cargo_general',
  '2': 'cargo_special',
  '3': 'cargo_brand',
  '4': 'cargo_danger',
};

/** Payment term of a mark (balanceType), spec §9. */
export const BALANCE_TYPE = {
  CASH: '1',
  ARRIVE_PAY: '2',
  POSTPAY: '3',
  REMIT: '4',
  MONTHLY: '5',
} as const;
export type TBalanceType = (typeof BALANCE_TYPE)[keyof typeof BALANCE_TYPE];
export const BALANCE_TYPES = values(BALANCE_TYPE);
export const BALANCE_TYPE_LABEL_KEY: Record<TBalanceType, string> = {
  '1': 'term_cash',
  '2': 'term_arrive_pay',
  '3': 'term_postpay',
  '4': 'term_remit',
  '5': 'term_monthly',
};

/** Client type of a mark (clientType), spec §6 and §9; major = VIP. */
export const CLIENT_TYPE = {
  WALK_IN: '1',
  MAJOR: '2',
  AGENT: '3',
  ORDINARY: '4',
} as const;
export type TClientType = (typeof CLIENT_TYPE)[keyof typeof CLIENT_TYPE];
export const CLIENT_TYPES = values(CLIENT_TYPE);
export const CLIENT_TYPE_LABEL_KEY: Record<TClientType, string> = {
  '1': 'client_walk_in',
  '2': 'client_major',
  '3': 'client_agent',
  '4': 'client_ordinary',
};

/** Payment method of a write-off (payTypeName's code), spec §9. */
export const PAY_METHOD = {
  CASH: '1',
  TRANSFER: '2',
  WECHAT: '3',
  ALIPAY: '4',
} as const;
export type TPayMethod = (typeof PAY_METHOD)[keyof typeof PAY_METHOD];
export const PAY_METHODS = values(PAY_METHOD);
export const PAY_METHOD_LABEL_KEY: Record<TPayMethod, string> = {
  '1': 'pay_cash',
  '2': 'pay_transfer',
  '3': 'pay_wechat',
  '4': 'pay_alipay',
};

/** Currencies (spec §9): yuan and baht; RMB is the reporting currency (rmbAmount). */
export const CURRENCY = {
  RMB: 'RMB',
  THB: 'THB',
} as const;
export type TCurrency = (typeof CURRENCY)[keyof typeof CURRENCY];
export const CURRENCIES = values(CURRENCY);
export const CURRENCY_LABEL_KEY: Record<TCurrency, string> = {
  RMB: 'currency_rmb',
  THB: 'currency_thb',
};
/** The currency every amount is converted to for reports and profit (DOMAIN §4). */
export const REPORTING_CURRENCY: TCurrency = CURRENCY.RMB;

/** Bill-to party type of a bill or write-off (screens balance §1, chosen): 1 customer, 2 agent. */
export const PARTY_TYPE = {
  CUSTOMER: 1,
  AGENT: 2,
} as const;
export type TPartyType = (typeof PARTY_TYPE)[keyof typeof PARTY_TYPE];
