import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../platform/db/database';
import { basGeog, basMark, basWarehouse } from '../bas.table';

/**
 * bas's public reads for printed documents (waybill labels, receipts, fee sheets): marks, places and warehouses by
 * id, so the print module never reads the bas tables itself (issue 12 item 3).
 */

export interface TMarkPrintRef {
  mark: string;
  nameZh: string;
  /** the mark's 'print prices' flag, '0'/'1' */
  isPrintPrice: string;
  /** the code of the mark's agent (top mark), null for a mark without one */
  topMark: string | null;
}

/** A name in the three languages (the English and Thai ones may be empty). */
export interface TNamedRef {
  name: string | null;
  nameEn: string | null;
  nameTh: string | null;
}

const top = alias(basMark, 'top_mark');

/** Marks by id with their agent's code (missing ids left out). */
export async function markPrintRefs(db: DbOrTx, ids: readonly number[]): Promise<Map<number, TMarkPrintRef>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({
      id: basMark.id,
      mark: basMark.mark,
      nameZh: basMark.nameZh,
      isPrintPrice: basMark.isPrintPrice,
      topMark: top.mark,
    })
    .from(basMark)
    .leftJoin(top, eq(top.id, basMark.topMarkId))
    .where(inArray(basMark.id, unique));
  return new Map(rows.map(({ id, ...m }) => [id, m]));
}

/** Geography (places) by id with their names (missing ids left out). */
export function placeNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, TNamedRef>> {
  return namesById(db, basGeog, ids);
}

/** Warehouses by id with their names (missing ids left out). */
export function warehouseNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, TNamedRef>> {
  return namesById(db, basWarehouse, ids);
}

async function namesById(
  db: DbOrTx,
  table: typeof basGeog | typeof basWarehouse,
  ids: readonly number[],
): Promise<Map<number, TNamedRef>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: table.id, name: table.name, nameEn: table.nameEn, nameTh: table.nameTh })
    .from(table)
    .where(inArray(table.id, unique));
  return new Map(rows.map(({ id, ...n }) => [id, n]));
}
