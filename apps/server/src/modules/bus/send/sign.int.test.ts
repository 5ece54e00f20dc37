import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../test/build-test-app';
import { expectRefusal } from '../../../../test/refusal';
import { busOrder } from '../inware/inware.table';
import { busLoad } from '../load/load.table';
import {
  arrivedOrders,
  dispatchedRun,
  linesOf,
  multipart,
  orderLogOf,
  orderRow,
  PNG,
  runRow,
  staleRunTotals,
  useSendSuite,
} from './send.test-utils';

/**
 * Signing through /bus/sign/* and inware/signUpload against real PostgreSQL: sign (full and short: partly signed
 * with a 'short delivery' problem item), batch sign of a run, sign fail, cancel signature (refused when audited),
 * the POD photo (images only), ID and phone validation, a driver signing their own run only, 50 parallel signatures.
 */

const s = useSendSuite({ users: ['dispatcher', 'driver', 'service'], env: { UPLOAD_MAX_MB: '1' } });

async function upload(client: TestClient, name = '签收.png', content = PNG, type = 'image/png') {
  const { payload, headers } = multipart([{ field: 'file', name, content, type }]);
  const res = await client.request({ method: 'POST', url: '/prod-api/file/upload', payload, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.fileId as string;
}

/** n orders out for delivery (S7) on a dispatched run of `driverId`. */
async function outForDelivery(n = 1, driverId = s.mine.driverId, overrides: Record<string, unknown> = {}) {
  const { orders, load } = await arrivedOrders(s.kit, n, overrides);
  const run = await dispatchedRun(
    s.dispatcher,
    driverId,
    orders.map((o) => o.id),
  );
  return { orders, run, load };
}

const signBody = (orderId: number, picture: string, x: Record<string, unknown> = {}) => ({
  orderId,
  signPerson: 'Khun Prasert',
  signTime: '2026-11-24 10:15:00',
  signPiece: 3,
  signTel: '0823456789',
  signIdcard: '1-1017-00207-44-7',
  signPicture: picture,
  ...x,
});

describe('[SIGN] sign/save (A23)', () => {
  it('signs one order: S8 signed, line keeps phone, normalised ID and photo; the run finishes (D2), the load L5', async () => {
    const { orders, run, load } = await outForDelivery(1);
    const pic = await upload(s.driver);
    const res = await s.driver.post('/bus/sign/save', signBody(orders[0]!.id, pic));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.orders[0]).toMatchObject({ status: 8, signStatus: 1, exceptionRaised: false });
    expect(await orderRow(s.kit, orders[0]!.id)).toMatchObject({
      status: 8,
      signStatus: 1,
      signPiece: 3,
      signPerson: 'Khun Prasert',
    });
    const [line] = await linesOf(s.t, run.id);
    expect([line!.signTel, line!.signIdcard, line!.signPicture]).toEqual(['0823456789', '1101700207447', pic]);
    expect((await runRow(s.t, run.id))!.status).toBe(2);
    expect((await s.t.db.select().from(busLoad).where(eq(busLoad.id, load.id)))[0]!.status).toBe(5);
    // the list masks the ID number; the photo is readable by the dispatcher through the line
    const list = (await s.dispatcher.get(`/bus/sign/list?tab=signed&sendNo=${run.sendNo}`)).json();
    expect(list.rows[0]).toMatchObject({ signIdcard: '****7447', signPicture: pic, signStatus: 1 });
    expect((await s.dispatcher.get(`/file/download/${pic}`)).statusCode).toBe(200);
    expect((await s.service.get(`/file/download/${pic}`)).statusCode).toBe(200);
  });

  it('fewer pieces than sent: partly signed and a short-delivery problem item with its log row', async () => {
    const { orders } = await outForDelivery(1);
    const pic = await upload(s.dispatcher);
    const res = await s.dispatcher.post(
      '/bus/sign/save',
      signBody(orders[0]!.id, pic, { signPiece: 2, signIdcard: '' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.orders[0].exceptionRaised).toBe(true);
    expect(await orderRow(s.kit, orders[0]!.id)).toMatchObject({
      status: 8,
      signStatus: 3,
      signPiece: 2,
      ifException: 1,
      exceptionType: '1',
      exceptionStatus: 0,
    });
    const log = await orderLogOf(s.kit, orders[0]!.id);
    expect(log.slice(-2).map((l) => l.action)).toEqual(['sign', 'raiseException']);
  });

  it('bad input changes nothing: wrong Thai or Chinese check digit, wrong length, bad phone, too many pieces, no photo, a PDF as photo', async () => {
    const { orders } = await outForDelivery(1);
    const id = orders[0]!.id;
    const pic = await upload(s.dispatcher);
    const bad = async (x: Record<string, unknown>, field: string) => {
      const res = await s.dispatcher.post('/bus/sign/save', signBody(id, pic, x));
      expect([res.statusCode, res.json().field], res.body).toEqual([400, field]);
    };
    await bad({ signIdcard: '1101700207444' }, 'signIdcard');
    await bad({ signIdcard: '11017002074' }, 'signIdcard');
    await bad({ signIdcard: '11010519491231002Y' }, 'signIdcard');
    await bad({ signTel: '12345' }, 'signTel');
    await bad({ signPiece: 4 }, 'signPiece');
    await bad({ signPiece: 0 }, 'signPiece');
    await bad({ signPicture: undefined }, 'signPicture');
    await bad({ signPerson: '' }, 'signPerson');
    const pdf = await upload(s.dispatcher, 'pod.pdf', Buffer.from('%PDF-1.4\n%EOF\n'), 'application/pdf');
    await bad({ signPicture: pdf }, 'signPicture');
    // someone else's unreferenced upload cannot be attached
    const foreign = await upload(s.admin);
    await bad({ signPicture: foreign }, 'signPicture');
    // a Chinese ID with its check character passes
    const ok = await s.dispatcher.post('/bus/sign/save', signBody(id, pic, { signIdcard: '11010519491231002x' }));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('signing twice, or an order taken back to stock a moment earlier, is refused and writes nothing', async () => {
    const { orders, run } = await outForDelivery(2);
    const pic = await upload(s.dispatcher);
    expect((await s.dispatcher.post('/bus/sign/save', signBody(orders[0]!.id, pic))).statusCode).toBe(200);
    expectRefusal(
      await s.dispatcher.post('/bus/sign/save', signBody(orders[0]!.id, pic)),
      409,
      'msg_delivery_state_reselect',
    );
    await s.dispatcher.post(`/bus/send/removeOrder/${run.id}`, { orderIds: [orders[1]!.id] });
    expectRefusal(
      await s.dispatcher.post('/bus/sign/save', signBody(orders[1]!.id, pic)),
      409,
      'msg_delivery_state_reselect',
    );
    expect(await orderRow(s.kit, orders[1]!.id)).toMatchObject({ status: 6, signStatus: 0, signPiece: null });
  });

  it('50 parallel signatures of one order: signed exactly once', async () => {
    const { orders } = await outForDelivery(1);
    const pic = await upload(s.dispatcher);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => s.dispatcher.post('/bus/sign/save', signBody(orders[0]!.id, pic))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200 && c !== 409)).toEqual([]);
    expect((await orderLogOf(s.kit, orders[0]!.id)).filter((l) => l.action === 'sign')).toHaveLength(1);
  });

  it('a driver signs only orders of their own runs; keys are checked', async () => {
    const { orders } = await outForDelivery(1, s.other.driverId);
    const pic = await upload(s.driver);
    expect((await s.driver.post('/bus/sign/save', signBody(orders[0]!.id, pic))).statusCode).toBe(404);
    const list = (await s.driver.get('/bus/sign/list?tab=all&pageSize=500')).json();
    expect(list.rows.map((r: { orderId: number }) => r.orderId)).not.toContain(orders[0]!.id);
    expect((await s.service.post('/bus/sign/save', signBody(orders[0]!.id, pic))).statusCode).toBe(403);
  });

  it('batch signs every order still out on a run with one photo (failed ones left), pieces in full', async () => {
    const { orders, run } = await outForDelivery(3);
    const [a, b, c] = orders.map((o) => o.id) as [number, number, number];
    const fail = await s.driver.post('/bus/sign/signFail', { orderIds: [c], signFailReason: '1', signFailRemark: '' });
    expect(fail.statusCode, fail.body).toBe(200);
    const pic = await upload(s.driver);
    const res = await s.driver.post('/bus/sign/save', {
      sendId: run.id,
      signTime: '2026-11-24 17:00:00',
      signPicture: pic,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.done).toBe(2);
    for (const id of [a, b])
      expect(await orderRow(s.kit, id)).toMatchObject({ status: 8, signPiece: 3, signPerson: 'Khun Prasert' });
    expect(await orderRow(s.kit, c)).toMatchObject({ status: 7, signStatus: 2 });
    expect((await runRow(s.t, run.id))!.status).toBe(1);
    expectRefusal(
      await s.driver.post('/bus/sign/save', { sendId: run.id, signTime: '2026-11-24 17:00:00', signPicture: pic }),
      409,
      'msg_send_nothing_to_sign',
    );
  });
});

describe('[SIGN] home card', () => {
  it('a driver’s card counts the orders out on their runs, as their sign list’s Unsigned tab; others have no card', async () => {
    await outForDelivery(2);
    await outForDelivery(1, s.other.driverId);
    const home = (await s.driver.get('/bus/index')).json().data;
    const list = (await s.driver.get('/bus/sign/list?tab=unsigned')).json();
    expect(home.counts.myDeliveries).toBeGreaterThanOrEqual(2);
    expect(home.counts.myDeliveries).toBe(list.total);
    expect((await s.dispatcher.get('/bus/index')).json().data.counts).not.toHaveProperty('myDeliveries');
  });
});

describe('[SIGN] signFail (A24), delete (A25), signUpload, export', () => {
  it('sign fail keeps S7 with the reason; back to stock and into tomorrow’s run it is unsigned again', async () => {
    const { orders, run } = await outForDelivery(1);
    const id = orders[0]!.id;
    const missing = await s.dispatcher.post('/bus/sign/signFail', {
      orderIds: [id],
      signFailReason: '6',
      signFailRemark: '',
    });
    expect([missing.statusCode, missing.json().field]).toEqual([400, 'signFailRemark']);
    const res = await s.dispatcher.post('/bus/sign/signFail', {
      orderIds: [id],
      signFailReason: '2',
      signFailRemark: '拒收',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(s.kit, id)).toMatchObject({ status: 7, signStatus: 2 });
    expect((await linesOf(s.t, run.id))[0]).toMatchObject({ signFailReason: '2', signFailRemark: '拒收' });
    const failed = (await s.dispatcher.get(`/bus/sign/list?tab=failed&sendNo=${run.sendNo}`)).json();
    expect(failed.rows.map((r: { orderId: number }) => r.orderId)).toEqual([id]);
    await s.dispatcher.post(`/bus/send/removeOrder/${run.id}`, { orderIds: [id] });
    expect(await orderRow(s.kit, id)).toMatchObject({ status: 6, signStatus: 2, sendId: null });
    const next = await s.dispatcher.post('/bus/send/add', {
      sendTime: '2026-11-25 08:00:00',
      driverId: s.mine.driverId,
      orderIds: [id],
    });
    await s.dispatcher.post('/bus/send/sure', { ids: [next.json().data.id] });
    expect(await orderRow(s.kit, id)).toMatchObject({ status: 7, signStatus: 0, sendId: next.json().data.id });
    expect((await s.service.post('/bus/sign/signFail', { orderIds: [id], signFailReason: '1' })).statusCode).toBe(403);
  });

  it('cancels a signature (S8 -> S7, run back to D1); refused while the fees are audited (M3)', async () => {
    const { orders, run } = await outForDelivery(2);
    const pic = await upload(s.dispatcher);
    for (const o of orders) await s.dispatcher.post('/bus/sign/save', signBody(o.id, pic));
    expect((await runRow(s.t, run.id))!.status).toBe(2);
    const res = await s.dispatcher.post(`/bus/sign/delete/${orders[0]!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(s.kit, orders[0]!.id)).toMatchObject({
      status: 7,
      signStatus: 0,
      signPiece: null,
      signTime: null,
    });
    expect((await runRow(s.t, run.id))!.status).toBe(1);
    await s.t.db.update(busOrder).set({ auditStatus: 2 }).where(eq(busOrder.id, orders[1]!.id));
    expectRefusal(await s.dispatcher.post(`/bus/sign/delete/${orders[1]!.id}`), 409, 'msg_audit_state_reselect');
    expectRefusal(await s.dispatcher.post(`/bus/sign/delete/${orders[0]!.id}`), 409, 'msg_signed_state_reselect');
    expect((await s.driver.post(`/bus/sign/delete/${orders[1]!.id}`)).statusCode).toBe(403);
  });

  it('uploads the POD photo of an order out or signed; HTML renamed .jpg and oversized files are refused', async () => {
    const { orders, run } = await outForDelivery(1);
    const id = orders[0]!.id;
    const send = (name: string, content: Buffer, type = 'image/jpeg', client = s.driver) => {
      const { payload, headers } = multipart([{ field: 'file', name, content, type }]);
      return client.request({ method: 'POST', url: `/prod-api/bus/inware/signUpload/${id}`, payload, headers });
    };
    const ok = await send('pod.png', PNG, 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await linesOf(s.t, run.id))[0]!.podPicture).toBe(ok.json().data.fileId);
    expect((await send('pod.jpg', Buffer.from('<html><script>alert(1)</script></html>'))).statusCode).toBe(415);
    expect((await send('big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'image/png')).statusCode).toBe(
      413,
    );
    const stock = await arrivedOrders(s.kit, 1);
    const { payload, headers } = multipart([{ field: 'file', name: 'pod.png', content: PNG, type: 'image/png' }]);
    const s6 = await s.dispatcher.request({
      method: 'POST',
      url: `/prod-api/bus/inware/signUpload/${stock.orders[0]!.id}`,
      payload,
      headers,
    });
    expectRefusal(s6, 409, 'msg_delivery_state_reselect');
    expect((await send('pod.png', PNG, 'image/png', s.service)).statusCode).toBe(403);
  });

  it('exports the sign list (.xlsx) with the export key only', async () => {
    const { run } = await outForDelivery(1);
    const res = await s.dispatcher.post('/bus/sign/export', { sendNo: run.sendNo });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await s.driver.post('/bus/sign/export', {})).statusCode).toBe(403);
    expect((await s.dispatcher.get('/bus/sign/list?tab=nope')).statusCode).toBe(400);
  });
});

describe('[SIGN] stored run totals', () => {
  it('after the signatures, failures and cancellations above, each run’s stored totals equal its lines now', async () => {
    expect(await staleRunTotals(s.t)).toEqual([]);
  });
});
