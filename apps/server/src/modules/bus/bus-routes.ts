import { ZTransportIdPagesQuery, ZTransportIdParam, zIdParam, type zIdsParam } from '@theone/contracts';
import { answers } from '@theone/contracts/common/responses';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { type ExcelColumn, sendExcel } from '../../platform/excel/excel';
import { ok, table } from '../../platform/http/envelope';
import { spec } from '../../platform/http/route-spec';
import { withoutFees } from '../../platform/http/security';
import { BUSINESS_TYPE, type BusinessType } from '../../platform/operlog';
import { searchNumbers } from './bus-list';
import type { TOrderCtx } from './inware/inware.service';
import { ORDER_READ_KEYS, orderCtx, title } from './inware/inware-route-keys';

/** What the bus route files share when answering. */

/** A list page with the sums of the filtered set: `{ code, msg, rows, total, sums }`. */
export function tableWithSums<R, S>(req: FastifyRequest, page: { rows: R[]; total: number; sums: S }) {
  return { ...table(req, page.rows, page.total), sums: page.sums };
}

/** The path parameter of an order action: one record (`.../:id`) or a comma list of records (`.../:ids`). */
type ActionParams = typeof zIdParam | typeof zIdsParam;

/** What an action's service is called with after the order context: the path's id or ids, then the body. */
type ActionArgs<P, B> = [
  ...(P extends typeof zIdParam ? [id: number] : P extends typeof zIdsParam ? [ids: number[]] : []),
  ...(B extends z.ZodType ? [body: z.output<B>] : []),
];

/** An order action of a bus screen: its url, keys, log type, summary, path parameter, body, answer and service. */
export interface BusAction<P extends ActionParams | undefined, B extends z.ZodType | undefined> {
  url: string;
  permission: string | readonly string[];
  /** Only for holders of the fee role too. */
  feeRole?: true;
  /** The operation-log row's business type (its title is the one busActions was given). */
  type: BusinessType;
  summary: string;
  params?: P;
  body?: B;
  /** The 200 answer (`answers` adds the error answers). */
  answer: z.ZodType;
  /** The service, called with the request's order context, then the path's id or ids and the body when declared. */
  run: (ctx: TOrderCtx, ...args: ActionArgs<P, B>) => Promise<unknown>;
  /** The answer's message key; default: ok's 'msg_op_success'. */
  msg?: string;
}

/**
 * The order actions of one bus screen: each a POST with its permission keys, an operation-log row under the screen's
 * menu title (`logTitle`; a few actions have a title of their own, 'recalculate'), and as answer `ok(result)` of its
 * service.
 *
 *     const action = busActions(app, deps, 'menu_send_order');
 *     action({ url: '/bus/send/delete/:ids', permission: 'bus:sendOrder:delete', type: DELETE, summary: '...',
 *              params: zIdsParam, answer: ZSendIdsAnswer, run: deleteRuns }); // deleteRuns(ctx, ids)
 */
export function busActions(app: FastifyInstance, deps: AppDeps, logTitle: string) {
  const ctxOf = orderCtx(deps);
  return <P extends ActionParams | undefined = undefined, B extends z.ZodType | undefined = undefined>(
    a: BusAction<P, B>,
  ) => {
    const access = {
      permission: a.permission,
      ...(a.feeRole && { feeRole: a.feeRole }),
      operlog: title(logTitle, a.type),
    };
    const schema = {
      ...(a.params && { params: a.params }),
      ...(a.body && { body: a.body }),
      response: answers(a.answer),
    };
    const handler: RouteHandlerMethod = async (req) => {
      const path = req.params as { id?: number; ids?: number[] };
      const args = [...(a.params ? [path.id ?? path.ids] : []), ...(a.body ? [req.body] : [])];
      return ok(req, await a.run(ctxOf(req), ...(args as ActionArgs<P, B>)), a.msg);
    };
    app.post(a.url, spec(access, a.summary, schema), handler);
  };
}

/** A bus list's export: its url and key, the list's menu title, the body schema, the columns and the rows' read. */
export interface BusListExport<B extends z.ZodType, R> {
  url: string;
  permission: string;
  /** The list screen's title (translation key): the operation-log title, the file's and the sheet's name. */
  menu: string;
  summary: string;
  /** The export's body: the list's filters, or the ticked ids. */
  body: B;
  columns: ExcelColumn<R>[];
  read: (ctx: TOrderCtx, body: z.output<B>) => Promise<Iterable<R>>;
}

/**
 * A bus list's .xlsx export (runs, sign lines, problem items): POST, a heavy export with its operation-log row under
 * the list's title; the rows of `read` for the body in `columns`.
 */
export function busListExport<B extends z.ZodType, R>(app: FastifyInstance, deps: AppDeps, e: BusListExport<B, R>) {
  const ctxOf = orderCtx(deps);
  const access = { permission: e.permission, operlog: title(e.menu, BUSINESS_TYPE.EXPORT), heavy: 'export' as const };
  const handler: RouteHandlerMethod = async (req, reply) => {
    const rows = await e.read(ctxOf(req), req.body as z.output<B>);
    const { db, config } = deps;
    return sendExcel(req, reply, { fileName: e.menu, db, timezone: config.timezone, columns: e.columns, rows });
  };
  app.post(e.url, spec(access, e.summary, { body: e.body }), handler);
}

/** A bus list page: its url, access rule (keys, operation log), summary, query, answer and the page's read. */
export interface BusList<Q extends z.ZodType> {
  url: string;
  access: FastifyContextConfig;
  summary: string;
  query: Q;
  /** The 200 answer (`answers` adds the error answers). */
  answer: z.ZodType;
  read: (ctx: TOrderCtx, q: z.output<Q>) => Promise<{ rows: object[]; total: number; sums: object }>;
  /**
   * The read's rows are fresh objects, never cached or shared: for a user without the fee role their fee fields are
   * blanked in place (withoutFees) instead of the whole answer being copied without them.
   */
  freshRows?: boolean;
}

/** A bus list page (loads, plans, runs, pick-ups...): GET with the list's query, answered with the sums (tableWithSums). */
export function busList<Q extends z.ZodType>(app: FastifyInstance, deps: AppDeps, l: BusList<Q>) {
  const ctxOf = orderCtx(deps);
  const handler: RouteHandlerMethod = async (req) => {
    const page = await l.read(ctxOf(req), req.query as z.output<Q>);
    return tableWithSums(req, l.freshRows ? withoutFees(req.auth, page) : page);
  };
  app.get(l.url, spec(l.access, l.summary, { querystring: l.query, response: answers(l.answer) }), handler);
}

/** A bus record by id: its url (`.../:id`), access rule, summary, answer, read and the answer's message key. */
export interface BusRecord {
  url: string;
  access: FastifyContextConfig;
  summary: string;
  answer: z.ZodType;
  read: (ctx: TOrderCtx, id: number) => Promise<unknown>;
  /** Default: ok's 'msg_op_success'. */
  msg?: string;
}

/** A bus record by id (a load, a run, a pick-up...): GET, answered `ok(read(ctx, id))`. */
export function busRecord(app: FastifyInstance, deps: AppDeps, r: BusRecord) {
  const ctxOf = orderCtx(deps);
  const handler: RouteHandlerMethod = async (req) => {
    const { id } = req.params as { id: number };
    return ok(req, await r.read(ctxOf(req), id), r.msg);
  };
  app.get(r.url, spec(r.access, r.summary, { params: zIdParam, response: answers(r.answer) }), handler);
}

/** Pages of orders by waybill numbers: the url, summary and answer, and the page's read for the numbers. */
export interface BusWaybillPages {
  url: string;
  summary: string;
  answer: z.ZodType;
  read: (
    ctx: TOrderCtx,
    numbers: string[],
    page: z.output<typeof ZTransportIdPagesQuery>,
  ) => Promise<{ rows: unknown[]; total: number }>;
}

/**
 * Orders by waybill (express, receipt) numbers, paged (the scan pages, the order journey): POST `.../:transportId` (a
 * comma list; a wrong separator is a 400 from searchNumbers) for whoever reads orders, answered as a table.
 */
export function busWaybillPages(app: FastifyInstance, deps: AppDeps, p: BusWaybillPages) {
  const ctxOf = orderCtx(deps);
  const handler: RouteHandlerMethod = async (req) => {
    const { transportId } = req.params as z.output<typeof ZTransportIdParam>;
    const numbers = searchNumbers(transportId, 'transportId') ?? [];
    const { rows, total } = await p.read(ctxOf(req), numbers, req.query as z.output<typeof ZTransportIdPagesQuery>);
    return table(req, rows, total);
  };
  const schema = { params: ZTransportIdParam, querystring: ZTransportIdPagesQuery, response: answers(p.answer) };
  app.post(p.url, spec({ permission: ORDER_READ_KEYS, operlog: false }, p.summary, schema), handler);
}
