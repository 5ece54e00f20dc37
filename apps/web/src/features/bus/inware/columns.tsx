import { orderFieldLabelKey } from '@theone/contracts/bus/order-log';
import { firstExpressNo } from '@theone/contracts/bus/order-numbers';
import { sameFigure } from '@theone/contracts/common/money';
import { Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListColumn, SearchField } from '../../../components/ListPage';
import { columnKinds, searchKinds } from '../shared/list-parts';
import { ListSums } from '../shared/TotalItems';
import { ORDER_DETAIL_PATH, ORDER_INFO_PATH, type TOrder, type TOrderSums } from './api';

/** Columns, search fields and the totals footer shared by the order lists (screens bus-container.md §3). */

const DAY = 86_400_000;
export const daysSince = (iso: string | null | undefined) =>
  iso ? Math.max(0, Math.floor((Date.now() - new Date(iso).getTime()) / DAY)) : null;

export function Days({ since, warnAfter }: { since: string | null | undefined; warnAfter: number }) {
  const d = daysSince(since);
  if (d === null) return null;
  return <span className={d > warnAfter ? 'bus-days-late' : undefined}>{d}</span>;
}

/** Declared vs received, red when they differ. */
export function Measured({ declared, measured }: { declared: string | number; measured: string | number | null }) {
  if (measured === null || measured === undefined) return <span>{declared}</span>;
  const differs = String(declared) !== String(measured) && !sameFigure(declared, measured);
  return (
    <span>
      {declared} / <span className={differs ? 'bus-diff' : undefined}>{measured}</span>
    </span>
  );
}

/** Declared vs received of one figure (cargo<figure> / arrived<figure>). */
const measuredColumn = (
  key: string,
  title: string,
  width: number,
  figure: 'Piece' | 'Weight' | 'Volume',
): ListColumn<TOrder> => ({
  key,
  title,
  width,
  align: 'right',
  render: (_v, r) => <Measured declared={r[`cargo${figure}`]} measured={r[`arrived${figure}`]} />,
});

export const col = {
  transportId: (to: 'info' | 'details' = 'info'): ListColumn<TOrder> => ({
    key: 'transportId',
    title: 'field_transport_id',
    width: 150,
    fixed: 'left',
    sortable: true,
    render: (_v, r) => (
      <Link
        to={`${to === 'info' ? ORDER_INFO_PATH : ORDER_DETAIL_PATH}?id=${r.id}`}
        data-testid={`order-link-${r.transportId}`}
      >
        {r.transportId}
      </Link>
    ),
  }),
  status: (): ListColumn<TOrder> => ({
    key: 'status',
    title: 'field_status',
    width: 100,
    type: 'dict',
    dictType: 'order_status',
  }),
  mark: (): ListColumn<TOrder> => ({
    key: 'mark',
    title: 'field_mark',
    width: 110,
    render: (_v, r) =>
      r.mark ? (
        <Tooltip title={r.markName}>
          <span>{r.mark}</span>
          {r.topMark ? <Tag style={{ marginLeft: 4 }}>{r.topMark}</Tag> : null}
        </Tooltip>
      ) : (
        <Tag color="orange">NO MARK</Tag>
      ),
  }),
  busType: (): ListColumn<TOrder> => ({
    key: 'busType',
    title: 'field_bus_type',
    width: 100,
    type: 'dict',
    dictType: 'bus_type',
  }),
  route: (): ListColumn<TOrder> => ({
    key: 'route',
    title: 'bus_route',
    width: 140,
    render: (_v, r) => `${r.leftAddrName || '-'} → ${r.destAddrName || '-'}`,
  }),
  ...columnKinds<TOrder>(),
  num: (key: keyof TOrder & string, title: string, width = 90, sortable = false): ListColumn<TOrder> => ({
    key,
    title,
    width,
    align: 'right',
    sortable,
  }),
  express: (): ListColumn<TOrder> => ({
    key: 'expressNo',
    title: 'field_express_no',
    width: 170,
    render: (_v, r) => <Tooltip title={r.expressNo.split(',').join(', ')}>{firstExpressNo(r.expressNo)}</Tooltip>,
  }),
  money: (key: keyof TOrder & string, title: string, sortable = false): ListColumn<TOrder> => ({
    key,
    title,
    width: 120,
    type: 'money',
    fee: true,
    sortable,
    currency: (r) => r.currency,
  }),
  exception: (): ListColumn<TOrder> => ({
    key: 'ifException',
    title: 'field_if_exception',
    width: 90,
    render: (_v, r) => (r.ifException === 1 ? <Tag color="red">{r.exceptionType ? '!' : '!'}</Tag> : null),
  }),
  pieces: () => measuredColumn('pieces', 'bus_pieces_declared_received', 110, 'Piece'),
  weights: () => measuredColumn('weights', 'bus_weight_declared_received', 150, 'Weight'),
  volumes: () => measuredColumn('volumes', 'bus_volume_declared_received', 140, 'Volume'),
  /** Whole days since the row's `since` time, marked after `warnAfter` days. */
  days: (key: string, title: string, since: 'orderTime' | 'arrivedTime', warnAfter: number): ListColumn<TOrder> => ({
    key,
    title,
    width: 90,
    align: 'right',
    render: (_v, r) => <Days since={r[since]} warnAfter={warnAfter} />,
  }),
};

export const search = {
  transportId: (): SearchField => ({ type: 'numbers', name: 'transportId', label: 'field_transport_id' }),
  expressNo: (): SearchField => ({ type: 'numbers', name: 'expressNo', label: 'field_express_no' }),
  receivingNo: (): SearchField => ({ type: 'numbers', name: 'receivingNo', label: 'field_receiving_no' }),
  businessNo: (): SearchField => ({ type: 'numbers', name: 'businessNo', label: 'field_business_no' }),
  mark: (): SearchField => ({ type: 'text', name: 'mark', label: 'field_mark', placeholder: 'bus_marks_placeholder' }),
  ...searchKinds,
  /** Text search fields of order fields, each labelled with its field's name (contracts orderFieldLabelKey). */
  texts: (...names: (keyof TOrder & string)[]): SearchField[] =>
    names.map((name) => searchKinds.text(name, orderFieldLabelKey(name))),
};

/** The list's footer: the totals row of the answer's sums (received figures when `arrived`). */
export const sumsFooter =
  (arrived = false) =>
  (answer: unknown): ReactNode => (
    <SumsFooter arrived={arrived} sums={(answer as { sums?: TOrderSums } | undefined)?.sums} />
  );

/** The totals row under a list (the server's sums over the whole filtered set). */
export function SumsFooter({ sums, arrived = false }: { sums?: Partial<TOrderSums>; arrived?: boolean }): ReactNode {
  if (!sums) return null;
  return (
    <ListSums
      items={[
        { label: 'field_cargo_piece', value: arrived ? sums.arrivedPiece : sums.cargoPiece },
        { label: 'field_cargo_weight', value: arrived ? sums.arrivedWeight : sums.cargoWeight },
        { label: 'field_cargo_volume', value: arrived ? sums.arrivedVolume : sums.cargoVolume },
        { label: 'field_fee_ar_amount', money: sums.feeArAmount },
        { label: 'field_rmb_amount', money: sums.rmbAmount, currency: 'RMB' },
      ]}
    />
  );
}
