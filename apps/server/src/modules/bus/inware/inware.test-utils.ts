import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp, TestClient } from '../../../../test/build-test-app';
import { basWarehouse } from '../../bas/bas.table';
import { geogId, markId } from '../../bas/bas.test-utils';
import { busOrder } from './inware.table';

/** Helpers of the order integration tests (not a test file). */

export interface TRefIds {
  gz: number;
  yw: number;
  bkk: number;
  cnx: number;
  whGz: number;
  TH001: number;
  TH002: number;
  BK001: number;
  YW101: number;
  CM888: number;
  AGBKK: number;
}

export async function refIds(t: TestApp): Promise<TRefIds> {
  const [wh] = await t.db.select({ id: basWarehouse.id }).from(basWarehouse).where(eq(basWarehouse.code, 'GZ'));
  return {
    gz: await geogId(t, 1, 'GZ'),
    yw: await geogId(t, 1, 'YW'),
    bkk: await geogId(t, 2, 'BKK'),
    cnx: await geogId(t, 2, 'CNX'),
    whGz: wh!.id,
    TH001: await markId(t, 'TH001'),
    TH002: await markId(t, 'TH002'),
    BK001: await markId(t, 'BK001'),
    YW101: await markId(t, 'YW101'),
    CM888: await markId(t, 'CM888'),
    AGBKK: await markId(t, 'AGBKK'),
  };
}

/** A complete order body for mark TH001, EK Guangzhou -> Bangkok (confirmable). */
export function orderBody(ids: TRefIds, overrides: Record<string, unknown> = {}) {
  return {
    markId: ids.TH001,
    busType: 'EK',
    leftAddrId: ids.gz,
    destAddrId: ids.bkk,
    consignee: 'Khun Prasert',
    consigneeTel: '0823456789',
    consigneeAddr: '12/3 Ratchada Rd, Bangkok',
    cargoName: '家具',
    cargoType: '1',
    cargoPiece: 3,
    cargoWeight: '250',
    cargoVolume: '1.235',
    expressCorp: 'SF',
    expressNo: 'SF100000001,SF100000002',
    ...overrides,
  };
}

/** Puts an order straight into `status` (with `extra` columns): a fixture, the actions have their own tests. */
export const setOrderStatus = (
  t: TestApp,
  id: number,
  status: number,
  extra: Partial<typeof busOrder.$inferInsert> = {},
) =>
  t.db
    .update(busOrder)
    .set({ status, ...extra })
    .where(eq(busOrder.id, id));

export async function addOrder(client: TestClient, body: Record<string, unknown>) {
  const res = await client.post('/bus/inware/add', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; transportId: string; version: number; status: number; warning?: unknown };
}

export async function getOrder(client: TestClient, id: number) {
  const res = await client.get(`/bus/inware/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown> & {
    id: number;
    priceId: number | null;
    version: number;
    status: number;
    cargoLines: Record<string, unknown>[];
  };
}

export async function orderLog(client: TestClient, id: number) {
  const res = await client.get(`/bus/busOrderLog/list?orderId=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows as {
    action: string;
    fromStatus: number | null;
    toStatus: number | null;
    remark: string;
    changes: { field: string; before: unknown; after: unknown }[];
  }[];
}

/**
 * An arrived/update body receiving the order at the Guangzhou warehouse, shelf A-01, measured in two cargo lines:
 * 2 pieces of 100×50×50 cm (200 kg) and 1 of 60×50×40 cm (100 kg): 3 pieces, 300 kg, 0.620 m³.
 */
export const twoLineReceipt = (ids: TRefIds, id: number, receivingNo: string) => ({
  id,
  receivingNo,
  arrivedHouseId: ids.whGz,
  trayNo: 'A-01',
  lines: [
    { piece: 2, cargoLength: '100', cargoWidth: '50', cargoHight: '50', weight: '200' },
    { piece: 1, cargoLength: '60', cargoWidth: '50', cargoHight: '40', weight: '100' },
  ],
});

/** Receives the order at the Guangzhou warehouse (arrived/update) with its measured figures. */
export async function receiveOrder(
  client: TestClient,
  ids: TRefIds,
  id: number,
  receivingNo: string,
  figures: { arrivedPiece: number; arrivedWeight: string; arrivedVolume: string },
) {
  const res = await client.post('/bus/inware/arrived/update', {
    id,
    receivingNo,
    arrivedHouseId: ids.whGz,
    ...figures,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A new confirmed order (orderBody with `overrides`) received at the Guangzhou warehouse (S2) with `figures`. */
export async function receivedOrder(
  client: TestClient,
  ids: TRefIds,
  receivingNo: string,
  figures: { arrivedPiece: number; arrivedWeight: string; arrivedVolume: string },
  overrides: Record<string, unknown> = {},
) {
  const o = await addOrder(client, orderBody(ids, { status: 1, ...overrides }));
  await receiveOrder(client, ids, o.id, receivingNo, figures);
  return o;
}
