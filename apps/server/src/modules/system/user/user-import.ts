import { isAccount, isEmail, isMobile, normalizePhone, type TLanguage } from '@theone/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { hashPassword } from '../../../platform/auth/password';
import { revokeUserSessions } from '../../../platform/auth/session';
import type { Db } from '../../../platform/db/database';
import {
  dictValueMatcher,
  type ExcelColumn,
  importErrors,
  importFailed,
  readSheet,
  type SheetColumn,
  type SheetUpload,
} from '../../../platform/excel/excel';
import { t } from '../../../platform/i18n';
import { sysDept } from '../dept/dept.table';
import { Grants } from '../shared/grants';
import { ADMIN_USER_ID, adminHolders, deptScope, userScope } from '../shared/system';
import { sysUser, sysUserRole } from './user.table';

/**
 * User import (screens §4.1, issue 4): every row is checked first and errors are reported by row and column;
 * nothing is saved unless every row is valid. Existing user names are an error, or updated with
 * `updateSupport`. New users get the configured initial password and must change it at first sign-in.
 */

export const USER_EXPORT_COLUMNS: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'userId', header: 'system_user_id', type: 'integer', width: 10 },
  { key: 'userName', header: 'system_user_name' },
  { key: 'nickName', header: 'system_nick_name' },
  { key: 'deptName', header: 'system_dept_name' },
  { key: 'phonenumber', header: 'system_phonenumber' },
  { key: 'email', header: 'system_email', width: 26 },
  { key: 'sex', header: 'system_sex', type: 'dict', dict: 'sys_user_sex', width: 10 },
  { key: 'status', header: 'system_status', type: 'dict', dict: 'sys_normal_disable', width: 10 },
  { key: 'loginIp', header: 'system_login_ip' },
  { key: 'loginDate', header: 'system_login_date', type: 'datetime' },
  { key: 'createTime', header: 'system_created_at', type: 'datetime' },
  { key: 'remark', header: 'system_remark', width: 30 },
];

const SHEET: (SheetColumn & { width?: number })[] = [
  { key: 'userName', header: 'system_user_name', required: true },
  { key: 'nickName', header: 'system_nick_name', required: true },
  { key: 'dept', header: 'system_dept', aliases: ['部门编号', 'deptId', 'system_dept_name'] },
  { key: 'phonenumber', header: 'system_phonenumber', aliases: ['手机号码'] },
  { key: 'email', header: 'system_email', aliases: ['用户邮箱'] },
  { key: 'sex', header: 'system_sex', aliases: ['用户性别'] },
  { key: 'status', header: 'system_status', aliases: ['帐号状态', '账号状态'] },
  { key: 'remark', header: 'system_remark' },
];

export const USER_TEMPLATE_COLUMNS: ExcelColumn<Record<string, string>>[] = SHEET.map((c) => ({
  key: c.key,
  header: c.header,
  width: c.key === 'email' ? 26 : 18,
}));

const INSERT_CHUNK = 100;

export interface ImportResult {
  created: number;
  updated: number;
}

/** A row that passed: its sheet row number and the user's columns. */
interface ValidRow {
  rowNumber: number;
  userName: string;
  nickName: string;
  deptId: number | null;
  phonenumber: string;
  email: string;
  sex: string;
  status: string;
  remark: string;
}

export async function importUsers(
  db: Db,
  auth: AuthContext,
  upload: SheetUpload,
  options: { updateSupport: boolean; initPassword: string; lang?: TLanguage },
): Promise<ImportResult> {
  const lang = options.lang ?? auth.lang;
  const sheet = await readSheet(upload, SHEET, 10_000);
  const header = (key: string) => t(SHEET.find((c) => c.key === key)!.header, lang);
  const { errors, fail } = importErrors(lang, header);

  // Departments the caller may put users in, by id and by (unique) name in any of its languages.
  const depts = await db
    .select({ deptId: sysDept.deptId, name: sysDept.deptName, en: sysDept.deptNameEn, th: sysDept.deptNameTh })
    .from(sysDept)
    .where(and(eq(sysDept.delFlag, '0'), deptScope(auth)));
  const deptById = new Map(depts.map((d) => [d.deptId, d]));
  const deptByName = new Map<string, Set<number>>();
  for (const d of depts)
    for (const name of [d.name, d.en, d.th].filter(Boolean).map((n) => n.toLowerCase()))
      deptByName.set(name, (deptByName.get(name) ?? new Set()).add(d.deptId));
  const sexOf = await dictValueMatcher(db, 'sys_user_sex');
  const statusOf = await dictValueMatcher(db, 'sys_normal_disable');
  const fullScope = userScope(auth) === undefined;

  const valid: ValidRow[] = [];
  const seenNames = new Map<string, number>();
  const seenPhones = new Map<string, number>();
  const seenEmails = new Map<string, number>();
  for (const { rowNumber: r, values: v } of sheet) {
    const before = errors.length;
    const userName = v.userName ?? '';
    if (!userName) fail(r, 'userName', 'err_required');
    else if (!isAccount(userName)) fail(r, 'userName', 'err_account');
    else if (seenNames.has(userName.toLowerCase()))
      fail(r, 'userName', 'err_import_duplicate_row', { value: userName, row: seenNames.get(userName.toLowerCase()) });
    else seenNames.set(userName.toLowerCase(), r);

    const nickName = v.nickName ?? '';
    if (!nickName) fail(r, 'nickName', 'err_required');
    else if ([...nickName].length > 30) fail(r, 'nickName', 'err_too_long', { max: 30 });

    let deptId: number | null = null;
    const deptText = v.dept ?? '';
    if (deptText) {
      if (/^\d{1,15}$/.test(deptText) && deptById.has(Number(deptText))) deptId = Number(deptText);
      else {
        const ids = [...(deptByName.get(deptText.toLowerCase()) ?? [])];
        if (ids.length === 1) deptId = ids[0]!;
        else if (ids.length > 1) fail(r, 'dept', 'err_dept_ambiguous', { value: deptText });
        else fail(r, 'dept', 'err_dept_not_found', { value: deptText });
      }
    }

    let phonenumber = v.phonenumber ?? '';
    if (phonenumber) {
      if (!isMobile(phonenumber)) fail(r, 'phonenumber', 'err_mobile');
      else {
        phonenumber = normalizePhone(phonenumber) ?? phonenumber;
        if (seenPhones.has(phonenumber))
          fail(r, 'phonenumber', 'err_import_duplicate_row', { value: phonenumber, row: seenPhones.get(phonenumber) });
        else seenPhones.set(phonenumber, r);
      }
    }
    const email = v.email ?? '';
    if (email) {
      if (email.length > 50 || !isEmail(email)) fail(r, 'email', 'err_email');
      else if (seenEmails.has(email.toLowerCase()))
        fail(r, 'email', 'err_import_duplicate_row', { value: email, row: seenEmails.get(email.toLowerCase()) });
      else seenEmails.set(email.toLowerCase(), r);
    }
    let sex = '2';
    if (v.sex) {
      const value = sexOf(v.sex);
      if (value === undefined) fail(r, 'sex', 'err_invalid_value');
      else sex = value;
    }
    let status = '0';
    if (v.status) {
      const value = statusOf(v.status);
      if (value === undefined) fail(r, 'status', 'err_invalid_value');
      else status = value;
    }
    const remark = v.remark ?? '';
    if (remark.length > 500) fail(r, 'remark', 'err_too_long', { max: 500 });
    if (errors.length === before)
      valid.push({ rowNumber: r, userName, nickName, deptId, phonenumber, email, sex, status, remark });
  }

  // Against the database: existing accounts, phones and e-mails.
  const names = valid.map((v) => v.userName.toLowerCase());
  const existing = names.length
    ? await db
        .select({ userId: sysUser.userId, userName: sysUser.userName, deptId: sysUser.deptId })
        .from(sysUser)
        .where(and(eq(sysUser.delFlag, '0'), inArray(sql`lower(${sysUser.userName})`, names)))
    : [];
  const existingByName = new Map(existing.map((e) => [e.userName.toLowerCase(), e]));
  const inScope = new Set(
    existing.length
      ? (
          await db
            .select({ userId: sysUser.userId })
            .from(sysUser)
            .where(
              and(
                inArray(
                  sysUser.userId,
                  existing.map((e) => e.userId),
                ),
                userScope(auth),
              ),
            )
        ).map((r) => r.userId)
      : [],
  );
  const admins = auth.isAdmin
    ? new Set<number>()
    : await adminHolders(
        db,
        existing.map((e) => e.userId),
      );
  // A user moved to another department takes along what their 'own department (and below)' roles show.
  const grants = await Grants.load(db, auth, lang);
  const moved = existing.filter((e) => {
    const row = valid.find((v) => v.userName.toLowerCase() === e.userName.toLowerCase());
    return row?.deptId != null && row.deptId !== e.deptId;
  });
  const movedRoles = moved.length
    ? await db
        .select({ userId: sysUserRole.userId, roleId: sysUserRole.roleId })
        .from(sysUserRole)
        .where(
          inArray(
            sysUserRole.userId,
            moved.map((e) => e.userId),
          ),
        )
    : [];
  const phones = valid.map((v) => v.phonenumber).filter(Boolean);
  const emails = valid.map((v) => v.email.toLowerCase()).filter(Boolean);
  const phoneOwners = phones.length
    ? await db
        .select({ userId: sysUser.userId, v: sysUser.phonenumber })
        .from(sysUser)
        .where(and(eq(sysUser.delFlag, '0'), inArray(sysUser.phonenumber, phones)))
    : [];
  const emailOwners = emails.length
    ? await db
        .select({ userId: sysUser.userId, v: sql<string>`lower(${sysUser.email})` })
        .from(sysUser)
        .where(and(eq(sysUser.delFlag, '0'), inArray(sql`lower(${sysUser.email})`, emails)))
    : [];
  const phoneOwner = new Map(phoneOwners.map((p) => [p.v, p.userId]));
  const emailOwner = new Map(emailOwners.map((p) => [p.v, p.userId]));

  for (const row of valid) {
    const found = existingByName.get(row.userName.toLowerCase());
    if (found) {
      if (!options.updateSupport) fail(row.rowNumber, 'userName', 'err_user_name_exists', { value: row.userName });
      else if (!inScope.has(found.userId))
        fail(row.rowNumber, 'userName', 'err_import_user_out_of_scope', { value: row.userName });
      else if (found.userId === ADMIN_USER_ID || admins.has(found.userId))
        fail(row.rowNumber, 'userName', 'err_admin_user_protected');
      else if (found.userId === auth.userId && row.status === '1') fail(row.rowNumber, 'status', 'err_disable_self');
      else if (row.deptId !== null && row.deptId !== found.deptId) {
        const roleIds = movedRoles.filter((r) => r.userId === found.userId).map((r) => r.roleId);
        const refusal = await grants.userDeptRefusal(row.deptId, roleIds);
        if (refusal) fail(row.rowNumber, 'dept', refusal.key, await grants.params(refusal));
      }
    }
    // A new user needs a department unless the caller sees everyone (an update keeps the current one).
    else if (row.deptId === null && !fullScope) fail(row.rowNumber, 'dept', 'err_required');
    // A new user gets the initial password (its rule was checked once by the route): not one holding their name.
    if (!found && options.initPassword.toLowerCase().includes(row.userName.toLowerCase()))
      fail(row.rowNumber, 'userName', 'err_init_password_contains_username', { value: row.userName });
    const self = found?.userId;
    const phoneUser = row.phonenumber ? phoneOwner.get(row.phonenumber) : undefined;
    if (phoneUser !== undefined && phoneUser !== self)
      fail(row.rowNumber, 'phonenumber', 'err_phone_exists', { value: row.phonenumber });
    const emailUser = row.email ? emailOwner.get(row.email.toLowerCase()) : undefined;
    if (emailUser !== undefined && emailUser !== self)
      fail(row.rowNumber, 'email', 'err_email_exists', { value: row.email });
  }
  if (errors.length) throw importFailed(errors.sort((a, b) => a.row - b.row));

  // All rows are valid: one transaction. The initial password is hashed once (it is the same, known text).
  const hashed = await hashPassword(options.initPassword);
  let created = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    const inserts = valid.filter((v) => !existingByName.has(v.userName.toLowerCase()));
    // Chunks of 100: building one INSERT grows faster than its rows (1,000 rows held the event loop ~400 ms,
    // 100 rows ~8 ms), and other requests are served between chunks.
    for (let i = 0; i < inserts.length; i += INSERT_CHUNK) {
      const chunk = inserts.slice(i, i + INSERT_CHUNK);
      await tx.insert(sysUser).values(
        chunk.map(({ rowNumber: _, ...user }) => ({
          ...user,
          password: hashed,
          mustChangePassword: true,
          createBy: auth.userName,
        })),
      );
      created += chunk.length;
    }
    for (const v of valid) {
      const found = existingByName.get(v.userName.toLowerCase());
      if (!found) continue;
      await tx
        .update(sysUser)
        .set({
          nickName: v.nickName,
          // A new display name shows in every language: its English and Thai names go (ADR 0007).
          nickNameEn: sql`CASE WHEN ${sysUser.nickName} = ${v.nickName} THEN ${sysUser.nickNameEn} ELSE '' END`,
          nickNameTh: sql`CASE WHEN ${sysUser.nickName} = ${v.nickName} THEN ${sysUser.nickNameTh} ELSE '' END`,
          deptId: v.deptId ?? found.deptId,
          phonenumber: v.phonenumber,
          email: v.email,
          sex: v.sex,
          status: v.status,
          remark: v.remark,
          version: sql`${sysUser.version} + 1`,
          updateBy: auth.userName,
          updateTime: sql`now()`,
        })
        .where(eq(sysUser.userId, found.userId));
      if (v.status === '1') await revokeUserSessions(tx, found.userId);
      updated++;
    }
  });
  return { created, updated };
}
