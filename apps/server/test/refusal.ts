import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { t as translate } from '../src/platform/i18n';

/**
 * The response is a refusal with `status` and the text of `key` in the default language (zh-cn), its
 * `{{list}}`-style parameters matching anything.
 */
export function expectRefusal(res: LightMyRequestResponse, status: number, key: string) {
  expect(res.statusCode, res.body).toBe(status);
  const text = translate(key, 'zh-cn');
  const pattern = new RegExp(
    `^${text
      .split(/\{\{\w+\}\}/)
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    's',
  );
  expect(res.json().msg).toMatch(pattern);
}
