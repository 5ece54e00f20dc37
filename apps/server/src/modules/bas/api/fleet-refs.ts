import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../platform/db/database';
import { basDriver, basVehicle, type basWarehouse } from '../bas.table';

/** The driver, vehicle and warehouse reads that pick-ups (arrive-refs.ts) and delivery runs (send-refs.ts) share. */

/** Whether row `id` of drivers, vehicles or warehouses exists and is enabled (status '0'); `also` narrows it. */
export async function isEnabled(
  db: DbOrTx,
  table: typeof basDriver | typeof basVehicle | typeof basWarehouse,
  id: number,
  also?: SQL,
): Promise<boolean> {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.status, '0'), also));
  return Boolean(row);
}

/** SQL: the plate of the vehicle whose id is in `column` ('' without one). */
export const vehiclePlateOf = (column: AnyPgColumn | SQL): SQL<string> =>
  sql<string>`coalesce((SELECT ${basVehicle.plateNo} FROM ${basVehicle} WHERE ${basVehicle.id} = ${column}), '')`;

/** SQL: the driver's name and phone. */
export const driverNameOf = (column: AnyPgColumn | SQL): SQL<string> =>
  sql<string>`coalesce((SELECT ${basDriver.driverName} FROM ${basDriver} WHERE ${basDriver.id} = ${column}), '')`;
export const driverPhoneOf = (column: AnyPgColumn | SQL): SQL<string> =>
  sql<string>`coalesce((SELECT ${basDriver.phone} FROM ${basDriver} WHERE ${basDriver.id} = ${column}), '')`;
