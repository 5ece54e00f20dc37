import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zDateRanges } from './page';

describe('zDateRanges', () => {
  const schema = z.object(zDateRanges('SignTime', 'SendTime'));

  it('gives a begin and an end filter per named date column', () => {
    expect(Object.keys(zDateRanges('SignTime', 'SendTime')).sort()).toEqual([
      'params[beginSendTime]',
      'params[beginSignTime]',
      'params[endSendTime]',
      'params[endSignTime]',
    ]);
  });

  it('reads dates, treats a cleared filter as absent and refuses an impossible date', () => {
    expect(schema.parse({ 'params[beginSignTime]': '2026-11-01', 'params[endSendTime]': '' })).toEqual({
      'params[beginSignTime]': '2026-11-01',
    });
    expect(schema.safeParse({ 'params[endSignTime]': '2026-02-30' }).success).toBe(false);
  });
});
