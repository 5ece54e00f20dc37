import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countWhere, EN, errorOf, readXlsx, useSystemSuite } from '../shared/system.fixture';

const f = useSystemSuite();
beforeAll(async () => {
  // Some operations to log: a post created and one refused.
  await f.admin.post('/system/post', { postCode: 'logme', postName: 'Log me', postSort: 1, remark: 'x' });
  await f.admin.post('/system/post', { postCode: 'logme', postName: 'Log me', postSort: 1 });
  await f.admin.put('/system/user/resetPwd', { userId: f.usera1Id, password: 'Secret#2026x' });
  await f.t.flushOperlog();
});

describe('[SYSTEM] operation log', () => {
  it('lists operations newest first with translated titles and filters', async () => {
    const res = (await f.admin.get('/system/operlog/list', EN)).json();
    expect(res.total).toBeGreaterThanOrEqual(3);
    expect(res.rows[0].operUrl).toBe('/prod-api/system/user/resetPwd');
    expect(res.rows[0].titleLabel).toBe('Users');
    expect(res.rows[0].operParam).toBeUndefined();
    const posts = (await f.admin.get('/system/operlog/list?title=%E5%B2%97%E4%BD%8D')).json();
    expect(posts.rows.map((r: { title: string }) => r.title)).toEqual(['menu_post_list', 'menu_post_list']);
    const failed = (await f.admin.get('/system/operlog/list?status=1&businessType=1')).json();
    expect(failed.rows).toHaveLength(1);
    expect(failed.rows[0].errorMsg).toMatch(/logme/);
    expect(
      (await f.admin.get('/system/operlog/list?operName=admin&params%5BbeginTime%5D=2000-01-01')).json().total,
    ).toBe(3);
    expect((await f.admin.get('/system/operlog/list?params%5BbeginTime%5D=not-a-date')).statusCode).toBe(400);
    expect((await f.admin.get('/system/operlog/list?businessType=99')).statusCode).toBe(400);
    expect((await (await f.t.login('sales')).get('/system/operlog/list')).statusCode).toBe(403);
  });

  it('shows one operation with its parameters, secrets masked', async () => {
    const [row] = (await f.admin.get('/system/operlog/list?title=users', EN)).json().rows;
    const detail = (await f.mgra.get(`/system/operlog/${row.operId}`)).json().data;
    expect(detail.operParam).toContain('******');
    expect(detail.operParam).not.toContain('Secret#2026x');
    expect(detail.jsonResult).toContain('"code":200');
    expect((await f.mgra.get('/system/operlog/99999999')).statusCode).toBe(404);
    const noQuery = await f.t.login('finance');
    expect((await noQuery.get(`/system/operlog/${row.operId}`)).statusCode).toBe(403);
  });

  it('exports the log in the caller language', async () => {
    const sheet = await readXlsx(await f.admin.post('/system/operlog/export', { title: 'post' }, EN));
    expect(sheet.header.slice(0, 3)).toEqual(['Log ID', 'Module', 'Operation type']);
    expect(sheet.rows.every((r) => r[1] === 'Posts')).toBe(true);
    expect(sheet.rows[0]![2]).toBe('Add');
  });

  it('deletes rows and cleans the log', async () => {
    const ids = (await f.admin.get('/system/operlog/list')).json().rows.map((r: { operId: number }) => r.operId);
    expect((await f.mgra.delete(`/system/operlog/${ids[0]}`)).json().code).toBe(200);
    expect(await countWhere(f.t, 'sys_oper_log', `oper_id = ${ids[0]}`)).toBe(0);
    expect((await f.mgra.delete('/system/operlog/x')).statusCode).toBe(400);
    await f.t.flushOperlog();
    expect((await f.mgra.delete('/system/operlog/clean')).json().code).toBe(200);
    await f.t.flushOperlog();
    // The clean itself is the one row left.
    const left = await f.t.db.execute<{ business_type: number }>(sql`SELECT business_type FROM sys_oper_log`);
    expect(left.rows.map((r) => r.business_type)).toEqual([8]);
    expect((await (await f.t.login('sales')).delete('/system/operlog/clean')).statusCode).toBe(403);
  });
});

describe('[SYSTEM] login log', () => {
  it('lists sign-ins newest first with filters', async () => {
    const res = (await f.admin.get('/system/logininfor/list')).json();
    expect(res.total).toBeGreaterThanOrEqual(3);
    expect((await f.admin.get('/system/logininfor/list?userName=mgra')).json().rows[0].status).toBe('0');
    expect((await f.admin.get('/system/logininfor/list?status=1')).json().total).toBe(0);
    expect(
      (await f.admin.get('/system/logininfor/list?orderByColumn=loginTime&isAsc=asc')).json().rows[0].userName,
    ).toBe('mgra');
    expect((await f.admin.get('/system/logininfor/list?ipaddr=%25')).json().total).toBe(0);
    expect((await (await f.t.login('sales')).get('/system/logininfor/list')).statusCode).toBe(403);
  });

  it('unlocks a locked account from its log row', async () => {
    for (let i = 0; i < 5; i++) await f.t.anon.post('/auth/login', { username: 'dispatcher', password: `wrong-${i}` });
    expect((await f.t.anon.post('/auth/login', { username: 'dispatcher', password: 'demo123' })).statusCode).toBe(423);
    const [row] = (await f.admin.get('/system/logininfor/list?userName=dispatcher&status=1')).json().rows;
    const unlocked = (await f.mgra.get(`/system/logininfor/unlock/${row.infoId}`)).json();
    expect(unlocked.data).toEqual({ userName: 'dispatcher', unlocked: true });
    expect((await f.t.anon.post('/auth/login', { username: 'dispatcher', password: 'demo123' })).json().code).toBe(200);
    expect((await f.mgra.get('/system/logininfor/unlock/99999999')).statusCode).toBe(404);
    await f.t.flushOperlog();
    expect(
      await countWhere(f.t, 'sys_oper_log', "oper_url LIKE '/prod-api/system/logininfor/unlock/%' AND status = 0"),
    ).toBe(1);
    // the refused one (no such row) is logged as a failure, like every refused read by id (operlog.ts)
    expect(
      await countWhere(f.t, 'sys_oper_log', "oper_url = '/prod-api/system/logininfor/unlock/99999999' AND status = 1"),
    ).toBe(1);
    expect((await (await f.t.login('finance')).get(`/system/logininfor/unlock/${row.infoId}`)).statusCode).toBe(403);
  });

  it('exports, deletes and cleans', async () => {
    const sheet = await readXlsx(await f.admin.post('/system/logininfor/export', { status: '1' }, EN));
    expect(sheet.header[1]).toBe('User name');
    expect(sheet.rows.every((r) => r[6] === 'Failed')).toBe(true);
    const ids = (await f.admin.get('/system/logininfor/list')).json().rows.map((r: { infoId: number }) => r.infoId);
    expect((await f.mgra.delete(`/system/logininfor/${ids.slice(0, 2).join(',')}`)).json().code).toBe(200);
    expect(await countWhere(f.t, 'sys_logininfor', `info_id IN (${ids.slice(0, 2).join(',')})`)).toBe(0);
    expect(errorOf(await f.mgra.delete('/system/logininfor/1;drop')).status).toBe(400);
    expect((await f.mgra.delete('/system/logininfor/clean')).json().code).toBe(200);
    expect(await countWhere(f.t, 'sys_logininfor')).toBe(0);
  });
});
