import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { codesIn } from './bus-list';
import { busLoad } from './load/load.table';

const dialect = new PgDialect({ casing: 'snake_case' });

describe('codesIn: a view’s status codes in the statement text', () => {
  it('writes the codes as an array literal, without parameters (the statement keeps one plan per connection)', () => {
    expect(dialect.sqlToQuery(codesIn(busLoad.status, [1, 2, 3]))).toEqual({
      sql: '"bus_load"."status" = ANY(ARRAY[1,2,3]::smallint[])',
      params: [],
    });
  });

  it('writes one code as an equality (an index on the status and the list order is then read in that order)', () => {
    expect(dialect.sqlToQuery(codesIn(busLoad.status, [3]))).toEqual({ sql: '"bus_load"."status" = 3', params: [] });
    expect(() => codesIn(busLoad.status, [Number.NaN])).toThrow('not a status code');
  });

  it('writes an empty list as an empty array (no row matches)', () => {
    expect(dialect.sqlToQuery(codesIn(busLoad.status, [])).sql).toBe('"bus_load"."status" = ANY(ARRAY[]::smallint[])');
  });

  it('refuses anything but whole numbers, so nothing typed by a user reaches the text', () => {
    expect(() => codesIn(busLoad.status, [Number('1;DROP')])).toThrow('not a status code');
    expect(() => codesIn(busLoad.status, [1.5])).toThrow('not a status code');
  });
});
