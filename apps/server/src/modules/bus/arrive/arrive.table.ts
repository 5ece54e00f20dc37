import { sql } from 'drizzle-orm';
import { bigint, char, index, integer, pgTable, smallint, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, linkId, remarkColumn, versionColumn } from '../../../platform/db/columns';
import { createdColumns, recordPhotoTable, ts } from '../bus.columns';

/**
 * The pick-up (arrive) record of a departed load (screens bus-container.md §0: created at departure, P0 on the way,
 * P1 picked up, P2 partly in the overseas warehouse, P3 all in). Departure (A15) creates it; cancelling departure
 * (A16) deletes it while it is still P0. The pick-up and arrival actions are in arrive.service.ts.
 */
export const busArrive = pgTable(
  'bus_arrive',
  {
    id: idColumn(),
    loadId: linkId(),
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

/**
 * One row per order received in the overseas warehouse (A17), deleted when the arrival is cancelled (A18): when
 * and into which warehouse it arrived (days in stock) and the piece labels counted by the scans (1..arrivedPiece).
 * The order itself carries `arrive_id` (written by the order core).
 */
export const busArriveOrder = pgTable(
  'bus_arrive_order',
  {
    id: idColumn(),
    arriveId: linkId(),
    orderId: linkId(),
    arriveTime: ts().notNull(),
    houseId: bigint({ mode: 'number' }),
    pieces: integer().array().notNull().default(sql`'{}'::integer[]`),
    ...createdColumns(),
  },
  (t) => [
    uniqueIndex('bus_arrive_order_order_uq').on(t.orderId),
    index('bus_arrive_order_arrive_idx').on(t.arriveId),
    index('bus_arrive_order_time_idx').on(t.arriveTime),
  ],
);

/** Photos of a pick-up (kind '1' the seal, '2' the doors), files of the files module (arrive-files.ts). */
export const busArrivePhoto = recordPhotoTable('bus_arrive_photo', 'arriveId', { kind: char({ length: 1 }).notNull() });
