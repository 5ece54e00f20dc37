import { NUMBER_MESSAGE_KEYS } from '@theone/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, bodyCodeOf, HTTP_STATUS } from '../errors';
import { hasKey, t } from '../i18n';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/**
 * The label of a body path in the caller's language: its last name as the sheet's `field_<snake_case>` ('credtLimit'
 * -> field_credt_limit), with the line number of a list item ('cargoLines.0.weight' -> 'Weight #1'); undefined when
 * the sheet has no label for it.
 */
export function fieldLabel(path: string, lang: FastifyRequest['lang']): string | undefined {
  // a date-range filter, 'params[beginOrderTime]' -> 'Order time (from)'
  const range = /^params\[(begin|end)(\w+)\]$/.exec(path);
  if (range) {
    const inner = fieldLabel(range[2]!.charAt(0).toLowerCase() + range[2]!.slice(1), lang);
    return inner && t(range[1] === 'begin' ? 'field_range_begin' : 'field_range_end', lang, { field: inner });
  }
  const parts = path.split('.').filter(Boolean);
  const i = parts.findLastIndex((p) => !/^\d+$/.test(p));
  if (i < 0) return undefined;
  const key = `field_${snake(parts[i]!)}`;
  if (!hasKey(key)) return undefined;
  const index = parts.slice(i + 1).find((p) => /^\d+$/.test(p)) ?? parts.slice(0, i).findLast((p) => /^\d+$/.test(p));
  return index === undefined ? t(key, lang) : `${t(key, lang)} #${Number(index) + 1}`;
}

/**
 * Zod's own message for a value of the wrong type is English ('expected number, received NaN') and does not tell an
 * absent value from a wrong one, so every such issue without its own message gets a sheet key: an absent (or null)
 * value is 'err_required', a number that is not one or not whole ('pageNum=abc', '1.5') 'err_invalid_value', any
 * other value 'err_invalid_type'. Schemas that name their own key (money's 'err_decimal_as_text') keep it.
 */
export function invalidTypeKey(issue: { code?: string; input?: unknown }): string | undefined {
  if (issue.code !== 'invalid_type') return undefined;
  if (issue.input === undefined || issue.input === null) return 'err_required';
  return typeof issue.input === 'number' ? 'err_invalid_value' : 'err_invalid_type';
}

/**
 * Zod issue -> translated message and dotted field path. Messages that are sheet keys ('err_mobile') are translated;
 * `{{field}}` is the field's label; a number message ('The amount cannot be negative') is prefixed with the label, as
 * a form holds many amounts.
 */
export function describeIssue(issue: ValidationIssue, lang: FastifyRequest['lang'], context?: string) {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  const params = issue.params ?? {};
  let field = path || context || '';
  let key = 'err_invalid_value';
  const label = fieldLabel(field, lang);
  const values: Record<string, unknown> = { field: label ?? field };
  switch (issue.keyword) {
    case 'invalid_type':
      key = 'err_required';
      break;
    case 'too_small':
      key = params.origin === 'string' ? 'err_too_short' : params.origin === 'array' ? 'err_too_few' : 'err_too_small';
      values.min = params.minimum;
      break;
    case 'too_big':
      key = params.origin === 'string' ? 'err_too_long' : params.origin === 'array' ? 'err_too_many' : 'err_too_big';
      values.max = params.maximum;
      break;
    case 'invalid_format':
      key = 'err_invalid_format';
      break;
    case 'unrecognized_keys': {
      const keys = (params.keys as string[] | undefined) ?? [];
      field = [path, keys.join(',')].filter(Boolean).join('.');
      values.field = field;
      key = 'err_unknown_field';
      break;
    }
    case 'invalid_value':
    case 'invalid_union':
      key = 'err_invalid_value';
      break;
  }
  if (issue.message && /^(err|msg)_[a-z0-9_]+$/.test(issue.message)) key = issue.message;
  const msg = t(key, lang, values);
  if (label && NUMBER_MESSAGE_KEYS.includes(key))
    return { field, msg: t('err_field_message', lang, { field: label, msg }) };
  return { field, msg };
}

function send(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandler(app: FastifyInstance) {
  z.config({ customError: invalidTypeKey });
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    const lang = req.lang ?? 'zh-cn';
    if (error instanceof AppError) {
      return send(reply, HTTP_STATUS[error.errorCode], {
        code: bodyCodeOf(error.errorCode),
        msg: t(error.messageKey, lang, error.params),
        errorCode: error.errorCode,
        ...(error.extra?.field ? { field: error.extra.field } : {}),
        ...(error.extra?.data !== undefined ? { data: error.extra.data } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0] as unknown as ValidationIssue;
      const { field, msg } = describeIssue(issue, lang, error.validationContext);
      return send(reply, 400, { code: 500, msg, errorCode: 'VALIDATION', field });
    }
    const fe = error as FastifyError;
    switch (fe.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, { code: 500, msg: t('err_malformed_json', lang), errorCode: 'VALIDATION' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_PARTS_LIMIT':
      case 'FST_FILES_LIMIT':
        return send(reply, 413, { code: 500, msg: t('err_payload_too_large', lang), errorCode: 'PAYLOAD_TOO_LARGE' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return send(reply, 415, { code: 500, msg: t('err_unsupported_media_type', lang), errorCode: 'VALIDATION' });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return send(reply, fe.statusCode, { code: 500, msg: t('err_bad_request', lang), errorCode: 'VALIDATION' });
    }
    // 5xx: log the details, answer without SQL, stack or internals.
    req.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { code: 500, msg: t('err_internal', lang), errorCode: 'INTERNAL' });
  });

  app.setNotFoundHandler((req, reply) => {
    return send(reply, 404, { code: 500, msg: t('err_not_found', req.lang ?? 'zh-cn'), errorCode: 'NOT_FOUND' });
  });
}
