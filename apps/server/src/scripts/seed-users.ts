import { and, eq, like, or, sql } from 'drizzle-orm';
import { sysDept } from '../modules/system/dept/dept.table';
import { sysMenu } from '../modules/system/menu/menu.table';
import { sysRole, sysRoleMenu } from '../modules/system/role/role.table';
import { sysUser, sysUserRole } from '../modules/system/user/user.table';
import { hashPassword } from '../platform/auth/password';
import type { Db } from '../platform/db/database';

/**
 * Bench data of the user list (issue 4 budget: 10,000 users in 50 departments, `/system/user/list` p95 under
 * 50 ms at 50 connections with the data scope applied).
 *
 *   const seeded = await seedUsers(db, { users: 10_000, depts: 50 });
 *   const token = await ctx.login(seeded.manager.userName, seeded.manager.password);
 *   // GET /prod-api/system/user/list?pageNum=1&pageSize=20 with that token: data scope 4 over all bench users
 *
 * Departments: a 'Bench' department under the head office, a first level of ceil(depts / 5) departments and the
 * rest spread under them (two levels, so 'department and below' has work to do). Users are spread evenly, with
 * creation times a minute apart (the list's default order), unique names ('bench00001'), phones and e-mails, and
 * one shared password hash. The manager ('benchmgr') holds a role with only system:user:list and data scope 4
 * (own department and below), placed in the Bench department, so every bench user is in scope through the
 * scope filter. Idempotent: a second call finds the Bench department and returns what exists.
 */
export interface SeedUsersOptions {
  users: number;
  depts: number;
  /** Password of the bench users and the manager (default 'Bench#2026'). */
  password?: string;
}

export interface SeedUsersResult {
  rootDeptId: number;
  deptIds: number[];
  users: number;
  manager: { userName: string; password: string; userId: number; roleId: number };
}

const ROOT_KEY = 'bench_root';

export async function seedUsers(db: Db, options: SeedUsersOptions): Promise<SeedUsersResult> {
  const password = options.password ?? 'Bench#2026';
  const total = Math.max(0, Math.floor(options.users));
  const deptCount = Math.max(1, Math.floor(options.depts));

  const [existing] = await db.select().from(sysDept).where(eq(sysDept.seedKey, ROOT_KEY));
  if (existing) return describeExisting(db, existing.deptId, password);

  const hashed = await hashPassword(password);
  return db
    .transaction(async (tx) => {
      const [hq] = await tx
        .select()
        .from(sysDept)
        .where(and(eq(sysDept.parentId, 0), eq(sysDept.delFlag, '0')))
        .limit(1);
      const parentId = hq?.deptId ?? 0;
      const parentAncestors = hq ? `${hq.ancestors},${hq.deptId}` : '0';
      const [root] = await tx
        .insert(sysDept)
        .values({
          parentId,
          ancestors: parentAncestors,
          deptName: 'Bench',
          orderNum: 99,
          seedKey: ROOT_KEY,
          createBy: 'bench',
        })
        .returning();
      const rootAncestors = `${root!.ancestors},${root!.deptId}`;

      const firstLevel = Math.ceil(deptCount / 5);
      const level1 = await tx
        .insert(sysDept)
        .values(
          Array.from({ length: firstLevel }, (_, i) => ({
            parentId: root!.deptId,
            ancestors: rootAncestors,
            deptName: `Bench ${String(i + 1).padStart(2, '0')}`,
            orderNum: i + 1,
            createBy: 'bench',
          })),
        )
        .returning({ deptId: sysDept.deptId, ancestors: sysDept.ancestors });
      const rest = deptCount - firstLevel;
      const level2 = rest
        ? await tx
            .insert(sysDept)
            .values(
              Array.from({ length: rest }, (_, i) => {
                const parent = level1[i % level1.length]!;
                return {
                  parentId: parent.deptId,
                  ancestors: `${parent.ancestors},${parent.deptId}`,
                  deptName: `Bench ${String((i % level1.length) + 1).padStart(2, '0')}-${Math.floor(i / level1.length) + 1}`,
                  orderNum: Math.floor(i / level1.length) + 1,
                  createBy: 'bench',
                };
              }),
            )
            .returning({ deptId: sysDept.deptId })
        : [];
      const deptIds = [...level1.map((d) => d.deptId), ...level2.map((d) => d.deptId)];

      const start = Date.now() - total * 60_000;
      for (let offset = 0; offset < total; offset += 1000) {
        const chunk = Array.from({ length: Math.min(1000, total - offset) }, (_, j) => {
          const n = offset + j + 1;
          const id = String(n).padStart(5, '0');
          return {
            userName: `bench${id}`,
            nickName: `Bench user ${id}`,
            deptId: deptIds[n % deptIds.length]!,
            phonenumber: `139${String(n).padStart(8, '0')}`,
            email: `bench${id}@bench.example`,
            sex: String(n % 3),
            password: hashed,
            createBy: 'bench',
            createTime: new Date(start + n * 60_000),
          };
        });
        await tx.insert(sysUser).values(chunk);
      }

      // The manager: only the user list, data scope 'own department and below' from the Bench department.
      const [role] = await tx
        .insert(sysRole)
        .values({
          roleName: 'Bench user manager',
          roleKey: 'bench_user_manager',
          roleSort: 99,
          dataScope: '4',
          createBy: 'bench',
        })
        .returning({ roleId: sysRole.roleId });
      const menus = await tx
        .select({ id: sysMenu.menuId })
        .from(sysMenu)
        .where(or(eq(sysMenu.perms, 'system:user:list'), eq(sysMenu.path, '/system')));
      if (menus.length) await tx.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role!.roleId, menuId: m.id })));
      const [manager] = await tx
        .insert(sysUser)
        .values({
          userName: 'benchmgr',
          nickName: 'Bench manager',
          deptId: root!.deptId,
          password: hashed,
          createBy: 'bench',
        })
        .returning({ userId: sysUser.userId });
      await tx.insert(sysUserRole).values({ userId: manager!.userId, roleId: role!.roleId });

      return {
        rootDeptId: root!.deptId,
        deptIds,
        users: total,
        manager: { userName: 'benchmgr', password, userId: manager!.userId, roleId: role!.roleId },
      };
    })
    .then(async (result) => {
      // Fresh statistics so the planner sees 10,000 users at once, and a visibility map so counts can use
      // index-only scans (what autovacuum does for a live system after bulk inserts).
      await db.execute(sql`VACUUM (ANALYZE) sys_user`);
      await db.execute(sql`ANALYZE sys_dept`);
      return result;
    });
}

async function describeExisting(db: Db, rootDeptId: number, password: string): Promise<SeedUsersResult> {
  const depts = await db
    .select({ deptId: sysDept.deptId })
    .from(sysDept)
    .where(sql`${String(rootDeptId)} = ANY(string_to_array(${sysDept.ancestors}, ','))`);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sysUser)
    .where(and(like(sysUser.userName, 'bench%'), eq(sysUser.createBy, 'bench')));
  const [manager] = await db.select().from(sysUser).where(eq(sysUser.userName, 'benchmgr'));
  const [role] = await db.select().from(sysRole).where(eq(sysRole.roleKey, 'bench_user_manager'));
  const deptIds = depts.map((d) => d.deptId);
  return {
    rootDeptId,
    deptIds,
    users: Math.max(0, (count?.n ?? 1) - 1),
    manager: { userName: 'benchmgr', password, userId: manager?.userId ?? 0, roleId: role?.roleId ?? 0 },
  };
}
