import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sysConfig } from '../../../platform/db/config.table';
import { countWhere, EN, errorOf, readXlsx, useSystemSuite } from '../shared/system.fixture';

const f = useSystemSuite();

const byKey = async (key: string) => (await f.t.db.select().from(sysConfig).where(eq(sysConfig.configKey, key)))[0]!;

describe('[SYSTEM] settings', () => {
  it('lists the seeded settings with filters', async () => {
    const res = (await f.admin.get('/system/config/list')).json();
    expect(res.rows.map((r: { configKey: string }) => r.configKey)).toContain('sys.login.lockCount');
    expect((await f.admin.get('/system/config/list?configKey=lock')).json().total).toBe(2);
    expect((await f.admin.get('/system/config/list?configType=N')).json().total).toBe(0);
    expect((await f.admin.get('/system/config/list?configType=X')).statusCode).toBe(400);
    expect((await (await f.t.login('sales')).get('/system/config/list')).statusCode).toBe(403);
  });

  it('reads by id and by key; the initial password only for user and settings managers', async () => {
    const row = await byKey('sys.login.lockCount');
    expect((await f.mgra.get(`/system/config/${row.configId}`)).json().data.configValue).toBe('5');
    expect((await f.mgra.get('/system/config/99999')).statusCode).toBe(404);
    const sales = await f.t.login('sales');
    expect((await sales.get('/system/config/configKey/sys.index.defaultLang')).json().data).toBe('zh-cn');
    expect((await sales.get('/system/config/configKey/no.such.key')).json().data).toBe('');
    expect((await sales.get('/system/config/configKey/sys.user.initPassword')).statusCode).toBe(403);
    expect((await f.mgra.get('/system/config/configKey/sys.user.initPassword')).json().data).toBe('Theone@2026');
    expect((await sales.get('/system/config/configKey/bad key')).statusCode).toBe(400);
  });

  it('a new lockout count applies at once (the settings cache is invalidated)', async () => {
    const row = await byKey('sys.login.lockCount');
    const res = await f.mgra.put('/system/config', {
      configId: row.configId,
      version: row.version,
      configName: row.configName,
      configKey: row.configKey,
      configValue: '2',
      configType: 'Y',
      remark: row.remark,
    });
    expect(res.json().code).toBe(200);
    await f.t.anon.post('/auth/login', { username: 'driver', password: 'wrong-1' });
    await f.t.anon.post('/auth/login', { username: 'driver', password: 'wrong-2' });
    expect((await f.t.anon.post('/auth/login', { username: 'driver', password: 'demo123' })).statusCode).toBe(423);
  });

  it('validates platform values, keeps built-in keys, refuses stale versions and duplicates', async () => {
    const row = await byKey('sys.login.lockMinutes');
    const body = {
      configId: row.configId,
      version: row.version,
      configName: row.configName,
      configKey: row.configKey,
      configValue: '10',
      configType: 'Y',
    };
    expect(errorOf(await f.mgra.put('/system/config', { ...body, configValue: 'ten' })).field).toBe('configValue');
    expect(errorOf(await f.mgra.put('/system/config', { ...body, configKey: 'sys.other' })).field).toBe('configKey');
    expect(errorOf(await f.mgra.put('/system/config', { ...body, configType: 'N' })).field).toBe('configKey');
    const init = await byKey('sys.user.initPassword');
    expect(
      errorOf(
        await f.mgra.put('/system/config', {
          configId: init.configId,
          version: init.version,
          configName: 'x',
          configKey: init.configKey,
          configValue: 'weak',
          configType: 'Y',
        }),
      ).field,
    ).toBe('configValue');
    expect((await f.mgra.put('/system/config', body)).json().code).toBe(200);
    expect(errorOf(await f.mgra.put('/system/config', body)).errorCode).toBe('CHANGED_RELOAD');
    const dup = errorOf(
      await f.mgra.post(
        '/system/config',
        { configName: 'x', configKey: 'sys.login.lockMinutes', configValue: '1' },
        EN,
      ),
    );
    expect(dup.status).toBe(409);
    expect(dup.msg).toBe('Setting key sys.login.lockMinutes already exists');
    expect(
      errorOf(await f.mgra.post('/system/config', { configName: 'x', configKey: '1key', configValue: '1' })).field,
    ).toBe('configKey');
  });

  it('creates and deletes custom settings; built-in ones stay', async () => {
    const id = (
      await f.mgra.post('/system/config', { configName: '自定义', configKey: 'custom.flag', configValue: 'on' })
    ).json().data.configId;
    expect((await f.mgra.get('/system/config/configKey/custom.flag')).json().data).toBe('on');
    const builtin = await byKey('bal.overdueDays');
    const refused = errorOf(await f.mgra.delete(`/system/config/${id},${builtin.configId}`, undefined, EN));
    expect(refused.status).toBe(403);
    expect(refused.msg).toBe('The built-in setting bal.overdueDays cannot be deleted');
    expect(await countWhere(f.t, 'sys_config', `config_id = ${id}`)).toBe(1);
    expect((await f.mgra.delete(`/system/config/${id}`)).json().code).toBe(200);
    expect((await f.mgra.delete('/system/config/99999')).statusCode).toBe(404);
    expect((await f.mgra.delete('/system/config/refreshCache')).json().code).toBe(200);
    expect((await (await f.t.login('finance')).delete('/system/config/refreshCache')).statusCode).toBe(403);
  });

  it('exports settings', async () => {
    const sheet = await readXlsx(await f.admin.post('/system/config/export', {}, EN));
    expect(sheet.header.slice(0, 4)).toEqual(['Setting ID', 'Setting name', 'Setting key', 'Value']);
    expect(sheet.rows.length).toBeGreaterThanOrEqual(9);
    expect(sheet.rows[0]![4]).toBe('Yes');
  });
});
