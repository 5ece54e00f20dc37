import {
  hasPermission,
  ORDER_VIEW_EXPORT_PERMISSION,
  ZInwareExportBody,
  ZOrderImportedAnswer,
  zIdParam,
  zIdsParam,
} from '@theone/contracts';
import { answers } from '@theone/contracts/common/responses';
import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allOf } from '../../../platform/db/sql-helpers';
import type { AppDeps } from '../../../platform/deps';
import { forbidden, notFound } from '../../../platform/errors';
import { keysetPages, readUpload, sendExcel, sendTemplate } from '../../../platform/excel/excel';
import { spec } from '../../../platform/http/route-spec';
import { t } from '../../../platform/i18n';
import { BUSINESS_TYPE } from '../../../platform/operlog';
import { markCodeOf } from '../../bas/api/order-refs';
import { cargoOf } from '../cargo/cargo.service';
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
import { listWhere, markNames, orderDetail, presentRows, selectExportRows, withMarks } from './inware.list';
import { needImport } from './inware.service';
import { busOrder } from './inware.table';
import { EXPORT_KEYS, IMPORT_KEYS, orderCtx, title } from './inware-route-keys';
import { orderScope } from './order-common';

/**
 * Orders in and out of spreadsheets (screens orderAdd/unOrder import, every list's export, the fee sheet, cargo
 * lines): the sheets' columns and the import rules live in inware.excel.ts.
 */
export const inwareIoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const timezone = deps.config.timezone;
  const ctxOf = orderCtx(deps);

  app.post(
    '/bus/inware/importTemplate',
    spec(
      {
        permission: IMPORT_KEYS,
        operlog: false,
        heavy: 'template',
      },
      'Order import template (.xlsx, headers in the caller language)',
    ),
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
    spec(
      {
        permission: IMPORT_KEYS,
        operlog: title('menu_order_add', BUSINESS_TYPE.IMPORT),
        heavy: 'import',
      },
      'Import staged orders from .xlsx (multipart "file"): up to 5,000 rows, all or nothing',
      { consumes: ['multipart/form-data'], response: answers(ZOrderImportedAnswer) },
    ),
    async (req) => {
      needImport(req.auth);
      const upload = await readUpload(req);
      const result = await importOrders({ ...ctxOf(req), db }, upload);
      return { code: 200, msg: t('bus_msg_import_success', req.lang, { count: result.created }), data: result };
    },
  );

  app.post(
    '/bus/inware/export',
    spec(
      {
        permission: EXPORT_KEYS,
        operlog: title('menu_order_list', BUSINESS_TYPE.EXPORT),
        heavy: 'export',
      },
      "Export a view's orders (its filters, or ids of the selected rows), streamed .xlsx",
      { body: ZInwareExportBody },
    ),
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
    spec(
      {
        permission: 'bus:order:exportFee',
        feeRole: true,
        operlog: title('menu_order_list', BUSINESS_TYPE.EXPORT),
        heavy: 'export',
      },
      "An order's fee sheet (.xlsx)",
      { params: zIdParam },
    ),
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
    spec(
      {
        permission: ['bus:unOrder:export', 'bus:inOrder:export', 'bus:order:export'],
        operlog: title('menu_order_list', BUSINESS_TYPE.EXPORT),
        heavy: 'export',
      },
      'Cargo lines of the selected orders (.xlsx)',
      { params: zIdsParam },
    ),
    async (req, reply) => {
      const orders = await db
        .select({ id: busOrder.id, transportId: busOrder.transportId, mark: markCodeOf(busOrder.markId) })
        .from(busOrder)
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
