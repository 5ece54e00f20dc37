import { eq, inArray } from 'drizzle-orm';
import type { TestApp, TestClient } from '../../../test/build-test-app';
import { hashPassword } from '../../platform/auth/password';
import { sysMenu } from '../system/menu/menu.table';
import { sysRole, sysRoleMenu } from '../system/role/role.table';
import { sysUser, sysUserRole } from '../system/user/user.table';
import { basCurrency, basGeog, basMark } from './bas.table';
import { registerUsageCheck, type TUsageEntity } from './usage';

/** Test helpers of the bas integration tests (not a test file). */

/** A user holding exactly `perms` (menu keys) through a new role with `dataScope`. */
export async function userWithPerms(
  t: TestApp,
  userName: string,
  perms: string[],
  dataScope: '1' | '5' = '1',
): Promise<TestClient> {
  const [role] = await t.db
    .insert(sysRole)
    .values({ roleName: userName, roleKey: userName, roleSort: 99, dataScope })
    .returning({ id: sysRole.roleId });
  const menus = await t.db.select({ id: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.perms, perms));
  if (menus.length) await t.db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role!.id, menuId: m.id })));
  const [user] = await t.db
    .insert(sysUser)
    .values({ userName, nickName: userName, password: await hashPassword('Test#2026x'), deptId: 100 })
    .returning({ id: sysUser.userId });
  await t.db.insert(sysUserRole).values({ userId: user!.id, roleId: role!.id });
  return t.login(userName, 'Test#2026x');
}

export async function markId(t: TestApp, code: string): Promise<number> {
  const [row] = await t.db.select({ id: basMark.id }).from(basMark).where(eq(basMark.mark, code));
  if (!row) throw new Error(`no mark ${code}`);
  return row.id;
}

export async function userId(t: TestApp, userName: string): Promise<number> {
  const [row] = await t.db.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, userName));
  return row!.id;
}

export async function geogId(t: TestApp, orgId: 1 | 2, code: string): Promise<number> {
  const rows = await t.db
    .select({ id: basGeog.id, orgId: basGeog.orgId, code: basGeog.code })
    .from(basGeog)
    .where(eq(basGeog.code, code));
  const row = rows.find((r) => r.orgId === orgId);
  if (!row) throw new Error(`no geog ${orgId}/${code}`);
  return row.id;
}

export async function currencyId(t: TestApp, code: string): Promise<number> {
  const [row] = await t.db.select({ id: basCurrency.id }).from(basCurrency).where(eq(basCurrency.code, code));
  return row!.id;
}

/** The body of a new customer mark served by sales person `sales`. */
export const customerBody = (mark: string, sales: number | undefined, extra: Record<string, unknown> = {}) => ({
  mark,
  nameZh: `客户${mark}`,
  clientType: '1',
  balanceType: '2',
  calPriceType: '3',
  sales,
  ...extra,
});

/**
 * Runs `run` while row `id` of `entity` is in use: a usage check like the one the orders module registers claims it
 * (deletes are refused), and is taken away again afterwards.
 */
export async function whileInUse(entity: TUsageEntity, id: number, run: () => Promise<void>): Promise<void> {
  const unregister = registerUsageCheck(entity, async (_db, rowId) => rowId === id);
  try {
    await run();
  } finally {
    unregister();
  }
}
