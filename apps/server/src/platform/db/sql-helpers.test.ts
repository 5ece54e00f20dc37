import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { busArrive } from '../../modules/bus/arrive/arrive.table';
import { busLoad } from '../../modules/bus/load/load.table';
import { selectList } from './sql-helpers';

describe('selectList', () => {
  const list = selectList(
    { id: busArrive.id, pickupTime: busArrive.pickupTime, weight: sql<string>`${busLoad.totalWeight}::text` },
    { two: '1 + 1' },
  );

  it('renders columns, parameter-free Drizzle expressions and raw expressions once, as Drizzle names them', () => {
    expect(list.text).toBe(
      '"bus_arrive"."id" AS "id", "bus_arrive"."pickup_time" AS "pickupTime", ("bus_load"."total_weight"::text) AS "weight", (1 + 1) AS "two"',
    );
  });

  it('maps what the driver returns as Drizzle would: timestamp text becomes a Date, null stays null', () => {
    const rows = list.typed([
      { id: 1, pickupTime: '2026-11-28 08:00:00', weight: '12.500', two: 2 },
      { id: 2, pickupTime: null, weight: '0', two: 2 },
      { id: 3, pickupTime: new Date('2026-11-28T09:00:00Z'), weight: '1', two: 2 },
    ]);
    expect(rows[2]!.pickupTime).toEqual(new Date('2026-11-28T09:00:00Z'));
    expect(rows[0]!.pickupTime).toEqual(new Date('2026-11-28T08:00:00Z'));
    expect(rows[0]!.weight).toBe('12.500');
    expect(rows[1]!.pickupTime).toBeNull();
  });

  it('refuses an expression with a bound value at start-up (the text is sent as is)', () => {
    expect(() => selectList({ x: sql`${busArrive.id} + ${5}` })).toThrow(/"x" has parameters/);
  });
});
