import {
  BUILTIN_ADMIN_ROLE_ID,
  BUILTIN_ADMIN_USER_ID,
  type TPageQueryBase,
  zIdsParam,
  zIdText,
} from '@theone/contracts';
import { type AnyColumn, and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { dataScopeFilter } from '../../../platform/auth/data-scope';
import type { DbOrTx } from '../../../platform/db/database';
import { changedReload, forbidden, notFound } from '../../../platform/errors';
import type { ExcelColumn } from '../../../platform/excel/excel';
import { table } from '../../../platform/http/envelope';
import { orderOf, pageOf } from '../../../platform/http/paging';
import { spec } from '../../../platform/http/route-spec';
import { BUSINESS_TYPE, type BusinessType, type OperlogConfig } from '../../../platform/operlog';
import { sysDept } from '../dept/dept.table';
import type { sysRole } from '../role/role.table';
import { sysUser, sysUserRole } from '../user/user.table';
import { invalidateUserCounts } from './count-cache';

/**
 * Helpers shared by the /system routes (issue 4): data scope on users and departments, the built-in admin
 * rules, optimistic versions, operation-log titles and the form-encoded bodies of the download helper.
 */

export const ADMIN_USER_ID = BUILTIN_ADMIN_USER_ID;
export const ADMIN_ROLE_ID = BUILTIN_ADMIN_ROLE_ID;

/** The path parameter `:<key>` of one id (`/system/role/:roleId`). */
export const idParam = <K extends string>(key: K) =>
  z.object({ [key]: zIdText } as { [P in K]: typeof zIdText }).strict();

/** The path parameter `:<key>` of several comma-separated ids (`/system/role/:roleIds`). */
export const idsParam = <K extends string>(key: K) =>
  z.object({ [key]: zIdsParam.shape.ids } as { [P in K]: typeof zIdsParam.shape.ids }).strict();

/** The last columns of an export of records that carry recordColumns (platform/db/columns.ts): status, created, remark. */
export const RECORD_EXPORT_COLUMNS: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'status', header: 'system_status', type: 'dict', dict: 'sys_normal_disable', width: 10 },
  { key: 'createTime', header: 'system_created_at', type: 'datetime' },
  { key: 'remark', header: 'system_remark', width: 30 },
];

/** `config.operlog` of a route: the title is the screen's menu title key. */
export function operlog(title: string, businessType: BusinessType): OperlogConfig {
  return { title, businessType };
}
export { BUSINESS_TYPE };

/** The caller's data scope on users (department column and the user itself for scope 5). */
export function userScope(auth: AuthContext): SQL | undefined {
  return dataScopeFilter(auth, { dept: sysUser.deptId, user: sysUser.userId });
}

/** The caller's data scope on departments (scope 5 'self' grants no department management). */
export function deptScope(auth: AuthContext): SQL | undefined {
  return dataScopeFilter(auth, { dept: sysDept.deptId });
}

/** Departments a picker may show: the scope, and for scope 5 the caller's own department. */
export function deptPickerScope(auth: AuthContext): SQL | undefined {
  return dataScopeFilter(auth, {
    dept: sysDept.deptId,
    self: auth.deptId === null ? sql`false` : sql`${sysDept.deptId} = ${auth.deptId}`,
  });
}

/** The rows `load` finds for these ids (each once); a 404 unless it finds every one. */
async function allFound<R>(ids: readonly number[], load: (unique: number[]) => Promise<R[]>): Promise<R[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await load(unique);
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

/** Loads live users by id inside the caller's scope; any id missing or outside it is a 404. */
export function usersInScope(db: DbOrTx, auth: AuthContext, ids: readonly number[]) {
  const live = (unique: number[]) => and(inArray(sysUser.userId, unique), eq(sysUser.delFlag, '0'), userScope(auth));
  return allFound(ids, (unique) => db.select().from(sysUser).where(live(unique)));
}

/** Loads one live user inside the caller's scope (404 otherwise). */
export async function userInScope(db: DbOrTx, auth: AuthContext, userId: number) {
  const [row] = await usersInScope(db, auth, [userId]);
  return row!;
}

/** Live departments by id inside the caller's scope; 404 if any is missing or outside it. */
export function deptsInScope(db: DbOrTx, auth: AuthContext, ids: readonly number[]) {
  const live = (unique: number[]) => and(inArray(sysDept.deptId, unique), eq(sysDept.delFlag, '0'), deptScope(auth));
  return allFound(ids, (unique) => db.select().from(sysDept).where(live(unique)));
}

/** Ids of users who hold the admin role (id 1). */
export async function adminHolders(db: DbOrTx, userIds: readonly number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .select({ userId: sysUserRole.userId })
    .from(sysUserRole)
    .where(and(inArray(sysUserRole.userId, [...userIds]), eq(sysUserRole.roleId, ADMIN_ROLE_ID)));
  return new Set(rows.map((r) => r.userId));
}

/**
 * Only an administrator may change an administrator (user 1 or any holder of the admin role): otherwise a
 * user manager could reset the administrator's password and take the account over.
 */
export async function assertMayManage(db: DbOrTx, auth: AuthContext, userIds: readonly number[]) {
  if (auth.isAdmin) return;
  if (userIds.includes(ADMIN_USER_ID)) throw forbidden('err_admin_user_protected');
  if ((await adminHolders(db, userIds)).size) throw forbidden('err_admin_user_protected');
}

/** One live user inside the caller's scope whom the caller may change (404 outside it, 403 per assertMayManage). */
export async function manageableUser(db: DbOrTx, auth: AuthContext, userId: number) {
  const user = await userInScope(db, auth, userId);
  await assertMayManage(db, auth, [user.userId]);
  return user;
}

/** The optimistic-version condition of an update whose body may leave the version out (then any version). */
export function versionIs(column: AnyColumn, version: number | undefined): SQL | undefined {
  return version === undefined ? undefined : eq(column, version);
}

/**
 * Sets `values`, the next version and the audit fields on the row `where` picks, as read at `version` (any version
 * when absent); 409 when the version moved on.
 */
export async function saveAtVersion<T extends PgTable & { version: AnyColumn }>(
  db: DbOrTx,
  req: FastifyRequest,
  table: T,
  where: SQL,
  version: number | undefined,
  values: PgUpdateSetSource<T>,
): Promise<void> {
  const updated = await db
    .update(table as PgTable)
    .set({ ...values, ...nextVersion(req, table) } as PgUpdateSetSource<PgTable>)
    .where(and(where, versionIs(table.version, version)))
    .returning({ one: sql<number>`1` });
  if (!updated.length) lostUpdate(true);
}

/** `saveAtVersion` on a live (not deleted) user or role. */
export function updateVersioned<T extends typeof sysRole | typeof sysUser>(
  ...[db, req, table, where, version, values]: Parameters<typeof saveAtVersion<T>>
): Promise<void> {
  return saveAtVersion(db, req, table, and(where, eq(table.delFlag, '0'))!, version, values);
}

/** Zero rows from a conditional update: gone (404) or changed since read (409). */
export function lostUpdate(existed: boolean): never {
  throw existed ? changedReload() : notFound();
}

/** The audit fields of an update. */
export function touched(req: FastifyRequest) {
  return { updateBy: req.auth.userName, updateTime: sql`now()` };
}

/** The fields every change of a versioned row sets: its next version and the audit fields. */
export function nextVersion(req: FastifyRequest, table: { version: AnyColumn }) {
  return { version: sql`${table.version} + 1`, ...touched(req) };
}

/**
 * Drops the cached user-list totals before any change of this plugin answers (users, departments, roles),
 * so the caller's next list shows the change.
 */
export function dropCountsOnChange(app: FastifyInstance) {
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.method !== 'GET') invalidateUserCounts();
    return payload;
  });
}

/**
 * One page of a list and the total of its filter: `select()` builds the rows' select
 * (`db.select(...).from(table).$dynamic()`), read in `order` at the page of `q`; the total counts the `from`
 * rows of `where`.
 */
export async function pageWithTotal<Q extends PgSelect>(
  db: DbOrTx,
  q: Pick<TPageQueryBase, 'pageNum' | 'pageSize'>,
  list: { select: () => Q; from: PgTable; where: SQL | undefined; order: SQL[] },
): Promise<{ rows: Awaited<Q>; total: number }> {
  const { limit, offset } = pageOf(q);
  const [rows, [total]] = await Promise.all([
    list
      .select()
      .where(list.where)
      .orderBy(...list.order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(list.from).where(list.where),
  ]);
  return { rows: rows as Awaited<Q>, total: total?.n ?? 0 };
}

/**
 * A paged list of a /system screen: the rows `select` builds, filtered by `where(query)`, in the order the query
 * picks among `orderable` and then `order`, one page of them and the total of the filter (counted over `from`);
 * `map` shapes a row for the answer.
 */
export interface PagedList<S extends z.ZodObject, Q extends PgSelect> {
  url: string;
  permission: string;
  summary: string;
  query: S;
  select: () => Q;
  from: PgTable;
  where: (q: z.output<S>) => SQL | undefined;
  orderable: Record<string, AnyPgColumn>;
  order: SQL[];
  map?: (row: Awaited<Q>[number], req: FastifyRequest) => unknown;
}

/** Declares a paged list route (GET, the list's key, answered with `table`). */
export function registerPagedList<S extends z.ZodObject, Q extends PgSelect>(
  app: FastifyInstance,
  db: DbOrTx,
  l: PagedList<S, Q>,
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(l.url, spec({ permission: l.permission }, l.summary, { querystring: l.query }), async (req) => {
      const q = req.query as z.output<S> & TPageQueryBase;
      const order = orderOf(q, l.orderable, l.order);
      const { rows, total } = await pageWithTotal(db, q, { select: l.select, from: l.from, where: l.where(q), order });
      const map = l.map;
      return table(req, map ? rows.map((row) => map(row, req)) : rows, total);
    });
}
