/**
 * Which price row applies to an order (DOMAIN §4), as one pure function shared by the server (order save, live
 * pricing, fetch price, audit) and the web (the price form's freight trial previews the row being edited).
 *
 * Places are a tree (bas_geog, `parentId`): a destination country holds its provinces and cities, and an origin
 * city may sit under a province and a country. A row for a place covers the place and everything under it, so a
 * customer's row to Thailand prices a Guangzhou -> Bangkok order. The caller passes each end of the order as its
 * chain of places, the order's own place first and then its ancestors (`placeChain`), e.g. [Bangkok, Thailand].
 *
 * Among the rows that match (transport mode and cargo type exactly, origin and destination along the chains, the
 * order's mark, its agent's mark or all marks, started on or before the order day), the best one wins, step by step
 * (PRICE_PRECEDENCE); the first step where two rows differ decides:
 *   1. validity     a valid row beats an expired one (expired rows take part only with `includeExpired`)
 *   2. scope        the customer's own row, then its agent's row (for a sub-mark), then the all-customers row
 *   3. destination  the nearer destination: the order's own city, then its province, then its country
 *   4. origin       the nearer origin, the same way
 *   5. validTo      among expired rows only: the one that ended last
 *   6. validFrom    the later start date (the newer price)
 *   7. id           the row entered last (a deterministic tie-break)
 * Destination comes before origin because forwarders quote by destination first (delivery areas differ far more in
 * cost than the Chinese warehouse the cargo leaves from), so a customer's Bangkok row beats its Thailand row even
 * when the Thailand row names the exact origin city.
 *
 * Dates are business days ('YYYY-MM-DD' in the company's time zone, APP_TIMEZONE). The caller turns an order time
 * into its business day; this code never reads a clock or a time zone, and refuses an instant with a zone
 * ('2025-12-31T16:30:00Z'), whose date part may be another day in the business time zone.
 */

export type TPlaceId = number | string;

/** A geography node: its id and its parent's (0, null or undefined at the top). */
export interface TPlaceNode {
  id: TPlaceId;
  parentId: TPlaceId | null | undefined;
}

/** The longest chain walked (city, district, province, region, country... with room to spare). */
export const MAX_PLACE_DEPTH = 8;

const isTop = (parentId: TPlaceId | null | undefined) =>
  parentId === null || parentId === undefined || String(parentId) === '0' || String(parentId) === '';

/**
 * The place `id` and its ancestors, nearest first, as text ids: Bangkok -> ['13', '10'] (Bangkok, Thailand).
 * Walks `parentId` through the nodes given; stops at the top, at a parent missing from `nodes`, at a cycle (bad data
 * never loops) and after MAX_PLACE_DEPTH places. An id missing from `nodes` is a chain of itself.
 */
export function placeChain(id: TPlaceId, nodes: Iterable<TPlaceNode>): string[] {
  const byId = new Map<string, TPlaceNode>();
  for (const node of nodes) byId.set(String(node.id), node);
  const chain = [String(id)];
  let node = byId.get(chain[0]!);
  while (node && !isTop(node.parentId) && chain.length < MAX_PLACE_DEPTH) {
    const parentId = String(node.parentId);
    const parent = byId.get(parentId);
    if (!parent || chain.includes(parentId)) break;
    chain.push(parentId);
    node = parent;
  }
  return chain;
}

/** The scope part of a price row (bas_price); the price values ride along in `R`. */
export interface TPriceRow {
  id: number;
  /** null = all customers */
  markId: number | null;
  busType: string;
  leftAddrId: TPlaceId;
  destAddrId: TPlaceId;
  cargoType: string;
  /** 'YYYY-MM-DD' (a business date-time is read by its date) */
  validFromDate: string;
  /** inclusive; null = open-ended */
  validToDate: string | null;
}

/** What an order brings to the choice. */
export interface TPriceKey {
  /** the order's mark; null for cargo without a mark (only all-customers rows apply) */
  markId: number | null;
  /** the agent's mark when the order's mark is a sub-mark */
  topMarkId?: number | null;
  busType: string;
  cargoType: string;
  /** the order's origin, then its ancestors (`placeChain`) */
  leftPlaces: readonly TPlaceId[];
  /** the order's destination, then its ancestors */
  destPlaces: readonly TPlaceId[];
}

/** Whose row it is: the mark's own, its agent's, or the all-customers tariff. */
export type TPriceScope = 'mark' | 'agent' | 'all';

/** The steps of the precedence, in order (see the header). */
export const PRICE_PRECEDENCE = ['validity', 'scope', 'destination', 'origin', 'validTo', 'validFrom', 'id'] as const;
export type TPriceStep = (typeof PRICE_PRECEDENCE)[number];

/** A row that matched the order, and how. */
export interface TPriceMatch<R extends TPriceRow = TPriceRow> {
  row: R;
  scope: TPriceScope;
  /** 0 = the order's own destination, 1 = the place above it (Thailand for Bangkok), ... */
  destDistance: number;
  /** the same for the origin */
  leftDistance: number;
  /** ended before the order day (only with `includeExpired`) */
  isOverdue: boolean;
}

export interface TPriceSelection<R extends TPriceRow = TPriceRow> extends TPriceMatch<R> {
  /** the other matching rows, best first, each with the step where the chosen row beat it */
  others: (TPriceMatch<R> & { lostOn: TPriceStep })[];
}

function dateOnly(value: string): string {
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/.test(text)) {
    throw new RangeError(`Not a business date: ${JSON.stringify(value)}`);
  }
  return text.slice(0, 10);
}

/** today > validToDate: an expired row (price list tag, 'price expired' on the order form). */
export function isPriceOverdue(row: Pick<TPriceRow, 'validToDate'>, today: string): boolean {
  return row.validToDate !== null && dateOnly(today) > dateOnly(row.validToDate);
}

function scopeOf(row: TPriceRow, key: TPriceKey): TPriceScope | null {
  if (row.markId === null) return 'all';
  if (key.markId !== null && row.markId === key.markId) return 'mark';
  if (key.topMarkId !== null && key.topMarkId !== undefined && row.markId === key.topMarkId) return 'agent';
  return null;
}

const SCOPE_RANK: Record<TPriceScope, number> = { mark: 3, agent: 2, all: 1 };

/** Each step's measure: the larger wins. */
const MEASURES: Record<TPriceStep, (m: TPriceMatch) => number | string> = {
  validity: (m) => (m.isOverdue ? 0 : 1),
  scope: (m) => SCOPE_RANK[m.scope],
  destination: (m) => -m.destDistance,
  origin: (m) => -m.leftDistance,
  // valid rows all measure '' here, so only expired rows are told apart
  validTo: (m) => (m.isOverdue ? dateOnly(m.row.validToDate ?? '') : ''),
  validFrom: (m) => dateOnly(m.row.validFromDate),
  id: (m) => m.row.id,
};

/** The first step where `a` and `b` differ, and whether `a` is the better there; null for the same row. */
function decide(a: TPriceMatch, b: TPriceMatch): { step: TPriceStep; aWins: boolean } | null {
  for (const step of PRICE_PRECEDENCE) {
    const x = MEASURES[step](a);
    const y = MEASURES[step](b);
    if (x !== y) return { step, aWins: x > y };
  }
  return null;
}

/**
 * The price row for an order on `date` (its business day), with how it matched and why each other matching row
 * lost; null when nothing applies. Rows starting after `date` never apply. With `includeExpired`, a row that ended
 * before `date` can still be chosen when nothing valid matches (flagged isOverdue), so the order form can say
 * 'price expired' instead of 'no price'.
 */
export function selectPrice<R extends TPriceRow>(
  rows: readonly R[],
  key: TPriceKey,
  date: string,
  options: { includeExpired?: boolean } = {},
): TPriceSelection<R> | null {
  const day = dateOnly(date);
  const leftPlaces = key.leftPlaces.map(String);
  const destPlaces = key.destPlaces.map(String);
  const matches: TPriceMatch<R>[] = [];
  for (const row of rows) {
    if (row.busType !== key.busType || row.cargoType !== key.cargoType) continue;
    const leftDistance = leftPlaces.indexOf(String(row.leftAddrId));
    const destDistance = destPlaces.indexOf(String(row.destAddrId));
    if (leftDistance < 0 || destDistance < 0) continue;
    const scope = scopeOf(row, key);
    if (scope === null || dateOnly(row.validFromDate) > day) continue;
    const isOverdue = isPriceOverdue(row, day);
    if (isOverdue && !options.includeExpired) continue;
    matches.push({ row, scope, destDistance, leftDistance, isOverdue });
  }
  if (!matches.length) return null;
  matches.sort((a, b) => {
    const d = decide(a, b);
    return d === null ? 0 : d.aWins ? -1 : 1;
  });
  const [best, ...rest] = matches as [TPriceMatch<R>, ...TPriceMatch<R>[]];
  return {
    ...best,
    // the same row given twice has no deciding step: it lost on its id (the copy that came first was kept)
    others: rest.map((m) => ({ ...m, lostOn: decide(best, m)?.step ?? 'id' })),
  };
}
