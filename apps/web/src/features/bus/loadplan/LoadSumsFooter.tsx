import type { ReactNode } from 'react';
import { ListSums, type TTotalItem } from '../shared/TotalItems';
import type { LoadWire } from './api';

interface TOrderFigures {
  orders?: ReactNode;
  pieces?: ReactNode;
  weight?: ReactNode;
  volume?: ReactNode;
}

/** Count, pieces, weight and volume (as received) of a set of orders: the totals the load record's screens show. */
export const orderFigures = (s: TOrderFigures, loaded?: number): TTotalItem[] => [
  { label: 'field_order_count', value: s.orders },
  ...(loaded === undefined ? [] : [{ label: 'field_loaded', value: loaded }]),
  { label: 'field_arrived_piece', value: s.pieces },
  { label: 'field_arrived_weight', value: s.weight },
  { label: 'field_arrived_volume', value: s.volume },
];

/**
 * The totals row of the load record's lists (plans, containers, tracking, a container's orders): the server's sums
 * over the whole filtered set; the money only for the fee role (the server omits it for everyone else).
 */
export function LoadSumsFooter({ sums }: { sums: Partial<LoadWire['LoadSums']> | undefined }): ReactNode {
  if (!sums) return null;
  return (
    <ListSums
      items={[
        ...orderFigures(sums),
        { label: 'field_container_fee', money: sums.containerFee },
        { label: 'field_order_ar_amount', money: sums.orderArAmount },
      ]}
    />
  );
}
