import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { jsonSchemaTransform, ResponseSerializationError, type serializerCompiler } from 'fastify-type-provider-zod';
import { safeEncode, ZodError, type ZodType } from 'zod';

type TCompiler = typeof serializerCompiler;
type TStringify = (data: unknown) => string;

/**
 * The serialiser of declared responses (ADR 0010). A route's `schema.response` (zod, from contracts) is turned once
 * into the JSON schema the OpenAPI page shows, and that into a fast-json-stringify function: the answer is written
 * from the schema (faster than `JSON.stringify`), keys the schema does not list are not written. A schema that
 * cannot be compiled that way (a recursive tree) is encoded through zod instead (`safeEncode`, then `JSON.stringify`).
 *
 * In tests (`strict`) every answer is also encoded through zod: a value that does not match the schema, a key the
 * schema would drop, or a fast-json-stringify text that differs from the zod encoding is an error (a 500 naming it),
 * so a schema that forgets a key fails the route's existing tests instead of silently changing what the browser
 * receives. Keys starting with `__` are internal and never checked.
 */
export function responseSerializer(strict: boolean): TCompiler {
  return ({ schema, method, url }) => {
    const zod = resolve(schema);
    const fast = fastStringifier(zod);
    const viaZod: TStringify = (data) => {
      const result = safeEncode(zod, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(result.data);
    };
    if (!strict) return fast ?? viaZod;
    return (data) => {
      const result = safeEncode(zod, data);
      if (result.error) {
        process.stderr.write(`response of ${method} ${url} does not match its schema: ${result.error.message}\n`);
        throw new ResponseSerializationError(method, url, { cause: result.error });
      }
      const problems = droppedKeys(data, result.data).map((key) => `${key}: not declared`);
      const text = fast ? fast(data) : JSON.stringify(result.data);
      if (fast && !isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(result.data))))
        problems.push('fast-json-stringify output differs from the zod encoding');
      if (problems.length) {
        // tests run with a silent logger: say why the answer became a 500
        process.stderr.write(`response of ${method} ${url} does not match its schema: ${problems.join('; ')}\n`);
        throw new ResponseSerializationError(method, url, { cause: issues(problems) });
      }
      return text;
    };
  };
}

function issues(messages: string[]) {
  return new ZodError(
    messages.slice(0, 20).map((message) => ({ code: 'custom' as const, path: [], message, input: undefined })),
  );
}

function resolve(schema: unknown): ZodType {
  const s = schema as { properties?: unknown };
  return (s && typeof s === 'object' && 'properties' in s && s.properties ? s.properties : schema) as ZodType;
}

/** The OpenAPI page's JSON schema of `zod`, compiled by fast-json-stringify; undefined when it has references. */
export function fastStringifier(zod: ZodType): TStringify | undefined {
  try {
    const transformed = jsonSchemaTransform({
      schema: { response: { 200: zod } },
      url: '/',
      route: {},
      openapiObject: { openapi: '3.0.3' },
    } as never) as { schema: { response: Record<number, object> } };
    const json = transformed.schema.response[200];
    if (!json || JSON.stringify(json).includes('"$ref"')) return undefined;
    return fastJson(json) as TStringify;
  } catch {
    return undefined;
  }
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
