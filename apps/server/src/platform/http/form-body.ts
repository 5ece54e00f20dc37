import type { FastifyInstance } from 'fastify';

/**
 * The web's download helper posts form-encoded bodies (spec §7 'Download helper'); exports accept them as well as
 * JSON. Registered once for the whole API: fields become a plain object that the route's zod schema validates.
 */
export function registerFormBodies(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 100_000 },
    (_req, body, done) => {
      const out: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(String(body))) out[k] = v;
      done(null, out);
    },
  );
}
