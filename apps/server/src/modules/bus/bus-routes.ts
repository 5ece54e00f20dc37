import { ZTransportIdPagesQuery, ZTransportIdParam, zIdParam } from '@theone/contracts';
import { answers } from '@theone/contracts/common/responses';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { type ExcelColumn, sendExcel } from '../../platform/excel/excel';
import { ok, table } from '../../platform/http/envelope';
import { spec } from '../../platform/http/route-spec';
import { BUSINESS_TYPE, type BusinessType } from '../../platform/operlog';
import { searchNumbers } from './bus-list';
import type { TOrderCtx } from './inware/inware.service';
import { ORDER_READ_KEYS, orderCtx, title } from './inware/inware-route-keys';

/** What the bus route files share when answering. */

/** A list page with the sums of the filtered set: `{ code, msg, rows, total, sums }`. */
export function tableWithSums<R, S>(req: FastifyRequest, page: { rows: R[]; total: number; sums: S }) {
  return { ...table(req, page.rows, page.total), sums: page.sums };
}

type ActionSchema = Omit<FastifySchema, 'summary' | 'tags'>;
/** The request of a route with these zod schemas, typed as the route's handler sees it. */
export type RequestOf<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;

/**
 * The order actions of one bus screen: each a POST with the screen's permission keys, an operation-log row under the
 * screen's menu title, and as answer `ok(result)` of a service called with the request's order context.
 *
 *     const action = busActions(app, deps, 'menu_send_order');
 *     action('/bus/send/sure', 'bus:sendOrder:sure', UPDATE, 'A21 ...', { body, response }, (ctx, req) => sureRuns(ctx, req.body.ids));
 */
export function busActions(app: FastifyInstance, deps: AppDeps, menu: string) {
  const ctxOf = orderCtx(deps);
  return <S extends ActionSchema>(
    url: string,
    permission: string | readonly string[],
    type: BusinessType,
    summary: string,
    schema: S,
    run: (ctx: TOrderCtx, req: RequestOf<S>) => Promise<unknown>,
  ) => {
    const options: RouteShorthandOptions = spec({ permission, operlog: title(menu, type) }, summary, schema);
    // The request is typed by RequestOf<S>; the answer is checked against the schema's response when sent.
    const handler: RouteHandlerMethod = async (req) => ok(req, await run(ctxOf(req), req as unknown as RequestOf<S>));
    app.post(url, options, handler);
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
  read: (ctx: TOrderCtx, q: z.output<Q>) => Promise<{ rows: unknown[]; total: number; sums: unknown }>;
}

/** A bus list page (loads, plans, runs, pick-ups...): GET with the list's query, answered with the sums (tableWithSums). */
export function busList<Q extends z.ZodType>(app: FastifyInstance, deps: AppDeps, l: BusList<Q>) {
  const ctxOf = orderCtx(deps);
  const handler: RouteHandlerMethod = async (req) =>
    tableWithSums(req, await l.read(ctxOf(req), req.query as z.output<Q>));
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
