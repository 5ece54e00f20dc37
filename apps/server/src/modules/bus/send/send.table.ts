import { sql } from 'drizzle-orm';
import { bigint, char, index, integer, numeric, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, linkId, money, optionalText, versionColumn } from '../../../platform/db/columns';
import { numberedListIndexes, recordLogTable, ts } from '../bus.columns';

/**
 * Delivery runs (send orders, screens sendOrder/send/sign-list; contracts bus/send.ts): one row per run (one day,
 * one driver, one vehicle), one line per order put into it (the spec's Delivery entity, Q15: the amounts and that
 * order's sign data). The order's status, sendId and its sign columns (signTime, signPerson, signPiece,
 * signStatus, deliveryStatus) are written by the order core only; the line keeps the rest (phone, ID number,
 * photos, failure reason). A line taken back to stock (A22) stays with `returned = '1'`: the run sheet of that day
 * keeps it, and the order may go into another run. At most one line per order is not returned (partial unique
 * index): one order is never in two open runs, whatever two dispatchers do at once.
 */
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
    driverId: linkId(),
    /** bas_vehicle.id */
    vehicleId: bigint({ mode: 'number' }),
    /** when send/sure dispatched it (null: never dispatched) */
    dispatchTime: ts(),
    sendRemark: optionalText(500),
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
    ...numberedListIndexes('bus_send', t, t.sendNo, t.sendTime),
    index('bus_send_driver_idx').on(t.driverId, t.sendTime.desc()),
  ],
);

export const busSendLine = pgTable(
  'bus_send_line',
  {
    id: idColumn(),
    sendId: linkId(),
    orderId: linkId(),
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
    signTel: optionalText(30),
    signIdcard: optionalText(25),
    /** sys_file id of the signature photo (required to sign) */
    signPicture: optionalText(36),
    /** sys_file id of the proof of delivery (inware/signUpload) */
    podPicture: optionalText(36),
    signRemark: optionalText(500),
    /** dictionary sign_fail_reason */
    signFailReason: optionalText(2),
    signFailRemark: optionalText(500),
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

/** The run log: one row per action on a delivery run (who, when, action, status from -> to, orders, remark). */
export const busSendLog = recordLogTable('bus_send_log', 'sendId', 'bus_send_log_send_idx');
