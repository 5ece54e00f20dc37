import {
  CURRENCY,
  hasPermission,
  lineSize,
  ORDER_VIEW_EXPORT_PERMISSION,
  ORDER_VIEW_PERMISSION,
  orderCargoTotals,
  parsePieceLabel,
  parseSearchNumbers,
  TRANSPORT_MODE,
  ZArrivedUpdateBody,
  ZEditFieldsBody,
  ZGetNoBody,
  ZInwareAddBody,
  ZInwareEditBody,
  ZInwareExportBody,
  ZInwareListQuery,
  ZInwareStatusBody,
  ZOrderLogQuery,
  ZOrderSelectBody,
  ZOrderUpdateBody,
  ZOrderUpdateFeeBody,
  ZReGetPriceBody,
  ZTransportIdPagesQuery,
  ZTransportIdParam,
  zIdParam,
  zIdsParam,
} from '@theone/contracts';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allOf } from '../../../platform/db/sql-helpers';
import type { AppDeps } from '../../../platform/deps';
import { AppError, badRequest, forbidden, notFound, wrongState } from '../../../platform/errors';
import { keysetPages, readUpload, sendExcel, sendTemplate } from '../../../platform/excel/excel';
import { ok, table } from '../../../platform/http/envelope';
import { t } from '../../../platform/i18n';
import { BUSINESS_TYPE, type BusinessType } from '../../../platform/operlog';
import { basGeog, basInsurance, basMark, basWarehouse } from '../../bas/bas.table';
import { addressesOf } from '../../bas/mark.service';
import { markScopeFilter } from '../../bas/mark-scope';
import { cargoOf } from '../cargo/cargo.service';
import { busCargo } from '../cargo/cargo.table';
import { listOrderLog, stepTimesOf, writeOrderLog } from '../order-log/order-log.service';
import {
  CARGO_EXPORT_COLUMNS,
  FEE_SHEET_COLUMNS,
  FEE_VIEW_EXPORT_COLUMNS,
  feeSheetRows,
  IMPORT_EXAMPLE,
  IMPORT_TEMPLATE_COLUMNS,
  importOrders,
  ORDER_EXPORT_COLUMNS,
} from './inware.excel';
import {
  listOrders,
  listWhere,
  markNames,
  namedRows,
  orderDetail,
  presentRows,
  selectExportRows,
  selectOrders,
  withMarks,
} from './inware.list';
import { computeFees, markInfo, type TPricedOrder } from './inware.pricing';
import {
  ACTION_PERMS,
  addOrder,
  changeStatus,
  creditStatus,
  creditWarning,
  deleteOrders,
  editOrder,
  getNo,
  loadOrder,
  modifyOrders,
  needImport,
  previewPrice,
  recalculate,
  receiveOrder,
  refetchPrices,
  supplementFees,
  type TOrderCtx,
} from './inware.service';
import { busOrder } from './inware.table';
import { registerOrderUsageChecks } from './inware.usage';
import { orderScope } from './order-common';

/**
 * Inbound orders (spec §7 'Inware', cargo, busOrderLog, audit/orderUpdate; screens bus-container.md §3): every
 * call except the print calls (issue 6 item 7). Rules live in inware.service.ts (actions), inware.list.ts (lists)
 * and inware.excel.ts (import/export); docs/domain.md 'Orders' explains them.
 *
 * `audit/orderUpdate` and `audit/orderUpdateFee` are order modifications (orderListEdit, deliveryfree), so they are
 * served here; the audit module adds the other /bus/audit calls.
 */
const VIEW_KEYS = Object.values(ORDER_VIEW_PERMISSION);
/** Keys that may read orders by id or waybill (details, scan boxes, later modules' screens). */
export const ORDER_READ_KEYS = [
  ...VIEW_KEYS,
  'order:info',
  'order:edit',
  'bus:orderAdd',
  'bus:loadplan',
  'bus:load',
  'bus:track',
  'bus:arrive',
  'bus:arriveOrder',
  'bus:sendOrder',
  'bus:send',
  'bus:sign',
  'bus:exception',
  'bus:audit',
];
const ENTRY_KEYS = [
  'bus:orderAdd',
  'order:edit',
  'bus:unOrder',
  'bus:inOrder',
  'bus:noMarkOrder',
  'bus:arrivedAddOrder',
  'bus:orderListEdit',
];
const EXPORT_KEYS = Object.values(ORDER_VIEW_EXPORT_PERMISSION);
const IMPORT_KEYS = ['bus:orderAdd:import', 'bus:unOrder:import'];

/** Transit days of the preArriveTime default (screens orderAdd, chosen). */
export const TRANSIT_DAYS: Record<string, number> = {
  [TRANSPORT_MODE.LAND_EK]: 7,
  [TRANSPORT_MODE.SEA]: 15,
  [TRANSPORT_MODE.RAIL]: 10,
  [TRANSPORT_MODE.AIR]: 3,
};

const ZLogQuery = ZOrderLogQuery;
const zVersion = z.coerce.number().int().min(0).max(2_147_483_647);
const ZCargoDeleteBody = z.object({ version: zVersion.optional() }).strict().optional();
const ZDeleteBody = z
  .object({ versions: z.array(zVersion).max(500).optional() })
  .strict()
  .optional();

export const inwareRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  registerOrderUsageChecks();
  const tags = ['bus'];
  const timezone = config.timezone;
  const title = (key: string, businessType: BusinessType) => ({ title: key, businessType });
  const ctxOf = (req: { auth: TOrderCtx['auth']; lang: TOrderCtx['lang'] }): TOrderCtx => ({
    db,
    auth: req.auth,
    lang: req.lang,
    timezone,
  });

  // -------------------------------------------------------------------------------------------------
  // Form support

  app.post(
    '/bus/inware/init',
    {
      config: { permission: ENTRY_KEYS, operlog: false },
      schema: { tags, summary: 'Order form defaults: route, warehouse, transit days, insurance options' },
    },
    async (req) => {
      const [warehouses, geogs, insurances] = await Promise.all([
        db.select().from(basWarehouse).where(eq(basWarehouse.status, '0')).orderBy(asc(basWarehouse.orderNum)),
        db
          .select({ id: basGeog.id, orgId: basGeog.orgId, code: basGeog.code })
          .from(basGeog)
          .where(inArray(basGeog.code, ['GZ', 'BKK'])),
        db
          .select({
            id: basInsurance.id,
            insuranceName: basInsurance.insuranceName,
            busType: basInsurance.busType,
            isDefault: basInsurance.isDefault,
            insuranceRate: basInsurance.insuranceRate,
            minPremium: basInsurance.minPremium,
          })
          .from(basInsurance)
          .where(eq(basInsurance.status, '0')),
      ]);
      const lang = req.lang;
      const name = (w: { name: string; nameEn: string; nameTh: string }) =>
        (lang === 'en' ? w.nameEn : lang === 'th' ? w.nameTh : w.name) || w.name;
      const origin = warehouses.filter((w) => w.whType === '1');
      // the user's warehouse: the origin warehouse named like the user's department ('广州仓'), else the first
      const mine = origin.find((w) => w.name === req.auth.deptName) ?? origin[0];
      return ok(req, {
        defaults: {
          busType: TRANSPORT_MODE.LAND_EK,
          cargoType: '1',
          currency: CURRENCY.RMB,
          leftAddrId: mine?.geogId ?? geogs.find((g) => g.orgId === 1 && g.code === 'GZ')?.id ?? null,
          destAddrId: geogs.find((g) => g.orgId === 2 && g.code === 'BKK')?.id ?? null,
          arrivedHouseId: mine?.id ?? null,
          orderTime: new Date().toISOString(),
        },
        transitDays: TRANSIT_DAYS,
        warehouses: warehouses.map((w) => ({
          id: w.id,
          code: w.code,
          name: name(w),
          whType: w.whType,
          geogId: w.geogId,
        })),
        insurances,
      });
    },
  );

  app.post(
    '/bus/inware/getNo',
    {
      config: { permission: [...ENTRY_KEYS, 'bus:inOrder:submit', 'bus:noMarkOrder:add'], operlog: false },
      schema: {
        tags,
        summary: 'A new waybill number (TH+yyMMdd+5 digits) or receipt number (WR+yyMMdd+5 digits)',
        body: ZGetNoBody.optional(),
      },
    },
    async (req) => ok(req, await getNo(ctxOf(req), ZGetNoBody.parse(req.body ?? {}))),
  );

  app.post(
    '/bus/inware/asynAddress/:id',
    {
      config: { permission: [...ENTRY_KEYS, 'bus:noMarkOrder:assign'], operlog: false },
      schema: {
        tags,
        summary: "A mark's consignee addresses, pricing data and credit status (id = mark id)",
        params: zIdParam,
      },
    },
    async (req) => {
      const [visible] = await db
        .select({ id: basMark.id })
        .from(basMark)
        .where(allOf([eq(basMark.id, req.params.id), markScopeFilter(req.auth)]));
      if (!visible) throw notFound();
      const [mark, addresses, credit] = await Promise.all([
        markInfo(db, req.params.id),
        addressesOf(db, req.params.id),
        creditStatus(db, req.params.id),
      ]);
      const shipping = await db
        .select({ channels: basMark.shippingChannels, balanceType: basMark.balanceType })
        .from(basMark)
        .where(eq(basMark.id, req.params.id));
      const warning = creditWarning(credit, req.auth, req.lang);
      return ok(req, {
        mark: {
          ...mark,
          isSubMark: mark?.topMarkId ? '1' : '0',
          shippingChannels: shipping[0]?.channels ?? [],
          balanceType: shipping[0]?.balanceType,
        },
        addresses,
        defaultAddress: addresses.find((a) => a.isDefault === '1') ?? addresses[0] ?? null,
        credit: credit
          ? { credtLimit: credit.credtLimit, openBalance: credit.openBalance, exceeded: credit.exceeded }
          : null,
        ...(warning ? { warning } : {}),
      });
    },
  );

  app.post(
    '/bus/inware/reGetPrice',
    {
      config: { permission: ACTION_PERMS.price, operlog: title('fetch_price', BUSINESS_TYPE.UPDATE) },
      schema: {
        tags,
        summary: "Fetch price: saved orders by ids (P-price; fee role), or the form's values as `order` (preview)",
        body: ZReGetPriceBody,
      },
    },
    async (req) => {
      const b = req.body;
      if (b.order) return ok(req, await previewPrice(ctxOf(req), b.order));
      const result = await refetchPrices(ctxOf(req), b.ids!, b.versions);
      if (!result.noPrice.length)
        return { code: 200, msg: t('msg_fetch_price_done', req.lang, { count: result.updated }), data: result };
      return { code: 200, msg: t('msg_no_price', req.lang, { list: result.noPrice.join(', ') }), data: result };
    },
  );

  app.post(
    '/bus/inware/reCal/:ids',
    {
      config: { permission: ACTION_PERMS.price, feeRole: true, operlog: title('recalculate', BUSINESS_TYPE.UPDATE) },
      schema: { tags, summary: 'Recalculate the fees on the saved prices (P-recalc; not audited)', params: zIdsParam },
    },
    async (req) => ok(req, await recalculate(ctxOf(req), req.params.ids)),
  );

  // -------------------------------------------------------------------------------------------------
  // Lists

  const list = async (req: FastifyRequest, q: z.infer<typeof ZInwareListQuery>) => {
    if (!hasPermission(req.auth.permissions, ORDER_VIEW_PERMISSION[q.view])) throw forbidden('err_forbidden');
    if (q.view === 'deliveryfree' && !req.auth.feeRole) throw forbidden('err_fee_role_required');
    const { rows, total, sums } = await listOrders(db, req.auth, q, timezone, req.lang);
    return table(req, rows, total, { sums });
  };

  app.get(
    '/bus/inware/list',
    {
      config: { permission: VIEW_KEYS },
      schema: { tags, summary: 'Orders of a screen (view): filters, paging, sums', querystring: ZInwareListQuery },
    },
    async (req) => list(req, req.query),
  );

  app.post(
    '/bus/inware/list',
    {
      config: { permission: VIEW_KEYS, operlog: false },
      schema: {
        tags,
        summary: 'Orders of a screen (view), filters in the body (long number lists)',
        body: ZInwareListQuery,
      },
    },
    async (req) => list(req, req.body),
  );

  app.post(
    '/bus/inware/select',
    {
      config: { permission: ORDER_READ_KEYS, operlog: false },
      schema: { tags, summary: 'Order options by waybill, express number or mark', body: ZOrderSelectBody },
    },
    async (req) => {
      const b = req.body;
      const text = b.keyword.toUpperCase();
      const statuses = b.status?.split(',').map(Number);
      const rows = await db
        .select({
          id: busOrder.id,
          transportId: busOrder.transportId,
          status: busOrder.status,
          mark: basMark.mark,
          consignee: busOrder.consignee,
        })
        .from(busOrder)
        .leftJoin(basMark, eq(basMark.id, busOrder.markId))
        .where(
          allOf([
            orderScope(req.auth),
            text
              ? sql`(${busOrder.transportId} LIKE ${`${text.replace(/[\\%_]/g, '')}%`} OR ${busOrder.expressNos} && ARRAY[${text}]::text[] OR ${basMark.mark} = ${text})`
              : undefined,
            statuses ? sql`${busOrder.status} = ANY(${sql.param(statuses)}::smallint[])` : undefined,
          ]),
        )
        .orderBy(sql`${busOrder.orderTime} DESC NULLS LAST`, sql`${busOrder.id} DESC NULLS LAST`)
        .limit(b.limit);
      return ok(req, rows);
    },
  );

  /** Scan box (screens §0): waybill, piece label, express number, then receipt number. */
  app.post(
    '/bus/inware/selectByTransportId/:transportId',
    {
      config: { permission: ORDER_READ_KEYS, operlog: false },
      schema: {
        tags,
        summary: 'The order of a scanned code: waybill, piece label {waybill}-{n}, express or receipt number',
        params: ZTransportIdParam,
      },
    },
    async (req) => {
      const code = req.params.transportId.trim().toUpperCase();
      const piece = parsePieceLabel(code);
      const attempts = [
        { by: 'transportId', where: eq(busOrder.transportId, code) },
        ...(piece ? [{ by: 'pieceLabel', where: eq(busOrder.transportId, piece.transportId) }] : []),
        { by: 'expressNo', where: sql`${busOrder.expressNos} && ARRAY[${code}]::text[]` },
        { by: 'receivingNo', where: sql`${busOrder.receivingNos} && ARRAY[${code}]::text[]` },
      ];
      for (const a of attempts) {
        const row = await orderDetail(db, req.auth, a.where, req.lang);
        if (row) return ok(req, { ...row, matchedBy: a.by, piece: a.by === 'pieceLabel' ? piece!.piece : null });
      }
      throw new AppError('NOT_FOUND', 'bus_msg_no_order_for_code', { code });
    },
  );

  app.post(
    '/bus/inware/selectByTransportIdPages/:transportId',
    {
      config: { permission: ORDER_READ_KEYS, operlog: false },
      schema: {
        tags,
        summary: 'Orders of one or several waybills (comma separated), paged',
        params: ZTransportIdParam,
        querystring: ZTransportIdPagesQuery,
      },
    },
    async (req) => {
      const numbers = parseSearchNumbers(req.params.transportId);
      if (numbers === null) throw badRequest('msg_comma_separated', { field: 'transportId' }, 'transportId');
      const where = allOf([sql`${busOrder.transportId} = ANY(${sql.param(numbers)}::text[])`, orderScope(req.auth)]);
      const { pageNum, pageSize } = req.query;
      const [rows, [count]] = await Promise.all([
        selectOrders(db)
          .where(where)
          .orderBy(asc(busOrder.transportId))
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize),
        db.select({ n: sql<number>`count(*)::int` }).from(busOrder).where(where),
      ]);
      return table(req, await namedRows(db, rows, req.lang), count?.n ?? 0);
    },
  );

  app.get(
    '/bus/inware/:id',
    {
      config: { permission: ORDER_READ_KEYS },
      schema: {
        tags,
        summary: 'One order with its cargo lines and the time it entered each step (stepTimes, from its log)',
        params: zIdParam,
      },
    },
    async (req) => {
      const row = await orderDetail(db, req.auth, eq(busOrder.id, req.params.id), req.lang);
      if (!row) throw notFound();
      // stepTimes: when the order entered each step, from the log rows (the step bar of orderDetails)
      const [cargoLines, stepTimes] = await Promise.all([cargoOf(db, [row.id]), stepTimesOf(db, row.id, row.status)]);
      return ok(req, { ...row, isSubMark: row.topMarkId ? '1' : '0', cargoLines, stepTimes });
    },
  );

  // -------------------------------------------------------------------------------------------------
  // Entry and actions

  app.post(
    '/bus/inware/add',
    {
      config: {
        permission: [...ACTION_PERMS.save, ...ACTION_PERMS.confirmOnAdd, ...ACTION_PERMS.registerNoMark],
        operlog: title('menu_order_add', BUSINESS_TYPE.INSERT),
      },
      schema: {
        tags,
        summary: 'New order: status 0 staged (A1), 1 confirmed (A2), 2 no-mark cargo received (A8)',
        body: ZInwareAddBody,
      },
    },
    async (req) => {
      const result = await addOrder(ctxOf(req), req.body);
      return ok(req, result, 'bus_msg_saved');
    },
  );

  app.post(
    '/bus/inware/edit',
    {
      config: { permission: ACTION_PERMS.edit, operlog: title('menu_order_edit', BUSINESS_TYPE.UPDATE) },
      schema: {
        tags,
        summary: 'Edit an order (S0-S2; optimistic version; fetchPrice=1 re-prices)',
        body: ZInwareEditBody,
      },
    },
    async (req) => ok(req, await editOrder(ctxOf(req), req.body)),
  );

  app.post(
    '/bus/inware/status/:ids',
    {
      config: {
        permission: [...ACTION_PERMS.confirm, ...ACTION_PERMS.backToStaged, ...ACTION_PERMS.cancelReceipt],
        operlog: title('menu_un_order', BUSINESS_TYPE.UPDATE),
      },
      schema: {
        tags,
        summary: '{status:1} confirm S0 or cancel the receipt of S2; {status:0} back to staged (all or nothing)',
        params: zIdsParam,
        body: ZInwareStatusBody,
      },
    },
    async (req) => ok(req, await changeStatus(ctxOf(req), req.params.ids, req.body)),
  );

  app.post(
    '/bus/inware/delete/:ids',
    {
      config: { permission: ACTION_PERMS.delete, operlog: title('menu_un_order', BUSINESS_TYPE.DELETE) },
      schema: { tags, summary: 'Delete staged orders (S0 only, all or nothing)', params: zIdsParam, body: ZDeleteBody },
    },
    async (req) => {
      await deleteOrders(ctxOf(req), req.params.ids, req.body?.versions);
      return ok(req);
    },
  );

  app.post(
    '/bus/inware/arrived/update',
    {
      config: {
        permission: [...ACTION_PERMS.submitToWarehouse, ...ACTION_PERMS.remeasure],
        operlog: title('menu_in_order', BUSINESS_TYPE.UPDATE),
      },
      schema: {
        tags,
        summary: 'Receive into the origin warehouse (S0/S1 -> S2) or re-measure / another receipt (S2)',
        body: ZArrivedUpdateBody,
      },
    },
    async (req) => ok(req, await receiveOrder(ctxOf(req), req.body)),
  );

  app.post(
    '/bus/inware/editFields',
    {
      config: {
        permission: [...ACTION_PERMS.assignMark, ...ACTION_PERMS.modify, ...ACTION_PERMS.exception],
        operlog: title('menu_order_list_edit', BUSINESS_TYPE.UPDATE),
      },
      schema: {
        tags,
        summary: 'Set fields on the selected orders: assign mark (A9), problem item (A26), modification (A28)',
        body: ZEditFieldsBody,
      },
    },
    async (req) => ok(req, await modifyOrders(ctxOf(req), req.body)),
  );

  app.post(
    '/bus/audit/orderUpdate',
    {
      config: { permission: 'bus:orderListEdit:edit', operlog: title('menu_order_list_edit', BUSINESS_TYPE.UPDATE) },
      schema: {
        tags,
        summary: 'Modify one order after receipt (orderListEdit drawer): changes, reason, version',
        body: ZOrderUpdateBody,
      },
    },
    async (req) => {
      const b = req.body;
      const [r] = await modifyOrders(ctxOf(req), {
        ids: [b.id],
        versions: [b.version],
        fields: b.changes,
        reason: b.reason,
        single: true,
      });
      return ok(req, r);
    },
  );

  app.post(
    '/bus/audit/orderUpdateFee',
    {
      config: {
        permission: ACTION_PERMS.supplementFees,
        feeRole: true,
        operlog: title('menu_deliveryfree', BUSINESS_TYPE.UPDATE),
      },
      schema: {
        tags,
        summary: 'Fee supplement (deliveryfree): delivery fees on S6-S8 orders not audited',
        body: ZOrderUpdateFeeBody,
      },
    },
    async (req) => ok(req, await supplementFees(ctxOf(req), req.body)),
  );

  app.post(
    '/bus/cargo/delete/:id',
    {
      config: { permission: ACTION_PERMS.deleteLine, operlog: title('menu_order_edit', BUSINESS_TYPE.DELETE) },
      schema: {
        tags,
        summary: 'Delete a saved declared cargo line (S0/S1); totals and fees follow',
        params: zIdParam,
        body: ZCargoDeleteBody,
      },
    },
    async (req) => {
      const [line] = await db.select().from(busCargo).where(eq(busCargo.id, req.params.id));
      if (!line) throw notFound();
      const result = await db.transaction(async (tx) => {
        const order = await loadOrder(tx, req.auth, line.orderId);
        if (req.body?.version !== undefined && req.body.version !== order.version)
          throw new AppError('CHANGED_RELOAD', 'msg_changed_reload');
        if (order.status > 1 || line.receivingNo !== '') throw wrongState('msg_edit_state_reselect');
        await tx.delete(busCargo).where(eq(busCargo.id, line.id));
        const rest = await tx
          .select()
          .from(busCargo)
          .where(and(eq(busCargo.orderId, order.id), eq(busCargo.receivingNo, '')))
          .orderBy(asc(busCargo.lineNo));
        const totals = orderCargoTotals({
          lines: rest,
          cargoPiece: order.cargoPiece,
          cargoWeight: order.cargoWeight,
          cargoVolume: order.cargoVolume,
          volumeManual: order.volumeManual,
        });
        const set = { ...totals };
        const { values } = await computeFees(tx, { ...order, ...set } as TPricedOrder, timezone);
        const [updated] = await tx
          .update(busOrder)
          .set({
            ...set,
            ...values,
            version: sql`${busOrder.version} + 1`,
            updateBy: req.auth.userName,
            updateTime: sql`now()`,
          })
          .where(and(eq(busOrder.id, order.id), eq(busOrder.version, order.version)))
          .returning({ id: busOrder.id, version: busOrder.version });
        if (!updated) throw new AppError('CHANGED_RELOAD', 'msg_changed_reload');
        await writeOrderLog(tx, req.auth.userName, [
          {
            orderId: order.id,
            transportId: order.transportId,
            action: 'deleteCargoLine',
            fromStatus: order.status,
            toStatus: order.status,
            remark: `#${line.lineNo} ${line.piece} × ${lineSize(line) || line.volume}`,
            changes: [
              { field: 'cargoPiece', before: order.cargoPiece, after: totals.cargoPiece },
              { field: 'cargoWeight', before: order.cargoWeight, after: totals.cargoWeight },
              { field: 'cargoVolume', before: order.cargoVolume, after: totals.cargoVolume },
            ].filter((c) => String(c.before) !== String(c.after)),
          },
        ]);
        return updated;
      });
      return ok(req, result);
    },
  );

  app.get(
    '/bus/busOrderLog/list',
    {
      config: { permission: ORDER_READ_KEYS },
      schema: { tags, summary: "An order's log, oldest first (the details timeline)", querystring: ZLogQuery },
    },
    async (req) => {
      await loadOrder(db, req.auth, req.query.orderId);
      const rows = await listOrderLog(db, req.query.orderId, req.lang);
      return table(req, rows, rows.length);
    },
  );

  // -------------------------------------------------------------------------------------------------
  // Import and export

  app.post(
    '/bus/inware/importTemplate',
    {
      config: {
        permission: IMPORT_KEYS,
        operlog: false,
        heavy: 'template',
      },
      schema: { tags, summary: 'Order import template (.xlsx, headers in the caller language)' },
    },
    async (req, reply) =>
      sendTemplate(req, reply, {
        fileName: 'bus_order_import_template',
        db,
        columns: IMPORT_TEMPLATE_COLUMNS,
        examples: [IMPORT_EXAMPLE],
      }),
  );

  app.post(
    '/bus/inware/import',
    {
      config: {
        permission: IMPORT_KEYS,
        operlog: title('menu_order_add', BUSINESS_TYPE.IMPORT),
        heavy: 'import',
      },
      schema: {
        tags,
        summary: 'Import staged orders from .xlsx (multipart "file"): up to 5,000 rows, all or nothing',
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      needImport(req.auth);
      const upload = await readUpload(req);
      const result = await importOrders({ ...ctxOf(req), db }, upload);
      return { code: 200, msg: t('bus_msg_import_success', req.lang, { count: result.created }), data: result };
    },
  );

  app.post(
    '/bus/inware/export',
    {
      config: {
        permission: EXPORT_KEYS,
        operlog: title('menu_order_list', BUSINESS_TYPE.EXPORT),
        heavy: 'export',
      },
      schema: {
        tags,
        summary: "Export a view's orders (its filters, or ids of the selected rows), streamed .xlsx",
        body: ZInwareExportBody,
      },
    },
    async (req, reply) => {
      const q = req.body;
      if (!hasPermission(req.auth.permissions, ORDER_VIEW_EXPORT_PERMISSION[q.view])) throw forbidden('err_forbidden');
      if (q.view === 'deliveryfree' && !req.auth.feeRole) throw forbidden('err_fee_role_required');
      const ids = q.ids?.split(',').map(Number);
      const where = ids
        ? allOf([sql`${busOrder.id} = ANY(${sql.param(ids)}::bigint[])`, orderScope(req.auth)])
        : await listWhere(db, req.auth, q, timezone);
      const marks = await markNames(db);
      const columns = q.view === 'deliveryfree' ? FEE_VIEW_EXPORT_COLUMNS : ORDER_EXPORT_COLUMNS;
      return sendExcel(req, reply, {
        fileName: 'bus_order_export',
        db,
        timezone,
        columns,
        pages: keysetPages(
          async (after, limit) =>
            (await presentRows(
              db,
              withMarks(
                await selectExportRows(db, columns)
                  .where(allOf([where, after === undefined ? undefined : gt(busOrder.id, after)]))
                  .orderBy(asc(busOrder.id))
                  .limit(limit),
                marks,
              ),
              req.lang,
              { missing: false },
            )) as unknown as Record<string, unknown>[],
          (r) => r.id as number,
          // small pages: rows die young instead of being promoted (heap growth of a 100,000-row export
          // ~100 MB against ~230 MB with pages of 1,000; docs/bench.md)
          200,
        ),
      });
    },
  );

  app.post(
    '/bus/inware/export/fee/:id',
    {
      config: {
        permission: 'bus:order:exportFee',
        feeRole: true,
        operlog: title('menu_order_list', BUSINESS_TYPE.EXPORT),
        heavy: 'export',
      },
      schema: { tags, summary: "An order's fee sheet (.xlsx)", params: zIdParam },
    },
    async (req, reply) => {
      const row = await orderDetail(db, req.auth, eq(busOrder.id, req.params.id), req.lang);
      if (!row) throw notFound();
      return sendExcel(req, reply, {
        fileName: 'bus_fee_sheet',
        sheetName: row.transportId,
        db,
        timezone,
        columns: FEE_SHEET_COLUMNS,
        rows: feeSheetRows(row as unknown as Record<string, unknown>, req.lang),
      });
    },
  );

  app.post(
    '/bus/inware/cargo/export/:ids',
    {
      config: {
        permission: ['bus:unOrder:export', 'bus:inOrder:export', 'bus:order:export'],
        operlog: title('menu_order_list', BUSINESS_TYPE.EXPORT),
        heavy: 'export',
      },
      schema: { tags, summary: 'Cargo lines of the selected orders (.xlsx)', params: zIdsParam },
    },
    async (req, reply) => {
      const orders = await db
        .select({ id: busOrder.id, transportId: busOrder.transportId, mark: basMark.mark })
        .from(busOrder)
        .leftJoin(basMark, eq(basMark.id, busOrder.markId))
        .where(allOf([inArray(busOrder.id, req.params.ids), orderScope(req.auth)]));
      if (orders.length !== new Set(req.params.ids).size) throw notFound();
      const byId = new Map(orders.map((o) => [o.id, o]));
      const lines = await cargoOf(db, req.params.ids);
      const cells = lines.map((l) => ({
        ...l,
        transportId: byId.get(l.orderId)?.transportId ?? '',
        mark: byId.get(l.orderId)?.mark ?? '',
      }));
      return sendExcel(req, reply, {
        fileName: 'bus_cargo_export',
        db,
        timezone,
        columns: CARGO_EXPORT_COLUMNS,
        rows: cells as unknown as Record<string, unknown>[],
      });
    },
  );
};
