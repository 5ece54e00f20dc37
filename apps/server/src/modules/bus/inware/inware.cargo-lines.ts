import { lineSize, orderCargoTotals } from '@theone/contracts';
import { notFound } from '../../../platform/errors';
import { cargoLine, deleteDeclaredLine } from '../cargo/cargo.service';
import { applyOrderAction, doneRows } from '../order/order-core';
import type { TOrderCtx } from './inware.context';
import { computeFees, type TPricedOrder } from './inware.pricing';

/**
 * Deleting a saved declared cargo line (orderEdit, S0/S1): the order's totals and fees follow, logged as
 * 'deleteCargoLine' (an edit of the order: its status is kept).
 */
export async function deleteCargoLine(ctx: TOrderCtx, lineId: number, version?: number) {
  const line = await cargoLine(ctx.db, lineId);
  if (!line) throw notFound();
  return ctx.db.transaction(async (tx) => {
    let totals: ReturnType<typeof orderCargoTotals> | null = null;
    const outcomes = await applyOrderAction(tx, ctx, {
      ids: [line.orderId],
      versions: [version],
      // a received or planned order's lines are changed by receipt or modification
      action: (row) => (row.status > 1 || line.receivingNo !== '' ? null : 'edit'),
      wrongStateKey: 'msg_edit_state_reselect',
      patch: async (order) => {
        const rest = await deleteDeclaredLine(tx, line);
        totals = orderCargoTotals({
          lines: rest,
          cargoPiece: order.cargoPiece,
          cargoWeight: order.cargoWeight,
          cargoVolume: order.cargoVolume,
          volumeManual: order.volumeManual,
        });
        const { values } = await computeFees(tx, { ...order, ...totals } as TPricedOrder, ctx.timezone);
        return { ...totals, ...values };
      },
      log: (order) => {
        const t = totals!;
        return [
          {
            action: 'deleteCargoLine',
            remark: `#${line.lineNo} ${line.piece} × ${lineSize(line) || line.volume}`,
            changes: [
              { field: 'cargoPiece', before: order.cargoPiece, after: t.cargoPiece },
              { field: 'cargoWeight', before: order.cargoWeight, after: t.cargoWeight },
              { field: 'cargoVolume', before: order.cargoVolume, after: t.cargoVolume },
            ].filter((c) => String(c.before) !== String(c.after)),
          },
        ];
      },
    });
    const updated = doneRows(outcomes)[0]!;
    return { id: updated.id, version: updated.version };
  });
}
