import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { spec } from '../../platform/http/route-spec';

/** GET /prod-api/health: liveness and database reachability, for load balancers and the start script. */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get('/health', spec({ public: true }, 'Health check', { tags: ['platform'] }), async (_req, reply) => {
    try {
      await db.execute(sql`SELECT 1`);
      return { code: 200, msg: 'ok', data: { status: 'UP', database: 'UP' } };
    } catch {
      return reply
        .status(503)
        .send({ code: 500, msg: 'database unavailable', data: { status: 'DOWN', database: 'DOWN' } });
    }
  });
};
