import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sysDictData, sysDictType } from '../../../platform/db/dict.table';
import { countWhere, EN, errorOf, readXlsx, useSystemSuite } from '../shared/system.fixture';

const f = useSystemSuite();

describe('[SYSTEM] dictionary types', () => {
  let dictId: number;

  it('lists, filters (names in any language) and gives options', async () => {
    const all = (await f.admin.get('/system/dict/type/list?pageSize=100')).json();
    expect(all.total).toBeGreaterThanOrEqual(24);
    expect((await f.admin.get('/system/dict/type/list?dictType=sys_user')).json().rows[0].dictType).toBe(
      'sys_user_sex',
    );
    expect((await f.admin.get('/system/dict/type/list?dictName=gender')).json().total).toBeGreaterThanOrEqual(0);
    const options = (await f.mgra.get('/system/dict/type/optionselect')).json().data;
    expect(options.some((o: { dictType: string }) => o.dictType === 'sys_normal_disable')).toBe(true);
    expect((await f.admin.get('/system/dict/type/list?status=7')).statusCode).toBe(400);
    expect((await (await f.t.login('sales')).get('/system/dict/type/list')).statusCode).toBe(403);
  });

  it('creates, reads, renames (entries follow) and refuses duplicates', async () => {
    const res = await f.mgra.post('/system/dict/type', {
      dictName: '测试字典',
      dictNameEn: 'Test',
      dictNameTh: 'ทดสอบ',
      dictType: 'test_kind',
    });
    expect(res.json().code).toBe(200);
    dictId = res.json().data.dictId;
    expect((await f.mgra.get(`/system/dict/type/${dictId}`)).json().data.dictType).toBe('test_kind');
    const dup = errorOf(await f.mgra.post('/system/dict/type', { dictName: 'x', dictType: 'test_kind' }, EN));
    expect(dup.status).toBe(409);
    expect(dup.msg).toBe('Dictionary type test_kind already exists');
    expect(errorOf(await f.mgra.post('/system/dict/type', { dictName: 'x', dictType: 'Bad-Type' })).field).toBe(
      'dictType',
    );
    await f.mgra.post('/system/dict/data', { dictType: 'test_kind', dictLabel: '甲', dictValue: 'a', dictSort: 1 });
    const [row] = await f.t.db.select().from(sysDictType).where(eq(sysDictType.dictId, dictId));
    const body = { dictId, version: row!.version, dictName: '测试字典', dictType: 'test_kind2', status: '0' };
    expect((await f.mgra.put('/system/dict/type', body)).json().code).toBe(200);
    expect(await countWhere(f.t, 'sys_dict_data', "dict_type = 'test_kind2'")).toBe(1);
    expect(errorOf(await f.mgra.put('/system/dict/type', body)).errorCode).toBe('CHANGED_RELOAD');
    expect((await f.mgra.put('/system/dict/type', { ...body, dictId: 99999 })).statusCode).toBe(404);
  });

  it('refuses to delete a type with entries; refreshCache answers; exports', async () => {
    const used = errorOf(await f.mgra.delete(`/system/dict/type/${dictId}`, undefined, EN));
    expect(used.status).toBe(409);
    expect(used.msg).toBe('Dictionary type test_kind2 has entries and cannot be deleted');
    await f.t.db.delete(sysDictData).where(eq(sysDictData.dictType, 'test_kind2'));
    expect((await f.mgra.delete(`/system/dict/type/${dictId}`)).json().code).toBe(200);
    expect((await f.mgra.delete('/system/dict/type/refreshCache')).json().code).toBe(200);
    const sheet = await readXlsx(await f.admin.post('/system/dict/type/export', { dictType: 'sys_' }, EN));
    expect(sheet.header[1]).toBe('Dictionary name');
    expect(sheet.rows.every((r) => r[4]!.startsWith('sys_'))).toBe(true);
    expect((await (await f.t.login('sales')).delete('/system/dict/type/refreshCache')).statusCode).toBe(403);
  });
});

describe('[SYSTEM] dictionary entries', () => {
  let dictCode: number;

  it('lists entries of a type in order', async () => {
    const rows = (await f.admin.get('/system/dict/data/list?dictType=sys_user_sex')).json().rows;
    expect(rows.map((r: { dictValue: string }) => r.dictValue)).toEqual(['0', '1', '2']);
    expect((await f.admin.get('/system/dict/data/list?dictLabel=Female')).json().rows[0].dictLabel).toBe('女');
    expect((await f.admin.get('/system/dict/data/list?dictType=')).json().total).toBeGreaterThan(50);
  });

  it('creates with labels in three languages; the type endpoint shows it; duplicates are refused', async () => {
    const res = await f.mgra.post('/system/dict/data', {
      dictType: 'sys_user_sex',
      dictLabel: '其他',
      dictLabelEn: 'Other',
      dictLabelTh: 'อื่นๆ',
      dictValue: '3',
      dictSort: 4,
      listClass: 'info',
    });
    expect(res.json().code).toBe(200);
    dictCode = res.json().data.dictCode;
    const entries = (await f.mgra.get('/system/dict/data/type/sys_user_sex')).json().data;
    expect(entries.at(-1)).toMatchObject({ dictValue: '3', dictLabelEn: 'Other', listClass: 'info' });
    const dup = errorOf(
      await f.mgra.post(
        '/system/dict/data',
        { dictType: 'sys_user_sex', dictLabel: 'x', dictValue: '3', dictSort: 5 },
        EN,
      ),
    );
    expect(dup.msg).toBe('Dictionary value 3 already exists');
    expect(
      errorOf(
        await f.mgra.post('/system/dict/data', { dictType: 'no_such', dictLabel: 'x', dictValue: '1', dictSort: 1 }),
      ).field,
    ).toBe('dictType');
    expect(
      errorOf(
        await f.mgra.post('/system/dict/data', {
          dictType: 'sys_user_sex',
          dictLabel: 'x',
          dictValue: '9',
          dictSort: 1,
          listClass: 'pink',
        }),
      ).field,
    ).toBe('listClass');
  });

  it('reads and edits with the version; disabled entries leave the type endpoint', async () => {
    const row = (await f.mgra.get(`/system/dict/data/${dictCode}`)).json().data;
    const body = {
      dictCode,
      version: row.version,
      dictType: 'sys_user_sex',
      dictLabel: '其他',
      dictValue: '3',
      dictSort: 4,
      status: '1',
    };
    expect((await f.mgra.put('/system/dict/data', body)).json().code).toBe(200);
    expect((await f.mgra.get('/system/dict/data/type/sys_user_sex')).json().data).toHaveLength(3);
    expect(errorOf(await f.mgra.put('/system/dict/data', body)).errorCode).toBe('CHANGED_RELOAD');
    expect(
      (await f.mgra.put('/system/dict/data', { ...body, version: row.version + 1, dictValue: '1' })).statusCode,
    ).toBe(409);
    expect((await f.mgra.get('/system/dict/data/99999')).statusCode).toBe(404);
  });

  it('deletes entries and exports', async () => {
    expect((await f.mgra.delete(`/system/dict/data/${dictCode},99999`)).statusCode).toBe(404);
    expect(await countWhere(f.t, 'sys_dict_data', `dict_code = ${dictCode}`)).toBe(1);
    expect((await f.mgra.delete(`/system/dict/data/${dictCode}`)).json().code).toBe(200);
    const sheet = await readXlsx(
      await f.admin.post('/system/dict/data/export', { dictType: 'sys_user_sex' }, { 'accept-language': 'th' }),
    );
    // The label column reads in the reader's language (ADR 0007); the English and Thai columns follow.
    expect(sheet.rows.map((r) => r[2])).toEqual(['ชาย', 'หญิง', 'ไม่ระบุ']);
    expect(sheet.rows.map((r) => r[3])).toEqual(['Male', 'Female', 'Unknown']);
    expect(sheet.rows.map((r) => r[4])).toEqual(['ชาย', 'หญิง', 'ไม่ระบุ']);
    expect(
      (
        await (
          await f.t.login('finance')
        ).post('/system/dict/data', { dictType: 'sys_user_sex', dictLabel: 'x', dictValue: '8', dictSort: 1 })
      ).statusCode,
    ).toBe(403);
  });
});
