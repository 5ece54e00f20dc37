import type { SessionActivity } from './auth/session-activity';
import type { SessionCache } from './auth/session-cache';
import type { AppConfig } from './config';
import type { Db } from './db/database';
import type { FileStore } from './files/file-store';
import type { OperlogWriter } from './operlog';
import type { Settings } from './settings';

/** What every module's routes receive (one object, as services take their dependencies). */
export interface AppDeps {
  config: AppConfig;
  db: Db;
  settings: Settings;
  operlog: OperlogWriter;
  files: FileStore;
  sessionCache: SessionCache;
  /** Last access of sessions, written in batches (the online-users screen). */
  sessionActivity: SessionActivity;
}
