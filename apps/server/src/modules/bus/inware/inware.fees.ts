import {
  FEE_SUPPLEMENT_FIELDS,
  ORDER_COMPUTED_FEE_FIELDS,
  type TOrderUpdateFeeBody,
  type TPricePreview,
} from '@theone/contracts';
import type { SQL } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { allOf } from '../../../platform/db/sql-helpers';
import { parseBusinessTime } from '../../../platform/time';
import { applyOrderAction, doneRows } from '../order/order-core';
import { ACTION_PERMS, checkRefs, needAny, needFeeRole, type TOrderCtx } from './inware.context';
import { feeInputValues } from './inware.entry';
import {
  computeFees,
  fetchOrderPrice,
  markInfo,
  newPricingCache,
  priceColumns,
  priceKeyOf,
  type TPricedOrder,
} from './inware.pricing';
import { diffFields, orderScope, type TOrderRow } from './order-common';

/** Fees after entry: fee supplement (A29), fetch price and recalculate (A27), the form's price preview. */

export async function supplementFees(ctx: TOrderCtx, body: TOrderUpdateFeeBody) {
  const { auth, timezone } = ctx;
  needAny(auth, ACTION_PERMS.supplementFees);
  needFeeRole(auth);
  const inputOf = new Map(body.rows.map((r) => [r.id, r]));
  return ctx.db.transaction(async (tx) => {
    const outcomes = await applyOrderAction(tx, ctx, {
      ids: body.rows.map((r) => r.id),
      versions: body.rows.map((r) => r.version),
      action: 'supplementFees',
      patch: async (row) => {
        const input = inputOf.get(row.id)!;
        const set: Partial<TOrderRow> = {};
        for (const fld of FEE_SUPPLEMENT_FIELDS)
          if (input[fld] !== undefined && input[fld] !== null) set[fld] = input[fld];
        const { values } = await computeFees(tx, { ...row, ...set } as TPricedOrder, timezone);
        return Object.assign(set, values);
      },
      log: (row, _after, set) => [
        {
          remark: inputOf.get(row.id)!.remark,
          changes: diffFields(row as never, set as never, [...FEE_SUPPLEMENT_FIELDS, ...ORDER_COMPUTED_FEE_FIELDS]),
        },
      ],
    });
    return doneRows(outcomes).map((u) => ({ id: u.id, version: u.version }));
  });
}

export async function refetchPrices(ctx: TOrderCtx, ids: number[], versions?: number[]) {
  const { auth, timezone } = ctx;
  needAny(auth, ACTION_PERMS.price);
  needFeeRole(auth);
  return ctx.db.transaction(async (tx) => {
    const cache = newPricingCache();
    const noPrice: string[] = [];
    const outcomes = await applyOrderAction(tx, ctx, {
      ids,
      versions,
      action: 'fetchPrice',
      patch: async (row) => {
        const mark = row.markId ? await markInfo(tx, row.markId, cache) : null;
        const found = await fetchOrderPrice(tx, row, timezone, { cache });
        if (!found) {
          noPrice.push(row.transportId);
          return null;
        }
        const set: Partial<TOrderRow> = { ...priceColumns(found, mark), freightManual: '0' };
        const { values } = await computeFees(tx, { ...row, ...set } as TPricedOrder, timezone, cache);
        return Object.assign(set, values);
      },
      log: (row, _after, set) => [
        {
          changes: diffFields(row as never, set as never, [
            'priceId',
            'volumePrice',
            'weightPrice',
            'freightManual',
            ...ORDER_COMPUTED_FEE_FIELDS,
          ]),
        },
      ],
    });
    return { updated: doneRows(outcomes).length, noPrice };
  });
}

export async function recalculate(ctx: TOrderCtx, ids: number[]) {
  const { auth, timezone } = ctx;
  needAny(auth, ACTION_PERMS.price);
  needFeeRole(auth);
  return ctx.db.transaction(async (tx) => {
    const cache = newPricingCache();
    const outcomes = await applyOrderAction(tx, ctx, {
      ids,
      action: 'recalculate',
      patch: async (row) => (await computeFees(tx, row, timezone, cache)).values,
      log: (row, _after, values) => [{ changes: diffFields(row as never, values as never, ORDER_COMPUTED_FEE_FIELDS) }],
    });
    return doneRows(outcomes).map((u) => ({ id: u.id, version: u.version, feeArAmount: u.feeArAmount }));
  });
}

/**
 * 'Fetch price' on the order form (nothing saved): the price row for the form's values (an expired row is shown,
 * flagged, but never applied) and the fees the server would save. Without the fee role only `found`, `isOverdue`
 * and `noPrice` reach the caller (the rest are fee fields).
 */
export async function previewPrice(ctx: TOrderCtx, p: TPricePreview) {
  const { db, auth, timezone } = ctx;
  needAny(auth, ACTION_PERMS.price);
  const refs = await checkRefs(db, auth, {
    markId: p.markId,
    leftAddrId: p.leftAddrId,
    destAddrId: p.destAddrId,
    insuranceId: p.insuranceId,
  });
  const orderTime = parseBusinessTime(p.orderTime, timezone) ?? new Date();
  const found = await fetchOrderPrice(db, priceKeyOf(p, orderTime), timezone, { includeExpired: true });
  const valid = found && !found.isOverdue ? found : null;
  const columns = priceColumns(valid, refs.mark);
  const feeRole = auth.feeRole;
  const order = {
    status: p.status,
    topMarkId: refs.mark?.topMarkId ?? null,
    ...columns,
    cargoWeight: p.cargoWeight ?? '0',
    cargoVolume: p.cargoVolume ?? '0',
    arrivedWeight: p.arrivedWeight ?? null,
    arrivedVolume: p.arrivedVolume ?? null,
    freightManual: feeRole ? p.freightManual : '0',
    feeFreightAr: feeRole ? (p.feeFreightAr ?? '0') : '0',
    declaredValue: p.declaredValue ?? null,
    insuranceId: p.insuranceId ?? null,
    currency: valid ? valid.row.currency : (p.currency ?? 'RMB'),
    orderTime,
    ...feeInputValues(p, feeRole),
  } as TPricedOrder;
  const { values, pricing } = await computeFees(db, order, timezone);
  return {
    found: valid !== null,
    isOverdue: found?.isOverdue ?? false,
    scope: found?.scope ?? null,
    noPrice: pricing.noPrice,
    isSubMark: refs.mark?.topMarkId ? '1' : '0',
    topMark: refs.mark?.topMark ?? null,
    calPriceType: columns.calPriceType,
    price: found
      ? {
          id: found.row.id,
          mark: found.row.mark,
          busType: found.row.busType,
          leftAddrName: found.row.leftAddrName,
          destAddrName: found.row.destAddrName,
          cargoType: found.row.cargoType,
          currency: found.row.currency,
          validFromDate: found.row.validFromDate,
          validToDate: found.row.validToDate,
          volumePrice: found.row.volumePrice,
          weightPrice: found.row.weightPrice,
          volumePriceAgent: found.row.volumePriceAgent,
          weightPriceAgent: found.row.weightPriceAgent,
          volWgtRate: found.row.volWgtRate,
          wgtVolRate: found.row.wgtVolRate,
          minAmount: columns.minAmount,
          freight: pricing.freight,
          agentFreight: pricing.agentFreight,
        }
      : null,
    ...values,
  };
}

/** Orders whose fees depend on the given where (for later modules: e.g. re-pricing after a price change). */
export function ordersWhere(auth: AuthContext, where: SQL | undefined) {
  return allOf([where, orderScope(auth)]);
}
