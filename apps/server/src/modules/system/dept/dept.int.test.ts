import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EN, errorOf, useSystemSuite } from '../shared/system.fixture';
import { sysDept } from './dept.table';

const f = useSystemSuite();

const dept = async (deptId: number) => (await f.t.db.select().from(sysDept).where(eq(sysDept.deptId, deptId)))[0]!;
const editBody = async (deptId: number, extra: Record<string, unknown> = {}) => {
  const d = await dept(deptId);
  return {
    deptId,
    version: d.version,
    parentId: d.parentId,
    deptName: d.deptName,
    orderNum: d.orderNum,
    leader: d.leader,
    phone: d.phone,
    email: d.email,
    status: d.status,
    ...extra,
  };
};

describe('[SYSTEM] department lists', () => {
  it('lists every department for administrators, the scope for others', async () => {
    const all = (await f.admin.get('/system/dept/list')).json().data;
    expect(all.length).toBe(11);
    expect(all[0].parentId).toBe(0);
    const scoped = (await f.mgra.get('/system/dept/list')).json().data;
    expect(scoped.map((d: { deptName: string }) => d.deptName)).toEqual(['Scope A', 'Scope A1']);
    expect((await f.admin.get('/system/dept/list?deptName=scope%20a')).json().data).toHaveLength(2);
    expect((await f.admin.get('/system/dept/list?status=1')).json().data).toEqual([]);
    expect((await f.admin.get('/system/dept/list?foo=1')).statusCode).toBe(400);
    expect((await (await f.t.login('sales')).get('/system/dept/list')).statusCode).toBe(403);
  });

  it('list/exclude leaves out the department and everything below it', async () => {
    const rows = (await f.admin.get(`/system/dept/list/exclude/${f.deptA}`)).json().data;
    const ids = rows.map((d: { deptId: number }) => d.deptId);
    expect(ids).not.toContain(f.deptA);
    expect(ids).not.toContain(f.deptA1);
    expect(ids).toContain(f.deptB);
    expect((await f.mgra.get(`/system/dept/list/exclude/${f.deptB}`)).statusCode).toBe(404);
  });

  it('reads one department inside the scope; 404 outside', async () => {
    expect((await f.mgra.get(`/system/dept/${f.deptA1}`)).json().data.deptName).toBe('Scope A1');
    expect((await f.mgra.get(`/system/dept/${f.deptB}`)).statusCode).toBe(404);
    expect((await f.mgra.get('/system/dept/x')).statusCode).toBe(400);
  });
});

describe('[SYSTEM] department create, edit, delete', () => {
  it('creates under a parent in the scope, with the path of ancestors', async () => {
    const res = await f.mgra.post('/system/dept', {
      parentId: f.deptA1,
      deptName: 'Scope A1a',
      orderNum: 1,
      phone: '020-12345678',
    });
    expect(res.json().code).toBe(200);
    const row = await dept(res.json().data.deptId);
    expect(row.ancestors).toBe(`0,${f.hqId},${f.deptA},${f.deptA1}`);
    expect((await f.mgra.post('/system/dept', { parentId: f.deptB, deptName: 'Nope', orderNum: 1 })).statusCode).toBe(
      404,
    );
    const dup = errorOf(
      await f.mgra.post('/system/dept', { parentId: f.deptA1, deptName: 'Scope A1a', orderNum: 2 }, EN),
    );
    expect(dup.status).toBe(409);
    expect(dup.msg).toBe('A department named Scope A1a already exists under this parent');
    expect(
      errorOf(await f.mgra.post('/system/dept', { parentId: f.deptA, deptName: 'Bad', orderNum: 1, phone: '12' }))
        .field,
    ).toBe('phone');
    expect(
      errorOf(await f.mgra.post('/system/dept', { parentId: f.deptA, deptName: 'Bad', orderNum: 1, email: 'no' }))
        .field,
    ).toBe('email');
    expect(errorOf(await f.mgra.post('/system/dept', { deptName: 'Bad', orderNum: 1 })).field).toBe('parentId');
  });

  it('moves a department and rewrites the path of everything below it', async () => {
    const sub = (await f.admin.post('/system/dept', { parentId: f.deptA1, deptName: 'Deep', orderNum: 3 })).json().data
      .deptId;
    expect((await f.admin.put('/system/dept', await editBody(f.deptA1, { parentId: f.deptB }))).json().code).toBe(200);
    expect((await dept(f.deptA1)).ancestors).toBe(`0,${f.hqId},${f.deptB}`);
    expect((await dept(sub)).ancestors).toBe(`0,${f.hqId},${f.deptB},${f.deptA1}`);
    // Users below follow: the manager of A no longer sees usera1.
    expect((await f.mgra.get('/system/user/list')).json().total).toBe(1);
    expect((await f.admin.put('/system/dept', await editBody(f.deptA1, { parentId: f.deptA }))).json().code).toBe(200);
    expect((await dept(sub)).ancestors).toBe(`0,${f.hqId},${f.deptA},${f.deptA1}`);
    expect((await f.mgra.get('/system/user/list')).json().total).toBe(2);
  });

  it('refuses a parent below itself, a stale version, moving the root and scope escapes', async () => {
    expect(errorOf(await f.admin.put('/system/dept', await editBody(f.deptA, { parentId: f.deptA1 }))).field).toBe(
      'parentId',
    );
    expect(errorOf(await f.admin.put('/system/dept', await editBody(f.deptA, { parentId: f.deptA }))).field).toBe(
      'parentId',
    );
    const stale = await editBody(f.deptA, { orderNum: 30 });
    expect((await f.admin.put('/system/dept', stale)).json().code).toBe(200);
    expect(errorOf(await f.admin.put('/system/dept', stale)).errorCode).toBe('CHANGED_RELOAD');
    expect(errorOf(await f.admin.put('/system/dept', await editBody(f.hqId, { parentId: f.deptA }))).field).toBe(
      'parentId',
    );
    expect((await f.admin.put('/system/dept', await editBody(f.hqId, { leader: 'New boss' }))).json().code).toBe(200);
    expect((await f.mgra.put('/system/dept', await editBody(f.deptA1, { parentId: f.deptB }))).statusCode).toBe(404);
    expect((await f.mgra.put('/system/dept', await editBody(f.deptB))).statusCode).toBe(404);
  });

  it('disabling needs the children disabled first; enabling enables the ancestors', async () => {
    const refused = errorOf(await f.admin.put('/system/dept', await editBody(f.deptA, { status: '1' }), EN));
    expect(refused.status).toBe(403);
    expect(refused.msg).toMatch(/enabled sub-departments/);
    for (const id of (await f.t.db.select().from(sysDept))
      .filter((d) => d.ancestors.split(',').includes(String(f.deptA1)))
      .map((d) => d.deptId)) {
      await f.admin.put('/system/dept', await editBody(id, { status: '1' }));
    }
    expect((await f.admin.put('/system/dept', await editBody(f.deptA1, { status: '1' }))).json().code).toBe(200);
    expect((await f.admin.put('/system/dept', await editBody(f.deptA, { status: '1' }))).json().code).toBe(200);
    const disabledParent = errorOf(
      await f.admin.post('/system/dept', { parentId: f.deptA, deptName: 'Under disabled', orderNum: 1 }),
    );
    expect(disabledParent.field).toBe('parentId');
    expect((await f.admin.put('/system/dept', await editBody(f.deptA1, { status: '0' }))).json().code).toBe(200);
    expect((await dept(f.deptA)).status).toBe('0');
  });

  it('refuses to delete a department with sub-departments or users, or the root; deletes an empty one', async () => {
    const children = errorOf(await f.admin.delete(`/system/dept/${f.deptA}`, undefined, EN));
    expect(children.status).toBe(409);
    expect(children.msg).toBe('The department has sub-departments and cannot be deleted');
    const users = errorOf(await f.admin.delete(`/system/dept/${f.deptB}`, undefined, EN));
    expect(users.msg).toBe('The department has users and cannot be deleted');
    expect(errorOf(await f.admin.delete(`/system/dept/${f.hqId}`)).status).toBe(403);
    const empty = (await f.mgra.post('/system/dept', { parentId: f.deptA, deptName: 'Empty', orderNum: 9 })).json().data
      .deptId;
    expect((await f.mgra.delete(`/system/dept/${f.deptB}`)).statusCode).toBe(404);
    expect((await f.mgra.delete(`/system/dept/${empty}`)).json().code).toBe(200);
    expect((await dept(empty)).delFlag).toBe('2');
    expect((await f.mgra.get(`/system/dept/${empty}`)).statusCode).toBe(404);
    expect((await (await f.t.login('finance')).delete(`/system/dept/${f.deptA}`)).statusCode).toBe(403);
  });
});
