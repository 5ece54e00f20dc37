import type { DetailItem } from '../../../components/DetailView';
import { formatDateTime } from '../../../lib/format';

/**
 * The items the container screens' headers share (DetailView items of loadDetails, track-details, arriveDetails):
 * the container, seal and truck numbers, the transport mode and the route of a load.
 */

/** 'MSCU1234565', a truck's plate or 'LD2611230001': how a load (a container record) is named on screens and in prompts. */
export const containerName = (r: { containerNo?: string | null; truckNo?: string | null; loadNo: string }) =>
  r.containerNo || r.truckNo || r.loadNo;

/** A time in the business zone, '-' when there is none. */
export const timeOrDash = (v: unknown) => formatDateTime(v as string) || '-';

interface TRouteRecord {
  leftAddrName?: string | null;
  destAddrName?: string | null;
}

/** The container, seal and truck numbers. */
export const CONTAINER_NO_ITEMS: DetailItem<unknown>[] = [
  { name: 'containerNo', label: 'field_container_no' },
  { name: 'sealNo', label: 'field_seal_no' },
  { name: 'truckNo', label: 'field_truck_no' },
];

export const BUS_TYPE_ITEM: DetailItem<unknown> = {
  name: 'busType',
  label: 'field_bus_type',
  type: 'dict',
  dictType: 'bus_type',
};

/** 'Bangkok → Vientiane': the load's departure and destination places. */
export const ROUTE_ITEM: DetailItem<TRouteRecord> = {
  name: 'route',
  label: 'bus_route',
  render: (_v, r) => `${r.leftAddrName || '-'} → ${r.destAddrName || '-'}`,
};
