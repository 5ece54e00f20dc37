import {
  CONTAINER_CAPACITY,
  CONTAINER_TYPES,
  LOAD_STATUS,
  money,
  type TLoadActionAnswer,
  type TLoadOrdersBody,
  type TLoadPlanAddBody,
  type TLoadPlanEditBody,
} from '@theone/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { badRequest, changedReload, wrongState } from '../../../platform/errors';
import { newLoadNo } from '../../../platform/sequences';
import { parseBusinessTime, todayIn } from '../../../platform/time';
import { containerPriceOn, geogRefs, warehouseExists } from '../../bas/api/place-refs';
import { deletedEntry, eachRecord, movedOrders } from '../bus-record';
import { needFeeRole, type TOrderCtx } from '../inware/inware.context';
import { busOrder } from '../inware/inware.table';
import { applyOrderAction, doneRows, refuseOrders } from '../order/order-core';
import { busLoad, busTrack } from './load.table';
import {
  loadCounts,
  lockLoad,
  settleLoadStatus,
  type TLoadRecord,
  type TSettled,
  VOYAGE_FIELDS,
  withLockedLoad,
  writeLoadLog,
} from './load-record';

/**
 * Load plans (screens loadplanAdd, loadplanDetails, loadplanList; actions A10, A11): open a plan for one container
 * or truck with its header, add in-stock orders (S2 -> S3) and take them out again (S3 -> S2), edit the header,
 * delete a plan nothing was loaded into. Orders change only through the order core (`applyOrderAction`, which
 * refuses a wrong status, an open problem item and a changed version); the record through load-record.ts, in the
 * same transaction. Every action writes order-log rows (the core) and a load-log row.
 */

type THeader = Omit<TLoadPlanAddBody, 'orderIds'>;

/** loadplan/init: a new plan number, the planner as loading person, the container types with their capacity. */
export async function initPlan(ctx: TOrderCtx) {
  return {
    loadNo: await newLoadNo(ctx.db, ctx.timezone),
    loadPerson: ctx.auth.nickName || ctx.auth.userName,
    containerTypes: CONTAINER_TYPES.map((value) => ({ value, ...CONTAINER_CAPACITY[value]! })),
  };
}

const invalid = (field: string) => badRequest('err_invalid_value', { field }, field);

/** The header's references: origin city, destination place, loading warehouse (bas's read API). */
async function checkHeader(db: DbOrTx, h: Pick<THeader, 'leftAddrId' | 'destAddrId' | 'loadHouseId'>) {
  const places = await geogRefs(db, [h.leftAddrId, h.destAddrId]);
  if (!places.some((g) => g.id === h.leftAddrId && g.orgId === 1)) throw invalid('leftAddrId');
  if (!places.some((g) => g.id === h.destAddrId && g.orgId === 2)) throw invalid('destAddrId');
  if (!(await warehouseExists(db, h.loadHouseId))) throw invalid('loadHouseId');
}

/** The record's columns of a header (the fee left to the caller); times read in the business time zone. */
function headerColumns(h: THeader, timezone: string) {
  const { containerFee: _f, currency: _c, ...rest } = h;
  const time = (v: string | null | undefined) => parseBusinessTime(v, timezone) ?? null;
  return {
    ...rest,
    loadTime: time(h.loadTime),
    clsDate: time(h.clsDate),
    etdDate: time(h.etdDate),
    etaDate: time(h.etaDate),
  };
}

/** The answer of a plan action. */
export function planAnswer(settled: TSettled, done: number): TLoadActionAnswer {
  return {
    id: settled.load.id,
    loadNo: settled.load.loadNo,
    status: settled.load.status,
    version: settled.load.version,
    done,
    loadedPieces: settled.counts.loadedPieces,
    plannedPieces: settled.counts.pieces,
    fill: settled.fill,
  };
}

/**
 * A10 on a locked plan: the orders must be of the plan's transport mode and route with a mark (else
 * msg_route_differs_reselect naming them); the core moves them S2 -> S3 with loadId (refusing a wrong status,
 * an open problem item, a changed version), one order-log row each naming the plan. Then (unless `settle` is
 * false, when the caller settles the record itself) the record's status and a load-log row.
 */
export async function addOrdersToPlan(
  tx: DbOrTx,
  ctx: TOrderCtx,
  load: TLoadRecord,
  orderIds: readonly number[],
  versions?: readonly (number | undefined)[],
  options: { settle?: boolean } = {},
): Promise<{ done: number; settled?: TSettled }> {
  const outcomes = await applyOrderAction(
    tx,
    { auth: ctx.auth },
    {
      ids: orderIds,
      versions,
      action: 'addToLoadPlan',
      check: (plan) => {
        const differs = plan
          .map((p) => p.row)
          .filter(
            (o) =>
              o.busType !== load.busType ||
              o.leftAddrId !== load.leftAddrId ||
              o.destAddrId !== load.destAddrId ||
              o.markId === null,
          );
        if (differs.length) throw refuseOrders('msg_route_differs_reselect', differs);
      },
      patch: () => ({ loadId: load.id }),
      log: () => [{ remark: load.loadNo }],
    },
  );
  const done = doneRows(outcomes);
  if (options.settle === false) return { done: done.length };
  const settled = await settleLoadStatus(tx, ctx.auth, load, 'addOrder', movedOrders(done));
  return { done: done.length, settled };
}

/** The container price of the plan's type and route valid today (business time zone), or null. */
async function defaultContainerFee(ctx: TOrderCtx, h: THeader) {
  return containerPriceOn(ctx.db, h, todayIn(ctx.timezone));
}

/** loadplan/add: the plan (L0) and its orders (A10) in one transaction. */
export async function addPlan(ctx: TOrderCtx, body: TLoadPlanAddBody): Promise<TLoadActionAnswer> {
  const { orderIds, ...header } = body;
  if (header.containerFee !== undefined && header.containerFee !== null) needFeeRole(ctx.auth);
  await checkHeader(ctx.db, header);
  const price = header.containerFee == null ? await defaultContainerFee(ctx, header) : null;
  return ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(busLoad)
      .values({
        ...headerColumns(header, ctx.timezone),
        loadNo: await newLoadNo(tx, ctx.timezone),
        status: LOAD_STATUS.PLANNING,
        loadPerson: header.loadPerson || ctx.auth.nickName || ctx.auth.userName,
        containerFee: header.containerFee ?? price?.apPrice ?? null,
        currency: header.containerFee != null ? header.currency : (price?.currency ?? header.currency),
        createBy: ctx.auth.userName,
      })
      .returning();
    await writeLoadLog(tx, ctx.auth.userName, [
      { loadId: created!.id, action: 'add', fromStatus: null, toStatus: LOAD_STATUS.PLANNING, remark: created!.loadNo },
    ]);
    const load = await lockLoad(tx, ctx.auth, created!.id, 'addToPlan');
    if (!orderIds.length) {
      const counts = await loadCounts(tx, load.id);
      return planAnswer({ load, counts, fill: { volumePercent: null, weightPercent: null, over: false } }, 0);
    }
    const { done, settled } = await addOrdersToPlan(tx, ctx, load, orderIds);
    return planAnswer(settled!, done);
  });
}

/** Header fields compared for the log (the fee only named, never its amounts). */
const LOGGED_FIELDS = [
  'busType',
  'leftAddrId',
  'destAddrId',
  'containerType',
  'loadHouseId',
  'loadTime',
  'clsDate',
  'etdDate',
  'etaDate',
  ...VOYAGE_FIELDS,
  'loadPerson',
  'remark',
  'containerFee',
  'currency',
] as const;

const shown = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? '' : String(v));
const same = (a: unknown, b: unknown, field: string) => {
  if (field === 'containerFee') {
    const x = a === undefined || a === null ? null : String(a);
    const y = b === undefined || b === null ? null : String(b);
    return x === null || y === null ? x === y : money(x).eq(money(y));
  }
  return shown(a) === shown(b);
};

/** loadplan/edit: the header (L0-L2), version compared; the route fixed while orders are on the plan. */
export async function editPlan(ctx: TOrderCtx, body: TLoadPlanEditBody): Promise<TLoadActionAnswer> {
  const { id, version, ...header } = body;
  await checkHeader(ctx.db, header);
  return withLockedLoad(ctx, id, 'editPlan', async (tx, load) => {
    if (load.version !== version) throw changedReload();
    const next: Partial<TLoadRecord> = { ...headerColumns(header, ctx.timezone) };
    if (!next.loadPerson) next.loadPerson = load.loadPerson;
    // the fee role alone sets the container cost; everybody else's edit keeps the stored one
    if (ctx.auth.feeRole && header.containerFee !== undefined) {
      next.containerFee = header.containerFee;
      next.currency = header.currency;
    }
    const routeChanged =
      next.busType !== load.busType || next.leftAddrId !== load.leftAddrId || next.destAddrId !== load.destAddrId;
    if (routeChanged && (await loadCounts(tx, id)).total > 0)
      throw wrongState('msg_route_differs_reselect', { list: load.loadNo });
    const changed = LOGGED_FIELDS.filter((f) => f in next && !same(load[f], next[f], f));
    const remark = changed
      .map((f) => (f === 'containerFee' ? f : `${f}: ${shown(load[f])} -> ${shown(next[f])}`))
      .join('; ');
    const settled = await settleLoadStatus(tx, ctx.auth, load, 'edit', { set: next, remark });
    return planAnswer(settled, 0);
  });
}

/** loadplan/addOrder/{id}: A10 on an existing plan. */
export async function addOrdersToPlanById(
  ctx: TOrderCtx,
  id: number,
  body: TLoadOrdersBody,
): Promise<TLoadActionAnswer> {
  return withLockedLoad(ctx, id, 'addToPlan', async (tx, load) => {
    const { done, settled } = await addOrdersToPlan(tx, ctx, load, body.orderIds, body.versions);
    return planAnswer(settled!, done);
  });
}

/** A11 on a locked plan: its planned orders back to S2, loadId cleared (orders of another plan refused). */
async function takeOrdersOff(
  tx: DbOrTx,
  ctx: TOrderCtx,
  load: TLoadRecord,
  orderIds: readonly number[],
  versions?: readonly (number | undefined)[],
) {
  if (!orderIds.length) return [];
  const outcomes = await applyOrderAction(
    tx,
    { auth: ctx.auth },
    {
      ids: orderIds,
      versions,
      action: (row) => (row.loadId === load.id ? 'removeFromLoadPlan' : null),
      wrongStateKey: 'msg_planned_state_reselect',
      patch: () => ({ loadId: null }),
      log: () => [{ remark: load.loadNo }],
    },
  );
  return doneRows(outcomes);
}

/** loadplan/removeOrder/{id}: A11. */
export async function removeOrdersFromPlan(
  ctx: TOrderCtx,
  id: number,
  body: TLoadOrdersBody,
): Promise<TLoadActionAnswer> {
  return withLockedLoad(ctx, id, 'removeFromPlan', async (tx, load) => {
    const done = await takeOrdersOff(tx, ctx, load, body.orderIds, body.versions);
    const settled = await settleLoadStatus(tx, ctx.auth, load, 'removeOrder', movedOrders(done));
    return planAnswer(settled, done.length);
  });
}

/**
 * loadplan/delete/{ids}: all or nothing, L0 plans only; their orders S3 -> S2 (A11 through the core), the
 * records deleted, a load-log row each kept.
 */
export async function deletePlans(ctx: TOrderCtx, ids: readonly number[]) {
  return eachRecord(ctx.db, ids, async (tx, id) => {
    const load = await lockLoad(tx, ctx.auth, id, 'deletePlan');
    const orders = await tx.select({ id: busOrder.id }).from(busOrder).where(eq(busOrder.loadId, id));
    const off = await takeOrdersOff(
      tx,
      ctx,
      load,
      orders.map((o) => o.id),
    );
    await writeLoadLog(tx, ctx.auth.userName, [{ loadId: id, ...deletedEntry(load, off.length, load.loadNo) }]);
    await tx.delete(busTrack).where(eq(busTrack.loadId, id));
    await tx.delete(busLoad).where(sql`${busLoad.id} = ${id}`);
    return off.length;
  });
}
