import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, bodyCodeOf, HTTP_STATUS } from '../errors';
import { t } from '../i18n';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Zod issue -> translated message and dotted field path. Messages that are sheet keys ('err_mobile') are translated. */
export function describeIssue(issue: ValidationIssue, lang: FastifyRequest['lang'], context?: string) {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  const params = issue.params ?? {};
  let field = path || context || '';
  let key = 'err_invalid_value';
  const values: Record<string, unknown> = { field };
  switch (issue.keyword) {
    case 'invalid_type':
      key = params.input === undefined ? 'err_required' : 'err_invalid_type';
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
  return { field, msg: t(key, lang, values) };
}

function send(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandler(app: FastifyInstance) {
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
