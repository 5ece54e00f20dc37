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
import { and, desc, eq, getTableColumns, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DbOrTx } from '../../../platform/db/database';
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
import type { BusinessType } from '../../../platform/operlog';
import { BUSINESS_TYPE, idParam, idsParam, operlog, registerPagedList } from '../shared/system';

const TITLE = 'menu_log_list';

/** List columns of the operation log: the long parameter and result texts only in the detail. */
const { operParam: _param, jsonResult: _result, ...OPER_LIST } = getTableColumns(sysOperLog);

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

/**
 * One of the two log screens (keys system:log:*): `<url>/list` (paged), `<url>/clean` (the whole log),
 * `<url>/:<key>s` (rows by id) and `<url>/export`, named in the summaries by `name` ('operation log'); `detail`
 * registers the screen's own call after the clean, where the OpenAPI document has always listed it.
 */
interface LogScreen<S extends z.ZodObject, Q extends PgSelect, Out> {
  url: string;
  name: string;
  table: typeof sysOperLog | typeof sysLogininfor;
  key: 'operId' | 'infoId';
  query: S;
  select: () => Q;
  where: (q: Partial<z.output<S>>) => SQL | undefined;
  orderable: Record<string, AnyPgColumn>;
  order: SQL[];
  map: (row: Awaited<Q>[number], req: FastifyRequest) => Out;
  columns: ExcelColumn<Record<string, unknown>>[];
  detail: () => void;
}

function registerLogScreen<S extends z.ZodObject, Q extends PgSelect, Out extends Record<string, unknown>>(
  app: FastifyInstance,
  db: DbOrTx,
  log: LogScreen<S, Q, Out>,
) {
  const id = (getTableColumns(log.table) as Record<string, AnyPgColumn>)[log.key]!;
  const keys = `${log.key}s`;
  const remove = (businessType: BusinessType) => ({
    permission: 'system:log:remove',
    operlog: operlog(TITLE, businessType),
  });

  registerPagedList(app, db, {
    url: `${log.url}/list`,
    permission: 'system:log:list',
    summary: `${log.name.charAt(0).toUpperCase()}${log.name.slice(1)} (paged)`,
    query: log.query,
    select: log.select,
    from: log.table,
    where: log.where,
    orderable: log.orderable,
    order: log.order,
    map: log.map,
  });

  app.delete(`${log.url}/clean`, spec(remove(BUSINESS_TYPE.CLEAN), `Delete the whole ${log.name}`), async (req) => {
    await db.delete(log.table);
    return ok(req);
  });

  log.detail();

  app
    .withTypeProvider<ZodTypeProvider>()
    .delete(
      `${log.url}/:${keys}`,
      spec(remove(BUSINESS_TYPE.DELETE), `Delete ${log.name} rows`, { params: idsParam(keys) }),
      async (req) => {
        await db.delete(log.table).where(inArray(id, (req.params as Record<string, number[]>)[keys]!));
        return ok(req);
      },
    );

  registerListExport(app, db, {
    url: `${log.url}/export`,
    permission: 'system:log:export',
    operlog: operlog(TITLE, BUSINESS_TYPE.EXPORT),
    summary: `Export the ${log.name} (.xlsx)`,
    query: log.query,
    fileName: `${log.url.slice(1).replaceAll('/', '_')}_export`,
    columns: log.columns,
    select: log.select,
    key: id,
    keyOf: (r) => r[log.key] as number,
    where: (_req, q) => log.where(q),
    map: log.map,
  });
}

/** /system/operlog and /system/logininfor (issue 4 items 8 and 9; screens §4.7, keys system:log:*). */
export const logRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, operlog: writer }) => {
  registerLogScreen(app, db, {
    url: '/system/operlog',
    name: 'operation log',
    table: sysOperLog,
    key: 'operId',
    query: ZOperlogQuery,
    select: () => db.select(OPER_LIST).from(sysOperLog).$dynamic(),
    where: operWhere,
    orderable: { operTime: sysOperLog.operTime, costTime: sysOperLog.costTime, operId: sysOperLog.operId },
    order: [desc(sysOperLog.operId)],
    map: withTitleLabel,
    columns: OPER_EXPORT,
    detail: () =>
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
      ),
  });

  registerLogScreen(app, db, {
    url: '/system/logininfor',
    name: 'login log',
    table: sysLogininfor,
    key: 'infoId',
    query: ZLogininforQuery,
    select: () => db.select().from(sysLogininfor).$dynamic(),
    where: loginWhere,
    orderable: { loginTime: sysLogininfor.loginTime, infoId: sysLogininfor.infoId },
    order: [desc(sysLogininfor.infoId)],
    map: withMessage,
    columns: LOGIN_EXPORT,
    // GET as the spec names it; it changes state, so it writes its operation-log row itself.
    detail: () =>
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
      ),
  });
};
