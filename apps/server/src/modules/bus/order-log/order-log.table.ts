import type { TOrderFieldChange } from '@theone/contracts';
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { linkId, optionalText } from '../../../platform/db/columns';
import { createdColumns } from '../bus.columns';

/**
 * The order log (DOMAIN §2): one row per action on an order, written in the action's transaction: who, when,
 * the action (contracts TOrderLogAction), status from -> to, a remark, and for edits the fields before -> after.
 * No foreign key: the rows of a deleted staged order stay, named by transportId.
 */
export const busOrderLog = pgTable(
  'bus_order_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: linkId(),
    transportId: varchar({ length: 20 }).notNull(),
    action: varchar({ length: 30 }).notNull(),
    fromStatus: smallint(),
    toStatus: smallint(),
    remark: optionalText(500),
    changes: jsonb().$type<TOrderFieldChange[]>().notNull().default(sql`'[]'::jsonb`),
    ...createdColumns(),
  },
  (t) => [index('bus_order_log_order_idx').on(t.orderId, t.id)],
);
