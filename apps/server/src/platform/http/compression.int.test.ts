import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';

/**
 * API answers over 1 KB are compressed for clients that accept it (issue 10: staff in Thailand, server in China);
 * small answers, clients without Accept-Encoding and binary downloads (xlsx, pdf) go as they are.
 */
describe('[PLATFORM] compressed API answers', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  const LIST = '/system/user/list?pageNum=1&pageSize=20';

  it('sends a JSON list over 1 KB with gzip (brotli to a client that takes only brotli), with Vary: Accept-Encoding', async () => {
    const plain = await admin.get(LIST);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const gz = await admin.get(LIST, { 'accept-encoding': 'gzip, deflate, br, zstd' }); // Chromium's
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());

    const br = await admin.get(LIST, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves answers under 1 KB alone', async () => {
    const res = await t.anon.get('/health', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('streams an xlsx export untouched (already a zip)', async () => {
    const res = await admin.post('/system/user/export', {}, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toContain('spreadsheetml');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('does not inflate compressed request bodies (a valid gzip body is refused, not read)', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/system/user/export',
      payload: gzipSync(JSON.stringify({})),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
