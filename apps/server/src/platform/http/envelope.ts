import { BODY_CODE } from '@theone/contracts';
import type { FastifyRequest } from 'fastify';
import { t } from '../i18n';

/**
 * `{ code: 200, msg, data }` with the success message in the caller's language; `{ code: 200, msg }` without data.
 * The overloads give each form its exact type, so a route's declared `schema.response` checks the handler.
 */
export function ok(req: FastifyRequest): { code: 200; msg: string };
export function ok(req: FastifyRequest, data: undefined, msgKey?: string): { code: 200; msg: string };
export function ok<T>(req: FastifyRequest, data: T, msgKey?: string): { code: 200; msg: string; data: T };
export function ok<T>(req: FastifyRequest, data?: T, msgKey = 'msg_op_success') {
  return data === undefined
    ? { code: BODY_CODE.OK, msg: t(msgKey, req.lang) }
    : { code: BODY_CODE.OK, msg: t(msgKey, req.lang), data };
}

/** `{ code: 200, msg, rows, total }` (lists). Extra top-level fields (e.g. `totals`) may be added by `extra`. */
export function table<T>(req: FastifyRequest, rows: T[], total: number, extra?: Record<string, unknown>) {
  return { code: BODY_CODE.OK, msg: t('msg_query_success', req.lang), rows, total, ...extra };
}

/** A 601 warning the user must see but that is not an error (e.g. credit limit exceeded). */
export function warn<T>(req: FastifyRequest, msgKey: string, params?: Record<string, unknown>, data?: T) {
  return { code: BODY_CODE.WARN, msg: t(msgKey, req.lang, params), data };
}
