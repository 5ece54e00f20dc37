import { z } from 'zod';
import { ZMarkAddress } from '../bas/mark.responses';
import { FEE_FIELDS, type TFeeField } from '../common/permissions';
import { okEnvelope, tableEnvelope, zCode, zDecimal, zOkEmpty, zRef, zTime, zTimestamp } from '../common/responses';

/**
 * Response contracts of the order endpoints (issue 12 item 4; rules in common/responses.ts): the row of the order
 * lists, the details (cargo lines, step times), the log rows and the answers of the actions. The routes declare
 * them as `schema.response`; the web imports their wire types (`TWire`) instead of retyping the order.
 *
 * Every key a handler sends is listed (the serialiser drops unlisted keys); the type checks in the route files
 * (`TSentKeysDeclared`) fail the build when a service starts sending a key that is not here.
 */

type TFeeOptional<S extends z.ZodRawShape> = {
  [K in keyof S]: K extends TFeeField ? z.ZodOptional<S[K]> : S[K];
};

/**
 * The shape with every fee field (`FEE_FIELDS`) optional: the fee guard strips them for users without the fee
 * role (the list and the type both come from `FEE_FIELD_NAMES`).
 */
export function feeOptional<S extends z.ZodRawShape>(shape: S): TFeeOptional<S> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => {
      if (!FEE_FIELDS.has(key)) return [key, schema];
      return [key, (schema as unknown as z.ZodType).optional()];
    }),
  ) as TFeeOptional<S>;
}

const zId = z.number().int();

/** The first columns of a row about an order: which order, at which version and status, whose mark. */
export const orderRef = {
  id: z.number().int(),
  version: z.number().int(),
  transportId: z.string(),
  status: z.number().int(),
  markId: zRef,
  mark: z.string(),
};

/** The first columns of an order line under a load or an arrival record: which order, at which version, whose. */
export const orderLineHead = { ...orderRef, consignee: z.string() };

/** An order line's pieces, weight and volume as measured at the warehouse receipt. */
export const arrivedFigures = {
  arrivedPiece: z.number().int(),
  arrivedWeight: zDecimal.nullable(),
  arrivedVolume: zDecimal.nullable(),
};

/** arrivedFigures of an order that may not be received yet: the pieces are null before the receipt too. */
export const receiptFigures = {
  ...arrivedFigures,
  arrivedPiece: z.number().int().nullable(),
};
const zFee = zDecimal;

/** The columns of an order row in the lists (`inware.list.ts` listRowColumns), with its names. */
const orderRowShape = {
  id: zId,
  transportId: z.string(),
  status: z.number().int(),
  markId: zRef,
  topMarkId: zRef,
  busType: z.string(),
  leftAddrId: zRef,
  destAddrId: zRef,
  arrivedHouseId: zRef,
  consignee: z.string(),
  consigneeTel: z.string(),
  consigneeAddr: z.string(),
  shipper: z.string(),
  shipperTel: z.string(),
  businessNo: z.string(),
  clientNo: z.string(),
  expressCorp: z.string(),
  expressNo: z.string(),
  receivingNo: z.string(),
  cargoName: z.string(),
  cargoType: zCode,
  cargoPiece: z.number().int(),
  cargoWeight: zDecimal,
  cargoVolume: zDecimal,
  cargoRemark: z.string(),
  orderTime: zTimestamp,
  leftTime: zTime,
  preArriveTime: zTime,
  arrivedTime: zTime,
  ...receiptFigures,
  trayNo: z.string(),
  containerNo: z.string(),
  sealNo: z.string(),
  truckNo: z.string(),
  signTime: zTime,
  signPiece: z.number().int().nullable(),
  auditStatus: z.number().int(),
  arWriteStatus: z.number().int(),
  signStatus: z.number().int(),
  deliveryStatus: z.number().int(),
  ifException: z.number().int(),
  exceptionType: z.string(),
  printTimes: z.number().int(),
  priceId: zRef,
  freightManual: zCode,
  feeFreightAr: zFee,
  feePickAr: zFee,
  feeSendAr: zFee,
  feePackAr: zFee,
  feeUnloadAr: zFee,
  feeInsuranceAr: zFee,
  feeWoodenAr: zFee,
  feeChacheAr: zFee,
  deliveryAr: zFee,
  feeReplaceAr: zFee,
  feeOtherAr: zFee,
  chinaFeeAr: zFee,
  thFeeAr: zFee,
  feeArAmount: zFee,
  currency: z.string(),
  rmbAmount: zFee,
  version: z.number().int(),
  createBy: z.string(),
  createTime: zTimestamp,
  // names (presentRows)
  mark: z.string(),
  markName: z.string(),
  isPrintPrice: zCode,
  topMark: z.string(),
  leftAddrName: z.string(),
  destAddrName: z.string(),
  arrivedHouseName: z.string(),
  /** received orders: the incomplete data (MISSING_DATA_KEYS) */
  missing: z.array(z.string()),
};

/** An order row of the lists (`inware/list`, `selectByTransportIdPages`). */
export const ZOrderRow = z.object(feeOptional(orderRowShape));

/**
 * The fields of a row of the view `orderList` (the all-orders query, the busiest list): the screen's columns (those
 * hidden by default included), what its buttons check (status, audit, problem item, mark) and send (version), the
 * ids of the names it shows, and the figures a number search sums from the page's own rows. About 45 of the 74
 * fields of the other views' rows: a page of 20 orders is some 40 % lighter to read, write and send. A field the
 * screen starts to show is added here (the web's test of the screen checks its columns against this list).
 */
export const ORDER_LIST_VIEW_FIELDS = [
  'id',
  'version',
  'transportId',
  'status',
  'auditStatus',
  'ifException',
  'exceptionType',
  'markId',
  'topMarkId',
  'mark',
  'markName',
  'topMark',
  'busType',
  'leftAddrId',
  'destAddrId',
  'leftAddrName',
  'destAddrName',
  'consignee',
  'consigneeTel',
  'cargoName',
  'cargoType',
  'cargoPiece',
  'cargoWeight',
  'cargoVolume',
  'arrivedPiece',
  'arrivedWeight',
  'arrivedVolume',
  'orderTime',
  'arrivedTime',
  'leftTime',
  'preArriveTime',
  'signTime',
  'signPiece',
  'containerNo',
  'sealNo',
  'truckNo',
  'trayNo',
  'expressNo',
  'businessNo',
  'clientNo',
  'shipper',
  'printTimes',
  'arWriteStatus',
  'currency',
  'feeFreightAr',
  'feeArAmount',
  'rmbAmount',
] as const satisfies readonly (keyof typeof orderRowShape)[];
export type TOrderListViewField = (typeof ORDER_LIST_VIEW_FIELDS)[number];

const inOrderListView: ReadonlySet<string> = new Set(ORDER_LIST_VIEW_FIELDS);
/** The fields of the other views' rows that the view `orderList` leaves out. */
const notInOrderListView = Object.fromEntries(
  Object.keys(orderRowShape)
    .filter((k) => !inOrderListView.has(k))
    .map((k) => [k, true]),
) as { [K in Exclude<keyof typeof orderRowShape, TOrderListViewField>]: true };

/**
 * A row of `inware/list`: every field of ZOrderRow, but those outside ORDER_LIST_VIEW_FIELDS only in the views other
 * than `orderList`.
 */
export const ZOrderViewRow = ZOrderRow.partial(notInOrderListView).describe(
  'An order row. In the view orderList only the fields of ORDER_LIST_VIEW_FIELDS (contracts); the other views every field.',
);

/** A cargo line of an order (declared lines and the lines of each receipt). */
export const ZOrderCargoLine = z.object({
  id: zId,
  orderId: zId,
  lineNo: z.number().int(),
  receivingNo: z.string(),
  totalCount: z.number().int().nullable(),
  piece: z.number().int(),
  cargoLength: zDecimal.nullable(),
  cargoWidth: zDecimal.nullable(),
  cargoHight: zDecimal.nullable(),
  weight: zDecimal,
  volume: zDecimal,
  size: z.string(),
});

/** The columns only the details read (pricing inputs, later modules' links, problem item, audit fields). */
const orderDetailShape = {
  ...orderRowShape,
  volumeManual: zCode,
  declaredValue: zDecimal.nullable(),
  insuranceId: zRef,
  woodenFrame: zCode,
  loadId: zRef,
  arriveId: zRef,
  sendId: zRef,
  billId: zRef,
  signPerson: z.string(),
  billStatus: z.number().int(),
  exceptionDesc: z.string(),
  exceptionStatus: z.number().int().nullable(),
  exceptionHandler: z.string(),
  exceptionHandleTime: zTime,
  handleRemark: z.string(),
  exceptionRaiseBy: z.string(),
  exceptionRaiseTime: zTime,
  calPriceType: zCode.nullable(),
  minAmount: zDecimal.nullable(),
  volumePrice: zDecimal.nullable(),
  weightPrice: zDecimal.nullable(),
  volumePriceAgent: zDecimal.nullable(),
  weightPriceAgent: zDecimal.nullable(),
  volWgtRate: zDecimal.nullable(),
  wgtVolRate: zDecimal.nullable(),
  feeAgentAp: zDecimal.nullable(),
  agentArAmount: zDecimal.nullable(),
  currencyRate: zDecimal,
  updateBy: z.string(),
  updateTime: zTime,
  remark: z.string(),
};

/** One order as found by id or code (no cargo lines): `selectByTransportId`, the base of the details. */
const ZOrderFound = z.object(feeOptional(orderDetailShape));

/** `GET bus/inware/{id}`: the order, its cargo lines and when it entered each step (status -> ISO time). */
export const ZOrderDetail = ZOrderFound.extend({
  isSubMark: zCode,
  cargoLines: z.array(ZOrderCargoLine),
  stepTimes: z.record(z.string(), z.string()),
});

/** `selectByTransportId/{code}`: the order of a scanned code and what the code matched. */
export const ZOrderScan = ZOrderFound.extend({
  matchedBy: z.enum(['transportId', 'pieceLabel', 'expressNo', 'receivingNo']),
  piece: z.number().int().nullable(),
});

/** Count and sums of a list's whole filtered set (fee sums for the fee role only). */
export const ZOrderSums = z.object(
  feeOptional({
    cargoPiece: z.number().int(),
    cargoWeight: zDecimal,
    cargoVolume: zDecimal,
    arrivedPiece: z.number().int(),
    arrivedWeight: zDecimal,
    arrivedVolume: zDecimal,
    feeFreightAr: zDecimal,
    feeArAmount: zDecimal,
    rmbAmount: zDecimal,
  }),
);

/** A change in an order-log row (contracts TOrderFieldChange). */
export const ZOrderLogChange = z.object({
  field: z.string(),
  // (null inside the text branch: a top-level nullable union is not valid for the fast serialiser's schema check)
  before: z.union([z.string().nullable(), z.number()]),
  after: z.union([z.string().nullable(), z.number()]),
  lines: z.object({ added: z.number().int(), removed: z.number().int(), changed: z.number().int() }).optional(),
  beforeLabel: z.string().nullable().optional(),
  afterLabel: z.string().nullable().optional(),
});

/** A row of an order's log (`busOrderLog/list`, the details timeline). */
export const ZOrderLogRow = z.object({
  id: zId,
  orderId: zId,
  transportId: z.string(),
  action: z.string(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int().nullable(),
  remark: z.string(),
  changes: z.array(ZOrderLogChange),
  createBy: z.string(),
  createTime: zTimestamp,
});

/** An order option (`inware/select`). */
export const ZOrderOption = z.object({
  id: zId,
  transportId: z.string(),
  status: z.number().int(),
  mark: z.string().nullable(),
  consignee: z.string(),
});

// -------------------------------------------------------------------------------------------------------------
// Envelopes of the order endpoints

export const ZOrderPageAnswer = tableEnvelope(ZOrderRow);
export const ZOrderListAnswer = tableEnvelope(ZOrderViewRow, { sums: ZOrderSums });
export const ZOrderDetailAnswer = okEnvelope(ZOrderDetail);
export const ZOrderScanAnswer = okEnvelope(ZOrderScan);
export const ZOrderOptionsAnswer = okEnvelope(z.array(ZOrderOption));
export const ZOrderLogAnswer = tableEnvelope(ZOrderLogRow);

// -------------------------------------------------------------------------------------------------------------
// Form support and actions

/** `inware/init`: the order form's defaults, transit days, warehouses and insurance options. */
export const ZOrderInit = z.object({
  defaults: z.object({
    busType: z.string(),
    cargoType: zCode,
    currency: z.string(),
    leftAddrId: zRef,
    destAddrId: zRef,
    arrivedHouseId: zRef,
    orderTime: z.string(),
  }),
  transitDays: z.record(z.string(), z.number().int()),
  warehouses: z.array(z.object({ id: zId, code: z.string(), name: z.string(), whType: zCode, geogId: zRef })),
  insurances: z.array(
    z.object(
      feeOptional({
        id: zId,
        insuranceName: z.string(),
        busType: z.string(),
        isDefault: zCode,
        insuranceRate: zDecimal,
        minPremium: zDecimal.nullable(),
      }),
    ),
  ),
});

/** `inware/getNo`: the new number, also under its own name. */
export const ZNewNumber = z.object({
  no: z.string(),
  transportId: z.string().optional(),
  receivingNo: z.string().optional(),
});

/** The credit-limit warning (M-credit) of an add or a mark lookup; the amounts for the fee role only. */
export const ZCreditWarning = z.object(
  feeOptional({
    messageKey: z.string(),
    message: z.string(),
    openBalance: zDecimal,
    credtLimit: zDecimal.nullable(),
  }),
);

/** `inware/asynAddress/{markId}`: the mark picked on the order form, its addresses and its credit status. */
export const ZOrderMarkLookup = z.object({
  mark: z.object(
    feeOptional({
      id: zId,
      mark: z.string(),
      nameZh: z.string(),
      status: zCode,
      topMarkId: zRef,
      topMark: z.string().nullable(),
      calPriceType: zCode.nullable(),
      minAmount: zDecimal.nullable(),
      credtLimit: zDecimal.nullable(),
      isPrintPrice: zCode,
      isSubMark: zCode,
      shippingChannels: z.array(z.string()),
      balanceType: zCode.optional(),
    }),
  ),
  addresses: z.array(ZMarkAddress),
  defaultAddress: ZMarkAddress.nullable(),
  credit: z
    .object(feeOptional({ credtLimit: zDecimal.nullable(), openBalance: zDecimal, exceeded: z.boolean() }))
    .nullable(),
  warning: ZCreditWarning.optional(),
});

/** `inware/add`: the new order (and the credit warning when its customer is over the limit). */
export const ZOrderAdded = z.object({
  id: zId,
  transportId: z.string(),
  version: z.number().int(),
  status: z.number().int(),
  warning: ZCreditWarning.optional(),
});

/** An order's new version after an action. */
export const ZOrderVersion = z.object({ id: zId, version: z.number().int() });
/** `inware/edit`. */
export const ZOrderEdited = ZOrderVersion.extend({ transportId: z.string() });
/** `inware/status/{ids}`: each order's new version and status. */
export const ZOrderStatusChanged = ZOrderVersion.extend({ status: z.number().int() });
/** `inware/reCal/{ids}`: each order's new version and total (the total for the fee role). */
export const ZOrderRecalculated = ZOrderVersion.extend(feeOptional({ feeArAmount: zDecimal }));

const feesShown = z.object(feeOptional({ feeFreightAr: zDecimal, feeArAmount: zDecimal }));
/** `inware/arrived/update`: the receipt's figures and the fees before and after it. */
export const ZOrderReceived = z.object({
  id: zId,
  version: z.number().int(),
  status: z.number().int(),
  ...receiptFigures,
  pieceDiffers: z.boolean(),
  feesBefore: feesShown,
  feesAfter: feesShown,
});

/** `inware/import`: how many orders were created and their waybill numbers. */
export const ZOrderImported = z.object({ created: z.number().int(), transportIds: z.array(z.string()) });

export const ZOrderInitAnswer = okEnvelope(ZOrderInit);
export const ZNewNumberAnswer = okEnvelope(ZNewNumber);
export const ZOrderAddedAnswer = okEnvelope(ZOrderAdded);
export const ZOrderMarkLookupAnswer = okEnvelope(ZOrderMarkLookup);
export const ZOrderEditedAnswer = okEnvelope(ZOrderEdited);
export const ZOrderStatusAnswer = okEnvelope(z.array(ZOrderStatusChanged));
export const ZOrderVersionAnswer = okEnvelope(ZOrderVersion);
export const ZOrderVersionsAnswer = okEnvelope(z.array(ZOrderVersion));
export const ZOrderRecalculatedAnswer = okEnvelope(z.array(ZOrderRecalculated));
export const ZOrderReceivedAnswer = okEnvelope(ZOrderReceived);
export const ZOrderImportedAnswer = okEnvelope(ZOrderImported);
export const ZOrderDoneAnswer = zOkEmpty;
