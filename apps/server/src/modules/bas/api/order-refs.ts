import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { allOf } from '../../../platform/db/sql-helpers';
import { basGeog, basInsurance, basMark, basWarehouse } from '../bas.table';
import { markScopeFilter } from '../mark-scope';

/**
 * bas's public reads for the order screens' routes (form defaults, mark lookups, order options and exports), so
 * the order module never reads the bas tables itself (issue 12 item 3).
 */

/** What the order form starts from: active warehouses, the default route's cities and the active insurances. */
export async function orderFormRefs(db: DbOrTx) {
  // one after the other: `db` may be a transaction, whose one connection runs one query at a time
  const warehouses = await db
    .select()
    .from(basWarehouse)
    .where(eq(basWarehouse.status, '0'))
    .orderBy(asc(basWarehouse.orderNum));
  const geogs = await db
    .select({ id: basGeog.id, orgId: basGeog.orgId, code: basGeog.code })
    .from(basGeog)
    .where(inArray(basGeog.code, ['GZ', 'BKK']));
  const insurances = await db
    .select({
      id: basInsurance.id,
      insuranceName: basInsurance.insuranceName,
      busType: basInsurance.busType,
      isDefault: basInsurance.isDefault,
      insuranceRate: basInsurance.insuranceRate,
      minPremium: basInsurance.minPremium,
    })
    .from(basInsurance)
    .where(eq(basInsurance.status, '0'));
  return { warehouses, geogs, insurances };
}

/** Whether the mark exists and is in the caller's mark scope. */
export async function markVisible(db: DbOrTx, auth: AuthContext, markId: number): Promise<boolean> {
  const [visible] = await db
    .select({ id: basMark.id })
    .from(basMark)
    .where(allOf([eq(basMark.id, markId), markScopeFilter(auth)]));
  return Boolean(visible);
}

/** A mark's shipping channels and balance type (the order form's mark lookup). */
export async function markShipping(db: DbOrTx, markId: number) {
  const [m] = await db
    .select({ channels: basMark.shippingChannels, balanceType: basMark.balanceType })
    .from(basMark)
    .where(eq(basMark.id, markId));
  return m;
}

/** SQL: the code of the mark whose id is in `column` (null without one). */
export function markCodeOf(column: AnyPgColumn | SQL): SQL<string | null> {
  return sql<string | null>`(SELECT ${basMark.mark} FROM ${basMark} WHERE ${basMark.id} = ${column})`;
}

/** SQL: `column` holds the id of the mark with this code. */
export function isMarkWithCode(column: AnyPgColumn | SQL, code: string): SQL {
  return sql`${column} = (SELECT ${basMark.id} FROM ${basMark} WHERE ${basMark.mark} = ${code})`;
}
