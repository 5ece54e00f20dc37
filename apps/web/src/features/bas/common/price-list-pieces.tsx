import type { ListColumn, SearchField } from '../../../components/ListPage';
import { GeogFilterSelect, ValidityTag } from './selects';

/** What the freight and container price lists share: the route filters and the validity columns. */

/** Origin and destination, each chosen from its place list. */
export const routeFilters = [
  { type: 'custom', name: 'leftAddrId', label: 'field_left_addr', render: () => <GeogFilterSelect orgId={1} /> },
  { type: 'custom', name: 'destAddrId', label: 'field_dest_addr', render: () => <GeogFilterSelect orgId={2} /> },
] as const satisfies SearchField[];

/** Valid from and to (both sortable) and the validity tag (`tagWidth` wide). */
export const validityColumns = <Row extends { isOverdue: string; validToDate: string | null }>(
  tagWidth: number,
): ListColumn<Row>[] => [
  { key: 'validFromDate', title: 'field_valid_from', sortable: true, width: 120 },
  { key: 'validToDate', title: 'field_valid_to', sortable: true, width: 120 },
  {
    key: 'isOverdue',
    title: 'field_is_overdue',
    width: tagWidth,
    render: (_, r) => <ValidityTag isOverdue={r.isOverdue} validToDate={r.validToDate} />,
  },
];
