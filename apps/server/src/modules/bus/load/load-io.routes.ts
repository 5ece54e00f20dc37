import {
  LANGUAGES,
  type TLanguage,
  type TLoadExportBody,
  ZLoadExportBody,
  ZLoadIdBody,
  zIdsParam,
} from '@theone/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps';
import { badRequest, notFound } from '../../../platform/errors';
import { type SendExcelOptions, sendExcel } from '../../../platform/excel/excel';
import { orderOf } from '../../../platform/http/paging';
import { spec } from '../../../platform/http/route-spec';
import { t } from '../../../platform/i18n';
import { BUSINESS_TYPE } from '../../../platform/operlog';
import { pageFooter } from '../../../platform/pdf/layout';
import { PAGE_A4, sendPdf } from '../../../platform/pdf/pdf';
import { drawLoadingList } from '../print/loading-list.layout';
import { documentFileName, printContext } from '../print/print.layouts';
import { LOAD_SORT_COLUMNS, loadListWhere, loadRowsByIds } from './load.read';
import { busLoad } from './load.table';
import {
  billColumns,
  billSheetRows,
  containerRows,
  loadExportColumns,
  MANIFEST_CONTAINER_COLUMNS,
  MANIFEST_MARK_COLUMNS,
  MANIFEST_ORDER_COLUMNS,
  manifestRows,
} from './load-io.excel';
import { loadDocuments, type TLoadDocument } from './load-io.service';

/**
 * Prints and exports of load plans and containers (screens loadplanDetails, loadList, loadDetails, arriveDetails;
 * spec §7 'Load'):
 *
 * - POST /bus/load/print/{ids}[?lang=]          loading list PDF of one container (or a few, comma-separated), in the
 *                                               caller's language or `lang` (zh | zh-cn | en | th)
 * - POST /bus/load/printAll/{ids}/{lang}        the loading lists of the ticked containers in one PDF (one section each)
 * - POST /bus/load/exportLoadInfo {id}          manifest .xlsx: one row per mark, the order lines on a second sheet,
 *                                               the container's data (seal, vessel, ports, dates) on a third
 * - POST /bus/load/exportLoadBill {id}          container bill .xlsx [fee]: receivables per mark and currency, totals
 * - POST /bus/load/export, /bus/loadplan/export  the list (its filters, through the list's own WHERE, in its order),
 *                                               or the ticked `ids`, or one `id` (a plan's own export); the list's
 *                                               columns, fee columns for the fee role only. Like the order export,
 *                                               no row cap: the ids are read first, the rows in chunks of 500.
 *
 * Every load of a call must be in the caller's scope (else 404, all or nothing); a scoped caller (sales, customer
 * service) gets only their customers' orders and sums in the document (load-io.service.ts). A plan that is not
 * loaded yet (L0) prints too, as the 'planned loading list' the crew picks the cargo with (decided here; the
 * screens put the button from L1 on, the call does not refuse L0).
 *
 * Every call is `heavy` (print or export): per-user concurrency and rate limits (platform/http/heavy.ts).
 * Keys: the print buttons of loadList/loadDetails (bus:load:print), the plan's Load button (bus:loadplan:load: the
 * loading crew prints what it loads) and arriveDetails' check list (bus:arrive:print); the manifest
 * bus:load:exportInfo; the bill bus:load:exportBill with the fee role; the lists bus:load:export and
 * bus:loadplan:export.
 */

/** A list export's body; a POST without one exports the unfiltered list. */
const ZExportBody = z.preprocess((v) => v ?? {}, ZLoadExportBody);

/** Loads read per chunk of a list export. */
const EXPORT_CHUNK = 500;

/** Containers in one printAll (a page of the list at most). */
export const MAX_PRINT_LOADS = 50;
export const LOAD_PRINT_KEYS = ['bus:load:print', 'bus:loadplan:load', 'bus:arrive:print'] as const;

const zLang = z.enum(['zh', ...LANGUAGES]).transform((v): TLanguage => (v === 'zh' ? 'zh-cn' : v));
const ZPrintQuery = z.object({ lang: zLang.optional() }).strict();
const ZPrintAllParams = z.object({ ids: zIdsParam.shape.ids, lang: zLang }).strict();

/** What a load is known by on paper: its container number, else its truck plate, else its load number. */
const containerName = (load: TLoadDocument['load']) => load.containerNo || load.truckNo || load.loadNo;

const printOperlog = { title: 'print_operlog_title', businessType: BUSINESS_TYPE.OTHER };
const exportOperlog = { title: 'menu_load_list', businessType: BUSINESS_TYPE.EXPORT };

export const loadIoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const timezone = deps.config.timezone;

  /** The loading lists of the loads, one section (new page) each. */
  async function printLoads(req: FastifyRequest, reply: Parameters<typeof sendPdf>[1], ids: number[], lang: TLanguage) {
    const unique = [...new Set(ids)];
    if (unique.length > MAX_PRINT_LOADS) throw badRequest('load_print_err_too_many', { max: MAX_PRINT_LOADS });
    const docs = await loadDocuments(db, req.auth, unique, lang);
    const ctx = printContext(req.auth, timezone);
    const name = documentFileName(
      'load_print_file',
      lang,
      docs.map((d) => containerName(d.load)),
    );
    return sendPdf(req, reply, { fileName: name, size: PAGE_A4, lang }, async (pdf) => {
      // Every page's footer names its container, so a loose page of a long list finds its section.
      let current: TLoadDocument | undefined;
      pdf.onPage((p) => {
        const l = current?.load;
        pageFooter(
          p,
          p.t('print_printed_by', { user: ctx.userName, time: ctx.printedAt }),
          l ? [l.containerNo || l.truckNo, l.loadNo].filter(Boolean).join(' · ') : '',
        );
      });
      for (const doc of docs) {
        current = doc;
        pdf.addPage();
        await drawLoadingList(pdf, doc, ctx);
      }
    });
  }

  /**
   * A one-load document (manifest, bill) as .xlsx: the load of the body's id (404 outside the caller's scope), the
   * first sheet named by `sheetKey` and the container; `sheets` gives the document's columns and rows.
   */
  async function sendLoadSheets<Row>(
    req: FastifyRequest & { body: { id: number } },
    reply: FastifyReply,
    names: { fileName: string; sheetKey: string },
    sheets: (doc: TLoadDocument) => Pick<SendExcelOptions<Row>, 'columns' | 'rows' | 'moreSheets'>,
  ) {
    const [doc] = await loadDocuments(db, req.auth, [req.body.id], req.lang);
    const sheetName = `${t(names.sheetKey, req.lang)} ${containerName(doc!.load)}`;
    return sendExcel(req, reply, { fileName: names.fileName, sheetName, db, timezone, ...sheets(doc!) });
  }

  app.post(
    '/bus/load/print/:ids',
    spec(
      { permission: LOAD_PRINT_KEYS, operlog: printOperlog, heavy: 'print' },
      'Print the loading list of a container (PDF)',
      { params: zIdsParam, querystring: ZPrintQuery },
    ),
    async (req, reply) => printLoads(req, reply, req.params.ids, req.query.lang ?? req.lang),
  );

  app.post(
    '/bus/load/printAll/:ids/:lang',
    spec(
      { permission: LOAD_PRINT_KEYS, operlog: printOperlog, heavy: 'print' },
      'Print the loading lists of several containers in one PDF',
      { params: ZPrintAllParams },
    ),
    async (req, reply) => printLoads(req, reply, req.params.ids, req.params.lang),
  );

  app.post(
    '/bus/load/exportLoadInfo',
    spec(
      { permission: 'bus:load:exportInfo', operlog: exportOperlog, heavy: 'export' },
      'Container manifest per mark, with its order lines (.xlsx)',
      { body: ZLoadIdBody },
    ),
    async (req, reply) =>
      sendLoadSheets(req, reply, { fileName: 'load_xls_manifest_file', sheetKey: 'load_xls_manifest_sheet' }, (doc) => {
        const { marks, orders } = manifestRows(doc, req.lang);
        return {
          columns: MANIFEST_MARK_COLUMNS,
          rows: marks,
          moreSheets: [
            { sheetName: 'load_xls_orders_sheet', columns: MANIFEST_ORDER_COLUMNS, rows: orders },
            {
              sheetName: 'load_xls_container_sheet',
              columns: MANIFEST_CONTAINER_COLUMNS,
              rows: containerRows(doc, req.lang),
            },
          ],
        };
      }),
  );

  app.post(
    '/bus/load/exportLoadBill',
    spec(
      { permission: 'bus:load:exportBill', feeRole: true, operlog: exportOperlog, heavy: 'export' },
      'Container bill: receivables per mark (.xlsx, fee role)',
      { body: ZLoadIdBody },
    ),
    async (req, reply) =>
      sendLoadSheets(req, reply, { fileName: 'load_xls_bill_file', sheetKey: 'load_xls_bill_sheet' }, (doc) => {
        const { columns, rows } = billSheetRows(doc, req.lang);
        return { columns: billColumns(columns), rows };
      }),
  );

  /** The rows of a list export: the ticked ids, one id, or the list's filtered set in its order. */
  async function* exportPages(req: FastifyRequest, view: 'load' | 'loadplan', q: TLoadExportBody) {
    const ctx = { db, auth: req.auth, lang: req.lang, timezone };
    let ids: number[];
    if (q.ids?.length) ids = q.ids;
    else if (q.id) ids = [q.id];
    else {
      const { id: _id, ids: _ids, ...filters } = q;
      const where = await loadListWhere(db, req.auth, view, filters, timezone);
      const order = orderOf(q, LOAD_SORT_COLUMNS, [sql`${busLoad.loadTime} DESC NULLS LAST`, sql`${busLoad.id} DESC`]);
      const rows = await db
        .select({ id: busLoad.id })
        .from(busLoad)
        .where(where)
        .orderBy(...order);
      ids = rows.map((r) => r.id);
    }
    const first = await loadRowsByIds(ctx, ids.slice(0, EXPORT_CHUNK));
    // One load asked by id that the caller may not see is a 404, as for its details.
    if (q.id && !q.ids?.length && !first.length) throw notFound();
    if (first.length) yield first as unknown as Record<string, unknown>[];
    for (let i = EXPORT_CHUNK; i < ids.length; i += EXPORT_CHUNK) {
      const page = await loadRowsByIds(ctx, ids.slice(i, i + EXPORT_CHUNK));
      if (page.length) yield page as unknown as Record<string, unknown>[];
    }
  }

  for (const view of ['load', 'loadplan'] as const) {
    app.post(
      `/bus/${view}/export`,
      spec(
        {
          permission: `bus:${view}:export`,
          operlog: {
            title: view === 'load' ? 'menu_load_list' : 'menu_loadplan_list',
            businessType: BUSINESS_TYPE.EXPORT,
          },
          heavy: 'export',
        },
        view === 'load'
          ? 'Export loaded containers (the list filters, or ids of the selected rows), .xlsx'
          : 'Export load plans (the list filters, ids of the selected rows, or one plan by id), .xlsx',
        { body: ZExportBody },
      ),
      async (req, reply) => {
        const pages = exportPages(req, view, req.body);
        // The first page is read here, so a 404 or a bad filter still answers the JSON envelope.
        const first = await pages.next();
        async function* all() {
          if (!first.done) yield first.value;
          yield* pages;
        }
        return sendExcel(req, reply, {
          fileName: view === 'load' ? 'menu_load_list' : 'menu_loadplan_list',
          db,
          timezone,
          columns: loadExportColumns(view),
          pages: all(),
        });
      },
    );
  }
};

/** The list's sortable columns (LOAD_LIST_ORDER_BY). */
