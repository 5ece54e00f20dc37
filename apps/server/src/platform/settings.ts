import { inArray } from 'drizzle-orm';
import { sysConfig } from './db/config.table';
import type { Db } from './db/database';

/**
 * Typed access to sys_config values the platform reads (captcha, lockout, initial password).
 * Cached briefly per process; `invalidate()` after edits (config CRUD, refreshCache) and whenever any instance (or
 * a script) changes sys_config (app.ts subscribes it to platform/cache-events.ts); `ttlMs` bounds it otherwise.
 */
export const SETTING_KEYS = {
  captchaEnabled: 'sys.account.captchaEnabled',
  initPassword: 'sys.user.initPassword',
  lockCount: 'sys.login.lockCount',
  lockMinutes: 'sys.login.lockMinutes',
} as const;

const DEFAULTS: Record<string, string> = {
  [SETTING_KEYS.captchaEnabled]: 'true',
  [SETTING_KEYS.initPassword]: 'Theone@2026',
  [SETTING_KEYS.lockCount]: '5',
  [SETTING_KEYS.lockMinutes]: '10',
};

export class Settings {
  private cache = new Map<string, string>();
  private loadedAt = 0;
  /** bumped by invalidate(): a read that overlaps a change is not kept */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly overrides: { captchaEnabled?: boolean } = {},
    private readonly ttlMs = 5_000,
  ) {}

  invalidate() {
    this.loadedAt = 0;
    this.generation++;
  }

  async get(key: string): Promise<string> {
    let values = this.cache;
    if (Date.now() - this.loadedAt > this.ttlMs) {
      const generation = this.generation;
      const rows = await this.db.select({ k: sysConfig.configKey, v: sysConfig.configValue }).from(sysConfig);
      values = new Map(rows.map((r) => [r.k, r.v]));
      if (generation === this.generation) {
        this.cache = values;
        this.loadedAt = Date.now();
      }
    }
    return values.get(key) ?? DEFAULTS[key] ?? '';
  }

  async getMany(keys: string[]): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const k of keys) out[k] = await this.get(k);
    return out;
  }

  async captchaEnabled(): Promise<boolean> {
    if (this.overrides.captchaEnabled !== undefined) return this.overrides.captchaEnabled;
    return (await this.get(SETTING_KEYS.captchaEnabled)).toLowerCase() !== 'false';
  }

  async lockPolicy(): Promise<{ count: number; minutes: number }> {
    const count = Number.parseInt(await this.get(SETTING_KEYS.lockCount), 10);
    const minutes = Number.parseInt(await this.get(SETTING_KEYS.lockMinutes), 10);
    return { count: count > 0 ? count : 5, minutes: minutes > 0 ? minutes : 10 };
  }

  async initPassword(): Promise<string> {
    return this.get(SETTING_KEYS.initPassword);
  }
}

/** Exposed for config CRUD: keys whose values the platform validates. */
export async function readConfigValues(db: Db, keys: string[]) {
  return db.select().from(sysConfig).where(inArray(sysConfig.configKey, keys));
}
