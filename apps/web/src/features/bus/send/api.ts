import { useQuery } from '@tanstack/react-query';
import type {
  TSendAddBody,
  TSendEditBody,
  TSendOrdersBody,
  TSignFailBody,
  TSignSaveBody,
  ZSendDetailAnswer,
  ZSendOptionsAnswer,
  ZSendOrderLine,
  ZSendRow,
  ZSignActionAnswer,
} from '@theone/contracts/bus/send.schemas';
import type { TWire } from '@theone/contracts/common/responses';
import type { AxiosRequestConfig } from 'axios';
import { createQueryKeys } from '../../../lib/query-keys';
import { getData, postData, request } from '../../../lib/request';
import { openLoadPdf } from '../load/api';
import { useRecord } from '../shared/use-record';

/**
 * Delivery runs and signing on the web (screens sendOrder, send, sign-list; server modules/bus/send): the run list
 * and details, the dispatch desk, the sign list, and their actions A19-A25.
 */
export const sendKeys = createQueryKeys('bus/send');
export const signKeys = createQueryKeys('bus/sign');

export type TSendRow = TWire<typeof ZSendRow>;
export type TSendLine = TWire<typeof ZSendOrderLine>;
export type TSendDetail = TWire<typeof ZSendDetailAnswer>['data'];
export type TSendOptions = TWire<typeof ZSendOptionsAnswer>['data'];
export type TSignAnswer = TWire<typeof ZSignActionAnswer>['data'];

type TRunAnswer = { id: number; sendNo: string; status: number; version: number; done: number };

export const SEND_LIST_PATH = '/bus/sendOrder';
export const SIGN_LIST_PATH = '/bus/sign-list';

export function useSendOptions(enabled = true) {
  return useQuery({
    queryKey: sendKeys.custom('options'),
    queryFn: () => getData<TSendOptions>('/bus/send/options'),
    enabled,
    staleTime: 60_000,
  });
}

export const useRunDetail = (id: number | null) =>
  useRecord(sendKeys, id, (runId) => getData<TSendDetail>(`/bus/send/${runId}`));

export const addRun = (body: Partial<TSendAddBody>) => postData<TRunAnswer>('/bus/send/add', body);
export const editRun = (body: Partial<TSendEditBody>) => postData<TRunAnswer>('/bus/send/edit', body);
export const addToRun = (id: number, body: Partial<TSendOrdersBody>, config?: AxiosRequestConfig) =>
  postData<TRunAnswer>(`/bus/send/addOrder/${id}`, body, config);
export const removeFromRun = (id: number, body: Partial<TSendOrdersBody>, config?: AxiosRequestConfig) =>
  postData<TRunAnswer>(`/bus/send/removeOrder/${id}`, body, config);
export const deleteRuns = (ids: readonly number[], config?: AxiosRequestConfig) =>
  postData<unknown>(`/bus/send/delete/${ids.join(',')}`, {}, config);
export const dispatchRuns = (ids: readonly number[], config?: AxiosRequestConfig) =>
  postData<unknown>('/bus/send/sure', { ids }, config);

export const saveSign = (body: Partial<TSignSaveBody>, config?: AxiosRequestConfig) =>
  postData<TSignAnswer>('/bus/sign/save', body, config);
export const failSign = (body: Partial<TSignFailBody>, config?: AxiosRequestConfig) =>
  postData<TSignAnswer>('/bus/sign/signFail', body, config);
export const cancelSigns = (ids: readonly number[], config?: AxiosRequestConfig) =>
  postData<TSignAnswer>(`/bus/sign/delete/${ids.join(',')}`, {}, config);

/** The proof of delivery (a photo) of an order out for delivery or signed. */
export async function uploadPod(orderId: number, file: Blob, name: string) {
  const form = new FormData();
  form.append('file', file, name);
  return request.post<unknown>(`/bus/inware/signUpload/${orderId}`, form, {
    headers: { 'Content-Type': 'multipart/form-data' },
  });
}

/** Run sheets (one section per run), Thai by default: the drivers read Thai. */
export const printRunSheets = (ids: readonly number[], lang = 'th') =>
  openLoadPdf(`/bus/send/printware/${ids.join(',')}/${lang}`);
/** One delivery note per order. */
export const printDeliveryNotes = (orderIds: readonly number[], lang = 'th') =>
  openLoadPdf(`/bus/inware/printsend/${orderIds.join(',')}/${lang}`);

/** The amounts a form sends for its orders: fee amounts only with the fee role (the server refuses them otherwise). */
export function amountsOf(
  lines: readonly {
    orderId: number;
    sendFeeAmount?: string | null;
    sendPartAmount?: string | null;
    sendOtherAmount?: string | null;
  }[],
  feeRole: boolean,
) {
  return lines.map((l) => {
    const a: Record<string, unknown> = { orderId: l.orderId, sendPartAmount: l.sendPartAmount ?? null };
    if (feeRole) {
      a.sendFeeAmount = l.sendFeeAmount ?? null;
      a.sendOtherAmount = l.sendOtherAmount ?? null;
    }
    return a as { orderId: number };
  });
}
