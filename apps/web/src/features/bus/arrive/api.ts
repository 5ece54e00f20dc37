import type * as ArriveSchemas from '@theone/contracts/bus/arrive.schemas';
import type { AxiosRequestConfig } from 'axios';
import { createQueryKeys } from '../../../lib/query-keys';
import { EXPORT_TIMEOUT, getData, http, postData } from '../../../lib/request';
import { useRecord } from '../shared/use-record';
import type { WireTypes } from '../shared/wire-types';

/**
 * Container pick-up and the overseas warehouse on the web (screens arriveList, arriveDetails, arriveOrder; spec §7
 * 'Arrive'): query keys, calls and the answers' wire types (contracts bus/arrive.schemas.ts).
 */
export const arriveKeys = createQueryKeys('bus/arrive');

/** The answers' wire types by schema name: ArriveWire['ArriveRow'], ['ArriveDetail'], ['ArriveAction'], ... */
export type ArriveWire = WireTypes<typeof ArriveSchemas>;

export const ARRIVE_LIST_PATH = '/bus/arriveList';
export const ARRIVE_DETAIL_PATH = '/bus/arriveDetails';
export const ARRIVE_ORDER_PATH = '/bus/arriveOrder';

export const fetchArrive = (id: number) => getData<ArriveWire['ArriveDetail']>(`/bus/arrive/${id}`);

export const useArrive = (id: number | null) => useRecord(arriveKeys, id, fetchArrive);

/** Register (or correct) the pick-up: P0 -> P1. */
export const editArrive = (body: ArriveSchemas.TArriveEditBody, config?: AxiosRequestConfig) =>
  postData<ArriveWire['ArriveAction']>('/bus/arrive/edit', body, config);

/** A17: a whole container (`arriveId`), ticked orders (`orderIds`) or one scanned code. */
export const sureArrive = (body: Partial<ArriveSchemas.TArriveSureBody>, config?: AxiosRequestConfig) =>
  postData<ArriveWire['ArriveAction']>('/bus/arrive/sure', body, config);

/** A18: ticked orders, or every arrived order of the container. */
export const cancelArrive = (id: number, body: ArriveSchemas.TArriveCancelBody, config?: AxiosRequestConfig) =>
  postData<ArriveWire['ArriveAction']>(`/bus/arrive/cancel/${id}`, body, config);

/** Clears the pick-up registration back to P0 (nothing arrived yet). */
export const deleteArrive = (id: number, config?: AxiosRequestConfig) =>
  postData<ArriveWire['ArriveAction']>(`/bus/arrive/delete/${id}`, {}, config);

/** The overseas shelf of S6 orders. */
export const setLocation = (body: ArriveSchemas.TArriveLocationBody, config?: AxiosRequestConfig) =>
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
