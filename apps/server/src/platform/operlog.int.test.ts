import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../test/suite';
import { sysOperLog } from './db/log.table';

const s = useSuite();

/** The operation-log rows of `operName`, newest first, after the buffered rows are written. */
const rowsOf = async (operName: string) => {
  await s.t.flushOperlog();
  return s.t.db.select().from(sysOperLog).where(eq(sysOperLog.operName, operName)).orderBy(desc(sysOperLog.operId));
};

describe('[OPERLOG] state-changing requests are logged', () => {
  it('writes one row per change with operator, department, URL, status and cost, after the response', async () => {
    const c = await s.t.login('sales');
    const res = await c.put('/system/user/profile', {
      nickName: '销售小王',
      phonenumber: '13800138000',
      email: 'wang@theone.example',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await rowsOf('sales');
    expect(row).toMatchObject({
      title: 'menu_profile',
      businessType: 2,
      requestMethod: 'PUT',
      operUrl: '/prod-api/system/user/profile',
      status: 0,
    });
    expect(row!.deptName).not.toBe('');
    expect(row!.operParam).toContain('销售小王');
    expect(row!.costTime).toBeGreaterThanOrEqual(0);
  });

  it('masks passwords in the parameters and records failures with their message', async () => {
    const c = await s.t.login('driver');
    const res = await c.put('/system/user/profile/updatePwd', {
      oldPassword: 'not-my-password',
      newPassword: 'Secret#Pass2026',
    });
    expect(res.statusCode).toBe(400);
    const [row] = await rowsOf('driver');
    expect(row!.status).toBe(1);
    expect(row!.operParam).not.toContain('Secret#Pass2026');
    expect(row!.operParam).not.toContain('not-my-password');
    expect(row!.operParam).toContain('******');
    expect(row!.errorMsg).toContain('旧密码');
  });

  it('does not log reads', async () => {
    const c = await s.t.login('dispatcher');
    await c.get('/system/user/profile');
    expect(await rowsOf('dispatcher')).toHaveLength(0);
  });
});

describe('[OPERLOG] refused reads are logged (issue 11 item 5)', () => {
  it('a GET answered 403 writes a failed row with the URL, the query and the message', async () => {
    const c = await s.t.login('driver');
    const res = await c.get('/system/user/list?pageSize=5&userName=adm', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(403);
    const [row] = await rowsOf('driver');
    expect(row).toMatchObject({
      requestMethod: 'GET',
      operUrl: '/prod-api/system/user/list',
      method: '/prod-api/system/user/list',
      status: 1,
      businessType: 0,
    });
    expect(row!.operParam).toContain('"userName":"adm"');
    expect(row!.errorMsg).not.toBe('');
    expect(row!.deptName).not.toBe('');
  });

  it('a GET of a record by id answered 404 (missing or outside the data scope) is logged; a list is not', async () => {
    const c = await s.t.login('finance');
    expect((await c.get('/system/user/999999')).statusCode).not.toBe(200);
    expect((await c.get('/bus/inware/999999')).statusCode).toBe(404);
    await c.get('/bas/geog/select?orgId=1');
    const rows = await rowsOf('finance');
    expect(rows.map((r) => r.operUrl)).toContain('/prod-api/bus/inware/999999');
    expect(rows.find((r) => r.operUrl === '/prod-api/bus/inware/999999')).toMatchObject({
      status: 1,
      method: '/prod-api/bus/inware/:id',
    });
    expect(rows.map((r) => r.operUrl)).not.toContain('/prod-api/bas/geog/select');
  });

  it('an unknown path or an anonymous refusal writes nothing', async () => {
    await s.t.anon.get('/system/user/list');
    const c = await s.t.login('service');
    await c.get('/no/such/route');
    expect(await rowsOf('')).toHaveLength(0);
    expect(await rowsOf('service')).toHaveLength(0);
  });
});
