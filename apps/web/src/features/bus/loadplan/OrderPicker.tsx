import { ArrowRightOutlined } from '@ant-design/icons';
import { Alert, Button, Table, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/ListPage';
import { ScanBox, type ScanFeedback } from '../../../components/ScanBox';
import { isApiError, request, type TableResponse } from '../../../lib/request';
import { findByCode, type TOrder } from '../inware/api';
import { col, search } from '../inware/columns';
import { TotalItems } from '../shared/TotalItems';
import { loadplanKeys } from './api';
import { orderFigures } from './LoadSumsFooter';
import { type PlanOrderFigures, totalsOf } from './plan-parts';

/**
 * The order picker of a load plan (screens loadplanAdd 'two panes', loadplanDetails 'Add orders'): left the
 * candidates, in-stock orders (S2 with a mark, no open problem item) of the plan's transport mode, origin and
 * destination, oldest receipt first (FIFO), filtered by mark, receipt time, cargo type and waybill; right the
 * chosen ones. A scan box adds by waybill or piece label: an order in the wrong state, of another route or with an
 * open problem item is refused with the spec's words (the server checks again on save).
 */
export interface PlanRoute {
  busType?: string | null;
  leftAddrId?: number | null;
  destAddrId?: number | null;
}

export type TCandidate = TOrder;

export const candidateFigures = (r: TCandidate): PlanOrderFigures => ({
  mark: r.mark,
  arrivedPiece: r.arrivedPiece,
  arrivedWeight: r.arrivedWeight,
  arrivedVolume: r.arrivedVolume,
  // receivables in RMB (orders of one plan may be billed in RMB or THB), compared with the container's cost
  feeArAmount: r.rmbAmount,
});

export const routeComplete = (route: PlanRoute) => Boolean(route.busType && route.leftAddrId && route.destAddrId);

/** Why an order cannot join a plan of this route (a translation key and its values), or null. */
export function refusalOf(
  order: TCandidate,
  route: PlanRoute,
): { key: string; values: Record<string, unknown> } | null {
  const list = order.transportId;
  if (order.status !== 2 || !order.markId) return { key: 'load_msg_not_in_stock', values: { list } };
  if (order.ifException === 1) return { key: 'msg_open_exception_reselect', values: { transportId: list } };
  if (order.busType !== route.busType || order.leftAddrId !== route.leftAddrId || order.destAddrId !== route.destAddrId)
    return { key: 'msg_route_differs_reselect', values: { list } };
  return null;
}

export interface OrderPickerProps {
  route: PlanRoute;
  chosen: readonly TCandidate[];
  onChange: (chosen: TCandidate[]) => void;
  /** Orders already in the plan (details' Add orders): not offered again. */
  exclude?: readonly number[];
  /** Id of the list's column settings. */
  id?: string;
}

export function OrderPicker({ route, chosen, onChange, exclude = [], id = 'bus/loadplan-picker' }: OrderPickerProps) {
  const { t } = useTranslation();
  const ready = routeComplete(route);
  const chosenRef = useRef(chosen);
  chosenRef.current = chosen;
  const taken = useMemo(() => new Set([...exclude, ...chosen.map((c) => c.id)]), [exclude, chosen]);
  const baseParams = useMemo(
    () => ({
      view: 'inOrder',
      tab: 'stock',
      busType: route.busType ?? '',
      leftAddrId: route.leftAddrId ?? '',
      destAddrId: route.destAddrId ?? '',
      ifException: '0',
    }),
    [route.busType, route.leftAddrId, route.destAddrId],
  );

  const add = (rows: readonly TCandidate[]) => {
    const current = chosenRef.current;
    const have = new Set([...exclude, ...current.map((c) => c.id)]);
    const next = [...current, ...rows.filter((r) => !have.has(r.id))];
    chosenRef.current = next;
    onChange(next);
  };
  const remove = (ids: readonly number[]) => {
    const next = chosenRef.current.filter((c) => !ids.includes(c.id));
    chosenRef.current = next;
    onChange(next);
  };

  const scan = async (code: string): Promise<ScanFeedback> => {
    if (!routeComplete(route)) return { tone: 'warn', message: t('load_route_first') };
    let order: TCandidate;
    try {
      order = await findByCode(code, { silent: true });
    } catch (error) {
      if (isApiError(error) && error.status === 404)
        return { tone: 'error', message: t('bus_msg_no_order_for_code', { code }) };
      throw error;
    }
    if (taken.has(order.id) || chosenRef.current.some((c) => c.id === order.id) || exclude.includes(order.id))
      return { tone: 'warn', message: t('msg_scan_duplicate', { code: order.transportId }) };
    const refused = refusalOf(order, route);
    if (refused) return { tone: 'error', message: t(refused.key, refused.values) };
    add([order]);
    return { tone: 'ok', message: t('load_msg_scan_added', { no: order.transportId, mark: order.mark }) };
  };

  const totals = totalsOf(chosen.map(candidateFigures));
  return (
    <div className="load-picker" data-testid="order-picker">
      <div className="load-pane">
        <div className="load-pane-title">
          <span>{t('load_candidates')}</span>
          {/* shown once the route is chosen: it takes the focus then, not while the header is being filled */}
          {ready ? <ScanBox onScan={scan} placeholder="load_scan_add_placeholder" testId="picker-scan" /> : null}
        </div>
        {ready ? (
          <ListPage<TCandidate>
            id={id}
            urlKey={false}
            queryKey={loadplanKeys.custom('candidates')}
            fetcher={(params) => request.get<TableResponse<TCandidate>>('/bus/inware/list', params)}
            baseParams={baseParams}
            defaultSort={{ column: 'arrivedTime', order: 'asc' }}
            rowKey="id"
            visibleFields={4}
            selectable={(r) => !taken.has(r.id)}
            searchFields={[
              search.mark(),
              search.transportId(),
              search.dict('cargoType', 'field_cargo_type', 'cargo_type'),
              search.range('arrivedTime', 'field_arrived_time'),
            ]}
            columns={[
              col.transportId('info'),
              col.mark(),
              col.text('cargoName', 'field_cargo_name', 110),
              col.dict('cargoType', 'field_cargo_type', 'cargo_type', 90),
              col.num('arrivedPiece', 'field_arrived_piece', 80),
              col.num('arrivedWeight', 'field_arrived_weight', 100),
              col.num('arrivedVolume', 'field_arrived_volume', 100),
              col.time('arrivedTime', 'field_arrived_time', true),
              col.text('trayNo', 'field_tray_no', 80),
              col.money('feeArAmount', 'field_fee_ar_amount'),
            ]}
            toolbar={[
              {
                key: 'add',
                label: 'load_btn_add_selected',
                type: 'primary',
                icon: <ArrowRightOutlined />,
                selection: 'multiple',
                onClick: (ctx) => {
                  add(ctx.selectedRows);
                  ctx.clearSelection();
                },
              },
            ]}
            rowActions={[
              {
                key: 'add',
                label: 'load_btn_add_one',
                disabled: (r) => taken.has(r.id),
                onClick: (r) => add([r]),
              },
            ]}
            actionsWidth={90}
          />
        ) : (
          <Alert type="info" showIcon title={t('load_route_first')} data-testid="picker-route-first" />
        )}
      </div>
      <div className="load-pane" data-testid="picker-chosen">
        <div className="load-pane-title">
          <span>{t('load_chosen', { count: chosen.length })}</span>
          <Button size="small" disabled={chosen.length === 0} onClick={() => remove(chosen.map((c) => c.id))}>
            {t('load_btn_clear_chosen')}
          </Button>
        </div>
        <Table<TCandidate>
          size="small"
          rowKey="id"
          dataSource={[...chosen]}
          pagination={chosen.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          scroll={{ x: 560 }}
          locale={{ emptyText: t('load_no_orders_yet') }}
          columns={[
            { key: 'transportId', dataIndex: 'transportId', title: t('field_transport_id'), width: 140 },
            { key: 'mark', dataIndex: 'mark', title: t('field_mark'), width: 90 },
            { key: 'arrivedPiece', dataIndex: 'arrivedPiece', title: t('field_arrived_piece'), align: 'right' },
            { key: 'arrivedWeight', dataIndex: 'arrivedWeight', title: t('field_arrived_weight'), align: 'right' },
            { key: 'arrivedVolume', dataIndex: 'arrivedVolume', title: t('field_arrived_volume'), align: 'right' },
            {
              key: 'remove',
              title: '',
              width: 70,
              render: (_v, r) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => remove([r.id])}
                  data-testid={`picker-remove-${r.transportId}`}
                >
                  {t('load_btn_take_out')}
                </Button>
              ),
            },
          ]}
        />
        <Typography.Paragraph className="bus-totals" style={{ marginTop: 8 }} data-testid="picker-totals">
          <TotalItems items={orderFigures(totals)} />
        </Typography.Paragraph>
      </div>
    </div>
  );
}
