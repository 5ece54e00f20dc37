import type { TOrderFieldChange } from '@theone/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { markIdInScope } from '../../bas/mark-scope';
import { busOrder } from './inware.table';

/**
 * Small shared pieces of the order module: data scope, business-time-zone times, the row type.
 *
 * Data scope (DOMAIN §7, docs/domain.md): an order is visible when its mark is in the caller's mark scope
 * (`markIdInScope`: all, departments, or 'self' = marks whose sales or service person is the user). Cargo without
 * a mark (noMarkOrder) belongs to nobody yet, so every order user sees it: that is how its owner is found.
 */
export function orderScope(
  auth: AuthContext,
  table: typeof busOrder = busOrder,
  options: { probe?: boolean } = {},
): SQL | undefined {
  return markIdInScope(auth, table.markId, { includeNull: true, probe: options.probe });
}

export type TOrderRow = typeof busOrder.$inferSelect;

/** The consignee's and the shipper's fields of an order (names, phones, the delivery address). */
export const PARTY_FIELDS = ['consignee', 'consigneeTel', 'consigneeAddr', 'shipper', 'shipperTel'] as const;

/** An order's quantities as entered and as received (columns of a select, or of an ORDER BY allowlist). */
export const orderQuantityColumns = {
  cargoPiece: busOrder.cargoPiece,
  cargoWeight: busOrder.cargoWeight,
  cargoVolume: busOrder.cargoVolume,
  arrivedPiece: busOrder.arrivedPiece,
  arrivedWeight: busOrder.arrivedWeight,
  arrivedVolume: busOrder.arrivedVolume,
};

const snake = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/**
 * Inserts many rows of a table in one statement per chunk, the rows travelling as one JSON parameter
 * (`json_populate_recordset`): fast to build and to send for imports of thousands of rows. Every row must have
 * the same keys (camelCase column keys); values are what the column takes (Date, string, number, null).
 */
export async function bulkInsertJson<T>(
  db: { execute: (q: SQL) => Promise<{ rows: unknown[] }> },
  table: string,
  rows: readonly Record<string, unknown>[],
  returning: string[],
  chunk = 2000,
): Promise<T[]> {
  if (!rows.length) return [];
  const keys = Object.keys(rows[0]!);
  const cols = keys.map(snake);
  const list = sql.raw(cols.map((c) => `"${c}"`).join(', '));
  const out: T[] = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const json = JSON.stringify(
      rows.slice(i, i + chunk).map((r) => Object.fromEntries(keys.map((k, j) => [cols[j], r[k] ?? null]))),
    );
    const r = await db.execute(
      sql`INSERT INTO ${sql.raw(`"${table}"`)} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${sql.raw(`"${table}"`)}, ${json}::json) RETURNING ${sql.raw(returning.map((c) => `"${snake(c)}" AS "${c}"`).join(', '))}`,
    );
    out.push(...(r.rows as T[]));
  }
  return out;
}

/** `column = ANY($values)` for a text or bigint column, built safely. */
export function anyOf(column: SQL | typeof busOrder.transportId, values: readonly (string | number)[]): SQL {
  return sql`${column} = ANY(${sql.param(values as unknown[])})`;
}

/** The values that differ between two records, for the order log (before -> after). */
export function diffFields<T extends Record<string, unknown>>(before: T, after: Partial<T>, fields: readonly string[]) {
  const norm = (v: unknown): string | number | null => {
    if (v === undefined || v === null || v === '') return null;
    if (v instanceof Date) return v.toISOString();
    if (typeof v === 'number') return v;
    return String(v);
  };
  const out: TOrderFieldChange[] = [];
  for (const f of fields) {
    if (!(f in after)) continue;
    const a = norm(before[f]);
    const b = norm(after[f]);
    if (a !== b) out.push({ field: f, before: a, after: b });
  }
  return out;
}

/** A new (or reopened) problem item: who raised it and when; nobody has it in hand yet. */
export const raisedNow = (userName: string) => ({
  exceptionRaiseBy: userName,
  exceptionRaiseTime: new Date(),
  exceptionHandler: '',
  exceptionHandleTime: null,
});
