import dayjsConfig from '@rc-component/picker/generate/dayjs';
import { DatePicker, type DatePickerProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { asCarrier, businessNow, fromPickerValue, type TimeValue, toPickerValue } from '../lib/business-time';

/**
 * Date pickers in the business time zone (lib/business-time, docs/web.md 'Dates and times'). antd's picker made from
 * a dayjs config whose 'now' is the business clock and whose typed text becomes a carrier, so 'Now', 'Today' and
 * the highlighted day are the business ones whatever the browser's zone.
 *
 * As form controls they hold strings, never dayjs:
 *
 *   <Form.Item name="orderTime"><BusinessDatePicker showTime /></Form.Item>   // value: server value or business text
 *   <Form.Item name="validFromDate"><BusinessDatePicker /></Form.Item>        // 'YYYY-MM-DD'
 *   <BusinessRangePicker value={['2026-11-01', '2026-11-30']} onChange={...} /> // business days
 *
 * The value may be what the server answered (an ISO instant) or business text; `onChange` fires only when the user
 * picks or types, with business text ('YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD' without `showTime`) or null. A value the
 * user does not touch stays the server's own string, so it is saved back unchanged.
 */
const config: typeof dayjsConfig = {
  ...dayjsConfig,
  getNow: businessNow,
  locale: {
    ...dayjsConfig.locale,
    parse: (locale, text, formats) => {
      const parsed = dayjsConfig.locale.parse(locale, text, formats);
      return parsed ? asCarrier(parsed) : null;
    },
  },
};

const Picker = DatePicker.generatePicker<Dayjs>(config);

type PickerProps = Omit<DatePickerProps, 'value' | 'onChange' | 'defaultValue' | 'picker' | 'multiple'>;

export interface BusinessDatePickerProps extends PickerProps {
  value?: TimeValue;
  onChange?: (value: string | null) => void;
}

export function BusinessDatePicker({ value, onChange, showTime, ...rest }: BusinessDatePickerProps) {
  const key = value instanceof Date ? value.getTime() : value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the value's text, not a Date's identity
  const picked = useMemo(() => toPickerValue(value), [key]);
  return (
    <Picker
      style={{ width: '100%' }}
      {...rest}
      showTime={showTime}
      value={picked}
      onChange={(d) => onChange?.(fromPickerValue(d as Dayjs | null, !showTime))}
    />
  );
}

type RangeProps = Omit<RangePickerProps, 'value' | 'onChange' | 'defaultValue' | 'picker'>;

export interface BusinessRangePickerProps extends RangeProps {
  /** [begin, end] as business days or times; either may be empty. */
  value?: readonly [TimeValue, TimeValue] | null;
  onChange?: (value: [string, string] | null) => void;
}

export function BusinessRangePicker({ value, onChange, showTime, ...rest }: BusinessRangePickerProps) {
  const [begin, end] = value ?? [null, null];
  const picked = useMemo(
    () => [toPickerValue(begin), toPickerValue(end)] as [Dayjs | null, Dayjs | null],
    [begin, end],
  );
  return (
    <Picker.RangePicker
      style={{ width: '100%' }}
      {...rest}
      showTime={showTime}
      value={picked}
      onChange={(range) => {
        const a = fromPickerValue(range?.[0], !showTime);
        const b = fromPickerValue(range?.[1], !showTime);
        onChange?.(a && b ? [a, b] : null);
      }}
    />
  );
}
