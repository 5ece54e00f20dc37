import type { AuthContext } from '../../platform/auth/auth-context';
import type { DbOrTx } from '../../platform/db/database';

/**
 * Today's arriving containers on the home page (DOMAIN §8, screens bus-container.md §2 'Home'): the loads
 * (containers or trucks) whose etaDate is the given business day, with their latest milestone and totals.
 *
 * PLACEHOLDER: there is no load/container table yet. The container module (load plans, loads, tracking, arrival)
 * replaces the body of `listArrivingContainers` with its query (data scope as for its own lists) and keeps this
 * signature; the home route, its response field `arrivingContainers` and the home page's table already use it.
 * Until then it returns an empty list and the page shows 'No container due today'.
 */
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
  /** 'YYYY-MM-DD' */
  etaDate: string;
  /** latest milestone (track_status dictionary value) and its time, '' / null when none */
  trackStatus: string;
  trackTime: string | null;
  orders: number;
  pieces: number;
  /** m³, 3 decimals */
  volume: string;
  /** arrive (pick-up) record status P0..P3, null before departure */
  arriveStatus: number | null;
  /** the arrive record, for the arriveDetails link */
  arriveId: number | null;
}

export async function listArrivingContainers(
  _db: DbOrTx,
  _auth: AuthContext,
  _day: string,
): Promise<TArrivingContainer[]> {
  return [];
}
