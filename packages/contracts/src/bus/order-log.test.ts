import { describe, expect, it } from 'vitest';
import { orderStepTimes } from './order-log';

/** Step times of the details page's step bar, from the log rows that entered each step. */
const row = (fromStatus: number | null, toStatus: number | null, createTime: string) => ({
  fromStatus,
  toStatus,
  createTime,
});

describe('orderStepTimes', () => {
  it('takes each step from the row that entered it, never from a later edit in the same status', () => {
    const rows = [
      row(null, 0, '2026-03-01T01:00:00Z'), // save
      row(0, 1, '2026-03-01T02:00:00Z'), // confirm
      row(1, 2, '2026-03-02T03:00:00Z'), // receipt
      row(2, 2, '2026-03-05T04:00:00Z'), // edit
      row(2, 2, '2026-03-06T05:00:00Z'), // re-measure
      row(2, null, '2026-03-06T06:00:00Z'), // no status
    ];
    expect(orderStepTimes(rows, 2)).toEqual({
      0: '2026-03-01T01:00:00Z',
      1: '2026-03-01T02:00:00Z',
      2: '2026-03-02T03:00:00Z',
    });
  });

  it('drops steps undone by a step back and keeps the latest entry of a step entered again', () => {
    const rows = [
      row(null, 1, '2026-03-01T02:00:00Z'), // created confirmed: no staged step
      row(1, 2, '2026-03-02T03:00:00Z'), // receipt
      row(2, 1, '2026-03-02T04:00:00Z'), // receipt cancelled
    ];
    expect(orderStepTimes(rows, 1)).toEqual({ 1: '2026-03-01T02:00:00Z' });
    const again = [...rows, row(1, 2, '2026-03-03T05:00:00Z')];
    expect(orderStepTimes(again, 2)).toEqual({ 1: '2026-03-01T02:00:00Z', 2: '2026-03-03T05:00:00Z' });
  });

  it('gives no-mark cargo registered in the warehouse its receipt step only', () => {
    expect(orderStepTimes([row(null, 2, '2026-03-02T03:00:00Z')], 2)).toEqual({ 2: '2026-03-02T03:00:00Z' });
  });
});
