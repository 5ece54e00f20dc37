import { loadAllows } from '@theone/contracts/bus/load';
import { canTransition, type TOrderFrom } from '@theone/contracts/bus/order-status';
import { Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListColumn, ListPage, type ToolbarButton } from '../../../components/ListPage';
import { ORDER_DETAIL_PATH } from '../inware/api';
import { LoadSumsFooter } from '../loadplan';
import { detailsLinkColumn } from '../shared/list-parts';
import { fetchLoadOrders, type LoadWire, loadKeys, unloadOrders } from './api';

/**
 * A load's orders (screens loadDetails 'Orders', track-details): paged by `load/detail/{id}` with the sums of the
 * whole set; on loadDetails ticked orders can be unloaded (A13, L1/L2, P-remove). The per-mark summary is a
 * separate small table (`marks` of `GET load/{id}`).
 */
const ORDER_COLUMNS: ListColumn<LoadWire['LoadOrderRow']>[] = [
  detailsLinkColumn('transportId', 'field_transport_id', 150, ORDER_DETAIL_PATH, 'load-order', { fixed: 'left' }),
  { key: 'mark', title: 'field_mark', width: 100 },
  { key: 'status', title: 'field_status', width: 100, type: 'dict', dictType: 'order_status' },
  { key: 'consignee', title: 'field_consignee', width: 120 },
  { key: 'cargoName', title: 'field_cargo_name', width: 130 },
  { key: 'cargoType', title: 'field_cargo_type', width: 100, type: 'dict', dictType: 'cargo_type' },
  { key: 'arrivedPiece', title: 'field_arrived_piece', width: 90, align: 'right' },
  { key: 'arrivedWeight', title: 'field_arrived_weight', width: 100, align: 'right' },
  { key: 'arrivedVolume', title: 'field_arrived_volume', width: 100, align: 'right' },
  { key: 'trayNo', title: 'field_tray_no', width: 90, defaultHidden: true },
  { key: 'signPiece', title: 'field_sign_piece', width: 90, align: 'right' },
  { key: 'auditStatus', title: 'field_audit_status', width: 100, type: 'dict', dictType: 'audit_status' },
  {
    key: 'ifException',
    title: 'field_if_exception',
    width: 80,
    render: (_v, r) => (r.ifException === 1 ? <Tag color="red">!</Tag> : null),
  },
  { key: 'feeArAmount', title: 'field_fee_ar_amount', width: 120, type: 'money', fee: true },
];

export function LoadOrders({
  load,
  onChanged,
  extraToolbar = [],
  unload = false,
}: {
  load: LoadWire['LoadRow'];
  onChanged?: () => unknown;
  extraToolbar?: ToolbarButton<LoadWire['LoadOrderRow']>[];
  /** Offer 'Unload selected' (loadDetails). */
  unload?: boolean;
}) {
  const canUnload = unload && loadAllows('unload', load.status);
  return (
    <ListPage<LoadWire['LoadOrderRow']>
      id="bus/loadDetails-orders"
      queryKey={loadKeys.custom('orders', load.id)}
      fetcher={(params) => fetchLoadOrders(load.id, params)}
      urlKey={false}
      rowKey="id"
      selection={canUnload ? 'multiple' : false}
      searchFields={[
        { type: 'numbers', name: 'transportId', label: 'field_transport_id' },
        { type: 'text', name: 'mark', label: 'field_mark' },
      ]}
      columns={ORDER_COLUMNS}
      toolbar={[
        ...extraToolbar,
        ...(canUnload
          ? [
              {
                key: 'unload',
                label: 'load_btn_unload',
                perm: 'bus:load:removeOrder',
                danger: true,
                selection: 'multiple' as const,
                onClick: (ctx: Parameters<ToolbarButton<LoadWire['LoadOrderRow']>['onClick']>[0]) =>
                  ctx.runAction({
                    check: (r) => canTransition(r.status as TOrderFrom, 'unloadOrder'),
                    wrongState: 'msg_loaded_state_reselect',
                    rowLabel: (r) => r.transportId,
                    confirm: 'confirm_remove_order',
                    danger: true,
                    run: (rows, config) =>
                      unloadOrders(
                        load.id,
                        rows.map((r) => r.id),
                        config,
                      ),
                    onDone: onChanged,
                  }),
              },
            ]
          : []),
      ]}
      footer={(answer) => <LoadSumsFooter sums={(answer as { sums?: Record<string, never> } | undefined)?.sums} />}
    />
  );
}

/** The per-mark summary of a load: mark, orders, pieces, weight, volume. */
export function MarkSummary({ marks, title }: { marks: readonly LoadWire['LoadMarkSummary'][]; title?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {title ? <Typography.Title level={5}>{title}</Typography.Title> : null}
      <Table<LoadWire['LoadMarkSummary']>
        size="small"
        rowKey="mark"
        pagination={false}
        dataSource={[...marks]}
        data-testid="load-mark-summary"
        columns={[
          { key: 'mark', dataIndex: 'mark', title: t('field_mark') },
          { key: 'orders', dataIndex: 'orders', title: t('load_orders'), align: 'right' },
          { key: 'pieces', dataIndex: 'pieces', title: t('field_cargo_piece'), align: 'right' },
          { key: 'weight', dataIndex: 'weight', title: t('field_cargo_weight'), align: 'right' },
          { key: 'volume', dataIndex: 'volume', title: t('field_cargo_volume'), align: 'right' },
        ]}
      />
    </>
  );
}
