import { useQuery } from '@tanstack/react-query';
import type { TOrderFieldChange } from '@theone/contracts/bus/order-log';
import type { AxiosRequestConfig } from 'axios';
import { createQueryKeys } from '../../../lib/query-keys';
import { type Envelope, getData, postData, request, type TableResponse } from '../../../lib/request';

/**
 * Inbound orders on the web (spec §7 'Inware'): query keys, row types and the calls of the order screens.
 * Money, weights and volumes are decimal strings from the server; sums on the screens use contracts' Money.
 */
export const inwareKeys = createQueryKeys('bus/inware');

export interface TCargoLine {
  id?: number | null;
  lineNo?: number;
  receivingNo?: string;
  totalCount?: number | null;
  piece: number;
  cargoLength?: string | null;
  cargoWidth?: string | null;
  cargoHight?: string | null;
  weight?: string | null;
  volume?: string | null;
  size?: string;
}

/** An order as lists and details answer it (fee fields only for the fee role). */
export interface TOrder {
  id: number;
  transportId: string;
  status: number;
  version: number;
  markId: number | null;
  mark: string;
  markName: string;
  topMarkId: number | null;
  topMark: string;
  isPrintPrice: string;
  busType: string;
  leftAddrId: number | null;
  leftAddrName: string;
  destAddrId: number | null;
  destAddrName: string;
  arrivedHouseId: number | null;
  arrivedHouseName: string;
  consignee: string;
  consigneeTel: string;
  consigneeAddr: string;
  shipper: string;
  shipperTel: string;
  businessNo: string;
  clientNo: string;
  expressCorp: string;
  expressNo: string;
  receivingNo: string;
  cargoName: string;
  cargoType: string;
  cargoPiece: number;
  cargoWeight: string;
  cargoVolume: string;
  volumeManual: string;
  cargoRemark: string;
  declaredValue: string | null;
  insuranceId: number | null;
  woodenFrame: string;
  orderTime: string;
  leftTime: string | null;
  preArriveTime: string | null;
  arrivedTime: string | null;
  arrivedPiece: number | null;
  arrivedWeight: string | null;
  arrivedVolume: string | null;
  trayNo: string;
  containerNo: string;
  sealNo: string;
  truckNo: string;
  signTime: string | null;
  signPerson: string;
  signPiece: number | null;
  auditStatus: number;
  billStatus: number;
  arWriteStatus: number;
  signStatus: number;
  deliveryStatus: number;
  ifException: number;
  exceptionType: string;
  exceptionDesc: string;
  exceptionStatus: number | null;
  handleRemark: string;
  printTimes: number;
  priceId: number | null;
  calPriceType: string | null;
  freightManual: string;
  remark: string;
  createBy: string;
  createTime: string;
  missing: string[];
  cargoLines?: TCargoLine[];
  /** details only: when the order entered each step (status -> ISO time), from the rows of its log */
  stepTimes?: Record<string, string>;
  // fee fields (fee role only)
  minAmount?: string | null;
  volumePrice?: string | null;
  weightPrice?: string | null;
  volumePriceAgent?: string | null;
  weightPriceAgent?: string | null;
  volWgtRate?: string | null;
  wgtVolRate?: string | null;
  feeFreightAr?: string;
  feeAgentAp?: string | null;
  feePickAr?: string;
  feeSendAr?: string;
  feePackAr?: string;
  feeUnloadAr?: string;
  feeInsuranceAr?: string;
  feeWoodenAr?: string;
  feeChacheAr?: string;
  deliveryAr?: string;
  feeReplaceAr?: string;
  feeOtherAr?: string;
  chinaFeeAr?: string;
  thFeeAr?: string;
  feeArAmount?: string;
  agentArAmount?: string | null;
  currency?: string;
  currencyRate?: string;
  rmbAmount?: string;
}

export interface TOrderLogRow {
  id: number;
  orderId: number;
  transportId: string;
  action: string;
  fromStatus: number | null;
  toStatus: number | null;
  remark: string;
  changes: TOrderFieldChange[];
  createBy: string;
  createTime: string;
}

export interface TOrderSums {
  cargoPiece: number;
  cargoWeight: string;
  cargoVolume: string;
  arrivedPiece: number;
  arrivedWeight: string;
  arrivedVolume: string;
  feeFreightAr?: string;
  feeArAmount?: string;
  rmbAmount?: string;
}

export interface TInit {
  defaults: {
    busType: string;
    cargoType: string;
    currency: string;
    leftAddrId: number | null;
    destAddrId: number | null;
    arrivedHouseId: number | null;
    orderTime: string;
  };
  transitDays: Record<string, number>;
  warehouses: { id: number; code: string; name: string; whType: string; geogId: number | null }[];
  insurances: {
    id: number;
    insuranceName: string;
    busType: string;
    isDefault: string;
    insuranceRate?: string;
    minPremium?: string | null;
  }[];
}

export interface TMarkInOrder {
  id: number;
  mark: string;
  nameZh: string;
  isAgent: string;
  clientType: string;
  topMarkId: number | null;
  topMark: string | null;
  balanceType: string;
  calPriceType: string;
  isPrintPrice: string;
  credtLimit?: string | null;
  minAmount?: string | null;
  shippingChannels: string[];
  salesName: string | null;
  serviceName: string | null;
  defaultContact?: string | null;
  defaultTel?: string | null;
}

export interface TAddress {
  id: number;
  corporation: string;
  contact: string;
  tel: string;
  addr: string;
  isDefault: string;
}

export interface TCreditWarning {
  messageKey: string;
  message: string;
  openBalance?: string;
  credtLimit?: string | null;
}

export interface TAsynAddress {
  mark: TMarkInOrder & { isSubMark: string };
  addresses: TAddress[];
  defaultAddress: TAddress | null;
  credit: { exceeded: boolean; openBalance?: string; credtLimit?: string | null } | null;
  warning?: TCreditWarning;
}

/** The price row shown in the fee section ('fetch price from price table'). */
export interface TPriceInfo {
  id: number;
  mark: string | null;
  busType: string;
  leftAddrName: string | null;
  destAddrName: string | null;
  cargoType: string;
  currency: string;
  validFromDate: string;
  validToDate: string | null;
  volumePrice: string;
  weightPrice: string;
  volumePriceAgent: string | null;
  weightPriceAgent: string | null;
  volWgtRate: string | null;
  wgtVolRate: string | null;
  minAmount: string | null;
}

export interface TPricePreview {
  found: boolean;
  isOverdue: boolean;
  scope: 'mark' | 'agent' | 'all' | null;
  noPrice: boolean;
  isSubMark: string;
  topMark: string | null;
  calPriceType: string | null;
  currency?: string;
  price?: TPriceInfo | null;
  feeFreightAr?: string;
  feeAgentAp?: string | null;
  feeInsuranceAr?: string;
  feeArAmount?: string;
  rmbAmount?: string;
  currencyRate?: string;
}

export const ORDER_DETAIL_PATH = '/bus/orderDetails';
export const ORDER_INFO_PATH = '/bus/orderInfo';
export const ORDER_EDIT_PATH = '/bus/orderEdit';

export const fetchOrder = (id: number | string) => getData<TOrder>(`/bus/inware/${id}`);
export const fetchOrderLog = (orderId: number) =>
  request.get<TableResponse<TOrderLogRow>>('/bus/busOrderLog/list', { orderId }).then((r) => r.rows);
export const fetchInit = () => postData<TInit>('/bus/inware/init', {});
export const fetchNewNo = (body: { type?: 'transportId' | 'receivingNo'; destAddrId?: number | null } = {}) =>
  postData<{ no: string; transportId?: string; receivingNo?: string }>('/bus/inware/getNo', body);
export const fetchMarkAddress = (markId: number) => postData<TAsynAddress>(`/bus/inware/asynAddress/${markId}`, {});
export const previewPrice = (order: Record<string, unknown>, config?: AxiosRequestConfig) =>
  postData<TPricePreview>('/bus/inware/reGetPrice', { order }, config);
export const fetchMarkOptions = (keyword: string) =>
  getData<TMarkInOrder[]>('/bas/mark/selectMarkInOrder', { keyword: keyword || undefined, limit: 30 });

export const addOrder = (body: Record<string, unknown>, config?: AxiosRequestConfig) =>
  request.post<
    Envelope<{ id: number; transportId: string; version: number; status: number; warning?: TCreditWarning }>
  >('/bus/inware/add', body, config);
export const editOrder = (body: Record<string, unknown>, config?: AxiosRequestConfig) =>
  postData<{ id: number; version: number }>('/bus/inware/edit', body, config);
export const setStatus = (ids: readonly number[], body: Record<string, unknown>, config?: AxiosRequestConfig) =>
  request.post<Envelope>(`/bus/inware/status/${ids.join(',')}`, body, config);
export const deleteOrders = (ids: readonly number[], config?: AxiosRequestConfig) =>
  request.post<Envelope>(`/bus/inware/delete/${ids.join(',')}`, {}, config);
export const receiveOrder = (body: Record<string, unknown>, config?: AxiosRequestConfig) =>
  postData<{
    id: number;
    version: number;
    status: number;
    arrivedPiece: number;
    arrivedWeight: string;
    arrivedVolume: string;
    pieceDiffers: boolean;
    feesBefore: { feeFreightAr?: string; feeArAmount?: string };
    feesAfter: { feeFreightAr?: string; feeArAmount?: string };
  }>('/bus/inware/arrived/update', body, config);
export const editFields = (body: Record<string, unknown>, config?: AxiosRequestConfig) =>
  request.post<Envelope>('/bus/inware/editFields', body, config);
export const orderUpdate = (body: Record<string, unknown>, config?: AxiosRequestConfig) =>
  request.post<Envelope>('/bus/audit/orderUpdate', body, config);
export const orderUpdateFee = (body: Record<string, unknown>, config?: AxiosRequestConfig) =>
  request.post<Envelope>('/bus/audit/orderUpdateFee', body, config);
export const refetchPrices = (ids: readonly number[], config?: AxiosRequestConfig) =>
  request.post<Envelope>('/bus/inware/reGetPrice', { ids }, config);
export const recalculate = (ids: readonly number[], config?: AxiosRequestConfig) =>
  request.post<Envelope>(`/bus/inware/reCal/${ids.join(',')}`, {}, config);
export const deleteCargoLine = (id: number, config?: AxiosRequestConfig) =>
  request.post<Envelope>(`/bus/cargo/delete/${id}`, {}, config);
export const findByCode = (code: string, config?: AxiosRequestConfig) =>
  postData<TOrder & { matchedBy: string; piece: number | null }>(
    `/bus/inware/selectByTransportId/${encodeURIComponent(code)}`,
    {},
    config,
  );

export function useInit() {
  return useQuery({ queryKey: inwareKeys.custom('init'), queryFn: fetchInit, staleTime: 5 * 60_000 });
}

export function useOrder(id: number | string | null | undefined) {
  return useQuery({ queryKey: inwareKeys.detail(id ?? 0), queryFn: () => fetchOrder(id!), enabled: Boolean(id) });
}

export function useOrderLog(orderId: number | undefined) {
  return useQuery({
    queryKey: inwareKeys.custom('log', orderId),
    queryFn: () => fetchOrderLog(orderId!),
    enabled: Boolean(orderId),
  });
}
