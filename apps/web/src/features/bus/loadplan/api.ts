import { useQuery } from '@tanstack/react-query';
import type { TLoadBody, TLoadPlanAddBody, TLoadPlanEditBody } from '@theone/contracts/bus/load.schemas';
import type { AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import { createQueryKeys } from '../../../lib/query-keys';
import {
  type Envelope,
  EXPORT_TIMEOUT,
  getData,
  http,
  postData,
  request,
  type TableResponse,
} from '../../../lib/request';
import type { LoadWire, TLoadAction } from '../load/api';

/**
 * The load record on the web (load plan screens, spec §7 'Load plan' and 'Load'): query keys, calls and the answer
 * types from contracts bus/load.schemas.ts (wire shapes: timestamps as ISO text, decimals as strings; fee fields
 * absent for users without the fee role).
 */
export const loadplanKeys = createQueryKeys('bus/loadplan');

/** The load record's wire types and the A13 unload call are load/api's (one record, two groups of screens). */
export { type LoadWire, type TLoadAction, unloadOrders } from '../load/api';
export type TLoadPlanInit = NonNullable<LoadWire['LoadPlanInitAnswer']['data']>;
/** The container data of the Load dialog (ZLoadBody without the orders). */
export type TContainerFields = Pick<TLoadBody, 'containerNo' | 'sealNo' | 'truckNo' | 'loadTime' | 'loadPerson'>;
/** The header of a plan as the form holds it (ZLoadPlanAddBody without orderIds; wire values). */
export type TPlanHeader = Omit<z.input<z.ZodType<TLoadPlanAddBody>>, 'orderIds'> & Record<string, unknown>;

export const LOADPLAN_LIST_PATH = '/bus/loadplanList';
export const LOADPLAN_ADD_PATH = '/bus/loadplanAdd';
export const LOADPLAN_DETAILS_PATH = '/bus/loadplanDetails';

export const fetchPlanInit = () => postData<TLoadPlanInit>('/bus/loadplan/init', {});
export const fetchPlan = (id: number | string) => getData<LoadWire['LoadDetail']>(`/bus/loadplan/${id}`);
export const fetchPlans = (params: Record<string, unknown>) =>
  request.get<TableResponse<LoadWire['LoadRow']>>('/bus/loadplan/list', params);

export const addPlan = (
  body: Omit<TLoadPlanAddBody, 'currency'> & { currency?: string },
  config?: AxiosRequestConfig,
) => postData<TLoadAction>('/bus/loadplan/add', body, config);
export const editPlan = (
  body: Omit<TLoadPlanEditBody, 'currency'> & { currency?: string },
  config?: AxiosRequestConfig,
) => postData<TLoadAction>('/bus/loadplan/edit', body, config);
export const deletePlans = (ids: readonly number[], config?: AxiosRequestConfig) =>
  request.post<Envelope>(`/bus/loadplan/delete/${ids.join(',')}`, {}, config);
export const addPlanOrders = (id: number, orderIds: readonly number[], config?: AxiosRequestConfig) =>
  postData<TLoadAction>(`/bus/loadplan/addOrder/${id}`, { orderIds }, config);
export const removePlanOrders = (id: number, orderIds: readonly number[], config?: AxiosRequestConfig) =>
  postData<TLoadAction>(`/bus/loadplan/removeOrder/${id}`, { orderIds }, config);

/** A12: load the ticked orders (`orderIds`), one scanned `code`, or (neither) every planned order of the load. */
export const loadOrders = (
  id: number,
  body: TContainerFields & { orderIds?: readonly number[]; code?: string },
  config?: AxiosRequestConfig,
) => postData<TLoadAction>(`/bus/load/addOrder/${id}`, body, config);

/** The load's photos: attach uploaded images under a kind, or take one off; both answer the load's photos. */
export const addLoadFiles = (loadId: number, kind: string, fileIds: readonly string[]) =>
  postData<LoadWire['LoadFileRow'][]>('/bus/load/files/add', { loadId, kind, fileIds });
export const deleteLoadFile = (id: number) => postData<LoadWire['LoadFileRow'][]>(`/bus/load/files/delete/${id}`, {});

export function usePlan(id: number | string | null | undefined) {
  return useQuery({
    queryKey: loadplanKeys.detail(id ?? 0),
    queryFn: () => fetchPlan(id!),
    enabled: Boolean(id),
  });
}

export function usePlanInit() {
  return useQuery({ queryKey: loadplanKeys.custom('init'), queryFn: fetchPlanInit, staleTime: 60_000 });
}

/** `load/print/{id}`: the loading list PDF of a load (in the UI language), opened in a new tab. */
export async function printLoadingList(id: number): Promise<boolean> {
  const win = window.open('', '_blank');
  try {
    const response = await http.post<Blob>(`/bus/load/print/${id}`, undefined, {
      responseType: 'blob',
      timeout: EXPORT_TIMEOUT,
    });
    const url = URL.createObjectURL(new Blob([response.data], { type: 'application/pdf' }));
    setTimeout(() => URL.revokeObjectURL(url), 5 * 60_000);
    if (win && !win.closed) win.location.href = url;
    else window.open(url, '_blank');
    return true;
  } catch {
    win?.close();
    return false;
  }
}
