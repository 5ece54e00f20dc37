import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/build-test-app';

/**
 * The addresses a person types: `/`, `/theone`, `/theone/` (the one the README and the start message print) and a
 * client route. `/theone/` used to redirect to itself forever (ERR_TOO_MANY_REDIRECTS in Chromium).
 */
const INDEX = `<!doctype html><title>TheOne</title><div id="root"></div>${'<!-- padding -->'.repeat(80)}`;
const BIG_JS = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n');
const CHROME = 'gzip, deflate, br, zstd';

describe('[PLATFORM] serving the web app', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'theone-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What the web build writes (apps/web/build/precompress.ts): .br and .gz beside each text file over 1 KB.
    for (const [file, text] of [
      ['index.html', INDEX],
      ['assets/big-def456.js', BIG_JS],
    ]) {
      writeFileSync(path.join(dist, file), text);
      writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
      writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
    }
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('answers /theone/ with the app, not a redirect', async () => {
    const res = await get('/theone/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers /theone/ with a query string with the app', async () => {
    const res = await get('/theone/?lang=th');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it('sends / and /theone to /theone/ once, and the target is the app', async () => {
    for (const url of ['/', '/theone']) {
      const res = await get(url);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/theone/');
      const next = await get(String(res.headers.location));
      expect(next.statusCode).toBe(200);
    }
    const withQuery = await get('/theone?lang=en');
    expect(withQuery.statusCode).toBe(302);
    expect(withQuery.headers.location).toBe('/theone/?lang=en');
  });

  it('answers client routes with the app and assets with long caching', async () => {
    const page = await get('/theone/bus/orderList');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    const asset = await get('/theone/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends the brotli or gzip file the build wrote, by Accept-Encoding, with Vary, never compressing on the fly', async () => {
    const br = await get('/theone/assets/big-def456.js', { 'accept-encoding': CHROME });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(BIG_JS);

    const gz = await get('/theone/assets/big-def456.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(BIG_JS);

    const plain = await get('/theone/assets/big-def456.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(BIG_JS);

    // A file without compressed variants (under 1 KB) goes as it is.
    const small = await get('/theone/assets/app-abc123.js', { 'accept-encoding': CHROME });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('sends the app page compressed at /theone/ and at client routes', async () => {
    for (const url of ['/theone/', '/theone/bus/orderList']) {
      const res = await get(url, { 'accept-encoding': CHROME });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(String(res.headers['content-type'])).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(INDEX);
    }
  });
});
