import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';

/**
 * Request bodies, in one place for the whole API:
 *
 * - JSON as Fastify parses it (prototype poisoning refused), except that an empty body is no body: RuoYi-style
 *   clients post actions such as `getNo` without data but with their default `Content-Type: application/json`.
 * - Form-encoded bodies (the web's download helper posts them, spec §7 'Download helper'): fields become a plain
 *   object that the route's zod schema validates.
 * - A POST, PUT or DELETE without a body is validated as an empty object when the route's body is an object: where
 *   every field is optional (`POST /bus/inware/getNo`, exports) that is the action's default, and elsewhere the
 *   answer names the first missing field instead of 'body is required'.
 */
export function registerFormBodies(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (String(body).trim() === '') return done(null, undefined);
    return json(req, String(body), done);
  });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 100_000 },
    (_req, body, done) => {
      const out: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(String(body))) out[k] = v;
      done(null, out);
    },
  );

  app.addHook('preValidation', async (req) => {
    if (req.body === undefined && takesObjectBody(req)) req.body = {};
  });
}

const objectBody = new WeakMap<object, boolean>();

/** Whether the route's body schema is an object (`{}` is not refused as a whole); decided once per schema. */
function takesObjectBody(req: FastifyRequest): boolean {
  const schema = req.routeOptions.schema?.body as ZodType | undefined;
  if (!schema || typeof schema.safeParse !== 'function') return false;
  let known = objectBody.get(schema);
  if (known === undefined) {
    const result = schema.safeParse({});
    known = result.success || !result.error.issues.some((i) => i.path.length === 0 && i.code === 'invalid_type');
    objectBody.set(schema, known);
  }
  return known;
}
