import { Descriptions, type DescriptionsProps, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../lib/format';
import { usePermission } from '../lib/permission';
import { DictTag } from './DictTag';
import { MoneyCell } from './MoneyCell';

/**
 * Read-only fields of a record (details pages, profile):
 *   <DetailView data={order} column={3} items={[
 *     { name: 'transportId', label: 'waybill_no' },
 *     { name: 'status', label: 'status', type: 'dict', dictType: 'bus_order_status' },
 *     { name: 'feeArAmount', label: 'fee_total', type: 'money', currency: (o) => o.feeCurrency, fee: true },
 *     { name: 'orderTime', label: 'order_time', type: 'datetime' },
 *   ]} />
 * Labels are translation keys. `fee: true` items are not rendered for users without the fee role.
 */
export interface DetailItem<T> {
  name: string;
  label: string;
  type?: 'text' | 'money' | 'datetime' | 'date' | 'dict';
  dictType?: string;
  currency?: string | ((data: T) => string | null | undefined);
  fee?: boolean;
  span?: number;
  render?: (value: unknown, data: T) => ReactNode;
  hidden?: (data: T) => boolean;
}

export interface DetailViewProps<T> {
  data: T | undefined | null;
  items: DetailItem<T>[];
  column?: DescriptionsProps['column'];
  title?: ReactNode;
  extra?: ReactNode;
  bordered?: boolean;
  loading?: boolean;
}

export function renderValue<T>(item: DetailItem<T>, data: T): ReactNode {
  const value = (data as Record<string, unknown>)[item.name];
  if (item.render) return item.render(value, data);
  switch (item.type) {
    case 'money':
      return (
        <MoneyCell
          value={value as string | null}
          currency={typeof item.currency === 'function' ? item.currency(data) : item.currency}
        />
      );
    case 'datetime':
      return formatDateTime(value as string);
    case 'date':
      return formatDate(value as string);
    case 'dict':
      return <DictTag type={item.dictType ?? ''} value={value as string} />;
    default:
      return value === null || value === undefined || value === '' ? '-' : String(value);
  }
}

export function DetailView<T extends object>({
  data,
  items,
  column = 3,
  title,
  extra,
  bordered = true,
  loading,
}: DetailViewProps<T>) {
  const { t } = useTranslation();
  const { isFeeRole } = usePermission();
  if (loading || !data) return <Skeleton active />;
  const visible = items.filter((i) => (!i.fee || isFeeRole) && !i.hidden?.(data));
  return (
    <Descriptions
      className="detail-view"
      title={title}
      extra={extra}
      bordered={bordered}
      size="small"
      column={column}
      items={visible.map((i) => ({ key: i.name, label: t(i.label), span: i.span, children: renderValue(i, data) }))}
    />
  );
}
