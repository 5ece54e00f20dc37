import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { alias } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { allOf } from '../../../platform/db/sql-helpers';
import { basGeog, basInsurance, basMark, basWarehouse } from '../bas.table';
import { markScopeFilter } from '../mark-scope';

/**
 * bas's public reads for the order module's lists, pricing and import (issue 12 item 3): marks, places,
 * warehouses and insurance as orders need them, so the order module never reads the bas tables itself.
 */

/** The columns of a TMarkPricingRef; `topMark` reads the agent's code (a join or a subquery). */
const pricingColumns = <T extends AnyPgColumn | SQL<string | null>>(topMark: T) => ({
  id: basMark.id,
  mark: basMark.mark,
  nameZh: basMark.nameZh,
  status: basMark.status,
  topMarkId: basMark.topMarkId,
  topMark,
  calPriceType: basMark.calPriceType,
  minAmount: basMark.minAmount,
  credtLimit: basMark.credtLimit,
  isPrintPrice: basMark.isPrintPrice,
});

/** What pricing and entry need of a mark (its agent's code included, null without an agent). */
export type TMarkPricingRef = SelectResultFields<ReturnType<typeof pricingColumns<SQL<string | null>>>>;

/** One mark for pricing (null when it does not exist). */
export async function markPricingRef(db: DbOrTx, markId: number): Promise<TMarkPricingRef | null> {
  const top = alias(basMark, 'top_mark');
  const [row] = await db
    .select(pricingColumns(top.mark))
    .from(basMark)
    .leftJoin(top, eq(top.id, basMark.topMarkId))
    .where(eq(basMark.id, markId));
  return row ?? null;
}

/** The active marks of these codes that are in the caller's mark scope (an import's marks, one query). */
export async function activeMarksByCode(
  db: DbOrTx,
  auth: AuthContext,
  codes: readonly string[],
): Promise<TMarkPricingRef[]> {
  if (!codes.length) return [];
  return db
    .select(pricingColumns(sql<string | null>`(SELECT a.mark FROM bas_mark a WHERE a.id = ${basMark.topMarkId})`))
    .from(basMark)
    .where(allOf([inArray(basMark.mark, [...codes]), eq(basMark.status, '0'), markScopeFilter(auth)]));
}

/** An insurance row's rate and minimum premium (null when it does not exist). */
export async function insuranceRef(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ insuranceRate: basInsurance.insuranceRate, minPremium: basInsurance.minPremium })
    .from(basInsurance)
    .where(eq(basInsurance.id, id));
  return row ?? null;
}

/** The active places of one side (orgId 1 origin, 2 destination) with their names and level. */
export async function activePlaces(db: DbOrTx, orgId: number) {
  return db
    .select({
      id: basGeog.id,
      code: basGeog.code,
      name: basGeog.name,
      nameEn: basGeog.nameEn,
      nameTh: basGeog.nameTh,
      level: basGeog.level,
    })
    .from(basGeog)
    .where(and(eq(basGeog.orgId, orgId), eq(basGeog.status, '0')));
}

/** Every destination place's country code (the country itself, or its parent's; 'TH' without one). */
export async function destinationCountryCodes(db: DbOrTx): Promise<Map<number, string>> {
  const r = await db.execute<{ id: number; code: string }>(sql`
    SELECT g.id, CASE WHEN g.level = '1' THEN g.code ELSE COALESCE(p.code, 'TH') END AS code
    FROM bas_geog g LEFT JOIN bas_geog p ON p.id = g.parent_id WHERE g.org_id = 2`);
  return new Map(r.rows.map((x) => [Number(x.id), x.code]));
}

/** The names of every place and every warehouse (small reference tables; the order lists cache them). */
export async function placeAndWarehouseNames(db: DbOrTx) {
  const [places, warehouses] = await Promise.all([
    db.select({ id: basGeog.id, name: basGeog.name, nameEn: basGeog.nameEn, nameTh: basGeog.nameTh }).from(basGeog),
    db
      .select({
        id: basWarehouse.id,
        name: basWarehouse.name,
        nameEn: basWarehouse.nameEn,
        nameTh: basWarehouse.nameTh,
      })
      .from(basWarehouse),
  ]);
  return { places, warehouses };
}

const markNameColumns = {
  id: basMark.id,
  mark: basMark.mark,
  nameZh: basMark.nameZh,
  isPrintPrice: basMark.isPrintPrice,
};

/** Code, name and print flag of the marks of these ids. */
export async function markNamesByIds(db: DbOrTx, ids: readonly number[]) {
  return db
    .select(markNameColumns)
    .from(basMark)
    .where(sql`${basMark.id} = ANY(${sql.param([...new Set(ids)])}::bigint[])`);
}

/** Code, name and print flag of the marks of these codes. */
export async function markNamesByCodes(db: DbOrTx, codes: readonly string[]) {
  return db
    .select(markNameColumns)
    .from(basMark)
    .where(sql`${basMark.mark} = ANY(${sql.param([...codes])}::text[])`);
}

/** Code, name and print flag of every mark (an export reads them once). */
export async function allMarkNames(db: DbOrTx) {
  return db.select(markNameColumns).from(basMark);
}

const param = (values: readonly unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}`;

/**
 * SQL: `column` is one of the given marks that are inside the caller's mark scope. The scope is checked on those
 * marks alone, once per statement (an InitPlan), instead of on each row against every mark the caller may see.
 */
export function ofMarksInScope(auth: AuthContext, column: AnyPgColumn, ids: readonly number[]): SQL {
  if (!ids.length) return sql`false`;
  const scope = markScopeFilter(auth);
  if (ids.length === 1) {
    const id = ids[0]!;
    const own = eq(column, id);
    return scope ? sql`${own} AND EXISTS (SELECT 1 FROM ${basMark} WHERE ${basMark.id} = ${id} AND ${scope})` : own;
  }
  const list = param(ids, 'bigint[]');
  return scope
    ? sql`${column} = ANY(ARRAY(SELECT ${basMark.id} FROM ${basMark} WHERE ${basMark.id} = ANY(${list}) AND ${scope}))`
    : sql`${column} = ANY(${list})`;
}
