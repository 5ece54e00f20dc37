import type * as LoadSchemas from '@theone/contracts/bus/load.schemas';
import type { TLoadNotesPreview } from '@theone/contracts/bus/load-notes.schemas';
import type { AxiosRequestConfig } from 'axios';
import { currentLanguage } from '../../../lib/i18n';
import type { Language } from '../../../lib/languages';
import { createQueryKeys } from '../../../lib/query-keys';
import { getData, postData, request, type TableResponse } from '../../../lib/request';
import { openPdf } from '../print/print-api';
import { useRecord } from '../shared/use-record';
import type { WireTypes } from '../shared/wire-types';

/**
 * The load record seen as a container (screens bus-container.md §3 loadList, loadDetails; spec §7 'Load'):
 * query keys, calls and the answers' wire types (contracts bus/load.schemas.ts). Money, weights and volumes are
 * decimal strings; fee fields are absent for users without the fee role.
 */
export const loadKeys = createQueryKeys('bus/load');

/**
 * The answers' wire types by schema name (load, load plan and track schemas): LoadWire['LoadRow'], ['LoadDetail'],
 * ['LoadOrderRow'], ['LoadMarkSummary'], ['TrackRow'], ...
 */
export type LoadWire = WireTypes<typeof LoadSchemas>;
/** What the load's actions answer. */
export type TLoadAction = NonNullable<LoadWire['LoadActionAnswer']['data']>;

export const LOAD_DETAIL_PATH = '/bus/loadDetails';
export const LOAD_LIST_PATH = '/bus/loadList';

export const fetchLoad = (id: number | string) => getData<LoadWire['LoadDetail']>(`/bus/load/${id}`);

export const useLoad = (id: number | null) => useRecord(loadKeys, id, fetchLoad);

/** `load/detail/{id}`: the load's orders, paged and filtered. */
export const fetchLoadOrders = (id: number, params: Record<string, unknown>) =>
  request.post<TableResponse<LoadWire['LoadOrderRow']>>(`/bus/load/detail/${id}`, params);

export const editLoad = (body: LoadSchemas.TLoadEditBody) => postData<TLoadAction>('/bus/load/edit', body);

/** A14 cancel loading (comma-separated ids, all or nothing). */
export const cancelLoading = (ids: readonly number[], config?: AxiosRequestConfig) =>
  postData<unknown>(`/bus/load/delete/${ids.join(',')}`, {}, config);

/** A13 unload ticked orders (S4 -> S3). */
export const unloadOrders = (id: number, orderIds: readonly number[], config?: AxiosRequestConfig) =>
  postData<TLoadAction>(`/bus/load/removeOrder/${id}`, { orderIds }, config);

/** The manifest per mark (customs broker, overseas team) and the container bill [fee]: `.xlsx` of one load. */
export const EXPORT_INFO_URL = '/bus/load/exportLoadInfo';
export const EXPORT_BILL_URL = '/bus/load/exportLoadBill';
export const EXPORT_URL = '/bus/load/export';

/** Paths of the loading list PDFs: one load, or several ticked ones in a template language. */
export const printLoadPath = (id: number) => `/bus/load/print/${id}`;
export const printAllPath = (ids: readonly number[], lang: Language = currentLanguage()) =>
  `/bus/load/printAll/${ids.join(',')}/${lang}`;

/** POSTs a print call of the load module and shows the PDF in a new tab (print-api's openPdf). */
export const openLoadPdf = (path: string, body?: unknown) => openPdf(path, body);

/** The delivery notes of a container's orders (L4/L5): what each note says, then the PDF of the ticked ones. */
export const previewLoadNotes = (loadId: number) => postData<TLoadNotesPreview>('/bus/load/previewSend', { loadId });
export const LOAD_NOTES_PRINT_URL = '/bus/load/printSend';
