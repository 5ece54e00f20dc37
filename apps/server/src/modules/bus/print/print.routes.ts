import { LANGUAGES, PRINT_KEYS, type TLanguage, zId, zIdsParam } from '@theone/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { AppDeps } from '../../../platform/deps';
import { badRequest, wrongState } from '../../../platform/errors';
import { spec } from '../../../platform/http/route-spec';
import { BUSINESS_TYPE } from '../../../platform/operlog';
import { preloadFonts } from '../../../platform/pdf/fonts';
import { LABEL_100x75, PAGE_A4, type Pdf, type PdfOptions, sendPdf } from '../../../platform/pdf/pdf';
import { countPrints, loadPrintOrders, type TPrintOrder } from './print.data';
import {
  documentFileName,
  documentFooter,
  drawFeeSheet,
  drawLabel,
  drawReceipt,
  type PrintContext,
  printContext,
} from './print.layouts';

/**
 * The order print calls (spec §7 'print'; screens bus-container.md §0 'Print' and Q6). Every call answers a PDF
 * shown inline (the screens open it in a new tab); a batch is one document.
 *
 * - POST /bus/inware/printbar/{ids}            one label per order (100 × 75 mm), in the caller's language
 * - POST /bus/inware/printbar/cargo/{ids}      one label per piece, 'n of N' (received orders, S2 and later)
 * - POST /bus/inware/printware/{ids}/{lang}    warehouse receipt, A4, one per order (S2 and later)
 * - POST /bus/inware/printfee/{ids}/{lang}     fee sheet, A4, one per order (fee role)
 *
 * `{ids}` is a comma-separated list of order ids (at most 500; all or nothing: an id that does not exist or is
 * outside the caller's data scope makes the call a 404). `{lang}` (the spec's `{b}`) is the template language
 * zh | zh-cn | en | th: a receipt or fee sheet is often printed in the customer's language, not the clerk's.
 * Label prints add one to each order's printTimes ('printed N×').
 *
 * Long batches: a path segment is at most 200 characters (the router's maxParamLength, ~25 ids), so a caller
 * with more ids sends them as the JSON body `{ ids: [...] }` (up to 500) and `0` in the path; the body wins.
 *
 * Every print declares `config: { heavy: 'print' }` (platform/http/heavy.ts): at most 2 running at once per user and
 * 120 a minute (PRINT_RATE_LIMIT), as a document of 500 orders or 3,000 labels costs seconds of CPU.
 *
 * Keys: PRINT_KEYS (contracts bus/print.ts), shared with the screens' print buttons.
 */

/** At most this many piece labels in one document. */
export const MAX_PIECE_LABELS = 3000;

/** Optional body of every print call: the ids of a batch too long for the path. */
const ZPrintBody = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? {} : v),
  z.object({ ids: z.array(zId).min(1).max(500).optional() }).strict(),
);
const ZIdOrZeroParam = z
  .object({ ids: z.union([z.literal('0').transform(() => [] as number[]), zIdsParam.shape.ids]) })
  .strict();

function idsOf(req: { params: { ids: number[] }; body: { ids?: number[] } }): number[] {
  const ids = req.body?.ids ?? req.params.ids;
  if (!ids.length) throw badRequest('msg_select_data_first');
  return ids;
}

const ZIdsLangParams = z
  .object({
    ids: ZIdOrZeroParam.shape.ids,
    lang: z.enum(['zh', ...LANGUAGES]).transform((v): TLanguage => (v === 'zh' ? 'zh-cn' : v)),
  })
  .strict();

const operlog = { title: 'print_operlog_title', businessType: BUSINESS_TYPE.OTHER };

/**
 * A print call (POST `url`, `{ids}` in the path or the body): its keys, summary and the document it makes: its file
 * name (`fileKey`, documentFileName), its language (`caller`: the caller's; `path`: the `{lang}` segment), its paper
 * (`footer`: the 'printed by' line on every page), whether the orders must be received (refuseNotReceived), whether
 * it counts as a print of the orders (countPrints), whether it needs their cargo lines; `check` refuses the orders
 * before they are counted and the document starts. Each order takes one page (labels: one per piece of `pieces`),
 * drawn by `draw` on a new page.
 */
interface TPrint {
  url: string;
  permission: readonly string[];
  feeRole?: boolean;
  summary: string;
  fileKey: string;
  lang: 'caller' | 'path';
  paper: Pick<PdfOptions, 'size' | 'margin'>;
  footer?: boolean;
  received?: boolean;
  counted?: boolean;
  withCargo?: boolean;
  check?: (orders: readonly TPrintOrder[]) => void;
  pieces?: boolean;
  draw: (pdf: Pdf, o: TPrintOrder, ctx: PrintContext, on: { auth: AuthContext; piece?: TPiece }) => Promise<void>;
}

/** Piece `n` of the order's `total` (at least one per order). */
type TPiece = { n: number; total: number };
const piecesOf = (o: TPrintOrder): TPiece[] => {
  const total = Math.max(o.pieces, 1);
  return Array.from({ length: total }, (_, i) => ({ n: i + 1, total }));
};

/** Piece labels and receipts exist once the cargo is received (status 2 on). */
function refuseNotReceived(orders: readonly { status: number; transportId: string }[]) {
  const notReceived = orders.find((o) => o.status < 2);
  if (notReceived) throw wrongState('print_err_not_received', { transportId: notReceived.transportId });
}

/** At most MAX_PIECE_LABELS piece labels (one per piece, at least one per order). */
function refuseTooManyPieces(orders: readonly TPrintOrder[]) {
  const total = orders.reduce((s, o) => s + Math.max(o.pieces, 1), 0);
  if (total > MAX_PIECE_LABELS) throw badRequest('print_err_too_many', { max: MAX_PIECE_LABELS });
}

const LABEL_PAPER = { size: LABEL_100x75, margin: 8.5 };

const PRINTS: TPrint[] = [
  {
    url: '/bus/inware/printbar/:ids',
    permission: PRINT_KEYS.label,
    summary: 'Print order labels (PDF)',
    fileKey: 'print_label_file',
    lang: 'caller',
    paper: LABEL_PAPER,
    counted: true,
    draw: (pdf, o, ctx) => drawLabel(pdf, o, ctx),
  },
  {
    url: '/bus/inware/printbar/cargo/:ids',
    permission: PRINT_KEYS.pieces,
    summary: 'Print piece labels, n of N (PDF)',
    fileKey: 'print_piece_file',
    lang: 'caller',
    paper: LABEL_PAPER,
    received: true,
    counted: true,
    check: refuseTooManyPieces,
    pieces: true,
    draw: (pdf, o, ctx, { piece }) => drawLabel(pdf, o, ctx, { piece }),
  },
  {
    url: '/bus/inware/printware/:ids/:lang',
    permission: PRINT_KEYS.receipt,
    summary: 'Print warehouse receipts (PDF)',
    fileKey: 'print_receipt_file',
    lang: 'path',
    paper: { size: PAGE_A4 },
    footer: true,
    received: true,
    withCargo: true,
    draw: (pdf, o, ctx) => drawReceipt(pdf, o, ctx),
  },
  {
    url: '/bus/inware/printfee/:ids/:lang',
    permission: PRINT_KEYS.fee,
    feeRole: true,
    summary: 'Print fee sheets (PDF)',
    fileKey: 'print_fee_file',
    lang: 'path',
    paper: { size: PAGE_A4 },
    footer: true,
    // Unit prices only for marks that allow them (isPrintPrice) and callers with the fee role.
    draw: (pdf, o, ctx, { auth }) => drawFeeSheet(pdf, o, ctx, o.isPrintPrice && auth.feeRole),
  },
];

export const printRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Parse the fonts (two 10 MB CJK faces) in the background once the server is up, not on the first print.
  if (deps.config.nodeEnv !== 'test') app.addHook('onReady', async () => void setTimeout(preloadFonts, 1000).unref());

  /** The print's document of the request's orders (idsOf). */
  async function printOrders(req: FastifyRequest, reply: FastifyReply, p: TPrint) {
    const r = req as FastifyRequest & { params: { ids: number[]; lang?: TLanguage }; body: { ids?: number[] } };
    const lang = p.lang === 'path' ? r.params.lang! : req.lang;
    const ids = idsOf(r);
    const orders = await loadPrintOrders(deps.db, req.auth, ids, lang, { withCargo: p.withCargo });
    if (p.received) refuseNotReceived(orders);
    p.check?.(orders);
    if (p.counted) await countPrints(deps.db, req.auth, ids);
    const ctx = printContext(req.auth, deps.config.timezone);
    const fileName = documentFileName(
      p.fileKey,
      lang,
      orders.map((o) => o.transportId),
    );
    return sendPdf(req, reply, { fileName, ...p.paper, lang }, async (pdf) => {
      if (p.footer) documentFooter(pdf, ctx);
      for (const o of orders)
        for (const piece of p.pieces ? piecesOf(o) : [undefined]) {
          pdf.addPage();
          await p.draw(pdf, o, ctx, { auth: req.auth, piece });
        }
    });
  }

  for (const p of PRINTS) {
    const access = {
      permission: p.permission,
      ...(p.feeRole ? { feeRole: true } : {}),
      operlog,
      heavy: 'print' as const,
    };
    const params = p.lang === 'path' ? ZIdsLangParams : ZIdOrZeroParam;
    app.post(p.url, spec(access, p.summary, { params, body: ZPrintBody }), (req, reply) => printOrders(req, reply, p));
  }
};
