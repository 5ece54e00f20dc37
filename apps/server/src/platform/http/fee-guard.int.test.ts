import { FEE_FIELDS, FEE_FILTERS, FEE_ROLE_PERMISSION } from '@theone/contracts';
import { ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { TestClient } from '../../../test/build-test-app';
import { useSuite } from '../../../test/suite';
import { sysDept } from '../../modules/system/dept/dept.table';
import { sysMenu } from '../../modules/system/menu/menu.table';
import { sysRole, sysRoleMenu } from '../../modules/system/role/role.table';
import { sysUser, sysUserRole } from '../../modules/system/user/user.table';
import { hashPassword } from '../auth/password';
import { type RouteEntry, routeTable } from './security';

/**
 * Generated from the route table (issue 11 item 2): a user holding every permission except the fee role is refused
 * (403, translated) on every list route that accepts a fee column as `orderByColumn`, and on every write route
 * whose body schema has a fee field when the body sets one; the fee role passes the same check. The fee keys come
 * from each route's own zod schemas, so a new module is covered without touching this test.
 */
let noFee: TestClient;

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown) => (schema as { _zod?: { def?: Def } })?._zod?.def;

/** Every key at any depth of a zod schema (objects, arrays, optional/default/nullable, pipes, unions). */
function keysOf(schema: unknown, out = new Set<string>(), depth = 0): Set<string> {
  const def = defOf(schema);
  if (!def || depth > 12) return out;
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
        out.add(k);
        keysOf(v, out, depth + 1);
      }
      break;
    case 'array':
      keysOf(def.element, out, depth + 1);
      break;
    case 'pipe':
      keysOf(def.in, out, depth + 1);
      keysOf(def.out, out, depth + 1);
      break;
    case 'union':
      for (const o of def.options as unknown[]) keysOf(o, out, depth + 1);
      break;
    case 'intersection':
      keysOf(def.left, out, depth + 1);
      keysOf(def.right, out, depth + 1);
      break;
    default:
      if (def.innerType) keysOf(def.innerType, out, depth + 1);
  }
  return out;
}

/** The fee columns a list schema accepts as `orderByColumn` (asked of the schema itself). */
function feeSortKeys(schema: unknown): string[] {
  if (!schema || !keysOf(schema).has('orderByColumn')) return [];
  return [...FEE_FIELDS].filter((f) => {
    const r = (schema as z.ZodType).safeParse({ orderByColumn: f });
    return r.success || !r.error.issues.some((i) => i.path[0] === 'orderByColumn');
  });
}

const feeBodyKeys = (schema: unknown) => [...keysOf(schema)].filter((k) => FEE_FIELDS.has(k));

function sampleUrl(url: string) {
  return url
    .replace(/:fileId/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:[A-Za-z]+/g, '1')
    .replace(/\*$/, 'x');
}

const routes = () => routeTable.get(s.t.app)!.filter((r) => r.config?.permission);
/** Each (route, fee key) pair: every fee column a list sorts by, every fee field or fee filter a route takes. */
const sortRoutes = () =>
  routes().flatMap((r) =>
    feeSortKeys(r.method === 'GET' ? r.schema?.querystring : r.schema?.body).map((key) => ({ route: r, key })),
  );
const writeRoutes = () =>
  routes()
    .filter((r) => r.method !== 'GET')
    .flatMap((r) => feeBodyKeys(r.schema?.body).map((key) => ({ route: r, key })));
const filterRoutes = () =>
  routes().flatMap((r) =>
    [...keysOf(r.method === 'GET' ? r.schema?.querystring : r.schema?.body)]
      .filter((k) => FEE_FILTERS.has(k))
      .map((key) => ({ route: r, key })),
  );

function call(client: TestClient, r: RouteEntry, data: Record<string, string>) {
  const url = sampleUrl(r.url);
  if (r.method === 'GET')
    return client.request({
      method: 'GET',
      url: `${url}?${new URLSearchParams(data)}`,
      headers: { 'accept-language': 'en' },
    });
  return client.request({ method: r.method as 'POST', url, payload: data, headers: { 'accept-language': 'en' } });
}

function isFeeRefusal(res: { statusCode: number; json(): { errorCode?: string; msg?: string } }) {
  if (res.statusCode !== 403) return false;
  const body = res.json();
  return (
    body.errorCode === 'FORBIDDEN' &&
    (/^Without fee access you cannot see, sort, filter or change fee fields \(.+\)$/.test(body.msg ?? '') ||
      body.msg === 'You do not have the fee role')
  );
}

const s = useSuite({ users: ['admin'] });
beforeAll(async () => {
  // every menu but the fee role's, all data
  const [role] = await s.t.db
    .insert(sysRole)
    .values({ roleName: 'No fee', roleKey: 'nofee', roleSort: 60, dataScope: '1' })
    .returning();
  const menus = await s.t.db.select({ id: sysMenu.menuId }).from(sysMenu).where(ne(sysMenu.perms, FEE_ROLE_PERMISSION));
  await s.t.db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role!.roleId, menuId: m.id })));
  const [dept] = await s.t.db.select().from(sysDept).limit(1);
  const [u] = await s.t.db
    .insert(sysUser)
    .values({ userName: 'nofee', nickName: 'No fee', deptId: dept!.deptId, password: await hashPassword('NoFee#2026') })
    .returning();
  await s.t.db.insert(sysUserRole).values({ userId: u!.userId, roleId: role!.roleId });
  noFee = await s.t.login('nofee', 'NoFee#2026');
  expect((await noFee.get('/system/user/getInfo')).json().isFeeRole).toBe(false);
});

describe('[SECURITY] fee columns, filters and writes (generated from the route schemas)', () => {
  it('finds the fee sort keys and fee write fields the routes declare', () => {
    const sorts = sortRoutes().map((r) => `${r.route.method} ${r.route.url}`);
    expect(sorts).toEqual(expect.arrayContaining(['GET /prod-api/bus/inware/list', 'GET /prod-api/bas/mark/list']));
    const writes = writeRoutes().map((r) => `${r.route.method} ${r.route.url}`);
    expect(writes).toEqual(expect.arrayContaining(['POST /prod-api/bas/mark/add', 'POST /prod-api/bas/mark/edit']));
  });

  it('a fee column as sort key is refused to a user without the fee role on every list route', async () => {
    const failures: string[] = [];
    for (const { route, key } of sortRoutes()) {
      const res = await call(noFee, route, { orderByColumn: key });
      if (!isFeeRefusal(res))
        failures.push(
          `${route.method} ${route.url} orderByColumn=${key} -> ${res.statusCode} ${res.body.slice(0, 120)}`,
        );
      const fee = await call(s.admin, route, { orderByColumn: key });
      if (isFeeRefusal(fee)) failures.push(`${route.method} ${route.url}: the fee role is refused too`);
    }
    expect(failures).toEqual([]);
  });

  it('a fee filter (the fee-supplement filter) is refused to a user without the fee role on every route', async () => {
    const found = filterRoutes();
    expect(found.map((f) => f.route.url)).toContain('/prod-api/bus/inware/list');
    const failures: string[] = [];
    for (const { route, key } of found) {
      const res = await call(noFee, route, { [key]: '1' });
      if (!isFeeRefusal(res)) failures.push(`${route.method} ${route.url} ${key} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('a body setting a fee field is refused to a user without the fee role on every write route', async () => {
    const failures: string[] = [];
    for (const { route, key } of writeRoutes()) {
      const res = await call(noFee, route, { [key]: '1' });
      if (!isFeeRefusal(res))
        failures.push(`${route.method} ${route.url} ${key} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      const fee = await call(s.admin, route, { [key]: '1' });
      if (isFeeRefusal(fee)) failures.push(`${route.method} ${route.url}: the fee role is refused too`);
    }
    expect(failures).toEqual([]);
  });
});
