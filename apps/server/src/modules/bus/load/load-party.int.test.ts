import { type TLoadListQuery, ZLoadListQuery } from '@theone/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAuth } from '../../../../test/test-auth';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { userId } from '../../bas/bas.test-utils';
import { useBusSuite } from '../bus.test-utils';
import type { TOrderCtx } from '../inware/inware.context';
import { busOrder } from '../inware/inware.table';
import { addOrder, orderBody, receiveOrder } from '../inware/inware.test-utils';
import { orderScope } from '../inware/order-common';
import { listLoads } from './load.read';
import { loadHolding } from './load.test-utils';

/**
 * bus_load_party (per load and per sales/service person or department): a scoped user's loads and sums come from
 * these rows. They must answer exactly what the caller's orders would, for 'self', department and mixed scopes,
 * and follow a mark whose sales person changes.
 */

const s = useBusSuite({ users: ['admin'] });

const loads: number[] = [];
const loadNos: string[] = [];

const ctxOf = (auth: AuthContext): TOrderCtx => ({ db: s.t.db, auth, lang: 'en', timezone: 'Asia/Shanghai' });
const q = (x: Record<string, unknown> = {}): TLoadListQuery => ZLoadListQuery.parse(x);

async function receivedOrder(markId: number, piece: number, weight: string, volume: string, ar: string) {
  const o = await addOrder(s.admin, orderBody(s.ids, { markId, status: 1 }));
  await receiveOrder(s.admin, s.ids, o.id, `WR-LP-${o.id}`, {
    arrivedPiece: piece,
    arrivedWeight: weight,
    arrivedVolume: volume,
  });
  await s.t.db.update(busOrder).set({ feeArAmount: ar }).where(eq(busOrder.id, o.id));
  return o;
}

async function fixtureLoad(status: number, orders: { id: number; status: number }[]) {
  const n = loads.length + 1;
  const load = await loadHolding(s.t, s.ids, orders, {
    loadNo: `LD991130${String(n).padStart(4, '0')}`,
    status,
    loadTime: new Date(Date.UTC(2026, 10, 30, 2) + n * 60_000),
    createBy: 'admin',
  });
  loads.push(load.id);
  loadNos.push(load.loadNo);
  return load;
}

/** What the caller's orders of the fixture loads add up to, straight from bus_order. */
async function direct(auth: AuthContext) {
  const scope = orderScope(auth) ?? sql`true`;
  const rows = (
    await s.t.db.execute<{
      load_id: number;
      n: number;
      loaded: number;
      marks: number;
      pieces: number;
      weight: string;
      ar: string;
    }>(sql`
      SELECT load_id, count(*)::int AS n, count(*) FILTER (WHERE status >= 4)::int AS loaded,
             count(DISTINCT mark_id)::int AS marks, coalesce(sum(arrived_piece), 0)::int AS pieces,
             coalesce(sum(arrived_weight), 0)::numeric(16,2)::text AS weight,
             coalesce(sum(fee_ar_amount), 0)::numeric(16,2)::text AS ar
        FROM bus_order WHERE load_id = ANY(${sql.param(loads)}::bigint[]) AND ${scope as SQL}
       GROUP BY load_id`)
  ).rows;
  return new Map(rows.map((r) => [Number(r.load_id), r]));
}

async function expectSameAsOrders(auth: AuthContext) {
  const r = await listLoads(ctxOf(auth), 'load', q({ loadNo: loadNos.join(','), pageSize: 50 }));
  const d = await direct(auth);
  expect(r.rows.map((x) => x.id).sort()).toEqual([...d.keys()].sort());
  for (const row of r.rows) {
    const x = d.get(row.id)!;
    expect(row).toMatchObject({
      orderCount: x.n,
      loadedCount: x.loaded,
      markCount: x.marks,
      pieces: x.pieces,
      weight: x.weight,
      orderArAmount: x.ar,
    });
  }
  const all = [...d.values()];
  expect(r.sums).toMatchObject({
    orders: all.reduce((n, x) => n + x.n, 0),
    pieces: all.reduce((n, x) => n + x.pieces, 0),
  });
  return r;
}

let salesId: number;
let sales2Id: number;
let th2LoadId: number;

beforeAll(async () => {
  salesId = await userId(s.t, 'sales');
  sales2Id = await userId(s.t, 'sales2');
  const a = await receivedOrder(s.ids.TH001, 10, '1000.50', '30.125', '100.10');
  const b = await receivedOrder(s.ids.YW101, 3, '300.25', '5.5', '20.00');
  const c = await receivedOrder(s.ids.TH002, 5, '500', '10', '7.77');
  const d = await receivedOrder(s.ids.TH001, 2, '20', '0.2', '1.01');
  await fixtureLoad(1, [
    { id: a.id, status: 4 },
    { id: b.id, status: 3 },
    { id: d.id, status: 3 },
  ]);
  th2LoadId = (await fixtureLoad(2, [{ id: c.id, status: 4 }])).id;
});

describe('[LOAD] party rows answer what the orders would', () => {
  it("for 'self' users, a department scope and a user holding both", async () => {
    const [dept] = (
      await s.t.db.execute<{ dept_id: number }>(sql`SELECT dept_id FROM bas_mark WHERE id = ${s.ids.TH001}`)
    ).rows;
    expect(dept?.dept_id).toBeTruthy();
    const self = testAuth(salesId, 'sales', '5');
    const r = await expectSameAsOrders(self);
    expect(r.rows.length).toBeGreaterThan(0);
    await expectSameAsOrders(testAuth(sales2Id, 'sales2', '5'));
    const deptUser: AuthContext = { ...testAuth(sales2Id, 'sales2', '5'), deptId: Number(dept!.dept_id) };
    await expectSameAsOrders({ ...deptUser, roles: [{ roleId: 0, roleKey: 'dept', dataScope: '3' }] });
    // both kinds: an order of their own customer in their department must count once
    await expectSameAsOrders({
      ...deptUser,
      userId: salesId,
      roles: [
        { roleId: 0, roleKey: 'self', dataScope: '5' },
        { roleId: 1, roleKey: 'dept', dataScope: '3' },
      ],
    });
  });

  it("follows a mark whose sales person changes (bas 'mark/edit' in the same transaction)", async () => {
    const before = await listLoads(ctxOf(testAuth(sales2Id, 'sales2', '5')), 'load', q({ loadNo: loadNos.join(',') }));
    expect(before.rows.map((x) => x.id)).not.toContain(th2LoadId);
    const current = (await s.admin.get(`/bas/mark/${s.ids.TH002}`)).json().data;
    const res = await s.admin.post('/bas/mark/edit', {
      mark: current.mark,
      nameZh: current.nameZh,
      clientType: current.clientType,
      balanceType: current.balanceType,
      calPriceType: current.calPriceType,
      sales: sales2Id,
      service: null,
      id: s.ids.TH002,
      version: current.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await expectSameAsOrders(testAuth(sales2Id, 'sales2', '5'));
    expect(after.rows.find((x) => x.id === th2LoadId)).toMatchObject({ orderCount: 1, pieces: 5 });
    const self = await expectSameAsOrders(testAuth(salesId, 'sales', '5'));
    expect(self.rows.map((x) => x.id)).not.toContain(th2LoadId);
  });
});
