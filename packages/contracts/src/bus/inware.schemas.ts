import { z } from 'zod';
import { editKey, zFlag, zOptionalId, zText, zVersion } from '../bas/common.schemas';
import { CARGO_TYPE, CARGO_TYPES, CURRENCIES, TRANSPORT_MODES } from '../bas/constants';
import { isPositive, tryMoney, zMoney, zVolume, zWeight } from '../common/money';
import { emptyToUndefined, zId } from '../common/page';
import { isDateTimeText, isPhone } from '../common/validators';
import { checkExpressNos, RECEIVING_NO_PATTERN, TRANSPORT_ID_PATTERN } from './order-numbers';
import { FEE_SUPPLEMENT_FIELDS, ORDER_FEE_INPUT_FIELDS } from './order-pricing';
import { ORDER_STATUS } from './order-status';

/**
 * Inbound orders (spec §3 'Order (inware)', 'Order fees', 'Cargo line'; §7 'Inware'; screens bus-container.md
 * §3 orderAdd .. deliveryfree). Request bodies are strict; money, weight and volume are decimal strings;
 * times are 'YYYY-MM-DD HH:mm:ss' in the business time zone (or ISO 8601 with a zone).
 */

// ---------------------------------------------------------------------------------------------------------
// Small field schemas

/** A time in a body: '' / null = none; a time that does not exist ('2026-02-30 10:00', '24:00:00') is a 400. */
export const zOptionalDateTime = z.preprocess(
  emptyToUndefined,
  z.string().trim().max(40, 'err_invalid_format').refine(isDateTimeText, 'err_invalid_format').nullable().optional(),
);
export const zOptionalMoneyField = z.preprocess(emptyToUndefined, zMoney.nullable().optional());
export const zOptionalWeight = z.preprocess(emptyToUndefined, zWeight.nullable().optional());
export const zOptionalVolume = z.preprocess(emptyToUndefined, zVolume.nullable().optional());
/** cm, 2 decimals, numeric(10,2). */
export const zDimension = z.preprocess(
  emptyToUndefined,
  zWeight
    .refine((v) => tryMoney(v)?.lt(100_000_000) ?? false, 'err_invalid_value')
    .nullable()
    .optional(),
);
/** A number of pieces: a whole number 0 .. 1,000,000 ('err_piece'). */
export const zPieces = z.coerce
  .number({ error: 'err_piece' })
  .int('err_piece')
  .min(0, 'err_piece')
  .max(1_000_000, 'err_piece');
/** A phone box that may stay empty (China or Thai mobile or landline, spec §5 validators). */
const zPhoneOrEmpty = z
  .string()
  .trim()
  .max(30, 'err_phone')
  .refine((v) => v === '' || isPhone(v), 'err_phone');
export const zOptionalPhone = zPhoneOrEmpty.default('');
/** The express-number box (M10): English commas, each number 4-40 letters, digits or '-'. */
export const zExpressNos = z
  .string()
  .max(5000)
  .default('')
  .superRefine((value, ctx) => {
    const check = checkExpressNos(value);
    if (check.error)
      ctx.addIssue({ code: 'custom', message: check.error, params: check.bad ? { no: check.bad } : undefined });
  });
export const zReceivingNo = z.string().trim().max(30).regex(RECEIVING_NO_PATTERN, 'err_receiving_no');
export const zTransportId = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(TRANSPORT_ID_PATTERN, 'err_transport_id'));

// ---------------------------------------------------------------------------------------------------------
// Cargo lines

/**
 * One cargo line (screens bus Q9): `piece` cartons of one size, `weight` the line's total kg, `totalCount` units
 * inside (packing list). Volume = L × W × H / 1,000,000 × piece when the three dimensions are given, else the
 * typed volume. Declared lines have an empty receivingNo; measured lines carry their receipt's number.
 */
export const ZCargoLine = z
  .object({
    id: zOptionalId,
    receivingNo: z.string().trim().max(30).default(''),
    totalCount: z.preprocess(emptyToUndefined, zPieces.nullable().optional()),
    piece: zPieces.refine((n) => n >= 1, 'err_piece'),
    cargoLength: zDimension,
    cargoWidth: zDimension,
    cargoHight: zDimension,
    weight: zOptionalWeight,
    volume: zOptionalVolume,
  })
  .strict();
export type TCargoLineFormInput = z.input<typeof ZCargoLine>;
export type TCargoLineBody = z.infer<typeof ZCargoLine>;

// ---------------------------------------------------------------------------------------------------------
// Order bodies

const feeInputs = Object.fromEntries(ORDER_FEE_INPUT_FIELDS.map((f) => [f, zOptionalMoneyField])) as Record<
  (typeof ORDER_FEE_INPUT_FIELDS)[number],
  typeof zOptionalMoneyField
>;

export const orderFields = {
  markId: zOptionalId,
  busType: z.preprocess(emptyToUndefined, z.enum(TRANSPORT_MODES).nullable().optional()),
  leftAddrId: zOptionalId,
  destAddrId: zOptionalId,
  /** the expected origin warehouse before receipt, the receiving one after */
  arrivedHouseId: zOptionalId,
  orderTime: zOptionalDateTime,
  preArriveTime: zOptionalDateTime,
  consignee: zText(100),
  consigneeTel: zOptionalPhone,
  consigneeAddr: zText(500),
  shipper: zText(100),
  shipperTel: zOptionalPhone,
  businessNo: zText(100),
  clientNo: zText(100),
  expressCorp: zText(20),
  expressNo: zExpressNos,
  cargoName: zText(200),
  cargoType: z.preprocess(emptyToUndefined, z.enum(CARGO_TYPES).default(CARGO_TYPE.GENERAL)),
  cargoPiece: z.preprocess(emptyToUndefined, zPieces.default(0)),
  cargoWeight: zOptionalWeight,
  cargoVolume: zOptionalVolume,
  /** the 'measured volume' switch: the typed cargoVolume wins over the lines' sum */
  volumeManual: zFlag.default('0'),
  declaredValue: zOptionalMoneyField,
  insuranceId: zOptionalId,
  woodenFrame: zFlag.default('0'),
  cargoRemark: zText(500),
  remark: zText(500),
  cargoLines: z.array(ZCargoLine).max(300).default([]),
  /** the freight typed by hand ('manual' tag); otherwise computed from the price */
  freightManual: zFlag.default('0'),
  feeFreightAr: zOptionalMoneyField,
  ...feeInputs,
  currency: z.preprocess(emptyToUndefined, z.enum(CURRENCIES).nullable().optional()),
};

/** Fields of a no-mark registration (A8, status 2 on add). */
const receiptFields = {
  receivingNo: z.preprocess(emptyToUndefined, zReceivingNo.optional()),
  arrivedTime: zOptionalDateTime,
  arrivedPiece: z.preprocess(emptyToUndefined, zPieces.nullable().optional()),
  arrivedWeight: zOptionalWeight,
  arrivedVolume: zOptionalVolume,
  trayNo: zText(50),
};

/**
 * A new order: status 0 save staged (A1), 1 save and confirm (A2), 2 register no-mark cargo received at the
 * warehouse (A8: no mark, receipt number and measured figures required).
 */
export const ZInwareAddBody = z
  .object({
    transportId: z.preprocess(emptyToUndefined, zTransportId.optional()),
    status: z.coerce
      .number()
      .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
      .default(0),
    ...orderFields,
    ...receiptFields,
  })
  .strict()
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.status === ORDER_STATUS.IN_WAREHOUSE) {
      if (b.markId) issue('markId', 'err_no_mark_with_mark');
      if (!b.receivingNo) issue('receivingNo', 'msg_enter_receipt_no');
      if (!b.arrivedHouseId) issue('arrivedHouseId', 'err_required');
      if (!b.arrivedPiece) issue('arrivedPiece', 'err_required');
      if (!b.arrivedWeight) issue('arrivedWeight', 'err_required');
      return;
    }
    for (const key of missingForSave(b)) issue(key, 'err_required');
    if (b.status === ORDER_STATUS.CONFIRMED) for (const key of missingForConfirm(b)) issue(key, 'err_required');
  });
export type TInwareAddBody = z.infer<typeof ZInwareAddBody>;
export type TInwareAddInput = z.input<typeof ZInwareAddBody>;

/** Edit (orderEdit, S0-S2): the whole form with the version read; `fetchPrice` = '1' after P-price. */
export const ZInwareEditBody = z
  .object({
    ...editKey,
    fetchPrice: zFlag.default('0'),
    ...orderFields,
    trayNo: z.string().trim().max(50).optional(),
  })
  .strict();
export type TInwareEditBody = z.infer<typeof ZInwareEditBody>;

export interface TOrderRequiredInput {
  markId?: number | null;
  busType?: string | null;
  leftAddrId?: number | null;
  destAddrId?: number | null;
  consignee?: string | null;
  consigneeTel?: string | null;
  consigneeAddr?: string | null;
  cargoName?: string | null;
  cargoPiece?: number | null;
  cargoWeight?: string | null;
  cargoVolume?: string | null;
  cargoLines?: readonly unknown[];
}

/** What a staged save needs (screens orderAdd: mark, busType and destAddrId). */
export function missingForSave(o: TOrderRequiredInput): string[] {
  const missing: string[] = [];
  if (!o.markId) missing.push('markId');
  if (!o.busType) missing.push('busType');
  if (!o.destAddrId) missing.push('destAddrId');
  return missing;
}

/** Every field starred on the order form, needed to confirm (A2) or to receive (A5). */
export function missingForConfirm(o: TOrderRequiredInput): string[] {
  const missing = missingForSave(o);
  if (!o.leftAddrId) missing.push('leftAddrId');
  if (!o.consignee?.trim()) missing.push('consignee');
  if (!o.consigneeTel?.trim()) missing.push('consigneeTel');
  if (!o.consigneeAddr?.trim()) missing.push('consigneeAddr');
  if (!o.cargoName?.trim()) missing.push('cargoName');
  const hasLines = (o.cargoLines?.length ?? 0) > 0;
  if (!hasLines && !(o.cargoPiece && o.cargoPiece > 0)) missing.push('cargoPiece');
  if (!hasLines && !isPositive(o.cargoWeight || '0') && !isPositive(o.cargoVolume || '0')) missing.push('cargoWeight');
  return missing;
}

/** The incomplete data of a received order (arrivedAddOrder's 'missing' tags). */
export const MISSING_DATA_KEYS = [
  'consignee',
  'consigneeTel',
  'consigneeAddr',
  'cargoName',
  'busType',
  'price',
] as const;
export type TMissingDataKey = (typeof MISSING_DATA_KEYS)[number];

export function missingOrderData(o: {
  consignee?: string | null;
  consigneeTel?: string | null;
  consigneeAddr?: string | null;
  cargoName?: string | null;
  busType?: string | null;
  priceId?: number | null;
  freightManual?: string | null;
}): TMissingDataKey[] {
  const out: TMissingDataKey[] = [];
  if (!o.consignee?.trim()) out.push('consignee');
  if (!o.consigneeTel?.trim()) out.push('consigneeTel');
  if (!o.consigneeAddr?.trim()) out.push('consigneeAddr');
  if (!o.cargoName?.trim()) out.push('cargoName');
  if (!o.busType) out.push('busType');
  if (!o.priceId && o.freightManual !== '1') out.push('price');
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Actions

/** `inware/status/{ids}`: {status: 1} confirms S0 or cancels the receipt of S2; {status: 0} returns S1 to staged. */
export const STATUS_ACTIONS = ['confirm', 'backToStaged', 'cancelReceipt'] as const;
export type TStatusAction = (typeof STATUS_ACTIONS)[number];

export const ZInwareStatusBody = z
  .object({
    status: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])),
    /** optional: the action meant (else read from each order's status) */
    action: z.enum(STATUS_ACTIONS).optional(),
    /** the versions read, aligned with the ids of the path: a changed order answers 409 msg_changed_reload */
    versions: z.array(zVersion).max(500).optional(),
    remark: zText(500),
  })
  .strict();
export type TInwareStatusBody = z.infer<typeof ZInwareStatusBody>;

/** The action a status call means for an order in `status` (null: the status cannot take it). */
export function statusActionFor(target: 0 | 1, current: number): TStatusAction | null {
  if (target === 1 && current === ORDER_STATUS.STAGED) return 'confirm';
  if (target === 1 && current === ORDER_STATUS.IN_WAREHOUSE) return 'cancelReceipt';
  if (target === 0 && current === ORDER_STATUS.CONFIRMED) return 'backToStaged';
  return null;
}

export const ZIdsVersionsBody = z
  .object({
    ids: z.array(zId).min(1, 'msg_select_data_first').max(500),
    versions: z.array(zVersion).max(500).optional(),
  })
  .strict();

/**
 * Receive (A5, S0/S1 -> S2) or re-measure / another receipt (A6, S2). Measured `lines` (or totals only) are
 * stored under `receivingNo`; a receipt number already on the order is replaced (re-measure), a new one is
 * added (a later batch). The order's arrived figures are the sum of all its receipts; fees are re-priced.
 */
export const ZArrivedUpdateBody = z
  .object({
    id: zId,
    version: zVersion.optional(),
    receivingNo: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string({ error: 'msg_enter_receipt_no' }).min(1, 'msg_enter_receipt_no').pipe(zReceivingNo),
    ),
    arrivedTime: zOptionalDateTime,
    arrivedHouseId: zId,
    trayNo: zText(50),
    lines: z.array(ZCargoLine).max(300).default([]),
    arrivedPiece: z.preprocess(emptyToUndefined, zPieces.nullable().optional()),
    arrivedWeight: zOptionalWeight,
    arrivedVolume: zOptionalVolume,
    remark: zText(500),
    /** 'damaged or short': raises a problem item on the order */
    exceptionType: zText(10),
    exceptionDesc: zText(500),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.lines.length) return;
    if (!b.arrivedPiece) ctx.addIssue({ code: 'custom', path: ['arrivedPiece'], message: 'err_required' });
    if (b.arrivedWeight === undefined || b.arrivedWeight === null)
      ctx.addIssue({ code: 'custom', path: ['arrivedWeight'], message: 'err_required' });
  });
export type TArrivedUpdateBody = z.infer<typeof ZArrivedUpdateBody>;

// ---------------------------------------------------------------------------------------------------------
// Field edits after entry: assign mark (A9), problem items (A26), order modification (A28), fee supplement (A29)

/** Fields that assign cargo to a customer (noMarkOrder 'Assign mark'). */
export const ASSIGN_MARK_FIELDS = [
  'markId',
  'busType',
  'leftAddrId',
  'destAddrId',
  'consignee',
  'consigneeTel',
  'consigneeAddr',
  'cargoName',
  'cargoType',
] as const;
/** Problem-item fields (exception-list; screens Q14). */
export const EXCEPTION_FIELDS = [
  'ifException',
  'exceptionType',
  'exceptionDesc',
  'exceptionStatus',
  'handleRemark',
] as const;
/** orderListEdit: free-text fields changeable up to S7. */
export const MODIFY_TEXT_FIELDS = [
  'consignee',
  'consigneeTel',
  'consigneeAddr',
  'businessNo',
  'clientNo',
  'cargoName',
  'cargoRemark',
  'preArriveTime',
  'trayNo',
] as const;
/** orderListEdit: fields that re-price, changeable at S2 only. */
export const MODIFY_ROUTE_FIELDS = ['markId', 'busType', 'leftAddrId', 'destAddrId', 'cargoType'] as const;
/** orderListEdit: measured figures, S2-S3 (re-priced). */
export const MODIFY_FIGURE_FIELDS = ['arrivedPiece', 'arrivedWeight', 'arrivedVolume'] as const;
/** orderListEdit: fees (fee role), while not audited. */
export const MODIFY_FEE_FIELDS = ['freightManual', 'feeFreightAr', ...ORDER_FEE_INPUT_FIELDS, 'currency'] as const;

const zMoneyChange = z.preprocess(emptyToUndefined, zMoney.optional());
const feeChanges = Object.fromEntries(ORDER_FEE_INPUT_FIELDS.map((f) => [f, zMoneyChange])) as Record<
  (typeof ORDER_FEE_INPUT_FIELDS)[number],
  typeof zMoneyChange
>;

export const ZOrderFieldChanges = z
  .object({
    markId: zOptionalId,
    busType: z.preprocess(emptyToUndefined, z.enum(TRANSPORT_MODES).optional()),
    leftAddrId: zOptionalId,
    destAddrId: zOptionalId,
    consignee: z.string().trim().max(100).optional(),
    consigneeTel: zPhoneOrEmpty.optional(),
    consigneeAddr: z.string().trim().max(500).optional(),
    businessNo: z.string().trim().max(100).optional(),
    clientNo: z.string().trim().max(100).optional(),
    cargoName: z.string().trim().max(200).optional(),
    cargoRemark: z.string().trim().max(500).optional(),
    cargoType: z.preprocess(emptyToUndefined, z.enum(CARGO_TYPES).optional()),
    preArriveTime: zOptionalDateTime,
    trayNo: z.string().trim().max(50).optional(),
    arrivedPiece: z.preprocess(emptyToUndefined, zPieces.optional()),
    arrivedWeight: z.preprocess(emptyToUndefined, zWeight.optional()),
    arrivedVolume: z.preprocess(emptyToUndefined, zVolume.optional()),
    ifException: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce
        .number()
        .pipe(z.union([z.literal(0), z.literal(1)]))
        .optional(),
    ),
    exceptionType: z.string().trim().max(10).optional(),
    exceptionDesc: z.string().trim().max(500).optional(),
    exceptionStatus: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
        .optional(),
    ),
    handleRemark: z.string().trim().max(500).optional(),
    freightManual: zFlag.optional(),
    feeFreightAr: zMoneyChange,
    ...feeChanges,
    currency: z.preprocess(emptyToUndefined, z.enum(CURRENCIES).optional()),
  })
  .strict();
export type TOrderFieldChanges = z.infer<typeof ZOrderFieldChanges>;

/** `inware/editFields`: the same changes on every selected order (assign mark, problem item, batch modify). */
export const ZEditFieldsBody = z
  .object({
    ids: z.array(zId).min(1, 'msg_select_data_first').max(500),
    versions: z.array(zVersion).max(500).optional(),
    fields: ZOrderFieldChanges,
    reason: zText(500),
    /** problem items: photos (file ids from /file/upload, images) attached with the raise or an amendment */
    photos: z.array(z.uuid()).max(9).optional(),
  })
  .strict()
  .refine((b) => Object.values(b.fields).some((v) => v !== undefined), { message: 'err_no_change', path: ['fields'] });
export type TEditFieldsBody = z.infer<typeof ZEditFieldsBody>;

/** `audit/orderUpdate` (orderListEdit row drawer): one order, its version, the changes and a reason. */
export const ZOrderUpdateBody = z
  .object({
    ...editKey,
    changes: ZOrderFieldChanges,
    reason: z.string().trim().min(1, 'err_reason_required').max(500),
  })
  .strict();
export type TOrderUpdateBody = z.infer<typeof ZOrderUpdateBody>;

const supplementFees = Object.fromEntries(FEE_SUPPLEMENT_FIELDS.map((f) => [f, zOptionalMoneyField])) as Record<
  (typeof FEE_SUPPLEMENT_FIELDS)[number],
  typeof zOptionalMoneyField
>;

/** `audit/orderUpdateFee` (deliveryfree 'Save changed rows'): S6-S8, not audited. */
export const ZOrderUpdateFeeBody = z
  .object({
    rows: z
      .array(z.object({ ...editKey, ...supplementFees, remark: zText(500) }).strict())
      .min(1, 'msg_select_data_first')
      .max(500),
  })
  .strict();
export type TOrderUpdateFeeBody = z.infer<typeof ZOrderUpdateFeeBody>;

// ---------------------------------------------------------------------------------------------------------
// Prices

/** The order form's values for a price preview (nothing saved). */
export const ZPricePreview = z
  .object({
    id: zOptionalId,
    status: z.coerce.number().int().min(0).max(8).default(0),
    markId: zOptionalId,
    busType: z.preprocess(emptyToUndefined, z.enum(TRANSPORT_MODES).nullable().optional()),
    leftAddrId: zOptionalId,
    destAddrId: zOptionalId,
    cargoType: z.preprocess(emptyToUndefined, z.enum(CARGO_TYPES).default(CARGO_TYPE.GENERAL)),
    orderTime: zOptionalDateTime,
    cargoWeight: zOptionalWeight,
    cargoVolume: zOptionalVolume,
    arrivedWeight: zOptionalWeight,
    arrivedVolume: zOptionalVolume,
    declaredValue: zOptionalMoneyField,
    insuranceId: zOptionalId,
    freightManual: zFlag.default('0'),
    feeFreightAr: zOptionalMoneyField,
    ...feeInputs,
    currency: z.preprocess(emptyToUndefined, z.enum(CURRENCIES).nullable().optional()),
  })
  .strict();
export type TPricePreview = z.infer<typeof ZPricePreview>;

/** `inware/reGetPrice`: saved orders by `ids` (P-price; saves), or the form's values as `order` (preview). */
export const ZReGetPriceBody = z
  .object({
    ids: z.array(zId).min(1, 'msg_select_data_first').max(500).optional(),
    versions: z.array(zVersion).max(500).optional(),
    order: ZPricePreview.optional(),
  })
  .strict()
  .refine((b) => (b.ids ? 1 : 0) + (b.order ? 1 : 0) === 1, { message: 'msg_select_data_first', path: ['ids'] });
export type TReGetPriceBody = z.infer<typeof ZReGetPriceBody>;

export const ZGetNoBody = z
  .object({
    type: z.enum(['transportId', 'receivingNo']).default('transportId'),
    destAddrId: zOptionalId,
  })
  .strict();
export type TGetNoBody = z.infer<typeof ZGetNoBody>;

/** Problem-item status of an order: open means raised and not yet handled (E0/E1). */
export const isOpenException = (o: { ifException?: number | null }) => o.ifException === 1;
