import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sysUser } from '../../modules/system/user/user.table';
import type { AuthContext, SessionRole } from './auth-context';
import { dataScopeFilter } from './data-scope';

const dialect = new PgDialect({ casing: 'snake_case' });
const render = (s: ReturnType<typeof dataScopeFilter>) => (s ? dialect.sqlToQuery(s) : undefined);

function auth(roles: Array<Pick<SessionRole, 'dataScope' | 'roleId'>>, extra: Partial<AuthContext> = {}): AuthContext {
  return {
    sessionId: 's',
    userId: 7,
    userName: 'u',
    nickName: 'u',
    deptId: 103,
    deptName: 'd',
    lang: 'zh-cn',
    roles: roles.map((r) => ({ ...r, roleKey: `r${r.roleId}` })),
    roleKeys: [],
    permissions: new Set(),
    isAdmin: false,
    feeRole: false,
    mustChangePassword: false,
    expiresAt: new Date(),
    authEpoch: 0,
    ...extra,
  };
}

const cols = { dept: sysUser.deptId, user: sysUser.userId };

describe('data scope', () => {
  it('admin and scope 1 see everything', () => {
    expect(dataScopeFilter(auth([], { isAdmin: true }), cols)).toBeUndefined();
    expect(
      dataScopeFilter(
        auth([
          { roleId: 2, dataScope: '5' },
          { roleId: 3, dataScope: '1' },
        ]),
        cols,
      ),
    ).toBeUndefined();
  });

  it.each([
    ['2', /dept_id" IN \(SELECT rd\.dept_id FROM sys_role_dept rd WHERE rd\.role_id = \$1\)/, [4]],
    ['3', /"dept_id" = \$1/, [103]],
    ['4', /dept_id" IN \(SELECT d\.dept_id FROM sys_dept d WHERE d\.dept_id = \$1 OR \$2 = ANY/, [103, '103']],
    ['5', /"user_id" = \$1/, [7]],
  ] as const)('scope %s builds its condition from the session only', (scope, pattern, params) => {
    const q = render(dataScopeFilter(auth([{ roleId: 4, dataScope: scope }]), cols))!;
    expect(q.sql).toMatch(pattern);
    expect(q.params).toEqual(params);
  });

  it('several roles are OR-ed', () => {
    const q = render(
      dataScopeFilter(
        auth([
          { roleId: 4, dataScope: '3' },
          { roleId: 5, dataScope: '5' },
        ]),
        cols,
      ),
    )!;
    expect(q.sql).toMatch(/ OR /);
    expect(q.params).toEqual([103, 7]);
  });

  it('business data passes its own "self" condition', () => {
    const q = render(
      dataScopeFilter(auth([{ roleId: 4, dataScope: '5' }]), { ...cols, self: sql`mark.sales = ${7}` }),
    )!;
    expect(q.sql).toContain('mark.sales = $1');
  });

  it('no role, or no column to apply a scope to, sees nothing', () => {
    expect(render(dataScopeFilter(auth([]), cols))!.sql).toBe('false');
    expect(render(dataScopeFilter(auth([{ roleId: 4, dataScope: '5' }]), { dept: sysUser.deptId }))!.sql).toBe('false');
  });

  it('departments kept as an array on the row (depts): tested with && and = ANY in the row', () => {
    const depts = { depts: sql.raw('l.party_depts') };
    const custom = render(dataScopeFilter(auth([{ roleId: 4, dataScope: '2' }]), depts))!;
    expect(custom.sql).toBe(
      '(l.party_depts && ARRAY(SELECT rd.dept_id FROM sys_role_dept rd WHERE rd.role_id = $1)::bigint[])',
    );
    expect(custom.params).toEqual([4]);
    const own = render(dataScopeFilter(auth([{ roleId: 4, dataScope: '3' }]), depts))!;
    expect(own.sql).toBe('($1::bigint = ANY(l.party_depts))');
    expect(own.params).toEqual([103]);
    const below = render(dataScopeFilter(auth([{ roleId: 4, dataScope: '4' }]), depts))!;
    expect(below.sql).toMatch(
      /^\(l\.party_depts && ARRAY\(SELECT d\.dept_id FROM sys_dept d WHERE d\.dept_id = \$1 OR /,
    );
    // 'self' still needs its own condition
    expect(render(dataScopeFilter(auth([{ roleId: 4, dataScope: '5' }]), depts))!.sql).toBe('false');
  });
});
