import type { TLanguage } from '@theone/contracts';
import { onTableChange } from '../../../platform/cache-events';
import type { DbOrTx } from '../../../platform/db/database';
import { markNamesByCodes, markNamesByIds, placeAndWarehouseNames } from '../../bas/api/order-lookups';

/**
 * Names of the order lists kept in memory (docs/architecture.md, 'Caches'): places, warehouses and customers, read
 * once for many pages and dropped as soon as any instance changes them (platform/cache-events.ts).
 */
interface TNamed {
  name: string;
  nameEn: string;
  nameTh: string;
}

/**
 * Names of geography and warehouses: small reference tables read once a minute, so list pages need no joins
 * (a 20-row page with five joins spent more time in the planner than in the executor).
 */
const REF_TTL_MS = 60_000;
let refCache: { at: number; geog: Map<number, TNamed>; house: Map<number, TNamed> } | undefined;
// Dropped when any instance changes a place or a warehouse (platform/cache-events.ts); a read that overlaps the
// change is not kept (the generation).
let refGeneration = 0;
onTableChange(['bas_geog', 'bas_warehouse'], () => {
  refGeneration++;
  refCache = undefined;
});
export async function refNames(db: DbOrTx) {
  if (refCache && Date.now() - refCache.at < REF_TTL_MS) return refCache;
  const generation = refGeneration;
  const { places: g, warehouses: h } = await placeAndWarehouseNames(db);
  const names = { at: Date.now(), geog: new Map(g.map((r) => [r.id, r])), house: new Map(h.map((r) => [r.id, r])) };
  if (generation === refGeneration) refCache = names;
  return names;
}

/** A name in the reader's language (Chinese when the language's own is empty). */
export const pick = (lang: TLanguage, r: TNamed | undefined) =>
  r ? (lang === 'en' ? r.nameEn : lang === 'th' ? r.nameTh : r.name) || r.name : '';

/**
 * Mark codes and names for list pages, kept per mark for 30 s (a page needs no per-row lookups). A mark changed by
 * any instance drops the whole cache at once (platform/cache-events.ts); a read that overlaps the change is not kept.
 */
const MARK_TTL_MS = 30_000;
const markCache = new Map<number, { at: number; mark: string; nameZh: string; isPrintPrice: string }>();
let markGeneration = 0;
onTableChange(['bas_mark'], () => {
  markGeneration++;
  markCache.clear();
  markIdCache.clear();
});

export async function cachedMarks(db: DbOrTx, ids: readonly number[]) {
  const now = Date.now();
  const missing = ids.filter((id) => {
    const hit = markCache.get(id);
    return !hit || now - hit.at > MARK_TTL_MS;
  });
  if (missing.length) {
    const generation = markGeneration;
    const rows = await markNamesByIds(db, missing);
    const fresh = rows.map(
      (m) => [m.id, { at: now, mark: m.mark, nameZh: m.nameZh, isPrintPrice: m.isPrintPrice }] as const,
    );
    if (generation !== markGeneration) return new Map(fresh); // changed meanwhile: answer with it, keep nothing
    for (const [id, m] of fresh) markCache.set(id, m);
    if (markCache.size > 50_000) markCache.clear();
  }
  return markCache;
}

/**
 * Mark ids by code for the mark filter. A mark's code is fixed at creation (edit leaves it out), so a found code is
 * kept for MARK_TTL_MS; codes not found are asked again each time (a mark created a moment ago is found at once).
 */
const markIdCache = new Map<string, { at: number; id: number }>();

export async function markIdsByCode(db: DbOrTx, codes: readonly string[]): Promise<number[]> {
  const now = Date.now();
  const ids = new Set<number>();
  const missing = codes.filter((c) => {
    const hit = markIdCache.get(c);
    if (hit && now - hit.at <= MARK_TTL_MS) ids.add(hit.id);
    return !hit || now - hit.at > MARK_TTL_MS;
  });
  if (missing.length) {
    if (markIdCache.size > 50_000) markIdCache.clear();
    for (const c of missing) markIdCache.delete(c);
    const generation = markGeneration;
    const rows = await markNamesByCodes(db, missing);
    for (const m of rows) ids.add(m.id);
    // the same read fills the page's mark cache (cachedMarks), so the page's names need no second query; a read
    // that overlaps a change of marks is not kept
    if (generation === markGeneration) {
      for (const m of rows) {
        markIdCache.set(m.mark, { at: now, id: m.id });
        markCache.set(m.id, { at: now, mark: m.mark, nameZh: m.nameZh, isPrintPrice: m.isPrintPrice });
      }
    }
  }
  return [...ids];
}
