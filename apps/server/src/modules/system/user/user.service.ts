import { localizedText, type TLanguage, type TUserQuery } from '@theone/contracts';
import { and, asc, count, desc, eq, ilike, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { dataScopeFilter } from '../../../platform/auth/data-scope';
import type { DbOrTx } from '../../../platform/db/database';
import { columnsOf, selectList } from '../../../platform/db/sql-helpers';
import { badRequest, forbidden, notFound } from '../../../platform/errors';
import { dateRange, likeContains, limitOffset, orderOf } from '../../../platform/http/paging';
import { sysDept } from '../dept/dept.table';
import { sysPost } from '../post/post.table';
import { sysRole } from '../role/role.table';
import { cachedCount } from '../shared/count-cache';
import { Grants } from '../shared/grants';
import { DEPT_NAME, localizedName, NICK_NAME, nameContains, POST_NAME, ROLE_NAME } from '../shared/localized';
import { refuseTaken } from '../shared/rows';
import { ADMIN_ROLE_ID, deptsInScope, userScope } from '../shared/system';
import { sysUser, sysUserPost, sysUserRole } from './user.table';

/** Who a user is, as every user list shows it: id, department, account, display names, e-mail and phone. */
export const USER_BRIEF_COLUMNS = columnsOf(sysUser, [
  'userId',
  'deptId',
  'userName',
  'nickName',
  'nickNameEn',
  'nickNameTh',
  'email',
  'phonenumber',
]);

/**
 * Columns of a user row in lists and forms (never the password hash): the display name as typed and in English
 * and Thai (the web shows the reader's, ADR 0007).
 */
export const USER_COLUMNS = {
  ...USER_BRIEF_COLUMNS,
  sex: sysUser.sex,
  status: sysUser.status,
  bindAppType: sysUser.bindAppType,
  loginIp: sysUser.loginIp,
  loginDate: sysUser.loginDate,
  createBy: sysUser.createBy,
  createTime: sysUser.createTime,
  updateTime: sysUser.updateTime,
  remark: sysUser.remark,
  version: sysUser.version,
};

/**
 * The caller's user scope resolved to department ids (null: everyone). The platform's scope filter is a
 * subquery the planner cannot estimate (it guesses one department), which turns the 10,000-user list into
 * a nested loop over every department; an explicit id list lets it walk the list index and stop after a page.
 * Same rules: scopes 2-4 give departments (dataScopeFilter over sys_dept), scope 5 the caller alone.
 */
export async function resolvedUserScope(db: DbOrTx, auth: AuthContext): Promise<SQL | undefined> {
  if (userScope(auth) === undefined) return undefined;
  const deptFilter = dataScopeFilter(auth, { dept: sysDept.deptId });
  const deptIds = await cachedCount(`scope:${scopeSignature(auth)}`, async () =>
    (await db.select({ id: sysDept.deptId }).from(sysDept).where(deptFilter)).map((d) => d.id),
  );
  const self = auth.roles.some((r) => r.dataScope === '5') ? eq(sysUser.userId, auth.userId) : undefined;
  const conditions = [deptIds.length ? deptIn(deptIds) : undefined, self].filter((c): c is SQL => c !== undefined);
  return conditions.length ? or(...conditions) : sql`false`;
}

/**
 * `dept_id = ANY($1::bigint[])`: one array parameter instead of one per department, so the statement stays
 * short to parse and plan while the planner still sees how many departments there are.
 */
function deptIn(ids: readonly number[]): SQL {
  return sql`${sysUser.deptId} = ANY(${sql.param([...ids])}::bigint[])`;
}

/** A department and everything below it, as ids (an explicit list, for the same planner reason). */
export async function deptSubtreeIds(db: DbOrTx, deptId: number): Promise<number[]> {
  const rows = await db
    .select({ id: sysDept.deptId })
    .from(sysDept)
    .where(sql`${sysDept.deptId} = ${deptId} OR ${String(deptId)} = ANY(string_to_array(${sysDept.ancestors}, ','))`);
  return rows.map((r) => r.id);
}

/** WHERE of the user list and export: live users inside the caller's scope, with the screen's filters. */
export async function userListWhere(db: DbOrTx, auth: AuthContext, q: Partial<TUserQuery>): Promise<SQL | undefined> {
  const [scope, subtree] = await Promise.all([
    resolvedUserScope(db, auth),
    q.deptId ? deptSubtreeIds(db, q.deptId) : Promise.resolve(undefined),
  ]);
  return and(
    eq(sysUser.delFlag, '0'),
    scope,
    q.userName ? ilike(sysUser.userName, likeContains(q.userName)) : undefined,
    nameContains(NICK_NAME, q.nickName),
    q.phonenumber ? like(sysUser.phonenumber, likeContains(q.phonenumber)) : undefined,
    q.status ? eq(sysUser.status, q.status) : undefined,
    subtree ? (subtree.length ? deptIn(subtree) : sql`false`) : undefined,
    dateRange(sysUser.createTime, q),
  );
}

/**
 * The user list's page: user columns and the user's role ids in one statement (`selectList`, built once); role
 * names and department names come from small maps of the role and department tables, read at most every few
 * seconds (`cachedCount`) and dropped by every change through the user, department and role routes, and are
 * named in the reader's language. The statement stays cheap to plan: a JSON aggregate over a role join and a
 * department join cost more to plan than to run.
 */
const USER_LIST = selectList(USER_COLUMNS, {
  // '__' keys are the server's own: the serialiser leaves them out of the answer
  __roleIds:
    'SELECT coalesce(array_agg(ur.role_id), \'{}\') FROM sys_user_role ur WHERE ur.user_id = "sys_user"."user_id"',
});
const USER_LIST_SELECT = `SELECT ${USER_LIST.text} FROM "sys_user"`;

/** A role as the user screens show it: named in the reader's language. */
const roleColumns = (lang: TLanguage) => ({
  roleId: sysRole.roleId,
  roleName: localizedName(ROLE_NAME, lang),
  roleKey: sysRole.roleKey,
  status: sysRole.status,
});
/** Roles in the order the screens list them (role sort, then id). */
const ROLE_ORDER = [asc(sysRole.roleSort), asc(sysRole.roleId)];

type TListRole = { roleId: number; roleName: string; roleKey: string; status: string };
type TPageRow = { [K in keyof typeof USER_COLUMNS]: (typeof USER_COLUMNS)[K]['_']['data'] } & {
  __roleIds: (string | number)[];
};

function liveRoles(db: DbOrTx, lang: TLanguage) {
  return cachedCount(`list:roles:${lang}`, async () => {
    const rows = await db
      .select(roleColumns(lang))
      .from(sysRole)
      .where(eq(sysRole.delFlag, '0'))
      .orderBy(...ROLE_ORDER);
    // the map keeps the list order (role sort, then id)
    return new Map(rows.map((r, i) => [r.roleId, { role: r, rank: i }]));
  });
}

function deptNames(db: DbOrTx) {
  return cachedCount('list:depts', async () => {
    const rows = await db
      .select({ id: sysDept.deptId, name: sysDept.deptName, en: sysDept.deptNameEn, th: sysDept.deptNameTh })
      .from(sysDept);
    return new Map(rows.map((d) => [d.id, d]));
  });
}

/** A page of the user list (rows of USER_COLUMNS with their department and live roles in the reader's language). */
export async function userPage(
  db: DbOrTx,
  lang: TLanguage,
  where: SQL | undefined,
  q: Partial<TUserQuery>,
  limit: number,
  offset: number,
) {
  const order = sql.join(userListOrder(q), sql`, `);
  const [result, roles, depts] = await Promise.all([
    db.execute(
      sql`${sql.raw(USER_LIST_SELECT)} WHERE ${where ?? sql`true`} ORDER BY ${order} ${limitOffset(limit, offset)}`,
    ),
    liveRoles(db, lang),
    deptNames(db),
  ]);
  const deptName = (id: number | null) => {
    const d = id === null ? undefined : depts.get(id);
    return d ? localizedText(lang, d.name, d.en, d.th) : null;
  };
  // the driver's fresh rows completed in place (a copy of every row cost more than the rest of the mapping)
  return USER_LIST.rows(result.rows as TPageRow[]).map((user) => {
    const name = deptName(user.deptId);
    return Object.assign(user, {
      deptName: name,
      dept: user.deptId ? { deptId: user.deptId, deptName: name ?? '' } : null,
      roles: user.__roleIds
        .map((id) => roles.get(Number(id)))
        .filter((r): r is { role: TListRole; rank: number } => r !== undefined)
        .sort((a, b) => a.rank - b.rank)
        .map((r) => r.role),
    });
  });
}

export function userListOrder(q: Partial<TUserQuery>) {
  return orderOf(q, { createTime: sysUser.createTime, userId: sysUser.userId, loginDate: sysUser.loginDate }, [
    desc(sysUser.createTime),
    desc(sysUser.userId),
  ]);
}

/**
 * Users with their department name in the reader's language, by a WHERE; `limit`/`offset` for pages. `reading`
 * (exports) also gives the display name in the reader's language instead of the three stored ones.
 */
export function selectUsers(db: DbOrTx, lang: TLanguage, reading = false) {
  return db
    .select({
      ...USER_COLUMNS,
      ...(reading ? { nickName: localizedName(NICK_NAME, lang) } : {}),
      deptName: localizedName(DEPT_NAME, lang),
    })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId));
}

/** The ids of the live roles a user holds. */
export async function roleIdsOf(db: DbOrTx, userId: number): Promise<number[]> {
  return (await rolesOf(db, [userId])).get(userId)?.map((r) => r.roleId) ?? [];
}

/** The live roles of users (named in the reader's language), for the roles column and the edit form. */
export async function rolesOf(db: DbOrTx, userIds: readonly number[], lang: TLanguage = 'zh-cn') {
  const out = new Map<number, { roleId: number; roleName: string; roleKey: string; status: string }[]>();
  if (!userIds.length) return out;
  const rows = await db
    .select({ userId: sysUserRole.userId, ...roleColumns(lang) })
    .from(sysUserRole)
    .innerJoin(sysRole, and(eq(sysRole.roleId, sysUserRole.roleId), eq(sysRole.delFlag, '0')))
    .where(inArray(sysUserRole.userId, [...userIds]))
    .orderBy(...ROLE_ORDER);
  for (const r of rows) {
    const list = out.get(r.userId) ?? [];
    list.push({ roleId: r.roleId, roleName: r.roleName, roleKey: r.roleKey, status: r.status });
    out.set(r.userId, list);
  }
  return out;
}

export async function postIdsOf(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.select({ postId: sysUserPost.postId }).from(sysUserPost).where(eq(sysUserPost.userId, userId));
  return rows.map((r) => r.postId).sort((a, b) => a - b);
}

/**
 * Role options of the user form and the role assignment page, named in the reader's language: the roles the caller
 * may give a user of `target.deptId` (`grantable: true`; a new user: before a department is chosen) and the roles
 * the user already holds that the caller may not give (`grantable: false`: shown, not changeable). Nothing is
 * grantable to the caller themselves (nobody changes their own roles, contracts system/grants.ts).
 */
export async function roleOptions(
  db: DbOrTx,
  auth: AuthContext,
  lang: TLanguage,
  target?: { userId: number; deptId: number | null; roleIds: readonly number[] },
) {
  const rows = await db
    .select({ ...roleColumns(lang), createTime: sysRole.createTime })
    .from(sysRole)
    .where(eq(sysRole.delFlag, '0'))
    .orderBy(...ROLE_ORDER);
  const grants = await Grants.load(db, auth, lang);
  const grantable =
    target?.userId === auth.userId
      ? new Set<number>()
      : await grants.grantable(
          rows.map((r) => r.roleId),
          target?.deptId,
        );
  const held = new Set(target?.roleIds ?? []);
  return rows
    .filter((r) => grantable.has(r.roleId) || held.has(r.roleId))
    .map((r) => ({ ...r, grantable: grantable.has(r.roleId) }));
}

/** Post options of the user form, named in the reader's language. */
export async function postOptions(db: DbOrTx, lang: TLanguage) {
  return db
    .select({
      postId: sysPost.postId,
      postCode: sysPost.postCode,
      postName: localizedName(POST_NAME, lang),
      status: sysPost.status,
    })
    .from(sysPost)
    .orderBy(asc(sysPost.postSort), asc(sysPost.postId));
}

/**
 * Checks the roles a caller assigns: each must exist (404 otherwise); the admin role only by an administrator.
 * `keep` are roles the user already holds, which a non-administrator may leave in place.
 */
export async function checkRoleIds(
  db: DbOrTx,
  auth: AuthContext,
  roleIds: readonly number[],
  keep: readonly number[] = [],
) {
  const unique = [...new Set(roleIds)];
  if (!unique.length) return unique;
  const rows = await db
    .select({ roleId: sysRole.roleId })
    .from(sysRole)
    .where(and(inArray(sysRole.roleId, unique), eq(sysRole.delFlag, '0')));
  if (rows.length !== unique.length) throw notFound();
  if (!auth.isAdmin && unique.includes(ADMIN_ROLE_ID) && !keep.includes(ADMIN_ROLE_ID))
    throw forbidden('err_admin_role_grant');
  return unique;
}

export async function checkPostIds(db: DbOrTx, postIds: readonly number[]) {
  const unique = [...new Set(postIds)];
  if (!unique.length) return unique;
  const rows = await db.select({ postId: sysPost.postId }).from(sysPost).where(inArray(sysPost.postId, unique));
  if (rows.length !== unique.length) throw notFound();
  return unique;
}

/**
 * A user's department: inside the caller's scope (404 otherwise). No department is allowed only for callers
 * who see all users, since anyone else could never see the user again.
 */
export async function checkDept(db: DbOrTx, auth: AuthContext, deptId: number | null) {
  if (deptId === null) {
    if (userScope(auth) !== undefined) throw badRequest('err_required', { field: 'deptId' }, 'deptId');
    return;
  }
  await deptsInScope(db, auth, [deptId]);
}

/** User name, phone and e-mail are unique among live users. */
export async function checkUserUnique(
  db: DbOrTx,
  values: { userName?: string; phonenumber?: string; email?: string },
  exceptUserId?: number,
) {
  const checks = [
    {
      value: values.userName,
      match: sql`lower(${sysUser.userName}) = lower(${values.userName})`,
      key: 'err_user_name_exists',
    },
    { value: values.phonenumber, match: eq(sysUser.phonenumber, values.phonenumber ?? ''), key: 'err_phone_exists' },
    { value: values.email, match: sql`lower(${sysUser.email}) = lower(${values.email})`, key: 'err_email_exists' },
  ];
  // one at a time, in this order: the first taken value is the one reported
  for (const { value, match, key } of checks) {
    if (value) await refuseTaken(db, sysUser.userId, exceptUserId, and(eq(sysUser.delFlag, '0'), match)!, key, value);
  }
}

export async function replaceUserRoles(db: DbOrTx, userId: number, roleIds: readonly number[]) {
  await db.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
  if (roleIds.length) await db.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export async function replaceUserPosts(db: DbOrTx, userId: number, postIds: readonly number[]) {
  await db.delete(sysUserPost).where(eq(sysUserPost.userId, userId));
  if (postIds.length) await db.insert(sysUserPost).values(postIds.map((postId) => ({ userId, postId })));
}

function scopeSignature(auth: AuthContext): string {
  if (userScope(auth) === undefined) return 'all';
  const roles = auth.roles.map((r) => `${r.roleId}:${r.dataScope}`).sort();
  return [auth.authEpoch, auth.deptId, auth.userId, ...roles].join('|');
}

/** The list's total, cached briefly per caller scope and filters (shared/count-cache.ts). */
export function countUsers(
  db: DbOrTx,
  auth: AuthContext,
  q: Partial<TUserQuery>,
  where: SQL | undefined,
): Promise<number> {
  const key = JSON.stringify([
    `count:${scopeSignature(auth)}`,
    q.userName,
    q.nickName,
    q.phonenumber,
    q.status,
    q.deptId,
    q['params[beginTime]'],
    q['params[endTime]'],
  ]);
  return cachedCount(key, () =>
    db
      .select({ n: count() })
      .from(sysUser)
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  );
}
