import { SIGN_STATUS } from '@theone/contracts';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { isDriverOfUser, isDriverUser } from '../../bas/api/send-refs';

/**
 * The delivery module's public count for the home page (modules/home calls it, ADR 0011): a driver's card 'my
 * deliveries', the orders out for delivery (S7, not failed) on the runs of the drivers linked to the user; the
 * sign-list's Unsigned tab shows the same orders to them. undefined for a user who is no driver.
 */
export async function myDeliveryCount(db: DbOrTx, auth: AuthContext): Promise<number | undefined> {
  if (!(await isDriverUser(db, auth.userId))) return undefined;
  const r = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM bus_send_line l JOIN bus_send s ON s.id = l.send_id JOIN bus_order o ON o.id = l.order_id
     WHERE l.returned = '0' AND o.status = 7 AND o.sign_status <> ${SIGN_STATUS.FAILED}
       AND ${isDriverOfUser(sql`s.driver_id`, auth.userId)}`);
  return r.rows[0]?.n ?? 0;
}
