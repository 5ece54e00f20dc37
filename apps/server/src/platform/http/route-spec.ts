import type { FastifyContextConfig, FastifyInstance, FastifySchema } from 'fastify';

/** What a route declares besides its summary: its zod schemas and, where it helps, a longer description. */
type RouteSchema = Omit<FastifySchema, 'summary' | 'tags'> & { description?: string; tags?: readonly string[] };

/**
 * A route's options in one call: its access rule, operation-log entry and limits (`config`: security.ts, operlog.ts,
 * heavy.ts), its OpenAPI summary and its schemas (querystring, params, body, response). The OpenAPI tag is the first
 * segment of the path (`/bus/send/list`: bus; `registerRouteTags`) unless the schema names one.
 *
 *     app.get('/bus/send/list', spec({ permission: 'bus:sendOrder' }, 'Delivery runs', { querystring: Q }), handler)
 */
export function spec<S extends RouteSchema = Record<never, never>>(
  config: FastifyContextConfig,
  summary: string,
  schema?: S,
): { config: FastifyContextConfig; schema: S & { summary: string } } {
  return { config, schema: { ...(schema as S), summary } };
}

/** The first segment of an API path below the prefix: `/prod-api/bus/send/list` -> `bus`. */
export function pathTag(url: string, prefix: string): string | undefined {
  const rest = url.startsWith(prefix) ? url.slice(prefix.length) : url;
  return rest.split('/').find((s) => s !== '' && !s.startsWith(':'));
}

/** Routes under `prefix` whose schema names no OpenAPI tag get their path's first segment as their tag. */
export function registerRouteTags(app: FastifyInstance, prefix: string) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(prefix) || !route.schema || route.schema.tags) return;
    const tag = pathTag(route.url, prefix);
    if (tag) route.schema = { ...route.schema, tags: [tag] };
  });
}
