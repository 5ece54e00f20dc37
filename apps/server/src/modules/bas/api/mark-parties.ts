import { type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { dataScopeFilter } from '../../../platform/auth/data-scope';
import type { DbOrTx } from '../../../platform/db/database';
import { basMark } from '../bas.table';

/**
 * The parties of a mark, for modules that keep per-party figures of their own records (the load record's
 * `bus_load_party`): who may see the mark's orders under the data scopes of `markScopeFilter` (mark-scope.ts):
 * its sales person and its customer-service person (kind 'u', scope 5 'self') and its department (kind 'd',
 * scopes 2-4). A module stores (kind, ref) rows per record and filters them with `partyScopeFilter`, which
 * applies the same roles as `markScopeFilter` does to bas_mark, so the two never disagree.
 */

export type TPartyKind = 'u' | 'd';

/**
 * `(kind, ref_id)` rows of the mark whose id is `markId` (a column or expression of the caller's query), for a
 * LATERAL join; a person who is both sales and service of the mark appears once.
 */
export function markPartiesSql(markId: SQL): SQL {
  return sql`(SELECT 'u'::char(1) AS kind, m.sales AS ref_id FROM ${basMark} m WHERE m.id = ${markId} AND m.sales IS NOT NULL
    UNION SELECT 'u', m.service FROM ${basMark} m WHERE m.id = ${markId} AND m.service IS NOT NULL
    UNION SELECT 'd', m.dept_id FROM ${basMark} m WHERE m.id = ${markId} AND m.dept_id IS NOT NULL)`;
}

/** The caller's data scope over party rows (undefined: every party); the twin of markScopeFilter. */
export function partyScopeFilter(auth: AuthContext, kind: SQL, ref: SQL): SQL | undefined {
  return dataScopeFilter(auth, {
    dept: sql`(CASE WHEN ${kind} = 'd' THEN ${ref} END)`,
    self: sql`(${kind} = 'u' AND ${ref} = ${auth.userId})`,
  });
}

/**
 * The same scope over a record's parties kept as arrays on the record (`users`, `depts`: bigint[] of its party
 * rows' ids), tested in the record's row without reading the party rows.
 */
export function partyArraysScopeFilter(auth: AuthContext, users: SQL, depts: SQL): SQL | undefined {
  return dataScopeFilter(auth, { depts, self: sql`${auth.userId}::bigint = ANY(${users})` });
}

/**
 * Whether summing the party rows the caller's scope selects counts each order once: true when the caller's
 * scoping roles are all 'self' (one person: a mark's sales and service rows are one row when the same person) or all
 * department scopes (a mark has one department). A user holding both kinds would count an order of their own
 * customer in their department twice, so their sums come from the orders themselves.
 */
export function partySumsExact(auth: AuthContext): boolean {
  const scopes = new Set(auth.roles.map((r) => r.dataScope));
  if (auth.isAdmin || scopes.has('1')) return true;
  const self = scopes.has('5');
  const dept = scopes.has('2') || scopes.has('3') || scopes.has('4');
  return !(self && dept);
}

type TPartyListener = (tx: DbOrTx, markIds: readonly number[]) => Promise<void>;
const listeners: TPartyListener[] = [];

/** Registers a module's refresh of its per-party rows, called in the transaction that changed a mark's parties. */
export function onMarkPartiesChanged(listener: TPartyListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/** bas calls this after changing the sales person, the service person or the department of marks. */
export async function markPartiesChanged(tx: DbOrTx, markIds: readonly number[]): Promise<void> {
  if (!markIds.length) return;
  for (const listener of listeners) await listener(tx, markIds);
}
