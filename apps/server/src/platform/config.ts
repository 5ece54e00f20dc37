import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { SheetLimits } from './excel/xlsx-reader';
import type { HeavyLimits } from './http/heavy';
import { DEFAULT_TIMEZONE, isTimeZone } from './time';

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
  /** Idle lifetime of a session in minutes (RuoYi-Cloud: 720); each refresh gives this much again. */
  tokenTtlMinutes: number;
  /** Absolute lifetime of a session in hours from sign-in: no refresh extends a session past it (ASVS 3.3.2). */
  sessionMaxHours: number;
  /** Password hashes and checks (argon2id) running at once in this instance; the others wait their turn. */
  hashConcurrency: number;
  uploadMaxBytes: number;
  bodyLimitBytes: number;
  /** Login attempts per IP per minute; captcha images per IP per minute. */
  loginRateLimit: number;
  captchaRateLimit: number;
  /** IANA zone of business time: times typed and shown, business days (today's orders, sequences, price validity). */
  timezone: string;
  /** Directory of the built SPA to serve at /theone, if it exists. */
  webDistDir: string;
  /** Excel import limits (platform/excel/xlsx-reader.ts). */
  sheetLimits: SheetLimits;
  /** Exports, imports and templates per user (platform/http/heavy.ts). */
  heavyLimits: HeavyLimits;
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

/**
 * Password hashes at once (argon2id, ~25 ms of one core each, on libuv's threadpool): one core and one pool thread
 * stay free for everything else, so a storm of sign-ins cannot starve the other requests (docs/bench.md).
 */
export function defaultHashConcurrency(env: NodeJS.ProcessEnv): number {
  const poolThreads = Number.parseInt(env.UV_THREADPOOL_SIZE ?? '', 10) || 4;
  return Math.max(1, Math.min(availableParallelism() - 1, poolThreads - 1));
}

function parseIntEnv(name: string, value: string | undefined, fallback: number, min = 0, max = 2 ** 31): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer in ${min}..${max}`);
  return n;
}

function parseTimeZone(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_TIMEZONE;
  if (!isTimeZone(value))
    throw new Error(`APP_TIMEZONE must be an IANA time zone such as Asia/Shanghai, got '${value}'`);
  return value;
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
    sessionMaxHours: parseIntEnv('SESSION_MAX_HOURS', env.SESSION_MAX_HOURS, 12, 1, 24 * 30),
    hashConcurrency: parseIntEnv('HASH_CONCURRENCY', env.HASH_CONCURRENCY, defaultHashConcurrency(env), 1, 64),
    uploadMaxBytes: parseIntEnv('UPLOAD_MAX_MB', env.UPLOAD_MAX_MB, 20, 1, 1024) * 1024 * 1024,
    bodyLimitBytes: parseIntEnv('BODY_LIMIT_KB', env.BODY_LIMIT_KB, 1024, 16, 100 * 1024) * 1024,
    loginRateLimit: parseIntEnv('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 30, 1, 1_000_000_000),
    captchaRateLimit: parseIntEnv('CAPTCHA_RATE_LIMIT', env.CAPTCHA_RATE_LIMIT, 60, 1, 1_000_000_000),
    timezone: parseTimeZone(env.APP_TIMEZONE),
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(repoRoot, 'apps', 'web', 'dist')),
    sheetLimits: {
      maxUncompressedBytes:
        parseIntEnv('IMPORT_MAX_UNCOMPRESSED_MB', env.IMPORT_MAX_UNCOMPRESSED_MB, 50, 1, 1024) * 1024 * 1024,
      maxCompressionRatio: parseIntEnv(
        'IMPORT_MAX_COMPRESSION_RATIO',
        env.IMPORT_MAX_COMPRESSION_RATIO,
        200,
        10,
        100_000,
      ),
      maxEntries: parseIntEnv('IMPORT_MAX_ENTRIES', env.IMPORT_MAX_ENTRIES, 500, 10, 65_535),
      maxRows: parseIntEnv('IMPORT_MAX_ROWS', env.IMPORT_MAX_ROWS, 10_000, 1, 1_048_576),
      maxColumns: parseIntEnv('IMPORT_MAX_COLUMNS', env.IMPORT_MAX_COLUMNS, 200, 1, 16_384),
      maxCellChars: parseIntEnv('IMPORT_MAX_CELL_CHARS', env.IMPORT_MAX_CELL_CHARS, 32_767, 1, 1_000_000),
    },
    heavyLimits: {
      perUser: parseIntEnv('HEAVY_PER_USER', env.HEAVY_PER_USER, 2, 1, 1000),
      perInstance: parseIntEnv('HEAVY_PER_INSTANCE', env.HEAVY_PER_INSTANCE, 8, 1, 10_000),
      perMinute: {
        export: parseIntEnv('EXPORT_RATE_LIMIT', env.EXPORT_RATE_LIMIT, 30, 1, 1_000_000_000),
        import: parseIntEnv('IMPORT_RATE_LIMIT', env.IMPORT_RATE_LIMIT, 10, 1, 1_000_000_000),
        template: parseIntEnv('TEMPLATE_RATE_LIMIT', env.TEMPLATE_RATE_LIMIT, 30, 1, 1_000_000_000),
        print: parseIntEnv('PRINT_RATE_LIMIT', env.PRINT_RATE_LIMIT, 120, 1, 1_000_000_000),
      },
    },
  };
}
