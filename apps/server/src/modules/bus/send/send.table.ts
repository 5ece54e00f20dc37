import { sql } from 'drizzle-orm';
import { bigint, char, index, integer, numeric, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, versionColumn } from '../../../platform/db/columns';
import { recordLogColumns, ts } from '../bus.columns';

/**
 * Delivery runs (send orders, screens sendOrder/send/sign-list; contracts bus/send.ts): one row per run (one day,
 * one driver, one vehicle), one line per order put into it (the spec's Delivery entity, Q15: the amounts and that
 * order's sign data). The order's status, sendId and its sign columns (signTime, signPerson, signPiece,
 * signStatus, deliveryStatus) are written by the order core only; the line keeps the rest (phone, ID number,
 * photos, failure reason). A line taken back to stock (A22) stays with `returned = '1'`: the run sheet of that day
 * keeps it, and the order may go into another run. At most one line per order is not returned (partial unique
 * index): one order is never in two open runs, whatever two dispatchers do at once.
 */
const money = () => numeric({ precision: 14, scale: 2 });

export const busSend = pgTable(
  'bus_send',
  {
    id: idColumn(),
    /** SD{yyMMdd}{NNNN} */
    sendNo: varchar({ length: 20 }).notNull(),
    /** D0 draft, D1 dispatched, D2 finished (contracts SEND_STATUS) */
    status: smallint().notNull().default(0),
    sendTime: ts().notNull(),
    /** bas_driver.id (the driver's user, bas_driver.user_id, sees the run) */
    driverId: bigint({ mode: 'number' }).notNull(),
    /** bas_vehicle.id */
    vehicleId: bigint({ mode: 'number' }),
    /** when send/sure dispatched it (null: never dispatched) */
    dispatchTime: ts(),
    sendRemark: varchar({ length: 500 }).notNull().default(''),
    /**
     * Totals of its open lines (returned = '0') and their orders, and the count of lines back in stock, kept by
     * `refreshRunTotals` (send-record.ts) in the transaction of every run action (settleRun) and every order change
     * (the order core): what send/list shows users who see every order, without summing lines per request.
     */
    totalOrders: integer().notNull().default(0),
    totalPieces: integer().notNull().default(0),
    totalWeight: numeric().notNull().default('0'),
    totalVolume: numeric().notNull().default('0'),
    totalSigned: integer().notNull().default(0),
    totalFailed: integer().notNull().default(0),
    totalReturned: integer().notNull().default(0),
    totalFeeAmount: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
    totalPartAmount: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
    totalOtherAmount: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
    ...versionColumn,
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('bus_send_no_uq').on(t.sendNo),
    index('bus_send_status_time_idx').on(t.status, t.sendTime.desc(), t.id.desc()),
    index('bus_send_time_idx').on(t.sendTime.desc(), t.id.desc()),
    index('bus_send_driver_idx').on(t.driverId, t.sendTime.desc()),
  ],
);

export const busSendLine = pgTable(
  'bus_send_line',
  {
    id: idColumn(),
    sendId: bigint({ mode: 'number' }).notNull(),
    orderId: bigint({ mode: 'number' }).notNull(),
    /** the stop's place on the run sheet */
    seq: integer().notNull().default(0),
    /** pieces sent (the order's arrived pieces when put into the run) */
    pieces: integer().notNull().default(0),
    /** delivery cost of the drop [fee] */
    sendFeeAmount: money(),
    /** to collect on delivery (arrive-pay consignee), not a fee field */
    sendPartAmount: money(),
    /** tolls, parking, carrying [fee] */
    sendOtherAmount: money(),
    signTel: varchar({ length: 30 }).notNull().default(''),
    signIdcard: varchar({ length: 25 }).notNull().default(''),
    /** sys_file id of the signature photo (required to sign) */
    signPicture: varchar({ length: 36 }).notNull().default(''),
    /** sys_file id of the proof of delivery (inware/signUpload) */
    podPicture: varchar({ length: 36 }).notNull().default(''),
    signRemark: varchar({ length: 500 }).notNull().default(''),
    /** dictionary sign_fail_reason */
    signFailReason: varchar({ length: 2 }).notNull().default(''),
    signFailRemark: varchar({ length: 500 }).notNull().default(''),
    /** '1' once taken back to stock (A22) or out of the run (kept for the day's sheet) */
    returned: char({ length: 1 }).notNull().default('0'),
    ...versionColumn,
    ...auditColumns,
  },
  (t) => [
    index('bus_send_line_send_idx').on(t.sendId, t.seq, t.id),
    index('bus_send_line_order_idx').on(t.orderId, t.id.desc()),
    uniqueIndex('bus_send_line_open_uq').on(t.orderId).where(sql`${t.returned} = '0'`),
  ],
);

export const busSendLog = pgTable(
  'bus_send_log',
  {
    id: idColumn(),
    sendId: bigint({ mode: 'number' }).notNull(),
    ...recordLogColumns(),
  },
  (t) => [index('bus_send_log_send_idx').on(t.sendId, t.id)],
);
