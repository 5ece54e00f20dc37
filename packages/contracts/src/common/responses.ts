import { z } from 'zod';
import { ERROR_CODES } from './envelope';

/**
 * Response contracts (ADR 0010). A route declares what it answers with these helpers in `schema.response`;
 * fastify-type-provider-zod 7 then serialises through the schema (`safeEncode`, unknown keys dropped) and the
 * OpenAPI page shows it. The web imports the row/detail types instead of retyping them.
 *
 * Rules for a response schema:
 * - no `.transform` / `.preprocess` (the serialiser *encodes*; a one-way transform cannot run backwards);
 * - every key the handler sends must be listed (an unlisted key is dropped from the answer);
 * - fee fields (`FEE_FIELDS`) are `.optional()`: the fee guard removes them before serialisation for users
 *   without the fee role;
 * - money, weights, volumes and rates are decimal strings (`zDecimal`), never numbers;
 * - timestamps are `zTimestamp` (a Date on the server, an ISO 8601 text on the wire).
 *
 * Types: `z.input<S>` is the wire shape (what the web receives: timestamps as text); `z.output<S>` is what a
 * handler returns. Use `TWire<S>` for the web.
 */

/** The wire shape of a response schema (what the browser receives). */
export type TWire<S extends z.ZodType> = z.input<S>;

/** A timestamp: a `Date` in the handler, ISO 8601 text on the wire (exactly what `JSON.stringify` wrote before). */
export const zTimestamp = z.codec(z.string(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** A timestamp column that may be empty (not yet happened). */
export const zTime = zTimestamp.nullable();

/** A reference (id) column that may be empty. */
export const zRef = z.number().int().nullable();

/** An exact decimal (money, weight, volume, rate) as PostgreSQL `numeric` text, e.g. `"12.50"`. */
export const zDecimal = z.string().meta({ description: 'exact decimal as text', examples: ['12.50'] });

/** One row of a record's own log (a load, an arrival, a delivery run): what was done to how many orders. */
export const ZRecordLogRow = z.object({
  action: z.string(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int().nullable(),
  orderCount: z.number().int(),
  remark: z.string(),
  createBy: z.string(),
  createTime: zTimestamp,
});

/** A '0'/'1' style code column (status, flags, dictionary values). */
export const zCode = z.string();

/**
 * A code column with known values (dictionary codes): text on the server (the column's type), the listed values in
 * the wire type and on the OpenAPI page. Not checked at run time: a stray stored value is sent as stored, as before.
 */
export const zCodeOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.string().meta({ enum: [...values] }) as unknown as z.ZodType<string, T[number]>;

/** A '0'/'1' flag or status column (see zCodeOf). */
export const zFlag = zCodeOf(['0', '1']);

/** `{ code: 200, msg, data }` (`ok(req, data)`). */
export const okEnvelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });

/** `{ code: 200, msg }` (`ok(req)` without data). */
export const zOkEmpty = z.object({ code: z.number().int(), msg: z.string() });

/** `{ code: 200, msg, data: { id } }` (an add answering the new id). */
export const zOkId = okEnvelope(z.object({ id: z.number().int() }));

/** `{ code: 200, msg, rows, total }` (`table(req, rows, total)`); `extra` lists further top-level keys. */
export const tableEnvelope = <T extends z.ZodType, E extends z.ZodRawShape = Record<never, never>>(row: T, extra?: E) =>
  z.object({
    code: z.number().int(),
    msg: z.string(),
    rows: z.array(row),
    total: z.number().int(),
    ...((extra ?? {}) as E),
  });

/**
 * The error answer (error-handler.ts): `{ code, msg, errorCode, field?, data? }`. Loose: any other key the
 * handler adds passes through unchanged, so declaring it never alters an error.
 */
export const zErrorAnswer = z.looseObject({
  code: z.number().int(),
  msg: z.string(),
  errorCode: z.enum(ERROR_CODES),
  field: z.string().optional(),
  data: z.unknown().optional(),
});

/** The error statuses every authenticated route may answer, for `schema.response`. */
export const errorAnswers = {
  400: zErrorAnswer,
  401: zErrorAnswer,
  403: zErrorAnswer,
  404: zErrorAnswer,
  409: zErrorAnswer,
} as const;

/** `schema.response` of a route: the 200 answer plus the error answers. */
export const answers = <T extends z.ZodType>(ok: T): { 200: T } & typeof errorAnswers => ({ 200: ok, ...errorAnswers });

/** `answers` of every entry of a map of 200 answers (`const ANSWER = answersOf(MARK_ANSWERS)`; `ANSWER.list`). */
export const answersOf = <M extends Record<string, z.ZodType>>(map: M) =>
  Object.fromEntries(Object.entries(map).map(([key, ok]) => [key, answers(ok)])) as {
    [K in keyof M]: { 200: M[K] } & typeof errorAnswers;
  };
