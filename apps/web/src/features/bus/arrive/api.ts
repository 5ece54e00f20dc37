import type {
  TArriveCancelBody,
  TArriveEditBody,
  TArriveLocationBody,
  TArriveSureBody,
  ZArriveAction,
  ZArriveDetail,
  ZArriveOrderRow,
  ZArriveOrderSums,
  ZArriveRow,
  ZArriveSums,
} from '@theone/contracts/bus/arrive.schemas';
import type { TWire } from '@theone/contracts/common/responses';
import type { AxiosRequestConfig } from 'axios';
import { createQueryKeys } from '../../../lib/query-keys';
import { EXPORT_TIMEOUT, getData, http, postData } from '../../../lib/request';
import { useRecord } from '../shared/use-record';

/**
 * Container pick-up and the overseas warehouse on the web (screens arriveList, arriveDetails, arriveOrder; spec §7
 * 'Arrive'): query keys, calls and the answers' wire types (contracts bus/arrive.schemas.ts).
 */
export const arriveKeys = createQueryKeys('bus/arrive');

export type TArriveRow = TWire<typeof ZArriveRow>;
export type TArriveSums = TWire<typeof ZArriveSums>;
export type TArriveDetail = TWire<typeof ZArriveDetail>;
export type TArriveOrderRow = TWire<typeof ZArriveOrderRow>;
export type TArriveOrderSums = TWire<typeof ZArriveOrderSums>;
export type TArriveAction = TWire<typeof ZArriveAction>;

export const ARRIVE_LIST_PATH = '/bus/arriveList';
export const ARRIVE_DETAIL_PATH = '/bus/arriveDetails';
export const ARRIVE_ORDER_PATH = '/bus/arriveOrder';

export const fetchArrive = (id: number) => getData<TArriveDetail>(`/bus/arrive/${id}`);

export const useArrive = (id: number | null) => useRecord(arriveKeys, id, fetchArrive);

/** Register (or correct) the pick-up: P0 -> P1. */
export const editArrive = (body: TArriveEditBody, config?: AxiosRequestConfig) =>
  postData<TArriveAction>('/bus/arrive/edit', body, config);

/** A17: a whole container (`arriveId`), ticked orders (`orderIds`) or one scanned code. */
export const sureArrive = (body: Partial<TArriveSureBody>, config?: AxiosRequestConfig) =>
  postData<TArriveAction>('/bus/arrive/sure', body, config);

/** A18: ticked orders, or every arrived order of the container. */
export const cancelArrive = (id: number, body: TArriveCancelBody, config?: AxiosRequestConfig) =>
  postData<TArriveAction>(`/bus/arrive/cancel/${id}`, body, config);

/** Clears the pick-up registration back to P0 (nothing arrived yet). */
export const deleteArrive = (id: number, config?: AxiosRequestConfig) =>
  postData<TArriveAction>(`/bus/arrive/delete/${id}`, {}, config);

/** The overseas shelf of S6 orders. */
export const setLocation = (body: TArriveLocationBody, config?: AxiosRequestConfig) =>
  postData<{ done: number }>('/bus/arrive/location', body, config);

/** Order labels printed in Thai whatever the clerk's language (the overseas warehouse relabels cartons). */
export async function printThaiLabels(ids: readonly number[]): Promise<Blob> {
  const response = await http.post<Blob>(
    `/bus/inware/printbar/${ids.length <= 25 ? ids.join(',') : '0'}`,
    ids.length <= 25 ? undefined : { ids },
    {
      responseType: 'blob',
      timeout: EXPORT_TIMEOUT,
      headers: { 'Accept-Language': 'th' },
    },
  );
  return new Blob([response.data], { type: 'application/pdf' });
}
