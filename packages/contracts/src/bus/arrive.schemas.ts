import { z } from 'zod';
import { editKey, zFlagFilter, zIdFilter, zText } from '../bas/common.schemas';
import { emptyToUndefined, zDateRanges, zId, zPageQuery, zTextFilter } from '../common/page';
import { okEnvelope, tableEnvelope, zCode, zDecimal, zRef, zTime, zTimestamp } from '../common/responses';
import { zOptionalDateTime } from './inware.schemas';
import { MAX_LOAD_ORDERS } from './load.schemas';
import { arrivedFigures, feeOptional, orderLineHead } from './order.responses';
import {
  cargoFigures,
  cargoSums,
  tickedOrders,
  ZRecordLogRowWithId,
  zDigitsFilter,
  zIdsText,
  zRequiredDateTime,
} from './record.schemas';

/**
 * Requests and answers of the pick-up (arrive) record and the overseas warehouse receipt (screens arriveList,
 * arriveDetails, arriveOrder; spec §7 'Arrive'; A17, A18). Bodies are strict; times are 'YYYY-MM-DD HH:mm:ss' in
 * the business time zone (or ISO 8601 with a zone).
 */

// ---------------------------------------------------------------------------------------------------------
// Requests

const zOptionalId = z.preprocess(emptyToUndefined, zId.nullable().optional());
/** File ids of photos (uuid text from /file/upload), at most 10 per kind. */
const ticked = tickedOrders(MAX_LOAD_ORDERS);
const zPhotos = z.array(z.string().trim().min(1).max(64)).max(10, 'arrive_err_too_many_photos').default([]);

/** arrive/edit: register (or correct) the pick-up at the port or border. */
export const ZArriveEditBody = z
  .object({
    ...editKey,
    pickupTime: zRequiredDateTime,
    vehicleId: zOptionalId,
    driverId: zOptionalId,
    /** the overseas warehouse (bas warehouse of type 2) */
    houseId: zId,
    unloadTime: zOptionalDateTime,
    sealIntact: z.enum(['0', '1']).default('1'),
    remark: zText(500),
    sealPhotos: zPhotos,
    doorPhotos: zPhotos,
  })
  .strict();
export type TArriveEditBody = z.infer<typeof ZArriveEditBody>;

/**
 * A17 arrive/sure: the whole container (`arriveId` alone), the ticked orders (`orderIds`), or one scan (`code`: a
 * waybill number or piece label, resolved on the server to its order and its container's record). `arriveTime`
 * defaults to now, `arrivedHouseId` to the record's overseas warehouse.
 */
export const ZArriveSureBody = z
  .object({
    arriveId: z.preprocess(emptyToUndefined, zId.optional()),
    orderIds: ticked.orderIds.optional(),
    versions: ticked.versions,
    code: z.string().trim().min(1, 'err_required').max(40).optional(),
    arrivedHouseId: z.preprocess(emptyToUndefined, zId.optional()),
    arriveTime: zOptionalDateTime,
  })
  .strict()
  .refine((b) => b.arriveId !== undefined || b.code !== undefined, { message: 'err_required', path: ['arriveId'] })
  .refine((b) => b.code === undefined || b.orderIds === undefined, { message: 'err_invalid_value', path: ['code'] });
export type TArriveSureBody = z.infer<typeof ZArriveSureBody>;

/** A18 arrive/cancel/{id}: the ticked orders, or every arrived order of the container. */
export const ZArriveCancelBody = z.object({ orderIds: ticked.orderIds.optional(), versions: ticked.versions }).strict();
export type TArriveCancelBody = z.infer<typeof ZArriveCancelBody>;

/** arriveOrder 'Set location': the overseas shelf (trayNo reused at S6). */
export const ZArriveLocationBody = z
  .object({
    ...ticked,
    trayNo: z.string().trim().min(1, 'err_required').max(50),
  })
  .strict();
export type TArriveLocationBody = z.infer<typeof ZArriveLocationBody>;

export const ARRIVE_LIST_ORDER_BY = ['etaDate', 'pickupTime', 'leftTime', 'createTime', 'loadNo'] as const;

const arriveFilters = {
  loadNo: zTextFilter(2_000),
  /** multi-number box, exact on each */
  containerNo: zTextFilter(10_000),
  truckNo: zTextFilter(40),
  busType: zTextFilter(10),
  destAddrId: zIdFilter,
  unloadPort: zTextFilter(100),
  /** arrive statuses '0,1' */
  status: zDigitsFilter,
  houseId: zIdFilter,
  ...zDateRanges('EtaDate', 'PickupTime'),
};

/** arrive/list. */
export const ZArriveListQuery = zPageQuery(ARRIVE_LIST_ORDER_BY, arriveFilters);
export type TArriveListQuery = z.infer<typeof ZArriveListQuery>;

/** arriveOrder tabs: to receive (S5 of picked-up containers), in overseas stock (S6), all (S5-S6 with a record). */
export const ARRIVE_ORDER_TABS = ['receive', 'stock', 'all'] as const;
export type TArriveOrderTab = (typeof ARRIVE_ORDER_TABS)[number];

export const ARRIVE_ORDER_ORDER_BY = ['arriveTime', 'transportId', 'createTime'] as const;

const arriveOrderFilters = {
  tab: z.preprocess(emptyToUndefined, z.enum(ARRIVE_ORDER_TABS).default('receive')),
  /** the list's export view (the same filters post to arrive/export) */
  view: z.literal('orders').optional(),
  transportId: zTextFilter(15_000),
  containerNo: zTextFilter(20),
  loadNo: zTextFilter(20),
  mark: zTextFilter(50),
  consignee: zTextFilter(100),
  consigneeTel: zTextFilter(30),
  destAddrId: zIdFilter,
  /** days in the overseas warehouse at least */
  minDays: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(3650).optional()),
  ifException: zFlagFilter,
  deliveryStatus: zDigitsFilter,
  /** the arrive record of one container (arriveDetails) */
  arriveId: zIdFilter,
  ...zDateRanges('ArriveTime'),
};

/** arrive/orderList: order rows with their arrive record (the arriveOrder screen). */
export const ZArriveOrderQuery = zPageQuery(ARRIVE_ORDER_ORDER_BY, arriveOrderFilters);
export type TArriveOrderQuery = z.infer<typeof ZArriveOrderQuery>;

/** arrive/export: the pick-up list's filters or ticked `ids`; `view: 'orders'` exports the arriveOrder list. */
export const ZArriveExportBody = z.union([
  zPageQuery(ARRIVE_LIST_ORDER_BY, { ...arriveFilters, view: z.literal('records').optional(), ids: zIdsText }),
  zPageQuery(ARRIVE_ORDER_ORDER_BY, { ...arriveOrderFilters, view: z.literal('orders'), ids: zIdsText }),
]);
export type TArriveExportBody = z.infer<typeof ZArriveExportBody>;

// ---------------------------------------------------------------------------------------------------------
// Answers

/** A pick-up record with its container, route, latest milestone and the sums of the caller's orders. */
export const ZArriveRow = z.object({
  id: z.number().int(),
  loadId: z.number().int(),
  status: z.number().int(),
  version: z.number().int(),
  pickupTime: zTime,
  vehicleId: zRef,
  vehiclePlate: z.string(),
  driverId: zRef,
  driverName: z.string(),
  driverPhone: z.string(),
  houseId: zRef,
  houseName: z.string(),
  unloadTime: zTime,
  sealIntact: z.string().nullable(),
  remark: z.string(),
  createBy: z.string(),
  createTime: zTimestamp,
  updateBy: z.string(),
  updateTime: zTime,
  loadNo: z.string(),
  loadStatus: z.number().int(),
  containerNo: z.string(),
  sealNo: z.string(),
  truckNo: z.string(),
  containerType: z.string(),
  busType: z.string(),
  leftAddrId: zRef,
  leftAddrName: z.string(),
  destAddrId: zRef,
  destAddrName: z.string(),
  unloadPort: z.string(),
  leftTime: zTime,
  etaDate: zTime,
  trackStatus: z.string().nullable(),
  trackTime: zTime,
  /** the caller's orders of the container and how many of them are in the overseas warehouse (S6 or later) */
  orderCount: z.number().int(),
  arrivedCount: z.number().int(),
  ...cargoFigures,
});
export type TArriveRow = z.output<typeof ZArriveRow>;

export const ZArriveSums = z.object({
  records: z.number().int(),
  orders: z.number().int(),
  arrived: z.number().int(),
  pieces: z.number().int(),
  volume: zDecimal,
});

export const ZArriveListAnswer = tableEnvelope(ZArriveRow, { sums: ZArriveSums });

/** An order at the overseas warehouse (arriveOrder rows, arriveDetails lines). */
export const ZArriveOrderRow = z.object(
  feeOptional({
    ...orderLineHead,
    consigneeTel: z.string(),
    consigneeAddr: z.string(),
    cargoName: z.string(),
    loadId: zRef,
    loadNo: z.string(),
    containerNo: z.string(),
    truckNo: z.string(),
    arriveId: zRef,
    arriveStatus: z.number().int().nullable(),
    ...arrivedFigures,
    /** overseas arrival (A17) and the warehouse it was received into */
    arriveTime: zTime,
    arriveHouseName: z.string(),
    daysInStock: z.number().int().nullable(),
    /** pieces counted by scans / expected */
    scannedPieces: z.number().int(),
    expectedPieces: z.number().int(),
    /** the overseas shelf location (trayNo reused at S6) */
    trayNo: z.string(),
    deliveryStatus: z.number().int(),
    sendId: zRef,
    ifException: z.number().int(),
    balanceType: zCode,
    /** arrive-pay: the amount to collect in THB (not a fee field: the driver collects it, screens Q15) */
    collectAmount: zDecimal.nullable(),
    currency: z.string(),
    thFeeAr: zDecimal.nullable(),
    feeArAmount: zDecimal.nullable(),
  }),
);
export type TArriveOrderRow = z.output<typeof ZArriveOrderRow>;

export const ZArriveOrderSums = z.object({
  ...cargoSums,
  /** Σ the amounts to collect in THB of the filtered arrive-pay orders */
  collectAmount: zDecimal,
});

export const ZArriveOrderListAnswer = tableEnvelope(ZArriveOrderRow, { sums: ZArriveOrderSums });

export const ZArrivePhoto = z.object({
  fileId: z.string(),
  /** '1' seal, '2' doors */
  kind: z.enum(['1', '2']),
  name: z.string(),
});

export const ZArriveLogRow = ZRecordLogRowWithId;

/** `GET arrive/{id}`: the record, its photos, the caller's orders of the container, the container's log. */
export const ZArriveDetail = z.object({
  arrive: ZArriveRow,
  photos: z.array(ZArrivePhoto),
  orders: z.array(ZArriveOrderRow),
  log: z.array(ZArriveLogRow),
});
export type TArriveDetail = z.output<typeof ZArriveDetail>;
export const ZArriveDetailAnswer = okEnvelope(ZArriveDetail);

/** What an arrive action did: the record's and the load's new status, the orders changed, the scan's order. */
export const ZArriveAction = z.object({
  id: z.number().int(),
  status: z.number().int(),
  version: z.number().int(),
  loadId: z.number().int(),
  loadStatus: z.number().int(),
  done: z.number().int(),
  /** a scan: the order, its pieces counted / expected, its shelf and, arrive-pay, the amount to collect in THB */
  scan: z
    .object({
      orderId: z.number().int(),
      transportId: z.string(),
      kind: z.enum(['receive', 'count']),
      scannedPieces: z.number().int(),
      expectedPieces: z.number().int(),
      trayNo: z.string(),
      consignee: z.string(),
      containerNo: z.string(),
      collectAmount: zDecimal.nullable(),
    })
    .optional(),
});
export type TArriveAction = z.output<typeof ZArriveAction>;
export const ZArriveActionAnswer = okEnvelope(ZArriveAction);

/** arrive/location: the orders changed. */
export const ZArriveLocationAnswer = okEnvelope(z.object({ done: z.number().int() }));
