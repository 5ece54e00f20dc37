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
export const FEE_FIELD_NAMES = [
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
  // load record sums (estimated margin while planning)
  'orderArAmount',
  'estimatedMargin',
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
  // delivery money (sendPartAmount, the amount to collect on delivery, is not a fee: the driver collects it, Q15)
  'sendFeeAmount',
  'sendOtherAmount',
  // insurance
  'insuranceRate',
  'minPremium',
] as const;
export type TFeeField = (typeof FEE_FIELD_NAMES)[number];
export const FEE_FIELDS: ReadonlySet<string> = new Set(FEE_FIELD_NAMES);

/**
 * Filters that select rows by fee values without naming a fee field (deliveryfree's 'a supplement fee entered'):
 * like fee fields, only the fee role may use them. A module that adds such a filter adds its name here.
 */
export const FEE_FILTERS: ReadonlySet<string> = new Set(['hasSupplement']);

/**
 * A value named by data: an object in a list whose `field` names a fee field (an order-log change
 * `{ field: 'feeFreightAr', before, after }`) is itself a fee value and leaves the list for non-fee users.
 */
function namesFeeField(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const field = (value as { field?: unknown }).field;
  return typeof field === 'string' && FEE_FIELDS.has(field);
}

/**
 * Row arrays that blankFeeFields left without a fee value at any depth: the answer's check (stripFeeFields) skips
 * them instead of walking every key of every row again.
 */
const feeFree = new WeakSet<object>();

/** True when a fee field occurs at any depth (checked before copying, since most payloads have none). */
function hasFeeFields(value: unknown, depth = 0): boolean {
  if (depth > 32 || value === null || typeof value !== 'object' || value instanceof Date) return false;
  if (Array.isArray(value)) {
    if (feeFree.has(value)) return false;
    for (const v of value)
      if (v !== null && typeof v === 'object' && (namesFeeField(v) || hasFeeFields(v, depth + 1))) return true;
    return false;
  }
  for (const k in value as Record<string, unknown>) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined && FEE_FIELDS.has(k)) return true;
    if (v !== null && typeof v === 'object' && hasFeeFields(v, depth + 1)) return true;
  }
  return false;
}

/**
 * The copy without fee fields. It runs on every answer to a user without the fee role (a list page is 20 rows of
 * 40-75 keys), so it loops over keys instead of allocating entry pairs: 8 % of a scoped list's server time before.
 */
function strip<T>(value: T): T {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const v of value) if (!namesFeeField(v)) out.push(v !== null && typeof v === 'object' ? strip(v) : v);
    return out as T;
  }
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(source)) {
      if (FEE_FIELDS.has(k)) continue;
      const v = source[k];
      out[k] = v !== null && typeof v === 'object' ? strip(v) : v;
    }
    return out as T;
  }
  return value;
}

/**
 * The fee fields of rows a handler has just read (fresh objects, never a cached or shared one, and not changed
 * afterwards) set to undefined in place: they are not serialised, and stripFeeFields finds nothing left to copy (a
 * copy of a 20-row page cost more than the rest of its mapping). Nested values are left to stripFeeFields. Rows with
 * none left at any depth are remembered, so stripFeeFields does not walk them a second time (two walks of a 20-row
 * page were 5 % of a scoped load list's server time).
 */
export function blankFeeFields(rows: readonly object[]): void {
  let clean = true;
  for (const row of rows) {
    const r = row as Record<string, unknown>;
    if (clean && namesFeeField(r)) clean = false;
    for (const k in r) {
      if (FEE_FIELDS.has(k)) r[k] = undefined;
      else if (clean) {
        const v = r[k];
        if (v !== null && typeof v === 'object' && hasFeeFields(v)) clean = false;
      }
    }
  }
  if (clean) feeFree.add(rows);
}

/**
 * Remove fee fields at any depth, and list entries that name one (`{ field: 'feeFreightAr', ... }`). Returns the
 * input itself when it has none, else a copy without them.
 */
export function stripFeeFields<T>(value: T): T {
  return hasFeeFields(value) ? strip(value) : value;
}

/**
 * The first fee key a request uses (issue 11 item 2), for refusing it to users without the fee role: a key that is
 * a fee field or a fee filter at any depth of a body or query (writes setting a fee, filters on one), or a fee
 * field named as the sort column (`orderByColumn=feeArAmount`). Empty query values are absent filters (list pages
 * send cleared filters as ''); in a body any value counts, null included (it would clear the fee), except an
 * empty fee filter or sort column. Returns the key, or null.
 */
export function feeKeyIn(input: unknown, kind: 'query' | 'body', depth = 0): string | null {
  if (depth > 16 || input === null || typeof input !== 'object') return null;
  if (Array.isArray(input)) {
    for (const v of input) {
      const key = feeKeyIn(v, kind, depth + 1);
      if (key) return key;
    }
    return null;
  }
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if (v === undefined) continue;
    const empty = v === '' || (Array.isArray(v) && v.length === 0);
    if (k === 'orderByColumn' && typeof v === 'string' && FEE_FIELDS.has(v)) return v;
    if (FEE_FILTERS.has(k) && !empty) return k;
    if (FEE_FIELDS.has(k) && !(kind === 'query' && empty)) return k;
    const nested = typeof v === 'object' ? feeKeyIn(v, kind, depth + 1) : null;
    if (nested) return nested;
  }
  return null;
}

const FEE_SCALAR = /"(\w+)"\s*:\s*("(?:[^"\\]|\\.)*"|-?[\d.eE+-]+|null|true|false)/g;
const FEE_KEY_AT = /"(\w+)"\s*:/g;

/**
 * JSON kept as text (the operation log's parameters and result) without fee values, for readers without the fee
 * role. Whole JSON is parsed and stripped like an answer; text cut short when it was stored has its fee scalars
 * masked and is cut again where a fee field holds a list or object.
 */
export function stripFeeText(text: string): string {
  if (!text) return text;
  try {
    return JSON.stringify(stripFeeFields(JSON.parse(text)));
  } catch {
    const masked = text.replace(FEE_SCALAR, (m, key: string) => (FEE_FIELDS.has(key) ? `"${key}":"******"` : m));
    for (const m of masked.matchAll(FEE_KEY_AT)) {
      if (!FEE_FIELDS.has(m[1]!)) continue;
      const after = masked.slice(m.index + m[0].length).trimStart();
      if (!after.startsWith('"******"')) return `${masked.slice(0, m.index)}…`;
    }
    return masked;
  }
}
