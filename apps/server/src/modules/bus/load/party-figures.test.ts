import { describe, expect, it } from 'vitest';
import { partyFiguresChanged } from './load-record';

/** When the order core must rebuild a load's party rows (partyFiguresChanged): each field they add up, one by one. */
const base: Parameters<typeof partyFiguresChanged>[0] = {
  loadId: 7,
  markId: 3,
  status: 5,
  arrivedPiece: 4,
  arrivedWeight: '100.25',
  arrivedVolume: '1.125',
  feeArAmount: '80.00',
};

type TChange = Partial<typeof base>;

describe('partyFiguresChanged', () => {
  it.each<[string, TChange, TChange, boolean]>([
    ['an overseas scan (S5 -> S6)', { status: 5 }, { status: 6 }, false],
    ['a signature (S7 -> S8)', { status: 7 }, { status: 8 }, false],
    ['departure (S4 -> S5)', { status: 4 }, { status: 5 }, false],
    ['loading (S3 -> S4)', { status: 3 }, { status: 4 }, true],
    ['unloading (S4 -> S3)', { status: 4 }, { status: 3 }, true],
    ['another load', {}, { loadId: 8 }, true],
    ['out of every load', {}, { loadId: null }, true],
    ['another mark', {}, { markId: 4 }, true],
    ['pieces', {}, { arrivedPiece: 5 }, true],
    ['weight', {}, { arrivedWeight: '100.26' }, true],
    ['volume', {}, { arrivedVolume: '1.126' }, true],
    ['receivables', {}, { feeArAmount: '80.01' }, true],
  ])('%s', (_name, before, after, expected) => {
    expect(partyFiguresChanged({ ...base, ...before }, { ...base, ...before, ...after })).toBe(expected);
  });
});
