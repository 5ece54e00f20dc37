import { useQuery } from '@tanstack/react-query';
import type * as TrackSchemas from '@theone/contracts/bus/load.schemas';
import type { AxiosRequestConfig } from 'axios';
import { createQueryKeys } from '../../../lib/query-keys';
import { getData, postData, request, type TableResponse } from '../../../lib/request';
import type { LoadWire } from '../load/api';
import { useRecord } from '../shared/use-record';

/**
 * A container's journey on the web (screens §3 track-list, track-details; spec §7 'Track'): departure (A15),
 * cancel departure (A16), manual milestones, ETA changes and the messages on a milestone; the order's journey
 * for customer service (`inware/selectOrdersHasTrackByTransportIdPages`).
 */
export const trackKeys = createQueryKeys('bus/track');

/** The track answers' wire types are the load schemas' (LoadWire, contracts bus/load.schemas.ts). */
export type TTrackRow = LoadWire['TrackRow'];
export type TMilestone = LoadWire['TrackDetailRow'];
export type TTrackMessage = LoadWire['TrackMessageRow'];
export type TOrderJourney = LoadWire['OrderJourneyRow'];

export const TRACK_DETAIL_PATH = '/bus/track-details';

export const fetchTrack = (loadId: number) => getData<TTrackRow>(`/bus/track/${loadId}`);
/** The load's milestones, automatic and manual. */
export const fetchMilestones = (loadId: number) => getData<TMilestone[]>(`/bus/track/detail/${loadId}`);

export const useTrack = (loadId: number | null) => useRecord(trackKeys, loadId, fetchTrack);

export function useMilestones(loadId: number | null | undefined) {
  return useQuery({
    queryKey: trackKeys.custom('milestones', loadId ?? 0),
    queryFn: () => fetchMilestones(loadId as number),
    enabled: typeof loadId === 'number' && loadId > 0,
  });
}

/** A15 confirm departure of one or several loads. */
export const confirmDeparture = (body: TrackSchemas.TTrackSaveBody, config?: AxiosRequestConfig) =>
  postData<unknown>('/bus/track/save', body, config);

/** Deletes a manual milestone, or (the automatic 'departed' one) cancels the departure (A16). */
export const deleteMilestone = (id: number, config?: AxiosRequestConfig) =>
  postData<unknown>(`/bus/track/delete/${id}`, {}, config);

/** A manual milestone on one or several loads. */
export const addMilestone = (body: TrackSchemas.TTrackDetailBody) => postData<unknown>('/bus/track/saveDetail', body);

export const editMilestone = (body: TrackSchemas.TTrackEditBody) => postData<unknown>('/bus/track/edit', body);

/** The loads' ETA and every order's expected arrival (spec spelling 'upate'). */
export const changeEta = (body: TrackSchemas.TTrackEtaBody) => postData<unknown>('/bus/track/upatePreArriveTime', body);

export const fetchMessages = (trackId: number) => postData<TTrackMessage[]>(`/bus/track/listMessage/${trackId}`, {});

export const sendMessage = (body: TrackSchemas.TTrackMessageBody) => postData<unknown>('/bus/track/saveMessage', body);

/** The orders matching a waybill number with their container and milestones. */
export const fetchOrderJourney = (transportId: string) =>
  request.post<TableResponse<TOrderJourney>>(
    `/bus/inware/selectOrdersHasTrackByTransportIdPages/${encodeURIComponent(transportId)}`,
    { pageNum: 1, pageSize: 10 },
  );

export function useOrderJourney(transportId: string | undefined) {
  return useQuery({
    queryKey: trackKeys.custom('journey', transportId ?? ''),
    queryFn: () => fetchOrderJourney(transportId as string),
    enabled: Boolean(transportId),
  });
}
