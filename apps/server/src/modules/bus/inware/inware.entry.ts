import {
  missingForConfirm,
  missingForSave,
  normalizeExpressNos,
  ORDER_COMPUTED_FEE_FIELDS,
  ORDER_FEE_INPUT_FIELDS,
  ORDER_STATUS,
  orderCargoTotals,
  type TInwareAddBody,
  type TInwareEditBody,
  toMoneyString,
  toVolumeString,
  toWeightString,
} from '@theone/contracts';
import { badRequest, duplicate } from '../../../platform/errors';
import { newTransportId } from '../../../platform/sequences';
import { parseBusinessTime } from '../../../platform/time';
import { warehouseCity } from '../../bas/api/place-refs';
import { insertDeclaredLines, replaceReceiptLines, syncDeclaredLines } from '../cargo/cargo.service';
import { applyOrderAction, createActionFor, doneRows, insertOrder } from '../order/order-core';
import { creditStatus, creditWarning } from '../settlement/credit';
import { ACTION_PERMS, checkRefs, missingLabels, needAny, type TOrderCtx, type TRefs } from './inware.context';
import {
  computeFees,
  fetchOrderPrice,
  priceColumns,
  priceKeyOf,
  type TPricedOrder,
  type TPricingCache,
} from './inware.pricing';
import type { busOrder } from './inware.table';
import { diffFields, PARTY_FIELDS, type TOrderRow } from './order-common';

/** Order entry: add (A1 save, A2 confirm, A8 no-mark cargo) and the orderEdit screen's save (S0-S2). */

const FEE_INPUTS = ORDER_FEE_INPUT_FIELDS;

export function feeInputValues(
  body: Partial<Record<(typeof FEE_INPUTS)[number], string | null | undefined>>,
  feeRole: boolean,
) {
  return Object.fromEntries(FEE_INPUTS.map((f) => [f, feeRole ? toMoneyString(body[f] ?? '0') : '0.00'])) as Record<
    (typeof FEE_INPUTS)[number],
    string
  >;
}

const PG_UNIQUE = '23505';
const isUniqueViolation = (err: unknown, constraint: string) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = e.cause ?? e;
  return c.code === PG_UNIQUE && c.constraint === constraint;
};

/** The priced order row to insert for a validated add body (no database write). */
/**
 * The order's columns that come straight from the entry form (`orderFields` of the add and edit bodies): the same
 * for a new order and an edit. Totals follow the declared lines unless the figures were typed by hand.
 */
function formColumns(body: TInwareAddBody | TInwareEditBody, refs: TRefs, timezone: string) {
  return {
    markId: body.markId ?? null,
    topMarkId: refs.mark?.topMarkId ?? null,
    busType: body.busType ?? '',
    leftAddrId: body.leftAddrId ?? null,
    destAddrId: body.destAddrId ?? null,
    arrivedHouseId: body.arrivedHouseId ?? null,
    preArriveTime: parseBusinessTime(body.preArriveTime, timezone) ?? null,
    consignee: body.consignee,
    consigneeTel: body.consigneeTel,
    consigneeAddr: body.consigneeAddr,
    shipper: body.shipper,
    shipperTel: body.shipperTel,
    businessNo: body.businessNo,
    clientNo: body.clientNo,
    expressCorp: body.expressCorp,
    expressNo: normalizeExpressNos(body.expressNo),
    cargoName: body.cargoName,
    cargoType: body.cargoType,
    ...orderCargoTotals({
      lines: body.cargoLines,
      cargoPiece: body.cargoPiece,
      cargoWeight: body.cargoWeight,
      cargoVolume: body.cargoVolume,
      volumeManual: body.volumeManual,
    }),
    volumeManual: body.volumeManual,
    cargoRemark: body.cargoRemark,
    declaredValue: body.declaredValue ?? null,
    insuranceId: body.insuranceId ?? null,
    woodenFrame: body.woodenFrame,
    remark: body.remark,
  };
}

export async function buildNewOrder(
  ctx: TOrderCtx,
  body: TInwareAddBody,
  refs: TRefs,
  cache?: TPricingCache,
): Promise<typeof busOrder.$inferInsert> {
  const { auth, timezone } = ctx;
  const feeRole = auth.feeRole;
  const orderTime = parseBusinessTime(body.orderTime, timezone) ?? new Date();
  const noMark = body.status === ORDER_STATUS.IN_WAREHOUSE;
  const found = await fetchOrderPrice(ctx.db, priceKeyOf(body, orderTime), timezone, { cache });
  const price = priceColumns(found, refs.mark);
  const receipt = noMark
    ? {
        receivingNo: body.receivingNo ?? '',
        arrivedTime: parseBusinessTime(body.arrivedTime, timezone) ?? new Date(),
        arrivedPiece: body.arrivedPiece ?? 0,
        arrivedWeight: toWeightString(body.arrivedWeight ?? '0'),
        arrivedVolume: toVolumeString(body.arrivedVolume ?? '0'),
        trayNo: body.trayNo,
      }
    : {};
  const row = {
    transportId: body.transportId ?? '',
    status: body.status,
    ...formColumns(body, refs, timezone),
    orderTime,
    ...receipt,
    ...price,
    currency: price.priceId ? (price.currency ?? 'RMB') : feeRole && body.currency ? body.currency : 'RMB',
    freightManual: feeRole ? body.freightManual : '0',
    feeFreightAr: feeRole && body.freightManual === '1' ? toMoneyString(body.feeFreightAr ?? '0') : '0.00',
    ...feeInputValues(body, feeRole),
    createBy: auth.userName,
  };
  const { values } = await computeFees(ctx.db, row as unknown as TPricedOrder, timezone, cache);
  return { ...row, ...values } as typeof busOrder.$inferInsert;
}

export async function addOrder(ctx: TOrderCtx, body: TInwareAddBody) {
  const { auth } = ctx;
  needAny(
    auth,
    body.status === 0 ? ACTION_PERMS.save : body.status === 1 ? ACTION_PERMS.confirmOnAdd : ACTION_PERMS.registerNoMark,
  );
  const created = await ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    if (!body.leftAddrId && body.arrivedHouseId) body.leftAddrId = await warehouseCity(tx, body.arrivedHouseId);
    const refs = await checkRefs(tx, auth, body);
    const values = await buildNewOrder(c, body, refs);
    if (!values.transportId) values.transportId = await newTransportId(tx, refs.countryCode, ctx.timezone);
    let row: TOrderRow;
    try {
      row = await insertOrder(tx, ctx, createActionFor(body.status), values);
    } catch (err) {
      if (isUniqueViolation(err, 'bus_order_transport_id_uq'))
        throw duplicate('bus_msg_transport_id_used', { no: values.transportId });
      throw err;
    }
    await insertDeclaredLines(tx, row.id, body.cargoLines, auth.userName);
    if (body.status === ORDER_STATUS.IN_WAREHOUSE && body.receivingNo) {
      await replaceReceiptLines(
        tx,
        row.id,
        body.receivingNo,
        [
          {
            piece: body.arrivedPiece ?? 1,
            weight: body.arrivedWeight ?? '0',
            volume: body.arrivedVolume ?? '0',
            receivingNo: body.receivingNo,
          },
        ],
        auth.userName,
      );
    }
    return row;
  });
  const warning = created.markId
    ? creditWarning(await creditStatus(ctx.db, created.markId), auth, ctx.lang)
    : undefined;
  return {
    id: created.id,
    transportId: created.transportId,
    version: created.version,
    status: created.status,
    ...(warning ? { warning } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Edit (orderEdit: S0-S2)

/** Order fields an edit writes, in the order the log lists them. */
const EDIT_LOG_FIELDS = [
  'markId',
  'busType',
  'leftAddrId',
  'destAddrId',
  'arrivedHouseId',
  'orderTime',
  'preArriveTime',
  ...PARTY_FIELDS,
  'businessNo',
  'clientNo',
  'expressCorp',
  'expressNo',
  'cargoName',
  'cargoType',
  'cargoPiece',
  'cargoWeight',
  'cargoVolume',
  'volumeManual',
  'declaredValue',
  'insuranceId',
  'woodenFrame',
  'cargoRemark',
  'trayNo',
  'remark',
  'freightManual',
  ...ORDER_FEE_INPUT_FIELDS,
  ...ORDER_COMPUTED_FEE_FIELDS,
  'currency',
] as const;

/** The columns an edit writes (fees only for the fee role and while not audited; re-priced when its key moved). */
async function editedColumns(c: TOrderCtx, row: TOrderRow, body: TInwareEditBody, refs: TRefs) {
  const { auth, timezone } = c;
  const tx = c.db;
  const orderTime = parseBusinessTime(body.orderTime, timezone) ?? row.orderTime;
  const next: Partial<TOrderRow> = {
    ...formColumns(body, refs, timezone),
    orderTime,
    ...(body.trayNo !== undefined ? { trayNo: body.trayNo } : {}),
  };
  if (auth.feeRole && row.auditStatus !== 2) {
    Object.assign(next, feeInputValues(body, true), {
      freightManual: body.freightManual,
      feeFreightAr: body.freightManual === '1' ? toMoneyString(body.feeFreightAr ?? '0') : row.feeFreightAr,
    });
    if (body.currency && !row.priceId) next.currency = body.currency;
  }
  const keyChanged =
    next.markId !== row.markId ||
    next.busType !== row.busType ||
    next.leftAddrId !== row.leftAddrId ||
    next.destAddrId !== row.destAddrId ||
    next.cargoType !== row.cargoType;
  if (
    row.auditStatus !== 2 &&
    (body.fetchPrice === '1' || (keyChanged && !row.priceId) || next.markId !== row.markId)
  ) {
    const found = await fetchOrderPrice(tx, priceKeyOf({ ...next, cargoType: next.cargoType! }, orderTime), timezone);
    Object.assign(next, priceColumns(found, refs.mark));
    if (!found) next.currency = next.currency ?? row.currency;
  }
  if (row.auditStatus !== 2) {
    const { values } = await computeFees(tx, { ...row, ...next } as TPricedOrder, timezone);
    Object.assign(next, values);
  }
  return next;
}

export async function editOrder(ctx: TOrderCtx, body: TInwareEditBody) {
  const { auth, lang } = ctx;
  needAny(auth, ACTION_PERMS.edit);
  return ctx.db.transaction(async (tx) => {
    const c = { ...ctx, db: tx };
    let changedLines: Awaited<ReturnType<typeof syncDeclaredLines>> = null;
    const outcomes = await applyOrderAction(tx, ctx, {
      ids: [body.id],
      versions: [body.version],
      action: 'edit',
      patch: async (row) => {
        // a received order may still lack order data (arrivedAddOrder completes it later); a marked one keeps a mark
        const missing =
          row.status === ORDER_STATUS.STAGED
            ? missingForSave(body)
            : row.status === ORDER_STATUS.CONFIRMED
              ? missingForConfirm(body)
              : row.markId !== null && !body.markId
                ? ['markId']
                : [];
        if (missing.length)
          throw badRequest('err_order_incomplete', {
            transportId: row.transportId,
            fields: missingLabels(missing, lang),
          });
        const refs = await checkRefs(tx, auth, body);
        changedLines = await syncDeclaredLines(tx, row.id, body.cargoLines, auth.userName);
        return editedColumns(c, row, body, refs);
      },
      // an edit saved without a change is not an event of the order: no log row
      log: (row, _after, next) => {
        const changes = diffFields(
          row as unknown as Record<string, unknown>,
          next as Record<string, unknown>,
          EDIT_LOG_FIELDS,
        );
        if (changedLines) {
          const { before, after, ...lines } = changedLines;
          changes.push({ field: 'cargoLines', before, after, lines });
        }
        return changes.length ? [{ changes }] : [];
      },
    });
    const updated = doneRows(outcomes)[0]!;
    return { id: updated.id, version: updated.version, transportId: updated.transportId };
  });
}
