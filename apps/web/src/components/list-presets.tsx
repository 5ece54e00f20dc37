import { ClearOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { AxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import type { PermissionValue } from '../lib/permission';
import type { ListColumn, ListContext, RowAction, SearchField, ToolbarButton } from './ListPage';
import type { StateActionOptions } from './state-action';

/**
 * The toolbar buttons and search fields most lists share, so a screen names only what is its own.
 *
 *   toolbar={[addButton('system:role:add', open), editButton('system:role:edit', edit), removeButton(...)]}
 */
export const addButton = <Row,>(perm: PermissionValue, onClick: () => unknown): ToolbarButton<Row> => ({
  key: 'add',
  label: 'add',
  type: 'primary',
  icon: <PlusOutlined />,
  perm,
  onClick,
});

/** 'Edit' on exactly one selected row. */
export const editButton = <Row,>(perm: PermissionValue, onClick: (row: Row) => unknown): ToolbarButton<Row> => ({
  key: 'edit',
  label: 'edit',
  icon: <EditOutlined />,
  perm,
  selection: 'single',
  onClick: (ctx) => onClick(ctx.selectedRows[0]!),
});

/** 'Delete' on the selected rows. */
export const removeButton = <Row,>(
  perm: PermissionValue,
  onClick: (ctx: ListContext<Row>) => unknown,
): ToolbarButton<Row> => ({
  key: 'remove',
  label: 'delete',
  danger: true,
  icon: <DeleteOutlined />,
  perm,
  selection: 'multiple',
  onClick,
});

/** Add, Edit (one selected row) and Delete (the selected rows) under `<prefix>:add|edit|remove` permissions. */
export const crudButtons = <Row,>(
  permPrefix: string,
  on: { add: () => unknown; edit: (row: Row) => unknown; remove: (ctx: ListContext<Row>) => unknown },
): ToolbarButton<Row>[] => [
  addButton(`${permPrefix}:add`, on.add),
  editButton(`${permPrefix}:edit`, on.edit),
  removeButton(`${permPrefix}:remove`, on.remove),
];

/**
 * One action offered twice: on the selected rows (a toolbar button) and on one row (a row action). `run(rows)`
 * gives what `runAction` does with those rows (confirmation, call, success message).
 */
export function rowsAction<Row>(spec: {
  key: string;
  label: string;
  perm: PermissionValue;
  danger?: boolean;
  icon?: ReactNode;
  /** Rows without the row action. */
  hidden?: (row: Row) => boolean;
  run: (rows: readonly Row[]) => Omit<StateActionOptions<Row>, 'rows'>;
}): { button: ToolbarButton<Row>; rowAction: RowAction<Row> } {
  const { icon, hidden, run, ...shared } = spec;
  return {
    button: {
      ...shared,
      icon,
      selection: 'multiple',
      onClick: (ctx) => ctx.runAction({ rows: ctx.selectedRows, ...run(ctx.selectedRows) }),
    },
    rowAction: { ...shared, hidden, onClick: (row, ctx) => ctx.runAction({ rows: [row], ...run([row]) }) },
  };
}

/** How a delete by ids goes: the prompt (`{{ids}}`), the rows' ids, the call; `check` refuses protected rows first. */
export interface RemoveByIdsOptions<Row> {
  confirm: string;
  id: (row: Row) => number;
  run: (ids: number[], config: AxiosRequestConfig) => Promise<unknown>;
  check?: (row: Row) => boolean;
  wrongState?: string;
  rowLabel?: (row: Row) => string;
}

/** Deletes `rows` by their ids through `runAction` (a list's `ctx.runAction`, or runStateAction). */
export const removeByIds = <Row,>(
  runAction: (options: StateActionOptions<Row>) => Promise<boolean>,
  rows: readonly Row[],
  { confirm, id, run, check, wrongState, rowLabel }: RemoveByIdsOptions<Row>,
) =>
  runAction({
    rows,
    check,
    wrongState,
    rowLabel,
    confirm,
    confirmValues: { ids: rows.map(id).join(',') },
    danger: true,
    run: (selected, config) => run(selected.map(id), config),
  });

/** 'Delete' of the selected rows by id, after the confirmation `confirm` ({{ids}}). */
export const removeByIdsButton = <Row,>(perm: PermissionValue, options: RemoveByIdsOptions<Row>): ToolbarButton<Row> =>
  removeButton(perm, (ctx) => removeByIds(ctx.runAction, ctx.selectedRows, options));

/** 'Clean': empties the whole list after the confirmation `confirm`. */
export const cleanButton = <Row,>(
  perm: PermissionValue,
  confirm: string,
  run: (config: AxiosRequestConfig) => Promise<unknown>,
): ToolbarButton<Row> => ({
  key: 'clean',
  label: 'system_clean',
  danger: true,
  icon: <ClearOutlined />,
  perm,
  onClick: (ctx) =>
    ctx.runAction({ requireRows: false, rows: [], confirm, danger: true, run: (_rows, config) => run(config) }),
});

/** The system lists' status (normal / disabled) and creation time: search fields and columns. */
export const statusSearch = {
  type: 'dict',
  name: 'status',
  label: 'system_status',
  dictType: 'sys_normal_disable',
} as const satisfies SearchField;
export const createdSearch = {
  type: 'dateRange',
  name: 'createTime',
  label: 'system_created_at',
} as const satisfies SearchField;
export const statusColumn = {
  key: 'status',
  title: 'system_status',
  type: 'dict',
  dictType: 'sys_normal_disable',
  width: 90,
} as const satisfies ListColumn<object>;
export const createdColumn = {
  key: 'createTime',
  title: 'system_created_at',
  type: 'datetime',
  width: 170,
  sortable: true,
} as const satisfies ListColumn<object>;

/** Status and creation date, the last two search fields of the system lists. */
export const statusAndCreatedSearch = (): SearchField[] => [statusSearch, createdSearch];
