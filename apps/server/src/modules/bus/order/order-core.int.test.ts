import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAuth } from '../../../../test/test-auth';
import { userId } from '../../bas/bas.test-utils';
import { useBusSuite } from '../bus.test-utils';
import { busOrder } from '../inware/inware.table';
import { addOrder, orderBody } from '../inware/inware.test-utils';
import { busOrderLog } from '../order-log/order-log.table';
import { applyOrderAction, summarizeOutcomes } from './order-core';

/** A session as the core sees it (the core takes the caller's context; no request needed). */
const authOf = testAuth;

const s = useBusSuite({
  users: ['sales', 'sales2'],
  setup: async ({ t }) => ({ salesAuth: authOf(await userId(t, 'sales'), 'sales', '5') }),
});

const statusOf = async (id: number) =>
  (await s.t.db.select({ status: busOrder.status }).from(busOrder).where(eq(busOrder.id, id)))[0]?.status;
const logCount = async (id: number, action: string) =>
  (
    await s.t.db
      .select({ id: busOrderLog.id })
      .from(busOrderLog)
      .where(and(eq(busOrderLog.orderId, id), eq(busOrderLog.action, action)))
  ).length;

describe('[ORDERS] order core', () => {
  it('writes the target status of the transition map with its log row, and reports each order', async () => {
    const a = await addOrder(s.sales, orderBody(s.ids));
    const out = await s.t.db.transaction((tx) =>
      applyOrderAction(tx, { auth: s.salesAuth }, { ids: [a.id], versions: [a.version], action: 'confirm' }),
    );
    expect(out).toMatchObject([{ id: a.id, outcome: 'done', action: 'confirm' }]);
    expect(out[0]!.after).toMatchObject({ status: 1, version: a.version + 1 });
    expect(await statusOf(a.id)).toBe(1);
    expect(await logCount(a.id, 'confirm')).toBe(1);
  });

  it('refuses a wrong state: all or nothing throws the reselect message naming the orders, else reports it', async () => {
    const a = await addOrder(s.sales, orderBody(s.ids));
    const b = await addOrder(s.sales, orderBody(s.ids));
    // b is staged: backToStaged needs S1
    await s.t.db.transaction((tx) => applyOrderAction(tx, { auth: s.salesAuth }, { ids: [a.id], action: 'confirm' }));
    await expect(
      s.t.db.transaction((tx) =>
        applyOrderAction(tx, { auth: s.salesAuth }, { ids: [a.id, b.id], action: 'backToStaged' }),
      ),
    ).rejects.toMatchObject({ errorCode: 'WRONG_STATE', messageKey: 'msg_unconfirm_state_reselect' });
    expect(await statusOf(a.id)).toBe(1);
    const out = await s.t.db.transaction((tx) =>
      applyOrderAction(tx, { auth: s.salesAuth }, { ids: [a.id, b.id], action: 'backToStaged', allOrNothing: false }),
    );
    expect(out.map((o) => o.outcome)).toEqual(['done', 'wrongState']);
    expect(out[1]!.messageKey).toBe('msg_unconfirm_state_reselect');
    expect(await statusOf(a.id)).toBe(0);
    expect(await statusOf(b.id)).toBe(0);
  });

  it('refuses a stale version (409) and reports it in a batch as changed by someone else', async () => {
    const a = await addOrder(s.sales, orderBody(s.ids));
    const b = await addOrder(s.sales, orderBody(s.ids));
    await expect(
      s.t.db.transaction((tx) =>
        applyOrderAction(tx, { auth: s.salesAuth }, { ids: [a.id], versions: [a.version - 1], action: 'confirm' }),
      ),
    ).rejects.toMatchObject({ errorCode: 'CHANGED_RELOAD' });
    const out = await s.t.db.transaction((tx) =>
      applyOrderAction(
        tx,
        { auth: s.salesAuth },
        { ids: [a.id, b.id], versions: [a.version + 7, b.version], action: 'confirm', allOrNothing: false },
      ),
    );
    expect(summarizeOutcomes(out)).toMatchObject({ done: 1, changed: 1 });
    expect(await statusOf(a.id)).toBe(0);
    expect(await statusOf(b.id)).toBe(1);
  });

  it('takes rows the caller has just read (a scan) instead of reading them again; a stale one is still refused', async () => {
    const a = await addOrder(s.sales, orderBody(s.ids));
    const [row] = await s.t.db.select().from(busOrder).where(eq(busOrder.id, a.id));
    // the order changes after the caller read it: the conditional update compares the version and writes nothing
    await s.t.db.transaction((tx) => applyOrderAction(tx, { auth: s.salesAuth }, { ids: [a.id], action: 'confirm' }));
    await s.t.db.transaction((tx) =>
      applyOrderAction(tx, { auth: s.salesAuth }, { ids: [a.id], action: 'backToStaged' }),
    );
    await expect(
      s.t.db.transaction((tx) =>
        applyOrderAction(tx, { auth: s.salesAuth }, { ids: [a.id], read: [row!], action: 'confirm' }),
      ),
    ).rejects.toMatchObject({ errorCode: 'CHANGED_RELOAD' });
    expect(await logCount(a.id, 'confirm')).toBe(1);
    // read fresh, it is taken as given and written once
    const [fresh] = await s.t.db.select().from(busOrder).where(eq(busOrder.id, a.id));
    const out = await s.t.db.transaction((tx) =>
      applyOrderAction(tx, { auth: s.salesAuth }, { ids: [a.id], read: [fresh!], action: 'confirm' }),
    );
    expect(out).toMatchObject([{ id: a.id, outcome: 'done', after: { status: 1, version: fresh!.version + 1 } }]);
    expect(await logCount(a.id, 'confirm')).toBe(2);
  });

  it("refuses an order outside the caller's data scope (404; 'not found' in a batch) and writes nothing", async () => {
    const theirs = await addOrder(s.sales2, orderBody(s.ids, { markId: s.ids.CM888 }));
    const mine = await addOrder(s.sales, orderBody(s.ids));
    await expect(
      s.t.db.transaction((tx) =>
        applyOrderAction(tx, { auth: s.salesAuth }, { ids: [mine.id, theirs.id], action: 'confirm' }),
      ),
    ).rejects.toMatchObject({ errorCode: 'NOT_FOUND' });
    expect(await statusOf(mine.id)).toBe(0);
    const out = await s.t.db.transaction((tx) =>
      applyOrderAction(
        tx,
        { auth: s.salesAuth },
        { ids: [mine.id, theirs.id], action: 'confirm', allOrNothing: false },
      ),
    );
    expect(out.map((o) => o.outcome)).toEqual(['done', 'notFound']);
    expect(await statusOf(theirs.id)).toBe(0);
    expect(await logCount(theirs.id, 'confirm')).toBe(0);
  });

  it('the caller cannot choose the status: a patch with a status is ignored', async () => {
    const a = await addOrder(s.sales, orderBody(s.ids));
    await s.t.db.transaction((tx) =>
      applyOrderAction(
        tx,
        { auth: s.salesAuth },
        { ids: [a.id], action: 'edit', patch: () => ({ status: 8, remark: 'x' }) },
      ),
    );
    expect(await statusOf(a.id)).toBe(0);
  });

  it("batches writing the same columns together: overlapping batches never both win an order, a stale version is 'changed'", async () => {
    const made = await Promise.all([1, 2, 3, 4].map(() => addOrder(s.sales, orderBody(s.ids))));
    const batch = (orders: typeof made) =>
      s.t.db.transaction((tx) =>
        applyOrderAction(
          tx,
          { auth: s.salesAuth },
          { ids: orders.map((o) => o.id), action: 'confirm', patch: () => ({ remark: 'batch' }), allOrNothing: false },
        ),
      );
    // [0,1,2] and [1,2,3] at once: every order confirmed exactly once
    const [x, y] = await Promise.all([batch(made.slice(0, 3)), batch(made.slice(1))]);
    const done = [...x!, ...y!].filter((o) => o.outcome === 'done').map((o) => o.id);
    expect(new Set(done).size).toBe(done.length);
    expect(done.sort()).toEqual(made.map((o) => o.id).sort());
    for (const o of made) {
      expect(await statusOf(o.id)).toBe(1);
      expect(await logCount(o.id, 'confirm')).toBe(1);
    }
    // a stale version inside a group: that order 'changed', the others written, all or nothing refuses the lot
    const more = await Promise.all([1, 2, 3].map(() => addOrder(s.sales, orderBody(s.ids))));
    const stale = [more[0]!.version, more[1]!.version + 5, more[2]!.version];
    const out = await s.t.db.transaction((tx) =>
      applyOrderAction(
        tx,
        { auth: s.salesAuth },
        { ids: more.map((o) => o.id), versions: stale, action: 'confirm', allOrNothing: false },
      ),
    );
    expect(out.map((o) => o.outcome)).toEqual(['done', 'changed', 'done']);
    const again = await Promise.all([1, 2].map(() => addOrder(s.sales, orderBody(s.ids))));
    await expect(
      s.t.db.transaction((tx) =>
        applyOrderAction(
          tx,
          { auth: s.salesAuth },
          { ids: again.map((o) => o.id), versions: [again[0]!.version, again[1]!.version + 1], action: 'confirm' },
        ),
      ),
    ).rejects.toMatchObject({ errorCode: 'CHANGED_RELOAD' });
    expect(await statusOf(again[0]!.id)).toBe(0);
  });

  it('two concurrent calls on the same order: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await addOrder(s.sales, orderBody(s.ids));
      const run = () =>
        s.t.db.transaction((tx) =>
          applyOrderAction(tx, { auth: s.salesAuth }, { ids: [a.id], versions: [a.version], action: 'confirm' }),
        );
      const results = await Promise.allSettled([run(), run()]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(failed.reason).toMatchObject({ errorCode: 'CHANGED_RELOAD' });
      expect(await logCount(a.id, 'confirm')).toBe(1);
      // without versions the loser meets the new status instead: still one winner
      const b = await addOrder(s.sales, orderBody(s.ids));
      const runB = () =>
        s.t.db.transaction((tx) =>
          applyOrderAction(tx, { auth: s.salesAuth }, { ids: [b.id], action: 'confirm', allOrNothing: false }),
        );
      const outs = await Promise.all([runB(), runB()]);
      // the loser read the order before the winner's commit (changed) or after it (wrong state)
      const kinds = outs.map((o) => o[0]!.outcome);
      expect(kinds.filter((k) => k === 'done')).toHaveLength(1);
      expect(kinds.filter((k) => k === 'changed' || k === 'wrongState')).toHaveLength(1);
      expect(await logCount(b.id, 'confirm')).toBe(1);
    }
  });
});
