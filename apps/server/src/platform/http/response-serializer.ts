import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { safeEncode, ZodError, type ZodType } from 'zod';

/**
 * The serialiser of declared responses (ADR 0010). A route's `schema.response` is encoded through its zod schema
 * (fastify-type-provider-zod 7): keys the schema does not list are dropped from the answer. In production that is
 * the plain `serializerCompiler`. In tests (`strict`) any key the handler sent that the schema would drop is an
 * error (a 500 naming the keys), so a schema that forgets a key fails the route's existing tests instead of
 * silently changing what the browser receives. Keys starting with `__` are internal and never checked.
 */
export function responseSerializer(strict: boolean): typeof serializerCompiler {
  if (!strict) return serializerCompiler;
  return ({ schema, method, url }) => {
    const zod = resolve(schema);
    return (data) => {
      const result = safeEncode(zod, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      const lost = droppedKeys(data, result.data);
      if (lost.length)
        throw new ResponseSerializationError(method, url, {
          cause: new ZodError(
            lost
              .slice(0, 20)
              .map((key) => ({ code: 'custom' as const, path: [key], message: 'not declared', input: undefined })),
          ),
        });
      return JSON.stringify(result.data);
    };
  };
}

function resolve(schema: unknown): ZodType {
  const s = schema as { properties?: unknown };
  return (s && typeof s === 'object' && 'properties' in s && s.properties ? s.properties : schema) as ZodType;
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && (Object.getPrototypeOf(v) === Object.prototype || !Object.getPrototypeOf(v));

/** Paths of keys present (and not undefined) in `sent` but missing in `encoded`, at any depth. */
export function droppedKeys(sent: unknown, encoded: unknown, path = '', out: string[] = []): string[] {
  if (Array.isArray(sent) && Array.isArray(encoded)) {
    for (let i = 0; i < sent.length && out.length < 50; i++) droppedKeys(sent[i], encoded[i], `${path}[${i}]`, out);
    return out;
  }
  if (!isPlain(sent) || !isPlain(encoded)) return out;
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined || key.startsWith('__')) continue;
    const at = path ? `${path}.${key}` : key;
    if (!(key in encoded)) out.push(at);
    else droppedKeys(value, encoded[key], at, out);
  }
  return out;
}
