import {
  nextStatus,
  ORDER_COMPUTED_FEE_FIELDS,
  ORDER_STATUS,
  type TArrivedUpdateBody,
  type TOrderStatus,
} from '@theone/contracts';
import { parseBusinessTime } from '../../../platform/time';
import { replaceReceiptLines } from '../cargo/cargo.service';
import type { TLogPart } from '../order/order-core';
import { applyOrderAction, doneRows } from '../order/order-core';
import { ACTION_PERMS, checkRefs, needAny, type TOrderCtx } from './inware.context';
import { computeFees, fetchOrderPrice, markInfo, priceColumns, type TPricedOrder } from './inware.pricing';
import { diffFields, raisedNow, type TOrderRow } from './order-common';

/**
 * Receipt at the origin warehouse: receive (A5, S0/S1 -> S2) and re-measure or another receipt of a received
 * order (A6, S2). Priced on receipt when the order has no price yet; a problem item may be raised with it.
 */
export async function receiveOrder(ctx: TOrderCtx, body: TArrivedUpdateBody) {
  const { auth, timezone } = ctx;
  return ctx.db.transaction(async (tx) => {
    const outcomes = await applyOrderAction(tx, ctx, {
      ids: [body.id],
      versions: [body.version],
      action: (row) => (row.status === ORDER_STATUS.IN_WAREHOUSE ? 'remeasure' : 'submitToWarehouse'),
      check: async ([{ action }]) => {
        needAny(auth, ACTION_PERMS[action as 'remeasure' | 'submitToWarehouse']);
        await checkRefs(tx, auth, { arrivedHouseId: body.arrivedHouseId });
      },
      patch: async (row, action) => {
        const lines = body.lines.length
          ? body.lines
          : [
              {
                piece: body.arrivedPiece ?? 1,
                weight: body.arrivedWeight ?? '0',
                volume: body.arrivedVolume ?? '0',
                receivingNo: body.receivingNo,
              },
            ];
        const totals = await replaceReceiptLines(tx, row.id, body.receivingNo, lines, auth.userName);
        const receipts = new Set(row.receivingNo ? row.receivingNo.split(',') : []);
        receipts.add(body.receivingNo);
        const set: Partial<TOrderRow> = {
          receivingNo: [...receipts].join(','),
          arrivedTime: parseBusinessTime(body.arrivedTime, timezone) ?? row.arrivedTime ?? new Date(),
          arrivedHouseId: body.arrivedHouseId,
          arrivedPiece: totals.piece,
          arrivedWeight: totals.weight,
          arrivedVolume: totals.volume,
          ...(body.trayNo ? { trayNo: body.trayNo } : {}),
        };
        if (row.auditStatus !== 2) {
          if (!row.priceId && row.freightManual !== '1') {
            const mark = row.markId ? await markInfo(tx, row.markId) : null;
            const found = await fetchOrderPrice(tx, row, timezone);
            if (found) Object.assign(set, priceColumns(found, mark));
          }
          const priced = { ...row, ...set, status: nextStatus(row.status as TOrderStatus, action) } as TPricedOrder;
          const { values } = await computeFees(tx, priced, timezone);
          Object.assign(set, values);
        }
        if (body.exceptionType) {
          Object.assign(set, {
            ifException: 1,
            exceptionType: body.exceptionType,
            exceptionDesc: body.exceptionDesc,
            exceptionStatus: 0,
            ...raisedNow(ctx.auth.userName),
          });
        }
        return set;
      },
      log: (row, updated, set) => {
        const parts: TLogPart[] = [
          {
            remark: [body.receivingNo, body.remark].filter(Boolean).join(' '),
            changes: diffFields(row as never, set as never, [
              'receivingNo',
              'arrivedHouseId',
              'arrivedPiece',
              'arrivedWeight',
              'arrivedVolume',
              'trayNo',
              ...ORDER_COMPUTED_FEE_FIELDS,
            ]),
          },
        ];
        if (body.exceptionType)
          parts.push({
            action: 'raiseException',
            fromStatus: updated.status,
            toStatus: updated.status,
            remark: body.exceptionDesc,
          });
        return parts;
      },
    });
    const row = outcomes[0]!.before!;
    const updated = doneRows(outcomes)[0]!;
    return {
      id: updated.id,
      version: updated.version,
      status: updated.status,
      arrivedPiece: updated.arrivedPiece,
      arrivedWeight: updated.arrivedWeight,
      arrivedVolume: updated.arrivedVolume,
      pieceDiffers: updated.arrivedPiece !== row.cargoPiece,
      feesBefore: { feeFreightAr: row.feeFreightAr, feeArAmount: row.feeArAmount },
      feesAfter: { feeFreightAr: updated.feeFreightAr, feeArAmount: updated.feeArAmount },
    };
  });
}
