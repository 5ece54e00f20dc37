import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
});
