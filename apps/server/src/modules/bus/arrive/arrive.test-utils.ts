import { asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import type { TestApp, TestClient } from '../../../../test/build-test-app';
import { PNG } from '../../../../test/upload';
import { basDriver, basVehicle, basWarehouse } from '../../bas/bas.table';
import { sysMenu } from '../../system/menu/menu.table';
import { sysRole, sysRoleMenu } from '../../system/role/role.table';
import { multipart } from '../../system/shared/system.fixture';
import { sysUser, sysUserRole } from '../../system/user/user.table';
import { type TBusSuite, useBusSuite } from '../bus.test-utils';
import { loadWith, stockOrder, type TTrackKit, trackKit } from '../load/track.test-utils';
import { busArrive, busArriveOrder, busArrivePhoto } from './arrive.table';

/** Helpers of the pick-up and overseas warehouse integration tests (not a test file). */

export const ARRIVE_ALL_KEYS = [
  'bus:arrive',
  'bus:arrive:edit',
  'bus:arrive:sure',
  'bus:arrive:cancel',
  'bus:arrive:delete',
  'bus:arrive:print',
  'bus:arrive:export',
  'arrive:info',
  'bus:arriveOrder',
  'bus:arriveOrder:sure',
  'bus:arriveOrder:cancel',
  'bus:arriveOrder:edit',
  'bus:arriveOrder:print',
  'bus:arriveOrder:export',
];

/**
 * Gives an existing user one more role (holding `perms`, data scope `dataScope`) and signs them in: the demo
 * sales users get the destination screens with their 'self' scope (their own customers' orders only).
 */
export async function grantRole(
  t: TestApp,
  userName: string,
  perms: readonly string[],
  dataScope: '1' | '5' = '5',
  password = 'demo123',
): Promise<TestClient> {
  const key = `arrive_${userName}_${Math.random().toString(16).slice(2, 8)}`;
  const [role] = await t.db
    .insert(sysRole)
    .values({ roleName: key, roleKey: key, roleSort: 99, dataScope })
    .returning({ id: sysRole.roleId });
  const menus = await t.db
    .select({ id: sysMenu.menuId })
    .from(sysMenu)
    .where(inArray(sysMenu.perms, [...perms]));
  if (menus.length) await t.db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role!.id, menuId: m.id })));
  const [user] = await t.db.select({ id: sysUser.userId }).from(sysUser).where(eq(sysUser.userName, userName));
  await t.db.insert(sysUserRole).values({ userId: user!.id, roleId: role!.id });
  await t.syncAuth();
  return t.login(userName, password);
}

/**
 * The suite of the pick-up tests (`useBusSuite` with admin, dispatcher and finance signed in): `kit` (trackKit),
 * `refs` (pickupRefs), the demo sales users given every destination key with their 'self' scope; then `setup`.
 */
export function useArriveSuite<X extends object = object>(
  setup?: (s: TBusSuite<'admin' | 'dispatcher' | 'finance'>) => Promise<X>,
) {
  return useBusSuite({
    users: ['admin', 'dispatcher', 'finance'],
    setup: async (s) => ({
      kit: await trackKit(s.t, s.ids, s.admin),
      refs: await pickupRefs(s.t),
      sales: await grantRole(s.t, 'sales', ARRIVE_ALL_KEYS),
      sales2: await grantRole(s.t, 'sales2', ARRIVE_ALL_KEYS),
      ...((await setup?.(s)) as X),
    }),
  });
}

export interface TPickupRefs {
  houseId: number;
  originHouseId: number;
  vehicleId: number;
  driverId: number;
}

/** The Bangkok overseas warehouse (seeded), the Guangzhou origin one, and a new vehicle and driver. */
export async function pickupRefs(t: TestApp): Promise<TPickupRefs> {
  const [bkk] = await t.db.select({ id: basWarehouse.id }).from(basWarehouse).where(eq(basWarehouse.code, 'BKK'));
  const [gz] = await t.db.select({ id: basWarehouse.id }).from(basWarehouse).where(eq(basWarehouse.code, 'GZ'));
  const [vehicle] = await t.db
    .insert(basVehicle)
    .values({ plateNo: `70-${Math.floor(1000 + Math.random() * 8999)}`, vehicleType: '1', createBy: 'test' })
    .returning({ id: basVehicle.id });
  const [driver] = await t.db
    .insert(basDriver)
    .values({ driverName: 'Somchai', phone: '0812345678', createBy: 'test' })
    .returning({ id: basDriver.id });
  return { houseId: bkk!.id, originHouseId: gz!.id, vehicleId: vehicle!.id, driverId: driver!.id };
}

/** A departed load (L3, arrive record P0) of `n` orders (TH001 unless `overrides`). */
export async function departedLoad(
  kit: TTrackKit,
  dispatcher: TestClient,
  n = 2,
  overrides: Record<string, unknown>[] = [],
) {
  const orders = [];
  for (let i = 0; i < n; i++) orders.push(await stockOrder(kit, overrides[i] ?? {}));
  const load = await loadWith(
    kit,
    orders.map((o) => o.id),
  );
  const res = await dispatcher.post('/bus/track/save', {
    loadIds: [load.id],
    trackTime: new Date(Date.now() + 1_000).toISOString(),
    trackRemark: '',
  });
  expect(res.statusCode, res.body).toBe(200);
  const [record] = await kit.t.db.select().from(busArrive).where(eq(busArrive.loadId, load.id));
  return { load, orders, arrive: record! };
}

export const editBody = (arrive: { id: number; version: number }, refs: TPickupRefs, over: object = {}) => ({
  id: arrive.id,
  version: arrive.version,
  pickupTime: '2026-11-23 08:30:00',
  vehicleId: refs.vehicleId,
  driverId: refs.driverId,
  houseId: refs.houseId,
  unloadTime: '2026-11-23 11:00:00',
  sealIntact: '1',
  remark: 'Laem Chabang',
  ...over,
});

/** A departed load whose pick-up is registered (P1). */
export async function pickedUpLoad(
  kit: TTrackKit,
  dispatcher: TestClient,
  refs: TPickupRefs,
  n = 2,
  overrides: Record<string, unknown>[] = [],
) {
  const made = await departedLoad(kit, dispatcher, n, overrides);
  const res = await dispatcher.post('/bus/arrive/edit', editBody(made.arrive, refs));
  expect(res.statusCode, res.body).toBe(200);
  return { ...made, arrive: await arriveRow(kit.t, made.arrive.id) };
}

export async function arriveRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(busArrive).where(eq(busArrive.id, id));
  return row!;
}

/** The rows of one of a pick-up's own tables (its order lines, its photos) in `order`. */
async function rowsOfPickup<T extends typeof busArriveOrder | typeof busArrivePhoto>(
  t: TestApp,
  table: T,
  arriveId: number,
  order: AnyPgColumn,
): Promise<T['$inferSelect'][]> {
  const rows = await t.db
    .select()
    .from(table as PgTable)
    .where(eq(table.arriveId, arriveId))
    .orderBy(asc(order));
  return rows as T['$inferSelect'][];
}

export const arriveLines = (t: TestApp, arriveId: number) =>
  rowsOfPickup(t, busArriveOrder, arriveId, busArriveOrder.orderId);

export const arrivePhotos = (t: TestApp, arriveId: number) =>
  rowsOfPickup(t, busArrivePhoto, arriveId, busArrivePhoto.id);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/** Uploads a PNG (or a PDF) through /file/upload; its file id. */
export async function upload(client: TestClient, kind: 'png' | 'pdf' = 'png'): Promise<string> {
  const m =
    kind === 'png'
      ? multipart('file', 'seal.png', PNG, 'image/png')
      : multipart('file', 'doc.pdf', PDF, 'application/pdf');
  const res = await client.request({ method: 'POST', url: '/file/upload', ...m });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.fileId;
}
