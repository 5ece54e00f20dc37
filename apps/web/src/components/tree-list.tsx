import { useQuery, useQueryClient } from '@tanstack/react-query';
import { buildTree } from '@theone/contracts/system/common';
import type { TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../lib/feedback';
import { formatDateTime } from '../lib/format';
import { confirmAction } from './confirm';
import { DictTag } from './DictTag';
import { RowLinks } from './RowLinks';

/**
 * The state of a tree table screen (departments, menus): the search filters, the flat list read with them and shaped
 * into a tree, a refresh that drops the cached lists (and the keys given, e.g. the shell's menu), and a delete
 * after a danger confirmation.
 */
export function useTreeList<Row>(options: {
  queryKey: (filters: Record<string, string>) => readonly unknown[];
  fetch: (filters: Record<string, string>) => Promise<Row[]>;
  idKey: keyof Row & string;
  parentKey: keyof Row & string;
  /** Query keys dropped by `refresh`, in order. */
  invalidate: readonly (readonly unknown[])[];
}) {
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
