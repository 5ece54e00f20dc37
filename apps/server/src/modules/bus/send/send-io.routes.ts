import { LANGUAGES, type TLanguage } from '@theone/contracts';
import { ZSendExportBody, ZSignExportBody, ZSignUploadAnswer } from '@theone/contracts/bus/send.schemas';
import { zIdParam } from '@theone/contracts/common/page';
import { answers } from '@theone/contracts/common/responses';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps';
import { badRequest, notFound } from '../../../platform/errors';
import type { ExcelColumn } from '../../../platform/excel/excel';
import { ok } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';
import { t } from '../../../platform/i18n';
import { BUSINESS_TYPE } from '../../../platform/operlog';
import { pageFooter } from '../../../platform/pdf/layout';
import { PAGE_A4, type Pdf, sendPdf } from '../../../platform/pdf/pdf';
import { busListExport } from '../bus-routes';
import { orderCtx } from '../inware/inware-route-keys';
import { documentFileName, type PrintContext, printContext } from '../print/print.layouts';
import { drawDeliveryNote, drawRunSheet } from './send.layouts';
import { exportRuns, exportSignLines, orderLinesById, runSheetLines } from './send.read';
import { uploadPod } from './sign.service';

/**
 * Exports, prints and the POD upload of delivery runs and signing:
 *
 * - POST /bus/send/export                 the run list (.xlsx; its filters, or the ticked `ids`); fee columns for the fee role
 * - POST /bus/sign/export                 the sign list (.xlsx; tab, filters or ids)
 * - POST /bus/send/printware/{ids}/{lang} run sheets, one section per run (Thai by default in the web)
 * - POST /bus/inware/printsend/{ids}/{lang} delivery notes, one page per order (orders S6-S8 with a run)
 * - POST /bus/inware/signUpload/{id}      the proof-of-delivery photo of an order (S7/S8), images only
 */

const ZIdsLang = z
  .object({
    ids: z
      .string()
      .regex(/^\d{1,15}(,\d{1,15}){0,199}$/)
      .transform((s) => [...new Set(s.split(',').map(Number))]),
    lang: z.enum(['zh', ...LANGUAGES]).transform((v): TLanguage => (v === 'zh' ? 'zh-cn' : v)),
  })
  .strict();

const printOperlog = { title: 'print_operlog_title', businessType: BUSINESS_TYPE.OTHER };

type TRunExport = Awaited<ReturnType<typeof exportRuns>>[number];
type TLineExport = Awaited<ReturnType<typeof exportSignLines>>[number];

const RUN_COLUMNS: ExcelColumn<TRunExport>[] = [
  { key: 'sendNo', header: 'send_field_send_no', width: 16 },
  { key: 'status', header: 'send_field_status', type: 'dict', dict: 'send_run_status' },
  { key: 'sendTime', header: 'send_field_send_time', type: 'datetime', width: 18 },
  { key: 'driverName', header: 'send_field_driver', width: 14 },
  { key: 'driverPhone', header: 'send_field_driver_phone', width: 14 },
  { key: 'plateNo', header: 'send_field_plate', width: 12 },
  { key: 'orders', header: 'send_field_orders', type: 'integer' },
  { key: 'pieces', header: 'print_pieces', type: 'integer' },
  { key: 'weight', header: 'send_field_weight', type: 'number' },
  { key: 'volume', header: 'send_field_volume', type: 'number' },
  { key: 'signed', header: 'send_field_signed', type: 'integer' },
  { key: 'failed', header: 'send_field_failed', type: 'integer' },
  { key: 'sendFeeAmount', header: 'send_field_fee_amount', type: 'money' },
  { key: 'sendPartAmount', header: 'send_field_part_amount', type: 'money' },
  { key: 'sendOtherAmount', header: 'send_field_other_amount', type: 'money' },
  { key: 'sendRemark', header: 'send_field_remark', width: 24 },
  { key: 'createBy', header: 'send_field_create_by' },
];

const SIGN_COLUMNS: ExcelColumn<TLineExport>[] = [
  { key: 'transportId', header: 'print_waybill', width: 16 },
  { key: 'mark', header: 'send_field_mark' },
  { key: 'consignee', header: 'print_consignee', width: 14 },
  { key: 'consigneeTel', header: 'send_print_tel', width: 14 },
  { key: 'consigneeAddr', header: 'print_consignee_addr', width: 30 },
  { key: 'sendNo', header: 'send_field_send_no', width: 16 },
  { key: 'sendTime', header: 'send_field_send_time', type: 'datetime', width: 18 },
  { key: 'driverName', header: 'send_field_driver' },
  { key: 'pieces', header: 'print_pieces', type: 'integer' },
  { key: 'signPiece', header: 'field_sign_piece', type: 'integer' },
  { key: 'signStatus', header: 'field_sign_status', type: 'dict', dict: 'sign_status' },
  { key: 'signPerson', header: 'field_sign_person' },
  { key: 'signTime', header: 'field_sign_time', type: 'datetime', width: 18 },
  { key: 'signTel', header: 'send_field_sign_tel' },
  { key: 'signIdcard', header: 'send_field_sign_idcard' },
  { key: 'signFailReason', header: 'send_field_fail_reason', type: 'dict', dict: 'sign_fail_reason' },
  { key: 'signFailRemark', header: 'send_field_fail_remark', width: 24 },
  { key: 'sendPartAmount', header: 'send_field_part_amount', type: 'money' },
];

export const sendIoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const timezone = deps.config.timezone;
  const ctxOf = orderCtx(deps);
  /**
   * A delivery document (A4) in `lang` of `items`, a page or more each (`draw`), named by `fileKey` and the one
   * item's number; every page's footer says who printed it in the caller's language and, `sectioned`, the number of
   * the item it belongs to.
   */
  function sendDocument<T>(
    req: FastifyRequest,
    reply: FastifyReply,
    doc: { fileKey: string; lang: TLanguage; sectioned?: boolean },
    items: readonly T[],
    numberOf: (item: T) => string,
    draw: (pdf: Pdf, item: T, ctx: PrintContext) => Promise<void>,
  ) {
    const ctx = printContext(req.auth, timezone);
    const left = t('print_printed_by', req.lang, { user: ctx.userName, time: ctx.printedAt });
    const fileName = documentFileName(doc.fileKey, doc.lang, items.map(numberOf));
    return sendPdf(req, reply, { fileName, size: PAGE_A4, lang: doc.lang }, async (pdf) => {
      let current = '';
      pdf.onPage((p) => pageFooter(p, left, doc.sectioned ? current : ''));
      for (const item of items) {
        current = numberOf(item);
        pdf.addPage();
        await draw(pdf, item, ctx);
      }
    });
  }

  busListExport(app, deps, {
    url: '/bus/send/export',
    permission: 'bus:sendOrder:export',
    menu: 'menu_send_order',
    summary: 'Export delivery runs (.xlsx)',
    body: ZSendExportBody,
    columns: RUN_COLUMNS,
    read: exportRuns,
  });

  busListExport(app, deps, {
    url: '/bus/sign/export',
    permission: 'bus:sign:export',
    menu: 'menu_sign_list',
    summary: 'Export the sign list (.xlsx)',
    body: ZSignExportBody,
    columns: SIGN_COLUMNS,
    read: exportSignLines,
  });

  /** A delivery print of `{ids}` in the template language `{lang}`: POST, a heavy print with the print log entry. */
  function printRoute(
    url: string,
    permission: string[],
    summary: string,
    print: (req: FastifyRequest, reply: FastifyReply, ids: number[], lang: TLanguage) => Promise<unknown>,
  ) {
    const access = { permission, operlog: printOperlog, heavy: 'print' as const };
    app.post(url, spec(access, summary, { params: ZIdsLang }), (req, reply) =>
      print(req, reply, req.params.ids, req.params.lang),
    );
  }

  printRoute(
    '/bus/send/printware/:ids/:lang',
    ['bus:sendOrder:print', 'bus:send:print'],
    'Print run sheets (PDF, one section per run)',
    async (req, reply, ids, lang) => {
      if (ids.length > 50) throw badRequest('send_print_err_too_many', { max: 50 });
      const runs = await exportRuns(ctxOf(req), { ids }, 50);
      if (runs.length !== ids.length) throw notFound();
      const lines = await runSheetLines(db, req.auth, ids);
      const inOrder = ids.map((id) => runs.find((r) => r.id === id)!);
      const doc = { fileKey: 'send_print_run_file', lang, sectioned: true };
      return sendDocument(
        req,
        reply,
        doc,
        inOrder,
        (run) => run.sendNo,
        (pdf, run, ctx) =>
          drawRunSheet(
            pdf,
            run,
            lines.filter((l) => l.sendId === run.id),
            ctx,
          ),
      );
    },
  );

  printRoute(
    '/bus/inware/printsend/:ids/:lang',
    ['bus:send:print', 'bus:sendOrder:print'],
    'Print delivery notes (PDF, one page per order in a run)',
    async (req, reply, ids, lang) => {
      const orders = await orderLinesById(db, req.auth, ids);
      if (orders.length !== ids.length) throw notFound();
      const notInRun = orders.find((o) => o.sendId === null);
      if (notInRun) throw badRequest('send_print_err_not_in_run', { transportId: notInRun.transportId });
      const doc = { fileKey: 'send_print_note_file', lang };
      return sendDocument(
        req,
        reply,
        doc,
        orders,
        (o) => o.transportId,
        (pdf, o, ctx) => drawDeliveryNote(pdf, o, ctx),
      );
    },
  );

  app.post(
    '/bus/inware/signUpload/:id',
    spec(
      {
        permission: 'bus:sign:upload',
        operlog: { title: 'menu_sign_list', businessType: BUSINESS_TYPE.UPDATE },
      },
      'Upload the proof of delivery (image, multipart field "file") of an order out for delivery or signed',
      { params: zIdParam, consumes: ['multipart/form-data'], response: answers(ZSignUploadAnswer) },
    ),
    async (req) => {
      const part = await req.file();
      return ok(req, await uploadPod(ctxOf(req), deps.files, req.params.id, part ?? undefined));
    },
  );
};
