import { money, sum, toVolumeString, toWeightString } from '@theone/contracts/common/money';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoneyCell } from '../../../components/MoneyCell';
import type { LoadWire } from './api';

/** Small parts of the load plan screens: figures of a set of orders, the per-mark summary, the margin line. */

/** The order figures a plan sums (arrived = measured at the origin warehouse). */
export interface PlanOrderFigures {
  mark: string;
  arrivedPiece: number | null;
  arrivedWeight: string | null;
  arrivedVolume: string | null;
  feeArAmount?: string | null;
}

const fig = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '0' : v);

/** Σ pieces, weight and volume (exact decimals) and Σ receivables when the rows carry them (fee role). */
export function totalsOf(rows: readonly PlanOrderFigures[]) {
  const fees = rows.filter((r) => r.feeArAmount !== undefined && r.feeArAmount !== null);
  return {
    orders: rows.length,
    pieces: rows.reduce((s, r) => s + (r.arrivedPiece ?? 0), 0),
    weight: toWeightString(sum(rows.map((r) => fig(r.arrivedWeight)))),
    volume: toVolumeString(sum(rows.map((r) => fig(r.arrivedVolume)))),
    feeArAmount: fees.length > 0 ? sum(fees.map((r) => fig(r.feeArAmount))).toFixed(2) : null,
  };
}

/** Per-mark summary of a set of orders (screens loadplanAdd: mark, orders, pieces, weight, volume). */
export function marksOf(rows: readonly PlanOrderFigures[]): LoadWire['LoadMarkSummary'][] {
  const groups = new Map<string, PlanOrderFigures[]>();
  for (const r of rows) {
    const key = r.mark || '';
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.entries()]
    .map(([mark, list]) => {
      const t = totalsOf(list);
      return { mark, orders: t.orders, pieces: t.pieces, weight: t.weight, volume: t.volume };
    })
    .sort((a, b) => b.orders - a.orders || a.mark.localeCompare(b.mark));
}

export function MarkSummary({
  marks,
  testId = 'mark-summary',
}: {
  marks: readonly LoadWire['LoadMarkSummary'][];
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Table<LoadWire['LoadMarkSummary']>
      size="small"
      rowKey="mark"
      pagination={false}
      dataSource={[...marks]}
      data-testid={testId}
      locale={{ emptyText: t('load_no_orders_yet') }}
      columns={[
        { key: 'mark', dataIndex: 'mark', title: t('field_mark'), render: (v: string) => v || 'NO MARK' },
        { key: 'orders', dataIndex: 'orders', title: t('field_order_count'), align: 'right' },
        { key: 'pieces', dataIndex: 'pieces', title: t('field_arrived_piece'), align: 'right' },
        { key: 'weight', dataIndex: 'weight', title: t('field_arrived_weight'), align: 'right' },
        { key: 'volume', dataIndex: 'volume', title: t('field_arrived_volume'), align: 'right' },
      ]}
    />
  );
}

/** Receivables − container cost [fee] (screens loadplanAdd 'estimated margin'); red when a loss. */
export function MarginLine(props: {
  receivables: string | null | undefined;
  containerFee: string | null | undefined;
  currency?: string;
}) {
  const { t } = useTranslation();
  if (props.receivables === null || props.receivables === undefined) return null;
  let margin: string | null = null;
  try {
    margin = props.containerFee ? money(props.receivables).minus(money(props.containerFee)).toFixed(2) : null;
  } catch {
    margin = null;
  }
  return (
    <div className="bus-totals" data-testid="plan-margin">
      <span>
        {t('field_order_ar_amount')}: <MoneyCell value={props.receivables} currency={props.currency} />
      </span>
      <span>
        {t('field_container_fee')}:{' '}
        {props.containerFee ? <MoneyCell value={props.containerFee} currency={props.currency} /> : '-'}
      </span>
      <span>
        {t('field_estimated_margin')}:{' '}
        {margin === null ? (
          <Typography.Text type="secondary">{t('load_margin_needs_fee')}</Typography.Text>
        ) : (
          <MoneyCell value={margin} currency={props.currency} />
        )}
      </span>
    </div>
  );
}
