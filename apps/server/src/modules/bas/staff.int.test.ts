import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/suite';
import { sysPost } from '../system/post/post.table';
import { sysRole } from '../system/role/role.table';
import { sysUserPost, sysUserRole } from '../system/user/user.table';
import { basMark } from './bas.table';
import { customerBody, markId, userId } from './bas.test-utils';

/**
 * Issue 10 item 9: the mark form's sales picker listed every user (drivers, finance). `GET /bas/staff/select?kind=`
 * lists the holders of the job's post or role (contracts STAFF_KINDS), and saving a mark refuses a sales or service
 * person who does not hold it, changing nothing.
 */
const en = { 'accept-language': 'en' };
const ids: Record<string, number> = {};

async function staff(query: string, client = s.admin): Promise<string[]> {
  const res = await client.get(`/bas/staff/select?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const names = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
  return (res.json().data as { userId: number }[]).map((u) => names.get(u.userId) ?? String(u.userId)).sort();
}

const customer = (mark: string, extra: Record<string, unknown> = {}) => customerBody(mark, ids.sales, extra);

const markCount = async () => (await s.t.db.select({ id: basMark.id }).from(basMark)).length;

const s = useSuite({ users: ['admin'] });
beforeAll(async () => {
  for (const u of ['sales', 'sales2', 'service', 'dispatcher', 'driver', 'finance', 'admin'])
    ids[u] = await userId(s.t, u);
});

describe('GET /bas/staff/select?kind=', () => {
  it('lists the holders of the sales post or role, and of the customer service post or role', async () => {
    expect(await staff('kind=sales')).toEqual(['sales', 'sales2']);
    expect(await staff('kind=service')).toEqual(['service']);
    // without a kind: everyone active (the other pickers)
    expect(await staff('')).toEqual(expect.arrayContaining(['driver', 'finance', 'sales', 'service']));
    // the driver form's post filter is unchanged
    expect(await staff('post=driver')).toEqual(['driver']);
  });

  it('follows the role as well as the post, enabled only', async () => {
    const [salesRole] = await s.t.db.select().from(sysRole).where(eq(sysRole.roleKey, 'sales'));
    await s.t.db.insert(sysUserRole).values({ userId: ids.finance!, roleId: salesRole!.roleId });
    expect(await staff('kind=sales')).toEqual(['finance', 'sales', 'sales2']);
    // the sales role disabled: only the post holders remain
    await s.t.db.update(sysRole).set({ status: '1' }).where(eq(sysRole.roleId, salesRole!.roleId));
    expect(await staff('kind=sales')).toEqual(['sales', 'sales2']);
    // the post disabled too: nobody
    await s.t.db.update(sysPost).set({ status: '1' }).where(eq(sysPost.postCode, 'sales'));
    expect(await staff('kind=sales')).toEqual([]);
    await s.t.db.update(sysPost).set({ status: '0' }).where(eq(sysPost.postCode, 'sales'));
    await s.t.db.update(sysRole).set({ status: '0' }).where(eq(sysRole.roleId, salesRole!.roleId));
    await s.t.db
      .delete(sysUserRole)
      .where(and(eq(sysUserRole.userId, ids.finance!), eq(sysUserRole.roleId, salesRole!.roleId)));
  });

  it("answers what a picker shows: id, display name and department in the reader's language, nothing personal", async () => {
    const driver = await s.t.login('driver');
    for (const [client, lang] of [
      [s.admin, 'zh-cn'],
      [driver, 'en'],
    ] as const) {
      const res = await client.get('/bas/staff/select?kind=sales', { 'accept-language': lang });
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as Record<string, unknown>[];
      expect(rows.length).toBe(2);
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(['deptName', 'nickName', 'userId']);
      expect(res.body).not.toMatch(/"userName"|phone|email|"sales2"|password/i);
      const wang = rows.find((r) => r.userId === ids.sales)!;
      expect(wang.nickName).toBe('王丽');
      expect(wang.deptName).not.toBe('');
      if (lang === 'en') expect(wang.deptName).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('refuses an unknown kind', async () => {
    expect((await s.admin.get('/bas/staff/select?kind=driver')).statusCode).toBe(400);
  });
});

describe('saving a mark', () => {
  it('refuses a sales person who is not sales staff, with the field and a translated message, saving nothing', async () => {
    const before = await markCount();
    const res = await s.admin.post('/bas/mark/add', customer('ST001', { sales: ids.driver }), en);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'sales', msg: expect.stringContaining('is not a salesperson') });
    const zh = await s.admin.post('/bas/mark/add', customer('ST001', { sales: ids.finance }));
    expect(zh.json().msg).toContain('不是业务员');
    expect(await markCount()).toBe(before);
  });

  it('refuses a service person who is not customer service', async () => {
    const res = await s.admin.post('/bas/mark/add', customer('ST002', { service: ids.sales2 }), en);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'service', msg: expect.stringContaining('is not customer service') });
  });

  it('refuses an edit that names a non-sales person and leaves the mark as it was', async () => {
    const id = await markId(s.t, 'TH002');
    const current = (await s.admin.get(`/bas/mark/${id}`)).json().data;
    const res = await s.admin.post(
      '/bas/mark/edit',
      { ...customer('TH002'), id, version: current.version, nameZh: current.nameZh, sales: ids.dispatcher },
      en,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('sales');
    const [row] = await s.t.db.select().from(basMark).where(eq(basMark.id, id));
    expect(row!.sales).toBe(current.sales);
    expect(row!.version).toBe(current.version);
  });

  it('keeps a sales person the mark already names after they left the job, but refuses choosing them again', async () => {
    const made = await s.admin.post('/bas/mark/add', customer('ST005', { sales: ids.sales2 }));
    expect(made.statusCode, made.body).toBe(200);
    const id = await markId(s.t, 'ST005');
    // sales2 leaves the job: the sales post and the sales role
    const [salesPost] = await s.t.db.select().from(sysPost).where(eq(sysPost.postCode, 'sales'));
    const [salesRole] = await s.t.db.select().from(sysRole).where(eq(sysRole.roleKey, 'sales'));
    const leaving = and(eq(sysUserPost.userId, ids.sales2!), eq(sysUserPost.postId, salesPost!.postId));
    const hadPost = (await s.t.db.select().from(sysUserPost).where(leaving)).length > 0;
    const roleRow = and(eq(sysUserRole.userId, ids.sales2!), eq(sysUserRole.roleId, salesRole!.roleId));
    const hadRole = (await s.t.db.select().from(sysUserRole).where(roleRow)).length > 0;
    await s.t.db.delete(sysUserPost).where(leaving);
    await s.t.db.delete(sysUserRole).where(roleRow);
    expect(await staff('kind=sales')).not.toContain('sales2');
    const current = (await s.admin.get(`/bas/mark/${id}`)).json().data;
    const edit = await s.admin.post('/bas/mark/edit', {
      ...customer('ST005', { sales: ids.sales2 }),
      id,
      version: current.version,
      remark: 'phone changed',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const [row] = await s.t.db.select().from(basMark).where(eq(basMark.id, id));
    expect(row!.remark).toBe('phone changed');
    expect(row!.sales).toBe(ids.sales2);
    // a new customer cannot be given them
    const refused = await s.admin.post('/bas/mark/add', customer('ST006', { sales: ids.sales2 }), en);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('sales');
    if (hadPost) await s.t.db.insert(sysUserPost).values({ userId: ids.sales2!, postId: salesPost!.postId });
    if (hadRole) await s.t.db.insert(sysUserRole).values({ userId: ids.sales2!, roleId: salesRole!.roleId });
  });

  it('saves sales and service staff, whether they hold the post or the role', async () => {
    const ok = await s.admin.post('/bas/mark/add', customer('ST003', { sales: ids.sales2, service: ids.service }));
    expect(ok.statusCode, ok.body).toBe(200);
    const [serviceRole] = await s.t.db.select().from(sysRole).where(eq(sysRole.roleKey, 'service'));
    await s.t.db.insert(sysUserRole).values({ userId: ids.dispatcher!, roleId: serviceRole!.roleId });
    const byRole = await s.admin.post('/bas/mark/add', customer('ST004', { service: ids.dispatcher }));
    expect(byRole.statusCode, byRole.body).toBe(200);
  });
});
