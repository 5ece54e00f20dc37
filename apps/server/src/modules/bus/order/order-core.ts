import type { TOrderLogAction } from '@theone/contracts';
import { checkOrderAction, fromStatuses, NEW_ORDER, ORDER_TRANSITIONS, type TOrderAction } from '@theone/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { allOf } from '../../../platform/db/sql-helpers';
import { type AppError, changedReload, notFound, wrongState } from '../../../platform/errors';
import { busOrder } from '../inware/inware.table';
import { bulkInsertJson, orderScope, type TOrderRow } from '../inware/order-common';
import { lockLoads, partyFiguresChanged, refreshLoadTotals } from '../load/load-record';
import { type TOrderLogEntry, writeOrderLog } from '../order-log/order-log.service';
import { lockRuns, refreshRunTotals } from '../send/send-record';

/**
 * The order-lifecycle core (ADR 0009): the only code that writes an order's `status` (and the columns later
 * modules project onto the order). Every order action goes through `applyOrderAction` inside the caller's
 * transaction:
 *
 * 1. load the orders by id in the caller's data scope (an id outside it is 'not found');
 * 2. compare the versions the caller read ('changed by someone else');
 * 3. check the action against ORDER_TRANSITIONS in contracts (from-statuses, notAudited, noOpenException);
 * 4. the caller's `check` on the accepted rows (permissions, required fields...), then its `patch` per order;
 * 5. the runs, then the loads, the orders leave or join locked in ascending ids (those the caller holds are not
 *    locked again): every transaction that writes orders takes its locks in the order runs, loads, orders, so
 *    actions on a run or load and actions on its orders wait for each other instead of deadlocking;
 * 6. one conditional UPDATE per order `WHERE id AND version AND status = ANY(from)`, the status taken from the
 *    transition map (never from the caller), or the DELETE of A4;
 * 7. the order-log rows, and the stored totals of those loads and runs, in the same transaction.
 *
 * `allOrNothing` (the default, what the order screens do) throws the first refusal as the HTTP answer (404,
 * 409 msg_changed_reload, 422 the action's 'reselect' key naming the orders); otherwise each order's outcome
 * is returned and the others go on (a batch can say '3 done, 1 changed by someone else').
 */

export type TOrderOutcomeKind = 'done' | 'skipped' | 'changed' | 'wrongState' | 'notFound';

export interface TOrderOutcome {
  id: number;
  outcome: TOrderOutcomeKind;
  action?: TOrderAction;
  /** the refusal key for 'wrongState' */
  messageKey?: string;
  before?: TOrderRow;
  /** the row as written ('done') */
  after?: TOrderRow;
}

/** What the caller adds to a log row (order, transport id, statuses and action default to the update's). */
export type TLogPart = Partial<TOrderLogEntry>;

export interface TOrderActionInput {
  ids: readonly number[];
  /** aligned with ids; an undefined entry is not compared */
  versions?: readonly (number | undefined)[];
  /**
   * The orders as the caller has just read them in this transaction through the same reach (a scan's one order):
   * when they hold every id they are not read again. The writes still compare versions.
   */
  read?: readonly TOrderRow[];
  /** the action, or per order (null = the status allows none of them: refused with `wrongStateKey`) */
  action: TOrderAction | ((row: TOrderRow) => TOrderAction | null);
  wrongStateKey?: string;
  /** runs once the actions are known, before the transition map's guards (permissions per action; may throw) */
  authorize?: (plan: readonly { row: TOrderRow; action: TOrderAction }[]) => void;
  /** runs on the accepted orders before any write (may throw) */
  check?: (plan: readonly { row: TOrderRow; action: TOrderAction }[]) => void | Promise<void>;
  /** the other columns to write; null = nothing to do for this order (outcome 'skipped') */
  patch?: (row: TOrderRow, action: TOrderAction) => Partial<TOrderRow> | null | Promise<Partial<TOrderRow> | null>;
  /** the log rows of one order (none: null or []); default one row with the action */
  log?: (before: TOrderRow, after: TOrderRow, set: Partial<TOrderRow>, action: TOrderAction) => TLogPart[] | null;
  allOrNothing?: boolean;
}

export interface TOrderCoreCtx {
  auth: AuthContext;
  /**
   * The orders the caller reaches, when a module widens the data scope through its own records (a driver reaches
   * the orders of their delivery runs, bus/send); default `orderScope(auth)`. undefined from it = every order.
   */
  reach?: (auth: AuthContext) => SQL | undefined;
}

/** The spec's 'reselect' refusal naming the orders in the wrong state. */
export function refuseOrders(key: string, rows: readonly Pick<TOrderRow, 'transportId'>[]): AppError {
  const list = rows.map((r) => r.transportId).join(', ');
  // the M-exc text names {{transportId}}, the 'reselect' texts {{list}}
  return wrongState(key, { list, transportId: list });
}

/** Orders by id in the caller's scope, in the order of the ids (duplicates dropped); missing ones left out. */
export async function ordersInScope(
  db: DbOrTx,
  auth: AuthContext,
  ids: readonly number[],
  reach: TOrderCoreCtx['reach'] = orderScope,
): Promise<TOrderRow[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await db
    .select()
    .from(busOrder)
    .where(allOf([inArray(busOrder.id, unique), reach(auth)]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** Orders by id in the caller's scope; any id missing or outside the scope is a 404. */
export async function loadOrders(
  db: DbOrTx,
  auth: AuthContext,
  ids: readonly number[],
  reach?: TOrderCoreCtx['reach'],
): Promise<TOrderRow[]> {
  const rows = await ordersInScope(db, auth, ids, reach);
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

export async function loadOrder(db: DbOrTx, auth: AuthContext, id: number): Promise<TOrderRow> {
  return (await loadOrders(db, auth, [id]))[0]!;
}

/** Columns nobody writes through an action (keys, generated and creation columns). */
function writable(set: Partial<TOrderRow>) {
  const {
    id: _id,
    version: _v,
    status: _s,
    expressNos: _e,
    receivingNos: _r,
    createTime: _c,
    ...values
  } = set as TOrderRow;
  return values;
}

async function writeOne(
  tx: DbOrTx,
  row: TOrderRow,
  action: TOrderAction,
  set: Partial<TOrderRow>,
  by: string,
): Promise<TOrderRow | null> {
  const to = ORDER_TRANSITIONS[action].to;
  const where = and(
    eq(busOrder.id, row.id),
    eq(busOrder.version, row.version),
    sql`${busOrder.status} = ANY(${sql.param(fromStatuses(action))}::smallint[])`,
  );
  if (to === 'deleted') {
    const [gone] = await tx.delete(busOrder).where(where).returning();
    return gone ?? null;
  }
  const [updated] = await tx
    .update(busOrder)
    .set({
      ...writable(set),
      ...(to === 'unchanged' ? {} : { status: to }),
      version: sql`${busOrder.version} + 1`,
      updateBy: by,
      updateTime: sql`now()`,
    })
    .where(where)
    .returning();
  return updated ?? null;
}

/** A stable key of the columns an update writes, or null when a value is not plain data (an SQL expression). */
function setKey(action: TOrderAction, set: Partial<TOrderRow>): string | null {
  const entries = Object.entries(writable(set)).sort(([a], [b]) => a.localeCompare(b));
  for (const [, v] of entries)
    if (v !== null && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v)) return null;
  return JSON.stringify([action, entries]);
}

/**
 * The conditional UPDATE of many orders that write the same columns, as one statement per group (same action, same
 * values): `WHERE (id, version) IN (...) AND status = ANY(from)`. Answers the rows written by id; a row missing from
 * the answer was changed meanwhile (null). Single orders, deletes and updates with SQL expressions are left to
 * `writeOne` (not in the map).
 */
async function writeGroups(
  tx: DbOrTx,
  items: readonly { row: TOrderRow; action: TOrderAction; set: Partial<TOrderRow> }[],
  by: string,
): Promise<Map<number, TOrderRow | null>> {
  const groups = new Map<string, typeof items extends readonly (infer T)[] ? T[] : never>();
  for (const item of items) {
    if (ORDER_TRANSITIONS[item.action].to === 'deleted') continue;
    const key = setKey(item.action, item.set);
    if (key === null) continue;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const out = new Map<number, TOrderRow | null>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const { action, set } = group[0]!;
    const to = ORDER_TRANSITIONS[action].to;
    const ids = group.map((g) => g.row.id);
    const versions = group.map((g) => g.row.version);
    const rows = (await tx
      .update(busOrder)
      .set({
        ...writable(set),
        ...(to === 'unchanged' ? {} : { status: to as number }),
        version: sql`${busOrder.version} + 1`,
        updateBy: by,
        updateTime: sql`now()`,
      })
      .where(
        and(
          sql`(${busOrder.id}, ${busOrder.version}) IN (SELECT * FROM unnest(${sql.param(ids)}::bigint[], ${sql.param(versions)}::int[]))`,
          sql`${busOrder.status} = ANY(${sql.param(fromStatuses(action))}::smallint[])`,
        ),
      )
      .returning()) as TOrderRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) out.set(id, byId.get(id) ?? null);
  }
  return out;
}

/** The one way to change orders' status and lifecycle columns; see the header. */
export async function applyOrderAction(
  tx: DbOrTx,
  ctx: TOrderCoreCtx,
  input: TOrderActionInput,
): Promise<TOrderOutcome[]> {
  const { auth } = ctx;
  const strict = input.allOrNothing !== false;
  const unique = [...new Set(input.ids)];
  const given = input.read ? new Map(input.read.map((r) => [r.id, r])) : undefined;
  const rows =
    given && unique.every((id) => given.has(id))
      ? unique.map((id) => given.get(id)!)
      : strict
        ? await loadOrders(tx, auth, unique, ctx.reach)
        : await ordersInScope(tx, auth, unique, ctx.reach);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const versionOf = new Map<number, number | undefined>();
  input.ids.forEach((id, i) => {
    if (!versionOf.has(id)) versionOf.set(id, input.versions?.[i]);
  });
  const outcomes = new Map<number, TOrderOutcome>();
  for (const id of unique) if (!byId.has(id)) outcomes.set(id, { id, outcome: 'notFound' });
  // versions read by the caller
  for (const r of rows) {
    const v = versionOf.get(r.id);
    if (v !== undefined && v !== r.version) {
      if (strict) throw changedReload();
      outcomes.set(r.id, { id: r.id, outcome: 'changed', before: r });
    }
  }
  // the transition map
  const resolved: { row: TOrderRow; action: TOrderAction }[] = [];
  const refused: { key: string; row: TOrderRow; action?: TOrderAction }[] = [];
  const refuse = () => {
    if (refused.length && strict) {
      const first = refused[0]!.key;
      throw refuseOrders(
        first,
        refused.filter((r) => r.key === first).map((r) => r.row),
      );
    }
  };
  for (const row of rows) {
    if (outcomes.has(row.id)) continue;
    const action = typeof input.action === 'function' ? input.action(row) : input.action;
    if (action === null) refused.push({ key: input.wrongStateKey ?? 'msg_changed_reload', row });
    else resolved.push({ row, action });
  }
  refuse();
  input.authorize?.(resolved);
  const plan: { row: TOrderRow; action: TOrderAction }[] = [];
  for (const { row, action } of resolved) {
    const key = checkOrderAction(
      { status: row.status as never, auditStatus: row.auditStatus, ifException: row.ifException },
      action,
    );
    if (key === null) plan.push({ row, action });
    else refused.push({ key, row, action });
  }
  refuse();
  for (const r of refused)
    outcomes.set(r.row.id, { id: r.row.id, outcome: 'wrongState', messageKey: r.key, action: r.action, before: r.row });
  await input.check?.(plan);
  // the writes, with their log rows
  const logs: TOrderLogEntry[] = [];
  const sets = new Map<number, Partial<TOrderRow>>();
  for (const { row, action } of plan) {
    const set = input.patch ? await input.patch(row, action) : {};
    if (set === null) outcomes.set(row.id, { id: row.id, outcome: 'skipped', action, before: row });
    else sets.set(row.id, set);
  }
  const touched = (key: 'loadId' | 'sendId') =>
    plan.flatMap(({ row }) => [row[key], sets.get(row.id)?.[key]].filter((x): x is number => typeof x === 'number'));
  await lockRuns(tx, touched('sendId'));
  await lockLoads(tx, touched('loadId'));
  // orders with the same action and the same columns to write: one statement per group (a plan of 500 orders)
  const written = await writeGroups(
    tx,
    plan.filter((p) => sets.has(p.row.id)).map((p) => ({ ...p, set: sets.get(p.row.id)! })),
    auth.userName,
  );
  for (const { row, action } of plan) {
    const set = sets.get(row.id);
    if (set === undefined) continue;
    const after = written.has(row.id) ? written.get(row.id)! : await writeOne(tx, row, action, set, auth.userName);
    if (!after) {
      if (strict) throw changedReload();
      outcomes.set(row.id, { id: row.id, outcome: 'changed', action, before: row });
      continue;
    }
    const deleted = ORDER_TRANSITIONS[action].to === 'deleted';
    const base: TOrderLogEntry = {
      orderId: row.id,
      transportId: row.transportId,
      action,
      fromStatus: row.status,
      toStatus: deleted ? null : after.status,
    };
    const parts = input.log ? (input.log(row, after, set, action) ?? []) : [{}];
    for (const part of parts) logs.push({ ...base, ...part });
    outcomes.set(row.id, { id: row.id, outcome: 'done', action, before: row, after });
  }
  await writeOrderLog(tx, auth.userName, logs);
  // the stored totals of the loads and runs these orders left, joined or changed in
  const done = [...outcomes.values()].filter((o) => o.outcome === 'done');
  const linked = (key: 'loadId' | 'sendId') => (o: TOrderOutcome) =>
    [o.before?.[key], o.after?.[key]].filter((x): x is number => typeof x === 'number');
  // ... and the loads' party rows where a write could change them (a deletion always can)
  const partyLoads = done.filter(
    (o) =>
      !o.before || !o.after || ORDER_TRANSITIONS[o.action!].to === 'deleted' || partyFiguresChanged(o.before, o.after),
  );
  await refreshLoadTotals(tx, done.flatMap(linked('loadId')), partyLoads.flatMap(linked('loadId')));
  const runs = done.flatMap(linked('sendId'));
  await refreshRunTotals(tx, runs);
  return unique.map((id) => outcomes.get(id)!);
}

/** The rows written ('done'), in the order of the ids. */
export const doneRows = (outcomes: readonly TOrderOutcome[]): TOrderRow[] =>
  outcomes.flatMap((o) => (o.outcome === 'done' && o.after ? [o.after] : []));

/** Counts per outcome, for a batch's answer ('3 done, 1 changed by someone else'). */
export function summarizeOutcomes(outcomes: readonly TOrderOutcome[]): Record<TOrderOutcomeKind, number> {
  const out: Record<TOrderOutcomeKind, number> = { done: 0, skipped: 0, changed: 0, wrongState: 0, notFound: 0 };
  for (const o of outcomes) out[o.outcome]++;
  return out;
}

/**
 * A new order from the entry form (A1 save, A2 confirm, A8 no-mark cargo): the status is the create action's
 * target in the transition map, the log row is written in the same transaction. Unique violations (a waybill
 * number taken) reach the caller.
 */
export async function insertOrder(
  tx: DbOrTx,
  ctx: TOrderCoreCtx,
  action: TOrderAction,
  values: typeof busOrder.$inferInsert,
): Promise<TOrderRow> {
  const to = ORDER_TRANSITIONS[action].to;
  if (!ORDER_TRANSITIONS[action].from.includes(NEW_ORDER) || typeof to !== 'number')
    throw new Error(`Order action '${action}' does not create an order`);
  const [row] = (await tx
    .insert(busOrder)
    .values({ ...values, status: to })
    .returning()) as [TOrderRow];
  await writeOrderLog(tx, ctx.auth.userName, [
    { orderId: row.id, transportId: row.transportId, action, fromStatus: null, toStatus: row.status },
  ]);
  return row;
}

/**
 * Many new orders of one create action in one statement (imports): the status from the transition map, one log
 * row each, named `logAction` (an import logs 'import'). Answers the ids and waybill numbers in the given order.
 */
export async function insertOrders(
  tx: DbOrTx,
  ctx: TOrderCoreCtx,
  action: TOrderAction,
  values: readonly (typeof busOrder.$inferInsert)[],
  logAction: TOrderLogAction = action,
): Promise<{ id: number; transportId: string }[]> {
  const to = ORDER_TRANSITIONS[action].to;
  if (!ORDER_TRANSITIONS[action].from.includes(NEW_ORDER) || typeof to !== 'number')
    throw new Error(`Order action '${action}' does not create an order`);
  const created = await bulkInsertJson<{ id: number; transportId: string }>(
    tx,
    'bus_order',
    values.map((v) => ({ ...v, status: to })),
    ['id', 'transportId'],
  );
  await writeOrderLog(
    tx,
    ctx.auth.userName,
    created.map((o) => ({
      orderId: o.id,
      transportId: o.transportId,
      action: logAction,
      fromStatus: null,
      toStatus: to,
    })),
  );
  return created;
}

/** The create action of an entry-form status (0 save, 1 confirm, 2 no-mark cargo received). */
export function createActionFor(status: number): TOrderAction {
  return status === 0 ? 'save' : status === 1 ? 'confirm' : 'registerNoMark';
}
