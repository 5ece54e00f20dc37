import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/suite';

/** Issue 2, 'Bad input it must survive': each gets a clear error, nothing changes, and the next valid request works. */
const s = useSuite({ users: ['admin', 'sales'] });

const userCount = async () =>
  (await s.t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sys_user`)).rows[0]!.n;

describe('[PLATFORM] bad input on lists', () => {
  it.each([
    ['orderByColumn=user_id;DROP TABLE sys_user', 'orderByColumn'],
    ['orderByColumn=(select 1)', 'orderByColumn'],
    ['isAsc=asc;delete from sys_user', 'isAsc'],
    ['params[dataScope]=and 1=1', 'params[dataScope]'],
    ["params[beginTime]=2026-01-01' or '1'='1", 'params[beginTime]'],
    ['pageSize=100000', 'pageSize'],
    ['pageNum=-1', 'pageNum'],
  ])('%s -> 400 naming %s, nothing changes', async (query, field) => {
    const before = await userCount();
    const res = await s.admin.get(`/system/user/list?${query.replace(/ /g, '%20')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 500, errorCode: 'VALIDATION' });
    expect(res.json().field).toContain(field.split('[')[0]);
    expect(await userCount()).toBe(before);
    expect((await s.admin.get('/system/user/list?pageSize=5')).statusCode).toBe(200);
  });

  it('a data-scope parameter cannot widen what a scoped user sees', async () => {
    const scoped = await s.sales.get('/system/user/list?pageSize=500');
    const widened = await s.sales.get('/system/user/list?pageSize=500&params%5BdataScope%5D=%20OR%201%3D1');
    if (scoped.statusCode === 200) expect(widened.statusCode).toBe(400);
    else expect(scoped.statusCode).toBe(403);
  });

  it('an allowlisted sort column works in both directions', async () => {
    const asc = await s.admin.get('/system/user/list?orderByColumn=userId&isAsc=asc&pageSize=50');
    const desc = await s.admin.get('/system/user/list?orderByColumn=userId&isAsc=desc&pageSize=50');
    expect(asc.statusCode).toBe(200);
    expect(desc.statusCode).toBe(200);
    const ids = (r: typeof asc) => (r.json().rows as Array<{ userId: number }>).map((u) => u.userId);
    expect(ids(asc)).toEqual([...ids(desc)].reverse());
  });
});
