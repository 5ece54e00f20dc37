import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countWhere, EN, errorOf, readXlsx, useSystemSuite } from '../shared/system.fixture';
import { sysPost } from './post.table';

const f = useSystemSuite();

const version = async (postId: number) =>
  (await f.t.db.select().from(sysPost).where(eq(sysPost.postId, postId)))[0]!.version;

describe('[SYSTEM] posts', () => {
  it('lists the seeded posts in order, with filters and options', async () => {
    const res = (await f.admin.get('/system/post/list')).json();
    expect(res.rows.map((p: { postCode: string }) => p.postCode)).toEqual([
      'sales',
      'cs',
      'wh',
      'dispatch',
      'driver',
      'finance',
      'manager',
    ]);
    expect((await f.admin.get('/system/post/list?postCode=DIS')).json().total).toBe(1);
    expect((await f.admin.get('/system/post/list?postName=%E8%B4%A2%E5%8A%A1')).json().rows[0].postCode).toBe(
      'finance',
    );
    expect((await f.admin.get('/system/post/list?pageSize=501')).statusCode).toBe(400);
    expect((await f.mgra.get('/system/post/optionselect')).json().data).toHaveLength(7);
    expect((await (await f.t.login('sales')).get('/system/post/list')).statusCode).toBe(403);
  });

  let postId: number;
  it('creates, reads and edits a post with the version', async () => {
    const res = await f.mgra.post('/system/post', { postCode: 'qc', postName: '质检员', postSort: 8 });
    expect(res.json().code).toBe(200);
    postId = res.json().data.postId;
    expect((await f.mgra.get(`/system/post/${postId}`)).json().data.postName).toBe('质检员');
    expect((await f.mgra.get('/system/post/99999')).statusCode).toBe(404);
    const body = { postId, version: await version(postId), postCode: 'qc', postName: '质检', postSort: 9, remark: 'r' };
    expect((await f.mgra.put('/system/post', body)).json().code).toBe(200);
    const stale = errorOf(await f.mgra.put('/system/post', body, EN));
    expect(stale.status).toBe(409);
    expect(stale.errorCode).toBe('CHANGED_RELOAD');
  });

  it('refuses duplicate codes and names, and bad input', async () => {
    const code = errorOf(await f.mgra.post('/system/post', { postCode: 'QC', postName: 'Other', postSort: 1 }, EN));
    expect(code.status).toBe(409);
    expect(code.msg).toBe('Post code QC already exists');
    const name = errorOf(await f.mgra.post('/system/post', { postCode: 'x1', postName: '经理', postSort: 1 }, EN));
    expect(name.msg).toBe('Post name 经理 already exists');
    expect(errorOf(await f.mgra.post('/system/post', { postCode: 'a b', postName: 'x', postSort: 1 })).field).toBe(
      'postCode',
    );
    expect(
      errorOf(await f.mgra.post('/system/post', { postCode: 'ab', postName: 'x', postSort: 1, status: '3' })).field,
    ).toBe('status');
    expect(
      (await f.mgra.put('/system/post', { postId: 99999, version: 0, postCode: 'zz', postName: 'zz', postSort: 1 }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses to delete a post in use, deletes a free one', async () => {
    const used = errorOf(await f.mgra.delete('/system/post/1', undefined, EN));
    expect(used.status).toBe(409);
    expect(used.errorCode).toBe('IN_USE');
    expect(used.msg).toBe('Post Sales is assigned to users and cannot be deleted');
    expect((await f.mgra.delete(`/system/post/${postId},99999`)).statusCode).toBe(404);
    expect((await f.mgra.delete(`/system/post/${postId}`)).json().code).toBe(200);
    expect(await countWhere(f.t, 'sys_post', `post_id = ${postId}`)).toBe(0);
    expect((await (await f.t.login('finance')).delete('/system/post/7')).statusCode).toBe(403);
  });

  it('exports posts in the caller language', async () => {
    const sheet = await readXlsx(await f.admin.post('/system/post/export', { status: '0' }, EN));
    expect(sheet.header.slice(0, 3)).toEqual(['Post ID', 'Post code', 'Post name']);
    expect(sheet.rows).toHaveLength(7);
    expect(sheet.rows[0]![4]).toBe('Active');
    expect((await (await f.t.login('sales')).post('/system/post/export', {})).statusCode).toBe(403);
  });
});
