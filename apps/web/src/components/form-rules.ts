import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * antd form rules from the shared zod schemas of `@theone/contracts` (spec §5 helper validators), so a
 * form accepts exactly what the server accepts. The schemas' messages are translation keys (`err_*`); an issue
 * without one (a bare `z.number().min(0)`) is worded from its kind ('must be at least 0', 'enter a whole number'),
 * never shown as zod's English.
 *
 *   <Form.Item name="phonenumber" rules={[zodRule(zMobile, t, { optional: true })]}>
 *   <Form.Item name="orderNum" rules={[zodRule(zSort, t)]}><IntegerInput /></Form.Item>
 */
export function zodRule(
  schema: z.ZodType,
  t: TFunction,
  options: { optional?: boolean /** the field's label for messages that name it */; label?: string } = {},
): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (options.optional && (value === undefined || value === null || value === '')) return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(issueMessage(result.error.issues[0], t, options.label));
    },
  };
}

const KEY = /^(err|msg)_[a-z0-9_]+$/;

export function issueMessage(issue: z.core.$ZodIssue | undefined, t: TFunction, label?: string): string {
  const detail = issue as { minimum?: unknown; maximum?: unknown; expected?: unknown } | undefined;
  const values = { field: label ?? t('field_this_value'), min: detail?.minimum, max: detail?.maximum };
  if (!issue) return t('err_invalid_value', values);
  if (KEY.test(issue.message)) return t(issue.message, values);
  switch (issue.code) {
    case 'too_small':
      return t('err_too_small', values);
    case 'too_big':
      return t('err_too_big', values);
    case 'invalid_type':
      return t(
        detail?.expected === 'int'
          ? 'err_whole_number'
          : detail?.expected === 'number'
            ? 'err_not_number'
            : 'err_invalid_type',
        values,
      );
    default:
      return t('err_invalid_value', values);
  }
}
