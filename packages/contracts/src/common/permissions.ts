/** The wildcard permission: grants everything (spec §6). */
export const ALL_PERMISSION = '*:*:*';
/** The role key that passes every role check (spec §6). */
export const ADMIN_ROLE_KEY = 'admin';
/** Returned by getInfo when a user has no role (spec §6). */
export const DEFAULT_ROLE = 'ROLE_DEFAULT';
/** The fee role as a button permission an administrator ticks in a role's menu tree (screens §0). */
export const FEE_ROLE_PERMISSION = 'bus:fee:view';

/** Built-in ids that can never be deleted, disabled or stripped. */
export const BUILTIN_ADMIN_USER_ID = 1;
export const BUILTIN_ADMIN_ROLE_ID = 1;

export function hasPermission(granted: readonly string[] | ReadonlySet<string>, required: string): boolean {
  const has = (p: string) => (Array.isArray(granted) ? granted.includes(p) : (granted as ReadonlySet<string>).has(p));
  return has(ALL_PERMISSION) || has(required);
}

export function hasAnyPermission(granted: readonly string[] | ReadonlySet<string>, required: readonly string[]) {
  return required.some((p) => hasPermission(granted, p));
}

export function hasRole(roles: readonly string[], required: string): boolean {
  return roles.includes(ADMIN_ROLE_KEY) || roles.includes(required);
}

/** Fee role: the wildcard or the fee-role button permission (DOMAIN §7). */
export function hasFeeRole(granted: readonly string[] | ReadonlySet<string>): boolean {
  return hasPermission(granted, FEE_ROLE_PERMISSION);
}

/**
 * Fee and price fields (spec §3 'Order fees', 'Pricing', 'Payables/receivables', 'Write-off', 'Delivery').
 * The server removes every one of these keys, at any depth, from responses and exports for users without
 * the fee role. A module that adds a money field a non-fee user must not see adds its name here.
 */
export const FEE_FIELDS: ReadonlySet<string> = new Set([
  // order fees
  'feeAgentAp',
  'feeInsuranceAr',
  'feeReplaceAr',
  'feePickAr',
  'feeSendAr',
  'feePackAr',
  'feeUnloadAr',
  'feeOtherAr',
  'feeFreightAr',
  'feeWoodenAr',
  'feeChacheAr',
  'deliveryAr',
  'chinaFeeAr',
  'thFeeAr',
  'feeArAmount',
  'agentArAmount',
  'feeCurrency',
  'feeRate',
  'rmbAmount',
  'currencyRate',
  // pricing
  'isWeight',
  'volumePrice',
  'weightPrice',
  'isWeightAgent',
  'volumePriceAgent',
  'weightPriceAgent',
  'volWgtRate',
  'wgtVolRate',
  'price',
  'priceAgent',
  'oldVolumePrice',
  'oldWeightPrice',
  'oldVolumePriceAgent',
  'oldWeightPriceAgent',
  'contPrice',
  'apPrice',
  'arPrice',
  'containerFee',
  'credtLimit',
  'minAmount',
  'openBalance',
  // container payables and receivables
  'apInSeaFee',
  'apInTruckFee',
  'apOutUnloadFee',
  'apOutTruckFee',
  'apOutCustomsFee',
  'apOutVatFee',
  'apOutOtherFee',
  'apOutFee',
  'apAmount',
  'arOutUnloadFee',
  'arOutTruckFee',
  'arOutCustomsFee',
  'arOutVatFee',
  'arOutOtherFee',
  'arOutFee',
  'arAmount',
  'profitAmount',
  'profitFlag',
  // write-off
  'arLeftAmount',
  'arWriteoffAmount',
  'thisArWriteoffAmout',
  'amount',
  'totals',
  // delivery money
  'sendFeeAmount',
  'sendPartAmount',
  'sendOtherAmount',
  // insurance
  'insuranceRate',
  'minPremium',
]);

/** True when a fee field occurs at any depth (checked before copying, since most payloads have none). */
function hasFeeFields(value: unknown, depth = 0): boolean {
  if (depth > 32 || value === null || typeof value !== 'object' || value instanceof Date) return false;
  if (Array.isArray(value)) {
    for (const v of value) if (v !== null && typeof v === 'object' && hasFeeFields(v, depth + 1)) return true;
    return false;
  }
  for (const k in value as Record<string, unknown>) {
    if (FEE_FIELDS.has(k)) return true;
    const v = (value as Record<string, unknown>)[k];
    if (v !== null && typeof v === 'object' && hasFeeFields(v, depth + 1)) return true;
  }
  return false;
}

function strip<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => strip(v)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (FEE_FIELDS.has(k)) continue;
      out[k] = v !== null && typeof v === 'object' ? strip(v) : v;
    }
    return out as T;
  }
  return value;
}

/** Remove fee fields at any depth. Returns the input itself when it has none, else a copy without them. */
export function stripFeeFields<T>(value: T): T {
  return hasFeeFields(value) ? strip(value) : value;
}
