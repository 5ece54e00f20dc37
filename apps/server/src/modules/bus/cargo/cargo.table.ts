import { bigint, index, integer, numeric, pgTable, smallint } from 'drizzle-orm/pg-core';
import { auditColumns, optionalText } from '../../../platform/db/columns';
import { busOrder } from '../inware/inware.table';

/**
 * Cargo lines of an order (spec §3 'Cargo line', screens Q9): `piece` cartons of one size, `weight` the line's
 * total kg, `totalCount` the units inside. Declared lines have receivingNo ''; the lines measured at a warehouse
 * receipt carry that receipt's number (a re-measure replaces them). Deleted with their order.
 */
export const busCargo = pgTable(
  'bus_cargo',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint({ mode: 'number' })
      .notNull()
      .references(() => busOrder.id, { onDelete: 'cascade' }),
    lineNo: smallint().notNull().default(0),
    receivingNo: optionalText(30),
    totalCount: integer(),
    piece: integer().notNull(),
    cargoLength: numeric({ precision: 10, scale: 2 }),
    cargoWidth: numeric({ precision: 10, scale: 2 }),
    cargoHight: numeric({ precision: 10, scale: 2 }),
    weight: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    volume: numeric({ precision: 12, scale: 3 }).notNull().default('0'),
    /** 'L×W×H' as printed */
    size: optionalText(60),
    ...auditColumns,
  },
  (t) => [index('bus_cargo_order_idx').on(t.orderId, t.receivingNo, t.lineNo)],
);
