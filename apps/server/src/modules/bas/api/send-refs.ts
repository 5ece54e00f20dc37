import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../platform/db/database';
import { basDriver, basMark, basVehicle } from '../bas.table';
import { isEnabled } from './fleet-refs';

/**
 * bas's public reads for delivery runs and signing (bus/send): the run's driver and vehicle, their names for lists
 * and prints, the driver <-> user link (screens Q7: a driver signed in sees the runs of the drivers linked to their
 * user) and the mark's payment term (arrive-pay orders collect on delivery). ADR 0011: bus reads no bas table.
 */

/** Payment term 'pay on arrival' (dictionary balance_type). */
export const ARRIVE_PAY_BALANCE_TYPE = '2';
/** The constant written into the statement (no parameter: list statements without any keep one cached plan). */
const ARRIVE_PAY_TEXT = sql.raw(`'${ARRIVE_PAY_BALANCE_TYPE}'`);

/** Which of a run's references are missing or disabled (field names of the send body). */
export async function invalidSendRefs(
  db: DbOrTx,
  refs: { driverId: number; vehicleId?: number | null },
): Promise<string[]> {
  const bad: string[] = [];
  if (!(await isEnabled(db, basDriver, refs.driverId))) bad.push('driverId');
  if (refs.vehicleId && !(await isEnabled(db, basVehicle, refs.vehicleId))) bad.push('vehicleId');
  return bad;
}

/** SQL: `column` (a driver id) is a driver linked to this user. */
export const isDriverOfUser = (column: AnyPgColumn | SQL, userId: number): SQL =>
  sql`${column} IN (SELECT ${basDriver.id} FROM ${basDriver} WHERE ${basDriver.userId} = ${userId})`;

/** Whether the user is linked to a driver of basic data (a driver signing in). */
export async function isDriverUser(db: DbOrTx, userId: number): Promise<boolean> {
  const [d] = await db.select({ id: basDriver.id }).from(basDriver).where(eq(basDriver.userId, userId)).limit(1);
  return Boolean(d);
}

/** SQL: the driver's name / phone; the vehicle's plate ('' without one): the shared ones of fleet-refs.ts. */
export {
  driverNameOf as sendDriverNameOf,
  driverPhoneOf as sendDriverPhoneOf,
  vehiclePlateOf as sendVehiclePlateOf,
} from './fleet-refs';

/** SQL: true when the mark in `column` pays on arrival. */
export const markPaysOnArrival = (column: AnyPgColumn | SQL): SQL<boolean> =>
  sql<boolean>`coalesce((SELECT ${basMark.balanceType} = ${ARRIVE_PAY_TEXT} FROM ${basMark} WHERE ${basMark.id} = ${column}), false)`;

/** Enabled drivers and vehicles for the run dialog. */
export async function sendOptions(db: DbOrTx) {
  const [drivers, vehicles] = [
    await db
      .select({
        id: basDriver.id,
        driverName: basDriver.driverName,
        phone: basDriver.phone,
        vehicleId: basDriver.vehicleId,
      })
      .from(basDriver)
      .where(eq(basDriver.status, '0'))
      .orderBy(asc(basDriver.driverName), asc(basDriver.id)),
    await db
      .select({ id: basVehicle.id, plateNo: basVehicle.plateNo, driverId: basVehicle.driverId })
      .from(basVehicle)
      .where(eq(basVehicle.status, '0'))
      .orderBy(asc(basVehicle.plateNo)),
  ];
  return { drivers, vehicles };
}
