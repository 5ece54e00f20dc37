import type { RowAction, SearchField } from '../../../components/ListPage';
import { navigateTo } from '../../../lib/navigation';
import type { PermissionValue } from '../../../lib/permission';

/** The pieces the bus lists share in their search forms and row actions. */

/** A Yes / No select of a search form (the filter's value '1' or '0'). */
export const yesNoField = (name: string, label: string): SearchField => ({
  type: 'select',
  name,
  label,
  options: [
    { value: '1', label: 'bus_yes' },
    { value: '0', label: 'bus_no' },
  ],
});

/** The row's 'Details': opens the details screen `path?id=<the row's id>`, for users with `perm`. */
export const detailsAction = <Row extends { id: number }>(perm: PermissionValue, path: string): RowAction<Row> => ({
  key: 'info',
  label: 'details',
  perm,
  onClick: (r) => navigateTo(`${path}?id=${r.id}`),
});
