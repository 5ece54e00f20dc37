import { describe, expect, it } from 'vitest';
import { money } from '../common/money';
import { itReturns } from '../common/table.test-utils';
import {
  CONTAINER_CAPACITY,
  fillBand,
  fillOf,
  formatLoadNo,
  isManualMilestone,
  journeyStatusOf,
  LOAD_NO_PATTERN,
  LOAD_OPERATIONS,
  LOAD_REJECT_KEYS,
  LOAD_STATUSES,
  loadAllows,
  milestonesFor,
  planStatusOf,
  type TLoadOperation,
} from './load';

/**
 * The load record's pure rules, as tables written from the screens file (bus-container.md §0, §3) rather than read
 * back from the constants they test.
 */

describe('planStatusOf (L0-L2 from the plan’s orders)', () => {
  itReturns('%o -> L%i (%s)', planStatusOf, [
    [{ planned: 0, loaded: 0 }, 0, 'an empty plan is planning'],
    [{ planned: 3, loaded: 0 }, 0, 'nothing loaded yet'],
    [{ planned: 2, loaded: 1 }, 1, 'some loaded, some planned'],
    [{ planned: 0, loaded: 3 }, 2, 'every order loaded'],
  ]);
});

describe('journeyStatusOf (L3-L5 after departure)', () => {
  itReturns('%o -> L%i (%s)', journeyStatusOf, [
    [{ total: 5, arrived: 0, signed: 0 }, 3, 'on the way'],
    [{ total: 5, arrived: 1, signed: 0 }, 4, 'one order arrived overseas'],
    [{ total: 5, arrived: 5, signed: 4 }, 4, 'arrived, one order not signed'],
    [{ total: 5, arrived: 5, signed: 5 }, 5, 'every order signed'],
    [{ total: 0, arrived: 0, signed: 0 }, 3, 'no orders: never finished by itself'],
  ]);
});

describe('loadAllows: every operation in every load status', () => {
  const allowed: Record<TLoadOperation, number[]> = {
    editPlan: [0, 1, 2],
    addToPlan: [0, 1, 2],
    removeFromPlan: [0, 1, 2],
    deletePlan: [0],
    load: [0, 1, 2],
    unload: [1, 2],
    cancelLoading: [1, 2],
    editContainer: [1, 2, 3, 4],
    depart: [2],
    cancelDeparture: [3],
    milestone: [3, 4],
    changeEta: [2, 3],
    files: [0, 1, 2, 3, 4],
    deliveryNotes: [4, 5],
  };

  it('covers exactly the operations of LOAD_OPERATIONS, each with a refusal key', () => {
    expect(Object.keys(LOAD_OPERATIONS).sort()).toEqual(Object.keys(allowed).sort());
    for (const op of Object.keys(allowed)) expect(LOAD_REJECT_KEYS[op as TLoadOperation]).toMatch(/^msg_load_/);
  });

  const cases = (Object.keys(allowed) as TLoadOperation[]).flatMap((op) =>
    [...LOAD_STATUSES, 6, -1].map((status) => [op, status, allowed[op].includes(status)] as const),
  );
  it.each(cases)('%s in L%i -> %s', (op, status, expected) => {
    expect(loadAllows(op, status)).toBe(expected);
  });
});

describe('fillOf: the gauge in exact decimals', () => {
  it.each([
    ['40HQ', '34', '13000', '50.0', '50.0', false],
    ['40HQ', '57.8', '22100', '85.0', '85.0', false],
    ['40HQ', '68', '26000', '100.0', '100.0', false],
    ['40HQ', '68.034', '1', '100.1', '0.0', true],
    // 1 kg over the maximum: shown as 100.0 %, still a warning (the exact fill is compared)
    ['40HQ', '1', '26001', '1.5', '100.0', true],
    ['20GP', '1', '10500.5', '3.6', '50.0', false],
    ['20GP', '0', '0', '0.0', '0.0', false],
    ['45HQ', '0.001', '0.01', '0.0', '0.0', false],
    ['TRUCK_6W', '36', '8000.4', '120.0', '100.0', true],
    ['TRAILER_18W', '170', '60000', '200.0', '200.0', true],
  ])('%s with %s m³ and %s kg -> %s %% / %s %%, over %s', (type, volume, weight, v, w, over) => {
    expect(fillOf(type, volume, weight)).toEqual({ volumePercent: v, weightPercent: w, over });
  });

  it('has no gauge for an unknown container type', () => {
    expect(fillOf('99XX', '10', '10')).toEqual({ volumePercent: null, weightPercent: null, over: false });
  });

  it('knows every container type of the dictionary with a positive capacity', () => {
    expect(Object.keys(CONTAINER_CAPACITY)).toEqual([
      '20GP',
      '40GP',
      '40HQ',
      '45HQ',
      'TRUCK_6W',
      'TRUCK_9_6M',
      'TRUCK_10W',
      'TRAILER_18W',
    ]);
    for (const c of Object.values(CONTAINER_CAPACITY)) {
      expect(money(c.volume).gt(0)).toBe(true);
      expect(money(c.weight).gt(0)).toBe(true);
    }
  });

  it('refuses garbage sums instead of reading them as zero', () => {
    expect(() => fillOf('40HQ', 'abc', '1')).toThrow(RangeError);
  });
});

describe('fillBand: green under 85, blue 85-100, red over 100', () => {
  itReturns('%s -> %s', fillBand, [
    [null, 'ok'],
    ['0.0', 'ok'],
    ['84.9', 'ok'],
    ['85.0', 'full'],
    ['99.9', 'full'],
    ['100.0', 'full'],
    ['100.1', 'over'],
    ['250.0', 'over'],
  ]);
});

describe('milestonesFor: manual milestones per transport mode, in journey order', () => {
  const land = ['10', '11', '12', '13', '15', '16', '17', '19', '20', '21'];
  const sea = ['10', '11', '12', '13', '14', '17', '18', '19', '20', '21'];
  const air = ['11', '12', '13', '17', '18', '19', '20', '21'];
  const rail = ['10', '11', '12', '13', '15', '16', '17', '18', '19', '20', '21'];
  it.each([
    ['EK', land],
    ['TRANSIT', land],
    ['BULK', land],
    ['SEA', sea],
    ['FCL', sea],
    ['AIR', air],
    ['DIRECT', air],
    ['RAIL', rail],
    ['XX', []],
  ])('%s -> %o', (mode, codes) => {
    expect(milestonesFor(mode)).toEqual(codes);
  });

  it('tells manual milestones from automatic ones', () => {
    expect(['10', '21', '4', '5', '8', '22'].map(isManualMilestone)).toEqual([true, true, false, false, false, false]);
  });
});

describe('formatLoadNo', () => {
  it.each([
    ['261123', 1, 'LD2611230001'],
    ['261123', 9999, 'LD2611239999'],
    ['270101', 12345, 'LD27010112345'],
  ])('%s #%i -> %s', (period, n, no) => {
    expect(formatLoadNo(period, n)).toBe(no);
    expect(no).toMatch(LOAD_NO_PATTERN);
  });

  it('the pattern refuses other numbers', () => {
    expect(['LD261123001', 'LX2611230001', 'LD2611230001A', 'ld2611230001'].some((n) => LOAD_NO_PATTERN.test(n))).toBe(
      false,
    );
  });
});
