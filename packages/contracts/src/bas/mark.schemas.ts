import { z } from 'zod';
import { zMoney } from '../common/money';
import { emptyToUndefined, zId, zPageQuery, zTextFilter } from '../common/page';
import { zAccount, zMobile, zPhone } from '../common/validators';
import {
  editKey,
  zFlag,
  zFlagFilter,
  zIdFilter,
  zOptionalId,
  zRequiredText,
  zStatus,
  zText,
  zVersion,
} from './common.schemas';
import {
  BALANCE_TYPE,
  BALANCE_TYPES,
  CAL_PRICE_TYPE,
  CAL_PRICE_TYPES,
  CLIENT_TYPE,
  TRANSPORT_MODES,
} from './constants';
import type { TMarkListRow } from './mark.responses';

/**
 * Marks (spec §3 'Mark', 'Agent'; screens §3.1-3.6): customers and agents in one table, `isAgent` tells
 * them apart. A customer whose `topMarkId` is an agent is that agent's sub-mark (billed to the agent at
 * the agent price, DOMAIN §4).
 */

/** Mark code: upper-case letters and digits, 2-20 characters (screens §3.2); input is upper-cased. */
export const MARK_CODE = /^[A-Z0-9]{2,20}$/;
export const zMarkCode = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(MARK_CODE, 'bas_err_mark_code'));

/** Client types a customer may have; '3' (agent) belongs to agents only. */
export const CUSTOMER_CLIENT_TYPES = [CLIENT_TYPE.WALK_IN, CLIENT_TYPE.MAJOR, CLIENT_TYPE.ORDINARY] as const;

/** One address of a mark (corporation, contact, tel, addr, isDefault). */
export const ZAddressItem = z
  .object({
    id: zOptionalId,
    corporation: zText(200),
    contact: zRequiredText(50),
    tel: zPhone,
    addr: zRequiredText(500),
    isDefault: zFlag.default('0'),
  })
  .strict();
export type TAddressItem = z.infer<typeof ZAddressItem>;

const markFields = {
  nameZh: z.string().trim().max(100).default(''),
  isAgent: zFlag.default('0'),
  clientType: z.enum([...CUSTOMER_CLIENT_TYPES, CLIENT_TYPE.AGENT]).default(CLIENT_TYPE.WALK_IN),
  topMarkId: zOptionalId,
  userId: zOptionalId,
  balanceType: z.enum(BALANCE_TYPES).default(BALANCE_TYPE.MONTHLY),
  calPriceType: z.enum(CAL_PRICE_TYPES).default(CAL_PRICE_TYPE.AUTOMATIC),
  sales: zId,
  service: zOptionalId,
  isPrintPrice: zFlag.default('0'),
  /** empty = no limit, 0 = no credit (screens §3.2) */
  credtLimit: z.preprocess(emptyToUndefined, zMoney.nullable().optional()),
  minAmount: z.preprocess(emptyToUndefined, zMoney.nullable().optional()),
  shippingChannels: z.array(z.enum(TRANSPORT_MODES)).max(8).default([]),
  // agent fields (spec §3 'Agent')
  agentName: zText(100),
  agentUserName: z.preprocess(emptyToUndefined, zAccount.optional()),
  realName: zText(50),
  company: zText(200),
  phone: z.preprocess(emptyToUndefined, zMobile.optional()),
  addr: zText(500),
  status: zStatus.default('0'),
  remark: zText(500),
  /** Replaces the mark's addresses when given (ids keep rows, rows without id are added, missing rows go). */
  addresses: z.array(ZAddressItem).max(50).optional(),
  /** An agent's sub-marks when given: marks listed get this agent as topMark, marks left out lose it. */
  underMarkIds: z.array(zId).max(1000).optional(),
};

function refineMark(
  value: { isAgent: string; agentName: string; phone?: string; nameZh: string; clientType: string },
  ctx: z.RefinementCtx,
) {
  if (value.isAgent === '1') {
    if (!value.agentName) ctx.addIssue({ code: 'custom', message: 'err_required', path: ['agentName'] });
    if (!value.phone) ctx.addIssue({ code: 'custom', message: 'err_required', path: ['phone'] });
  } else {
    if (!value.nameZh) ctx.addIssue({ code: 'custom', message: 'err_required', path: ['nameZh'] });
    if (value.clientType === CLIENT_TYPE.AGENT)
      ctx.addIssue({ code: 'custom', message: 'err_invalid_value', path: ['clientType'] });
  }
}

/** POST /bas/mark/add. `agentPassword`: the agent portal's initial password (add only, 8-64 characters). */
export const ZMarkAddBody = z
  .object({
    mark: zMarkCode,
    ...markFields,
    agentPassword: z.preprocess(
      emptyToUndefined,
      z.string().min(8, 'err_password_length').max(64, 'err_password_length').optional(),
    ),
  })
  .strict()
  .superRefine(refineMark);
export type TMarkAddBody = z.infer<typeof ZMarkAddBody>;

/** POST /bas/mark/edit: the code is read-only (sent back by the form, ignored). */
export const ZMarkEditBody = z
  .object({
    ...editKey,
    mark: z.string().max(40).optional(),
    ...markFields,
  })
  .strict()
  .superRefine(refineMark);
export type TMarkEditBody = z.infer<typeof ZMarkEditBody>;

export const MARK_ORDER_BY = [
  'createTime',
  'mark',
  'credtLimit',
  'minAmount',
  'underMarkNum',
  'lastLoginTime',
] as const;

/** GET /bas/mark/list (custom-mark: isAgent=0; agent-mark: isAgent=1). `mark` takes several codes, comma separated. */
export const ZMarkListQuery = zPageQuery(MARK_ORDER_BY, {
  isAgent: zFlagFilter,
  mark: zTextFilter(2000),
  nameZh: zTextFilter(100),
  agentName: zTextFilter(100),
  company: zTextFilter(200),
  phone: zTextFilter(30),
  clientType: zTextFilter(2),
  /** parent agent by code */
  topMark: zTextFilter(20),
  topMarkId: zIdFilter,
  sales: zIdFilter,
  service: zIdFilter,
  balanceType: zTextFilter(2),
  calPriceType: zTextFilter(2),
  status: zTextFilter(1),
});
export type TMarkListQuery = z.infer<typeof ZMarkListQuery>;

/** Selected rows of an export: ids comma separated (the list page posts them with the filters). */
export const zIdsText = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^\d{1,15}(,\d{1,15}){0,4999}$/)
    .transform((s) => s.split(',').map(Number))
    .optional(),
);

/** POST /bas/mark/export: the list filters (form-encoded) plus the selected `ids`. */
export const ZMarkExportBody = ZMarkListQuery.extend({ ids: zIdsText });

/** GET /bas/mark/select: options for selects (`noTopMark=1`: marks free to become sub-marks). */
export const ZMarkSelectQuery = z
  .object({
    keyword: zTextFilter(50),
    isAgent: zFlagFilter,
    noTopMark: zFlagFilter,
    /** include disabled marks (edit forms showing a stored value) */
    all: zFlagFilter,
    limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(500).default(50)),
  })
  .strict();
export type TMarkSelectQuery = z.infer<typeof ZMarkSelectQuery>;

/** GET /bas/mark/selectMarkInOrder: the order form's mark picker (active marks, with pricing and default address). */
export const ZMarkInOrderQuery = z
  .object({
    keyword: zTextFilter(50),
    limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(200).default(30)),
  })
  .strict();

/** GET /bas/mark/selectMarkCont?markId= | ?mark=: a mark's contacts (addresses) for the consignee fields. */
export const ZMarkContQuery = z
  .object({ markId: zIdFilter, mark: zTextFilter(20) })
  .strict()
  .refine((q) => q.markId !== undefined || q.mark !== undefined, { message: 'err_required', path: ['markId'] });

/** Corporation address add / edit (screens §3.5). */
export const ZAddressAddBody = ZAddressItem.omit({ id: true }).extend({ markId: zId }).strict();
export const ZAddressEditBody = ZAddressItem.omit({ id: true })
  .extend({ id: zId, markId: zId.optional(), version: zVersion.optional() })
  .strict();
export const ZAddressListQuery = zPageQuery(['createTime'], {
  markId: zIdFilter,
  mark: zTextFilter(20),
  contact: zTextFilter(50),
  tel: zTextFilter(30),
  corporation: zTextFilter(200),
});
export const ZAddressExportBody = ZAddressListQuery.extend({ ids: zIdsText });

/** What a mark row looks like on the wire (list, get): the wire type of the response contract (mark.responses.ts). */
export type TMarkRow = TMarkListRow;

export interface TAddressRow {
  id: number;
  markId: number;
  corporation: string;
  contact: string;
  tel: string;
  addr: string;
  isDefault: '0' | '1';
  version: number;
}

/**
 * Normalises a mark's address list: if there are addresses, exactly one is the default: the first one
 * flagged, else the first row (screens §3.5).
 */
export function normaliseDefaultAddress<T extends { isDefault: '0' | '1' }>(rows: readonly T[]): T[] {
  const first = rows.findIndex((r) => r.isDefault === '1');
  const pick = first === -1 ? 0 : first;
  return rows.map((r, i) => ({ ...r, isDefault: i === pick ? '1' : '0' }) as T);
}
