import type { TableProps } from 'antd';
import type { Key, ReactElement, ReactNode } from 'react';
import type { PermissionValue } from '../../lib/permission';
import type { TableResponse } from '../../lib/request';
import type { StateActionOptions } from '../state-action';

/** Public types of <ListPage> (see ListPage.tsx for the whole contract). */

/** A table column. `title` is a translation key; `key` is the row field unless `render` says otherwise. */
export interface ListColumn<Row> {
  key: string;
  title: string;
  /** Field to read; default `key`. */
  dataIndex?: string;
  width?: number | string;
  fixed?: 'left' | 'right';
  align?: 'left' | 'center' | 'right';
  /** Default true: long text is cut with an ellipsis and shown in full on hover. */
  ellipsis?: boolean;
  /** A fee column: not rendered at all for users without the fee role. */
  fee?: boolean;
  /** Sortable through the server: true sorts by `key`, a string names the allowlisted `orderByColumn`. */
  sortable?: boolean | string;
  /** Built-in renderers. */
  type?: 'text' | 'money' | 'datetime' | 'date' | 'dict' | 'number';
  /** money: the currency code, fixed or per row. */
  currency?: string | ((row: Row) => string | null | undefined);
  /** dict: the dictionary type. */
  dictType?: string;
  /** number/money: decimals (money default 2). */
  decimals?: number;
  render?: (value: unknown, row: Row, index: number) => ReactNode;
  /** Hidden until the user shows it in the column picker. */
  defaultHidden?: boolean;
  /** Column only for users with this permission. */
  perm?: PermissionValue;
}

/** A search form field. Values live in the URL as strings under `name` (date ranges under `begin`/`end`). */
export type SearchField =
  | { type?: 'text'; name: string; label: string; placeholder?: string }
  /** Comma-separated numbers (waybill, express...): English commas only, pasted newlines become commas. */
  | { type: 'numbers'; name: string; label: string; placeholder?: string }
  | { type: 'select'; name: string; label: string; options: { value: string; label: string }[]; placeholder?: string }
  /** `multiple`: several values, kept in the URL as one comma list ('0,1'), as the servers' code filters take them. */
  | { type: 'dict'; name: string; label: string; dictType: string; placeholder?: string; multiple?: boolean }
  | { type: 'dept'; name: string; label: string; placeholder?: string }
  | { type: 'date'; name: string; label: string }
  /** Sent as `params[<begin>]` / `params[<end>]`; defaults beginTime/endTime. */
  | { type: 'dateRange'; name: string; label: string; begin?: string; end?: string }
  /** Any antd form control producing a string; it receives `value`, `onChange` and `id` from the form. */
  | { type: 'custom'; name: string; label: string; render: () => ReactElement };

/** What toolbar buttons, row actions and render props get. */
export interface ListContext<Row> {
  rows: Row[];
  total: number;
  selectedRows: Row[];
  selectedRowKeys: Key[];
  clearSelection: () => void;
  refetch: () => Promise<unknown>;
  /** The filters as they are in the URL (strings). */
  filters: Record<string, string>;
  /** The parameters of the last list request (filters, paging, sort, `params[...]`). */
  params: Record<string, unknown>;
  /** runStateAction on the selected rows (or `rows`), refetching and clearing the selection when done. */
  runAction: (options: Omit<StateActionOptions<Row>, 'rows'> & { rows?: readonly Row[] }) => Promise<boolean>;
  /** Export with the current filters (and `ids` of the selected rows, if any). */
  exportList: () => Promise<boolean>;
}

export interface ToolbarButton<Row> {
  key: string;
  /** Translation key. */
  label: string;
  icon?: ReactNode;
  /** Hidden without this permission (any of a list). */
  perm?: PermissionValue;
  roleKey?: PermissionValue;
  type?: 'primary' | 'default' | 'dashed' | 'link' | 'text';
  danger?: boolean;
  /** Needs selected rows: 'single' exactly one, 'multiple' one or more ('Please select data first'). */
  selection?: 'single' | 'multiple';
  onClick: (ctx: ListContext<Row>) => unknown;
}

export interface RowAction<Row> {
  key: string;
  label: string;
  perm?: PermissionValue;
  roleKey?: PermissionValue;
  danger?: boolean;
  hidden?: (row: Row) => boolean;
  disabled?: (row: Row) => boolean;
  onClick: (row: Row, ctx: ListContext<Row>) => unknown;
}

export interface ListPageProps<Row extends object> {
  /** Stable id: stores the column picker choice (`THEONE-columns-<id>`). */
  id: string;
  /** The module's list key, e.g. `inwareKeys.lists()`; the query key is `[...queryKey, params]`. */
  queryKey: readonly unknown[];
  /** GET endpoint under /prod-api answering `{ rows, total }`; or `fetcher`. */
  url?: string;
  fetcher?: (params: Record<string, unknown>) => Promise<TableResponse<Row>>;
  rowKey: (keyof Row & string) | ((row: Row) => Key);
  columns: ListColumn<Row>[];
  searchFields?: SearchField[];
  /** How many fields show before 'expand'; default 3 (one row). */
  visibleFields?: number;
  /** Refuse to search with an empty form: 'Enter at least one search condition'. */
  requireCondition?: boolean;
  /** Sent with every request, not shown in the form. */
  baseParams?: Record<string, unknown>;
  /** Filter values used when the URL holds none. */
  defaultFilters?: Record<string, string>;
  /** Default sort (newest first is the convention). */
  defaultSort?: { column: string; order: 'asc' | 'desc' };
  /** Row checkboxes; default 'multiple'. */
  selection?: 'multiple' | 'single' | false;
  /** Disable the checkbox of some rows. */
  selectable?: (row: Row) => boolean;
  toolbar?: ToolbarButton<Row>[];
  /** Extra toolbar content after the buttons. */
  toolbarExtra?: (ctx: ListContext<Row>) => ReactNode;
  rowActions?: RowAction<Row>[];
  /** Width of the fixed action column. */
  actionsWidth?: number;
  /** Export button (POST form-encoded, .xlsx): `fileName` is a prefix, a timestamp is added. */
  exportConfig?: { url: string; fileName: string; perm: PermissionValue };
  /** Content above the table when rows are selected ('Selected: n rows ...'). */
  selectionSummary?: (rows: Row[]) => ReactNode;
  /** Table footer from the answer (filter totals: the server's `totals`/`sums`). */
  footer?: (answer: TableResponse<Row> | undefined, ctx: ListContext<Row>) => ReactNode;
  /** Prefix of the URL query keys when a page holds several lists; false keeps the state in memory. */
  urlKey?: string | false;
  title?: ReactNode;
  /** Any other antd Table props (expandable, scroll, onRow...). */
  tableProps?: Omit<TableProps<Row>, 'columns' | 'dataSource' | 'rowKey' | 'pagination' | 'rowSelection' | 'loading'>;
}
