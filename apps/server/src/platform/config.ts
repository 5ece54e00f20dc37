import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Configuration from the environment (README lists every variable). Read once at start-up.
 */
export interface AppConfig {
  nodeEnv: 'production' | 'development' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  pgDataDir: string;
  /** `false` overrides the stored captcha setting (automation and tests); undefined leaves the stored setting. */
  captchaEnabled?: boolean;
  jwtSecret: Uint8Array;
  adminPassword?: string;
  logLevel: string;
  /** Session lifetime in minutes (RuoYi-Cloud: 720). */
  tokenTtlMinutes: number;
  uploadMaxBytes: number;
  bodyLimitBytes: number;
  /** Login attempts per IP per minute; captcha images per IP per minute. */
  loginRateLimit: number;
  captchaRateLimit: number;
  /** IANA zone for business days (today's orders, sequences). */
  timezone: string;
  /** Directory of the built SPA to serve at /theone, if it exists. */
  webDistDir: string;
}

const KNOWN_WEAK_SECRETS = new Set([
  'secret',
  'changeme',
  'change-me',
  'jwt_secret',
  'abcdefghijklmnopqrstuvwxyz',
  'abcdefghijklmnopqrstuvwxyz012345',
  '00000000000000000000000000000000',
  'your-256-bit-secret',
  'mySecretKey',
]);

function parseBool(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new Error(`Expected true or false, got '${value}'`);
}

function parseIntEnv(name: string, value: string | undefined, fallback: number, min = 0, max = 2 ** 31): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer in ${min}..${max}`);
  return n;
}

/** Finds the repository root (the folder holding apps/server) from this module, in source or bundled form. */
export function findRepoRoot(from: string = process.cwd()): string {
  const candidates = [path.dirname(new URL(import.meta.url).pathname), from];
  for (const start of candidates) {
    let dir = start;
    for (let i = 0; i < 8; i++) {
      if (existsSync(path.join(dir, 'apps', 'server', 'drizzle'))) return dir;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  throw new Error('Cannot find the repository root (apps/server/drizzle). Run from the project checkout.');
}

function resolveJwtSecret(env: NodeJS.ProcessEnv, isProduction: boolean, dataDir: string): Uint8Array {
  const fromEnv = env.JWT_SECRET;
  if (fromEnv) {
    if (Buffer.byteLength(fromEnv) < 32) throw new Error('JWT_SECRET must be at least 32 bytes.');
    if (KNOWN_WEAK_SECRETS.has(fromEnv) || /^(.)\1+$/.test(fromEnv))
      throw new Error('JWT_SECRET is a known default; choose a random one.');
    return new TextEncoder().encode(fromEnv);
  }
  if (isProduction) throw new Error('JWT_SECRET is required in production (32 or more random bytes).');
  // Outside production: generated once and kept in the data directory so sessions survive restarts.
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const isProduction = nodeEnv === 'production';
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const repoRoot = (() => {
    try {
      return findRepoRoot();
    } catch {
      return process.cwd();
    }
  })();
  return {
    nodeEnv,
    isProduction,
    port: parseIntEnv('PORT', env.PORT, 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    pgDataDir: path.resolve(env.PG_DATA_DIR || path.join(dataDir, 'postgres')),
    captchaEnabled: parseBool(env.CAPTCHA_ENABLED),
    jwtSecret: resolveJwtSecret(env, isProduction, dataDir),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || (isProduction ? 'info' : 'warn'),
    tokenTtlMinutes: parseIntEnv('TOKEN_TTL_MINUTES', env.TOKEN_TTL_MINUTES, 720, 1, 60 * 24 * 30),
    uploadMaxBytes: parseIntEnv('UPLOAD_MAX_MB', env.UPLOAD_MAX_MB, 20, 1, 1024) * 1024 * 1024,
    bodyLimitBytes: parseIntEnv('BODY_LIMIT_KB', env.BODY_LIMIT_KB, 1024, 16, 100 * 1024) * 1024,
    loginRateLimit: parseIntEnv('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 30, 1, 1_000_000_000),
    captchaRateLimit: parseIntEnv('CAPTCHA_RATE_LIMIT', env.CAPTCHA_RATE_LIMIT, 60, 1, 1_000_000_000),
    timezone: env.APP_TIMEZONE || 'Asia/Shanghai',
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(repoRoot, 'apps', 'web', 'dist')),
  };
}
