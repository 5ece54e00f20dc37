import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../platform/db/database';
import { basDriver, basMark, basVehicle, basWarehouse } from '../bas.table';
import { currencyIdOf, rateInForce } from '../currate.service';

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
  const [house] = await db
    .select({ id: basWarehouse.id })
    .from(basWarehouse)
    .where(
      and(
        eq(basWarehouse.id, refs.houseId),
        eq(basWarehouse.status, '0'),
        eq(basWarehouse.whType, OVERSEAS_WAREHOUSE_TYPE),
      ),
    );
  if (!house) bad.push('houseId');
  if (refs.vehicleId) {
    const [v] = await db
      .select({ id: basVehicle.id })
      .from(basVehicle)
      .where(and(eq(basVehicle.id, refs.vehicleId), eq(basVehicle.status, '0')));
    if (!v) bad.push('vehicleId');
  }
  if (refs.driverId) {
    const [d] = await db
      .select({ id: basDriver.id })
      .from(basDriver)
      .where(and(eq(basDriver.id, refs.driverId), eq(basDriver.status, '0')));
    if (!d) bad.push('driverId');
  }
  return bad;
}

/** Whether the warehouse is an active overseas warehouse (the arrival's `arrivedHouseId`). */
export async function isOverseasWarehouse(db: DbOrTx, id: number): Promise<boolean> {
  return (await invalidPickupRefs(db, { houseId: id })).length === 0;
}

/** SQL: the plate of the vehicle whose id is in `column` ('' without one). */
export const vehiclePlateOf = (column: AnyPgColumn | SQL): SQL<string> =>
  sql<string>`coalesce((SELECT ${basVehicle.plateNo} FROM ${basVehicle} WHERE ${basVehicle.id} = ${column}), '')`;

/** SQL: the driver's name and phone. */
export const driverNameOf = (column: AnyPgColumn | SQL): SQL<string> =>
  sql<string>`coalesce((SELECT ${basDriver.driverName} FROM ${basDriver} WHERE ${basDriver.id} = ${column}), '')`;
export const driverPhoneOf = (column: AnyPgColumn | SQL): SQL<string> =>
  sql<string>`coalesce((SELECT ${basDriver.phone} FROM ${basDriver} WHERE ${basDriver.id} = ${column}), '')`;

/** SQL: the payment term (balance type) of the mark whose id is in `column` (null without a mark). */
export const markBalanceTypeOf = (column: AnyPgColumn | SQL): SQL<string | null> =>
  sql<string | null>`(SELECT ${basMark.balanceType} FROM ${basMark} WHERE ${basMark.id} = ${column})`;

/** THB per one RMB in force on `day` (YYYY-MM-DD), null when no rate was entered. */
export async function thbPerRmbOn(db: DbOrTx, day: string): Promise<string | null> {
  const [rmb, thb] = [await currencyIdOf(db, 'RMB'), await currencyIdOf(db, 'THB')];
  if (!rmb || !thb) return null;
  return (await rateInForce(db, rmb, thb, day))?.rate ?? null;
}
