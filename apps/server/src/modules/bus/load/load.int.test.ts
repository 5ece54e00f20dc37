import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../test/build-test-app';
import { userWithPerms } from '../../bas/bas.test-utils';
import { useBusSuite } from '../bus.test-utils';
import { busOrder } from '../inware/inware.table';
import {
  bk001Loader,
  containerNo,
  loadBody,
  loadKit,
  loadLog,
  loadRow,
  milestones,
  orderActions,
  orderRow,
  planWith,
  setLoadStatus,
  stockOrder,
} from './load.test-utils';

/** A12 load (Load dialog), A13 unload, A14 cancel loading, load/edit: against real PostgreSQL. */

const en = { 'accept-language': 'en' };

const s = useBusSuite({
  users: ['admin', 'dispatcher', 'service', 'finance'],
  setup: async ({ t, ids, admin }) => ({
    kit: await loadKit(t, ids, admin),
    /** a scoped loader (self scope) serving mark BK001 only */
    loader: await bk001Loader(t, ids, 'loader5', [
      'bus:load',
      'load:info',
      'bus:load:addOrder',
      'bus:load:removeOrder',
      'bus:load:delete',
      'bus:load:edit',
    ]),
  }),
});

const load = (client: TestClient, id: number, body: Record<string, unknown>) =>
  client.post(`/bus/load/addOrder/${id}`, body, en);

/**
 * The action `url` on a load is refused once the load is past L2 (L3-L5: 409 for the dispatcher), without its
 * button (service: 403) and outside the caller's scope (the BK001 loader: 404); the load is left at L2.
 */
async function expectRefusedPastLoading(loadId: number, url: string, body: unknown) {
  for (const status of [3, 4, 5]) {
    await setLoadStatus(s.kit, loadId, status);
    expect((await s.dispatcher.post(url, body, en)).statusCode).toBe(409);
  }
  await setLoadStatus(s.kit, loadId, 2);
  expect((await s.service.post(url, body, en)).statusCode).toBe(403);
  expect((await s.loader.post(url, body, en)).statusCode).toBe(404);
}

describe('[LOAD] A12 load: the Load dialog', () => {
  it('loads the ticked orders (L1), then every other planned order (L2): container data on orders and record, logs, milestone', async () => {
    const [a, b, c] = [await stockOrder(s.kit), await stockOrder(s.kit), await stockOrder(s.kit)];
    const plan = await planWith(s.kit, [a.id, b.id, c.id]);
    const body = loadBody();
    const first = await load(s.dispatcher, plan.id, { ...body, orderIds: [a.id, b.id] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      id: plan.id,
      loadNo: plan.loadNo,
      status: 1,
      version: plan.version + 1,
      done: 2,
      loadedPieces: 6,
      plannedPieces: 9,
      fill: { volumePercent: '5.4', weightPercent: '2.9', over: false },
    });
    for (const o of [a, b])
      expect(await orderRow(s.kit, o.id)).toMatchObject({
        status: 4,
        loadId: plan.id,
        containerNo: body.containerNo,
        sealNo: body.sealNo,
        truckNo: '',
      });
    expect((await orderRow(s.kit, c.id)).status).toBe(3);
    expect(await loadRow(s.kit, plan.id)).toMatchObject({
      status: 1,
      containerNo: body.containerNo,
      sealNo: body.sealNo,
      loadPerson: body.loadPerson,
      loadTime: new Date('2026-11-23T02:30:00Z'),
    });
    expect((await orderActions(s.kit, a.id)).map((r) => r.action)).toEqual([
      'save',
      'submitToWarehouse',
      'addToLoadPlan',
      'confirmLoad',
    ]);
    expect(await milestones(s.kit, plan.id)).toHaveLength(0);

    // neither ticked nor scanned: every planned order left
    const rest = await load(s.dispatcher, plan.id, body);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toMatchObject({ status: 2, done: 1, loadedPieces: 9, plannedPieces: 9 });
    expect((await orderRow(s.kit, c.id)).status).toBe(4);
    const log = await loadLog(s.kit, plan.id);
    expect(log.map((l) => [l.action, l.fromStatus, l.toStatus, l.orderCount])).toEqual([
      ['load', 0, 1, 2],
      ['load', 1, 2, 1],
    ]);
    expect((await milestones(s.kit, plan.id)).map((m) => [m.trackStatus, m.auto])).toEqual([['4', '1']]);

    // nothing planned is left: a third Load is refused
    const again = await load(s.dispatcher, plan.id, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toMatch(/Not planned or already loaded/);
  });

  it('checks ISO 6346: a wrong check digit is refused; lower case and spaces are accepted and stored upper-case', async () => {
    const [a, b] = [await stockOrder(s.kit), await stockOrder(s.kit)];
    const plan = await planWith(s.kit, [a.id, b.id]);
    const wrong = await load(s.admin, plan.id, loadBody({ containerNo: 'CSQU3054384' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toMatch(/container/i);
    expect((await orderRow(s.kit, a.id)).status).toBe(3);
    expect((await load(s.admin, plan.id, loadBody({ containerNo: 'CSQU305438' }))).statusCode).toBe(400);
    const lower = await load(s.admin, plan.id, loadBody({ containerNo: 'csqu3054383', orderIds: [a.id] }));
    expect(lower.statusCode, lower.body).toBe(200);
    expect((await orderRow(s.kit, a.id)).containerNo).toBe('CSQU3054383');
    // the same container with spaces: the same number, so the same load goes on
    const spaced = await load(s.admin, plan.id, loadBody({ containerNo: 'CSQU 305438 3', orderIds: [b.id] }));
    expect(spaced.statusCode, spaced.body).toBe(200);
    expect(await loadRow(s.kit, plan.id)).toMatchObject({ containerNo: 'CSQU3054383', status: 2 });
  });

  it('needs the container number for a container and the seal; a truck needs its plate (Chinese or Thai)', async () => {
    const a = await stockOrder(s.kit);
    const plan = await planWith(s.kit, [a.id]);
    const noContainer = await load(s.admin, plan.id, loadBody({ containerNo: '', truckNo: '粤B12345' }));
    expect(noContainer.statusCode).toBe(400);
    expect(noContainer.json().msg).toMatch(/Container no/);
    const noSeal = await load(s.admin, plan.id, loadBody({ sealNo: '' }));
    expect(noSeal.statusCode).toBe(400);

    const [x, y] = [await stockOrder(s.kit), await stockOrder(s.kit)];
    const truck = await planWith(s.kit, [x.id], { containerType: 'TRUCK_9_6M' });
    const badPlate = await load(s.admin, truck.id, { ...loadBody({ containerNo: '' }), truckNo: 'XYZ' });
    expect(badPlate.statusCode).toBe(400);
    const noPlate = await load(s.admin, truck.id, loadBody());
    expect(noPlate.statusCode).toBe(400);
    expect(noPlate.json().msg).toMatch(/Plate no/);
    const cn = await load(s.admin, truck.id, { ...loadBody({ containerNo: '' }), truckNo: '粤B12345' });
    expect(cn.statusCode, cn.body).toBe(200);
    expect(await orderRow(s.kit, x.id)).toMatchObject({ status: 4, containerNo: '', truckNo: '粤B12345' });
    expect(await loadRow(s.kit, truck.id)).toMatchObject({ status: 2, containerNo: '', truckNo: '粤B12345' });

    const thai = await planWith(s.kit, [y.id], { containerType: 'TRAILER_18W' });
    const th = await load(s.admin, thai.id, { ...loadBody({ containerNo: '' }), truckNo: '70-1234' });
    expect(th.statusCode, th.body).toBe(200);
    expect((await orderRow(s.kit, y.id)).truckNo).toBe('70-1234');
  });

  it('refuses a container number on another load that has not arrived, and allows it again once that load is L4', async () => {
    const [a, b] = [await stockOrder(s.kit), await stockOrder(s.kit)];
    const [first, second] = [await planWith(s.kit, [a.id]), await planWith(s.kit, [b.id])];
    const no = containerNo();
    expect((await load(s.admin, first.id, loadBody({ containerNo: no }))).statusCode).toBe(200);
    const taken = await load(s.admin, second.id, loadBody({ containerNo: no }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toContain(no);
    expect(taken.json().msg).toContain(first.loadNo);
    expect((await orderRow(s.kit, b.id)).status).toBe(3);
    for (const status of [3]) {
      await setLoadStatus(s.kit, first.id, status);
      expect((await load(s.admin, second.id, loadBody({ containerNo: no }))).statusCode).toBe(409);
    }
    await setLoadStatus(s.kit, first.id, 4);
    const free = await load(s.admin, second.id, loadBody({ containerNo: no }));
    expect(free.statusCode, free.body).toBe(200);
  });

  it('gives one container number to one of two loads taking it at the same moment', async () => {
    const [a, b] = [await stockOrder(s.kit), await stockOrder(s.kit)];
    const [p, q] = [await planWith(s.kit, [a.id]), await planWith(s.kit, [b.id])];
    const no = containerNo();
    const res = await Promise.all([
      load(s.admin, p.id, loadBody({ containerNo: no })),
      load(s.dispatcher, q.id, loadBody({ containerNo: no })),
    ]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const holders = await s.t.db.select({ id: busOrder.id }).from(busOrder).where(eq(busOrder.containerNo, no));
    expect(holders).toHaveLength(1);
  });

  it('refuses another container once loading began (changed with load/edit instead)', async () => {
    const [a, b] = [await stockOrder(s.kit), await stockOrder(s.kit)];
    const plan = await planWith(s.kit, [a.id, b.id]);
    expect((await load(s.admin, plan.id, loadBody({ orderIds: [a.id] }))).statusCode).toBe(200);
    const other = await load(s.admin, plan.id, loadBody({ orderIds: [b.id] }));
    expect(other.statusCode).toBe(409);
    expect(other.json().msg).toContain('Edit container data');
    expect((await orderRow(s.kit, b.id)).status).toBe(3);
  });

  it('refuses in each load status from L3 and for orders that are not planned in this load', async () => {
    const [a, b, c] = [await stockOrder(s.kit), await stockOrder(s.kit), await stockOrder(s.kit)];
    const plan = await planWith(s.kit, [a.id]);
    for (const status of [3, 4, 5]) {
      await setLoadStatus(s.kit, plan.id, status);
      const r = await load(s.admin, plan.id, loadBody({ orderIds: [a.id] }));
      expect(r.statusCode).toBe(409);
      expect(r.json().msg).toContain(plan.loadNo);
    }
    await setLoadStatus(s.kit, plan.id, 0);
    // an S3 order of another plan
    const other = await planWith(s.kit, [b.id]);
    const elsewhere = await load(s.admin, plan.id, loadBody({ orderIds: [a.id, b.id] }));
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().msg).toContain(b.transportId);
    expect((await orderRow(s.kit, a.id)).status).toBe(3);
    // an order not yet received (S1)
    await s.t.db.update(busOrder).set({ status: 1 }).where(eq(busOrder.id, c.id));
    const staged = await load(s.admin, plan.id, loadBody({ orderIds: [c.id] }));
    expect(staged.statusCode).toBe(409);
    expect(staged.json().msg).toMatch(/Not planned or already loaded/);
    expect(await loadLog(s.kit, plan.id)).toHaveLength(0);
    expect((await load(s.admin, other.id, loadBody({ orderIds: [] }))).statusCode).toBe(400);
  });

  it('refuses an order with an open problem item (M-exc) and changes nothing', async () => {
    const [a, b] = [await stockOrder(s.kit), await stockOrder(s.kit)];
    const plan = await planWith(s.kit, [a.id, b.id]);
    await s.t.db.update(busOrder).set({ ifException: 1 }).where(eq(busOrder.id, b.id));
    const r = await load(s.admin, plan.id, loadBody());
    expect(r.statusCode).toBe(409);
    expect(r.json().msg).toContain(b.transportId);
    expect(r.json().msg).toMatch(/problem item/);
    expect((await orderRow(s.kit, a.id)).status).toBe(3);
    expect(await loadRow(s.kit, plan.id)).toMatchObject({ status: 0, containerNo: '' });
  });

  it('needs the load button (403) and hides loads and orders of other customers (404)', async () => {
    const a = await stockOrder(s.kit);
    const plan = await planWith(s.kit, [a.id]);
    expect((await load(s.service, plan.id, loadBody())).statusCode).toBe(403);
    expect((await load(s.finance, plan.id, loadBody())).statusCode).toBe(403);
    // the scoped loader serves BK001 only: a load of TH001 orders is not theirs
    expect((await load(s.loader, plan.id, loadBody())).statusCode).toBe(404);
    // a load holding one of their orders and one of another customer's
    const mine = await stockOrder(s.kit, { markId: s.ids.BK001 });
    const mixed = await planWith(s.kit, [mine.id, (await stockOrder(s.kit)).id]);
    expect((await load(s.loader, mixed.id, loadBody())).statusCode).toBe(404);
    const ok = await load(s.loader, mixed.id, loadBody({ orderIds: [mine.id] }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await orderRow(s.kit, mine.id)).status).toBe(4);
  });
});

describe('[LOAD] A13 unload', () => {
  it('returns loaded orders to the plan (S4 -> S3), clears their container data, L2 -> L1 -> L0', async () => {
    const [a, b] = [await stockOrder(s.kit), await stockOrder(s.kit)];
    const plan = await planWith(s.kit, [a.id, b.id]);
    const body = loadBody();
    expect((await load(s.admin, plan.id, body)).statusCode).toBe(200);
    const va = (await orderRow(s.kit, a.id)).version;
    const stale = await s.dispatcher.post(
      `/bus/load/removeOrder/${plan.id}`,
      { orderIds: [a.id], versions: [va - 1] },
      en,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toMatch(/Changed by someone else/);
    const r = await s.dispatcher.post(`/bus/load/removeOrder/${plan.id}`, { orderIds: [a.id], versions: [va] }, en);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ status: 1, done: 1, loadedPieces: 3, plannedPieces: 6 });
    expect(await orderRow(s.kit, a.id)).toMatchObject({
      status: 3,
      loadId: plan.id,
      containerNo: '',
      sealNo: '',
      truckNo: '',
    });
    expect((await orderActions(s.kit, a.id)).at(-1)).toMatchObject({
      action: 'unloadOrder',
      fromStatus: 4,
      toStatus: 3,
    });
    expect(await milestones(s.kit, plan.id)).toHaveLength(0);
    // an order that is not loaded
    const notLoaded = await s.dispatcher.post(`/bus/load/removeOrder/${plan.id}`, { orderIds: [a.id] }, en);
    expect(notLoaded.statusCode).toBe(409);
    expect(notLoaded.json().msg).toMatch(/Not loaded or already departed/);
    expect((await s.dispatcher.post(`/bus/load/removeOrder/${plan.id}`, { orderIds: [b.id] }, en)).statusCode).toBe(
      200,
    );
    // nothing loaded is left: the container data leave the record too, the number is free again
    expect(await loadRow(s.kit, plan.id)).toMatchObject({ status: 0, containerNo: '', sealNo: '' });
    const other = await planWith(s.kit, [(await stockOrder(s.kit)).id]);
    expect((await load(s.admin, other.id, loadBody({ containerNo: body.containerNo }))).statusCode).toBe(200);
    expect((await loadLog(s.kit, plan.id)).map((l) => [l.action, l.fromStatus, l.toStatus])).toEqual([
      ['load', 0, 2],
      ['unload', 2, 1],
      ['unload', 1, 0],
    ]);
  });

  it('is refused outside L1/L2, for an order of another load, without the button and for other customers', async () => {
    const [a, b] = [await stockOrder(s.kit), await stockOrder(s.kit)];
    const [plan, other] = [await planWith(s.kit, [a.id]), await planWith(s.kit, [b.id])];
    const body = { orderIds: [a.id] };
    const l0 = await s.dispatcher.post(`/bus/load/removeOrder/${plan.id}`, body, en);
    expect(l0.statusCode).toBe(409);
    expect(l0.json().msg).toContain(plan.loadNo);
    expect((await load(s.admin, plan.id, loadBody())).statusCode).toBe(200);
    expect((await load(s.admin, other.id, loadBody())).statusCode).toBe(200);
    const wrongLoad = await s.dispatcher.post(`/bus/load/removeOrder/${plan.id}`, { orderIds: [b.id] }, en);
    expect(wrongLoad.statusCode).toBe(409);
    expect(wrongLoad.json().msg).toContain(b.transportId);
    await expectRefusedPastLoading(plan.id, `/bus/load/removeOrder/${plan.id}`, body);
    expect((await orderRow(s.kit, a.id)).status).toBe(4);
  });
});

describe('[LOAD] A14 cancel loading', () => {
  it('puts every order of each load back to S3 and the loads to L0, container data cleared, plans kept', async () => {
    const [a, b, c] = [await stockOrder(s.kit), await stockOrder(s.kit), await stockOrder(s.kit)];
    const [p, q] = [await planWith(s.kit, [a.id, b.id]), await planWith(s.kit, [c.id])];
    const first = loadBody({ orderIds: [a.id] });
    expect((await load(s.admin, p.id, first)).statusCode).toBe(200);
    expect((await load(s.admin, q.id, { ...loadBody(), truckNo: '粤B12345' })).statusCode).toBe(200);
    const r = await s.dispatcher.post(`/bus/load/delete/${q.id},${p.id}`, {}, en);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toEqual({ ids: [p.id, q.id], done: 2 });
    for (const o of [a, b, c])
      expect(await orderRow(s.kit, o.id)).toMatchObject({ status: 3, containerNo: '', sealNo: '', truckNo: '' });
    for (const l of [p, q]) {
      expect(await loadRow(s.kit, l.id)).toMatchObject({ status: 0, containerNo: '', sealNo: '', truckNo: '' });
      expect((await loadLog(s.kit, l.id)).at(-1)).toMatchObject({ action: 'cancelLoading', toStatus: 0 });
      expect(await milestones(s.kit, l.id)).toHaveLength(0);
    }
    expect((await orderActions(s.kit, a.id)).at(-1)).toMatchObject({
      action: 'cancelLoading',
      fromStatus: 4,
      toStatus: 3,
    });
    // the plan can be loaded again, into the same container number
    expect((await load(s.admin, p.id, loadBody({ containerNo: first.containerNo }))).statusCode).toBe(200);
  });

  it('is all or nothing: a load in L0 or departed refuses the whole list; 403 without the button, 404 for others', async () => {
    const [a, b] = [await stockOrder(s.kit), await stockOrder(s.kit)];
    const [p, q] = [await planWith(s.kit, [a.id]), await planWith(s.kit, [b.id])];
    expect((await load(s.admin, p.id, loadBody())).statusCode).toBe(200);
    const withPlan = await s.dispatcher.post(`/bus/load/delete/${p.id},${q.id}`, undefined, en);
    expect(withPlan.statusCode).toBe(409);
    expect(withPlan.json().msg).toContain(q.loadNo);
    expect((await orderRow(s.kit, a.id)).status).toBe(4);
    await expectRefusedPastLoading(p.id, `/bus/load/delete/${p.id}`, undefined);
    expect((await s.dispatcher.post('/bus/load/delete/1,x', undefined, en)).statusCode).toBe(400);
    expect(await loadRow(s.kit, p.id)).toMatchObject({ status: 2 });
  });
});

describe('[LOAD] load/edit: container data', () => {
  it('changes the container data of a loading container and copies a new number to its loaded orders (A28 log)', async () => {
    const [a, b] = [await stockOrder(s.kit), await stockOrder(s.kit)];
    const plan = await planWith(s.kit, [a.id, b.id]);
    expect((await load(s.admin, plan.id, loadBody({ orderIds: [a.id] }))).statusCode).toBe(200);
    const before = await loadRow(s.kit, plan.id);
    const no = containerNo('MSKU');
    const body = {
      id: plan.id,
      version: before.version,
      containerNo: no.toLowerCase(),
      sealNo: 'SL-NEW-1',
      vesselName: 'EVER GIVEN',
      voyageNo: '025E',
      etdDate: '2026-11-25 18:00:00',
      loadPort: '南沙',
    };
    const r = await s.dispatcher.post('/bus/load/edit', body, en);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ status: 1, version: before.version + 1, done: 1 });
    expect(await loadRow(s.kit, plan.id)).toMatchObject({
      containerNo: no,
      sealNo: 'SL-NEW-1',
      vesselName: 'EVER GIVEN',
      voyageNo: '025E',
      loadPort: '南沙',
      etdDate: new Date('2026-11-25T10:00:00Z'),
      status: 1,
    });
    expect(await orderRow(s.kit, a.id)).toMatchObject({ status: 4, containerNo: no, sealNo: 'SL-NEW-1' });
    expect((await orderRow(s.kit, b.id)).containerNo).toBe('');
    expect((await orderActions(s.kit, a.id)).at(-1)).toMatchObject({
      action: 'modifyAfterReceipt',
      fromStatus: 4,
      toStatus: 4,
    });
    expect((await loadLog(s.kit, plan.id)).at(-1)).toMatchObject({ action: 'edit', orderCount: 1 });
    // the version read is compared
    const stale = await s.dispatcher.post('/bus/load/edit', body, en);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toMatch(/Changed by someone else/);
    // vessel only: no order changes
    const vessel = await s.dispatcher.post(
      '/bus/load/edit',
      { ...body, version: before.version + 1, vesselName: 'MSC OSCAR' },
      en,
    );
    expect(vessel.statusCode, vessel.body).toBe(200);
    expect(vessel.json().data.done).toBe(0);
  });

  it('refuses L0 and L5, a number in use, a wrong check digit, a missing seal; 403 and 404', async () => {
    const [a, b] = [await stockOrder(s.kit), await stockOrder(s.kit)];
    const [plan, other] = [await planWith(s.kit, [a.id]), await planWith(s.kit, [b.id])];
    const edit = async (client: TestClient, over: Record<string, unknown> = {}) =>
      client.post(
        '/bus/load/edit',
        {
          id: plan.id,
          version: (await loadRow(s.kit, plan.id)).version,
          containerNo: containerNo(),
          sealNo: 'S1',
          ...over,
        },
        en,
      );
    const l0 = await edit(s.dispatcher);
    expect(l0.statusCode).toBe(409);
    expect(l0.json().msg).toContain(plan.loadNo);
    expect((await load(s.admin, plan.id, loadBody())).statusCode).toBe(200);
    const otherNo = containerNo();
    expect((await load(s.admin, other.id, loadBody({ containerNo: otherNo }))).statusCode).toBe(200);
    const inUse = await edit(s.dispatcher, { containerNo: otherNo });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().msg).toContain(other.loadNo);
    expect((await edit(s.dispatcher, { containerNo: 'CSQU3054384' })).statusCode).toBe(400);
    expect((await edit(s.dispatcher, { sealNo: '' })).statusCode).toBe(400);
    expect((await edit(s.service)).statusCode).toBe(403);
    expect((await edit(s.loader)).statusCode).toBe(404);
    for (const status of [2, 3, 4]) {
      await setLoadStatus(s.kit, plan.id, status);
      expect((await edit(s.dispatcher)).statusCode, `L${status}`).toBe(200);
    }
    await setLoadStatus(s.kit, plan.id, 5);
    expect((await edit(s.dispatcher)).statusCode).toBe(409);
  });
});

describe('[LOAD] reads', () => {
  it('lists loads once loading began, shows one with its orders and pages its orders', async () => {
    const [a, b] = [await stockOrder(s.kit), await stockOrder(s.kit, { markId: s.ids.BK001 })];
    const plan = await planWith(s.kit, [a.id, b.id]);
    const body = loadBody();
    expect((await load(s.admin, plan.id, body)).statusCode).toBe(200);
    const list = await s.dispatcher.get(`/bus/load/list?containerNo=${body.containerNo}`, en);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, rows: [{ id: plan.id, status: 2, orderCount: 2 }] });
    const one = await s.dispatcher.get(`/bus/load/${plan.id}`, en);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.orders).toHaveLength(2);
    expect(one.json().data.log[0]).toMatchObject({ action: 'load' });
    const page = await s.dispatcher.post(`/bus/load/detail/${plan.id}`, { pageNum: 1, pageSize: 1 }, en);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ total: 2 });
    expect(page.json().rows).toHaveLength(1);
    // the scoped loader sees the load through their customer's order, and only that order
    const scoped = await s.loader.get(`/bus/load/${plan.id}`, en);
    expect(scoped.statusCode, scoped.body).toBe(200);
    expect(scoped.json().data.orders.map((o: { id: number }) => o.id)).toEqual([b.id]);
    expect(
      (await (await userWithPerms(s.t, 'nobody5', ['bus:load'], '5')).get(`/bus/load/${plan.id}`)).statusCode,
    ).toBe(404);
  });
});
