import { formatMoney, isNegativeAmount } from '../lib/format';

/**
 * A money amount (decimal string from the server): thousands separators, fixed decimals, right aligned,
 * with the currency code (RMB/THB) after it. No float arithmetic: the text is formatted digit by digit.
 */
export function MoneyCell({
  value,
  currency,
  decimals = 2,
}: {
  value: string | number | null | undefined;
  currency?: string | null;
  decimals?: number;
}) {
  if (value === null || value === undefined || value === '') return <span className="money-cell money-empty">-</span>;
  return (
    <span className={isNegativeAmount(value) ? 'money-cell money-negative' : 'money-cell'} data-value={String(value)}>
      {formatMoney(value, decimals)}
      {currency ? <small className="money-currency">{currency}</small> : null}
    </span>
  );
}
