import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp, TestClient } from '../../../test/build-test-app';
import { useBusSuite } from '../../modules/bus/bus.test-utils';
import { todayIn } from '../time';

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

/**
 * The suite of the bad-input tests: admin signed in, `ids` (useBusSuite), `today` in the app's time zone, and
 * `refused(table, send, { field, msg })`: expectRefused on this app, a RegExp `msg` matching the message, and
 * `airPrice(volumePrice)`: the body of a new AIR Guangzhou -> Bangkok price row with that unit price per m³.
 */
export function useRefusalSuite() {
  const s = useBusSuite({ users: ['admin'], setup: async ({ t }) => ({ today: todayIn(t.config.timezone) }) });
  const refused = (
    table: string,
    send: () => ReturnType<TestClient['post']>,
    expected: { field: string; msg: unknown },
  ) =>
    expectRefused(s.t, table, send, {
      field: expected.field,
      msg: expected.msg instanceof RegExp ? expect.stringMatching(expected.msg) : expected.msg,
    });
  const airPrice = (volumePrice: unknown) => ({
    busType: 'AIR',
    leftAddrId: s.ids.gz,
    destAddrId: s.ids.bkk,
    cargoType: '1',
    volumePrice,
    weightPrice: '4.8',
    validFromDate: s.today,
  });
  return Object.assign(s, { refused, airPrice });
}
