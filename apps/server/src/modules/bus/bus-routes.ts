import type {
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
import type { AppDeps } from '../../platform/deps';
import { ok, table } from '../../platform/http/envelope';
import { spec } from '../../platform/http/route-spec';
import type { BusinessType } from '../../platform/operlog';
import type { TOrderCtx } from './inware/inware.service';
import { orderCtx, title } from './inware/inware-route-keys';

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
