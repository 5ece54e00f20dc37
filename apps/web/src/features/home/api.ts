import { useQuery } from '@tanstack/react-query';
import { createQueryKeys } from '../../lib/query-keys';
import { getData } from '../../lib/request';
import { useLanguage } from '../../lib/use-language';

/**
 * GET /bus/index (server apps/server/src/modules/home): the dashboard in the caller's data scope. A card is in
 * `counts` only when the user can open its list; `chart` is null for users without an order screen,
 * `arrivingContainers` null for users without a tracking or arrival screen.
 */
export interface THomeCounts {
  todayOrders: number;
  yesterdayOrders: number;
  waitingInput: number;
  waitingLoad: number;
  /** m³, 3 decimals */
  waitingLoadVolume: string;
  /** loads loaded, waiting for departure (L2) */
  waitingDeparture: number;
  noMark: number;
  waitingSettlement: number;
  waitingSign: number;
  problemItems: number;
  /** a driver's orders out on their own runs (only for drivers) */
  myDeliveries?: number;
}

export interface THomeChart {
  days: string[];
  orders: number[];
  weight: string[];
  volume: string[];
}

export interface TArrivingContainer {
  loadId: number;
  loadNo: string;
  containerNo: string;
  busType: string;
  leftAddrName: string;
  destAddrName: string;
  vesselName: string;
  voyageNo: string;
  truckNo: string;
  etaDate: string;
  trackStatus: string;
  trackTime: string | null;
  orders: number;
  pieces: number;
  volume: string;
  arriveStatus: number | null;
  arriveId: number | null;
}

export interface THome {
  /** today in the business time zone, 'YYYY-MM-DD' */
  day: string;
  counts: Partial<THomeCounts>;
  chart: THomeChart | null;
  arrivingContainers: TArrivingContainer[] | null;
}

export const homeKeys = createQueryKeys('home');

/** Auto-refresh every 5 minutes (screens §2). */
export const HOME_REFRESH_MS = 5 * 60_000;

export function useHome() {
  const language = useLanguage();
  return useQuery({
    queryKey: homeKeys.custom('index', language),
    queryFn: () => getData<THome>('/bus/index'),
    refetchInterval: HOME_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 30_000,
  });
}
