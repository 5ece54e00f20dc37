import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * antd form rules from the shared zod schemas of `@theone/contracts` (spec §5 helper validators), so a
 * form accepts exactly what the server accepts. The schemas' messages are translation keys (`err_*`).
 *
 *   <Form.Item name="phonenumber" rules={[zodRule(zMobile, t, { optional: true })]}>
 */
export function zodRule(schema: z.ZodType, t: TFunction, options: { optional?: boolean } = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (options.optional && (value === undefined || value === null || value === '')) return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(t(result.error.issues[0]?.message ?? 'err_invalid_value'));
    },
  };
}
