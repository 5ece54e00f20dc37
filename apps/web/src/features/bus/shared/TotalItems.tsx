import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyCell } from '../../../components/MoneyCell';

/**
 * One figure of a totals row ('Pieces: 12'): a count or a decimal text in bold, or an amount through MoneyCell. An
 * amount that is undefined (the server leaves money out for users without the fee role) is not shown.
 */
export type TTotalItem =
  | { label: string; value: ReactNode }
  | { label: string; money: string | null | undefined; currency?: string };

/** The figures of a totals row (the row's element and its heading are the screen's). */
export function TotalItems({ items }: { items: readonly TTotalItem[] }) {
  const { t } = useTranslation();
  return items.map((item) => {
    if (!('money' in item))
      return (
        <span key={item.label}>
          {t(item.label)}: <b>{item.value}</b>
        </span>
      );
    if (item.money === undefined) return null;
    return (
      <span key={item.label}>
        {t(item.label)}: <MoneyCell value={item.money} currency={item.currency} />
      </span>
    );
  });
}

/**
 * The totals row under a list: the server's sums over the whole filtered set. Each figure is an item of the row's own
 * flex layout (`.bus-totals`: gap and wrap), as in the plan's orders table; an antd Space here held them all in one
 * item, so they ran together ('订单数: 28实收件数: 166…').
 */
export function ListSums({ items }: { items: readonly TTotalItem[] }) {
  const { t } = useTranslation();
  return (
    <div className="bus-totals" data-testid="list-sums">
      <Typography.Text strong>{t('bus_totals')}</Typography.Text>
      <TotalItems items={items} />
    </div>
  );
}
