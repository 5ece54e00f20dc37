import { LOAD_STATUS } from '@theone/contracts';
import { convert, toMoneyString } from '@theone/contracts/common/money';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { t as translate } from '../../../platform/i18n';
import { pdfAnswer, squash } from '../../../platform/pdf/pdf-inspect.test-utils';
import { userWithPerms } from '../../bas/bas.test-utils';
import { sysMenu } from '../../system/menu/menu.table';
import { sysRole, sysRoleMenu } from '../../system/role/role.table';
import { useBusSuite } from '../bus.test-utils';
import { busOrder } from '../inware/inware.table';
import { loadWith, stockOrder } from '../load/track.test-utils';
import { arrivedOrders, dispatchedRun, driverWithVehicle, multipart, PNG, sendKit } from './send.test-utils';

/**
 * Delivery notes of a whole container (`load/previewSend`, `load/printSend`, send-load-notes.ts) against real
 * PostgreSQL: only at L4/L5; the preview's orders with the amount to collect (arrive-pay THB, RMB converted at the
 * seeded rate, the run line's amount once in a run), signed orders left out of the default print; the PDF read back
 * (one page per order, Thai by default); orders not of the load refused; the key; a scoped reader sees and prints
 * only their customers' orders, another's load is a 404.
 */

const s = useBusSuite({
  users: ['admin', 'dispatcher', 'driver'],
  setup: async ({ t, ids, admin }) => {
    const kit = await sendKit(t, ids, admin);
    const { driverId } = await driverWithVehicle(t, 'Somsak', 'driver');
    // customer service (own customers only) is given the key for the scope cases; a 'self' user serving no customer
    const [role] = await t.db.select({ id: sysRole.roleId }).from(sysRole).where(eq(sysRole.roleKey, 'service'));
    const [menu] = await t.db
      .select({ id: sysMenu.menuId })
      .from(sysMenu)
      .where(eq(sysMenu.perms, 'bus:load:printSend'));
    await t.db.insert(sysRoleMenu).values({ roleId: role!.id, menuId: menu!.id });
    return {
      kit,
      driverId,
      service: await t.login('service'),
      stranger: await userWithPerms(t, 'notes_stranger', ['bus:load', 'load:info', 'bus:load:printSend'], '5'),
    };
  },
});

function refusedWith(res: { statusCode: number; body: string }, status: number, key: string, list: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(JSON.parse(res.body).msg).toBe(translate(key, 'zh-cn', { list }));
}

/** A container at the destination: TH002 (arrive-pay) in THB and in RMB, TH001 (monthly), YW101 (another service). */
async function arrivedContainer() {
  const { orders, load } = await arrivedOrders(s.kit, 4, [
    { markId: s.ids.TH002 },
    { markId: s.ids.TH002 },
    { markId: s.ids.TH001 },
    { markId: s.ids.YW101 },
  ]);
  await s.t.db.update(busOrder).set({ feeArAmount: '99.99', currency: 'THB' }).where(eq(busOrder.id, orders[0]!.id));
  await s.t.db.update(busOrder).set({ feeArAmount: '250.00', currency: 'RMB' }).where(eq(busOrder.id, orders[1]!.id));
  return { orders, load };
}

describe('load/previewSend and load/printSend', () => {
  it('previews the orders with what each note says: amount to collect in THB, the run once in one', async () => {
    const { orders, load } = await arrivedContainer();
    const res = await s.dispatcher.post('/bus/load/previewSend', { loadId: load.id });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({ loadId: load.id, loadNo: load.loadNo, status: LOAD_STATUS.ARRIVED, unsigned: 4 });
    const byId = new Map(p.rows.map((r: { orderId: number }) => [r.orderId, r]));
    expect(byId.get(orders[0]!.id)).toMatchObject({ collectAmount: '99.99', sendNo: '', signed: false, status: 6 });
    expect(byId.get(orders[1]!.id)).toMatchObject({ collectAmount: toMoneyString(convert('250.00', '4.85')) });
    expect(byId.get(orders[2]!.id)).toMatchObject({ collectAmount: null, mark: 'TH001' });
    expect(p.rows.map((r: { transportId: string }) => r.transportId)).toEqual(
      [...orders.map((o) => o.transportId)].sort(),
    );
    // in a run: the line's amount and its number
    const run = await s.dispatcher.post('/bus/send/add', {
      sendTime: '2026-11-24 08:00:00',
      driverId: s.driverId,
      orderIds: [orders[2]!.id],
      amounts: [{ orderId: orders[2]!.id, sendPartAmount: '55.50' }],
    });
    expect(run.statusCode, run.body).toBe(200);
    const again = (await s.dispatcher.post('/bus/load/previewSend', { loadId: load.id })).json().data;
    expect(again.rows.find((r: { orderId: number }) => r.orderId === orders[2]!.id)).toMatchObject({
      collectAmount: '55.50',
      sendNo: run.json().data.sendNo,
    });
  });

  it('prints one Thai page per unsigned order by default, the ticked ones in the language asked; signed ones left out', async () => {
    const { orders, load } = await arrivedContainer();
    const all = await pdfAnswer(await s.dispatcher.post('/bus/load/printSend', { loadId: load.id }));
    expect(all.pages).toHaveLength(4);
    orders.forEach((o, i) => {
      expect(squash(all.pages[i]!)).toContain(o.transportId);
    });
    expect(squash(all.text)).toContain(squash(translate('send_print_note_title', 'th')));
    expect(squash(all.pages[0]!)).toContain('99.99');
    const one = await pdfAnswer(
      await s.dispatcher.post('/bus/load/printSend', { loadId: load.id, orderIds: [orders[3]!.id], lang: 'zh-cn' }),
    );
    expect(one.pages).toHaveLength(1);
    expect(squash(one.text)).toContain(squash(translate('send_print_note_title', 'zh-cn')));

    // sign one order: the default print leaves it out, the preview counts it signed
    await dispatchedRun(s.dispatcher, s.driverId, [orders[0]!.id]);
    const { payload, headers } = multipart([{ field: 'file', name: 'pod.png', content: PNG, type: 'image/png' }]);
    const pic = (await s.driver.request({ method: 'POST', url: '/prod-api/file/upload', payload, headers })).json()
      .data;
    const signed = await s.driver.post('/bus/sign/save', {
      orderId: orders[0]!.id,
      signPerson: 'Khun Prasert',
      signTime: '2026-11-24 10:15:00',
      signPiece: 3,
      signTel: '0823456789',
      signPicture: pic.fileId,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const p = (await s.dispatcher.post('/bus/load/previewSend', { loadId: load.id })).json().data;
    expect(p.unsigned).toBe(3);
    expect(p.rows.find((r: { orderId: number }) => r.orderId === orders[0]!.id).signed).toBe(true);
    const rest = await pdfAnswer(await s.dispatcher.post('/bus/load/printSend', { loadId: load.id }));
    expect(rest.pages).toHaveLength(3);
    expect(squash(rest.text)).not.toContain(orders[0]!.transportId);
  });

  it('refuses a container not at the destination yet, orders not of the container and bad bodies', async () => {
    const { orders, load } = await arrivedContainer();
    const stock = await stockOrder(s.kit);
    const loaded = await loadWith(s.kit, [stock.id]);
    refusedWith(
      await s.dispatcher.post('/bus/load/previewSend', { loadId: loaded.id }),
      409,
      'msg_load_notes_state',
      loaded.loadNo,
    );
    refusedWith(
      await s.dispatcher.post('/bus/load/printSend', { loadId: loaded.id }),
      409,
      'msg_load_notes_state',
      loaded.loadNo,
    );
    refusedWith(
      await s.dispatcher.post('/bus/load/printSend', { loadId: load.id, orderIds: [orders[0]!.id, stock.id] }),
      400,
      'msg_load_notes_not_in_load',
      load.loadNo,
    );
    for (const body of [{}, { loadId: 'abc' }, { loadId: load.id, lang: 'fr' }, { loadId: load.id, orderIds: [] }]) {
      expect((await s.dispatcher.post('/bus/load/printSend', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await s.dispatcher.post('/bus/load/previewSend', { loadId: load.id, extra: 1 })).statusCode).toBe(400);
    expect((await s.dispatcher.post('/bus/load/previewSend', { loadId: 999_999_999 })).statusCode).toBe(404);
  });

  it('needs bus:load:printSend: the driver gets 403', async () => {
    const { load } = await arrivedContainer();
    expect((await s.driver.post('/bus/load/previewSend', { loadId: load.id })).statusCode).toBe(403);
    expect((await s.driver.post('/bus/load/printSend', { loadId: load.id })).statusCode).toBe(403);
  });

  it("a scoped reader sees and prints only their customers' orders; a load without any is a 404", async () => {
    const { orders, load } = await arrivedContainer();
    const p = await s.service.post('/bus/load/previewSend', { loadId: load.id });
    expect(p.statusCode, p.body).toBe(200);
    const mine = p.json().data.rows.map((r: { orderId: number }) => r.orderId);
    // customer service serves TH001 only (not TH002, not YW101)
    expect(mine).toEqual([orders[2]!.id]);
    const printed = await pdfAnswer(await s.service.post('/bus/load/printSend', { loadId: load.id }));
    expect(printed.pages).toHaveLength(1);
    expect(squash(printed.text)).toContain(orders[2]!.transportId);
    expect(squash(printed.text)).not.toContain(orders[3]!.transportId);
    refusedWith(
      await s.service.post('/bus/load/printSend', { loadId: load.id, orderIds: [orders[3]!.id] }),
      400,
      'msg_load_notes_not_in_load',
      load.loadNo,
    );
    expect((await s.stranger.post('/bus/load/previewSend', { loadId: load.id })).statusCode).toBe(404);
    expect((await s.stranger.post('/bus/load/printSend', { loadId: load.id })).statusCode).toBe(404);
  });
});
