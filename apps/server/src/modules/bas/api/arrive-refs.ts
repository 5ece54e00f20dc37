import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../platform/db/database';
import { basDriver, basMark, basVehicle, basWarehouse } from '../bas.table';
import { currencyIdOf, rateInForce } from '../currate.service';
import { isEnabled } from './fleet-refs';

/**
 * bas's public reads for the pick-up and overseas warehouse screens (bus/arrive): the vehicle, driver and overseas
 * warehouse of a pick-up, their names for lists, the mark's payment term and the RMB -> THB rate of the amount to
 * collect (issue 12 item 3: bus reads no bas table itself).
 */

/** Overseas warehouses are bas_warehouse rows of type 2. */
export const OVERSEAS_WAREHOUSE_TYPE = '2';

/** Which of a pick-up's references are missing or disabled (field names of the arrive/edit body). */
export async function invalidPickupRefs(
  db: DbOrTx,
  refs: { vehicleId?: number | null; driverId?: number | null; houseId: number },
): Promise<string[]> {
  const bad: string[] = [];
  if (!(await isEnabled(db, basWarehouse, refs.houseId, eq(basWarehouse.whType, OVERSEAS_WAREHOUSE_TYPE))))
    bad.push('houseId');
  if (refs.vehicleId && !(await isEnabled(db, basVehicle, refs.vehicleId))) bad.push('vehicleId');
  if (refs.driverId && !(await isEnabled(db, basDriver, refs.driverId))) bad.push('driverId');
  return bad;
}

/** Whether the warehouse is an active overseas warehouse (the arrival's `arrivedHouseId`). */
export async function isOverseasWarehouse(db: DbOrTx, id: number): Promise<boolean> {
  return (await invalidPickupRefs(db, { houseId: id })).length === 0;
}

export { driverNameOf, driverPhoneOf, vehiclePlateOf } from './fleet-refs';

/** SQL: the payment term (balance type) of the mark whose id is in `column` (null without a mark). */
export const markBalanceTypeOf = (column: AnyPgColumn | SQL): SQL<string | null> =>
  sql<string | null>`(SELECT ${basMark.balanceType} FROM ${basMark} WHERE ${basMark.id} = ${column})`;

/** THB per one RMB in force on `day` (YYYY-MM-DD), null when no rate was entered. */
export async function thbPerRmbOn(db: DbOrTx, day: string): Promise<string | null> {
  const [rmb, thb] = [await currencyIdOf(db, 'RMB'), await currencyIdOf(db, 'THB')];
  if (!rmb || !thb) return null;
  return (await rateInForce(db, rmb, thb, day))?.rate ?? null;
}
