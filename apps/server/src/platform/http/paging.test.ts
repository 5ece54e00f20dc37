import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { busSend } from '../../modules/bus/send/send.table';
import { descNullsLast, limitOffset } from './paging';

const dialect = new PgDialect({ casing: 'snake_case' });

describe('list statement helpers', () => {
  it('writes the page into the statement text, without parameters', () => {
    const q = dialect.sqlToQuery(limitOffset(20, 40));
    expect(q).toEqual({ sql: 'LIMIT 20 OFFSET 40', params: [] });
  });

  it('refuses anything but non-negative safe integers (nothing reaches the text unchecked)', () => {
    for (const [limit, offset] of [
      [1.5, 0],
      [20, -1],
      [Number.NaN, 0],
      [20, Number.MAX_SAFE_INTEGER + 2],
    ])
      expect(() => limitOffset(limit!, offset)).toThrow(/invalid page/);
  });

  it('orders newest first with nulls last, as the list indexes are declared', () => {
    expect(dialect.sqlToQuery(descNullsLast(busSend.sendTime)).sql).toBe('"bus_send"."send_time" DESC NULLS LAST');
  });
});
