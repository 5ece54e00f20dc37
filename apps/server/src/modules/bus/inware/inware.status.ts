import {
  missingForConfirm,
  nextStatus,
  ORDER_COMPUTED_FEE_FIELDS,
  statusActionFor,
  type TInwareStatusBody,
  type TOrderStatus,
  type TStatusAction,
} from '@theone/contracts';
import { inArray, sql } from 'drizzle-orm';
import { badRequest } from '../../../platform/errors';
import { deleteMeasuredLines } from '../cargo/cargo.service';
import { busCargo } from '../cargo/cargo.table';
import { applyOrderAction, doneRows, refuseOrders } from '../order/order-core';
import { ACTION_PERMS, missingLabels, needAny, type TOrderCtx } from './inware.context';
import { computeFees, type TPricedOrder } from './inware.pricing';
import { diffFields, type TOrderRow } from './order-common';

/** Status actions of the entry lists: confirm (A2), back to staged (A3), cancel receipt (A7), delete (A4). */

/** Declared cargo lines per order (a confirmed order needs at least one). */
async function cargoLineCounts(tx: TOrderCtx['db'], ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!ids.length) return out;
  const counts = await tx
    .select({ orderId: busCargo.orderId, n: sql<number>`count(*)::int` })
    .from(busCargo)
    .where(inArray(busCargo.orderId, ids))
    .groupBy(busCargo.orderId);
  for (const c of counts) out.set(c.orderId, c.n);
  return out;
}

export async function changeStatus(ctx: TOrderCtx, ids: number[], body: TInwareStatusBody) {
  const { auth, lang, timezone } = ctx;
  return ctx.db.transaction(async (tx) => {
    let confirmCounts = new Map<number, number>();
    const outcomes = await applyOrderAction(tx, ctx, {
      ids,
      versions: body.versions,
      action: (row) => {
        const action = body.action ?? statusActionFor(body.status, row.status);
        const target = action === 'backToStaged' ? 0 : 1;
        return !action || target !== body.status ? null : action;
      },
      wrongStateKey: body.status === 1 ? 'msg_confirm_state_reselect' : 'msg_unconfirm_state_reselect',
      authorize: (plan) => {
        for (const action of new Set(plan.map((p) => p.action))) needAny(auth, ACTION_PERMS[action as TStatusAction]);
      },
      check: async (plan) => {
        confirmCounts = await cargoLineCounts(
          tx,
          plan.filter((p) => p.action === 'confirm').map((p) => p.row.id),
        );
      },
      patch: async (row, action) => {
        if (action === 'confirm') {
          const missing = missingForConfirm({
            ...row,
            cargoWeight: row.cargoWeight,
            cargoVolume: row.cargoVolume,
            cargoLines: Array.from({ length: confirmCounts.get(row.id) ?? 0 }),
          });
          if (missing.length)
            throw badRequest('err_order_incomplete', {
              transportId: row.transportId,
              fields: missingLabels(missing, lang),
            });
          return {};
        }
        if (action === 'backToStaged') return {};
        if (row.markId === null) throw refuseOrders('bus_msg_no_mark_cancel_receipt', [row]);
        const set: Partial<TOrderRow> = {
          arrivedTime: null,
          arrivedPiece: null,
          arrivedWeight: null,
          arrivedVolume: null,
          receivingNo: '',
          trayNo: '',
        };
        await deleteMeasuredLines(tx, [row.id]);
        const { values } = await computeFees(
          tx,
          { ...row, ...set, status: nextStatus(row.status as TOrderStatus, action) } as TPricedOrder,
          timezone,
        );
        return Object.assign(set, values);
      },
      log: (row, _after, set, action) => [
        {
          remark: body.remark,
          changes:
            action === 'cancelReceipt'
              ? diffFields(row as never, set as never, [
                  'receivingNo',
                  'arrivedPiece',
                  'arrivedWeight',
                  'arrivedVolume',
                  ...ORDER_COMPUTED_FEE_FIELDS,
                ])
              : [],
        },
      ],
    });
    return doneRows(outcomes).map((u) => ({ id: u.id, version: u.version, status: u.status }));
  });
}

export async function deleteOrders(ctx: TOrderCtx, ids: number[], versions?: number[]) {
  const { auth } = ctx;
  needAny(auth, ACTION_PERMS.delete);
  await ctx.db.transaction(async (tx) => {
    await applyOrderAction(tx, ctx, { ids, versions, action: 'delete' });
  });
}
