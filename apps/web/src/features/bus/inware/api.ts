import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ZCreditWarning,
  ZNewNumber,
  ZOrderAdded,
  ZOrderCargoLine,
  ZOrderDetail,
  ZOrderEdited,
  ZOrderInit,
  ZOrderLogRow,
  ZOrderMarkLookup,
  ZOrderReceived,
  ZOrderRow,
  ZOrderScan,
  ZOrderSums,
} from '@theone/contracts/bus/order.responses';
import type { TWire } from '@theone/contracts/common/responses';
import type { AxiosRequestConfig } from 'axios';
import { createQueryKeys } from '../../../lib/query-keys';
import { type Envelope, getData, postData, request, type TableResponse } from '../../../lib/request';

/**
 * Inbound orders on the web (spec §7 'Inware'): query keys, the calls of the order screens and their answers'
 * types, taken from the server's response contracts (contracts bus/order.responses.ts, wire shapes: timestamps as
 * ISO text). Money, weights and volumes are decimal strings; sums on the screens use contracts' Money.
 */
export const inwareKeys = createQueryKeys('bus/inware');

/** Refetch every order query (the lists, the records) after a change. */
export function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: inwareKeys.all });
}

/** A cargo line of an order as the details answer it (contracts ZOrderCargoLine). */
export type TCargoLine = TWire<typeof ZOrderCargoLine>;

/**
 * An order as lists and details answer it (contracts ZOrderDetail; fee fields only for the fee role). List rows
 * (ZOrderRow) carry a subset of these columns; the details add the cargo lines and when the order entered each
 * step (stepTimes: status -> ISO time, from the rows of its log).
 */
export type TOrder = Omit<TWire<typeof ZOrderDetail>, 'cargoLines' | 'stepTimes' | 'isSubMark'> &
  Partial<Pick<TWire<typeof ZOrderDetail>, 'cargoLines' | 'stepTimes' | 'isSubMark'>>;
/** An order row of the lists (contracts ZOrderRow). */
export type TOrderRow = TWire<typeof ZOrderRow>;
/** A row of an order's log (contracts ZOrderLogRow). */
export type TOrderLogRow = TWire<typeof ZOrderLogRow>;
/** Count and sums of a list's filtered set (fee sums for the fee role only). */
export type TOrderSums = TWire<typeof ZOrderSums>;
/** The order form's defaults and options (`inware/init`). */
export type TInit = TWire<typeof ZOrderInit>;

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

export type TCreditWarning = TWire<typeof ZCreditWarning>;

/** `inware/asynAddress/{markId}`: the picked mark, its addresses and credit status (contracts ZOrderMarkLookup). */
export type TAsynAddress = TWire<typeof ZOrderMarkLookup>;
/** A consignee address of a mark. */
export type TAddress = TAsynAddress['addresses'][number];

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
  postData<TWire<typeof ZNewNumber>>('/bus/inware/getNo', body);
export const fetchMarkAddress = (markId: number) => postData<TAsynAddress>(`/bus/inware/asynAddress/${markId}`, {});
export const previewPrice = (order: Record<string, unknown>, config?: AxiosRequestConfig) =>
  postData<TPricePreview>('/bus/inware/reGetPrice', { order }, config);
export const fetchMarkOptions = (keyword: string) =>
  getData<TMarkInOrder[]>('/bas/mark/selectMarkInOrder', { keyword: keyword || undefined, limit: 30 });

export const addOrder = (body: Record<string, unknown>, config?: AxiosRequestConfig) =>
  request.post<Envelope<TWire<typeof ZOrderAdded>>>('/bus/inware/add', body, config);
export const editOrder = (body: Record<string, unknown>, config?: AxiosRequestConfig) =>
  postData<TWire<typeof ZOrderEdited>>('/bus/inware/edit', body, config);
export const setStatus = (ids: readonly number[], body: Record<string, unknown>, config?: AxiosRequestConfig) =>
  request.post<Envelope>(`/bus/inware/status/${ids.join(',')}`, body, config);
export const deleteOrders = (ids: readonly number[], config?: AxiosRequestConfig) =>
  request.post<Envelope>(`/bus/inware/delete/${ids.join(',')}`, {}, config);
export const receiveOrder = (body: Record<string, unknown>, config?: AxiosRequestConfig) =>
  postData<TWire<typeof ZOrderReceived>>('/bus/inware/arrived/update', body, config);
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
  postData<TWire<typeof ZOrderScan>>(`/bus/inware/selectByTransportId/${encodeURIComponent(code)}`, {}, config);

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
