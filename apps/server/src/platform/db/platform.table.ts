import { bigint, char, index, integer, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * Server-side sessions behind the JWT: revoking a row ends the session on its next request. `expiresAt` is the idle
 * end (moved by each refresh), never later than `createdAt` + SESSION_MAX_HOURS; `lastAccessAt` is written at most
 * once a minute per session (session-activity.ts) and is no reason to notify the session caches (migration 0011).
 */
export const sysSession = pgTable(
  'sys_session',
  {
    sessionId: varchar({ length: 64 }).primaryKey(),
    userId: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ipaddr: varchar({ length: 128 }).notNull().default(''),
    userAgent: varchar({ length: 300 }).notNull().default(''),
    lastAccessAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Why it was revoked: '' (sign-out, password change, disabled user...) or 'forced' (an administrator). */
    endReason: varchar({ length: 20 }).notNull().default(''),
    /** Who forced it to end (user name). */
    endedBy: varchar({ length: 64 }).notNull().default(''),
  },
  (t) => [index('sys_session_user_idx').on(t.userId), index('sys_session_expires_idx').on(t.expiresAt)],
);

/** Captcha answers: single use (deleted when checked), two-minute life. */
export const sysCaptcha = pgTable(
  'sys_captcha',
  {
    uuid: varchar({ length: 64 }).primaryKey(),
    answer: varchar({ length: 16 }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sys_captcha_expires_idx').on(t.expiresAt)],
);

/** Failed-login counter per account name; one atomic upsert per failure. */
export const sysLoginLock = pgTable('sys_login_lock', {
  userName: varchar({ length: 50 }).primaryKey(),
  failCount: integer().notNull().default(0),
  windowStart: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});

/** Fixed-window rate limits (per IP and purpose), shared by every instance. */
export const sysRateLimit = pgTable('sys_rate_limit', {
  bucket: varchar({ length: 200 }).primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  hits: integer().notNull().default(0),
});

/** Uploaded files: stored under the data directory by opaque id; metadata here. */
export const sysFile = pgTable('sys_file', {
  fileId: uuid().primaryKey(),
  originalName: varchar({ length: 255 }).notNull(),
  contentType: varchar({ length: 100 }).notNull(),
  extension: varchar({ length: 10 }).notNull(),
  size: bigint({ mode: 'number' }).notNull(),
  sha256: char({ length: 64 }).notNull(),
  createBy: varchar({ length: 64 }).notNull().default(''),
  /** The user who uploaded it: the only reader (besides the administrator) while no record references the file. */
  uploaderId: bigint({ mode: 'number' }),
  createTime: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Business number sequences (waybill, bill, write-off numbers), per name and period. */
export const sysSequence = pgTable(
  'sys_sequence',
  {
    name: varchar({ length: 50 }).notNull(),
    period: varchar({ length: 20 }).notNull(),
    value: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.period] })],
);

/**
 * A counter bumped by statement triggers on sys_role, sys_role_menu and sys_menu (see the auth_epoch migration).
 * Sessions read it with every request and cache role permissions per epoch, so a permission change takes effect
 * on the next request in every instance without re-reading every role's menus each time.
 */
export const sysAuthEpoch = pgTable('sys_auth_epoch', {
  id: integer().primaryKey().default(1),
  epoch: bigint({ mode: 'number' }).notNull().default(0),
});
