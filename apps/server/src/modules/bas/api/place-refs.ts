import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { basContPrice, basGeog, basInsurance, basWarehouse } from '../bas.table';

/**
 * bas's public reads of places, warehouses and insurance for other modules (orders): existence checks and the
 * few columns an order needs, without reading the bas tables themselves.
 */

export interface TGeogRef {
  id: number;
  /** 1 origin, 2 destination */
  orgId: number;
  /** '1' country, deeper levels below */
  level: string;
  code: string;
  parentCode: string | null;
}

/** Geography rows by id (missing ids left out). */
export async function geogRefs(db: DbOrTx, ids: readonly number[]): Promise<TGeogRef[]> {
  if (!ids.length) return [];
  const parent = sql<string | null>`(SELECT p.code FROM bas_geog p WHERE p.id = ${basGeog.parentId})`;
  return (await db
    .select({ id: basGeog.id, orgId: basGeog.orgId, level: basGeog.level, code: basGeog.code, parentCode: parent })
    .from(basGeog)
    .where(inArray(basGeog.id, [...ids]))) as TGeogRef[];
}

/** Whether the warehouse exists. */
export async function warehouseExists(db: DbOrTx, warehouseId: number): Promise<boolean> {
  const [w] = await db.select({ id: basWarehouse.id }).from(basWarehouse).where(eq(basWarehouse.id, warehouseId));
  return Boolean(w);
}

/** The origin city (geography orgId 1) of a warehouse: the default origin of cargo received there. */
export async function warehouseCity(db: DbOrTx, warehouseId: number): Promise<number | null> {
  const [w] = await db
    .select({ geogId: basWarehouse.geogId })
    .from(basWarehouse)
    .where(eq(basWarehouse.id, warehouseId));
  return w?.geogId ?? null;
}

/** Whether the insurance rate row exists. */
export async function insuranceExists(db: DbOrTx, insuranceId: number): Promise<boolean> {
  const [i] = await db.select({ id: basInsurance.id }).from(basInsurance).where(eq(basInsurance.id, insuranceId));
  return Boolean(i);
}

/**
 * The container price valid on a day for a container type, transport mode and route (screens loadplanAdd: the
 * plan's default container cost): the carrier's price (`apPrice`) and its currency; the row of the given vessel
 * owner first, then one without an owner, then the newest. Null when the table has none.
 */
export async function containerPriceOn(
  db: DbOrTx,
  key: { containerType: string; busType: string; leftAddrId: number; destAddrId: number; vesselOwner?: string },
  day: string,
): Promise<{ apPrice: string; currency: string } | null> {
  const [row] = await db
    .select({ apPrice: basContPrice.apPrice, currency: basContPrice.currency })
    .from(basContPrice)
    .where(
      and(
        eq(basContPrice.containerType, key.containerType),
        eq(basContPrice.busType, key.busType),
        eq(basContPrice.leftAddrId, key.leftAddrId),
        eq(basContPrice.destAddrId, key.destAddrId),
        sql`${basContPrice.validFromDate} <= ${day}::date AND ${basContPrice.validToDate} >= ${day}::date`,
      ),
    )
    .orderBy(
      sql`CASE WHEN ${basContPrice.vesselOwner} = ${key.vesselOwner ?? ''} THEN 0 WHEN ${basContPrice.vesselOwner} = '' THEN 1 ELSE 2 END`,
      sql`${basContPrice.validFromDate} DESC`,
      sql`${basContPrice.id} DESC`,
    )
    .limit(1);
  return row ?? null;
}
