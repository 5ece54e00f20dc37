import { LANGUAGES, type TLanguage, ZLoadIdBody, zIdsParam } from '@theone/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps';
import { badRequest } from '../../../platform/errors';
import { sendExcel } from '../../../platform/excel/excel';
import { t } from '../../../platform/i18n';
import { BUSINESS_TYPE } from '../../../platform/operlog';
import { PAGE_A4, sendPdf } from '../../../platform/pdf/pdf';
import { formatDateTime } from '../../../platform/time';
import { drawLoadingList } from '../print/loading-list.layout';
import { documentFooter, type PrintContext } from '../print/print.layouts';
import {
  billColumns,
  billSheetRows,
  MANIFEST_MARK_COLUMNS,
  MANIFEST_ORDER_COLUMNS,
  manifestRows,
} from './load-io.excel';
import { loadDocuments } from './load-io.service';

/**
 * Prints and exports of load plans and containers (screens loadplanDetails, loadList, loadDetails, arriveDetails;
 * spec §7 'Load'):
 *
 * - POST /bus/load/print/{ids}[?lang=]          loading list PDF of one container (or a few, comma-separated), in the
 *                                               caller's language or `lang` (zh | zh-cn | en | th)
 * - POST /bus/load/printAll/{ids}/{lang}        the loading lists of the ticked containers in one PDF (one section each)
 * - POST /bus/load/exportLoadInfo {id}          manifest .xlsx: one row per mark, and the order lines on a second sheet
 * - POST /bus/load/exportLoadBill {id}          container bill .xlsx [fee]: receivables per mark and currency, totals
 *
 * Every load of a call must be in the caller's scope (else 404, all or nothing); a scoped caller (sales, customer
 * service) gets only their customers' orders and sums in the document (load-io.service.ts). A plan that is not
 * loaded yet (L0) prints too, as the 'planned loading list' the crew picks the cargo with (decided here; the
 * screens put the button from L1 on, the call does not refuse L0).
 *
 * Every call is `heavy` (print or export): per-user concurrency and rate limits (platform/http/heavy.ts).
 * Keys: the print buttons of loadList/loadDetails (bus:load:print), the plan's Load button (bus:loadplan:load: the
 * loading crew prints what it loads) and arriveDetails' check list (bus:arrive:print); the manifest
 * bus:load:exportInfo; the bill bus:load:exportBill with the fee role.
 */

/** Containers in one printAll (a page of the list at most). */
export const MAX_PRINT_LOADS = 50;
export const LOAD_PRINT_KEYS = ['bus:load:print', 'bus:loadplan:load', 'bus:arrive:print'] as const;

const zLang = z.enum(['zh', ...LANGUAGES]).transform((v): TLanguage => (v === 'zh' ? 'zh-cn' : v));
const ZPrintQuery = z.object({ lang: zLang.optional() }).strict();
const ZPrintAllParams = z.object({ ids: zIdsParam.shape.ids, lang: zLang }).strict();

const printOperlog = { title: 'print_operlog_title', businessType: BUSINESS_TYPE.OTHER };
const exportOperlog = { title: 'menu_load_list', businessType: BUSINESS_TYPE.EXPORT };

export const loadIoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const tags = ['bus'];
  const timezone = deps.config.timezone;
  const context = (req: FastifyRequest): PrintContext => ({
    formatTime: (value, dateOnly = false) => (value ? formatDateTime(value, timezone, dateOnly) : ''),
    printedAt: formatDateTime(new Date(), timezone).slice(0, 16),
    userName: req.auth.nickName || req.auth.userName,
  });

  /** The loading lists of the loads, one section (new page) each. */
  async function printLoads(req: FastifyRequest, reply: Parameters<typeof sendPdf>[1], ids: number[], lang: TLanguage) {
    const unique = [...new Set(ids)];
    if (unique.length > MAX_PRINT_LOADS) throw badRequest('load_print_err_too_many', { max: MAX_PRINT_LOADS });
    const docs = await loadDocuments(db, req.auth, unique, lang);
    const ctx = context(req);
    const first = docs[0]!.load;
    const name =
      docs.length === 1
        ? `${t('load_print_file', lang)}_${first.containerNo || first.truckNo || first.loadNo}`
        : t('load_print_file', lang);
    return sendPdf(req, reply, { fileName: name, size: PAGE_A4, lang }, async (pdf) => {
      documentFooter(pdf, ctx);
      for (const doc of docs) {
        pdf.addPage();
        await drawLoadingList(pdf, doc, ctx);
      }
    });
  }

  app.post(
    '/bus/load/print/:ids',
    {
      config: { permission: LOAD_PRINT_KEYS, operlog: printOperlog, heavy: 'print' },
      schema: {
        tags,
        summary: 'Print the loading list of a container (PDF)',
        params: zIdsParam,
        querystring: ZPrintQuery,
      },
    },
    async (req, reply) => printLoads(req, reply, req.params.ids, req.query.lang ?? req.lang),
  );

  app.post(
    '/bus/load/printAll/:ids/:lang',
    {
      config: { permission: LOAD_PRINT_KEYS, operlog: printOperlog, heavy: 'print' },
      schema: { tags, summary: 'Print the loading lists of several containers in one PDF', params: ZPrintAllParams },
    },
    async (req, reply) => printLoads(req, reply, req.params.ids, req.params.lang),
  );

  app.post(
    '/bus/load/exportLoadInfo',
    {
      config: { permission: 'bus:load:exportInfo', operlog: exportOperlog, heavy: 'export' },
      schema: { tags, summary: 'Container manifest per mark, with its order lines (.xlsx)', body: ZLoadIdBody },
    },
    async (req, reply) => {
      const [doc] = await loadDocuments(db, req.auth, [req.body.id], req.lang);
      const { marks, orders } = manifestRows(doc!, req.lang);
      const load = doc!.load;
      return sendExcel(req, reply, {
        fileName: 'load_xls_manifest_file',
        sheetName: `${t('load_xls_manifest_sheet', req.lang)} ${load.containerNo || load.truckNo || load.loadNo}`,
        db,
        timezone,
        columns: MANIFEST_MARK_COLUMNS,
        rows: marks,
        moreSheets: [{ sheetName: 'load_xls_orders_sheet', columns: MANIFEST_ORDER_COLUMNS, rows: orders }],
      });
    },
  );

  app.post(
    '/bus/load/exportLoadBill',
    {
      config: { permission: 'bus:load:exportBill', feeRole: true, operlog: exportOperlog, heavy: 'export' },
      schema: { tags, summary: 'Container bill: receivables per mark (.xlsx, fee role)', body: ZLoadIdBody },
    },
    async (req, reply) => {
      const [doc] = await loadDocuments(db, req.auth, [req.body.id], req.lang);
      const { columns, rows } = billSheetRows(doc!, req.lang);
      const load = doc!.load;
      return sendExcel(req, reply, {
        fileName: 'load_xls_bill_file',
        sheetName: `${t('load_xls_bill_sheet', req.lang)} ${load.containerNo || load.truckNo || load.loadNo}`,
        db,
        timezone,
        columns: billColumns(columns),
        rows,
      });
    },
  );
};
