import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buildTree } from '@theone/contracts/system/common';
import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../lib/feedback';
import { formatDateTime } from '../lib/format';
import { usePermission } from '../lib/permission';
import { confirmAction } from './confirm';
import { DictTag } from './DictTag';
import { RowLinks } from './RowLinks';

/**
 * The state of a tree table screen (departments, menus): the search filters, the flat list read with them and shaped
 * into a tree, a refresh that drops the cached lists (and the keys given, e.g. the shell's menu), and a delete
 * after a danger confirmation.
 */
export interface TreeListOptions<Row> {
  queryKey: (filters: Record<string, string>) => readonly unknown[];
  fetch: (filters: Record<string, string>) => Promise<Row[]>;
  idKey: keyof Row & string;
  parentKey: keyof Row & string;
  /** Query keys dropped by `refresh`, in order. */
  invalidate: readonly (readonly unknown[])[];
}

export function useTreeList<Row>(options: TreeListOptions<Row>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Record<string, string>>({});
  const list = useQuery({ queryKey: options.queryKey(filters), queryFn: () => options.fetch(filters) });
  const { idKey, parentKey } = options;
  const rows = useMemo(
    () => buildTree((list.data ?? []) as unknown as Record<string, unknown>[], idKey, parentKey) as unknown as Row[],
    [list.data, idKey, parentKey],
  );
  const refresh = async () => {
    for (const queryKey of options.invalidate) await queryClient.invalidateQueries({ queryKey });
  };
  /** Asks `content` (danger), runs `remove`, says 'success' and refreshes. */
  const remove = async (content: string, run: () => Promise<unknown>) => {
    if (!(await confirmAction({ content, danger: true }))) return;
    await run();
    feedback.message.success(t('operation_success'));
    await refresh();
  };
  /** What the tree table takes from here: rows, loading, filters, search and refresh. */
  const tableProps = { rows, loading: list.isFetching, filters, onSearch: setFilters, onRefresh: refresh };
  return { rows, refresh, remove, tableProps };
}

/** What a tree screen's add/edit dialog takes: open, the row to edit (none: a new one under `parentId`), close, saved. */
export interface TreeDialogProps<Row> {
  open: boolean;
  row?: Row;
  parentId?: number;
  onClose: () => void;
  onSaved: () => unknown;
}

/** The add/edit dialog of a tree screen: `add` a row (under a parent) or `edit` one; `dialog` goes to the form. */
export function useTreeDialog<Row>(onSaved: () => unknown) {
  const [state, setState] = useState<{ open: boolean; row?: Row; parentId?: number }>({ open: false });
  const dialog: TreeDialogProps<Row> = { ...state, onClose: () => setState({ open: false }), onSaved };
  return {
    add: (parentId?: number) => setState({ open: true, parentId }),
    edit: (row: Row) => setState({ open: true, row }),
    dialog,
  };
}

/**
 * The row actions of a tree screen for `treeActionsColumn`: Edit, Add child and Delete, each under its permission
 * `<perm>:edit|add|remove`; `allow` leaves Add child or Delete out of the rows that refuse it.
 */
export function useTreeActions<Row>(
  perm: string,
  on: { edit: (row: Row) => unknown; addChild: (row: Row) => unknown; remove: (row: Row) => unknown },
  allow: { addChild?: (row: Row) => boolean; remove?: (row: Row) => boolean } = {},
) {
  const { hasPermi } = usePermission();
  return (row: Row) => ({
    edit: hasPermi(`${perm}:edit`) ? () => on.edit(row) : undefined,
    addChild: hasPermi(`${perm}:add`) && (allow.addChild?.(row) ?? true) ? () => on.addChild(row) : undefined,
    remove: hasPermi(`${perm}:remove`) && (allow.remove?.(row) ?? true) ? () => on.remove(row) : undefined,
  });
}

/**
 * A whole tree screen: its list (useTreeList), its add/edit dialog (useTreeDialog) and its row actions under
 * `<perm>:edit|add|remove` (useTreeActions): Add child opens the dialog under the row, Delete asks
 * `confirmRemove(row)` and runs `removeRow(row)`. `tableProps` also give the tree table its row key and Add permission;
 * `lastColumns` are the status, creation time and actions columns that end both trees.
 */
export function useTreeScreen<Row>(
  options: TreeListOptions<Row> & {
    perm: string;
    confirmRemove: (row: Row) => string;
    removeRow: (row: Row) => Promise<unknown>;
    allow?: { addChild?: (row: Row) => boolean; remove?: (row: Row) => boolean };
  },
) {
  const { t } = useTranslation();
  const list = useTreeList<Row>(options);
  const editing = useTreeDialog<Row>(list.refresh);
  const actions = useTreeActions<Row>(
    options.perm,
    {
      edit: editing.edit,
      addChild: (row) => editing.add(Number(row[options.idKey])),
      remove: (row) => list.remove(options.confirmRemove(row), () => options.removeRow(row)),
    },
    options.allow,
  );
  const tableProps = { ...list.tableProps, rowKey: options.idKey, addPerm: `${options.perm}:add` };
  const lastColumns = [statusTagColumn<Row>(t), createdAtColumn<Row>(t), treeActionsColumn<Row>(t, actions)];
  return { rows: list.rows, editing, actions, tableProps, lastColumns };
}

/** The status column (normal / disabled tag) of an antd table. */
export const statusTagColumn = <Row,>(t: TFunction): TableColumnType<Row> => ({
  key: 'status',
  dataIndex: 'status',
  title: t('system_status'),
  width: 90,
  render: (v: string) => <DictTag type="sys_normal_disable" value={v} />,
});

/** The creation time column of an antd table. */
export const createdAtColumn = <Row,>(t: TFunction): TableColumnType<Row> => ({
  key: 'createTime',
  dataIndex: 'createTime',
  title: t('system_created_at'),
  width: 170,
  render: (v: string) => formatDateTime(v),
});

/**
 * The actions column of a tree table: Edit, Add child, Delete, each shown when the row's function is given (the
 * caller leaves one out for a missing permission or a row that refuses it).
 */
export const treeActionsColumn = <Row,>(
  t: TFunction,
  actions: (row: Row) => { edit?: () => unknown; addChild?: () => unknown; remove?: () => unknown },
): TableColumnType<Row> => ({
  key: 'actions',
  title: t('actions'),
  fixed: 'right',
  width: 200,
  render: (_: unknown, row: Row) => {
    const a = actions(row);
    return (
      <RowLinks
        links={[
          { key: 'edit', label: 'edit', show: Boolean(a.edit), onClick: () => a.edit?.() },
          { key: 'child', label: 'system_add_child', show: Boolean(a.addChild), onClick: () => a.addChild?.() },
          { key: 'remove', label: 'delete', danger: true, show: Boolean(a.remove), onClick: () => a.remove?.() },
        ]}
      />
    );
  },
});
