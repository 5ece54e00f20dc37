import type { APIRequestContext } from '@playwright/test';
import { apiLogin, type DemoUser, expect } from '../fixtures/auth';
import { apiURL } from '../support/env';

/**
 * Order set-up through the API for the home and print journeys (the order screens are another engineer's):
 * a staged or confirmed order of mark TH001 (EK, Guangzhou → Bangkok), received at the Guangzhou warehouse
 * when asked.
 */
export async function api<T = unknown>(
  request: APIRequestContext,
  user: DemoUser,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<{ code: number; msg: string; data: T; rows?: unknown[] }> {
  const { access_token } = await apiLogin(request, user);
  const response = await request.fetch(`${apiURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${access_token}` },
    ...(data === undefined ? {} : { data }),
  });
  return response.json();
}

interface Refs {
  markId: number;
  gz: number;
  bkk: number;
  whGz: number;
}

let refs: Refs | undefined;

/** TH001 and the Guangzhou/Bangkok places and the Guangzhou warehouse of the seed (looked up once). */
export async function references(request: APIRequestContext): Promise<Refs> {
  if (refs) return refs;
  const marks = await api(request, 'admin', 'GET', '/bas/mark/list?mark=TH001');
  const mark = (marks.rows as { id: number; mark: string }[]).find((m) => m.mark === 'TH001')!;
  const left = await api<{ id: number; code: string }[]>(request, 'admin', 'GET', '/bas/geog/select?orgId=1');
  const dest = await api<{ id: number; code: string }[]>(request, 'admin', 'GET', '/bas/geog/select?orgId=2');
  const houses = await api<{ id: number; code: string }[]>(request, 'admin', 'GET', '/bas/warehouse/select');
  refs = {
    markId: mark.id,
    gz: left.data.find((g) => g.code === 'GZ')!.id,
    bkk: dest.data.find((g) => g.code === 'BKK')!.id,
    whGz: houses.data.find((w) => w.code === 'GZ')!.id,
  };
  return refs;
}

export async function createOrder(
  request: APIRequestContext,
  options: { status?: 0 | 1; receive?: boolean; consignee?: string; fields?: Record<string, unknown> } = {},
): Promise<{ id: number; transportId: string }> {
  const r = await references(request);
  const added = await api<{ id: number; transportId: string }>(request, 'admin', 'POST', '/bus/inware/add', {
    status: options.status ?? 0,
    markId: r.markId,
    busType: 'EK',
    leftAddrId: r.gz,
    destAddrId: r.bkk,
    consignee: options.consignee ?? 'สมชาย ใจดี',
    consigneeTel: '0823456789',
    consigneeAddr: '12/3 ถนนรัชดาภิเษก กรุงเทพฯ',
    cargoName: '实木家具',
    cargoType: '1',
    cargoPiece: 2,
    cargoWeight: '40',
    cargoVolume: '0.5',
    ...options.fields,
  });
  expect(added.code, added.msg).toBe(200);
  if (options.receive) {
    await receiveOrder(request, added.data.id, {
      no: `WR-E2E-${added.data.id}`,
      piece: 2,
      weight: '42',
      volume: '0.52',
    });
  }
  return added.data;
}

/** Receives an order at the Guangzhou warehouse (A2) with its receipt number and measured figures. */
export async function receiveOrder(
  request: APIRequestContext,
  id: number,
  measured: { no: string; piece: number; weight: string; volume: string },
) {
  const r = await references(request);
  const received = await api(request, 'admin', 'POST', '/bus/inware/arrived/update', {
    id,
    receivingNo: measured.no,
    arrivedHouseId: r.whGz,
    arrivedPiece: measured.piece,
    arrivedWeight: measured.weight,
    arrivedVolume: measured.volume,
  });
  expect(received.code, received.msg).toBe(200);
}
