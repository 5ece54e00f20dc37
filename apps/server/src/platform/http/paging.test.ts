import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { busSend } from '../../modules/bus/send/send.table';
import { descNullsLast, INLINE_OFFSET_MAX, limitOffset } from './paging';

const dialect = new PgDialect({ casing: 'snake_case' });

describe('list statement helpers', () => {
  it('writes the page into the statement text, without parameters', () => {
    const q = dialect.sqlToQuery(limitOffset(20, 40));
    expect(q).toEqual({ sql: 'LIMIT 20 OFFSET 40', params: [] });
  });

  it('keeps parameters for deep pages, so the statements kept per connection stay a small set', () => {
    expect(dialect.sqlToQuery(limitOffset(20, INLINE_OFFSET_MAX))).toEqual({
      sql: `LIMIT 20 OFFSET ${INLINE_OFFSET_MAX}`,
      params: [],
    });
    expect(dialect.sqlToQuery(limitOffset(20, INLINE_OFFSET_MAX + 20))).toMatchObject({
      sql: 'LIMIT $1 OFFSET $2',
      params: [20, INLINE_OFFSET_MAX + 20],
    });
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
