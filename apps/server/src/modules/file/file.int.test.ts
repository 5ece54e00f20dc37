import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/suite';
import { multipart, PNG } from '../../../test/upload';

const s = useSuite({ env: { UPLOAD_MAX_MB: '1' }, setup: async ({ t }) => ({ user: await t.login('service') }) });

const fileCount = async () =>
  (await s.t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sys_file`)).rows[0]!.n;

describe('[FILES] upload and download', () => {
  it('uploads a PNG and downloads it back by id with an RFC 6266 file name', async () => {
    const { payload, headers } = multipart([{ field: 'file', name: '签收照片.png', content: PNG, type: 'image/png' }]);
    const res = await s.user.request({ method: 'POST', url: '/file/upload', payload, headers });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.fileId).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.contentType).toBe('image/png');
    expect(data.size).toBe(PNG.length);
    const down = await s.user.get(`/file/download/${data.fileId}`);
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(PNG)).toBe(true);
    expect(down.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('签收照片.png')}`);
    expect(down.headers['x-content-type-options']).toBe('nosniff');
  });

  it('uploads several files at once', async () => {
    const { payload, headers } = multipart([
      { field: 'files', name: 'a.png', content: PNG },
      { field: 'files', name: 'b.png', content: PNG },
    ]);
    const res = await s.user.request({ method: 'POST', url: '/file/uploadFiles', payload, headers });
    expect(res.json().data).toHaveLength(2);
  });

  it('refuses an HTML file renamed .png (type checked by content) and stores nothing', async () => {
    const before = await fileCount();
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const { payload, headers } = multipart([{ field: 'file', name: 'photo.png', content: html, type: 'image/png' }]);
    const res = await s.user.request({ method: 'POST', url: '/file/upload', payload, headers });
    expect(res.statusCode).toBe(415);
    expect(res.json().errorCode).toBe('UNSUPPORTED_FILE');
    expect(await fileCount()).toBe(before);
  });

  it('refuses a PNG whose name claims another type', async () => {
    const { payload, headers } = multipart([{ field: 'file', name: 'report.pdf', content: PNG }]);
    expect((await s.user.request({ method: 'POST', url: '/file/upload', payload, headers })).statusCode).toBe(415);
  });

  it('refuses a file above the size limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]);
    const { payload, headers } = multipart([{ field: 'file', name: 'big.png', content: big }]);
    const res = await s.user.request({ method: 'POST', url: '/file/upload', payload, headers });
    expect(res.statusCode).toBe(413);
    // and the next valid request works
    const ok = multipart([{ field: 'file', name: 'ok.png', content: PNG }]);
    expect((await s.user.request({ method: 'POST', url: '/file/upload', ...ok })).statusCode).toBe(200);
  });

  it.each([
    '../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '%2Fetc%2Fpasswd',
    '/etc/passwd',
    'C:%5Cwindows%5Cwin.ini',
    '00000000-0000-4000-8000-000000000000',
  ])('download refuses %s', async (id) => {
    const res = await s.user.get(`/file/download/${id}`);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('root:');
  });

  it('download needs a session', async () => {
    expect((await s.t.anon.get('/file/download/00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });
});
