import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../test/build-test-app';
import { PNG } from '../../../../test/upload';
import { userWithPerms } from '../../bas/bas.test-utils';
import { useBusSuite } from '../bus.test-utils';
import { busOrder } from '../inware/inware.table';
import { addOrder, getOrder, orderBody, orderLog } from '../inware/inware.test-utils';
import { busLoad, busTrack } from '../load/load.table';
import { loadKit, newPlan, stockOrder } from '../load/load.test-utils';

/**
 * Problem items (screens exception-list): raise / take over / close / reopen through `inware/editFields` (A26, the
 * order core, one order-log row each), the list by tab and filters, the Timers tab; permissions, data scope
 * (sales see their own customers' orders only), wrong states and two users taking over one item at once.
 */

const en = { 'accept-language': 'en' };
const edit = (c: TestClient, orderIds: number[], fields: Record<string, unknown>, versions?: number[]) =>
  c.post('/bus/inware/editFields', { ids: orderIds, fields, ...(versions ? { versions } : {}) }, en);
const list = async (c: TestClient, query: string) => {
  const res = await c.get(`/bus/exception/list?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; rows: Record<string, unknown>[] };
};
const raise = (c: TestClient, orderIds: number[], desc = 'two cartons short') =>
  edit(c, orderIds, { ifException: 1, exceptionType: '1', exceptionDesc: desc, exceptionStatus: 0 });

const s = useBusSuite({
  users: ['admin', 'service', 'sales', 'sales2', 'dispatcher', 'finance'],
  setup: async ({ t, ids, admin }) => ({ kit: await loadKit(t, ids, admin) }),
});

describe('[EXCEPTION] raise, take over, close, reopen', () => {
  it('raises on two waybills, lists them open with who and when, each change one order-log row', async () => {
    const a = await addOrder(s.sales, orderBody(s.ids, { status: 1 }));
    const b = await stockOrder(s.kit);
    const res = await raise(s.service, [a.id, b.id]);
    expect(res.statusCode, res.body).toBe(200);
    const open = await list(s.service, `transportId=${a.transportId},${b.transportId}`);
    expect(open.total).toBe(2);
    for (const row of open.rows)
      expect(row).toMatchObject({
        ifException: 1,
        exceptionStatus: 0,
        exceptionType: '1',
        exceptionDesc: 'two cartons short',
        exceptionRaiseBy: 'service',
        exceptionHandler: '',
        daysOpen: 0,
        mark: 'TH001',
        serviceName: 'service',
      });
    expect(typeof open.rows[0]!.exceptionRaiseTime).toBe('string');

    // take over (E0 -> E1), close with a remark (-> E2, flag off), reopen (-> E0)
    expect((await edit(s.dispatcher, [a.id], { exceptionStatus: 1 })).statusCode).toBe(200);
    expect(await getOrder(s.admin, a.id)).toMatchObject({ exceptionStatus: 1, exceptionHandler: 'dispatcher' });
    const close = await edit(s.dispatcher, [a.id], { exceptionStatus: 2, ifException: 0, handleRemark: 'found in GZ' });
    expect(close.statusCode, close.body).toBe(200);
    expect((await list(s.admin, `tab=closed&transportId=${a.transportId}`)).rows[0]).toMatchObject({
      ifException: 0,
      exceptionStatus: 2,
      handleRemark: 'found in GZ',
      daysOpen: null,
    });
    expect((await list(s.admin, `transportId=${a.transportId}`)).total).toBe(0);
    expect((await edit(s.service, [a.id], { exceptionStatus: 0, ifException: 1 })).statusCode).toBe(200);
    expect(await getOrder(s.admin, a.id)).toMatchObject({
      ifException: 1,
      exceptionStatus: 0,
      exceptionHandler: '',
      exceptionRaiseBy: 'service',
    });
    const log = await orderLog(s.admin, a.id);
    expect(log.slice(-4).map((l) => [l.action, l.fromStatus, l.toStatus])).toEqual([
      ['raiseException', 1, 1],
      ['takeException', 1, 1],
      ['closeException', 1, 1],
      ['reopenException', 1, 1],
    ]);
    expect(log.at(-2)!.remark).toBe('found in GZ');
    expect(log.at(-4)!.changes).toEqual(
      expect.arrayContaining([{ field: 'exceptionDesc', before: null, after: 'two cartons short' }]),
    );
    // an open item blocks the load plan (A10: M-exc names the waybill)
    const plan = await newPlan(s.kit);
    const add = await s.admin.post(`/bus/loadplan/addOrder/${plan.id}`, { orderIds: [b.id] }, en);
    expect(add.statusCode).toBe(409);
    expect(add.json().msg).toContain(b.transportId);
  });

  it('filters by type, status, handler, raised by and raised day', async () => {
    const a = await stockOrder(s.kit);
    const b = await stockOrder(s.kit);
    await edit(s.dispatcher, [a.id], { ifException: 1, exceptionType: '2', exceptionDesc: 'crushed' });
    await raise(s.service, [b.id]);
    await edit(s.dispatcher, [b.id], { exceptionStatus: 1 });
    const both = `transportId=${a.transportId},${b.transportId}`;
    expect((await list(s.admin, `${both}&exceptionType=2`)).rows.map((r) => r.id)).toEqual([a.id]);
    expect((await list(s.admin, `${both}&exceptionStatus=1`)).rows.map((r) => r.id)).toEqual([b.id]);
    expect((await list(s.admin, `${both}&handler=dispatch`)).rows.map((r) => r.id)).toEqual([b.id]);
    expect((await list(s.admin, `${both}&raisedBy=dispatcher`)).rows.map((r) => r.id)).toEqual([a.id]);
    expect((await list(s.admin, `${both}&status=2&mark=TH001`)).total).toBe(2);
    expect((await list(s.admin, `${both}&params[beginTime]=2020-01-01&params[endTime]=2020-01-02`)).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const around = `params[beginTime]=2020-01-01&params[endTime]=${Number(today.slice(0, 4)) + 1}-01-01`;
    expect((await list(s.admin, `${both}&${around}`)).total).toBe(2);
    expect((await list(s.admin, `${both}&tab=all&orderByColumn=transportId&isAsc=asc`)).rows.map((r) => r.id)).toEqual([
      a.id,
      b.id,
    ]);
  });
});

describe('[EXCEPTION] refusals', () => {
  it('bad input: a wrong separator, an unknown state, a close without a remark change nothing', async () => {
    const a = await stockOrder(s.kit);
    await raise(s.service, [a.id]);
    const sep = await s.admin.get(`/bus/exception/list?transportId=${a.transportId}%EF%BC%8CX`, en);
    expect(sep.statusCode).toBe(400);
    expect((await s.admin.get('/bus/exception/list?tab=later', en)).statusCode).toBe(400);
    expect((await edit(s.dispatcher, [a.id], { exceptionStatus: 5 })).statusCode).toBe(400);
    const noRemark = await edit(s.dispatcher, [a.id], { exceptionStatus: 2 });
    expect(noRemark.statusCode).toBe(400);
    expect(noRemark.json().field).toBe('handleRemark');
    expect(await getOrder(s.admin, a.id)).toMatchObject({ ifException: 1, exceptionStatus: 0 });
  });

  it('wrong state: take over an item in hand, close a closed one, raise on an open one (nothing written)', async () => {
    const a = await stockOrder(s.kit);
    const b = await stockOrder(s.kit);
    await raise(s.service, [a.id, b.id]);
    expect((await edit(s.dispatcher, [a.id], { exceptionStatus: 1 })).statusCode).toBe(200);
    const again = await edit(s.service, [a.id, b.id], { exceptionStatus: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'WRONG_STATE' });
    expect(again.json().msg).toContain(a.transportId);
    expect(again.json().msg).not.toContain(b.transportId);
    expect(await getOrder(s.admin, b.id)).toMatchObject({ exceptionStatus: 0 });
    expect(await getOrder(s.admin, a.id)).toMatchObject({ exceptionHandler: 'dispatcher' });
    const onOpen = await raise(s.service, [b.id], 'again');
    expect(onOpen.statusCode).toBe(409);
    expect((await getOrder(s.admin, b.id)).exceptionDesc).toBe('two cartons short');
    await edit(s.dispatcher, [b.id], { exceptionStatus: 2, handleRemark: 'ok' });
    const closeTwice = await edit(s.dispatcher, [b.id], { exceptionStatus: 2, handleRemark: 'ok again' });
    expect(closeTwice.statusCode).toBe(409);
    const fresh = await stockOrder(s.kit);
    expect((await edit(s.dispatcher, [fresh.id], { exceptionStatus: 1 })).statusCode).toBe(409);
    expect((await orderLog(s.admin, b.id)).filter((l) => l.action === 'closeException')).toHaveLength(1);
  });

  it('permissions: no list or timers without bus:exception; raising needs :add, handling needs :handle', async () => {
    const a = await stockOrder(s.kit);
    expect((await s.finance.get('/bus/exception/list')).statusCode).toBe(403);
    expect((await s.finance.get('/bus/exception/timers')).statusCode).toBe(403);
    expect((await raise(s.finance, [a.id])).statusCode).toBe(403);
    const raiser = await userWithPerms(s.t, 'exc_raiser', ['bus:exception', 'bus:exception:add']);
    expect((await raise(raiser, [a.id])).statusCode).toBe(200);
    expect((await edit(raiser, [a.id], { exceptionStatus: 1 })).statusCode).toBe(403);
    expect(await getOrder(s.admin, a.id)).toMatchObject({ exceptionStatus: 0, exceptionHandler: '' });
  });

  it("data scope: a sales person neither lists nor changes another sales person's orders", async () => {
    const mine = await addOrder(s.sales, orderBody(s.ids, { status: 1 }));
    const theirs = await addOrder(s.sales2, orderBody(s.ids, { markId: s.ids.YW101, leftAddrId: s.ids.yw, status: 1 }));
    expect((await raise(s.sales, [mine.id])).statusCode).toBe(200);
    expect((await raise(s.sales2, [theirs.id])).statusCode).toBe(200);
    const both = `transportId=${mine.transportId},${theirs.transportId}`;
    expect((await list(s.sales, both)).rows.map((r) => r.id)).toEqual([mine.id]);
    expect((await list(s.sales2, both)).rows.map((r) => r.id)).toEqual([theirs.id]);
    expect((await list(s.admin, both)).total).toBe(2);
    const foreign = await edit(s.sales, [theirs.id], { exceptionDesc: 'not mine' });
    expect(foreign.statusCode).toBe(404);
    expect((await getOrder(s.admin, theirs.id)).exceptionDesc).toBe('two cartons short');
  });

  it('two users take over the same item at once: exactly one wins, one log row', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await stockOrder(s.kit);
      await raise(s.service, [a.id]);
      const { version } = await getOrder(s.admin, a.id);
      const answers = await Promise.all([
        edit(s.service, [a.id], { exceptionStatus: 1 }, [version]),
        edit(s.dispatcher, [a.id], { exceptionStatus: 1 }, [version]),
        edit(s.admin, [a.id], { exceptionStatus: 1 }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      const winner = ['service', 'dispatcher', 'admin'][answers.findIndex((r) => r.statusCode === 200)];
      expect(await getOrder(s.admin, a.id)).toMatchObject({ exceptionStatus: 1, exceptionHandler: winner });
      expect((await orderLog(s.admin, a.id)).filter((l) => l.action === 'takeException')).toHaveLength(1);
    }
  });
});

describe('[EXCEPTION] timers', () => {
  it('orders received over 48 h and not planned; containers at a border or port without news for 72 h', async () => {
    const old = await stockOrder(s.kit);
    const recent = await stockOrder(s.kit);
    const theirs = await stockOrder(s.kit, { markId: s.ids.YW101, leftAddrId: s.ids.yw });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    await s.t.db
      .update(busOrder)
      .set({ arrivedTime: hoursAgo(50) })
      .where(eq(busOrder.id, old.id));
    await s.t.db
      .update(busOrder)
      .set({ arrivedTime: hoursAgo(60) })
      .where(eq(busOrder.id, theirs.id));
    await s.t.db
      .update(busOrder)
      .set({ arrivedTime: hoursAgo(47) })
      .where(eq(busOrder.id, recent.id));
    // three containers in transit: at a border port for 80 h, sailing for 80 h, at a border port for 10 h
    const atBorder = await newPlan(s.kit, { status: 3, leftTime: hoursAgo(100), containerNo: 'CSQU3054383' });
    const sailing = await newPlan(s.kit, { status: 3, leftTime: hoursAgo(100) });
    const fresh = await newPlan(s.kit, { status: 3, leftTime: hoursAgo(100) });
    const milestone = (loadId: number, trackStatus: string, h: number) =>
      s.t.db.insert(busTrack).values({ loadId, trackStatus, trackTime: hoursAgo(h), auto: '0', createBy: 'admin' });
    await milestone(atBorder.id, '16', 80);
    await milestone(sailing.id, '14', 80);
    await milestone(fresh.id, '16', 10);
    const res = await s.admin.get('/bus/exception/timers');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ receivedHours: 48, noNewsHours: 72 });
    const orderIds = d.orders.map((o: { id: number }) => o.id);
    expect(orderIds).toEqual(expect.arrayContaining([old.id, theirs.id]));
    expect(orderIds).not.toContain(recent.id);
    expect(orderIds.indexOf(theirs.id)).toBeLessThan(orderIds.indexOf(old.id));
    expect(d.orders.find((o: { id: number }) => o.id === old.id)).toMatchObject({ hours: 50, mark: 'TH001' });
    const loadIds = d.loads.map((l: { id: number }) => l.id);
    expect(loadIds).toContain(atBorder.id);
    expect(loadIds).not.toContain(sailing.id);
    expect(loadIds).not.toContain(fresh.id);
    expect(d.loads.find((l: { id: number }) => l.id === atBorder.id)).toMatchObject({
      trackStatus: '16',
      hours: 80,
      containerNo: 'CSQU3054383',
    });
    // sales see their own customers' orders only, and no load without one of them
    const s2 = (await s.sales2.get('/bus/exception/timers')).json().data;
    expect(s2.orders.map((o: { id: number }) => o.id)).toContain(theirs.id);
    expect(s2.orders.map((o: { id: number }) => o.id)).not.toContain(old.id);
    expect(s2.loads.map((l: { id: number }) => l.id)).not.toContain(atBorder.id);
    // once planned, the order leaves the timer
    await s.t.db.update(busOrder).set({ status: 3 }).where(eq(busOrder.id, old.id));
    await s.t.db.update(busLoad).set({ status: 4 }).where(eq(busLoad.id, atBorder.id));
    const after = (await s.admin.get('/bus/exception/timers')).json().data;
    expect(after.orders.map((o: { id: number }) => o.id)).not.toContain(old.id);
    expect(after.loads.map((l: { id: number }) => l.id)).not.toContain(atBorder.id);
  });
});

describe('[EXCEPTION] home card', () => {
  it("the home page's problem-item card counts the exception list's Open tab, in each user's scope", async () => {
    const mine = await addOrder(s.sales, orderBody(s.ids, { status: 1 }));
    const theirs = await addOrder(s.sales2, orderBody(s.ids, { markId: s.ids.YW101, leftAddrId: s.ids.yw, status: 1 }));
    await raise(s.sales, [mine.id]);
    await raise(s.sales2, [theirs.id]);
    for (const c of [s.admin, s.sales, s.sales2, s.service]) {
      const card = (await c.get('/bus/index')).json().data.counts.problemItems;
      expect(card).toBe((await list(c, 'pageSize=1')).total);
    }
    const before = (await s.sales.get('/bus/index')).json().data.counts.problemItems;
    await edit(s.service, [mine.id], { exceptionStatus: 2, handleRemark: 'ok' });
    expect((await s.sales.get('/bus/index')).json().data.counts.problemItems).toBe(before - 1);
    expect((await list(s.sales, 'pageSize=1')).total).toBe(before - 1);
  });
});

describe('[EXCEPTION] photos', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
  async function upload(c: TestClient, name: string, content: Buffer, type: string) {
    const boundary = '----exception-photo';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return c.request({
      method: 'POST',
      url: '/prod-api/file/upload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }

  it('a raise carries image photos, listed on the item and readable by those who may read the order', async () => {
    const a = await addOrder(s.sales, orderBody(s.ids, { status: 1 }));
    const up = await upload(s.service, 'carton.png', PNG, 'image/png');
    expect(up.statusCode, up.body).toBe(200);
    const photo = up.json().data.fileId as string;
    const res = await s.service.post(
      '/bus/inware/editFields',
      { ids: [a.id], fields: { ifException: 1, exceptionType: '2', exceptionDesc: 'wet carton' }, photos: [photo] },
      en,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(s.admin, `transportId=${a.transportId}`)).rows[0]!.photos).toEqual([photo]);
    expect((await s.sales.get(`/file/download/${photo}`)).statusCode).toBe(200);
    expect((await s.sales2.get(`/file/download/${photo}`)).statusCode).toBe(404);
    const tracker = await userWithPerms(s.t, 'exc_tracker', ['bus:track']);
    expect((await tracker.get(`/file/download/${photo}`)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, another user’s upload and photos without a problem item', async () => {
    const a = await addOrder(s.sales, orderBody(s.ids, { status: 1 }));
    const pdf = (await upload(s.service, 'note.pdf', PDF, 'application/pdf')).json().data.fileId as string;
    const raiseWith = (c: TestClient, photos: string[]) =>
      c.post(
        '/bus/inware/editFields',
        { ids: [a.id], fields: { ifException: 1, exceptionType: '2', exceptionDesc: 'x' }, photos },
        en,
      );
    const notImage = await raiseWith(s.service, [pdf]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().field).toBe('photos');
    const html = await upload(s.service, 'fake.jpg', Buffer.from('<html><script>1</script></html>'), 'image/jpeg');
    expect(html.statusCode).toBe(415);
    const others = (await upload(s.dispatcher, 'd.png', PNG, 'image/png')).json().data.fileId as string;
    expect((await raiseWith(s.service, [others])).statusCode).toBe(400);
    expect(await getOrder(s.admin, a.id)).toMatchObject({ ifException: 0 });
    const png = (await upload(s.service, 'p.png', PNG, 'image/png')).json().data.fileId as string;
    const noItem = await s.service.post(
      '/bus/inware/editFields',
      { ids: [a.id], fields: { consignee: 'Khun B' }, reason: 'typo', photos: [png] },
      en,
    );
    expect(noItem.statusCode).toBe(400);
  });
});

describe('[EXCEPTION] export', () => {
  const sheetOf = async (res: { rawPayload: Buffer }) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows: string[][] = [];
    ws.eachRow((r) => {
      rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? '')));
    });
    return rows;
  };

  it('exports the filtered items or the ticked ones, in scope; needs bus:exception:export', async () => {
    const mine = await addOrder(s.sales, orderBody(s.ids, { status: 1 }));
    const theirs = await addOrder(s.sales2, orderBody(s.ids, { markId: s.ids.YW101, leftAddrId: s.ids.yw, status: 1 }));
    await raise(s.service, [mine.id], 'export me');
    await raise(s.admin, [theirs.id], 'not yours');
    const both = `${mine.transportId},${theirs.transportId}`;
    const all = await s.admin.post('/bus/exception/export', { transportId: both }, en);
    expect(all.statusCode, all.body).toBe(200);
    const rows = await sheetOf(all);
    expect(rows[0]).toEqual(expect.arrayContaining(['Waybill no.', 'Problem type', 'Raised by']));
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([mine.transportId, theirs.transportId].sort());
    expect(rows.find((r) => r[0] === mine.transportId)).toEqual(expect.arrayContaining(['export me', 'service']));
    const ticked = await sheetOf(await s.admin.post('/bus/exception/export', { ids: String(theirs.id) }, en));
    expect(ticked.slice(1).map((r) => r[0])).toEqual([theirs.transportId]);
    const scoped = await sheetOf(await s.service.post('/bus/exception/export', { transportId: both }, en));
    expect(scoped.slice(1).map((r) => r[0])).toEqual([mine.transportId]);
    expect((await s.sales.post('/bus/exception/export', { transportId: both })).statusCode).toBe(403);
    expect((await s.admin.post('/bus/exception/export', { tab: 'later' })).statusCode).toBe(400);
  });
});
