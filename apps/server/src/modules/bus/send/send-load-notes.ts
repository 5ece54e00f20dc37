import { collectAmountThb } from '@theone/contracts/bus/arrive';
import {
  type TLoadNoteRow,
  type TLoadNotesPreview,
  ZLoadNotesPreviewAnswer,
  ZLoadNotesPreviewBody,
  ZLoadNotesPrintBody,
} from '@theone/contracts/bus/load-notes.schemas';
import type { TSendOrderLine } from '@theone/contracts/bus/send.schemas';
import { answers } from '@theone/contracts/common/responses';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import type { AppDeps } from '../../../platform/deps';
import { badRequest } from '../../../platform/errors';
import { ok } from '../../../platform/http/envelope';
import { t } from '../../../platform/i18n';
import { BUSINESS_TYPE } from '../../../platform/operlog';
import { pageFooter } from '../../../platform/pdf/layout';
import { PAGE_A4, sendPdf } from '../../../platform/pdf/pdf';
import { formatDateTime, todayIn } from '../../../platform/time';
import { markBalanceTypeOf, thbPerRmbOn } from '../../bas/api/arrive-refs';
import { orderScope } from '../inware/order-common';
import { checkLoadOperation, findLoad } from '../load/load-record';
import { drawDeliveryNote, type TSendPrintCtx } from './send.layouts';
import { orderLinesById } from './send.read';

/**
 * Delivery notes of a whole container (screens loadList and loadDetails, 'Print delivery notes'):
 *
 * - POST /bus/load/previewSend {loadId}                  the caller's orders of the container (S5-S8) with what each
 *                                                        note says: consignee, address, pieces, amount to collect
 * - POST /bus/load/printSend {loadId, orderIds?, lang?}  the notes as one PDF, one page per order (default every
 *                                                        order not signed yet; Thai by default)
 *
 * The page is the delivery note of `inware/printsend` (send.layouts.ts); an order not yet in a run has no run number
 * or driver on it, and its amount to collect is the arrive-pay amount in THB the overseas warehouse shows (its
 * run line's amount once it is in a run). Only from L4 (the container reached the destination: the notes travel with
 * the cargo from the overseas warehouse); the load and every order in the caller's scope (else 404), key
 * bus:load:printSend. The notes live with delivery (this module); the load record is read through the load module.
 */

type TNoteOrder = {
  id: number;
  status: number;
  currency: string;
  feeArAmount: string | null;
  balanceType: string | null;
};

/** The caller's orders of the load that have left the origin (S5-S8), by waybill. */
async function noteOrders(db: DbOrTx, auth: AuthContext, loadId: number): Promise<TNoteOrder[]> {
  const scope = orderScope(auth);
  const r = await db.execute<TNoteOrder>(sql`SELECT bus_order.id::int AS id, bus_order.status,
      bus_order.currency, bus_order.fee_ar_amount::text AS "feeArAmount",
      ${markBalanceTypeOf(sql`bus_order.mark_id`)} AS "balanceType"
    FROM bus_order WHERE bus_order.load_id = ${loadId} AND bus_order.status >= 5
    ${scope ? sql`AND ${scope}` : sql``} ORDER BY bus_order.transport_id`);
  return r.rows;
}

/** The load (in scope, L4/L5) and its notes: each order with its line and the amount to collect. */
async function loadNotes(db: DbOrTx, auth: AuthContext, timezone: string, loadId: number) {
  const load = await findLoad(db, auth, loadId);
  checkLoadOperation(load, 'deliveryNotes');
  const orders = await noteOrders(db, auth, loadId);
  const lines = orders.length
    ? await orderLinesById(
        db,
        auth,
        orders.map((o) => o.id),
      )
    : [];
  const byId = new Map(lines.map((l) => [l.orderId, l]));
  const rate = orders.some((o) => o.currency === 'RMB') ? await thbPerRmbOn(db, todayIn(timezone)) : null;
  const notes = orders.flatMap((o): TSendOrderLine[] => {
    const line = byId.get(o.id);
    if (!line) return [];
    const collect = line.sendId !== null ? line.sendPartAmount : collectAmountThb(o, rate);
    return [{ ...line, sendPartAmount: collect }];
  });
  return { load, notes };
}

const noteRow = (l: TSendOrderLine): TLoadNoteRow => ({
  orderId: l.orderId,
  transportId: l.transportId,
  mark: l.mark,
  status: l.status,
  consignee: l.consignee,
  consigneeTel: l.consigneeTel,
  consigneeAddr: l.consigneeAddr,
  pieces: l.pieces ?? l.arrivedPiece ?? 0,
  collectAmount: l.sendPartAmount,
  sendNo: l.sendNo,
  signed: l.status === 8,
});

export const loadNotesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const tags = ['bus'];
  const { db } = deps;
  const timezone = deps.config.timezone;

  app.post(
    '/bus/load/previewSend',
    {
      config: { permission: 'bus:load:printSend' },
      schema: {
        tags,
        summary: "Preview the delivery notes of a container's orders (L4/L5)",
        body: ZLoadNotesPreviewBody,
        response: answers(ZLoadNotesPreviewAnswer),
      },
    },
    async (req) => {
      const { load, notes } = await loadNotes(db, req.auth, timezone, req.body.loadId);
      const rows = notes.map(noteRow);
      const preview: TLoadNotesPreview = {
        loadId: load.id,
        loadNo: load.loadNo,
        containerNo: load.containerNo,
        truckNo: load.truckNo,
        status: load.status,
        rows,
        unsigned: rows.filter((r) => !r.signed).length,
      };
      return ok(req, preview);
    },
  );

  app.post(
    '/bus/load/printSend',
    {
      config: {
        permission: 'bus:load:printSend',
        operlog: { title: 'print_operlog_title', businessType: BUSINESS_TYPE.OTHER },
        heavy: 'print',
      },
      schema: {
        tags,
        summary: "Print the delivery notes of a container's orders (PDF, one page per order)",
        body: ZLoadNotesPrintBody,
      },
    },
    async (req, reply) => {
      const { loadId, orderIds, lang } = req.body;
      const { load, notes } = await loadNotes(db, req.auth, timezone, loadId);
      let chosen: TSendOrderLine[];
      if (orderIds) {
        const byId = new Map(notes.map((n) => [n.orderId, n]));
        const missing = orderIds.find((id) => !byId.has(id));
        if (missing !== undefined) throw badRequest('msg_load_notes_not_in_load', { list: load.loadNo });
        chosen = [...new Set(orderIds)].map((id) => byId.get(id)!);
      } else chosen = notes.filter((n) => n.status !== 8);
      if (!chosen.length) throw badRequest('msg_load_notes_none', { list: load.loadNo });
      const left = t('print_printed_by', lang, {
        user: req.auth.nickName || req.auth.userName,
        time: formatDateTime(new Date(), timezone).slice(0, 16),
      });
      const ctx: TSendPrintCtx = {
        formatTime: (v, dateOnly = false) => (v ? formatDateTime(v, timezone, dateOnly) : ''),
      };
      const name = `${t('send_print_note_file', lang)}_${load.containerNo || load.truckNo || load.loadNo}`;
      return sendPdf(req, reply, { fileName: name, size: PAGE_A4, lang }, async (pdf) => {
        pdf.onPage((p) => pageFooter(p, left, load.containerNo || load.loadNo));
        for (const note of chosen) {
          pdf.addPage();
          await drawDeliveryNote(pdf, note, ctx);
        }
      });
    },
  );
};
