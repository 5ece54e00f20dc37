import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { basMark } from '../bas.table';

/**
 * The staff of a mark as SQL pieces for other modules' lists (the exception list's 'the mark's service person'),
 * so they never name bas_mark themselves (issue 12 item 3).
 */

/** The user id of the mark's customer-service person (null without a mark or a service person). */
export function markServiceIdOf(markId: AnyPgColumn | SQL): SQL<number | null> {
  return sql<number | null>`(SELECT ${basMark.service} FROM ${basMark} WHERE ${basMark.id} = ${markId})`;
}
