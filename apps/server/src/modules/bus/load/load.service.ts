import {
  CONTAINER_CAPACITY,
  LOAD_STATUS,
  ORDER_REJECT_KEYS,
  parsePieceLabel,
  type TLoadActionAnswer,
  type TLoadBody,
  type TLoadEditBody,
  type TLoadOrdersBody,
} from '@theone/contracts';
import { and, asc, eq, gte, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { allOf, lockKey } from '../../../platform/db/sql-helpers';
import {
  AppError,
  badRequest,
  changedReload,
  conflict,
  duplicate,
  notFound,
  wrongState,
} from '../../../platform/errors';
import { t } from '../../../platform/i18n';
import { parseBusinessTime } from '../../../platform/time';
import { eachRecord } from '../bus-record';
import type { TOrderCtx } from '../inware/inware.context';
import { busOrder } from '../inware/inware.table';
import { diffFields, orderScope, type TOrderRow } from '../inware/order-common';
import { applyOrderAction, loadOrders, refuseOrders } from '../order/order-core';
import { busLoad } from './load.table';
import { lockLoad, settleLoadStatus, type TLoadRecord, type TSettled, withLockedLoad } from './load-record';
import { addOrdersToPlan } from './loadplan.service';

/**
 * Loading (screens bus-container.md §1 A12-A14, loadplanDetails, loadList, loadDetails): the Load dialog and the
 * loading scan mode (`load/addOrder`), unload (`load/removeOrder`), cancel loading (`load/delete`) and the
 * container data (`load/edit`).
 *
 * Each call is one transaction: the load record locked first (`lockLoad`: every action on one container is
 * serialised on its row, so 20 scans of one label load it once), the container number claimed, the orders moved
 * by the order core (status, container fields and order-log rows), then the record settled (status from its
 * orders, container data, version + 1, load-log row).
 *
 * A container number is on at most one load that has not arrived (status < L4): the check runs under an advisory
 * lock on the number, so two loads taking the same number at the same moment cannot both pass it.
 */

/** Advisory-lock namespace of container numbers (see platform/db/sql-helpers lockKey). */
const CONTAINER_NO_LOCK = 7_313_001;

const CONTAINER_FIELDS = ['containerNo', 'sealNo', 'truckNo'] as const;
type TContainerData = Pick<TOrderRow, (typeof CONTAINER_FIELDS)[number]>;
const NO_CONTAINER: TContainerData = { containerNo: '', sealNo: '', truckNo: '' };

const isTruck = (load: Pick<TLoadRecord, 'containerType'>) => CONTAINER_CAPACITY[load.containerType]?.truck ?? false;

/**
 * The container data of a Load dialog or an edit, checked against the container type: a container needs its ISO 6346
 * number (the schema verified the check digit), a truck its plate; the seal is always needed.
 */
function containerData(
  ctx: TOrderCtx,
  load: TLoadRecord,
  v: { containerNo?: string | null; sealNo?: string | null; truckNo?: string | null },
): TContainerData {
  const data = { containerNo: v.containerNo ?? '', sealNo: v.sealNo ?? '', truckNo: v.truckNo ?? '' };
  const required = (field: keyof TContainerData, label: string) => {
    if (!data[field]) throw badRequest('err_required', { field: t(label, ctx.lang) }, field);
  };
  if (isTruck(load)) required('truckNo', 'field_truck_no');
  else required('containerNo', 'field_container_no');
  required('sealNo', 'field_seal_no');
  return data;
}

/** Refuses a container number already on another load that has not arrived; race-safe under its advisory lock. */
async function claimContainerNo(tx: DbOrTx, load: TLoadRecord, containerNo: string) {
  if (!containerNo || containerNo === load.containerNo) return;
  await lockKey(tx, CONTAINER_NO_LOCK, containerNo);
  const [other] = await tx
    .select({ loadNo: busLoad.loadNo })
    .from(busLoad)
    .where(and(eq(busLoad.containerNo, containerNo), ne(busLoad.id, load.id), lt(busLoad.status, LOAD_STATUS.ARRIVED)))
    .limit(1);
  if (other) throw conflict('msg_container_no_in_use', { containerNo, loadNo: other.loadNo });
}

/** The order core names the orders in `list`; the M-exc message names them as `transportId`. */
async function withExceptionNames<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.messageKey === ORDER_REJECT_KEYS.openException && err.params?.list)
      throw wrongState(err.messageKey, { ...err.params, transportId: err.params.list });
    throw err;
  }
}

function answerOf(settled: TSettled, done: number, transportId?: string): TLoadActionAnswer {
  const { load, counts, fill } = settled;
  return {
    id: load.id,
    loadNo: load.loadNo,
    status: load.status,
    version: load.version,
    done,
    ...(transportId === undefined ? {} : { transportId }),
    loadedPieces: counts.loadedPieces,
    plannedPieces: counts.pieces,
    fill,
  };
}

const orderLog = (row: TOrderRow, set: Partial<TOrderRow>, remark = '') => [
  { remark, changes: diffFields(row as never, set as never, CONTAINER_FIELDS) },
];

/** The core's check on this load's orders: an order planned on another load meanwhile is named and refused. */
const notElsewhere = (load: TLoadRecord) => (plan: readonly { row: TOrderRow }[]) => {
  const elsewhere = plan.filter((p) => p.row.loadId !== load.id).map((p) => p.row);
  if (elsewhere.length) throw refuseOrders('msg_order_in_other_load', elsewhere);
};

/** Orders of a load in the given statuses (every one, not scoped: the container is moved as a whole). */
async function loadOrderIds(db: DbOrTx, loadId: number, status: { eq?: number; gte?: number; limit?: number }) {
  const q = db
    .select({ id: busOrder.id, version: busOrder.version })
    .from(busOrder)
    .where(
      allOf([
        eq(busOrder.loadId, loadId),
        status.eq === undefined ? undefined : eq(busOrder.status, status.eq),
        status.gte === undefined ? undefined : gte(busOrder.status, status.gte),
      ]),
    )
    .orderBy(asc(busOrder.id));
  return status.limit ? q.limit(status.limit) : q;
}

// ---------------------------------------------------------------------------------------------------------
// A12 load (Load dialog, scan mode, late additions)

interface TLoadTargets {
  /** S3 orders of this plan, with the versions read */
  confirm: { id: number; version?: number }[];
  /** S2 orders planned and loaded in this transaction (A10 then A12) */
  late: { id: number; version: number }[];
  transportId?: string;
  /** the scanned order as read (the order core need not read it again) */
  read?: TOrderRow[];
}

/** The scan mode's code: a waybill number or a piece label, resolved to one order in the caller's scope. */
async function scanTarget(tx: DbOrTx, ctx: TOrderCtx, load: TLoadRecord, code: string): Promise<TLoadTargets> {
  const text = code.trim().toUpperCase();
  const piece = parsePieceLabel(text);
  const [row] = await tx
    .select()
    .from(busOrder)
    .where(allOf([eq(busOrder.transportId, piece?.transportId ?? text), orderScope(ctx.auth)]));
  if (!row || (piece && row.arrivedPiece !== null && piece.piece > row.arrivedPiece))
    throw notFound('bus_msg_no_order_for_code', { code });
  const transportId = row.transportId;
  if (row.loadId === load.id && row.status >= 4) throw duplicate('msg_scan_duplicate', { code });
  if (row.status === 3 && row.loadId !== load.id) throw wrongState('msg_order_in_other_load', { list: transportId });
  if (row.status === 2) return { confirm: [], late: [{ id: row.id, version: row.version }], transportId };
  return { confirm: [{ id: row.id, version: row.version }], late: [], transportId, read: [row] };
}

/** Ticked orders: S3 of this plan are loaded, S2 ones are late additions, S3 of another plan are refused. */
async function tickedTargets(tx: DbOrTx, ctx: TOrderCtx, load: TLoadRecord, ids: number[]): Promise<TLoadTargets> {
  if (!ids.length) throw badRequest(ORDER_REJECT_KEYS.selectFirst, undefined, 'orderIds');
  const rows = await loadOrders(tx, ctx.auth, ids);
  const elsewhere = rows.filter((r) => r.status === 3 && r.loadId !== load.id);
  if (elsewhere.length) throw refuseOrders('msg_order_in_other_load', elsewhere);
  const late = rows.filter((r) => r.status === 2);
  return {
    confirm: rows.filter((r) => r.status !== 2).map((r) => ({ id: r.id, version: r.version })),
    late: late.map((r) => ({ id: r.id, version: r.version })),
  };
}

/** Neither ticked nor scanned: every planned order of the plan. */
async function planTargets(tx: DbOrTx, load: TLoadRecord): Promise<TLoadTargets> {
  const confirm = await loadOrderIds(tx, load.id, { eq: 3 });
  if (!confirm.length) throw wrongState(ORDER_REJECT_KEYS.planned, { list: load.loadNo });
  return { confirm, late: [] };
}

/** A12 `load/addOrder/{id}`. */
export async function loadOrdersIntoContainer(ctx: TOrderCtx, id: number, body: TLoadBody) {
  const { auth } = ctx;
  if (body.code !== undefined && body.orderIds !== undefined)
    throw badRequest('err_invalid_value', { field: 'code' }, 'code');
  return withLockedLoad(ctx, id, 'load', async (tx, load) => {
    const data = containerData(ctx, load, body);
    // once loading began, the container is the one its loaded orders carry: a new number is an edit (load/edit)
    if (load.status !== LOAD_STATUS.PLANNING && CONTAINER_FIELDS.some((f) => data[f] !== load[f]))
      throw wrongState('msg_load_container_differs', {
        loadNo: load.loadNo,
        containerNo: load.containerNo || load.truckNo,
      });
    await claimContainerNo(tx, load, data.containerNo);
    const targets =
      body.code !== undefined
        ? await scanTarget(tx, ctx, load, body.code)
        : body.orderIds !== undefined
          ? await tickedTargets(tx, ctx, load, body.orderIds)
          : await planTargets(tx, load);
    // late additions: A10 with its route and state checks (order-log row, 'addOrder' load-log row), then A12
    let base = load;
    if (targets.late.length) {
      const planned = await withExceptionNames(() =>
        addOrdersToPlan(
          tx,
          ctx,
          load,
          targets.late.map((o) => o.id),
          targets.late.map((o) => o.version),
        ),
      );
      base = planned.settled?.load ?? load;
    }
    const orders = [...targets.confirm, ...targets.late.map((o) => ({ id: o.id, version: undefined }))];
    await withExceptionNames(() =>
      applyOrderAction(tx, ctx, {
        ids: orders.map((o) => o.id),
        versions: orders.map((o) => o.version),
        read: targets.late.length ? undefined : targets.read,
        action: 'confirmLoad',
        // the conditional update compares versions; this names an order planned elsewhere meanwhile
        check: notElsewhere(load),
        patch: () => data,
        log: (row, _after, set) => orderLog(row, set, data.containerNo || data.truckNo),
      }),
    );
    const settled = await settleLoadStatus(tx, auth, base, 'load', {
      orderCount: orders.length,
      remark: targets.transportId ?? (data.containerNo || data.truckNo),
      set: {
        ...data,
        loadTime: parseBusinessTime(body.loadTime, ctx.timezone) ?? new Date(),
        loadPerson: body.loadPerson,
      },
    });
    return answerOf(settled, orders.length, targets.transportId);
  });
}

// ---------------------------------------------------------------------------------------------------------
// A13 unload, A14 cancel loading

/**
 * A13 `load/removeOrder/{id}`: loaded orders back to the plan (S4 -> S3), their container data cleared. When no
 * loaded order is left the record's container data go too (as after A14), so the number is free for other loads.
 */
export async function unloadOrders(ctx: TOrderCtx, id: number, body: TLoadOrdersBody) {
  const { auth } = ctx;
  return withLockedLoad(ctx, id, 'unload', async (tx, load) => {
    const out = await applyOrderAction(tx, ctx, {
      ids: body.orderIds,
      versions: body.versions,
      action: 'unloadOrder',
      check: notElsewhere(load),
      patch: () => NO_CONTAINER,
      log: (row, _after, set) => orderLog(row, set, load.containerNo || load.truckNo),
    });
    const done = out.filter((o) => o.outcome === 'done').length;
    const [stillLoaded] = await loadOrderIds(tx, load.id, { gte: 4, limit: 1 });
    const settled = await settleLoadStatus(tx, auth, load, 'unload', {
      orderCount: done,
      remark: out.flatMap((o) => (o.after ? [o.after.transportId] : [])).join(', '),
      set: stillLoaded ? undefined : NO_CONTAINER,
    });
    return answerOf(settled, done);
  });
}

/**
 * A14 `load/delete/{ids}`: every loaded order of each load back to its plan (S4 -> S3), the container data cleared
 * on the orders and the record; the plan stays (L0). All or nothing; loads locked in id order.
 */
export async function cancelLoading(ctx: TOrderCtx, ids: number[]) {
  const { auth } = ctx;
  return eachRecord(ctx.db, ids, async (tx, id) => {
    const load = await lockLoad(tx, auth, id, 'cancelLoading');
    const orders = await loadOrderIds(tx, id, { eq: 4 });
    if (orders.length)
      await applyOrderAction(tx, ctx, {
        ids: orders.map((o) => o.id),
        versions: orders.map((o) => o.version),
        action: 'cancelLoading',
        patch: () => NO_CONTAINER,
        log: (row, _after, set) => orderLog(row, set, load.containerNo || load.truckNo),
      });
    await settleLoadStatus(tx, auth, load, 'cancelLoading', {
      orderCount: orders.length,
      remark: load.containerNo || load.truckNo,
      set: NO_CONTAINER,
    });
    return orders.length;
  });
}

// ---------------------------------------------------------------------------------------------------------
// load/edit: the container data (L1-L4)

const changeText = (load: TLoadRecord, data: TContainerData) =>
  CONTAINER_FIELDS.filter((f) => load[f] !== data[f])
    .map((f) => `${f}: ${load[f] || '-'} -> ${data[f] || '-'}`)
    .join('; ');

/**
 * `load/edit`: container data, vessel, dates and ports of a load (L1-L4, LOAD_OPERATIONS.editContainer). A changed
 * container number, seal or plate is copied to the load's loaded orders through the order core (A28, status
 * unchanged, logged on each order).
 */
export async function editContainer(ctx: TOrderCtx, body: TLoadEditBody) {
  const { auth, timezone } = ctx;
  return withLockedLoad(ctx, body.id, 'editContainer', async (tx, load) => {
    if (load.version !== body.version) throw changedReload();
    const data = containerData(ctx, load, body);
    await claimContainerNo(tx, load, data.containerNo);
    const changed = changeText(load, data);
    let done = 0;
    if (changed) {
      const orders = await loadOrderIds(tx, load.id, { gte: 4 });
      if (orders.length) {
        const out = await applyOrderAction(tx, ctx, {
          ids: orders.map((o) => o.id),
          versions: orders.map((o) => o.version),
          action: 'modifyAfterReceipt',
          patch: (row) => (CONTAINER_FIELDS.every((f) => row[f] === data[f]) ? null : data),
          log: (row, _after, set) => orderLog(row, set, load.loadNo),
        });
        done = out.filter((o) => o.outcome === 'done').length;
      }
    }
    const time = (v: string | null | undefined) => parseBusinessTime(v, timezone) ?? null;
    const settled = await settleLoadStatus(tx, auth, load, 'edit', {
      status: load.status,
      orderCount: done,
      remark: changed,
      set: {
        ...data,
        vesselOwner: body.vesselOwner,
        vesselName: body.vesselName,
        voyageNo: body.voyageNo,
        clsDate: time(body.clsDate),
        etdDate: time(body.etdDate),
        etaDate: time(body.etaDate),
        loadPort: body.loadPort,
        unloadPort: body.unloadPort,
        customsCorp: body.customsCorp,
        exportAgent: body.exportAgent,
        remark: body.remark,
      },
    });
    return answerOf(settled, done);
  });
}
