import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultHashConcurrency, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'theone-config-'));

describe('configuration', () => {
  it('requires a JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/JWT_SECRET is required/);
  });

  it.each(['short', 'a'.repeat(40), 'your-256-bit-secret'])('refuses the weak secret %s', (secret) => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), JWT_SECRET: secret })).toThrow(/JWT_SECRET/);
  });

  it('generates and keeps a secret outside production', () => {
    const dir = dataDir();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(Buffer.from(a.jwtSecret).length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(a.jwtSecret).equals(Buffer.from(b.jwtSecret))).toBe(true);
  });

  it('reads the documented variables with defaults', () => {
    const c = loadConfig({ DATA_DIR: dataDir(), PORT: '9090', CAPTCHA_ENABLED: 'false' });
    expect(c.port).toBe(9090);
    expect(c.captchaEnabled).toBe(false);
    expect(c.tokenTtlMinutes).toBe(720);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), CAPTCHA_ENABLED: 'maybe' })).toThrow();
  });

  it('reads the session lifetimes and the password-hash concurrency', () => {
    const d = loadConfig({ DATA_DIR: dataDir() });
    expect(d.sessionMaxHours).toBe(12);
    // one core and one threadpool thread stay free for the other requests, at least one hash at a time
    expect(d.hashConcurrency).toBe(Math.max(1, Math.min(availableParallelism() - 1, 3)));
    expect(defaultHashConcurrency({ UV_THREADPOOL_SIZE: '2' })).toBe(1);
    const c = loadConfig({ DATA_DIR: dataDir(), SESSION_MAX_HOURS: '24', HASH_CONCURRENCY: '3' });
    expect([c.sessionMaxHours, c.hashConcurrency]).toEqual([24, 3]);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SESSION_MAX_HOURS: '0' })).toThrow(/SESSION_MAX_HOURS/);
  });

  it('takes the business time zone from APP_TIMEZONE and refuses an unknown zone', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).timezone).toBe('Asia/Shanghai');
    expect(loadConfig({ DATA_DIR: dataDir(), APP_TIMEZONE: 'Asia/Bangkok' }).timezone).toBe('Asia/Bangkok');
    expect(() => loadConfig({ DATA_DIR: dataDir(), APP_TIMEZONE: 'Asia/Nowhere' })).toThrow(/APP_TIMEZONE/);
  });

  it('reads the import and export limits, with the documented defaults', () => {
    const d = loadConfig({ DATA_DIR: dataDir() });
    expect(d.sheetLimits).toEqual({
      maxUncompressedBytes: 50 * 1024 * 1024,
      maxCompressionRatio: 200,
      maxEntries: 500,
      maxRows: 10_000,
      maxColumns: 200,
      maxCellChars: 32_767,
    });
    expect(d.heavyLimits).toEqual({
      perUser: 2,
      perInstance: 8,
      perMinute: { export: 30, import: 10, template: 30, print: 120 },
    });
    const c = loadConfig({
      DATA_DIR: dataDir(),
      IMPORT_MAX_UNCOMPRESSED_MB: '10',
      HEAVY_PER_USER: '1',
      EXPORT_RATE_LIMIT: '5',
    });
    expect(c.sheetLimits.maxUncompressedBytes).toBe(10 * 1024 * 1024);
    expect(c.heavyLimits.perUser).toBe(1);
    expect(c.heavyLimits.perMinute.export).toBe(5);
    expect(() => loadConfig({ DATA_DIR: dataDir(), IMPORT_MAX_CELL_CHARS: '0' })).toThrow(/IMPORT_MAX_CELL_CHARS/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), IMPORT_RATE_LIMIT: 'many' })).toThrow(/IMPORT_RATE_LIMIT/);
  });
});
