import { bigint, char, index, pgTable, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, remarkColumn, versionColumn } from '../../../platform/db/columns';

/**
 * The pick-up (arrive) record of a departed load (screens bus-container.md §0: created at departure, P0 on the way,
 * P1 picked up, P2 partly in the overseas warehouse, P3 all in). Departure (A15) creates it; cancelling departure
 * (A16) deletes it while it is still P0. The destination issue adds the pick-up screens and actions on it.
 */
const ts = () => timestamp({ withTimezone: true });

export const busArrive = pgTable(
  'bus_arrive',
  {
    id: idColumn(),
    loadId: bigint({ mode: 'number' }).notNull(),
    status: smallint().notNull().default(0),
    pickupTime: ts(),
    vehicleId: bigint({ mode: 'number' }),
    driverId: bigint({ mode: 'number' }),
    /** the overseas warehouse */
    houseId: bigint({ mode: 'number' }),
    unloadTime: ts(),
    sealIntact: char({ length: 1 }),
    ...versionColumn,
    ...auditColumns,
    ...remarkColumn,
  },
  (t) => [uniqueIndex('bus_arrive_load_uq').on(t.loadId), index('bus_arrive_status_idx').on(t.status)],
);
