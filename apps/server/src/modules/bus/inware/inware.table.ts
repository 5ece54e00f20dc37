import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  auditColumns,
  idColumn,
  money,
  optionalText,
  rate,
  remarkColumn,
  versionColumn,
} from '../../../platform/db/columns';
import { ts } from '../bus.columns';

/**
 * The inbound order (spec §3 'Order (inware)', 'Order fees'; DOMAIN §2-§8): the row every later module hangs off
 * (load plans and containers via loadId/containerNo/sealNo/truckNo, arrival via arriveId, delivery via sendId and
 * the sign fields, audit/bills/write-off via auditStatus, billId, billStatus, arWriteStatus). docs/domain.md
 * 'Orders' describes each column group.
 *
 * - status is order.status S0..S8 (contracts ORDER_STATUS); settlement and side statuses are their own columns.
 * - Money numeric(14,2), rates numeric(12,6), weight numeric(12,2) kg, volume numeric(12,3) m³: strings in TS.
 * - expressNo / receivingNo hold the comma lists as shown; expressNos / receivingNos are generated arrays with GIN
 *   indexes, so a search by any one of several numbers is an index lookup (`express_nos && ARRAY[...]`); the GIN
 *   indexes are built without the pending list (fastupdate off) so a search never scans unmerged entries.
 * - The price row found by 'fetch price' is copied (priceId, calPriceType, minAmount, unit prices, ratios), so an
 *   order's fees only move when staff fetch or recalculate (DOMAIN §4).
 * - Rows are deleted for real (staged orders only); the order log keeps transportId and the operation log the body.
 */

const weight = () => numeric({ precision: 12, scale: 2 });
const volume = () => numeric({ precision: 12, scale: 3 });
const fee = () => money().notNull().default('0');

export const busOrder = pgTable(
  'bus_order',
  {
    id: idColumn(),
    /** waybill number (运单号) */
    transportId: varchar({ length: 20 }).notNull(),
    status: smallint().notNull().default(0),
    /** null: cargo received without a readable mark (noMarkOrder) */
    markId: bigint({ mode: 'number' }),
    /** the agent billed for a sub-mark's order (set with the mark) */
    topMarkId: bigint({ mode: 'number' }),
    busType: optionalText(10),
    leftAddrId: bigint({ mode: 'number' }),
    destAddrId: bigint({ mode: 'number' }),
    /** expected origin warehouse before receipt, the receiving warehouse after */
    arrivedHouseId: bigint({ mode: 'number' }),
    consignee: optionalText(100),
    consigneeTel: optionalText(30),
    consigneeAddr: optionalText(500),
    shipper: optionalText(100),
    shipperTel: optionalText(30),
    /** PO number */
    businessNo: optionalText(100),
    clientNo: optionalText(100),
    expressCorp: optionalText(20),
    expressNo: text().notNull().default(''),
    expressNos: text().array().generatedAlwaysAs(sql`string_to_array(NULLIF(express_no, ''), ',')`),
    /** warehouse receipt numbers of the order's receipts, comma separated */
    receivingNo: text().notNull().default(''),
    receivingNos: text().array().generatedAlwaysAs(sql`string_to_array(NULLIF(receiving_no, ''), ',')`),
    cargoName: optionalText(200),
    cargoType: char({ length: 1 }).notNull().default('1'),
    cargoPiece: integer().notNull().default(0),
    cargoWeight: weight().notNull().default('0'),
    cargoVolume: volume().notNull().default('0'),
    /** '1': the typed cargoVolume wins over the cargo lines' sum */
    volumeManual: char({ length: 1 }).notNull().default('0'),
    cargoRemark: optionalText(500),
    declaredValue: money(),
    insuranceId: bigint({ mode: 'number' }),
    woodenFrame: char({ length: 1 }).notNull().default('0'),
    orderTime: ts().notNull().defaultNow(),
    leftTime: ts(),
    preArriveTime: ts(),
    // origin warehouse receipt (Q23)
    arrivedTime: ts(),
    arrivedPiece: integer(),
    arrivedWeight: weight(),
    arrivedVolume: volume(),
    trayNo: optionalText(50),
    // load plan, container, arrival, delivery, bill (later modules)
    loadId: bigint({ mode: 'number' }),
    containerNo: optionalText(20),
    sealNo: optionalText(30),
    truckNo: optionalText(40),
    arriveId: bigint({ mode: 'number' }),
    sendId: bigint({ mode: 'number' }),
    billId: bigint({ mode: 'number' }),
    signTime: ts(),
    signPerson: optionalText(50),
    signPiece: integer(),
    // settlement and side statuses (DOMAIN §2; contracts AUDIT_STATUS, BILL_STATUS, WRITE_OFF_STATUS, SIGN_STATUS, DELIVERY_STATUS)
    auditStatus: smallint().notNull().default(0),
    billStatus: smallint().notNull().default(0),
    arWriteStatus: smallint().notNull().default(0),
    signStatus: smallint().notNull().default(0),
    deliveryStatus: smallint().notNull().default(0),
    // problem item (screens Q14): flag and the current item
    ifException: smallint().notNull().default(0),
    exceptionType: optionalText(10),
    exceptionDesc: optionalText(500),
    exceptionStatus: smallint(),
    exceptionHandler: optionalText(64),
    exceptionHandleTime: ts(),
    handleRemark: optionalText(500),
    /** who raised (or reopened) the current problem item, and when (exception-list 'raised by and at') */
    exceptionRaiseBy: optionalText(64),
    exceptionRaiseTime: ts(),
    printTimes: integer().notNull().default(0),
    // the price used (copied from bas_price by 'fetch price')
    priceId: bigint({ mode: 'number' }),
    calPriceType: char({ length: 1 }),
    minAmount: money(),
    volumePrice: money(),
    weightPrice: money(),
    volumePriceAgent: money(),
    weightPriceAgent: money(),
    volWgtRate: rate(),
    wgtVolRate: rate(),
    // fees (spec §3 'Order fees')
    freightManual: char({ length: 1 }).notNull().default('0'),
    feeFreightAr: fee(),
    feeAgentAp: money(),
    feePickAr: fee(),
    feeSendAr: fee(),
    feePackAr: fee(),
    feeUnloadAr: fee(),
    feeInsuranceAr: fee(),
    feeWoodenAr: fee(),
    feeChacheAr: fee(),
    deliveryAr: fee(),
    feeReplaceAr: fee(),
    feeOtherAr: fee(),
    chinaFeeAr: fee(),
    thFeeAr: fee(),
    feeArAmount: fee(),
    /** a sub-mark's total at the agent price (what the agent is billed) */
    agentArAmount: money(),
    currency: varchar({ length: 3 }).notNull().default('RMB'),
    /** RMB per one unit of currency, saved with the amounts */
    currencyRate: rate().notNull().default('1'),
    /** feeArAmount in RMB at currencyRate */
    rmbAmount: fee(),
    ...versionColumn,
    ...auditColumns,
    ...remarkColumn,
  },
  (t) => [
    uniqueIndex('bus_order_transport_id_uq').on(t.transportId),
    index('bus_order_time_idx').on(t.orderTime.desc(), t.id.desc()),
    index('bus_order_mark_time_idx').on(t.markId, t.orderTime.desc(), t.id.desc()),
    index('bus_order_status_time_idx').on(t.status, t.orderTime.desc(), t.id.desc()),
    index('bus_order_status_arrived_idx').on(t.status, t.arrivedTime.desc()),
    index('bus_order_top_mark_idx').on(t.topMarkId),
    index('bus_order_express_nos_gin').using('gin', t.expressNos).with({ fastupdate: false }),
    index('bus_order_receiving_nos_gin').using('gin', t.receivingNos).with({ fastupdate: false }),
    index('bus_order_business_no_idx').on(t.businessNo),
    index('bus_order_container_no_idx').on(t.containerNo),
    index('bus_order_load_idx').on(t.loadId),
    index('bus_order_send_idx').on(t.sendId),
    // the send desk (S6/S7) and the sign list (S7), newest order first: a walk of this small index, not of every order
    index('bus_order_delivery_idx').on(t.id).where(sql`${t.status} IN (6, 7)`),
    // the exception list: orders that have or had a problem item (a small part of all orders)
    index('bus_order_exception_idx')
      .on(t.exceptionStatus, t.exceptionRaiseTime.desc())
      .where(sql`${t.exceptionStatus} IS NOT NULL`),
  ],
);
