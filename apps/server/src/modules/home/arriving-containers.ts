import type { TLanguage } from '@theone/contracts';
import type { TArrivingContainer } from '@theone/contracts/bus/home.responses';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { DbOrTx } from '../../platform/db/database';
import { addDays, formatDateTime, parseBusinessTime } from '../../platform/time';
import { arrivingLoads } from '../bus/load/track.read';

/**
 * Today's arriving containers on the home page (DOMAIN §8, screens bus-container.md §2 'Home'): the loads
 * (containers or trucks) in transit (L3) whose etaDate falls on the given business day, in the caller's data scope
 * (the load scope of the tracking screens: a sales person sees containers holding their customers' orders), with
 * the latest milestone, their (the caller's) orders, pieces and volume, and the arrive record for the link.
 * The query is the bus module's (bus/load/track.read.ts `arrivingLoads`): home reads no bus table. At most 200.
 */
export async function listArrivingContainers(
  db: DbOrTx,
  auth: AuthContext,
  day: string,
  options: { timezone: string; lang: TLanguage },
): Promise<TArrivingContainer[]> {
  const { timezone, lang } = options;
  const from = parseBusinessTime(`${day} 00:00:00`, timezone)!;
  const to = parseBusinessTime(`${addDays(day, 1)} 00:00:00`, timezone)!;
  const rows = await arrivingLoads({ db, auth, lang, timezone }, { from, to });
  return rows.map((r) => ({
    loadId: r.id,
    loadNo: r.loadNo,
    containerNo: r.containerNo,
    busType: r.busType,
    leftAddrName: r.leftAddrName,
    destAddrName: r.destAddrName,
    vesselName: r.vesselName,
    voyageNo: r.voyageNo,
    truckNo: r.truckNo,
    etaDate: r.etaDate ? formatDateTime(r.etaDate, timezone) : '',
    trackStatus: r.trackStatus ?? '',
    trackTime: r.trackTime ? formatDateTime(r.trackTime, timezone) : null,
    orders: r.orderCount,
    pieces: r.pieces,
    volume: r.volume,
    arriveStatus: r.arrive?.status ?? null,
    arriveId: r.arrive?.id ?? null,
  }));
}
