import { hasAnyPermission, STAFF_KINDS, type TLanguage, type TStaffKind } from '@theone/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../platform/auth/auth-context';
import type { Db, DbOrTx } from '../../platform/db/database';
import { allOf } from '../../platform/db/sql-helpers';
import type { FileOwner } from '../file/file-access';
import { sysDept } from './dept/dept.table';
import { DEPT_NAME, localizedName, NICK_NAME } from './shared/localized';
import { userScope } from './shared/system';
import { sysUser } from './user/user.table';

/**
 * What other modules may read or do with the system module's records (users, departments, posts and roles held):
 * the only door to its tables (docs/adr/0011-module-boundaries.md). Other modules never import `system/**\/*.table.ts`;
 * a question they need answered is a function here.
 */

export { assertMayManage, BUSINESS_TYPE, operlog, userScope } from './shared/system';

/** A user's stored row (sign-in and password changes need the hash, the lock and the must-change flag). */
export type UserRow = typeof sysUser.$inferSelect;

// ---------------------------------------------------------------------------------------------------
// Sign-in (auth module)

/** The live (not deleted) user of a login name, whatever their status; undefined when there is none. */
export async function liveUserByName(tx: DbOrTx, userName: string): Promise<UserRow | undefined> {
  const [user] = await tx
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.userName, userName), eq(sysUser.delFlag, '0')));
  return user;
}

/** Records a successful sign-in on the user (address and time). */
export async function recordLogin(db: DbOrTx, userId: number, ip: string) {
  await db
    .update(sysUser)
    .set({ loginIp: ip.slice(0, 128), loginDate: sql`now()` })
    .where(eq(sysUser.userId, userId));
}

/** The columns a new password sets: the hash (`hashed`), whether it must be changed at sign-in, the time of change. */
export const newPassword = (hashed: string, mustChangePassword: boolean) => ({
  password: hashed,
  mustChangePassword,
  pwdUpdateDate: sql`now()`,
});

/** Stores a password the user chose themself (the must-change flag clears); `hashed` is already hashed. */
export async function storeOwnPassword(tx: DbOrTx, user: Pick<UserRow, 'userId' | 'userName'>, hashed: string) {
  await tx
    .update(sysUser)
    .set({ ...newPassword(hashed, false), updateBy: user.userName, updateTime: sql`now()` })
    .where(eq(sysUser.userId, user.userId));
}

// ---------------------------------------------------------------------------------------------------
// Users named by other records

/** userId -> display name (as typed) of the given users, deleted ones included (a record keeps its people). */
export async function userNickNames(db: DbOrTx, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: sysUser.userId, name: sysUser.nickName })
    .from(sysUser)
    .where(inArray(sysUser.userId, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether a live (not deleted) user has this id. */
export async function liveUserExists(tx: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: sysUser.userId })
    .from(sysUser)
    .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, '0')));
  return Boolean(row);
}

/** The department of a user (deleted users included); null when none or no such user. */
export async function userDeptId(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db.select({ deptId: sysUser.deptId }).from(sysUser).where(eq(sysUser.userId, userId));
  return row?.deptId ?? null;
}

/** Live users by login name (id, login name, department), e.g. the demo seed's salespeople. */
export function liveUsersByName(tx: DbOrTx, userNames: string[]) {
  return tx
    .select({ id: sysUser.userId, userName: sysUser.userName, deptId: sysUser.deptId })
    .from(sysUser)
    .where(and(inArray(sysUser.userName, userNames), eq(sysUser.delFlag, '0')));
}

/** A select column: the login name of the user whose id is in `userId` (null when none), for a list's rows. */
export function userNameOf(userId: AnyPgColumn | SQL): SQL<string | null> {
  return sql<string | null>`(SELECT ${sysUser.userName} FROM ${sysUser} WHERE ${sysUser.userId} = ${userId})`;
}

// ---------------------------------------------------------------------------------------------------
// Staff (sales and customer service: contracts STAFF_KINDS)

/**
 * A user holds a staff job when they hold its post or its role, the post or role enabled (and the role not
 * deleted). One rule for the pickers and for saving a mark.
 */
export function holdsStaffKind(userId: AnyPgColumn | SQL, kind: TStaffKind): SQL {
  const { postCode, roleKey } = STAFF_KINDS[kind];
  return sql`(${userId} IN (SELECT up.user_id FROM sys_user_post up JOIN sys_post p ON p.post_id = up.post_id
      WHERE p.post_code = ${postCode} AND p.status = '0')
    OR ${userId} IN (SELECT ur.user_id FROM sys_user_role ur JOIN sys_role r ON r.role_id = ur.role_id
      WHERE r.role_key = ${roleKey} AND r.status = '0' AND r.del_flag = '0'))`;
}

/** A live user as a candidate for a staff job: department, display name and whether they hold the job. */
export async function staffCandidate(tx: DbOrTx, userId: number, kind: TStaffKind) {
  const [row] = await tx
    .select({
      deptId: sysUser.deptId,
      nickName: sysUser.nickName,
      holds: sql<boolean>`${holdsStaffKind(sysUser.userId, kind)}`,
    })
    .from(sysUser)
    .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, '0')));
  return row;
}

/**
 * Active users for a picker (at most 500, by display name): holders of a post (by code) and/or of a staff job.
 * Answers the id, the display name and the department name in the reader's language, nothing more.
 */
export function staffOptions(db: DbOrTx, filter: { post?: string; kind?: TStaffKind }, lang: TLanguage) {
  return db
    .select({
      userId: sysUser.userId,
      nickName: localizedName(NICK_NAME, lang),
      deptName: sql<string>`coalesce(${localizedName(DEPT_NAME, lang)}, '')`,
    })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(
      allOf([
        eq(sysUser.delFlag, '0'),
        eq(sysUser.status, '0'),
        filter.post
          ? sql`${sysUser.userId} IN (SELECT up.user_id FROM sys_user_post up JOIN sys_post p ON p.post_id = up.post_id WHERE p.post_code = ${filter.post})`
          : undefined,
        filter.kind ? holdsStaffKind(sysUser.userId, filter.kind) : undefined,
      ]),
    )
    .orderBy(asc(sysUser.nickName))
    .limit(500);
}

// ---------------------------------------------------------------------------------------------------
// Users in the caller's data scope, as a relation other statements join (the online-users screen)

/**
 * The users inside the caller's data scope (the user list's scope), deleted ones included (`delFlag` says), with
 * their names in the reader's language: a subquery to join on `userId`. PostgreSQL flattens it into the outer
 * statement, so a join with it costs what a join with the table would.
 */
export function usersInScopeView(db: Db, auth: AuthContext, lang: TLanguage) {
  return db
    .select({
      userId: sysUser.userId,
      userName: sysUser.userName,
      delFlag: sysUser.delFlag,
      nickName: localizedName(NICK_NAME, lang).as('nick_name'),
      deptName: localizedName(DEPT_NAME, lang).as('dept_name'),
    })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(userScope(auth))
    .as('scoped_user');
}

// ---------------------------------------------------------------------------------------------------
// Files the system's records reference (file module, FILE_OWNERS)

/** A user's avatar: the user themself, and whoever may open that user's record (permission and department scope). */
export const avatarFileOwner: FileOwner = {
  name: 'sys_user.avatar',
  table: sysUser,
  column: sysUser.avatar,
  readable(auth) {
    const own = sql`${sysUser.userId} = ${auth.userId}`;
    if (!hasAnyPermission(auth.permissions, ['system:user:query', 'system:user:edit'])) return own;
    return sql`(${own} OR (${sysUser.delFlag} = '0' AND ${userScope(auth) ?? sql`true`}))`;
  },
};
