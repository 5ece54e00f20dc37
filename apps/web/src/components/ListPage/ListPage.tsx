import {
  ColumnHeightOutlined,
  DownloadOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Space, Table, type TableColumnType, type TableProps, Tooltip } from 'antd';
import { type Key, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrollArea } from '../../app/layout/scroll-area';
import { download, exportFileName } from '../../lib/download';
import { feedback } from '../../lib/feedback';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { usePermission } from '../../lib/permission';
import { request, type TableResponse } from '../../lib/request';
import { localStore } from '../../lib/storage';
import { DictTag } from '../DictTag';
import { MoneyCell } from '../MoneyCell';
import { runStateAction } from '../state-action';
import { ColumnSettings } from './ColumnSettings';
import { ListPagination } from './ListPagination';
import { fieldNames, SearchForm } from './SearchForm';
import type { ListColumn, ListContext, ListPageProps, SearchField, ToolbarButton } from './types';
import { type ListState, useListState } from './url-state';
import './list-page.css';

/**
 * <ListPage>: the one list screen of the back office (ARCHITECTURE §4.7, screens §0 'List page').
 *
 *   <ListPage<TOrder>
 *     id="bus/orderList"
 *     queryKey={inwareKeys.lists()}
 *     url="/bus/inware/list"
 *     rowKey="id"
 *     defaultSort={{ column: 'orderTime', order: 'desc' }}
 *     searchFields={[
 *       { type: 'numbers', name: 'transportId', label: 'waybill_no' },
 *       { type: 'dict', name: 'status', label: 'status', dictType: 'bus_order_status' },
 *       { type: 'dateRange', name: 'orderTime', label: 'order_time' },
 *     ]}
 *     columns={[
 *       { key: 'transportId', title: 'waybill_no', width: 150, render: (_, r) => <Link to={`/bus/orderDetails?id=${r.id}`}>{r.transportId}</Link> },
 *       { key: 'status', title: 'status', type: 'dict', dictType: 'bus_order_status' },
 *       { key: 'feeArAmount', title: 'fee_total', type: 'money', currency: (r) => r.feeCurrency, fee: true, sortable: true },
 *       { key: 'orderTime', title: 'order_time', type: 'datetime', sortable: true },
 *     ]}
 *     toolbar={[
 *       { key: 'add', label: 'add', type: 'primary', perm: 'bus:orderAdd:add', onClick: () => navigate('/bus/orderAdd') },
 *       { key: 'confirm', label: 'btn_confirm_order', perm: 'bus:unOrder:confirm', selection: 'multiple',
 *         onClick: (ctx) => ctx.runAction({ check: (r) => canTransition(r.status, 'confirm'), confirm: 'confirm_orders',
 *           run: (rows, config) => request.post(`/bus/inware/status/${rows.map((r) => r.id)}`, { status: 1 }, config) }) },
 *     ]}
 *     exportConfig={{ url: '/bus/inware/export', fileName: 'orders', perm: 'bus:order:export' }}
 *   />
 *
 * What it does for every list:
 * - search form (collapsible; 'Enter at least one search condition' with `requireCondition`); the filters,
 *   page, size and sort live in the URL query string;
 * - GET `url` with `pageNum`, `pageSize`, `orderByColumn`, `isAsc`, the filters and `params[beginTime]`/
 *   `params[endTime]` for date ranges (whole days); answers `{ rows, total }`;
 * - the spec's pager; row checkboxes; toolbar buttons gated by permission, with 'Please select data first';
 * - column headers sticky under the layout's header and tab strip (useScrollArea), the horizontal scroll bar
 *   sticky at the bottom;
 *   right toolbar: show/hide search, refresh, density, column picker (kept per list in localStorage);
 * - sorting only on `sortable` columns (server allowlist); fee columns (`fee: true`) dropped for users
 *   without the fee role; money, date and dictionary cells rendered the same everywhere;
 * - `ctx.runAction(...)`: runStateAction on the selection, then refetch and clear the selection;
 * - `ctx.exportList()` / `exportConfig`: POST the filters (and `ids` of selected rows) through `download`.
 */
const DENSITIES = ['small', 'middle', 'large'] as const;
type Density = (typeof DENSITIES)[number];

/**
 * Date ranges go as `params[begin]`/`params[end]`. Whole days are sent as dates: the server reads them as business
 * days, the end day up to its last instant (a '23:59:59' end missed what happened in that day's last second, so a
 * home card could count an order its list did not show).
 */
function rangeParams(fields: readonly SearchField[], filters: Record<string, string>) {
  const params: Record<string, string> = {};
  const plain: Record<string, string> = { ...filters };
  for (const f of fields) {
    if (f.type !== 'dateRange') continue;
    for (const name of fieldNames(f)) {
      const value = filters[name];
      delete plain[name];
      if (value) params[name] = value;
    }
  }
  return { plain, params };
}

/** The request parameters of a list state (exported for tests and custom fetchers). */
export function listParams(
  state: ListState,
  fields: readonly SearchField[],
  base?: Record<string, unknown>,
): Record<string, unknown> {
  const { plain, params } = rangeParams(fields, state.filters);
  return {
    ...base,
    ...plain,
    pageNum: state.pageNum,
    pageSize: state.pageSize,
    ...(state.orderByColumn ? { orderByColumn: state.orderByColumn, isAsc: state.isAsc ?? 'asc' } : {}),
    ...(Object.keys(params).length ? { params } : {}),
  };
}

function cellRenderer<Row>(c: ListColumn<Row>): TableColumnType<Row>['render'] {
  if (c.render) return c.render;
  switch (c.type) {
    case 'money':
      return (value: unknown, row: Row) => (
        <MoneyCell
          value={value as string | null}
          currency={typeof c.currency === 'function' ? c.currency(row) : c.currency}
          decimals={c.decimals}
        />
      );
    case 'number':
      return (value: unknown) =>
        value === null || value === undefined || value === ''
          ? ''
          : c.decimals !== undefined
            ? formatMoney(value as string, c.decimals)
            : String(value);
    case 'datetime':
      return (value: unknown) => formatDateTime(value as string);
    case 'date':
      return (value: unknown) => formatDate(value as string);
    case 'dict':
      return (value: unknown) => <DictTag type={c.dictType ?? ''} value={value as string} />;
    default:
      return undefined;
  }
}

export function ListPage<Row extends object>(props: ListPageProps<Row>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { hasPermi, hasRole, isFeeRole } = usePermission();
  // Column headers stay in view under the layout's sticky header and tab strip; the horizontal scroll bar
  // sticks to the bottom of the scroll area (a wide list can be scrolled sideways from any row).
  const scrollArea = useScrollArea();
  const sticky = useMemo(
    () => ({ offsetHeader: scrollArea.top, offsetScroll: 0, getContainer: scrollArea.getContainer }),
    [scrollArea],
  );
  const fields = props.searchFields ?? [];
  const filterNames = useMemo(() => fields.flatMap(fieldNames), [fields]);
  const [state, setState] = useListState({
    urlKey: props.urlKey ?? '',
    filterNames,
    defaultFilters: props.defaultFilters,
    defaultSort: props.defaultSort,
  });
  const [showSearch, setShowSearch] = useState(true);
  const [density, setDensity] = useState<Density>('small');
  const columnsStorage = `columns-${props.id}`;
  const defaultHidden = useMemo(() => props.columns.filter((c) => c.defaultHidden).map((c) => c.key), [props.columns]);
  const [hiddenColumns, setHiddenColumns] = useState<string[]>(() =>
    localStore.get<string[]>(columnsStorage, defaultHidden),
  );
  const [selectedRowKeys, setSelectedRowKeys] = useState<Key[]>([]);

  const params = useMemo(() => listParams(state, fields, props.baseParams), [state, fields, props.baseParams]);
  const waiting = Boolean(props.requireCondition) && Object.keys(state.filters).length === 0;
  const query = useQuery({
    queryKey: [...props.queryKey, params],
    queryFn: () => (props.fetcher ? props.fetcher(params) : request.get<TableResponse<Row>>(props.url ?? '', params)),
    placeholderData: keepPreviousData,
    enabled: !waiting && Boolean(props.fetcher || props.url),
  });
  const answer = waiting ? undefined : query.data;
  const rows = useMemo(() => answer?.rows ?? [], [answer]);
  const total = answer?.total ?? 0;

  const getKey = useCallback(
    (row: Row): Key => (typeof props.rowKey === 'function' ? props.rowKey(row) : (row[props.rowKey] as Key)),
    [props.rowKey],
  );
  // The selection belongs to the rows on screen: a new page or search starts empty (an empty selection
  // is kept as it is, so an answer does not render the whole table a second time).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the answer changes
  useEffect(() => {
    setSelectedRowKeys((keys) => (keys.length === 0 ? keys : []));
  }, [answer]);
  const selectedRows = useMemo(
    () => rows.filter((r) => selectedRowKeys.includes(getKey(r))),
    [rows, selectedRowKeys, getKey],
  );

  const refetch = useCallback(
    () => queryClient.invalidateQueries({ queryKey: props.queryKey }),
    [queryClient, props.queryKey],
  );
  const clearSelection = useCallback(() => setSelectedRowKeys([]), []);

  const exportList = useCallback(async () => {
    if (!props.exportConfig) return false;
    const { pageNum: _p, pageSize: _s, ...filters } = params;
    const ids = selectedRows.map(getKey);
    return download(
      props.exportConfig.url,
      { ...filters, ...(ids.length ? { ids: ids.join(',') } : {}) },
      exportFileName(props.exportConfig.fileName),
    );
  }, [props.exportConfig, params, selectedRows, getKey]);

  const ctx: ListContext<Row> = useMemo(
    () => ({
      rows,
      total,
      selectedRows,
      selectedRowKeys,
      clearSelection,
      refetch,
      filters: state.filters,
      params,
      runAction: (options) =>
        runStateAction({
          ...options,
          rows: options.rows ?? selectedRows,
          onDone: async () => {
            clearSelection();
            await refetch();
            await options.onDone?.();
          },
        }),
      exportList,
    }),
    [rows, total, selectedRows, selectedRowKeys, clearSelection, refetch, state.filters, params, exportList],
  );

  const allowed = (perm?: ToolbarButton<Row>['perm'], roleKey?: ToolbarButton<Row>['roleKey']) =>
    (perm === undefined || hasPermi(perm)) && (roleKey === undefined || hasRole(roleKey));

  const onToolbarClick = (b: ToolbarButton<Row>) => {
    if (b.selection && selectedRows.length === 0) {
      feedback.message.warning(t('msg_select_data_first'));
      return;
    }
    if (b.selection === 'single' && selectedRows.length !== 1) {
      feedback.message.warning(t('msg_select_one_row'));
      return;
    }
    b.onClick(ctx);
  };

  // Columns: permission, fee role, user's picker; built-in renderers; server sorting.
  const permitted = props.columns.filter((c) => (!c.fee || isFeeRole) && (c.perm === undefined || hasPermi(c.perm)));
  const tableColumns: TableColumnType<Row>[] = permitted
    .filter((c) => !hiddenColumns.includes(c.key))
    .map((c) => {
      const sortName = c.sortable === true ? c.key : c.sortable || undefined;
      const sortOrder =
        sortName && state.orderByColumn === sortName ? (state.isAsc === 'desc' ? 'descend' : 'ascend') : null;
      return {
        key: c.key,
        dataIndex: c.dataIndex ?? c.key,
        title: t(c.title),
        width: c.width,
        fixed: c.fixed,
        align: c.align ?? (c.type === 'money' || c.type === 'number' ? 'right' : undefined),
        ellipsis: c.ellipsis ?? true,
        render: cellRenderer(c),
        ...(sortName
          ? { sorter: true, sortOrder, sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[] }
          : {}),
      };
    });
  const visibleActions = (props.rowActions ?? []).filter((a) => allowed(a.perm, a.roleKey));
  if (visibleActions.length > 0) {
    tableColumns.push({
      key: '__actions',
      title: t('actions'),
      fixed: 'right',
      width: props.actionsWidth ?? Math.max(90, visibleActions.length * 64),
      render: (_: unknown, row: Row) => (
        <Space size={0} className="list-row-actions">
          {visibleActions
            .filter((a) => !a.hidden?.(row))
            .map((a) => (
              <Button
                key={a.key}
                type="link"
                size="small"
                danger={a.danger}
                disabled={a.disabled?.(row)}
                onClick={() => a.onClick(row, ctx)}
              >
                {t(a.label)}
              </Button>
            ))}
        </Space>
      ),
    });
  }

  const sortColumnOf = (columnKey: Key | undefined) => {
    const c = permitted.find((col) => col.key === columnKey);
    return c?.sortable === true ? c.key : c?.sortable || undefined;
  };
  const onTableChange: TableProps<Row>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = s?.order ? sortColumnOf(s.columnKey) : undefined;
    setState({
      pageNum: 1,
      orderByColumn: column ?? props.defaultSort?.column,
      isAsc: column ? (s.order === 'descend' ? 'desc' : 'asc') : props.defaultSort?.order,
    });
  };

  const buttons = (props.toolbar ?? []).filter((b) => allowed(b.perm, b.roleKey));
  const canExport = props.exportConfig !== undefined && allowed(props.exportConfig.perm);
  const selectionType = props.selection ?? 'multiple';
  const footer = props.footer ? () => props.footer?.(answer, ctx) : undefined;

  let emptyText: ReactNode;
  if (waiting) emptyText = t('msg_enter_one_condition');

  return (
    <div className="list-page" data-testid={`list-${props.id}`}>
      {props.title ? <div className="list-title">{props.title}</div> : null}
      {fields.length > 0 && showSearch ? (
        <SearchForm
          fields={fields}
          filters={state.filters}
          visibleFields={props.visibleFields}
          requireCondition={props.requireCondition}
          defaultFilters={props.defaultFilters}
          onSearch={(filters) => {
            setState({ filters, pageNum: 1 });
            if (JSON.stringify(filters) === JSON.stringify(state.filters) && state.pageNum === 1) refetch();
          }}
        />
      ) : null}
      <div className="list-toolbar">
        <Space wrap size={8} className="list-toolbar-left">
          {buttons.map((b) => (
            <Button
              key={b.key}
              type={b.type}
              danger={b.danger}
              icon={b.icon}
              onClick={() => onToolbarClick(b)}
              data-testid={`list-btn-${b.key}`}
            >
              {t(b.label)}
            </Button>
          ))}
          {canExport ? (
            <Button icon={<DownloadOutlined />} onClick={exportList} data-testid="list-btn-export">
              {t('export')}
            </Button>
          ) : null}
          {props.toolbarExtra?.(ctx)}
        </Space>
        <Space size={6} className="list-toolbar-right">
          {fields.length > 0 ? (
            <Tooltip title={t(showSearch ? 'list_hide_search' : 'list_show_search')}>
              <Button
                shape="circle"
                icon={showSearch ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                onClick={() => setShowSearch((s) => !s)}
                aria-label={t(showSearch ? 'list_hide_search' : 'list_show_search')}
                data-testid="list-toggle-search"
              />
            </Tooltip>
          ) : null}
          <Tooltip title={t('refresh')}>
            <Button
              shape="circle"
              icon={<ReloadOutlined />}
              onClick={() => refetch()}
              aria-label={t('refresh')}
              data-testid="list-refresh"
            />
          </Tooltip>
          <Dropdown
            trigger={['click']}
            menu={{
              selectable: true,
              selectedKeys: [density],
              items: DENSITIES.map((d) => ({ key: d, label: t(`list_density_${d}`) })),
              onClick: ({ key }) => setDensity(key as Density),
            }}
          >
            <Tooltip title={t('list_density')}>
              <Button shape="circle" icon={<ColumnHeightOutlined />} aria-label={t('list_density')} />
            </Tooltip>
          </Dropdown>
          <ColumnSettings
            columns={permitted.map((c) => ({ key: c.key, title: c.title }))}
            hidden={hiddenColumns}
            onChange={(hidden) => {
              setHiddenColumns(hidden);
              localStore.set(columnsStorage, hidden);
            }}
            onReset={() => {
              setHiddenColumns(defaultHidden);
              localStore.remove(columnsStorage);
            }}
          />
        </Space>
      </div>
      {selectedRows.length > 0 ? (
        <div className="list-selection" data-testid="list-selection">
          <span>{t('list_selected_rows', { n: selectedRows.length })}</span>
          {props.selectionSummary?.(selectedRows)}
          <Button type="link" size="small" onClick={clearSelection}>
            {t('list_clear_selection')}
          </Button>
        </div>
      ) : null}
      <Table<Row>
        size={density}
        bordered
        scroll={{ x: 'max-content' }}
        sticky={sticky}
        {...props.tableProps}
        columns={tableColumns}
        dataSource={rows}
        rowKey={getKey}
        loading={query.isFetching && !waiting}
        pagination={false}
        onChange={onTableChange}
        footer={footer}
        locale={emptyText ? { emptyText } : undefined}
        rowSelection={
          selectionType
            ? {
                type: selectionType === 'single' ? 'radio' : 'checkbox',
                selectedRowKeys,
                onChange: (keys) => setSelectedRowKeys(keys),
                getCheckboxProps: props.selectable ? (row) => ({ disabled: !props.selectable?.(row) }) : undefined,
                fixed: true,
              }
            : undefined
        }
      />
      <ListPagination
        total={total}
        pageNum={state.pageNum}
        pageSize={state.pageSize}
        onChange={(pageNum, pageSize) => setState({ pageNum, pageSize })}
      />
    </div>
  );
}
