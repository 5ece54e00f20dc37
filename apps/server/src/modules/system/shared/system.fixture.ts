import { eq, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp, TestClient } from '../../../../test/build-test-app';
import { useSuite } from '../../../../test/suite';
import { hashPassword } from '../../../platform/auth/password';
import { sysDept } from '../dept/dept.table';
import { sysMenu } from '../menu/menu.table';
import { sysRole, sysRoleMenu } from '../role/role.table';
import { sysUser, sysUserRole } from '../user/user.table';

/**
 * Test fixture of the /system integration tests (issue 4): two departments under the head office,
 * 'Scope A' (with a sub-department 'Scope A1') and 'Scope B', and a role 'sysmgr' holding every system:*
 * permission with data scope 4 (own department and below). 'mgra' (in A) holds it; 'usera1' is in A1 and
 * 'userb1' in B. 'mgrall' holds a copy of the role with data scope 1 (all).
 */
export const FIXTURE_PASSWORD = 'Fixture#2026';

/** Request headers asking for English answers. */
export const EN = { 'accept-language': 'en' };

export interface SystemFixture {
  hqId: number;
  deptA: number;
  deptA1: number;
  deptB: number;
  roleId: number;
  roleAllId: number;
  mgraId: number;
  usera1Id: number;
  userb1Id: number;
  mgrallId: number;
  /** Ids of every system:* menu (and the System directory). */
  systemMenuIds: number[];
  mgra: TestClient;
  mgrall: TestClient;
  admin: TestClient;
}

export async function createSystemFixture(t: TestApp): Promise<SystemFixture> {
  const db = t.db;
  const [hq] = await db.select().from(sysDept).where(eq(sysDept.parentId, 0));
  const hqAnc = `${hq!.ancestors},${hq!.deptId}`;
  const [a] = await db
    .insert(sysDept)
    .values({ parentId: hq!.deptId, ancestors: hqAnc, deptName: 'Scope A', orderNum: 20 })
    .returning();
  const [a1] = await db
    .insert(sysDept)
    .values({ parentId: a!.deptId, ancestors: `${a!.ancestors},${a!.deptId}`, deptName: 'Scope A1', orderNum: 1 })
    .returning();
  const [b] = await db
    .insert(sysDept)
    .values({ parentId: hq!.deptId, ancestors: hqAnc, deptName: 'Scope B', orderNum: 21 })
    .returning();

  const menus = await db
    .select({ id: sysMenu.menuId, perms: sysMenu.perms, parentId: sysMenu.parentId })
    .from(sysMenu)
    .where(like(sysMenu.perms, 'system:%'));
  const dirs = await db.select({ id: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.path, '/system'));
  const systemMenuIds = [...new Set([...menus.map((m) => m.id), ...dirs.map((d) => d.id)])];

  const [role] = await db
    .insert(sysRole)
    .values({ roleName: 'System manager A', roleKey: 'sysmgr', roleSort: 10, dataScope: '4' })
    .returning();
  const [roleAll] = await db
    .insert(sysRole)
    .values({ roleName: 'System manager all', roleKey: 'sysmgrall', roleSort: 11, dataScope: '1' })
    .returning();
  await db.insert(sysRoleMenu).values(systemMenuIds.map((menuId) => ({ roleId: role!.roleId, menuId })));
  await db.insert(sysRoleMenu).values(systemMenuIds.map((menuId) => ({ roleId: roleAll!.roleId, menuId })));

  const password = await hashPassword(FIXTURE_PASSWORD);
  const insertUser = async (userName: string, deptId: number, roleId?: number) => {
    const [u] = await db
      .insert(sysUser)
      .values({ userName, nickName: userName, deptId, password })
      .returning({ id: sysUser.userId });
    if (roleId) await db.insert(sysUserRole).values({ userId: u!.id, roleId });
    return u!.id;
  };
  const mgraId = await insertUser('mgra', a!.deptId, role!.roleId);
  const usera1Id = await insertUser('usera1', a1!.deptId);
  const userb1Id = await insertUser('userb1', b!.deptId);
  const mgrallId = await insertUser('mgrall', b!.deptId, roleAll!.roleId);

  return {
    hqId: hq!.deptId,
    deptA: a!.deptId,
    deptA1: a1!.deptId,
    deptB: b!.deptId,
    roleId: role!.roleId,
    roleAllId: roleAll!.roleId,
    mgraId,
    usera1Id,
    userb1Id,
    mgrallId,
    systemMenuIds,
    mgra: await t.login('mgra', FIXTURE_PASSWORD),
    mgrall: await t.login('mgrall', FIXTURE_PASSWORD),
    admin: await t.login('admin'),
  };
}

/** The app of one test file with the fixture above (`f.t`), closed after the file: `const f = useSystemSuite();`. */
export function useSystemSuite(): SystemFixture & { t: TestApp } {
  return useSuite({ setup: ({ t }) => createSystemFixture(t) });
}

/** The body of an error answer: HTTP status, errorCode and the translated message. */
export function errorOf(res: LightMyRequestResponse) {
  const body = res.json() as { code: number; msg: string; errorCode?: string; field?: string; data?: unknown };
  return { status: res.statusCode, ...body };
}

/** Reads an .xlsx answer: header row and data rows as text. */
export async function readXlsx(res: LightMyRequestResponse): Promise<{ header: string[]; rows: string[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const read = (r: number) => {
    const out: string[] = [];
    sheet.getRow(r).eachCell({ includeEmpty: true }, (cell, col) => {
      out[col - 1] = cell.text ?? '';
    });
    return out;
  };
  const rows: string[][] = [];
  for (let r = 2; r <= sheet.rowCount; r++) rows.push(read(r));
  return { header: read(1), rows };
}

/** Builds an .xlsx upload from a header row and rows. */
export async function xlsxBuffer(header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A multipart/form-data body with one file field. */
export function multipart(
  field: string,
  fileName: string,
  content: Buffer,
  type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
) {
  const boundary = `----theone${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Counts rows of a table matching a condition (for 'nothing saved' checks). */
export async function countWhere(t: TestApp, table: string, where = 'true'): Promise<number> {
  const r = await t.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`));
  return r.rows[0]!.n;
}
