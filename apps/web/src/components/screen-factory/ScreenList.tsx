import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { AxiosRequestConfig } from 'axios';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalName } from '../../lib/localized';
import { request } from '../../lib/request';
import {
  type ListColumn,
  type ListContext,
  ListPage,
  type ListPageProps,
  type RowAction,
  type ToolbarButton,
} from '../ListPage';
import type { ScreenDef } from './types';

/**
 * The list of a definition. With `paths` (pages): Add opens the add page, rows have Details/Edit/Delete, the
 * linked column opens the details. With `onEdit` (dialog): Add and Edit (one selected row) open the dialog.
 */
export interface ScreenListProps<Row extends object> {
  def: ScreenDef<Row>;
  /** Dialog screens: open the form for a new record (no row) or a row. */
  onEdit?: (row?: Row) => void;
  navigate?: (to: string) => void;
  /** Anything else of the list (default filters of a page). */
  listProps?: Partial<ListPageProps<Row>>;
  toolbar?: ToolbarButton<Row>[];
}

const idOf = <Row extends object>(def: ScreenDef<Row>, r: Row) => (r as Record<string, unknown>)[def.rowKey] as number;

function removeAction<Row extends object>(def: ScreenDef<Row>, rows: readonly Row[], ctx: ListContext<Row>) {
  const o = def.remove ?? {};
  const run = async (selected: readonly Row[], config: AxiosRequestConfig) => {
    const ids = selected.map((r) => idOf(def, r));
    if (def.calls?.remove) return def.calls.remove(ids, config);
    for (const id of ids) await request.post(`${def.url}/delete/${id}`, undefined, config);
  };
  return ctx.runAction({
    rows,
    check: o.check,
    wrongState: o.wrongState,
    rowLabel: o.rowLabel,
    confirm: o.confirm ?? 'confirm_delete',
    confirmValues: o.withIds ? { ids: rows.map((r) => idOf(def, r)).join(',') } : undefined,
    danger: true,
    run,
    onDone: o.onDone,
  });
}

function columnsOf<Row extends object>(def: ScreenDef<Row>, localName: ReturnType<typeof useLocalName>) {
  const details = def.paths?.details;
  return def.columns.map(({ link, localized, ...c }): ListColumn<Row> => {
    if (localized) return { ...c, render: (_: unknown, r: Row) => localName(r as never, c.key) };
    if (!link || !details) return c;
    const text = (r: Row) => (link === true ? String((r as Record<string, unknown>)[c.key] ?? '') : link(r));
    return { ...c, render: (_: unknown, r: Row) => <Link to={`${details}/${idOf(def, r)}`}>{text(r)}</Link> };
  });
}

export function ScreenList<Row extends object>({ def, onEdit, navigate, listProps, toolbar }: ScreenListProps<Row>) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const extra = def.useToolbar?.() ?? [];
  const filters = def.useFilters?.() ?? def.filters;
  const p = def.perm;
  const go = (to: string) => navigate?.(to);
  const dialog = Boolean(onEdit);
  const edit = (r?: Row) => (onEdit ? onEdit(r) : go(`${def.paths?.edit}/${r ? idOf(def, r) : ''}`));
  const buttons: ToolbarButton<Row>[] = [
    {
      key: 'add',
      label: 'add',
      type: 'primary',
      icon: <PlusOutlined />,
      perm: `${p}:add`,
      onClick: () => (onEdit ? onEdit() : go(def.paths!.add)),
    },
  ];
  if (dialog) {
    buttons.push({
      key: 'edit',
      label: 'edit',
      icon: <EditOutlined />,
      perm: `${p}:edit`,
      selection: 'single',
      onClick: (ctx) => edit(ctx.selectedRows[0]),
    });
  }
  buttons.push({
    key: dialog ? 'remove' : 'delete',
    label: 'delete',
    danger: true,
    icon: dialog ? <DeleteOutlined /> : undefined,
    perm: `${p}:remove`,
    selection: 'multiple',
    onClick: (ctx) => removeAction(def, ctx.selectedRows, ctx),
  });
  const details = def.paths?.details;
  const rowActions: RowAction<Row>[] = [
    ...(details
      ? [{ key: 'info', label: 'details', perm: `${p}:info`, onClick: (r: Row) => go(`${details}/${idOf(def, r)}`) }]
      : []),
    { key: 'edit', label: 'edit', perm: `${p}:edit`, onClick: (r) => edit(r) },
    {
      key: dialog ? 'remove' : 'delete',
      label: 'delete',
      danger: true,
      perm: `${p}:remove`,
      hidden: def.remove?.hidden,
      onClick: (r, ctx) => removeAction(def, [r], ctx),
    },
  ];
  return (
    <ListPage<Row>
      id={def.id}
      queryKey={def.keys.lists()}
      url={`${def.url}/list`}
      rowKey={def.rowKey}
      defaultSort={def.defaultSort}
      searchFields={filters}
      visibleFields={def.visibleFilters}
      columns={columnsOf(def, localName)}
      toolbar={[...buttons, ...extra, ...(toolbar ?? [])]}
      exportConfig={
        def.exportFile ? { url: `${def.url}/export`, fileName: t(def.exportFile), perm: `${p}:export` } : undefined
      }
      rowActions={rowActions}
      {...listProps}
    />
  );
}
