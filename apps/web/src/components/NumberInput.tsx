import { Input, type InputProps } from 'antd';
import { useState } from 'react';

/**
 * Number boxes that never change what the user typed (issue 10 item 4). antd's InputNumber clamps to `min`/`max` and
 * rounds to `precision` when the box loses focus, so a unit price of -800 became 0.00 and was saved with 'success'.
 * These are plain text boxes: the text stays as typed, the form's rule (the contracts' zod schema through `zodRule`)
 * shows the field's error, and the form does not submit until it is right. Decimals stay strings end to end.
 *
 *   <Form.Item name="weight" label={t('field_weight')} rules={[zodRule(zWeight, t, { optional: true })]}>
 *     <DecimalInput suffix="kg" />
 *   </Form.Item>
 *   <Form.Item name="orderNum" label={t('field_order_num')} rules={[zodRule(zSort, t)]}>
 *     <IntegerInput />
 *   </Form.Item>
 */
type BoxProps = Omit<InputProps, 'value' | 'onChange' | 'type' | 'defaultValue'>;

export interface DecimalInputProps extends BoxProps {
  value?: string | number | null;
  /** The text as typed; null when the box is emptied. */
  onChange?: (value: string | null) => void;
}

const shown = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A decimal (money, weight, volume, rate): value and `onChange` are the typed text. */
export function DecimalInput({ value, onChange, ...rest }: DecimalInputProps) {
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={shown(value)}
      onChange={(e) => onChange?.(e.target.value === '' ? null : e.target.value)}
    />
  );
}

export interface IntegerInputProps extends BoxProps {
  value?: number | string | null;
  /** A number when the text is a number (a whole one, or one the rule refuses as not whole), else the text itself. */
  onChange?: (value: number | string | null) => void;
}

/** Plain number text short enough to be exact as a JS number (whole numbers are; '1.5' reaches the rule as 1.5). */
const NUMBER = /^[+-]?\d{1,15}(\.\d{1,6})?$/;

const asInteger = (text: string): number | string | null =>
  text === '' ? null : NUMBER.test(text.trim()) ? Number(text.trim()) : text;

/**
 * A whole number (pieces, sort order): the form gets a number when the text is one, else the text itself; the box
 * keeps showing what was typed ('007' stays '007' while the form holds 7).
 */
export function IntegerInput({ value, onChange, ...rest }: IntegerInputProps) {
  const [typed, setTyped] = useState('');
  // the typed text while it still means the form's value; the value itself once it changed from outside
  const text = asInteger(typed) === (value ?? null) ? typed : shown(value);
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      value={text}
      onChange={(e) => {
        setTyped(e.target.value);
        onChange?.(asInteger(e.target.value));
      }}
    />
  );
}
