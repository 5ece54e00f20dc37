import {
  hasPermission,
  ORDER_VIEW_PERMISSION,
  parsePieceLabel,
  ZInwareListQuery,
  ZOrderDetailAnswer,
  ZOrderListAnswer,
  ZOrderLogAnswer,
  ZOrderLogQuery,
  ZOrderOptionsAnswer,
  ZOrderPageAnswer,
  ZOrderScanAnswer,
  ZOrderSelectBody,
  ZTransportIdParam,
  zIdParam,
} from '@theone/contracts';
import { answers, type TWire } from '@theone/contracts/common/responses';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { allOf } from '../../../platform/db/sql-helpers';
import type { AppDeps } from '../../../platform/deps';
import { AppError, forbidden, notFound } from '../../../platform/errors';
import { ok, table } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';
import { withoutFees } from '../../../platform/http/security';
import { isMarkWithCode, markCodeOf } from '../../bas/api/order-refs';
import { busWaybillPages, tableWithSums } from '../bus-routes';
import { cargoOf } from '../cargo/cargo.service';
import { listOrderLog, stepTimesOf } from '../order-log/order-log.service';
import { listOrders, orderDetail, ordersByWaybills } from './inware.list';
import { loadOrder } from './inware.service';
import { busOrder } from './inware.table';
import { ORDER_READ_KEYS, type TSentKeysDeclared, VIEW_KEYS } from './inware-route-keys';
import { orderScope } from './order-common';

/**
 * Reading orders (screens orderList and the other list views, orderDetails, scan boxes, later modules' pickers):
 * the lists, options, an order by id or scanned code, and its log. Filters and views live in inware.list.ts.
 */

type TDetailRow = NonNullable<Awaited<ReturnType<typeof orderDetail>>>;
type TListRow = Awaited<ReturnType<typeof listOrders>>['rows'][number];
// the answers keep every key the queries read (the response schemas drop undeclared keys)
const rowKeys: TSentKeysDeclared<Omit<TListRow, '__sums'>, TWire<typeof ZOrderPageAnswer>['rows'][number]> = true;
const detailKeys: TSentKeysDeclared<TDetailRow, NonNullable<TWire<typeof ZOrderDetailAnswer>['data']>> = true;
void rowKeys;
void detailKeys;

export const inwareQueryRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config } = deps;
  const timezone = config.timezone;

  const list = async (req: FastifyRequest, q: z.infer<typeof ZInwareListQuery>) => {
    if (!hasPermission(req.auth.permissions, ORDER_VIEW_PERMISSION[q.view])) throw forbidden('err_forbidden');
    if (q.view === 'deliveryfree' && !req.auth.feeRole) throw forbidden('err_fee_role_required');
    // the rows are fresh from the database: fee fields blanked in place for users without the fee role
    return tableWithSums(req, withoutFees(req.auth, await listOrders(db, req.auth, q, timezone, req.lang)));
  };

  app.get(
    '/bus/inware/list',
    spec({ permission: VIEW_KEYS }, 'Orders of a screen (view): filters, paging, sums', {
      querystring: ZInwareListQuery,
      response: answers(ZOrderListAnswer),
    }),
    async (req) => list(req, req.query),
  );

  app.post(
    '/bus/inware/list',
    spec(
      { permission: VIEW_KEYS, operlog: false },
      'Orders of a screen (view), filters in the body (long number lists)',
      { body: ZInwareListQuery, response: answers(ZOrderListAnswer) },
    ),
    async (req) => list(req, req.body),
  );

  app.post(
    '/bus/inware/select',
    spec({ permission: ORDER_READ_KEYS, operlog: false }, 'Order options by waybill, express number or mark', {
      body: ZOrderSelectBody,
      response: answers(ZOrderOptionsAnswer),
    }),
    async (req) => {
      const b = req.body;
      const text = b.keyword.toUpperCase();
      const statuses = b.status?.split(',').map(Number);
      const rows = await db
        .select({
          id: busOrder.id,
          transportId: busOrder.transportId,
          status: busOrder.status,
          mark: markCodeOf(busOrder.markId),
          consignee: busOrder.consignee,
        })
        .from(busOrder)
        .where(
          allOf([
            orderScope(req.auth),
            text
              ? sql`(${busOrder.transportId} LIKE ${`${text.replace(/[\\%_]/g, '')}%`} OR ${busOrder.expressNos} && ARRAY[${text}]::text[] OR ${isMarkWithCode(busOrder.markId, text)})`
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
    spec(
      { permission: ORDER_READ_KEYS, operlog: false },
      'The order of a scanned code: waybill, piece label {waybill}-{n}, express or receipt number',
      { params: ZTransportIdParam, response: answers(ZOrderScanAnswer) },
    ),
    async (req) => {
      const code = req.params.transportId.trim().toUpperCase();
      const piece = parsePieceLabel(code);
      const attempts = [
        { by: 'transportId' as const, where: eq(busOrder.transportId, code) },
        ...(piece ? [{ by: 'pieceLabel' as const, where: eq(busOrder.transportId, piece.transportId) }] : []),
        { by: 'expressNo' as const, where: sql`${busOrder.expressNos} && ARRAY[${code}]::text[]` },
        { by: 'receivingNo' as const, where: sql`${busOrder.receivingNos} && ARRAY[${code}]::text[]` },
      ];
      for (const a of attempts) {
        const row = await orderDetail(db, req.auth, a.where, req.lang);
        if (row) return ok(req, { ...row, matchedBy: a.by, piece: a.by === 'pieceLabel' ? piece!.piece : null });
      }
      throw new AppError('NOT_FOUND', 'bus_msg_no_order_for_code', { code });
    },
  );

  busWaybillPages(app, deps, {
    url: '/bus/inware/selectByTransportIdPages/:transportId',
    summary: 'Orders of one or several waybills (comma separated), paged',
    answer: ZOrderPageAnswer,
    read: (ctx, numbers, page) => ordersByWaybills(ctx.db, ctx.auth, numbers, page, ctx.lang),
  });

  app.get(
    '/bus/inware/:id',
    spec(
      { permission: ORDER_READ_KEYS },
      'One order with its cargo lines and the time it entered each step (stepTimes, from its log)',
      { params: zIdParam, response: answers(ZOrderDetailAnswer) },
    ),
    async (req) => {
      const row = await orderDetail(db, req.auth, eq(busOrder.id, req.params.id), req.lang);
      if (!row) throw notFound();
      // stepTimes: when the order entered each step, from the log rows (the step bar of orderDetails)
      const [cargoLines, stepTimes] = await Promise.all([cargoOf(db, [row.id]), stepTimesOf(db, row.id, row.status)]);
      return ok(req, { ...row, isSubMark: row.topMarkId ? '1' : '0', cargoLines, stepTimes });
    },
  );

  app.get(
    '/bus/busOrderLog/list',
    spec({ permission: ORDER_READ_KEYS }, "An order's log, oldest first (the details timeline)", {
      querystring: ZOrderLogQuery,
      response: answers(ZOrderLogAnswer),
    }),
    async (req) => {
      await loadOrder(db, req.auth, req.query.orderId);
      const rows = await listOrderLog(db, req.query.orderId, req.lang);
      return table(req, rows, rows.length);
    },
  );
};
