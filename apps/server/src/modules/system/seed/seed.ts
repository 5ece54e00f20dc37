import { randomBytes } from 'node:crypto';
import { judgePassword } from '@theone/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../../platform/auth/password';
import { sysConfig } from '../../../platform/db/config.table';
import type { Db, Tx } from '../../../platform/db/database';
import { insertSeedDict } from '../../../platform/db/dict-seed';
import { applyBasSeed } from '../../bas/bas.seed';
import { sysDept } from '../dept/dept.table';
import { DICT_SEED } from '../dict/dict.seed';
import { MENU_SEED } from '../menu/menu.seed';
import { sysMenu } from '../menu/menu.table';
import { sysPost } from '../post/post.table';
import { sysRole, sysRoleMenu } from '../role/role.table';
import {
  CONFIG_NAME,
  CONFIG_REMARK,
  DEPT_NAME,
  type NameColumns,
  NICK_NAME,
  POST_NAME,
  ROLE_NAME,
} from '../shared/localized';
import { sysUser, sysUserPost, sysUserRole } from '../user/user.table';
import { ADMIN_NICK_NAME, CONFIG_SEED, DEMO_USERS, DEPT_SEED, POST_SEED, ROLE_SEED } from './org.seed';
import type { DeptSeed, MenuSeed, RoleSeed, SeedNames } from './seed.types';

/**
 * Applies the seed data, idempotently, in one transaction at start-up. Rows are inserted when missing and never
 * overwritten, so administrators' edits survive restarts. Menus added by a new release are linked to the seeded
 * roles whose patterns match them; existing links are never re-added. Seeded rows of a database made before
 * names had English and Thai columns get them (`untranslated`).
 */
export const DEMO_PASSWORD = 'demo123';
export const DEV_ADMIN_PASSWORD = 'admin123';

export interface SeedOptions {
  production: boolean;
  adminPassword?: string;
  log?: (line: string) => void;
}

export function matchesPattern(perm: string, pattern: string): boolean {
  if (pattern === '*:*:*' || pattern === '*') return true;
  if (pattern.endsWith('*')) return perm.startsWith(pattern.slice(0, -1));
  return perm === pattern;
}

export function roleGrants(role: RoleSeed, perm: string): boolean {
  return role.perms.some((p) => matchesPattern(perm, p));
}

/**
 * A seeded row that still has no English and no Thai name and still carries a name the seed gave it: the seed
 * may fill its translations (ADR 0007). A row an administrator renamed or translated is never touched.
 */
function untranslated(cols: NameColumns, seededNames: readonly string[]) {
  return and(eq(cols.en, ''), eq(cols.th, ''), inArray(cols.name, [...seededNames]));
}

/** A seeded name as the columns `key` (as typed), `keyEn` and `keyTh` of its record (ADR 0007). */
function nameValues<K extends string>(key: K, names: SeedNames) {
  return { [key]: names.name, [`${key}En`]: names.en, [`${key}Th`]: names.th } as Record<
    K | `${K}En` | `${K}Th`,
    string
  >;
}

/** Sets the seed's names (`names`) on the `row` of `table` while it is untranslated (see above). */
async function fillNames<T extends PgTable>(
  tx: Tx,
  table: T,
  names: PgUpdateSetSource<T>,
  row: SQL,
  cols: NameColumns,
  seededNames: readonly string[],
) {
  await tx
    .update(table)
    .set(names)
    .where(and(row, untranslated(cols, seededNames)));
}

/** The seeded records found again by their key on every run: their table, id column and names (ADR 0007). */
const SEEDED = {
  dept: { table: sysDept, id: sysDept.deptId, key: 'deptName', cols: DEPT_NAME },
  role: { table: sysRole, id: sysRole.roleId, key: 'roleName', cols: ROLE_NAME },
} as const;

/**
 * The id of a seeded department or role: the `existing` row gets the seed's names while untranslated (fillNames),
 * a missing one is inserted with the names and `values`.
 */
async function seededId<R extends (typeof SEEDED)[keyof typeof SEEDED]>(
  tx: Tx,
  record: R,
  existing: number | undefined,
  seed: SeedNames,
  values: Omit<R['table']['$inferInsert'], R['key']>,
): Promise<number> {
  const names = nameValues(record.key, seed);
  if (existing) {
    await fillNames(tx, record.table as PgTable, names, eq(record.id, existing), record.cols, [seed.name]);
    return existing;
  }
  const [row] = await tx
    .insert(record.table as PgTable)
    .values({ ...values, ...names } as PgInsertValue<PgTable>)
    .returning({ id: record.id });
  return row!.id as number;
}

async function seedDepts(tx: Tx, node: DeptSeed, parentId: number, ancestors: string, keyToId: Map<string, number>) {
  const [existing] = await tx.select({ id: sysDept.deptId }).from(sysDept).where(eq(sysDept.seedKey, node.key));
  const id = await seededId(tx, SEEDED.dept, existing?.id, node, {
    parentId,
    ancestors,
    orderNum: node.order,
    leader: node.leader ?? '',
    seedKey: node.key,
    createBy: 'system',
  });
  keyToId.set(node.key, id);
  for (const child of node.children ?? []) await seedDepts(tx, child, id, `${ancestors},${id}`, keyToId);
}

interface SeededMenu {
  id: number;
  perms: string;
  inserted: boolean;
  ancestors: number[];
}

async function seedMenus(tx: Tx, nodes: MenuSeed[], parentId: number, ancestors: number[], out: SeededMenu[]) {
  for (const node of nodes) {
    const [existing] = await tx.select({ id: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.seedKey, node.key));
    let id = existing?.id;
    if (!id) {
      const [row] = await tx
        .insert(sysMenu)
        .values({
          menuName: node.name,
          titleKey: node.titleKey,
          parentId,
          orderNum: node.order,
          path: node.path ?? '',
          component: node.component ?? '',
          redirect: node.redirect ?? '',
          isCache: node.cache ?? true,
          menuType: node.type,
          visible: node.hidden ? '1' : '0',
          perms: node.perms ?? '',
          icon: node.icon ?? '',
          seedKey: node.key,
          createBy: 'system',
        })
        .returning({ id: sysMenu.menuId });
      id = row!.id;
    }
    out.push({ id, perms: node.perms ?? '', inserted: !existing, ancestors });
    if (node.children?.length) await seedMenus(tx, node.children, id, [...ancestors, id], out);
  }
}

export async function applySeed(db: Db, options: SeedOptions): Promise<{ adminPasswordGenerated?: string }> {
  const log = options.log ?? (() => {});
  let adminPasswordGenerated: string | undefined;
  await db.transaction(async (tx) => {
    // One seeder at a time across instances.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7301002)`);

    const deptIds = new Map<string, number>();
    await seedDepts(tx, DEPT_SEED, 0, '0', deptIds);

    for (const p of POST_SEED) {
      const names = nameValues('postName', p);
      await tx
        .insert(sysPost)
        .values({ postCode: p.code, ...names, postSort: p.sort, createBy: 'system' })
        .onConflictDoNothing();
      await fillNames(tx, sysPost, names, eq(sysPost.postCode, p.code), POST_NAME, [p.name]);
    }

    for (const c of CONFIG_SEED) {
      const name = nameValues('configName', c.name);
      const remark = nameValues('remark', c.remark);
      await tx
        .insert(sysConfig)
        .values({
          configKey: c.key,
          ...name,
          configValue: c.value,
          configType: c.builtin ? 'Y' : 'N',
          ...remark,
          createBy: 'system',
        })
        .onConflictDoNothing();
      const row = eq(sysConfig.configKey, c.key);
      await fillNames(tx, sysConfig, name, row, CONFIG_NAME, [c.name.name]);
      await fillNames(tx, sysConfig, remark, row, CONFIG_REMARK, [c.remark.name, ...(c.formerRemarks ?? [])]);
    }

    for (const d of DICT_SEED) await insertSeedDict(tx, d);

    const menus: SeededMenu[] = [];
    await seedMenus(tx, MENU_SEED, 0, [], menus);

    const postIds = new Map(
      (await tx.select({ id: sysPost.postId, code: sysPost.postCode }).from(sysPost)).map((r) => [r.code, r.id]),
    );
    const roleIds = new Map<string, number>();
    for (const role of ROLE_SEED) {
      const [existing] = await tx
        .select({ id: sysRole.roleId })
        .from(sysRole)
        .where(and(eq(sysRole.roleKey, role.key), eq(sysRole.delFlag, '0')));
      const id = await seededId(tx, SEEDED.role, existing?.id, role, {
        roleKey: role.key,
        roleSort: role.sort,
        dataScope: role.dataScope,
        createBy: 'system',
      });
      roleIds.set(role.key, id);
      // The admin role holds every permission implicitly; other roles get the menus matching their patterns:
      // all of them when the role is new, only newly added menus otherwise.
      if (role.key === 'admin') continue;
      const links = new Set<number>();
      for (const m of menus) {
        if (!m.perms || !roleGrants(role, m.perms)) continue;
        if (existing && !m.inserted) continue;
        links.add(m.id);
        for (const a of m.ancestors) links.add(a);
      }
      if (links.size) {
        await tx
          .insert(sysRoleMenu)
          .values([...links].map((menuId) => ({ roleId: id!, menuId })))
          .onConflictDoNothing();
      }
    }

    // The built-in administrator (user id 1).
    const [admin] = await tx.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userId, 1));
    const adminNames = nameValues('nickName', ADMIN_NICK_NAME);
    if (admin) {
      await fillNames(tx, sysUser, adminNames, eq(sysUser.userId, 1), NICK_NAME, [ADMIN_NICK_NAME.name]);
    } else {
      let password = options.adminPassword;
      if (!password) {
        if (options.production) {
          password = generateAdminPassword();
          adminPasswordGenerated = password;
        } else password = DEV_ADMIN_PASSWORD;
      }
      await tx.insert(sysUser).values({
        userId: 1,
        deptId: deptIds.get(DEPT_SEED.key) ?? null,
        userName: 'admin',
        ...adminNames,
        password: await hashPassword(password),
        mustChangePassword: options.production,
        email: 'admin@theone.example',
        createBy: 'system',
      });
      await tx.execute(
        sql`SELECT setval(pg_get_serial_sequence('sys_user', 'user_id'), GREATEST((SELECT max(user_id) FROM sys_user), 1))`,
      );
      const adminRole = roleIds.get('admin');
      if (adminRole) await tx.insert(sysUserRole).values({ userId: 1, roleId: adminRole }).onConflictDoNothing();
      log('Created the administrator account "admin".');
    }

    if (!options.production) {
      const demoHash = await hashPassword(DEMO_PASSWORD);
      for (const u of DEMO_USERS) {
        const [existing] = await tx
          .select({ id: sysUser.userId })
          .from(sysUser)
          .where(and(eq(sysUser.userName, u.userName), eq(sysUser.delFlag, '0')));
        const names = { nickName: u.nickName, nickNameEn: u.nickNameEn ?? '', nickNameTh: u.nickNameTh ?? '' };
        if (existing) {
          if (u.nickNameEn || u.nickNameTh)
            await fillNames(tx, sysUser, names, eq(sysUser.userId, existing.id), NICK_NAME, [u.nickName]);
          continue;
        }
        const [row] = await tx
          .insert(sysUser)
          .values({
            userName: u.userName,
            ...names,
            deptId: deptIds.get(u.dept) ?? null,
            password: demoHash,
            phonenumber: u.phonenumber ?? '',
            email: u.email ?? '',
            sex: u.sex ?? '2',
            createBy: 'system',
          })
          .returning({ id: sysUser.userId });
        const roles = u.roles.map((k) => roleIds.get(k)).filter((x): x is number => x !== undefined);
        if (roles.length) await tx.insert(sysUserRole).values(roles.map((roleId) => ({ userId: row!.id, roleId })));
        const posts = u.posts.map((c) => postIds.get(c)).filter((x): x is number => x !== undefined);
        if (posts.length) await tx.insert(sysUserPost).values(posts.map((postId) => ({ userId: row!.id, postId })));
      }
    }

    await applyBasSeed(tx, { production: options.production });
  });
  return { adminPasswordGenerated };
}

/**
 * The production administrator's first password: 16 random base64url characters (96 bits), drawn again in the
 * unlikely case the new-password rule refuses them (a run that spells 'admin' or a keyboard pattern), so even the
 * printed password meets the rule it must be changed under.
 */
export function generateAdminPassword(): string {
  for (;;) {
    const password = randomBytes(12).toString('base64url');
    if (judgePassword(password, { userName: 'admin' }).problem === null) return password;
  }
}
