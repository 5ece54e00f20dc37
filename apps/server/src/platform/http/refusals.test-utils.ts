import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';

/** Helpers of the bad-input integration tests (not a test file). */

export const countRows = async (t: TestApp, table: string) =>
  (await t.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0]!.n;

/**
 * The request is a 400 VALIDATION matching `expected` (`field`, `msg`: a text or an asymmetric matcher) and `table`
 * holds as many rows after it as before.
 */
export async function expectRefused(
  t: TestApp,
  table: string,
  send: () => Promise<LightMyRequestResponse>,
  expected: { field: string; msg: unknown },
) {
  const before = await countRows(t, table);
  const res = await send();
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 500, errorCode: 'VALIDATION', ...expected });
  expect(await countRows(t, table)).toBe(before);
}
