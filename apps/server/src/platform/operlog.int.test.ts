import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-test-app';
import { sysOperLog } from '../modules/system/log/log.table';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('[OPERLOG] state-changing requests are logged', () => {
  it('writes one row per change with operator, department, URL, status and cost, after the response', async () => {
    const c = await t.login('sales');
    const res = await c.put('/system/user/profile', {
      nickName: '销售小王',
      phonenumber: '13800138000',
      email: 'wang@theone.example',
    });
    expect(res.statusCode).toBe(200);
    await t.flushOperlog();
    const [row] = await t.db
      .select()
      .from(sysOperLog)
      .where(eq(sysOperLog.operName, 'sales'))
      .orderBy(desc(sysOperLog.operId));
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
    const c = await t.login('driver');
    const res = await c.put('/system/user/profile/updatePwd', {
      oldPassword: 'not-my-password',
      newPassword: 'Secret#Pass2026',
    });
    expect(res.statusCode).toBe(400);
    await t.flushOperlog();
    const [row] = await t.db
      .select()
      .from(sysOperLog)
      .where(eq(sysOperLog.operName, 'driver'))
      .orderBy(desc(sysOperLog.operId));
    expect(row!.status).toBe(1);
    expect(row!.operParam).not.toContain('Secret#Pass2026');
    expect(row!.operParam).not.toContain('not-my-password');
    expect(row!.operParam).toContain('******');
    expect(row!.errorMsg).toContain('旧密码');
  });

  it('does not log reads', async () => {
    const c = await t.login('dispatcher');
    await c.get('/system/user/profile');
    await t.flushOperlog();
    const rows = await t.db.select().from(sysOperLog).where(eq(sysOperLog.operName, 'dispatcher'));
    expect(rows).toHaveLength(0);
  });
});
