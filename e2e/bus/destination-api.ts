import type { APIRequestContext } from '@playwright/test';
import { expect } from '../fixtures/auth';
import { api, createOrder } from '../home/order-api';

/**
 * Received orders taken to the Bangkok overseas warehouse through the API, as the origin and Thai teams would: a
 * land (EK) plan Guangzhou -> Bangkok, loaded into `containerNo` with `sealNo`, departed, picked up and confirmed
 * arrived (S6). The journeys of delivery and signing start from here.
 */
/**
 * `count` confirmed orders of TH001 (consignees `${consignee}-0`, `-1`, ...), received in Guangzhou and taken to the
 * Bangkok warehouse together (arrivedInBangkok); each is checked to be arrived (S6) before the journey starts.
 */
export async function ordersInBangkok(
  request: APIRequestContext,
  count: number,
  consignee: string,
  container: { containerNo: string; sealNo: string },
): Promise<{ id: number; transportId: string }[]> {
  const orders: { id: number; transportId: string }[] = [];
  for (let i = 0; i < count; i++)
    orders.push(await createOrder(request, { status: 1, receive: true, consignee: `${consignee}-${i}` }));
  await arrivedInBangkok(
    request,
    orders.map((o) => o.id),
    container,
  );
  for (const o of orders)
    expect((await api<{ status: number }>(request, 'admin', 'GET', `/bus/inware/${o.id}`)).data.status).toBe(6);
  return orders;
}

/** The user id of the demo 'driver' account (the drivers of basic data the journeys add sign in with it). */
export async function driverAccountUserId(request: APIRequestContext): Promise<number> {
  const users = await api<unknown>(request, 'admin', 'GET', '/system/user/list?userName=driver');
  return (users.rows as { userId: number; userName: string }[]).find((u) => u.userName === 'driver')!.userId;
}

export async function arrivedInBangkok(
  request: APIRequestContext,
  orderIds: number[],
  container: { containerNo: string; sealNo: string },
): Promise<void> {
  const left = await api<{ id: number; code: string }[]>(request, 'admin', 'GET', '/bas/geog/select?orgId=1');
  const dest = await api<{ id: number; code: string }[]>(request, 'admin', 'GET', '/bas/geog/select?orgId=2');
  const houses = await api<{ id: number; code: string }[]>(request, 'admin', 'GET', '/bas/warehouse/select');
  const plan = await api<{ id: number; loadNo: string }>(request, 'admin', 'POST', '/bus/loadplan/add', {
    busType: 'EK',
    leftAddrId: left.data.find((g) => g.code === 'GZ')!.id,
    destAddrId: dest.data.find((g) => g.code === 'BKK')!.id,
    containerType: '40HQ',
    loadHouseId: houses.data.find((w) => w.code === 'GZ')!.id,
    loadTime: '2026-11-23 09:00:00',
    orderIds,
  });
  expect(plan.code, plan.msg).toBe(200);
  const loaded = await api(request, 'admin', 'POST', `/bus/load/addOrder/${plan.data.id}`, {
    ...container,
    loadTime: '2026-11-23 10:00:00',
    loadPerson: '张强',
  });
  expect(loaded.code, loaded.msg).toBe(200);
  const departed = await api(request, 'admin', 'POST', '/bus/track/save', {
    loadIds: [plan.data.id],
    trackTime: '2026-11-23 18:00:00',
    trackRemark: '友谊关出境',
  });
  expect(departed.code, departed.msg).toBe(200);
  const records = await api<unknown>(request, 'admin', 'GET', `/bus/arrive/list?loadNo=${plan.data.loadNo}`);
  const record = (records.rows as { id: number; version: number }[])[0]!;
  const bkk = houses.data.find((w) => w.code === 'BKK')!.id;
  const picked = await api(request, 'admin', 'POST', '/bus/arrive/edit', {
    id: record.id,
    version: record.version,
    pickupTime: '2026-11-26 07:00:00',
    houseId: bkk,
    sealIntact: '1',
    remark: '',
    sealPhotos: [],
    doorPhotos: [],
  });
  expect(picked.code, picked.msg).toBe(200);
  const arrived = await api(request, 'admin', 'POST', '/bus/arrive/sure', {
    arriveId: record.id,
    arrivedHouseId: bkk,
    arriveTime: '2026-11-26 09:00:00',
  });
  expect(arrived.code, arrived.msg).toBe(200);
}
