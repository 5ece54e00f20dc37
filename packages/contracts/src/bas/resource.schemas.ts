import { z } from 'zod';
import { money, zMoney, zRate } from '../common/money';
import { emptyToUndefined, zId, zIdText, zPageQuery, zTextFilter } from '../common/page';
import { isChinaPlate, isIdCard, zMobile } from '../common/validators';
import {
  addEditBodies,
  refineDateOrder,
  zDay,
  zDayFilter,
  zFlag,
  zIdFilter,
  zOptionalDay,
  zOptionalId,
  zRequiredText,
  zStatus,
  zText,
} from './common.schemas';
import { CURRENCIES, CURRENCY, TRANSPORT_MODES } from './constants';

/**
 * Drivers, vehicles, insurance, payment info and exchange rates (screens §3.12-3.16), and the reference
 * selects (geography, currency, warehouse).
 */

export const COUNTRIES = ['CN', 'TH'] as const;
/** Driver employment: '1' own staff, '2' outsourced. */
export const EMPLOYMENTS = ['1', '2'] as const;
/** Vehicle ownership: '1' own, '2' outsourced, '3' rented. */
export const OWNERSHIPS = ['1', '2', '3'] as const;
/** Vehicle types: dictionary `vehicle_type`. */
export const VEHICLE_TYPES = ['1', '2', '3', '4', '5', '6'] as const;
/** Payment-info account types: transfer, WeChat, Alipay (the `pay_type` codes). */
export const PAYINFO_TYPES = ['2', '3', '4'] as const;

const zOptionalMoney = z.preprocess(emptyToUndefined, zMoney.nullable().optional());

// ---------------------------------------------------------------------------------------------------
// Drivers

const driverFields = {
  driverName: zRequiredText(50),
  phone: zMobile,
  country: z.enum(COUNTRIES).default('TH'),
  /** 18-digit Chinese or 13-digit Thai ID */
  idCard: z.preprocess(emptyToUndefined, z.string().trim().max(20).refine(isIdCard, 'err_id_card').optional()),
  licenceNo: zText(50),
  licenceExpiry: zOptionalDay,
  vehicleId: zOptionalId,
  employment: z.enum(EMPLOYMENTS).default('1'),
  /** the driver's sign-in account (driver role, self scope: their own delivery runs) */
  userId: zOptionalId,
  status: zStatus.default('0'),
  remark: zText(500),
};
export const { add: ZDriverAddBody, edit: ZDriverEditBody } = addEditBodies(driverFields);
export type TDriverAddBody = z.infer<typeof ZDriverAddBody>;
export const ZDriverListQuery = zPageQuery(['createTime', 'licenceExpiry'], {
  driverName: zTextFilter(50),
  phone: zTextFilter(30),
  country: zTextFilter(2),
  status: zTextFilter(1),
});

// ---------------------------------------------------------------------------------------------------
// Vehicles

const vehicleFields = {
  plateNo: z.string().trim().min(1, 'err_required').max(20, 'err_plate'),
  country: z.enum(COUNTRIES).default('TH'),
  vehicleType: z.enum(VEHICLE_TYPES),
  capacityKg: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1_000_000).nullable().optional()),
  capacityCbm: zOptionalMoney,
  driverId: zOptionalId,
  ownership: z.enum(OWNERSHIPS).default('1'),
  insuranceExpiry: zOptionalDay,
  status: zStatus.default('0'),
  remark: zText(500),
};
/** Chinese plates follow spec §5; Thai plates are free text up to 20 characters (screens §3.13). */
function refinePlate(value: { plateNo: string; country: string }, ctx: z.RefinementCtx) {
  if (value.country === 'CN' && !isChinaPlate(value.plateNo)) {
    ctx.addIssue({ code: 'custom', message: 'err_plate', path: ['plateNo'] });
  }
}
export const { add: ZVehicleAddBody, edit: ZVehicleEditBody } = addEditBodies(vehicleFields, refinePlate);
export type TVehicleAddBody = z.infer<typeof ZVehicleAddBody>;
export const ZVehicleListQuery = zPageQuery(['createTime', 'insuranceExpiry', 'capacityKg'], {
  plateNo: zTextFilter(40),
  country: zTextFilter(2),
  vehicleType: zTextFilter(2),
  status: zTextFilter(1),
});

// ---------------------------------------------------------------------------------------------------
// Insurance

const insuranceFields = {
  insuranceName: zRequiredText(100),
  insurer: zText(100),
  /** percentage 0-100, up to 4 decimals (stored numeric(12,6)) */
  insuranceRate: zRate.refine((v) => money(v).lte(100) && /^\d+\.\d{4}00$/.test(v), 'err_insurance_rate'),
  minPremium: zOptionalMoney,
  currency: z.enum(CURRENCIES).default(CURRENCY.RMB),
  /** '' = every transport mode */
  busType: z.union([z.enum(TRANSPORT_MODES), z.literal('')]).default(''),
  validFromDate: zOptionalDay,
  validToDate: zOptionalDay,
  isDefault: zFlag.default('0'),
  status: zStatus.default('0'),
  remark: zText(500),
};
export const { add: ZInsuranceAddBody, edit: ZInsuranceEditBody } = addEditBodies(insuranceFields, refineDateOrder);
export type TInsuranceAddBody = z.infer<typeof ZInsuranceAddBody>;
export const ZInsuranceListQuery = zPageQuery(['createTime', 'insuranceRate', 'minPremium'], {
  insuranceName: zTextFilter(100),
  status: zTextFilter(1),
  busType: zTextFilter(10),
});

// ---------------------------------------------------------------------------------------------------
// Payment info

const payinfoFields = {
  accountName: zRequiredText(100),
  bankName: zRequiredText(100),
  accountNo: zRequiredText(50),
  branch: zText(100),
  currency: z.enum(CURRENCIES).default(CURRENCY.RMB),
  payType: z.enum(PAYINFO_TYPES).default('2'),
  /** uploaded QR image: file id from POST /file/upload, '' for none */
  qrFileId: zText(100),
  isDefault: zFlag.default('0'),
  status: zStatus.default('0'),
  remark: zText(500),
};
export const { add: ZPayinfoAddBody, edit: ZPayinfoEditBody } = addEditBodies(payinfoFields);
export type TPayinfoAddBody = z.infer<typeof ZPayinfoAddBody>;
export const ZPayinfoListQuery = zPageQuery(['createTime'], {
  accountName: zTextFilter(100),
  bankName: zTextFilter(100),
  currency: zTextFilter(3),
  status: zTextFilter(1),
});

// ---------------------------------------------------------------------------------------------------
// Exchange rates

const currateFields = {
  srcCurrencyId: zId,
  destCurrencyId: zId,
  /** > 0, 6 decimals */
  rate: zRate.refine((v) => money(v).gt(0), 'err_rate_positive'),
  effectiveDate: zDay,
  remark: zText(500),
};
function refinePair(value: { srcCurrencyId: number; destCurrencyId: number }, ctx: z.RefinementCtx) {
  if (value.srcCurrencyId === value.destCurrencyId) {
    ctx.addIssue({ code: 'custom', message: 'msg_currency_pair_same', path: ['destCurrencyId'] });
  }
}
export const { add: ZCurrateAddBody, edit: ZCurrateEditBody } = addEditBodies(currateFields, refinePair);
export type TCurrateAddBody = z.infer<typeof ZCurrateAddBody>;
export const ZCurrateListQuery = zPageQuery(['createTime', 'effectiveDate', 'rate'], {
  srcCurrencyId: zIdFilter,
  destCurrencyId: zIdFilter,
  effectiveBegin: zDayFilter,
  effectiveEnd: zDayFilter,
});
export const ZCurratePairParams = z
  .object({
    srcCurrencyId: zIdText,
    destCurrencyId: zIdText,
  })
  .strict();

// ---------------------------------------------------------------------------------------------------
// Reference selects

/** GET /bas/geog/select?orgId=1 (origin cities) | 2 (destination countries and cities). */
export const ZGeogSelectQuery = z
  .object({
    orgId: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(2).optional()),
    /** '1' countries only, '2' cities only */
    level: z.preprocess(emptyToUndefined, z.enum(['1', '2']).optional()),
  })
  .strict();

export const ZWarehouseSelectQuery = z
  .object({ whType: z.preprocess(emptyToUndefined, z.enum(['1', '2']).optional()) })
  .strict();
