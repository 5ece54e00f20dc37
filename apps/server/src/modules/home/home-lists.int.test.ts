import { HOME_CARDS, type THomeCardTarget } from '@theone/contracts/bus/home-cards';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/build-test-app';
import { addDays, todayIn } from '../../platform/time';
import { useBusSuite } from '../bus/bus.test-utils';
import { busOrder } from '../bus/inware/inware.table';
import { addOrder, orderBody, receiveOrder } from '../bus/inware/inware.test-utils';

/**
 * Issue 10 item 8: a home card's count is the total of the list it opens. For the same data (orders in every queue,
 * on both sides of the business day's midnight, in and out of a sales user's scope), every card of every caller is
 * compared with `GET /bus/inware/list` called as the list screen calls it with the card's own filters (contracts
 * HOME_CARDS: the definition the web's links are built from). Before the fix, 'yesterday's orders' opened orderList
 * on its last 30 days: that list's total is not the card's count.
 */
let today: string;

type Home = { day: string; counts: Record<string, number | string> };

/** The list request of a target, as ListPage sends it: a date range as `params[begin|end]` of whole days. */
function listUrl(target: THomeCardTarget, day: string): string {
  const q = new URLSearchParams({ view: target.view!, pageNum: '1', pageSize: '10' });
  for (const [name, value] of Object.entries(target.filters(day))) {
    if (name === 'beginTime' || name === 'endTime') q.set(`params[${name}]`, value);
    else q.set(name, value);
  }
  return `/bus/inware/list?${q.toString()}`;
}

/** Every card of the caller against every list it can open; answers the comparisons made. */
async function compare(client: TestClient) {
  const home = (await client.get('/bus/index')).json().data as Home;
  const seen: { card: string; url: string; count: number; total: number }[] = [];
  for (const card of HOME_CARDS) {
    if (home.counts[card.key] === undefined) continue;
    for (const target of card.targets) {
      if (!target.view) continue; // another module's list (sign-list, exception-list): compared when it lands
      const url = listUrl(target, home.day);
      const res = await client.get(url);
      if (res.statusCode === 403) continue; // the caller does not have this screen: the web does not link it
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      seen.push({ card: card.key, url, count: Number(home.counts[card.key]), total: res.json().total });
    }
  }
  for (const entry of seen)
    expect({ card: entry.card, url: entry.url, count: entry.count }).toEqual({
      card: entry.card,
      url: entry.url,
      count: entry.total,
    });
  return seen;
}

/** An instant in the business time zone ('YYYY-MM-DD HH:mm:ss.SSS'), for orderTime set directly. */
const at = (local: string) => sql`(${local}::timestamp AT TIME ZONE ${s.t.config.timezone})`;

const s = useBusSuite();
beforeAll(async () => {
  today = todayIn(s.t.config.timezone);
  const admin = await s.t.login('admin');
  const yesterday = addDays(today, -1);
  // Around the business day's midnight, to the millisecond: the last instant of yesterday and the first of today.
  const late = await addOrder(admin, orderBody(s.ids, { orderTime: `${yesterday} 12:00:00` }));
  await s.t.db
    .update(busOrder)
    .set({ orderTime: at(`${yesterday} 23:59:59.700`) })
    .where(eq(busOrder.id, late.id));
  const early = await addOrder(admin, orderBody(s.ids, { orderTime: `${today} 12:00:00` }));
  await s.t.db
    .update(busOrder)
    .set({ orderTime: at(`${today} 00:00:00.000`) })
    .where(eq(busOrder.id, early.id));
  await addOrder(admin, orderBody(s.ids, { orderTime: `${addDays(today, -2)} 10:00:00` }));
  // Another sales user's customer (YW101 belongs to sales2), staged.
  await addOrder(admin, orderBody(s.ids, { markId: s.ids.YW101, orderTime: `${yesterday} 09:00:00` }));
  // Staged, confirmed, received with a mark, received without one.
  await addOrder(admin, orderBody(s.ids));
  const confirmed = await addOrder(admin, orderBody(s.ids, { status: 1 }));
  const received = await addOrder(admin, orderBody(s.ids, { status: 1 }));
  await receiveOrder(admin, s.ids, received.id, 'WR-HL-1', {
    arrivedPiece: 3,
    arrivedWeight: '120',
    arrivedVolume: '1.250',
  });
  await addOrder(admin, {
    status: 2,
    receivingNo: 'WR-HL-NM',
    arrivedHouseId: s.ids.whGz,
    arrivedPiece: 1,
    arrivedWeight: '5',
    arrivedVolume: '0.05',
  });
  // Later statuses, set directly (their modules do not exist yet): out for delivery, signed and not fully written
  // off (0 and 1), signed and written off, and an open problem item.
  const later = [];
  for (let i = 0; i < 5; i++) later.push(await addOrder(admin, orderBody(s.ids, { status: 1 })));
  const set = (id: number, values: Partial<typeof busOrder.$inferInsert>) =>
    s.t.db.update(busOrder).set(values).where(eq(busOrder.id, id));
  await set(later[0]!.id, { status: 7 });
  await set(later[1]!.id, { status: 8, arWriteStatus: 0 });
  await set(later[2]!.id, { status: 8, arWriteStatus: 1 });
  await set(later[3]!.id, { status: 8, arWriteStatus: 2 });
  await set(later[4]!.id, { status: 7, ifException: 1, exceptionType: '1', exceptionStatus: 0 });
  await set(confirmed.id, { ifException: 1, exceptionType: '1', exceptionStatus: 1 });
});

describe('home cards and the lists they open', () => {
  it("the admin's every card equals its list's total, midnight's last millisecond included", async () => {
    const seen = await compare(await s.t.login('admin'));
    expect(seen.map((entry) => entry.card).sort()).toEqual(
      [
        'noMark',
        'problemItems',
        'todayOrders',
        'waitingInput',
        'waitingLoad',
        'waitingSettlement',
        'waitingSign',
        'yesterdayOrders',
      ].sort(),
    );
    const count = (card: string) => seen.find((entry) => entry.card === card)!.count;
    // the data above: two orders yesterday (23:59:59.700 and sales2's), two signed not written off, two problem items
    expect(count('yesterdayOrders')).toBe(2);
    expect(count('waitingSettlement')).toBe(2);
    expect(count('problemItems')).toBe(2);
    expect(count('waitingSign')).toBe(2);
  });

  it("a sales user's cards equal their lists in their own scope", async () => {
    const seen = await compare(await s.t.login('sales'));
    expect(seen.map((entry) => entry.card)).toEqual(
      expect.arrayContaining(['todayOrders', 'yesterdayOrders', 'waitingInput', 'waitingSettlement']),
    );
    // sales2's customer is not theirs: one order yesterday
    expect(seen.find((entry) => entry.card === 'yesterdayOrders')!.count).toBe(1);
  });

  it("customer service's cards equal their lists (the in-warehouse queues too)", async () => {
    const seen = await compare(await s.t.login('service'));
    expect(seen.map((entry) => entry.card)).toEqual(expect.arrayContaining(['waitingLoad', 'noMark']));
  });

  it("the list a card opened before the fix (orderList's last 30 days) is not the card's count", async () => {
    const admin = await s.t.login('admin');
    const home = (await admin.get('/bus/index')).json().data as Home;
    const res = await admin.get(
      `/bus/inware/list?view=orderList&params[beginTime]=${addDays(home.day, -30)}&params[endTime]=${home.day}`,
    );
    expect(res.json().total).not.toBe(Number(home.counts.yesterdayOrders));
  });
});
