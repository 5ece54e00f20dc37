import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { arrivedOrders, orderRow, runRow, useSendSuite } from '../send/send.test-utils';
import { lockRun } from '../send/send-record';
import { applyOrderAction } from './order-core';

/**
 * The order core's lock order (runs, loads, then orders): an action that starts from an order (a problem item, a
 * fee edit, a sign) and an action on the order's run that holds the run's lock wait for each other; before, the
 * order's action wrote the order and then waited for the run (to refresh its totals) while the run's action waited
 * for the order: a deadlock, which PostgreSQL broke by aborting one of them after a second.
 */

const s = useSendSuite({ users: ['dispatcher'] });

/** Waits (up to 10 s on a loaded machine) until `n` sessions of this test database wait for a lock. */
async function lockWaiters(n: number) {
  for (let i = 0; i < 1000; i++) {
    const r = await s.t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (r.rows[0]!.n >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no transaction is waiting for a lock');
}

describe('[ORDERS] order core lock order', () => {
  it('a problem item on an order of a draft run while the run is locked: it waits, no deadlock, no retry', async () => {
    const { orders } = await arrivedOrders(s.kit, 1);
    const orderId = orders[0]!.id;
    const res = await s.dispatcher.post('/bus/send/add', {
      sendTime: '2026-11-24 08:00:00',
      driverId: s.mine.driverId,
      vehicleId: s.mine.vehicleId,
      orderIds: [orderId],
    });
    expect(res.statusCode, res.body).toBe(200);
    const runId = res.json().data.id as number;
    const auth = s.kit.planner;
    const before = await orderRow(s.kit, orderId);
    const runs = { run: 0, order: 0 };
    let runHeld!: () => void;
    const held = new Promise<void>((resolve) => {
      runHeld = resolve;
    });
    // a run action: the run locked first, then (once the other transaction waits) its order written by the core
    const runAction = s.t.db.transaction(async (tx) => {
      runs.run += 1;
      await lockRun(tx, auth, runId);
      runHeld();
      await lockWaiters(1);
      await applyOrderAction(
        tx,
        { auth },
        { ids: [orderId], action: 'raiseException', patch: () => ({ remark: 'run' }) },
      );
    });
    await held;
    // an action starting from the order (no record locked by the caller)
    const orderAction = s.t.db.transaction(async (tx) => {
      runs.order += 1;
      await applyOrderAction(
        tx,
        { auth },
        { ids: [orderId], action: 'raiseException', patch: () => ({ remark: 'order' }) },
      );
    });
    const [first, second] = await Promise.allSettled([runAction, orderAction]);
    expect(first.status).toBe('fulfilled');
    // the order's action read the order before the run's action wrote it: changed by someone else (409)
    expect(second).toMatchObject({ status: 'rejected', reason: { errorCode: 'CHANGED_RELOAD' } });
    expect(runs).toEqual({ run: 1, order: 1 });
    const after = await orderRow(s.kit, orderId);
    expect(after.remark).toBe('run');
    expect(after.version).toBe(before.version + 1);
    expect((await runRow(s.t, runId))!.totalOrders).toBe(1);
  });
});
