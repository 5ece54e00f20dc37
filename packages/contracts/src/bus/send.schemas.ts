import { z } from 'zod';
import { editKey, zIdFilter, zRequiredText, zText, zVersion } from '../bas/common.schemas';
import { zMoney } from '../common/money';
import { emptyToUndefined, zDateRanges, zId, zPageQuery, zTextFilter } from '../common/page';
import { okEnvelope, tableEnvelope, ZRecordLogRow, zCode, zDecimal, zTime, zTimestamp } from '../common/responses';
import { feeOptional, orderRef, receiptFigures } from './order.responses';
import {
  cargoSums,
  recordActionFields,
  tickedOrders,
  ZIdsDoneAnswer,
  zDigitsFilter,
  zIdsText,
  zRecordIds,
  zRequiredDateTime,
} from './record.schemas';
import { isSignIdcard, isSignTel, normalizeSignIdcard, SIGN_TABS } from './send';

/**
 * Requests and answers of delivery runs (`/bus/send/*`, screens sendOrder and send) and signing (`/bus/sign/*`,
 * screen sign-list). Bodies are strict; times 'YYYY-MM-DD HH:mm:ss' in the business time zone (or ISO 8601 with a
 * zone); amounts are decimal strings. sendFeeAmount and sendOtherAmount are fee fields (FEE_FIELDS: a request
 * naming one without the fee role is refused, answers lose them); sendPartAmount, the amount to collect on
 * delivery, is not (Q15: the driver must see it).
 */

export const MAX_SEND_ORDERS = 500;
const ticked = tickedOrders(MAX_SEND_ORDERS);
const zAmount = z.preprocess(emptyToUndefined, zMoney.nullable().optional());

/** The amounts of one order in a run (defaults: the driver's per-drop rate is not kept yet: none; see docs). */
export const ZSendLineAmounts = z
  .object({ orderId: zId, sendFeeAmount: zAmount, sendPartAmount: zAmount, sendOtherAmount: zAmount })
  .strict();
export type TSendLineAmounts = z.infer<typeof ZSendLineAmounts>;
const zAmounts = z.array(ZSendLineAmounts).max(MAX_SEND_ORDERS).optional();

const headerFields = {
  sendTime: zRequiredDateTime,
  /** bas driver */
  driverId: zId,
  /** bas vehicle */
  vehicleId: z.preprocess(emptyToUndefined, zId.nullable().optional()),
  sendRemark: zText(500),
};

/** send/add (A19): a draft run with its orders. */
export const ZSendAddBody = z
  .object({ ...headerFields, orderIds: z.array(zId).max(MAX_SEND_ORDERS).default([]), amounts: zAmounts })
  .strict();
export type TSendAddBody = z.infer<typeof ZSendAddBody>;

/** send/edit: the header (draft only) and the lines' amounts (any status; fees with the fee role). */
export const ZSendEditBody = z.object({ ...editKey, ...headerFields, amounts: zAmounts }).strict();
export type TSendEditBody = z.infer<typeof ZSendEditBody>;

/** send/addOrder/{id}, send/removeOrder/{id}. */
export const ZSendOrdersBody = z.object({ ...ticked, amounts: zAmounts }).strict();
export type TSendOrdersBody = z.infer<typeof ZSendOrdersBody>;

/** send/sure (A21): the runs to dispatch. */
export const ZSendSureBody = z.object({ ids: zRecordIds }).strict();
export type TSendSureBody = z.infer<typeof ZSendSureBody>;

export const SEND_LIST_ORDER_BY = ['sendTime', 'createTime', 'sendNo'] as const;
const sendFilters = {
  sendNo: zTextFilter(30),
  driverId: zIdFilter,
  /** the driver's name, contains */
  transDriver: zTextFilter(50),
  plateNo: zTextFilter(40),
  status: zDigitsFilter,
  /** the run holding this order */
  transportId: zTextFilter(20),
  containerNo: zTextFilter(20),
};
/** send/list; `params[beginTime]`/`params[endTime]` filter sendTime. */
export const ZSendListQuery = zPageQuery(SEND_LIST_ORDER_BY, sendFilters);
export type TSendListQuery = z.infer<typeof ZSendListQuery>;
export const ZSendExportBody = zPageQuery(SEND_LIST_ORDER_BY, {
  ...sendFilters,
  ids: zIdsText,
});
export type TSendExportBody = z.infer<typeof ZSendExportBody>;

export const DESK_ORDER_BY = ['transportId', 'daysInStock', 'signTime', 'sendTime'] as const;
const deskFilters = {
  /** waybills, English commas */
  transportId: zTextFilter(15_000),
  mark: zTextFilter(50),
  consignee: zTextFilter(100),
  consigneeTel: zTextFilter(30),
  /** delivery area: part of the consignee address (province, district) */
  area: zTextFilter(100),
  containerNo: zTextFilter(20),
  sendNo: zTextFilter(30),
  status: zDigitsFilter,
  deliveryStatus: zDigitsFilter,
  signStatus: zDigitsFilter,
  /** '1': arrive-pay orders only (mark payment term 2) */
  arrivePay: z.preprocess(emptyToUndefined, z.enum(['0', '1']).optional()),
  driverId: zIdFilter,
  transDriver: zTextFilter(50),
  ...zDateRanges('SignTime', 'SendTime'),
};
/** send/desk: the overseas stock (S6) and the orders out (S7) (screen send). */
export const ZSendDeskQuery = zPageQuery(DESK_ORDER_BY, deskFilters);
export type TSendDeskQuery = z.infer<typeof ZSendDeskQuery>;
/** sign/list: orders S7/S8 with their run and sign data, by tab (screen sign-list). */
export const ZSignListQuery = zPageQuery(DESK_ORDER_BY, {
  ...deskFilters,
  tab: z.preprocess(emptyToUndefined, z.enum(SIGN_TABS).default('unsigned')),
});
export type TSignListQuery = z.infer<typeof ZSignListQuery>;
export const ZSignExportBody = zPageQuery(DESK_ORDER_BY, {
  ...deskFilters,
  tab: z.preprocess(emptyToUndefined, z.enum(SIGN_TABS).default('all')),
  ids: zIdsText,
});
export type TSignExportBody = z.infer<typeof ZSignExportBody>;

const zFileId = z.uuid('err_file_not_found');
const zSignTel = z.string().trim().max(30).default('').refine(isSignTel, 'err_phone');
const zSignIdcard = z
  .string()
  .trim()
  .max(25)
  .default('')
  .transform(normalizeSignIdcard)
  .refine(isSignIdcard, 'err_id_card');

/**
 * sign/save (A23). One order: `orderId` (+ `version`), signPerson*, signTime*, signPiece* (1..pieces sent; fewer =
 * partly signed and a 'short delivery' problem item), signTel, signIdcard, signPicture* (an image uploaded through
 * /file/upload). Batch: `orderIds` or `sendId` (every order of the run still out), full pieces, signPerson = each
 * consignee unless given, one photo of the signed run sheet.
 */
export const ZSignSaveBody = z
  .object({
    orderId: z.preprocess(emptyToUndefined, zId.optional()),
    version: z.preprocess(emptyToUndefined, zVersion.optional()),
    orderIds: z.array(zId).min(1).max(MAX_SEND_ORDERS).optional(),
    sendId: z.preprocess(emptyToUndefined, zId.optional()),
    signPerson: zText(50),
    signTime: zRequiredDateTime,
    signPiece: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int('err_invalid_value').min(1).max(100_000).optional(),
    ),
    signTel: zSignTel,
    signIdcard: zSignIdcard,
    signPicture: zFileId,
    remark: zText(500),
  })
  .strict()
  .superRefine((v, ctx) => {
    const targets = [v.orderId, v.orderIds, v.sendId].filter((x) => x !== undefined).length;
    if (targets !== 1) ctx.addIssue({ code: 'custom', path: ['orderId'], message: 'msg_select_data_first' });
    if (v.orderId !== undefined && !v.signPerson)
      ctx.addIssue({ code: 'custom', path: ['signPerson'], message: 'err_required' });
    if (v.orderId !== undefined && v.signPiece === undefined)
      ctx.addIssue({ code: 'custom', path: ['signPiece'], message: 'err_required' });
  });
export type TSignSaveBody = z.infer<typeof ZSignSaveBody>;

/** sign/signFail (A24): the reason (dictionary sign_fail_reason) and a text, required for 'other'. */
export const ZSignFailBody = z
  .object({
    ...ticked,
    signFailReason: z.string().regex(/^[1-9]$/, 'err_required'),
    signFailRemark: zText(500),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.signFailReason === '6' && !v.signFailRemark)
      ctx.addIssue({ code: 'custom', path: ['signFailRemark'], message: 'err_required' });
  });
export type TSignFailBody = z.infer<typeof ZSignFailBody>;

/** Required text helper re-exported for the forms. */
export const zSignPerson = zRequiredText(50);

// ---------------------------------------------------------------------------------------------------------
// Answers

const sendRunShape = {
  id: z.number().int(),
  version: z.number().int(),
  sendNo: z.string(),
  status: z.number().int(),
  sendTime: zTimestamp,
  dispatchTime: zTime,
  driverId: z.number().int(),
  driverName: z.string(),
  driverPhone: z.string(),
  vehicleId: z.number().int().nullable(),
  plateNo: z.string(),
  sendRemark: z.string(),
  createBy: z.string(),
  createTime: zTimestamp,
  ...cargoSums,
  signed: z.number().int(),
  failed: z.number().int(),
  returned: z.number().int(),
  sendFeeAmount: zDecimal,
  sendPartAmount: zDecimal,
  sendOtherAmount: zDecimal,
};
export const ZSendRow = z.object(feeOptional(sendRunShape));
export type TSendRow = z.infer<typeof ZSendRow>;

export const ZSendSums = z.object(
  feeOptional({
    orders: z.number().int(),
    pieces: z.number().int(),
    sendFeeAmount: zDecimal,
    sendPartAmount: zDecimal,
    sendOtherAmount: zDecimal,
  }),
);
export const ZSendListAnswer = tableEnvelope(ZSendRow, { sums: ZSendSums });

/** An order with its current delivery line (desk, sign list, run details). */
const { id: _id, ...orderRefWithoutId } = orderRef;
const orderLineShape = {
  orderId: z.number().int(),
  ...orderRefWithoutId,
  consignee: z.string(),
  consigneeTel: z.string(),
  consigneeAddr: z.string(),
  containerNo: z.string(),
  ...receiptFigures,
  trayNo: z.string(),
  auditStatus: z.number().int(),
  deliveryStatus: z.number().int(),
  signStatus: z.number().int(),
  ifException: z.number().int(),
  arrivePay: z.boolean(),
  daysInStock: z.number().int().nullable(),
  lineId: z.number().int().nullable(),
  sendId: z.number().int().nullable(),
  sendNo: z.string(),
  sendStatus: z.number().int().nullable(),
  sendTime: zTime,
  driverName: z.string(),
  plateNo: z.string(),
  pieces: z.number().int().nullable(),
  sendFeeAmount: zDecimal.nullable(),
  sendPartAmount: zDecimal.nullable(),
  sendOtherAmount: zDecimal.nullable(),
  signPerson: z.string(),
  signTime: zTime,
  signPiece: z.number().int().nullable(),
  signTel: z.string(),
  /** masked: ****1234 */
  signIdcard: z.string(),
  signPicture: z.string(),
  podPicture: z.string(),
  signFailReason: zCode,
  signFailRemark: z.string(),
  returned: z.boolean(),
};
export const ZSendOrderLine = z.object(feeOptional(orderLineShape));
export type TSendOrderLine = z.infer<typeof ZSendOrderLine>;

export const ZDeskSums = z.object({ ...cargoSums, sendPartAmount: zDecimal });
export const ZSendDeskAnswer = tableEnvelope(ZSendOrderLine, { sums: ZDeskSums });
export const ZSignListAnswer = tableEnvelope(ZSendOrderLine, { sums: ZDeskSums });

export const ZSendLogRow = ZRecordLogRow;

/** GET send/{id}: the run, every line (returned ones too), the run log. */
export const ZSendDetailAnswer = okEnvelope(
  z.object({ run: ZSendRow, lines: z.array(ZSendOrderLine), log: z.array(ZSendLogRow) }),
);
export type TSendDetail = z.infer<typeof ZSendDetailAnswer>['data'];

/** The answer of a run action. */
export const ZSendActionAnswer = okEnvelope(z.object(recordActionFields('sendNo')));
export const ZSendIdsAnswer = ZIdsDoneAnswer;

/** The answer of sign/save, signFail, delete and signUpload: the orders written. */
export const ZSignActionAnswer = okEnvelope(
  z.object({
    done: z.number().int(),
    orders: z.array(
      z.object({
        id: z.number().int(),
        transportId: z.string(),
        status: z.number().int(),
        version: z.number().int(),
        signStatus: z.number().int(),
        /** a short delivery raised a problem item */
        exceptionRaised: z.boolean(),
      }),
    ),
  }),
);
export type TSignActionAnswer = z.infer<typeof ZSignActionAnswer>['data'];

/** Drivers and vehicles for the run dialog (bas basic data, enabled). */
export const ZSendOptionsAnswer = okEnvelope(
  z.object({
    drivers: z.array(
      z.object({
        id: z.number().int(),
        driverName: z.string(),
        phone: z.string(),
        vehicleId: z.number().int().nullable(),
      }),
    ),
    vehicles: z.array(z.object({ id: z.number().int(), plateNo: z.string(), driverId: z.number().int().nullable() })),
    /** the default send time: tomorrow 08:00 in the business time zone */
    sendTime: z.string(),
  }),
);

/** inware/signUpload/{id}: the stored proof-of-delivery photo. */
export const ZSignUploadAnswer = okEnvelope(z.object({ fileId: z.string(), orderId: z.number().int() }));

/** GET send/order/{id}: an order's delivery lines in every run, newest first (order details). */
export const ZOrderDeliveryAnswer = okEnvelope(z.array(ZSendOrderLine));
