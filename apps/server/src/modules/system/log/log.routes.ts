import { readFileSync } from 'node:fs';
import {
  LANGUAGES,
  parseTranslationSheet,
  stripFeeText,
  type TLanguage,
  type TLogininforQuery,
  type TOperlogQuery,
  ZLogininforQuery,
  ZOperlogQuery,
} from '@theone/contracts';
import { and, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sysLogininfor, sysOperLog } from '../../../platform/db/log.table';
import { sysLoginLock } from '../../../platform/db/platform.table';
import { containsFilters, equalFilters } from '../../../platform/db/sql-helpers';
import type { AppDeps } from '../../../platform/deps';
import { notFound } from '../../../platform/errors';
import type { ExcelColumn } from '../../../platform/excel/excel';
import { registerListExport } from '../../../platform/excel/list-export';
import { ok } from '../../../platform/http/envelope';
import { dateRange, likeContains } from '../../../platform/http/paging';
import { spec } from '../../../platform/http/route-spec';
import { hasKey, t, translateStored, translationSheetPath } from '../../../platform/i18n';
import { BUSINESS_TYPE, idParam, idsParam, operlog, registerPagedList } from '../shared/system';

const TITLE = 'menu_log_list';

/** List columns of the operation log: the long parameter and result texts only in the detail. */
const OPER_LIST = {
  operId: sysOperLog.operId,
  title: sysOperLog.title,
  businessType: sysOperLog.businessType,
  method: sysOperLog.method,
  requestMethod: sysOperLog.requestMethod,
  operatorType: sysOperLog.operatorType,
  operName: sysOperLog.operName,
  deptName: sysOperLog.deptName,
  operUrl: sysOperLog.operUrl,
  operIp: sysOperLog.operIp,
  operLocation: sysOperLog.operLocation,
  status: sysOperLog.status,
  errorMsg: sysOperLog.errorMsg,
  operTime: sysOperLog.operTime,
  costTime: sysOperLog.costTime,
};

const OPER_EXPORT: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'operId', header: 'system_oper_id', type: 'integer', width: 10 },
  { key: 'titleLabel', header: 'system_oper_title', width: 20 },
  { key: 'businessType', header: 'system_business_type', type: 'dict', dict: 'sys_oper_type', width: 12 },
  { key: 'requestMethod', header: 'system_request_method', width: 10 },
  { key: 'operUrl', header: 'system_oper_url', width: 36 },
  { key: 'operName', header: 'system_oper_name' },
  { key: 'deptName', header: 'system_dept_name' },
  { key: 'operIp', header: 'system_ipaddr' },
  { key: 'operLocation', header: 'system_location' },
  { key: 'status', header: 'system_oper_status', type: 'dict', dict: 'sys_common_status', width: 10 },
  { key: 'errorMsg', header: 'system_error_msg', width: 30 },
  { key: 'operTime', header: 'system_oper_time', type: 'datetime' },
  { key: 'costTime', header: 'system_cost_time', type: 'integer', width: 12 },
];

const LOGIN_EXPORT: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'infoId', header: 'system_info_id', type: 'integer', width: 10 },
  { key: 'userName', header: 'system_user_name' },
  { key: 'ipaddr', header: 'system_ipaddr' },
  { key: 'loginLocation', header: 'system_location' },
  { key: 'browser', header: 'system_browser' },
  { key: 'os', header: 'system_os' },
  { key: 'status', header: 'system_login_status', type: 'dict', dict: 'sys_common_status', width: 10 },
  { key: 'msg', header: 'system_login_msg', width: 30 },
  { key: 'loginTime', header: 'system_login_time', type: 'datetime' },
];

/** Module titles are translation keys ('menu_user'): a title filter matches their text in any language. */
let titleIndex: { key: string; texts: string[] }[] | undefined;
function titleKeysMatching(text: string): string[] {
  if (!titleIndex) {
    const sheet = parseTranslationSheet(readFileSync(translationSheetPath(), 'utf8'));
    const keys = Object.keys(sheet['zh-cn']).filter((k) => k.startsWith('menu_'));
    titleIndex = keys.map((key) => ({ key, texts: LANGUAGES.map((l) => (sheet[l][key] ?? '').toLowerCase()) }));
  }
  const needle = text.toLowerCase();
  return titleIndex.filter((e) => e.texts.some((s) => s.includes(needle))).map((e) => e.key);
}

const titleLabel = (title: string, lang: TLanguage) => (hasKey(title) ? t(title, lang) : title);
/** An operation row as the list and the export give it: with its title in the reader's language. */
const withTitleLabel = <R extends { title: string }>(r: R, req: FastifyRequest) => ({
  ...r,
  titleLabel: titleLabel(r.title, req.lang),
});
/** A login row as the list and the export give it: its message in the reader's language. */
const withMessage = <R extends { msg: string }>(r: R, req: FastifyRequest) => ({
  ...r,
  msg: translateStored(r.msg, req.lang),
});

function operWhere(q: Partial<TOperlogQuery>): SQL | undefined {
  let title: SQL | undefined;
  if (q.title) {
    const keys = titleKeysMatching(q.title);
    title = keys.length
      ? sql`(${ilike(sysOperLog.title, likeContains(q.title))} OR ${inArray(sysOperLog.title, keys)})`
      : ilike(sysOperLog.title, likeContains(q.title));
  }
  return and(
    title,
    ...containsFilters(q, sysOperLog, ['operName', 'operIp']),
    q.businessType ? eq(sysOperLog.businessType, Number(q.businessType)) : undefined,
    q.status ? eq(sysOperLog.status, Number(q.status)) : undefined,
    dateRange(sysOperLog.operTime, q),
  );
}

function loginWhere(q: Partial<TLogininforQuery>): SQL | undefined {
  return and(
    ...containsFilters(q, sysLogininfor, ['ipaddr', 'userName']),
    ...equalFilters(q, sysLogininfor, ['status']),
    dateRange(sysLogininfor.loginTime, q),
  );
}

/** /system/operlog and /system/logininfor (issue 4 items 8 and 9; screens §4.7, keys system:log:*). */
export const logRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, operlog: writer }) => {
  // --- operation log ----------------------------------------------------------------------------------------

  registerPagedList(app, db, {
    url: '/system/operlog/list',
    permission: 'system:log:list',
    summary: 'Operation log (paged)',
    query: ZOperlogQuery,
    select: () => db.select(OPER_LIST).from(sysOperLog).$dynamic(),
    from: sysOperLog,
    where: operWhere,
    orderable: { operTime: sysOperLog.operTime, costTime: sysOperLog.costTime, operId: sysOperLog.operId },
    order: [desc(sysOperLog.operId)],
    map: withTitleLabel,
  });

  app.delete(
    '/system/operlog/clean',
    spec(
      { permission: 'system:log:remove', operlog: operlog(TITLE, BUSINESS_TYPE.CLEAN) },
      'Delete the whole operation log',
    ),
    async (req) => {
      await db.delete(sysOperLog);
      return ok(req);
    },
  );

  app.get(
    '/system/operlog/:operId',
    spec({ permission: 'system:log:query' }, 'One operation with parameters (secrets masked), result and error', {
      params: idParam('operId'),
    }),
    async (req) => {
      const [row] = await db.select().from(sysOperLog).where(eq(sysOperLog.operId, req.params.operId));
      if (!row) throw notFound();
      // Parameters and result are stored as text, fees included: a reader without the fee role sees them without.
      const text = req.auth.feeRole
        ? {}
        : { operParam: stripFeeText(row.operParam), jsonResult: stripFeeText(row.jsonResult) };
      return ok(req, { ...row, ...text, titleLabel: titleLabel(row.title, req.lang) });
    },
  );

  app.delete(
    '/system/operlog/:operIds',
    spec(
      { permission: 'system:log:remove', operlog: operlog(TITLE, BUSINESS_TYPE.DELETE) },
      'Delete operation log rows',
      { params: idsParam('operIds') },
    ),
    async (req) => {
      await db.delete(sysOperLog).where(inArray(sysOperLog.operId, req.params.operIds));
      return ok(req);
    },
  );

  registerListExport(app, db, {
    url: '/system/operlog/export',
    permission: 'system:log:export',
    operlog: operlog(TITLE, BUSINESS_TYPE.EXPORT),
    summary: 'Export the operation log (.xlsx)',
    query: ZOperlogQuery,
    fileName: 'system_operlog_export',
    columns: OPER_EXPORT,
    select: () => db.select(OPER_LIST).from(sysOperLog).$dynamic(),
    key: sysOperLog.operId,
    keyOf: (r) => r.operId,
    where: (_req, q) => operWhere(q),
    map: withTitleLabel,
  });

  // --- login log ----------------------------------------------------------------------------------------

  registerPagedList(app, db, {
    url: '/system/logininfor/list',
    permission: 'system:log:list',
    summary: 'Login log (paged)',
    query: ZLogininforQuery,
    select: () => db.select().from(sysLogininfor).$dynamic(),
    from: sysLogininfor,
    where: loginWhere,
    orderable: { loginTime: sysLogininfor.loginTime, infoId: sysLogininfor.infoId },
    order: [desc(sysLogininfor.infoId)],
    map: withMessage,
  });

  app.delete(
    '/system/logininfor/clean',
    spec(
      { permission: 'system:log:remove', operlog: operlog(TITLE, BUSINESS_TYPE.CLEAN) },
      'Delete the whole login log',
    ),
    async (req) => {
      await db.delete(sysLogininfor);
      return ok(req);
    },
  );

  // GET as the spec names it; it changes state, so it writes its operation-log row itself.
  app.get(
    '/system/logininfor/unlock/:infoId',
    spec({ permission: 'system:log:unlock' }, "Unlock the account of a login-log row's user name", {
      params: idParam('infoId'),
    }),
    async (req, reply) => {
      const [row] = await db
        .select({ userName: sysLogininfor.userName })
        .from(sysLogininfor)
        .where(eq(sysLogininfor.infoId, req.params.infoId));
      if (!row) throw notFound();
      const cleared = await db
        .delete(sysLoginLock)
        .where(eq(sysLoginLock.userName, row.userName))
        .returning({ u: sysLoginLock.userName });
      const body = ok(req, { userName: row.userName, unlocked: cleared.length > 0 });
      writer.push({
        title: TITLE,
        businessType: BUSINESS_TYPE.OTHER,
        method: req.routeOptions.url ?? '',
        requestMethod: req.method,
        operatorType: 1,
        operName: req.auth.userName,
        deptName: req.auth.deptName,
        operUrl: req.url.split('?')[0]!.slice(0, 255),
        operIp: req.ip.slice(0, 128),
        operParam: JSON.stringify({ infoId: req.params.infoId, userName: row.userName }),
        jsonResult: JSON.stringify(body),
        status: 0,
        errorMsg: '',
        costTime: Math.round(reply.elapsedTime),
      });
      return body;
    },
  );

  app.delete(
    '/system/logininfor/:infoIds',
    spec({ permission: 'system:log:remove', operlog: operlog(TITLE, BUSINESS_TYPE.DELETE) }, 'Delete login log rows', {
      params: idsParam('infoIds'),
    }),
    async (req) => {
      await db.delete(sysLogininfor).where(inArray(sysLogininfor.infoId, req.params.infoIds));
      return ok(req);
    },
  );

  registerListExport(app, db, {
    url: '/system/logininfor/export',
    permission: 'system:log:export',
    operlog: operlog(TITLE, BUSINESS_TYPE.EXPORT),
    summary: 'Export the login log (.xlsx)',
    query: ZLogininforQuery,
    fileName: 'system_logininfor_export',
    columns: LOGIN_EXPORT,
    select: () => db.select().from(sysLogininfor).$dynamic(),
    key: sysLogininfor.infoId,
    keyOf: (r) => r.infoId,
    where: (_req, q) => loginWhere(q),
    map: withMessage,
  });
};
