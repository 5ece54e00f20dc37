import { z } from 'zod';
import {
  okEnvelope,
  type TWire,
  tableEnvelope,
  zCode,
  zDecimal,
  zFlag,
  zOkEmpty,
  zOkId,
  zTimestamp,
} from '../common/responses';

/**
 * Answers of /bas/mark and /bas/corporationAddr (ADR 0010). Every key the server sends is listed (a response
 * schema drops unlisted keys). `credtLimit` and `minAmount` are fee fields: absent for users without the fee role.
 */

/** An address of a mark, as listed under the mark (`addresses`). */
export const ZMarkAddress = z.object({
  id: z.number().int(),
  markId: z.number().int(),
  corporation: z.string(),
  contact: z.string(),
  tel: z.string(),
  addr: z.string(),
  isDefault: zFlag,
  version: z.number().int(),
  createTime: zTimestamp,
});

/** A row of the mark list (customers and agents). */
export const ZMarkRow = z.object({
  id: z.number().int(),
  mark: z.string(),
  nameZh: z.string(),
  isAgent: zFlag,
  clientType: zCode,
  topMarkId: z.number().int().nullable(),
  topMark: z.string().nullable(),
  topMarkName: z.string().nullable(),
  userId: z.number().int().nullable(),
  balanceType: zCode,
  calPriceType: zCode,
  sales: z.number().int().nullable(),
  salesName: z.string().nullable(),
  service: z.number().int().nullable(),
  serviceName: z.string().nullable(),
  isPrintPrice: zFlag,
  credtLimit: zDecimal.nullable().optional(),
  minAmount: zDecimal.nullable().optional(),
  shippingChannels: z.array(z.string()),
  agentName: z.string(),
  agentUserName: z.string(),
  realName: z.string(),
  company: z.string(),
  phone: z.string(),
  addr: z.string(),
  lastLoginTime: zTimestamp.nullable(),
  status: zFlag,
  remark: z.string(),
  version: z.number().int(),
  createBy: z.string(),
  createTime: zTimestamp,
  updateBy: z.string(),
  updateTime: zTimestamp.nullable(),
  underMarkNum: z.number().int(),
  underMark: z.string(),
  defaultContact: z.string().nullable(),
  defaultTel: z.string().nullable(),
});

/** One mark with its addresses (`GET /bas/mark/:id`). */
export const ZMarkDetail = ZMarkRow.extend({ addresses: z.array(ZMarkAddress) });

/** An option of the mark selects (`GET /bas/mark/select`). */
export const ZMarkOption = z.object({
  id: z.number().int(),
  mark: z.string(),
  nameZh: z.string(),
  isAgent: zFlag,
  topMarkId: z.number().int().nullable(),
  clientType: zCode,
  status: zFlag,
});

/** A mark of the order form's picker (`GET /bas/mark/selectMarkInOrder`): pricing, staff and default contact. */
export const ZMarkInOrder = ZMarkRow.pick({
  id: true,
  mark: true,
  nameZh: true,
  isAgent: true,
  clientType: true,
  topMarkId: true,
  topMark: true,
  balanceType: true,
  calPriceType: true,
  isPrintPrice: true,
  credtLimit: true,
  minAmount: true,
  shippingChannels: true,
  sales: true,
  salesName: true,
  service: true,
  serviceName: true,
  defaultContact: true,
  defaultTel: true,
});

/** A mark's contacts for the consignee fields (`GET /bas/mark/selectMarkCont`). */
export const ZMarkContacts = z.object({
  id: z.number().int(),
  mark: z.string(),
  nameZh: z.string(),
  addresses: z.array(ZMarkAddress),
});

/** A row of the address list (`/bas/corporationAddr/list`, `/bas/corporationAddr/:id`). */
export const ZCorporationAddrRow = ZMarkAddress.extend({
  mark: z.string(),
  nameZh: z.string(),
  createBy: z.string(),
  updateTime: zTimestamp.nullable(),
});

/** The answers, by route, for `schema.response[200]`. */
export const MARK_ANSWERS = {
  list: tableEnvelope(ZMarkRow),
  detail: okEnvelope(ZMarkDetail),
  select: okEnvelope(z.array(ZMarkOption)),
  inOrder: okEnvelope(z.array(ZMarkInOrder)),
  contacts: okEnvelope(ZMarkContacts),
  added: zOkId,
  done: zOkEmpty,
  addrList: tableEnvelope(ZCorporationAddrRow),
  addrOfMark: okEnvelope(z.array(ZMarkAddress)),
  addrDetail: okEnvelope(ZCorporationAddrRow),
} as const;

/** Wire types (timestamps as ISO text) for the web. */
export type TMarkAddressRow = TWire<typeof ZMarkAddress>;
export type TMarkListRow = TWire<typeof ZMarkRow>;
export type TMarkDetail = TWire<typeof ZMarkDetail>;
export type TMarkOptionRow = TWire<typeof ZMarkOption>;
export type TMarkInOrderRow = TWire<typeof ZMarkInOrder>;
export type TMarkContacts = TWire<typeof ZMarkContacts>;
export type TCorporationAddrRow = TWire<typeof ZCorporationAddrRow>;
