import type { AuthContext } from '../src/platform/auth/auth-context';

/**
 * A session as services take it, for tests that call a service or the order core directly (no request): the user,
 * the data scope of one role ('1' all data, '5' their own customers only), no permissions, no fee role.
 */
export function testAuth(userId: number, userName: string, dataScope: '1' | '5' = '1'): AuthContext {
  return {
    sessionId: 'test',
    userId,
    userName,
    nickName: userName,
    deptId: null,
    deptName: '',
    lang: 'en',
    roles: [{ roleId: 0, roleKey: 'test', dataScope }],
    roleKeys: ['test'],
    permissions: new Set(),
    isAdmin: false,
    feeRole: false,
    mustChangePassword: false,
    expiresAt: new Date(Date.now() + 3600_000),
    authEpoch: 0,
  };
}
