import type { AxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListColumn, ListContext, RowAction, SearchField, ToolbarButton } from '../../../components/ListPage';
import type { StateActionOptions } from '../../../components/state-action';
import { navigateTo } from '../../../lib/navigation';
import type { PermissionValue } from '../../../lib/permission';
import { GeogFilterSelect } from '../../bas/common/selects';

/** The pieces the bus lists share in their search forms and row actions. */

/** A select of a search form offering `options`: [the filter's value, its label (a translation key)]. */
export const selectField = (name: string, label: string, options: readonly [string, string][]): SearchField => ({
  type: 'select',
  name,
  label,
  options: options.map(([value, text]) => ({ value, label: text })),
});

/** A Yes / No select of a search form (the filter's value '1' or '0'). */
export const yesNoField = (name: string, label: string): SearchField =>
  selectField(name, label, [
    ['1', 'bus_yes'],
    ['0', 'bus_no'],
  ]);

/**
 * A toolbar button acting on the ticked rows (one or more; none ticked: 'Please select data first'), for users with
 * `perm`; `more`: primary or danger.
 */
export const tickedButton = <Row,>(
  key: string,
  label: string,
  perm: PermissionValue,
  act: (rows: Row[], ctx: ListContext<Row>) => unknown,
  more: Pick<ToolbarButton<Row>, 'type' | 'danger'> = {},
): ToolbarButton<Row> => ({
  key,
  label,
  perm,
  ...more,
  selection: 'multiple',
  onClick: (ctx) => act(ctx.selectedRows, ctx),
});

/**
 * The row's 'Delete', offered while `allowed(row)`: P-delete, then `remove` with its id; `more`: a check and the
 * row's name for a refusal.
 */
export const deleteRowAction = <Row extends { id: number }>(
  perm: PermissionValue,
  allowed: (r: Row) => boolean,
  remove: (ids: number[], config: AxiosRequestConfig) => Promise<unknown>,
  more: Pick<StateActionOptions<Row>, 'check' | 'rowLabel'> = {},
): RowAction<Row> => ({
  key: 'delete',
  label: 'delete',
  perm,
  danger: true,
  hidden: (r) => !allowed(r),
  onClick: (r, ctx) =>
    ctx.runAction({
      rows: [r],
      ...more,
      confirm: 'confirm_delete',
      danger: true,
      run: (rows, config) =>
        remove(
          rows.map((x) => x.id),
          config,
        ),
    }),
});

/** The row's 'Details': opens the details screen `path?id=<the row's id>`, for users with `perm`. */
export const detailsAction = <Row extends { id: number }>(perm: PermissionValue, path: string): RowAction<Row> => ({
  key: 'info',
  label: 'details',
  perm,
  onClick: (r) => navigateTo(`${path}?id=${r.id}`),
});

/**
 * A column showing the row's `key` (a load number, a waybill) as the link to its details screen (`path?id=<the
 * row's id>`); the link's test id is `<testPrefix>-<the value>`. `more`: fixed, sortable...
 */
export const detailsLinkColumn = <R extends { id: number }>(
  key: keyof R & string,
  title: string,
  width: number,
  path: string,
  testPrefix: string,
  more: Partial<ListColumn<R>> = {},
): ListColumn<R> => ({
  key,
  title,
  width,
  ...more,
  render: (_v, r) => (
    <Link to={`${path}?id=${r.id}`} data-testid={`${testPrefix}-${r[key]}`}>
      {r[key] as ReactNode}
    </Link>
  ),
});

/** A right-aligned column of figures, each cell `cell(row)`. */
const figureColumn = <R,>(key: string, title: string, width: number, cell: (r: R) => ReactNode): ListColumn<R> => ({
  key,
  title,
  width,
  align: 'right',
  render: (_v, r) => cell(r),
});

/** A 'done / all' count of a row (orders in, pieces scanned): `count(row)` gives both and the cell's test id. */
export const countOfColumn = <R,>(
  key: string,
  title: string,
  count: (r: R) => [done: ReactNode, all: ReactNode, testId: string],
): ListColumn<R> =>
  figureColumn(key, title, 100, (r) => {
    const [done, all, testId] = count(r);
    return (
      <span data-testid={testId}>
        {done} / {all}
      </span>
    );
  });

/** A number of days ('-' when there is none), marked with `warnClass` beyond `limit` days. */
export const daysColumn = <R,>(
  key: keyof R & string,
  title: string,
  limit: number,
  warnClass: string,
  testId?: (r: R) => string,
): ListColumn<R> =>
  figureColumn(key, title, 90, (r) => {
    const days = r[key] as number | null;
    return days === null ? (
      '-'
    ) : (
      <span className={days > limit ? warnClass : undefined} data-testid={testId?.(r)}>
        {days}
      </span>
    );
  });

/** The plain column kinds of a list of `R` rows: a text, a dictionary label, a time in the business zone. */
export function columnKinds<R>() {
  return {
    text: (key: keyof R & string, title: string, width = 120, defaultHidden = false): ListColumn<R> => ({
      key,
      title,
      width,
      defaultHidden,
    }),
    dict: (key: keyof R & string, title: string, dictType: string, width = 100): ListColumn<R> => ({
      key,
      title,
      width,
      type: 'dict',
      dictType,
    }),
    time: (key: keyof R & string, title: string, sortable = false, defaultHidden = false): ListColumn<R> => ({
      key,
      title,
      width: 160,
      type: 'datetime',
      sortable,
      defaultHidden,
    }),
  };
}

/** The search field kinds the order and container lists share. */
export const searchKinds = {
  containerNo: (): SearchField => ({ type: 'numbers', name: 'containerNo', label: 'field_container_no' }),
  text: (name: string, label: string): SearchField => ({ type: 'text', name, label }),
  dict: (name: string, label: string, dictType: string, multiple = false): SearchField => ({
    type: 'dict',
    name,
    label,
    dictType,
    multiple,
  }),
  /** The departure or destination place (geography of the sending or receiving organisation). */
  geog: (name: 'leftAddrId' | 'destAddrId', orgId: 1 | 2): SearchField => ({
    type: 'custom',
    name,
    label: name === 'leftAddrId' ? 'field_left_addr_id' : 'field_dest_addr_id',
    render: () => <GeogFilterSelect orgId={orgId} />,
  }),
  /** A date range; with `suffix` its ends are sent as begin<suffix> and end<suffix>. */
  range: (name: string, label: string, suffix?: string): SearchField =>
    suffix
      ? { type: 'dateRange', name, label, begin: `begin${suffix}`, end: `end${suffix}` }
      : { type: 'dateRange', name, label },
};
