import type { TLanguage } from '@theone/contracts';

/** One role as the session sees it. */
export interface SessionRole {
  roleId: number;
  roleKey: string;
  dataScope: '1' | '2' | '3' | '4' | '5';
}

/** Who is calling, loaded from the session row on every request (never from request parameters). */
export interface AuthContext {
  sessionId: string;
  userId: number;
  userName: string;
  nickName: string;
  deptId: number | null;
  deptName: string;
  lang: TLanguage;
  roles: SessionRole[];
  roleKeys: string[];
  permissions: ReadonlySet<string>;
  isAdmin: boolean;
  feeRole: boolean;
  mustChangePassword: boolean;
  expiresAt: Date;
  /** Auth epoch (bumped on any role/menu change): a cache key for permission-derived data such as routers. */
  authEpoch: number;
}
