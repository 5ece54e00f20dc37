import { orderFieldLabelKey, orderLogValueKind, type TOrderFieldChange } from '@theone/contracts/bus/order-log';
import { formatDateTime, formatMoney } from '../../../lib/format';

/**
 * One change of an order log row as a person reads it (issue 10 item 8): the field's label in the user's language and
 * both values shown as the screens show them (contracts ORDER_LOG_FIELD_KINDS): dates through the app's date
 * formatter, dictionary values by their labels, money and measures with their decimals, ids by the names
 * the server adds, flags as yes/no, and the declared cargo lines as numbers of lines with what changed
 * ('Cargo lines: 1 line → 2 lines (1 added)'), never 'cargo lines: - -> 2'.
 */
export interface LogFormat {
  t: (key: string, values?: Record<string, unknown>) => string;
  /** a dictionary value's label in the user's language */
  dict: (dictType: string, value: unknown) => string;
  /** the order's currency, shown after money */
  currency?: string | null;
}

/** `before → after`, or a sentence (`text`) when the change has no 'before' to show. */
export interface LogChangeLine {
  field: string;
  label: string;
  before?: string;
  after?: string;
  text?: string;
}

const EMPTY = '—';
const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

function lines(f: LogFormat, n: string | number) {
  return f.t('order_log_lines', { count: Number(n) });
}

/** A value of the field, formatted by its kind ('—' for none). */
export function formatLogValue(field: string, value: string | number | null, f: LogFormat, label?: string | null) {
  if (isEmpty(value)) return EMPTY;
  const kind = orderLogValueKind(field);
  switch (kind.kind) {
    case 'datetime':
      return formatDateTime(String(value));
    case 'dict':
      return f.dict(kind.dictType, value);
    case 'money':
      return `${formatMoney(value)}${f.currency ? ` ${f.currency}` : ''}`;
    // the labels carry the units: 'Weight (kg)', 'Received volume (m³)'
    case 'weight':
      return formatMoney(value, 2);
    case 'volume':
      return formatMoney(value, 3);
    case 'ref':
      return label || `#${value}`;
    case 'flag':
      return f.t(String(value) === '1' ? 'yes' : 'no');
    case 'lines':
      return lines(f, value as string | number);
    default:
      return String(value);
  }
}

export function describeLogChange(c: TOrderFieldChange, f: LogFormat): LogChangeLine {
  const label = f.t(orderFieldLabelKey(c.field));
  if (c.field === 'cargoLines') {
    // rows written before the line counts were kept: only the new number
    if (isEmpty(c.before) || !c.lines)
      return { field: c.field, label, text: f.t('order_log_lines_now', { lines: lines(f, c.after ?? 0) }) };
    const { added, removed, changed } = c.lines;
    const what = [
      added ? f.t('order_log_lines_added', { count: added }) : '',
      removed ? f.t('order_log_lines_removed', { count: removed }) : '',
      changed ? f.t('order_log_lines_changed', { count: changed }) : '',
    ]
      .filter(Boolean)
      .join(f.t('order_log_separator'));
    const before = lines(f, c.before!);
    const after = lines(f, c.after ?? 0);
    if (before === after) return { field: c.field, label, text: `${after} (${what})` };
    return { field: c.field, label, before, after: what ? `${after} (${what})` : after };
  }
  return {
    field: c.field,
    label,
    before: formatLogValue(c.field, c.before, f, c.beforeLabel),
    after: formatLogValue(c.field, c.after, f, c.afterLabel),
  };
}
