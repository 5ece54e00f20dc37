import { makeContainerNo } from '@theone/contracts/common/validators';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../modules/system/seed/seed';
import type { Db } from '../platform/db/database';
import type { BenchContext, BenchGroup, BenchResult } from './bench';
import { businessNow, crewLine, crewResults, crewRuns, SCAN_CREWS, type TPostJob, timedPost } from './bench-post';
import { secondsResult, worstSeconds } from './bench-result';

import { LARGE_SEED_DEFAULTS, seedLargeOrders } from './seed-large';
import { refreshBenchLoadTotals } from './seed-large-loads';

/**
 * Load record budgets (issue 13) on the large seed (200,000 orders over their whole life, 7,876 loads):
 * - `loadplan/list`, `load/list`, `track/list` (20 rows, default filters) p95 < 50 ms at 50 connections, as the
 *   admin (every load) and as a user of data scope 'self' (loads holding their customers' orders: half of them):
 *   customer service for the load list (sales users do not have it), the sales user for tracking; the plan list
 *   is an operations screen no seeded 'self' role opens (screens bus-container.md §3), so it runs as the admin;
 * - one scanned order loaded (`load/addOrder/{id}` with `code`) p95 < 30 ms at 50 connections: each request
 *   scans the next planned order (waybill number, every fourth a piece label) of one of 100 plans (L0, 120 S3
 *   orders each, a container number each), so every answer is a real A12 and no scan repeats;
 * - a plan of 500 in-stock orders saved (`loadplan/add`) < 1 s, three plans one after the other;
 * - the loading list PDF of a 500-order container (`load/print/{id}`) < 3 s, three prints.
 *
 * The bench data beyond the large seed (prefixes of their own, idempotent): BS… 12,000 planned orders on 100 plans
 * LD99000…, BP… 1,500 orders in stock, BL… 500 loaded orders on the loaded container LD9910000001.
 */

const SCAN_PLANS = 100;
const SCAN_PER_PLAN = 120;
const PLAN_ORDERS = 500;
const PLAN_RUNS = 3;
const PRINT_ORDERS = 500;
const PRINT_LOAD_NO = 'LD9910000001';

/** An ISO 6346 container number of owner 'BNSU' and a 6-digit serial, with its check digit. */
export const benchContainerNo = (serial: number): string => makeContainerNo('BNSU', serial);

/**
 * CTEs of a bench order insert: `m.ids` the bench marks, `geo.gz`/`geo.bkk` the Guangzhou and Bangkok places and
 * `geo.wh` the Guangzhou warehouse.
 */
export const BENCH_ORDER_SOURCES = sql.raw(`m AS (
      SELECT array_agg(id ORDER BY mark) AS ids FROM bas_mark WHERE mark LIKE 'BENCH%' AND create_by = 'bench'
    ), geo AS (
      SELECT (SELECT id FROM bas_geog WHERE org_id = 1 AND code = 'GZ') AS gz,
             (SELECT id FROM bas_geog WHERE org_id = 2 AND code = 'BKK') AS bkk,
             (SELECT id FROM bas_warehouse WHERE code = 'GZ') AS wh
    )`);

const scanLoadNo = (i: number) => `LD990000${String(i).padStart(4, '0')}`;

/** `n` bench orders numbered prefix{from..}, EK Guangzhou -> Bangkok, received, on the bench marks. */
async function insertOrders(db: Db, prefix: string, from: number, n: number, extra: { status: number; load?: string }) {
  await db.execute(sql`
    WITH ${BENCH_ORDER_SOURCES}, l AS (SELECT id, load_no, container_no, seal_no FROM bus_load WHERE load_no LIKE 'LD99%')
    INSERT INTO bus_order (transport_id, status, mark_id, bus_type, left_addr_id, dest_addr_id, arrived_house_id,
      consignee, consignee_tel, consignee_addr, express_corp, express_no, receiving_no, cargo_name, cargo_type,
      cargo_piece, cargo_weight, cargo_volume, order_time, pre_arrive_time, arrived_time, arrived_piece,
      arrived_weight, arrived_volume, tray_no, load_id, container_no, seal_no, cal_price_type, min_amount,
      volume_price, weight_price, fee_freight_ar, fee_ar_amount, rmb_amount, create_by)
    SELECT ${prefix} || lpad(g::text, 11, '0'), ${extra.status}::smallint, m.ids[1 + g % array_length(m.ids, 1)], 'EK',
      gz, bkk, wh, 'Consignee ' || g, '0812345678', g || ' Rama 9 Rd, Bangkok', 'SF', ${prefix} || 'X' || g,
      'WR' || ${prefix} || lpad(g::text, 9, '0'), '日用品', '1', 1 + g % 3, 40, 0.120,
      now() - interval '3 days', now() + interval '5 days', now() - interval '2 days', 1 + g % 3, 40, 0.120,
      'T-' || (g % 50), l.id, CASE WHEN ${extra.status} >= 4 THEN l.container_no ELSE '' END,
      CASE WHEN ${extra.status} >= 4 THEN l.seal_no ELSE '' END, '3', 50.00, 680.00, 4.50, 81.60, 81.60, 81.60, 'bench'
    FROM generate_series(${from}::int, ${from + n - 1}::int) g
    CROSS JOIN m CROSS JOIN geo
    LEFT JOIN l ON l.load_no = CASE
      WHEN ${extra.load ?? ''} = 'scan' THEN 'LD990000' || lpad((g % ${SCAN_PLANS})::text, 4, '0')
      ELSE ${extra.load ?? ''} END
    ON CONFLICT (transport_id) DO NOTHING`);
}

async function insertLoad(db: Db, loadNo: string, status: number, containerNo: string) {
  await db.execute(sql`
    INSERT INTO bus_load (load_no, status, bus_type, left_addr_id, dest_addr_id, container_type, load_house_id,
      load_time, load_person, container_no, seal_no, container_fee, create_by)
    SELECT ${loadNo}, ${status}::smallint, 'EK', (SELECT id FROM bas_geog WHERE org_id = 1 AND code = 'GZ'),
      (SELECT id FROM bas_geog WHERE org_id = 2 AND code = 'BKK'), '40HQ', (SELECT id FROM bas_warehouse WHERE code = 'GZ'),
      now() + interval '1 day', '黄建国', ${status >= 1 ? containerNo : ''}, ${status >= 1 ? `BS${loadNo.slice(-6)}` : ''},
      16500.00, 'bench'
    ON CONFLICT (load_no) DO NOTHING`);
}

export async function seedLoadBench(db: Db, log: (line: string) => void) {
  await seedLargeOrders(db, LARGE_SEED_DEFAULTS, log);
  const started = Date.now();
  for (let i = 0; i < SCAN_PLANS; i++) await insertLoad(db, scanLoadNo(i), 0, '');
  await insertLoad(db, PRINT_LOAD_NO, 2, benchContainerNo(999_000));
  await insertOrders(db, 'BS', 1, SCAN_PLANS * SCAN_PER_PLAN, { status: 3, load: 'scan' });
  await insertOrders(db, 'BP', 1, PLAN_ORDERS * PLAN_RUNS, { status: 2 });
  await insertOrders(db, 'BL', 1, PRINT_ORDERS, { status: 4, load: PRINT_LOAD_NO });
  await refreshBenchLoadTotals(db, 'LD99%');
  await db.execute(sql`
    INSERT INTO bus_track (load_id, track_status, track_time, auto, create_by)
    SELECT id, '4', now(), '1', 'bench' FROM bus_load l WHERE load_no = ${PRINT_LOAD_NO}
      AND NOT EXISTS (SELECT 1 FROM bus_track t WHERE t.load_id = l.id)`);
  // Customer service (李娜, data scope 'self') serves the customers of the sales user 'sales' only, so its load
  // list sees the half of the loads that hold those customers' orders, as the sales user's tracking list does.
  await db.execute(sql`
    UPDATE bas_mark SET service = NULL
    WHERE create_by = 'bench' AND mark LIKE 'BENCH%' AND right(mark, 4)::int % 2 = 1 AND service IS NOT NULL`);
  // the marks' parties changed: the loads' party rows follow (as bas mark/edit makes them do)
  await refreshBenchLoadTotals(db);
  log(
    `load bench data: ${SCAN_PLANS} plans of ${SCAN_PER_PLAN} planned orders, ${PLAN_ORDERS * PLAN_RUNS} orders in stock, a container of ${PRINT_ORDERS} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

async function scanJobs(db: Db): Promise<TPostJob[]> {
  const r = await db.execute<{ load_id: number; load_no: string; transport_id: string }>(sql`
    SELECT o.load_id, l.load_no, o.transport_id FROM bus_order o JOIN bus_load l ON l.id = o.load_id
    WHERE o.transport_id LIKE 'BS%' AND o.status = 3 ORDER BY o.id`);
  const loadTime = businessNow();
  // round-robin over the plans, so concurrent scans mostly hit different containers (one crew per container)
  const byLoad = new Map<number, { loadNo: string; codes: string[] }>();
  for (const row of r.rows) {
    const entry = byLoad.get(Number(row.load_id)) ?? { loadNo: row.load_no, codes: [] };
    entry.codes.push(row.transport_id);
    byLoad.set(Number(row.load_id), entry);
  }
  const jobs: TPostJob[] = [];
  const lists = [...byLoad.entries()];
  for (let i = 0; lists.some(([, e]) => i < e.codes.length); i++) {
    for (const [loadId, e] of lists) {
      const code = e.codes[i];
      if (!code) continue;
      const body = {
        code: i % 4 === 3 ? `${code}-1` : code,
        containerNo: benchContainerNo(990_000 + Number(e.loadNo.slice(-4))),
        sealNo: `BS${e.loadNo.slice(-6)}`,
        loadTime,
        loadPerson: '黄建国',
      };
      jobs.push({ path: `/bus/load/addOrder/${loadId}`, body: JSON.stringify(body) });
    }
  }
  return jobs;
}

async function measureScan(ctx: BenchContext, log: (l: string) => void): Promise<BenchResult[]> {
  const admin = await ctx.login('admin', 'admin123');
  const figures = await crewRuns(ctx, admin, await scanJobs(ctx.db), SCAN_CREWS);
  const loaded = await ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM bus_order WHERE transport_id LIKE 'BS%' AND status = 4`,
  );
  for (const f of figures) log(`scan, ${crewLine(f)}`);
  log(`scan: ${loaded.rows[0]?.n} BS orders loaded in all`);
  return crewResults('loads', 'POST /bus/load/addOrder (one scanned order)', figures, 30);
}

async function measurePlanAndPrint(ctx: BenchContext, log: (l: string) => void): Promise<BenchResult[]> {
  const admin = await ctx.login('admin', 'admin123');
  const ref = await ctx.db.execute<{ gz: number; bkk: number; wh: number; print: number }>(sql`
    SELECT (SELECT id FROM bas_geog WHERE org_id = 1 AND code = 'GZ') AS gz,
           (SELECT id FROM bas_geog WHERE org_id = 2 AND code = 'BKK') AS bkk,
           (SELECT id FROM bas_warehouse WHERE code = 'GZ') AS wh,
           (SELECT id FROM bus_load WHERE load_no = ${PRINT_LOAD_NO}) AS print`);
  const { gz, bkk, wh, print } = ref.rows[0]!;
  const stock = await ctx.db.execute<{ id: number }>(
    sql`SELECT id FROM bus_order WHERE transport_id LIKE 'BP%' AND status = 2 ORDER BY id`,
  );
  const ids = stock.rows.map((r) => Number(r.id));
  const plans: number[] = [];
  let planOk = true;
  for (let run = 0; run < PLAN_RUNS && ids.length >= (run + 1) * PLAN_ORDERS; run++) {
    const r = await timedPost(ctx, admin, '/bus/loadplan/add', {
      busType: 'EK',
      leftAddrId: Number(gz),
      destAddrId: Number(bkk),
      containerType: '40HQ',
      loadHouseId: Number(wh),
      loadTime: businessNow(),
      orderIds: ids.slice(run * PLAN_ORDERS, (run + 1) * PLAN_ORDERS),
    });
    planOk &&= r.status === 200;
    plans.push(r.ms);
    log(`loadplan/add of ${PLAN_ORDERS} orders: HTTP ${r.status} in ${r.ms.toFixed(0)} ms`);
  }
  const prints: number[] = [];
  let printOk = true;
  for (let run = 0; run < 3; run++) {
    const r = await timedPost(ctx, admin, `/bus/load/print/${print}`);
    printOk &&= r.status === 200 && r.type.includes('pdf');
    prints.push(r.ms);
    log(
      `load/print of ${PRINT_ORDERS} orders: HTTP ${r.status} ${r.type} ${(r.bytes / 1024).toFixed(0)} KB in ${r.ms.toFixed(0)} ms`,
    );
  }
  return [
    secondsResult(
      'loads',
      `POST /bus/loadplan/add (${PLAN_ORDERS} orders), worst of ${plans.length}`,
      worstSeconds(plans),
      1,
      planOk && plans.length === PLAN_RUNS,
    ),
    secondsResult(
      'loads',
      `POST /bus/load/print (${PRINT_ORDERS}-order container), worst of ${prints.length}`,
      worstSeconds(prints),
      3,
      printOk,
    ),
  ];
}

export const loadsBench: BenchGroup = {
  name: 'loads',
  seed: seedLoadBench,
  async scenarios(ctx) {
    const admin = await ctx.login('admin', 'admin123');
    const sales = await ctx.login('sales', DEMO_PASSWORD);
    const service = await ctx.login('service', DEMO_PASSWORD);
    const page = 'pageNum=1&pageSize=20';
    const plans = `/prod-api/bus/loadplan/list?${page}`;
    const loads = `/prod-api/bus/load/list?${page}`;
    const track = `/prod-api/bus/track/list?${page}`;
    return [
      { name: 'GET /bus/loadplan/list (admin)', path: plans, token: admin, p95Budget: 50 },
      { name: 'GET /bus/load/list (admin)', path: loads, token: admin, p95Budget: 50 },
      { name: 'GET /bus/load/list (service, self scope)', path: loads, token: service, p95Budget: 50 },
      { name: 'GET /bus/track/list in transit (admin)', path: track, token: admin, p95Budget: 50 },
      { name: 'GET /bus/track/list in transit (sales, self scope)', path: track, token: sales, p95Budget: 50 },
    ];
  },
  async measure(ctx, log) {
    return [...(await measureScan(ctx, log)), ...(await measurePlanAndPrint(ctx, log))];
  },
};
