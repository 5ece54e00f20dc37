import { describe, expect, it } from 'vitest';
import { CONFIG_SEED, DEMO_USERS, DEPT_SEED, POST_SEED, ROLE_SEED } from './org.seed';
import { flattenDepts, MENUS, matches } from './seed-test-helpers';

const menuPerms = MENUS.filter((m) => m.perms).map((m) => m.perms!);

describe('organisation seed', () => {
  const depts = flattenDepts(DEPT_SEED);
  const deptKeys = new Set(depts.map((d) => d.key));
  const roleKeys = new Set(ROLE_SEED.map((r) => r.key));
  const postCodes = new Set(POST_SEED.map((p) => p.code));

  it('has unique department keys, the seven departments of screens §4.6, names within 50', () => {
    expect(deptKeys.size).toBe(depts.length);
    expect(DEPT_SEED.children?.map((d) => d.name)).toEqual([
      '广州仓',
      '义乌仓',
      '曼谷仓',
      '销售部',
      '客服部',
      '财务部',
      '调度部',
    ]);
    for (const d of depts) {
      expect(d.name.length).toBeLessThanOrEqual(50);
      expect((d.leader ?? '').length).toBeLessThanOrEqual(30);
    }
  });

  it('has the posts of screens §4.10', () => {
    expect(POST_SEED.map((p) => p.code)).toEqual(['sales', 'cs', 'wh', 'dispatch', 'driver', 'finance', 'manager']);
  });

  it('has the six roles, admin with everything', () => {
    expect(ROLE_SEED.map((r) => r.key)).toEqual(['admin', 'sales', 'service', 'dispatcher', 'driver', 'finance']);
    expect(ROLE_SEED[0]).toMatchObject({ key: 'admin', dataScope: '1', perms: ['*:*:*'] });
    for (const r of ROLE_SEED) expect(r.name.length).toBeLessThanOrEqual(30);
  });

  it.each(ROLE_SEED.map((r) => [r.key, r] as const))('role %s: every pattern matches a menu key', (_key, role) => {
    expect(new Set(role.perms).size).toBe(role.perms.length);
    for (const pattern of role.perms) {
      expect(
        menuPerms.some((p) => matches(pattern, p)),
        `${role.key}: ${pattern}`,
      ).toBe(true);
    }
  });

  it('gives the fee role to admin, finance and sales only, and to every role that reaches /balance', () => {
    const granted = (key: string, perms: string) =>
      ROLE_SEED.find((r) => r.key === key)!.perms.some((p) => matches(p, perms));
    const balancePerms = MENUS.filter((m) => m.fullPath?.startsWith('/balance/')).map((m) => m.perms!);
    for (const role of ROLE_SEED) {
      const fee = granted(role.key, 'bus:fee:view');
      expect(fee, role.key).toBe(['admin', 'finance', 'sales'].includes(role.key));
      if (balancePerms.some((p) => granted(role.key, p))) expect(fee, role.key).toBe(true);
    }
  });

  it('gives every non-admin role a screen for each of its buttons', () => {
    for (const role of ROLE_SEED.filter((r) => r.key !== 'admin')) {
      const buttons = MENUS.filter(
        (m) => m.type === 'F' && m.parent?.type === 'C' && role.perms.some((p) => matches(p, m.perms!)),
      );
      for (const b of buttons) {
        expect(
          role.perms.some((p) => matches(p, b.parent!.perms!)),
          `${role.key}: ${b.perms}`,
        ).toBe(true);
      }
    }
  });

  it('has one demo user per non-admin role, plus sales2 in another department', () => {
    expect(DEMO_USERS.map((u) => u.userName).sort()).toEqual(
      ['dispatcher', 'driver', 'finance', 'sales', 'sales2', 'service'].sort(),
    );
    const sales = DEMO_USERS.filter((u) => u.roles.includes('sales'));
    expect(new Set(sales.map((u) => u.dept)).size).toBe(2);
  });

  it.each(DEMO_USERS.map((u) => [u.userName, u] as const))('demo user %s references seeded keys', (_n, user) => {
    expect(deptKeys.has(user.dept), user.dept).toBe(true);
    for (const r of user.roles) expect(roleKeys.has(r), r).toBe(true);
    for (const p of user.posts) expect(postCodes.has(p), p).toBe(true);
    expect(user.roles).not.toContain('admin');
    expect(user.nickName).toMatch(/[\u4e00-\u9fff]/);
    expect(user.nickName.length).toBeLessThanOrEqual(30);
    expect(user.phonenumber).toMatch(/^(1[3-9]\d{9}|0[689]\d{8})$/);
    expect(user.email).toMatch(/^[\w.+-]+@[\w-]+(\.[\w-]+)+$/);
  });

  it('has the settings of screens §4.12 with unique keys, keys and values within the column sizes', () => {
    const keys = CONFIG_SEED.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    const byKey = Object.fromEntries(CONFIG_SEED.map((c) => [c.key, c.value]));
    expect(byKey).toMatchObject({
      'sys.account.captchaEnabled': 'true',
      'sys.user.initPassword': 'Theone@2026',
      'sys.login.lockCount': '5',
      'sys.login.lockMinutes': '10',
      'bal.overdueDays': '30',
      'bas.defaultVolWgtRate': '300',
      'sys.feeRole.rule': 'bus:fee:view',
    });
    for (const c of CONFIG_SEED) {
      expect(c.key.length).toBeLessThanOrEqual(100);
      expect(c.value.length).toBeLessThanOrEqual(500);
    }
  });

  it('has an initial password of 8–64 characters mixing at least three kinds of character', () => {
    const pwd = CONFIG_SEED.find((c) => c.key === 'sys.user.initPassword')!.value;
    expect(pwd.length).toBeGreaterThanOrEqual(8);
    expect(pwd.length).toBeLessThanOrEqual(64);
    const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(pwd)).length;
    expect(kinds).toBeGreaterThanOrEqual(3);
  });
});
