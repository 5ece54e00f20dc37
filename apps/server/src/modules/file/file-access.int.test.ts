import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/build-test-app';
import { useSuite } from '../../../test/suite';
import { PNG } from '../../../test/upload';
import { hashPassword } from '../../platform/auth/password';
import { sysOperLog } from '../../platform/db/log.table';
import { sysFile } from '../../platform/db/platform.table';
import { basPayinfo } from '../bas/bas.table';
import { userId, userWithPerms } from '../bas/bas.test-utils';
import { sysMenu } from '../system/menu/menu.table';
import { sysRole, sysRoleMenu } from '../system/role/role.table';
import { multipart } from '../system/shared/system.fixture';
import { sysUser, sysUserRole } from '../system/user/user.table';
import { FILE_OWNERS } from './file-access';

/**
 * Issue 11 item 5: a file id was enough to download any file (`GET /file/download/{fileId}` checked the session
 * only). A file is now readable by whoever may read a record that references it (permission and data scope of that
 * record), by its uploader while no record does, and by the administrator; anything else is a 404 like a missing
 * file. Records referencing files today: a user's avatar and a bank account's payment QR code.
 */

async function upload(client: TestClient, name = 'photo.png'): Promise<string> {
  const m = multipart('file', name, PNG, 'image/png');
  const res = await client.request({ method: 'POST', url: '/file/upload', ...m });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.fileId;
}

const download = async (client: TestClient, fileId: string) =>
  (await client.get(`/file/download/${fileId}`)).statusCode;

/** A user in the department `deptKey` holding system:user:query through a role of data scope 3 (own department). */
async function userReader(name: string, deptName: string): Promise<TestClient> {
  const [dept] = await s.t.db
    .execute<{ id: number }>(sql`SELECT dept_id AS id FROM sys_dept WHERE dept_name = ${deptName}`)
    .then((r) => r.rows);
  const [role] = await s.t.db
    .insert(sysRole)
    .values({ roleName: name, roleKey: name, roleSort: 99, dataScope: '3' })
    .returning({ id: sysRole.roleId });
  const menus = await s.t.db.select({ id: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.perms, 'system:user:query'));
  await s.t.db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role!.id, menuId: m.id })));
  const [user] = await s.t.db
    .insert(sysUser)
    .values({ userName: name, nickName: name, password: await hashPassword('Test#2026x'), deptId: dept!.id })
    .returning({ id: sysUser.userId });
  await s.t.db.insert(sysUserRole).values({ userId: user!.id, roleId: role!.id });
  return s.t.login(name, 'Test#2026x');
}

const s = useSuite({ users: ['admin', 'sales', 'sales2', 'finance'] });

describe('[FILES] a file no record references', () => {
  it('is readable by its uploader and the administrator only; the upload records who uploaded it', async () => {
    const fileId = await upload(s.sales);
    const [row] = await s.t.db.select().from(sysFile).where(eq(sysFile.fileId, fileId));
    expect(row).toMatchObject({ createBy: 'sales', uploaderId: await userId(s.t, 'sales') });
    expect(await download(s.sales, fileId)).toBe(200);
    expect(await download(s.admin, fileId)).toBe(200);
    expect(await download(s.sales2, fileId)).toBe(404);
    expect(await download(s.finance, fileId)).toBe(404);
    // the refusal is the answer of a missing file, and it is in the operation log
    const refused = await s.sales2.get(`/file/download/${fileId}`, { 'accept-language': 'en' });
    const missing = await s.sales2.get('/file/download/00000000-0000-4000-8000-000000000000', {
      'accept-language': 'en',
    });
    expect(refused.json()).toEqual(missing.json());
    await s.t.flushOperlog();
    const logged = await s.t.db
      .select()
      .from(sysOperLog)
      .where(eq(sysOperLog.operUrl, `/prod-api/file/download/${fileId}`));
    expect(logged.map((r) => [r.operName, r.status])).toContainEqual(['sales2', 1]);
  });

  it("a file uploaded before its uploader was recorded is the administrator's only", async () => {
    const fileId = await upload(s.sales);
    await s.t.db.update(sysFile).set({ uploaderId: null }).where(eq(sysFile.fileId, fileId));
    expect(await download(s.sales, fileId)).toBe(404);
    expect(await download(s.admin, fileId)).toBe(200);
  });
});

describe('[FILES] a payment QR code is read like its bank account', () => {
  const account = (qrFileId: string, accountNo: string) => ({
    accountName: 'TheOne Logistics Co., Ltd.',
    bankName: 'Kasikornbank',
    accountNo,
    currency: 'THB',
    payType: '2',
    qrFileId,
  });

  it('once the account references it: anyone who may open payment info, nobody else (the uploader neither)', async () => {
    const payinfoReader = await userWithPerms(s.t, 'payreader', ['bas:payinfo']);
    const fileId = await upload(s.finance, 'qr.png');
    expect(await download(payinfoReader, fileId)).toBe(404);
    const added = await s.finance.post('/bas/payinfo/add', account(fileId, '111-1-11111-1'));
    expect(added.statusCode, added.body).toBe(200);
    expect(await download(s.finance, fileId)).toBe(200);
    expect(await download(payinfoReader, fileId)).toBe(200);
    expect(await download(s.sales, fileId)).toBe(404);
    expect(await download(s.admin, fileId)).toBe(200);
  });

  it("a form cannot attach another user's file: 400 on the field, nothing saved, the file stays theirs", async () => {
    const theirs = await upload(s.sales, 'private.png');
    const before = (await s.t.db.select({ id: basPayinfo.id }).from(basPayinfo)).length;
    const res = await s.finance.post('/bas/payinfo/add', account(theirs, '222-2-22222-2'), { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'VALIDATION', field: 'qrFileId' });
    expect((await s.t.db.select({ id: basPayinfo.id }).from(basPayinfo)).length).toBe(before);
    expect(await download(s.finance, theirs)).toBe(404);
  });
});

describe('[FILES] an avatar is read like its user', () => {
  it('by the user, and by a user reader whose department scope covers them; not by others', async () => {
    const m = multipart('avatarfile', 'me.png', PNG, 'image/png');
    const res = await s.sales.request({ method: 'POST', url: '/system/user/profile/avatar', ...m });
    expect(res.statusCode, res.body).toBe(200);
    const [me] = await s.t.db.select({ avatar: sysUser.avatar }).from(sysUser).where(eq(sysUser.userName, 'sales'));
    const fileId = me!.avatar;
    const [sameDept, otherDept] = [await userReader('salesreader', '销售部'), await userReader('ywreader', '义乌仓')];
    expect(await download(s.sales, fileId)).toBe(200);
    expect(await download(sameDept, fileId)).toBe(200);
    expect(await download(otherDept, fileId)).toBe(404);
    expect(await download(s.sales2, fileId)).toBe(404);
    expect(await download(s.admin, fileId)).toBe(200);
  });
});

describe('[FILES] a file several records reference', () => {
  it('is readable by whoever may read any one of them', async () => {
    const [sales2Row] = await s.t.db.select().from(sysUser).where(eq(sysUser.userName, 'sales2'));
    const fileId = await upload(s.sales2, 'shared.png');
    await s.t.db.update(sysUser).set({ avatar: fileId }).where(eq(sysUser.userId, sales2Row!.userId));
    await s.t.db.insert(basPayinfo).values({ ...account(fileId), accountName: 'Shared', bankName: 'SCB' });
    expect(await download(s.sales2, fileId)).toBe(200); // their avatar
    expect(await download(s.finance, fileId)).toBe(200); // a bank account's QR
    expect(await download(s.sales, fileId)).toBe(404); // neither
  });

  function account(qrFileId: string) {
    return { accountName: '', bankName: '', accountNo: '333-3-33333-3', currency: 'THB', qrFileId };
  }
});

describe('[FILES] every column that holds file ids has an owner rule', () => {
  it('lists no column named like a file, avatar, picture, photo or attachment outside FILE_OWNERS', async () => {
    const { rows } = await s.t.db.execute<{ name: string }>(sql`
      SELECT table_name || '.' || column_name AS name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name <> 'sys_file'
        AND column_name ~ '(file|avatar|picture|photo|attach|image|img)'
        AND data_type IN ('character varying', 'text', 'uuid', 'ARRAY', 'jsonb')`);
    const owned = new Set(FILE_OWNERS.map((o) => o.name));
    expect(rows.map((r) => r.name).filter((name) => !owned.has(name))).toEqual([]);
    expect(owned).toEqual(
      new Set([
        'sys_user.avatar',
        'bas_payinfo.qr_file_id',
        'bus_arrive_photo.file_id',
        'bus_send_line.sign_picture',
        'bus_send_line.pod_picture',
        'bus_exception_photo.file_id',
        'bus_load_file.file_id',
      ]),
    );
  });
});
