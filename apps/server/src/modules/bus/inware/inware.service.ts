import {
  checkOrderAction,
  DEFAULT_COUNTRY_CODE,
  EXCEPTION_FIELDS,
  FEE_SUPPLEMENT_FIELDS,
  formatReceivingNo,
  formatTransportId,
  fromStatuses,
  hasAnyPermission,
  MODIFY_FEE_FIELDS,
  MODIFY_FIGURE_FIELDS,
  MODIFY_ROUTE_FIELDS,
  MODIFY_TEXT_FIELDS,
  missingForConfirm,
  missingForSave,
  normalizeExpressNos,
  ORDER_COMPUTED_FEE_FIELDS,
  ORDER_FEE_INPUT_FIELDS,
  ORDER_STATUS,
  orderCargoTotals,
  orderFieldLabelKey,
  statusActionFor,
  type TArrivedUpdateBody,
  type TGetNoBody,
  type TInwareAddBody,
  type TInwareEditBody,
  type TInwareStatusBody,
  type TLanguage,
  type TOrderAction,
  type TOrderFieldChanges,
  type TOrderLogAction,
  type TOrderUpdateFeeBody,
  type TPricePreview,
  type TStatusAction,
  toMoneyString,
  toVolumeString,
  toWeightString,
} from '@theone/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx, Tx } from '../../../platform/db/database';
import { allOf } from '../../../platform/db/sql-helpers';
import {
  type AppError,
  badRequest,
  changedReload,
  duplicate,
  forbidden,
  notFound,
  wrongState,
} from '../../../platform/errors';
import { t } from '../../../platform/i18n';
import { nextSequence, periodOf } from '../../../platform/sequences';
import { parseBusinessTime } from '../../../platform/time';
import { basGeog, basInsurance, basMark, basWarehouse } from '../../bas/bas.table';
import { markIdInScope } from '../../bas/mark-scope';
import {
  deleteMeasuredLines,
  insertDeclaredLines,
  replaceReceiptLines,
  syncDeclaredLines,
} from '../cargo/cargo.service';
import { busCargo } from '../cargo/cargo.table';
import { type TOrderLogEntry, writeOrderLog } from '../order-log/order-log.service';
import {
  computeFees,
  fetchOrderPrice,
  markInfo,
  newPricingCache,
  priceColumns,
  type TMarkInfo,
  type TPricedOrder,
  type TPricingCache,
} from './inware.pricing';
import { busOrder } from './inware.table';
import { diffFields, orderScope, type TOrderRow } from './order-common';

/**
 * The order's life from entry to the origin warehouse (DOMAIN §2 statuses 0-2, screens bus-container.md §1
 * A1-A9, A26-A29): every state change is one conditional UPDATE (`... AND status = ANY(from) AND version = $v`)
 * in a transaction with its order-log rows; a lost race answers 409 msg_changed_reload, a wrong state the spec's
 * 'reselect' message of the transition map. Ids outside the caller's data scope are 404.
 */
export interface TOrderCtx {
  db: DbOrTx;
  auth: AuthContext;
  lang: TLanguage;
  timezone: string;
}

/** Button keys (bus-container.md §5) each action accepts. */
export const ACTION_PERMS = {
  save: ['bus:orderAdd:add'],
  confirmOnAdd: ['bus:orderAdd:sure'],
  registerNoMark: ['bus:noMarkOrder:add'],
  edit: ['bus:unOrder:edit', 'bus:order:edit', 'bus:noMarkOrder:edit', 'bus:arrivedAddOrder:edit'],
  confirm: ['bus:unOrder:sure', 'bus:orderAdd:sure'],
  backToStaged: ['bus:unOrder:unsure', 'bus:order:stepBack'],
  cancelReceipt: ['bus:inOrder:cancel', 'bus:order:stepBack'],
  delete: ['bus:unOrder:delete'],
  submitToWarehouse: ['bus:inOrder:submit'],
  remeasure: ['bus:inOrder:measure'],
  assignMark: ['bus:noMarkOrder:assign', 'bus:orderListEdit:batch', 'bus:orderListEdit:edit'],
  modify: ['bus:orderListEdit:batch'],
  modifyOne: ['bus:orderListEdit:edit'],
  exception: ['bus:exception:add', 'bus:exception:handle'],
  price: ['bus:orderAdd:price', 'bus:unOrder:price', 'bus:order:price'],
  supplementFees: ['bus:feeRecord:save'],
  deleteLine: ['bus:unOrder:edit', 'bus:order:edit', 'bus:orderAdd:add'],
} as const;

function needAny(auth: AuthContext, perms: readonly string[]) {
  if (!hasAnyPermission(auth.permissions, perms)) throw forbidden('err_forbidden');
}

export function needImport(auth: AuthContext) {
  needAny(auth, ['bus:orderAdd:import', 'bus:unOrder:import']);
}

function needFeeRole(auth: AuthContext) {
  if (!auth.feeRole) throw forbidden('err_fee_role_required');
}

const PG_UNIQUE = '23505';
const isUniqueViolation = (err: unknown, constraint: string) => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = e.cause ?? e;
  return c.code === PG_UNIQUE && c.constraint === constraint;
};

// ---------------------------------------------------------------------------------------------------------
// Reading

/** Orders by id in the caller's scope; any id missing or outside the scope is a 404. */
export async function loadOrders(db: DbOrTx, auth: AuthContext, ids: readonly number[]): Promise<TOrderRow[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select()
    .from(busOrder)
    .where(allOf([inArray(busOrder.id, unique), orderScope(auth)]));
  if (rows.length !== unique.length) throw notFound();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => byId.get(id)!);
}

export async function loadOrder(db: DbOrTx, auth: AuthContext, id: number): Promise<TOrderRow> {
  return (await loadOrders(db, auth, [id]))[0]!;
}

/** A versions array aligned with ids: a mismatch is 'changed by someone else'. */
function checkVersions(rows: readonly TOrderRow[], versions: readonly number[] | undefined) {
  if (!versions) return;
  rows.forEach((r, i) => {
    if (versions[i] !== undefined && versions[i] !== r.version) throw changedReload();
  });
}

/** The spec's 'reselect' refusal naming the orders in the wrong state. */
function refuse(key: string, rows: readonly Pick<TOrderRow, 'transportId'>[]): AppError {
  return wrongState(key, { list: rows.map((r) => r.transportId).join(', ') });
}

/** Refuses the batch unless every order may take the action (status, audit and problem-item guards). */
function guard(rows: readonly TOrderRow[], action: TOrderAction) {
  let refusal: { key: string; rows: TOrderRow[] } | null = null;
  for (const r of rows) {
    const key = checkOrderAction(
      { status: r.status as never, auditStatus: r.auditStatus, ifException: r.ifException },
      action,
    );
    if (key === null) continue;
    refusal ??= { key, rows: [] };
    if (refusal.key === key) refusal.rows.push(r);
  }
  if (refusal) throw refuse(refusal.key, refusal.rows);
}

const fromOf = (action: TOrderAction): number[] => fromStatuses(action);

/**
 * The conditional update of one order: applied only while the order still has the status and version read;
 * 0 rows -> 409 msg_changed_reload (someone acted first).
 */
async function updateOrder(
  tx: DbOrTx,
  row: TOrderRow,
  action: TOrderAction,
  set: Partial<TOrderRow>,
  by: string,
): Promise<TOrderRow> {
  const { id: _id, version: _v, expressNos: _e, receivingNos: _r, createTime: _c, ...values } = set as TOrderRow;
  const [updated] = await tx
    .update(busOrder)
    .set({ ...values, version: sql`${busOrder.version} + 1`, updateBy: by, updateTime: sql`now()` })
    .where(
      and(
        eq(busOrder.id, row.id),
        eq(busOrder.version, row.version),
        sql`${busOrder.status} = ANY(${sql.param(fromOf(action))}::smallint[])`,
      ),
    )
    .returning();
  if (!updated) throw changedReload();
  return updated;
}

// ---------------------------------------------------------------------------------------------------------
// References

interface TRefs {
  mark: TMarkInfo | null;
  countryCode: string;
}

/** The mark (existing, enabled, in the caller's scope), origin/destination geography, warehouse and insurance. */
async function checkRefs(
  db: DbOrTx,
  auth: AuthContext,
  v: {
    markId?: number | null;
    leftAddrId?: number | null;
    destAddrId?: number | null;
    arrivedHouseId?: number | null;
    insuranceId?: number | null;
  },
  cache?: TPricingCache,
): Promise<TRefs> {
  let mark: TMarkInfo | null = null;
  if (v.markId) {
    mark = await markInfo(db, v.markId, cache);
    if (mark?.status !== '0') throw badRequest('err_invalid_value', { field: 'markId' }, 'markId');
    const scope = markIdInScope(auth, basMark.id);
    if (scope) {
      const [visible] = await db
        .select({ id: basMark.id })
        .from(basMark)
        .where(and(eq(basMark.id, v.markId), scope));
      if (!visible) throw badRequest('err_invalid_value', { field: 'markId' }, 'markId');
    }
  }
  let countryCode = DEFAULT_COUNTRY_CODE;
  const geogIds = [v.leftAddrId, v.destAddrId].filter((x): x is number => !!x);
  if (geogIds.length) {
    const parent = sql<string | null>`(SELECT p.code FROM bas_geog p WHERE p.id = ${basGeog.parentId})`;
    const rows = await db
      .select({ id: basGeog.id, orgId: basGeog.orgId, level: basGeog.level, code: basGeog.code, parentCode: parent })
      .from(basGeog)
      .where(inArray(basGeog.id, geogIds));
    if (v.leftAddrId && !rows.some((g) => g.id === v.leftAddrId && g.orgId === 1))
      throw badRequest('err_invalid_value', { field: 'leftAddrId' }, 'leftAddrId');
    if (v.destAddrId) {
      const dest = rows.find((g) => g.id === v.destAddrId && g.orgId === 2);
      if (!dest) throw badRequest('err_invalid_value', { field: 'destAddrId' }, 'destAddrId');
      const code = dest.level === '1' ? dest.code : (dest.parentCode ?? DEFAULT_COUNTRY_CODE);
      if (/^[A-Z]{2}$/.test(code)) countryCode = code;
    }
  }
  if (v.arrivedHouseId) {
    const [w] = await db
      .select({ id: basWarehouse.id })
      .from(basWarehouse)
      .where(eq(basWarehouse.id, v.arrivedHouseId));
    if (!w) throw badRequest('err_invalid_value', { field: 'arrivedHouseId' }, 'arrivedHouseId');
  }
  if (v.insuranceId) {
    const [i] = await db.select({ id: basInsurance.id }).from(basInsurance).where(eq(basInsurance.id, v.insuranceId));
    if (!i) throw badRequest('err_invalid_value', { field: 'insuranceId' }, 'insuranceId');
  }
  return { mark, countryCode };
}

/** The origin city (geography orgId 1) of a warehouse: the default origin of cargo received there. */
export async function warehouseCity(db: DbOrTx, warehouseId: number): Promise<number | null> {
  const [w] = await db
    .select({ geogId: basWarehouse.geogId })
    .from(basWarehouse)
    .where(eq(basWarehouse.id, warehouseId));
  return w?.geogId ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// Numbers

/** A new waybill number (docs/domain.md 'Order numbers'): atomic, unique under concurrency. */
export async function newTransportId(db: DbOrTx, countryCode: string, timezone: string): Promise<string> {
  const period = periodOf(new Date(), timezone, 'yyMMdd');
  return formatTransportId(countryCode, period, await nextSequence(db, 'transportId', period));
}

/** `n` consecutive waybill numbers in one statement (imports). */
export async function reserveTransportIds(
  db: DbOrTx,
  n: number,
  countryCode: string,
  timezone: string,
): Promise<string[]> {
  if (n <= 0) return [];
  const period = periodOf(new Date(), timezone, 'yyMMdd');
  const r = await db.execute<{ value: number }>(sql`
    INSERT INTO sys_sequence (name, period, value) VALUES ('transportId', ${period}, ${n})
    ON CONFLICT (name, period) DO UPDATE SET value = sys_sequence.value + ${n}
    RETURNING value`);
  const last = Number(r.rows[0]!.value);
  return Array.from({ length: n }, (_, i) => formatTransportId(countryCode, period, last - n + 1 + i));
}

export async function getNo(
  ctx: TOrderCtx,
  body: TGetNoBody,
): Promise<{ no: string; transportId?: string; receivingNo?: string }> {
  const period = periodOf(new Date(), ctx.timezone, 'yyMMdd');
  if (body.type === 'receivingNo') {
    const no = formatReceivingNo(period, await nextSequence(ctx.db, 'receivingNo', period));
    return { no, receivingNo: no };
  }
  const { countryCode } = await checkRefs(ctx.db, ctx.auth, { destAddrId: body.destAddrId });
  const no = await newTransportId(ctx.db, countryCode, ctx.timezone);
  return { no, transportId: no };
}

// ---------------------------------------------------------------------------------------------------------
// Credit limit (DOMAIN §6)

export interface TCreditStatus {
  /** the party whose limit applies: the mark, or its agent for a sub-mark */
  partyMarkId: number;
  credtLimit: string | null;
  /** receivables of the party's confirmed orders not yet fully written off, in RMB */
  openBalance: string;
  exceeded: boolean;
}

/**
 * The open balance of a customer or agent: RMB amounts of its orders from S1 on that are not fully written off
 * (a sub-mark's orders count for its agent at the agent price). Partial write-offs are not deducted until the
 * write-off module exists; it replaces this query with the bills' outstanding amounts.
 */
export async function creditStatus(db: DbOrTx, markId: number): Promise<TCreditStatus | null> {
  const [m] = await db
    .select({ id: basMark.id, topMarkId: basMark.topMarkId })
    .from(basMark)
    .where(eq(basMark.id, markId));
  if (!m) return null;
  const party = m.topMarkId ?? m.id;
  const [p] = await db.select({ credtLimit: basMark.credtLimit }).from(basMark).where(eq(basMark.id, party));
  const r = await db.execute<{ open: string }>(sql`
    SELECT COALESCE(SUM(ROUND(COALESCE(agent_ar_amount, fee_ar_amount) * currency_rate, 2)), 0)::numeric(16,2)::text AS open
    FROM bus_order
    WHERE (mark_id = ${party} OR top_mark_id = ${party}) AND status >= 1 AND ar_write_status <> 2`);
  const openBalance = toMoneyString(r.rows[0]?.open ?? '0');
  const credtLimit = p?.credtLimit ?? null;
  return {
    partyMarkId: party,
    credtLimit,
    openBalance,
    exceeded: credtLimit !== null && Number(openBalance) > Number(credtLimit),
  };
}

/** The M-credit warning for a response (amounts only for the fee role). */
export function creditWarning(status: TCreditStatus | null, auth: AuthContext, lang: TLanguage) {
  if (!status?.exceeded) return undefined;
  const params = { x: status.openBalance, y: status.credtLimit };
  return {
    messageKey: auth.feeRole ? 'msg_credit_exceeded' : 'msg_credit_exceeded_plain',
    message: t(auth.feeRole ? 'msg_credit_exceeded' : 'msg_credit_exceeded_plain', lang, params),
    openBalance: status.openBalance,
    credtLimit: status.credtLimit,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Add (A1, A2, A8)

const FEE_INPUTS = ORDER_FEE_INPUT_FIELDS;

function feeInputValues(
  body: Partial<Record<(typeof FEE_INPUTS)[number], string | null | undefined>>,
  feeRole: boolean,
) {
  return Object.fromEntries(FEE_INPUTS.map((f) => [f, feeRole ? toMoneyString(body[f] ?? '0') : '0.00'])) as Record<
    (typeof FEE_INPUTS)[number],
    string
  >;
}

/** The priced order row to insert for a validated add body (no database write). */
export async function buildNewOrder(
  ctx: TOrderCtx,
  body: TInwareAddBody,
  refs: TRefs,
  cache?: TPricingCache,
): Promise<typeof busOrder.$inferInsert> {
  const { auth, timezone } = ctx;
  const feeRole = auth.feeRole;
  const totals = orderCargoTotals({
    lines: body.cargoLines,
    cargoPiece: body.cargoPiece,
    cargoWeight: body.cargoWeight,
    cargoVolume: body.cargoVolume,
    volumeManual: body.volumeManual,
  });
  const orderTime = parseBusinessTime(body.orderTime, timezone) ?? new Date();
  const noMark = body.status === ORDER_STATUS.IN_WAREHOUSE;
  const found = await fetchOrderPrice(
    ctx.db,
    {
      markId: body.markId ?? null,
      busType: body.busType,
      leftAddrId: body.leftAddrId,
      destAddrId: body.destAddrId,
      cargoType: body.cargoType,
      orderTime,
    },
    timezone,
    { cache },
  );
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
    markId: body.markId ?? null,
    topMarkId: refs.mark?.topMarkId ?? null,
    busType: body.busType ?? '',
    leftAddrId: body.leftAddrId ?? null,
    destAddrId: body.destAddrId ?? null,
    arrivedHouseId: body.arrivedHouseId ?? null,
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
    ...totals,
    volumeManual: body.volumeManual,
    cargoRemark: body.cargoRemark,
    declaredValue: body.declaredValue ?? null,
    insuranceId: body.insuranceId ?? null,
    woodenFrame: body.woodenFrame,
    orderTime,
    preArriveTime: parseBusinessTime(body.preArriveTime, timezone) ?? null,
    ...receipt,
    ...price,
    currency: price.priceId ? (price.currency ?? 'RMB') : feeRole && body.currency ? body.currency : 'RMB',
    freightManual: feeRole ? body.freightManual : '0',
    feeFreightAr: feeRole && body.freightManual === '1' ? toMoneyString(body.feeFreightAr ?? '0') : '0.00',
    ...feeInputValues(body, feeRole),
    remark: body.remark,
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
      [row] = (await tx.insert(busOrder).values(values).returning()) as [TOrderRow];
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
    const action: TOrderLogAction = body.status === 0 ? 'save' : body.status === 1 ? 'confirm' : 'registerNoMark';
    await writeOrderLog(tx, auth.userName, [
      { orderId: row.id, transportId: row.transportId, action, fromStatus: null, toStatus: row.status },
    ]);
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
  'consignee',
  'consigneeTel',
  'consigneeAddr',
  'shipper',
  'shipperTel',
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

function missingLabels(fields: string[], lang: TLanguage) {
  return fields.map((f) => t(orderFieldLabelKey(f), lang)).join(', ');
}

export async function editOrder(ctx: TOrderCtx, body: TInwareEditBody) {
  const { auth, timezone, lang } = ctx;
  needAny(auth, ACTION_PERMS.edit);
  const feeRole = auth.feeRole;
  return ctx.db.transaction(async (tx) => {
    const row = await loadOrder(tx, auth, body.id);
    if (row.version !== body.version) throw changedReload();
    guard([row], 'edit');
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
      throw badRequest('err_order_incomplete', { transportId: row.transportId, fields: missingLabels(missing, lang) });
    const refs = await checkRefs(tx, auth, body);
    const changedLines = await syncDeclaredLines(tx, row.id, body.cargoLines, auth.userName);
    const totals = orderCargoTotals({
      lines: body.cargoLines,
      cargoPiece: body.cargoPiece,
      cargoWeight: body.cargoWeight,
      cargoVolume: body.cargoVolume,
      volumeManual: body.volumeManual,
    });
    const orderTime = parseBusinessTime(body.orderTime, timezone) ?? row.orderTime;
    const next: Partial<TOrderRow> = {
      markId: body.markId ?? null,
      topMarkId: refs.mark?.topMarkId ?? null,
      busType: body.busType ?? '',
      leftAddrId: body.leftAddrId ?? null,
      destAddrId: body.destAddrId ?? null,
      arrivedHouseId: body.arrivedHouseId ?? null,
      orderTime,
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
      ...totals,
      volumeManual: body.volumeManual,
      declaredValue: body.declaredValue ?? null,
      insuranceId: body.insuranceId ?? null,
      woodenFrame: body.woodenFrame,
      cargoRemark: body.cargoRemark,
      remark: body.remark,
      ...(body.trayNo !== undefined ? { trayNo: body.trayNo } : {}),
    };
    if (feeRole && row.auditStatus !== 2) {
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
      const found = await fetchOrderPrice(
        tx,
        {
          markId: next.markId ?? null,
          busType: next.busType,
          leftAddrId: next.leftAddrId,
          destAddrId: next.destAddrId,
          cargoType: next.cargoType!,
          orderTime,
        },
        timezone,
      );
      Object.assign(next, priceColumns(found, refs.mark));
      if (!found) next.currency = next.currency ?? row.currency;
    }
    if (row.auditStatus !== 2) {
      const { values } = await computeFees(tx, { ...row, ...next } as TPricedOrder, timezone);
      Object.assign(next, values);
    }
    const changes = diffFields(
      row as unknown as Record<string, unknown>,
      next as Record<string, unknown>,
      EDIT_LOG_FIELDS,
    );
    if (changedLines) {
      const { before, after, ...lines } = changedLines;
      changes.push({ field: 'cargoLines', before, after, lines });
    }
    const updated = await updateOrder(tx, row, 'edit', next, auth.userName);
    // an edit saved without a change is not an event of the order: no log row
    if (changes.length)
      await writeOrderLog(tx, auth.userName, [
        {
          orderId: row.id,
          transportId: row.transportId,
          action: 'edit',
          fromStatus: row.status,
          toStatus: updated.status,
          changes,
        },
      ]);
    return { id: updated.id, version: updated.version, transportId: updated.transportId };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Status actions: confirm (A2), back to staged (A3), cancel receipt (A7)

export async function changeStatus(ctx: TOrderCtx, ids: number[], body: TInwareStatusBody) {
  const { auth, lang, timezone } = ctx;
  return ctx.db.transaction(async (tx) => {
    const rows = await loadOrders(tx, auth, ids);
    checkVersions(rows, body.versions);
    const plan: { row: TOrderRow; action: TStatusAction }[] = [];
    const wrong: TOrderRow[] = [];
    for (const row of rows) {
      const action = body.action ?? statusActionFor(body.status, row.status);
      const target = action === 'backToStaged' ? 0 : 1;
      if (!action || target !== body.status) wrong.push(row);
      else plan.push({ row, action });
    }
    if (wrong.length)
      throw refuse(body.status === 1 ? 'msg_confirm_state_reselect' : 'msg_unconfirm_state_reselect', wrong);
    for (const action of new Set(plan.map((p) => p.action))) {
      needAny(auth, ACTION_PERMS[action]);
      guard(
        plan.filter((p) => p.action === action).map((p) => p.row),
        action,
      );
    }
    const confirmCounts = new Map<number, number>();
    const toConfirm = plan.filter((p) => p.action === 'confirm').map((p) => p.row.id);
    if (toConfirm.length) {
      const counts = await tx
        .select({ orderId: busCargo.orderId, n: sql<number>`count(*)::int` })
        .from(busCargo)
        .where(inArray(busCargo.orderId, toConfirm))
        .groupBy(busCargo.orderId);
      for (const c of counts) confirmCounts.set(c.orderId, c.n);
    }
    const logs: TOrderLogEntry[] = [];
    const result: { id: number; version: number; status: number }[] = [];
    for (const { row, action } of plan) {
      let set: Partial<TOrderRow>;
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
        set = { status: ORDER_STATUS.CONFIRMED };
      } else if (action === 'backToStaged') {
        set = { status: ORDER_STATUS.STAGED };
      } else {
        if (row.markId === null) throw refuse('bus_msg_no_mark_cancel_receipt', [row]);
        set = {
          status: ORDER_STATUS.CONFIRMED,
          arrivedTime: null,
          arrivedPiece: null,
          arrivedWeight: null,
          arrivedVolume: null,
          receivingNo: '',
          trayNo: '',
        };
        await deleteMeasuredLines(tx, [row.id]);
        const { values } = await computeFees(tx, { ...row, ...set } as TPricedOrder, timezone);
        Object.assign(set, values);
      }
      const updated = await updateOrder(tx, row, action, set, auth.userName);
      const changes =
        action === 'cancelReceipt'
          ? diffFields(row as never, set as never, [
              'receivingNo',
              'arrivedPiece',
              'arrivedWeight',
              'arrivedVolume',
              ...ORDER_COMPUTED_FEE_FIELDS,
            ])
          : [];
      logs.push({
        orderId: row.id,
        transportId: row.transportId,
        action,
        fromStatus: row.status,
        toStatus: updated.status,
        remark: body.remark,
        changes,
      });
      result.push({ id: updated.id, version: updated.version, status: updated.status });
    }
    await writeOrderLog(tx, auth.userName, logs);
    return result;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Delete (A4: staged only)

export async function deleteOrders(ctx: TOrderCtx, ids: number[], versions?: number[]) {
  const { auth } = ctx;
  needAny(auth, ACTION_PERMS.delete);
  await ctx.db.transaction(async (tx) => {
    const rows = await loadOrders(tx, auth, ids);
    checkVersions(rows, versions);
    guard(rows, 'delete');
    const deleted = await tx
      .delete(busOrder)
      .where(
        sql`(${busOrder.id}, ${busOrder.version}) IN (${sql.join(
          rows.map((r) => sql`(${r.id}::bigint, ${r.version}::int)`),
          sql`, `,
        )}) AND ${busOrder.status} = ${ORDER_STATUS.STAGED}`,
      )
      .returning({ id: busOrder.id });
    if (deleted.length !== rows.length) throw changedReload();
    await writeOrderLog(
      tx,
      auth.userName,
      rows.map((r) => ({
        orderId: r.id,
        transportId: r.transportId,
        action: 'delete' as const,
        fromStatus: r.status,
        toStatus: null,
      })),
    );
  });
}

// ---------------------------------------------------------------------------------------------------------
// Receive (A5) and re-measure / another receipt (A6)

export async function receiveOrder(ctx: TOrderCtx, body: TArrivedUpdateBody) {
  const { auth, timezone } = ctx;
  return ctx.db.transaction(async (tx) => {
    const row = await loadOrder(tx, auth, body.id);
    if (body.version !== undefined && body.version !== row.version) throw changedReload();
    const action: TOrderAction = row.status === ORDER_STATUS.IN_WAREHOUSE ? 'remeasure' : 'submitToWarehouse';
    guard([row], action);
    needAny(auth, ACTION_PERMS[action]);
    await checkRefs(tx, auth, { arrivedHouseId: body.arrivedHouseId });
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
      status: ORDER_STATUS.IN_WAREHOUSE,
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
        const found = await fetchOrderPrice(
          tx,
          {
            markId: row.markId,
            busType: row.busType,
            leftAddrId: row.leftAddrId,
            destAddrId: row.destAddrId,
            cargoType: row.cargoType,
            orderTime: row.orderTime,
          },
          timezone,
        );
        if (found) Object.assign(set, priceColumns(found, mark));
      }
      const { values } = await computeFees(tx, { ...row, ...set } as TPricedOrder, timezone);
      Object.assign(set, values);
    }
    const logs: TOrderLogEntry[] = [];
    if (body.exceptionType) {
      Object.assign(set, {
        ifException: 1,
        exceptionType: body.exceptionType,
        exceptionDesc: body.exceptionDesc,
        exceptionStatus: 0,
      });
    }
    const updated = await updateOrder(tx, row, action, set, auth.userName);
    logs.push({
      orderId: row.id,
      transportId: row.transportId,
      action,
      fromStatus: row.status,
      toStatus: updated.status,
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
    });
    if (body.exceptionType) {
      logs.push({
        orderId: row.id,
        transportId: row.transportId,
        action: 'raiseException',
        fromStatus: updated.status,
        toStatus: updated.status,
        remark: body.exceptionDesc,
      });
    }
    await writeOrderLog(tx, auth.userName, logs);
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

// ---------------------------------------------------------------------------------------------------------
// Field changes after entry: assign mark (A9), problem items (A26), modification (A28)

const present = (fields: TOrderFieldChanges) =>
  (Object.keys(fields) as (keyof TOrderFieldChanges)[]).filter(
    (k) => fields[k] !== undefined && !(fields[k] === null && ['markId', 'leftAddrId', 'destAddrId'].includes(k)),
  );

const inGroup = (keys: readonly string[], group: readonly string[]) => keys.filter((k) => group.includes(k));

export async function modifyOrders(
  ctx: TOrderCtx,
  input: { ids: number[]; versions?: number[]; fields: TOrderFieldChanges; reason: string; single?: boolean },
) {
  const { auth, timezone } = ctx;
  const keys = present(input.fields);
  if (!keys.length) throw badRequest('err_no_change', { field: 'fields' }, 'fields');
  const exceptionKeys = inGroup(keys, EXCEPTION_FIELDS);
  const otherKeys = keys.filter((k) => !exceptionKeys.includes(k));
  const assignMode =
    otherKeys.includes('markId') &&
    otherKeys.every((k) =>
      (
        [
          'markId',
          'busType',
          'leftAddrId',
          'destAddrId',
          'consignee',
          'consigneeTel',
          'consigneeAddr',
          'cargoName',
          'cargoType',
        ] as string[]
      ).includes(k),
    );
  if (exceptionKeys.length) needAny(auth, ACTION_PERMS.exception);
  if (otherKeys.length) {
    needAny(auth, assignMode ? ACTION_PERMS.assignMark : input.single ? ACTION_PERMS.modifyOne : ACTION_PERMS.modify);
    if (!assignMode && !input.reason.trim()) throw badRequest('err_reason_required', { field: 'reason' }, 'reason');
  }
  const routeKeys = inGroup(otherKeys, MODIFY_ROUTE_FIELDS);
  const figureKeys = inGroup(otherKeys, MODIFY_FIGURE_FIELDS);
  const feeKeys = inGroup(otherKeys, MODIFY_FEE_FIELDS);
  if (feeKeys.length) needFeeRole(auth);
  return ctx.db.transaction(async (tx) => {
    const rows = await loadOrders(tx, auth, input.ids);
    checkVersions(rows, input.versions);
    const check = (ok: (r: TOrderRow) => boolean, key: string) => {
      const bad = rows.filter((r) => !ok(r));
      if (bad.length) throw refuse(key, bad);
    };
    if (assignMode) guard(rows, 'assignMark');
    else {
      if (routeKeys.length) check((r) => r.status <= ORDER_STATUS.IN_WAREHOUSE, 'msg_stock_state_reselect');
      if (figureKeys.length)
        check(
          (r) => r.status === ORDER_STATUS.IN_WAREHOUSE || r.status === ORDER_STATUS.LOAD_PLANNED,
          'msg_received_state_reselect',
        );
      if (otherKeys.length) check((r) => r.status <= ORDER_STATUS.OUT_FOR_DELIVERY, 'msg_edit_state_reselect');
    }
    if (feeKeys.length || routeKeys.length || figureKeys.length)
      check((r) => r.auditStatus !== 2, 'msg_audit_state_reselect');
    const f = input.fields;
    const refs = await checkRefs(tx, auth, { markId: f.markId, leftAddrId: f.leftAddrId, destAddrId: f.destAddrId });
    const logs: TOrderLogEntry[] = [];
    const result: { id: number; version: number }[] = [];
    for (const row of rows) {
      const set: Partial<TOrderRow> = {};
      for (const k of otherKeys) {
        if (k === 'preArriveTime') set.preArriveTime = parseBusinessTime(f.preArriveTime, timezone) ?? null;
        else (set as Record<string, unknown>)[k] = f[k];
      }
      if (f.markId) set.topMarkId = refs.mark?.topMarkId ?? null;
      if (f.freightManual === '1' && f.feeFreightAr === undefined) set.feeFreightAr = row.feeFreightAr;
      // problem item (Q14): raise, take, close, reopen
      let exceptionAction: TOrderLogAction | null = null;
      if (exceptionKeys.length) {
        if (f.exceptionType !== undefined) set.exceptionType = f.exceptionType;
        if (f.exceptionDesc !== undefined) set.exceptionDesc = f.exceptionDesc;
        if (f.handleRemark !== undefined) set.handleRemark = f.handleRemark;
        const wasOpen = row.ifException === 1;
        const status =
          f.exceptionStatus ?? (f.ifException === 1 ? 0 : f.ifException === 0 ? 2 : (row.exceptionStatus ?? 0));
        set.exceptionStatus = status;
        set.ifException = status === 2 ? 0 : 1;
        if (status >= 1) {
          set.exceptionHandler = auth.userName;
          set.exceptionHandleTime = new Date();
        }
        if (!wasOpen && status !== 2)
          exceptionAction = row.exceptionStatus === 2 ? 'reopenException' : 'raiseException';
        else if (wasOpen && status === 2) exceptionAction = 'closeException';
        else exceptionAction = status === 1 ? 'takeException' : 'raiseException';
      }
      if (assignMode) {
        const merged = { ...row, ...set };
        if (!merged.busType) throw badRequest('err_required', { field: t('field_bus_type', ctx.lang) }, 'busType');
        if (!merged.destAddrId)
          throw badRequest('err_required', { field: t('field_dest_addr_id', ctx.lang) }, 'destAddrId');
        if (!merged.leftAddrId && merged.arrivedHouseId)
          set.leftAddrId = await warehouseCity(tx, merged.arrivedHouseId);
      }
      if (routeKeys.length && row.auditStatus !== 2) {
        const merged = { ...row, ...set };
        const mark = merged.markId ? (f.markId ? refs.mark : await markInfo(tx, merged.markId)) : null;
        const found = await fetchOrderPrice(
          tx,
          {
            markId: merged.markId,
            busType: merged.busType,
            leftAddrId: merged.leftAddrId,
            destAddrId: merged.destAddrId,
            cargoType: merged.cargoType,
            orderTime: merged.orderTime,
          },
          timezone,
        );
        Object.assign(set, priceColumns(found, mark));
      }
      if ((routeKeys.length || figureKeys.length || feeKeys.length) && row.auditStatus !== 2) {
        const { values } = await computeFees(tx, { ...row, ...set } as TPricedOrder, timezone);
        Object.assign(set, values);
      }
      const action: TOrderAction = assignMode
        ? 'assignMark'
        : otherKeys.length
          ? row.status >= ORDER_STATUS.IN_WAREHOUSE
            ? 'modifyAfterReceipt'
            : 'edit'
          : (exceptionAction as TOrderAction);
      const updated = await updateOrderAny(tx, row, set, auth.userName);
      const changes = diffFields(row as never, set as never, [
        ...MODIFY_ROUTE_FIELDS,
        ...MODIFY_TEXT_FIELDS,
        ...MODIFY_FIGURE_FIELDS,
        ...MODIFY_FEE_FIELDS,
        ...EXCEPTION_FIELDS,
        ...ORDER_COMPUTED_FEE_FIELDS,
      ]);
      if (otherKeys.length)
        logs.push({
          orderId: row.id,
          transportId: row.transportId,
          action,
          fromStatus: row.status,
          toStatus: updated.status,
          remark: input.reason,
          changes,
        });
      if (exceptionAction)
        logs.push({
          orderId: row.id,
          transportId: row.transportId,
          action: exceptionAction,
          fromStatus: row.status,
          toStatus: updated.status,
          remark: f.exceptionDesc ?? f.handleRemark ?? input.reason,
          changes: otherKeys.length ? [] : changes,
        });
      result.push({ id: updated.id, version: updated.version });
    }
    await writeOrderLog(tx, auth.userName, logs);
    return result;
  });
}

/** A conditional update on the version only (field edits whose status rules were checked above). */
async function updateOrderAny(tx: DbOrTx, row: TOrderRow, set: Partial<TOrderRow>, by: string): Promise<TOrderRow> {
  const [updated] = await tx
    .update(busOrder)
    .set({ ...set, version: sql`${busOrder.version} + 1`, updateBy: by, updateTime: sql`now()` })
    .where(and(eq(busOrder.id, row.id), eq(busOrder.version, row.version), eq(busOrder.status, row.status)))
    .returning();
  if (!updated) throw changedReload();
  return updated;
}

// ---------------------------------------------------------------------------------------------------------
// Fee supplement (A29: S6-S8, not audited)

export async function supplementFees(ctx: TOrderCtx, body: TOrderUpdateFeeBody) {
  const { auth, timezone } = ctx;
  needAny(auth, ACTION_PERMS.supplementFees);
  needFeeRole(auth);
  return ctx.db.transaction(async (tx) => {
    const rows = await loadOrders(
      tx,
      auth,
      body.rows.map((r) => r.id),
    );
    checkVersions(
      rows,
      body.rows.map((r) => r.version),
    );
    guard(rows, 'supplementFees');
    const logs: TOrderLogEntry[] = [];
    const result: { id: number; version: number }[] = [];
    for (const [i, row] of rows.entries()) {
      const input = body.rows[i]!;
      const set: Partial<TOrderRow> = {};
      for (const fld of FEE_SUPPLEMENT_FIELDS)
        if (input[fld] !== undefined && input[fld] !== null) set[fld] = input[fld];
      const { values } = await computeFees(tx, { ...row, ...set } as TPricedOrder, timezone);
      Object.assign(set, values);
      const updated = await updateOrder(tx, row, 'supplementFees', set, auth.userName);
      logs.push({
        orderId: row.id,
        transportId: row.transportId,
        action: 'supplementFees',
        fromStatus: row.status,
        toStatus: updated.status,
        remark: input.remark,
        changes: diffFields(row as never, set as never, [...FEE_SUPPLEMENT_FIELDS, ...ORDER_COMPUTED_FEE_FIELDS]),
      });
      result.push({ id: updated.id, version: updated.version });
    }
    await writeOrderLog(tx, auth.userName, logs);
    return result;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Fetch price (A27) and recalculate

export async function refetchPrices(ctx: TOrderCtx, ids: number[], versions?: number[]) {
  const { auth, timezone } = ctx;
  needAny(auth, ACTION_PERMS.price);
  needFeeRole(auth);
  return ctx.db.transaction(async (tx) => {
    const rows = await loadOrders(tx, auth, ids);
    checkVersions(rows, versions);
    guard(rows, 'fetchPrice');
    const cache = newPricingCache();
    const noPrice: string[] = [];
    const logs: TOrderLogEntry[] = [];
    let updatedCount = 0;
    for (const row of rows) {
      const mark = row.markId ? await markInfo(tx, row.markId, cache) : null;
      const found = await fetchOrderPrice(
        tx,
        {
          markId: row.markId,
          busType: row.busType,
          leftAddrId: row.leftAddrId,
          destAddrId: row.destAddrId,
          cargoType: row.cargoType,
          orderTime: row.orderTime,
        },
        timezone,
        { cache },
      );
      if (!found) {
        noPrice.push(row.transportId);
        continue;
      }
      const set: Partial<TOrderRow> = { ...priceColumns(found, mark), freightManual: '0' };
      const { values } = await computeFees(tx, { ...row, ...set } as TPricedOrder, timezone, cache);
      Object.assign(set, values);
      const updated = await updateOrderAny(tx, row, set, auth.userName);
      updatedCount++;
      logs.push({
        orderId: row.id,
        transportId: row.transportId,
        action: 'fetchPrice',
        fromStatus: row.status,
        toStatus: updated.status,
        changes: diffFields(row as never, set as never, [
          'priceId',
          'volumePrice',
          'weightPrice',
          'freightManual',
          ...ORDER_COMPUTED_FEE_FIELDS,
        ]),
      });
    }
    await writeOrderLog(tx, auth.userName, logs);
    return { updated: updatedCount, noPrice };
  });
}

export async function recalculate(ctx: TOrderCtx, ids: number[]) {
  const { auth, timezone } = ctx;
  needAny(auth, ACTION_PERMS.price);
  needFeeRole(auth);
  return ctx.db.transaction(async (tx) => {
    const rows = await loadOrders(tx, auth, ids);
    guard(rows, 'recalculate');
    const cache = newPricingCache();
    const logs: TOrderLogEntry[] = [];
    const result: { id: number; version: number; feeArAmount: string }[] = [];
    for (const row of rows) {
      const { values } = await computeFees(tx, row, timezone, cache);
      const updated = await updateOrderAny(tx, row, values, auth.userName);
      logs.push({
        orderId: row.id,
        transportId: row.transportId,
        action: 'recalculate',
        fromStatus: row.status,
        toStatus: updated.status,
        changes: diffFields(row as never, values as never, ORDER_COMPUTED_FEE_FIELDS),
      });
      result.push({ id: updated.id, version: updated.version, feeArAmount: updated.feeArAmount });
    }
    await writeOrderLog(tx, auth.userName, logs);
    return result;
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
  const found = await fetchOrderPrice(
    db,
    {
      markId: p.markId ?? null,
      busType: p.busType,
      leftAddrId: p.leftAddrId,
      destAddrId: p.destAddrId,
      cargoType: p.cargoType,
      orderTime,
    },
    timezone,
    { includeExpired: true },
  );
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

export type { Tx };
