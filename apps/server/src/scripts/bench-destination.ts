import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database';
import type { BenchContext, BenchGroup, BenchResult } from './bench';
import { BENCH_ORDER_SOURCES, benchContainerNo } from './bench-loads';
import { businessNow, crewLine, crewResults, crewRuns, SCAN_CREWS, type TPostJob, timedPost } from './bench-post';
import { secondsResult, worstSeconds } from './bench-result';

import { LARGE_SEED_DEFAULTS, seedLargeOrders } from './seed-large';
import { refreshBenchLoadTotals } from './seed-large-loads';

/**
 * Destination budgets (issue 14) on the large seed (200,000 orders; the S6-S8 ones with their arrival rows, about
 * 6,000 delivery runs and their signatures, seed-large-destination.ts):
 * - `arrive/list`, `send/list`, `sign/list` and the `send` desk (20 rows, default filters, as the admin) p95 < 50 ms
 *   at 50 connections;
 * - one scanned order confirmed in the overseas warehouse (`arrive/sure` with a waybill, every fourth a piece
 *   label): p95 < 30 ms at 50 connections, each request a new departed order (S5 -> S6), spread over 100 picked-up
 *   containers so concurrent scans mostly hit different containers (one crew per container);
 * - a batch sign of a 200-order run (`sign/save` with the run's id and one photo) < 2 s, three runs;
 * - the run sheet PDF of a 200-order run (`send/printware/{id}/th`) < 3 s, three prints.
 *
 * The bench data beyond the large seed (prefixes of their own, idempotent): BD… 12,000 departed orders on 100
 * picked-up containers LD98000000NN (P1, L3); BR… 800 orders out for delivery (S7) on four arrived containers
 * LD981000000N, one dispatched run of 200 each (SD0000009001-4: three to sign, one to print).
 */

const SCAN_LOADS = 100;
const SCAN_PER_LOAD = 120;
const RUN_ORDERS = 200;
const SIGN_RUNS = 3;
const PRINTS = 3;

const scanLoadNo = (i: number) => `LD980000${String(i).padStart(4, '0')}`;
const runLoadNo = (i: number) => `LD98100000${String(i).padStart(2, '0')}`;
/** Send numbers of a 'yyMMdd' that is no date, so never one the daily sequence hands out. */
const runSendNo = (i: number) => `SD000000${9001 + i}`;

async function insertLoad(db: Db, loadNo: string, status: number, containerNo: string, daysAgo: number) {
  await db.execute(sql`
    INSERT INTO bus_load (load_no, status, bus_type, left_addr_id, dest_addr_id, container_type, load_house_id,
      load_time, load_person, etd_date, eta_date, left_time, container_no, seal_no, container_fee, create_by)
    SELECT ${loadNo}, ${status}::smallint, 'EK', (SELECT id FROM bas_geog WHERE org_id = 1 AND code = 'GZ'),
      (SELECT id FROM bas_geog WHERE org_id = 2 AND code = 'BKK'), '40HQ', (SELECT id FROM bas_warehouse WHERE code = 'GZ'),
      now() - make_interval(days => ${daysAgo}::int + 1), '黄建国', now() - make_interval(days => ${daysAgo}::int),
      now() - make_interval(hours => 6), now() - make_interval(days => ${daysAgo}::int), ${containerNo},
      ${`BS${loadNo.slice(-6)}`}, 16500.00, 'bench'
    ON CONFLICT (load_no) DO NOTHING`);
  // the pick-up registered (P1) in the Bangkok warehouse by a bench driver; P3 for the arrived ones
  await db.execute(sql`
    INSERT INTO bus_arrive (load_id, status, house_id, pickup_time, unload_time, vehicle_id, driver_id, seal_intact,
      create_by)
    SELECT l.id, ${status >= 4 ? 3 : 1}::smallint, (SELECT id FROM bas_warehouse WHERE code = 'BKK'),
      now() - interval '4 hours', now() - interval '2 hours', d.vehicle_id, d.id, '1', 'bench'
    FROM bus_load l
    LEFT JOIN LATERAL (SELECT id, vehicle_id FROM bas_driver WHERE create_by = 'bench' ORDER BY id LIMIT 1) d ON true
    WHERE l.load_no = ${loadNo}
    ON CONFLICT (load_id) DO NOTHING`);
}

/** `n` bench orders prefix{from..}, EK Guangzhou -> Bangkok, on the load `loadOf(g)` (SQL of g), status 5 or 7. */
async function insertOrders(db: Db, prefix: string, n: number, status: 5 | 7, loadOf: string) {
  await db.execute(sql`
    WITH ${BENCH_ORDER_SOURCES}, l AS (
      SELECT l.id, l.load_no, l.container_no, l.seal_no, l.left_time, l.eta_date, a.id AS arrive_id
      FROM bus_load l LEFT JOIN bus_arrive a ON a.load_id = l.id WHERE l.load_no LIKE 'LD98%'
    )
    INSERT INTO bus_order (transport_id, status, mark_id, bus_type, left_addr_id, dest_addr_id, arrived_house_id,
      consignee, consignee_tel, consignee_addr, express_corp, express_no, receiving_no, cargo_name, cargo_type,
      cargo_piece, cargo_weight, cargo_volume, order_time, pre_arrive_time, arrived_time, arrived_piece,
      arrived_weight, arrived_volume, tray_no, load_id, container_no, seal_no, left_time, arrive_id, send_id,
      delivery_status, cal_price_type, min_amount, volume_price, weight_price, fee_freight_ar, fee_ar_amount,
      rmb_amount, create_by)
    SELECT ${prefix} || lpad(g::text, 11, '0'), ${status}::smallint, m.ids[1 + g % array_length(m.ids, 1)], 'EK',
      gz, bkk, wh, 'Consignee ' || g, '08' || lpad((g % 100000000)::text, 8, '0'), g || ' Rama 9 Rd, Huai Khwang, Bangkok',
      'SF', ${prefix} || 'X' || g, 'WR' || ${prefix} || lpad(g::text, 9, '0'), '日用品', '1', 1 + g % 3, 40, 0.120,
      now() - interval '20 days', l.eta_date, now() - interval '19 days', 1 + g % 3, 40, 0.120,
      CASE WHEN ${status}::int >= 6 THEN 'BK-A-' || lpad((g % 40)::text, 2, '0') ELSE '' END,
      l.id, l.container_no, l.seal_no, l.left_time, CASE WHEN ${status}::int >= 6 THEN l.arrive_id END,
      CASE WHEN ${status}::int = 7 THEN (SELECT id FROM bus_send WHERE send_no = 'SD000000' || (9001 + (g - 1) / ${RUN_ORDERS})) END,
      CASE WHEN ${status}::int = 7 THEN 2 ELSE 0 END,
      '3', 50.00, 680.00, 4.50, 81.60, 81.60, 81.60, 'bench'
    FROM generate_series(1, ${n}::int) g
    CROSS JOIN m CROSS JOIN geo
    JOIN l ON l.load_no = ${sql.raw(loadOf)}
    ON CONFLICT (transport_id) DO NOTHING`);
}

export async function seedDestinationBench(db: Db, log: (line: string) => void) {
  await seedLargeOrders(db, LARGE_SEED_DEFAULTS, log);
  const started = Date.now();
  for (let i = 0; i < SCAN_LOADS; i++) await insertLoad(db, scanLoadNo(i), 3, benchContainerNo(980_000 + i), 3);
  for (let i = 0; i <= SIGN_RUNS; i++) await insertLoad(db, runLoadNo(i), 4, benchContainerNo(981_000 + i), 8);
  // the runs: dispatched (D1) yesterday evening, one bench driver each
  await db.execute(sql`
    INSERT INTO bus_send (send_no, status, send_time, driver_id, vehicle_id, dispatch_time, create_by)
    SELECT 'SD000000' || (9001 + i), 1, now() - interval '4 hours', d.id, d.vehicle_id, now() - interval '3 hours', 'bench'
    FROM generate_series(0, ${SIGN_RUNS}::int) i
    JOIN LATERAL (SELECT id, vehicle_id FROM bas_driver WHERE create_by = 'bench' ORDER BY id OFFSET i LIMIT 1) d ON true
    ON CONFLICT (send_no) DO NOTHING`);
  await insertOrders(db, 'BD', SCAN_LOADS * SCAN_PER_LOAD, 5, `'LD980000' || lpad((g % ${SCAN_LOADS})::text, 4, '0')`);
  await insertOrders(
    db,
    'BR',
    RUN_ORDERS * (SIGN_RUNS + 1),
    7,
    `'LD98100000' || lpad(((g - 1) / ${RUN_ORDERS})::text, 2, '0')`,
  );
  await db.execute(sql`
    INSERT INTO bus_arrive_order (arrive_id, order_id, arrive_time, house_id, pieces, create_by)
    SELECT o.arrive_id, o.id, now() - interval '2 hours', (SELECT id FROM bas_warehouse WHERE code = 'BKK'),
           ARRAY(SELECT generate_series(1, o.arrived_piece)), 'bench'
    FROM bus_order o WHERE o.transport_id LIKE 'BR%' AND o.arrive_id IS NOT NULL
    ON CONFLICT (order_id) DO NOTHING`);
  await db.execute(sql`
    INSERT INTO bus_send_line (send_id, order_id, seq, pieces, send_fee_amount, create_by)
    SELECT o.send_id, o.id, row_number() OVER (PARTITION BY o.send_id ORDER BY o.id), o.arrived_piece, 35.00, 'bench'
    FROM bus_order o WHERE o.transport_id LIKE 'BR%' AND o.send_id IS NOT NULL
    ON CONFLICT (order_id) WHERE returned = '0' DO NOTHING`);
  await refreshBenchLoadTotals(db, 'LD98%');
  log(
    `destination bench data: ${SCAN_LOADS} picked-up containers of ${SCAN_PER_LOAD} departed orders, ${SIGN_RUNS + 1} runs of ${RUN_ORDERS} orders out (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

/** The scan bodies: the departed orders round-robin over their containers, every fourth a piece label. */
async function scanBodies(db: Db): Promise<TPostJob[]> {
  const r = await db.execute<{ load_id: number; transport_id: string }>(sql`
    SELECT load_id, transport_id FROM bus_order WHERE transport_id LIKE 'BD%' AND status = 5 ORDER BY id`);
  const byLoad = new Map<number, string[]>();
  for (const row of r.rows) {
    const codes = byLoad.get(Number(row.load_id)) ?? [];
    codes.push(row.transport_id);
    byLoad.set(Number(row.load_id), codes);
  }
  const lists = [...byLoad.values()];
  const bodies: TPostJob[] = [];
  for (let i = 0; lists.some((codes) => i < codes.length); i++)
    for (const codes of lists) {
      const code = codes[i];
      if (code)
        bodies.push({ path: '/bus/arrive/sure', body: JSON.stringify({ code: i % 4 === 3 ? `${code}-1` : code }) });
    }
  return bodies;
}

async function measureScan(ctx: BenchContext, token: string, log: (l: string) => void): Promise<BenchResult[]> {
  const figures = await crewRuns(ctx, token, await scanBodies(ctx.db), SCAN_CREWS);
  const counts = await ctx.db.execute<{ arrived: number; rows: number }>(sql`
    SELECT count(*) FILTER (WHERE o.status = 6)::int AS arrived, count(a.id)::int AS rows
    FROM bus_order o LEFT JOIN bus_arrive_order a ON a.order_id = o.id WHERE o.transport_id LIKE 'BD%'`);
  const c = counts.rows[0]!;
  for (const f of figures) log(`arrive scan, ${crewLine(f)}`);
  log(`arrive scan: ${c.arrived} BD orders in the overseas warehouse, ${c.rows} arrival rows`);
  const name = 'POST /bus/arrive/sure (one scanned order)';
  return crewResults('destination', name, figures, 30, c.arrived === c.rows);
}

/** A tiny valid PNG (1×1), the photo of the signed run sheet. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadPhoto(ctx: BenchContext, token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'run-sheet.png');
  const res = await fetch(`${ctx.base}/prod-api/file/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { data?: { fileId: string } };
  if (!body.data?.fileId) throw new Error(`bench photo upload failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body.data.fileId;
}

async function measureSignAndPrint(ctx: BenchContext, token: string, log: (l: string) => void) {
  const runs = await ctx.db.execute<{ id: number; send_no: string }>(sql`
    SELECT id, send_no FROM bus_send WHERE create_by = 'bench'
      AND send_no = ANY(${sql.param(Array.from({ length: SIGN_RUNS + 1 }, (_, i) => runSendNo(i)))}::text[])
    ORDER BY send_no`);
  const ids = runs.rows.map((r) => Number(r.id));
  const photo = await uploadPhoto(ctx, token);
  const signs: number[] = [];
  let signOk = true;
  for (const id of ids.slice(0, SIGN_RUNS)) {
    const r = await timedPost(ctx, token, '/bus/sign/save', {
      sendId: id,
      signTime: businessNow(),
      signPicture: photo,
      remark: 'bench batch sign',
    });
    const done = Number((r.json?.data as { done?: number } | undefined)?.done ?? 0);
    signOk &&= r.status === 200 && r.json?.code === 200 && done === RUN_ORDERS;
    signs.push(r.ms);
    log(`sign/save of run ${id} (${RUN_ORDERS} orders): HTTP ${r.status}, ${done} signed in ${r.ms.toFixed(0)} ms`);
    if (done !== RUN_ORDERS) log(`  answer: ${JSON.stringify(r.json).slice(0, 300)}`);
  }
  const printId = ids[SIGN_RUNS];
  const prints: number[] = [];
  let printOk = printId !== undefined;
  for (let i = 0; printId !== undefined && i < PRINTS; i++) {
    const r = await timedPost(ctx, token, `/bus/send/printware/${printId}/th`);
    printOk &&= r.status === 200 && r.type.includes('pdf');
    prints.push(r.ms);
    log(
      `send/printware of a ${RUN_ORDERS}-order run: HTTP ${r.status} ${r.type} ${(r.bytes / 1024).toFixed(0)} KB in ${r.ms.toFixed(0)} ms`,
    );
  }
  return [
    secondsResult(
      'destination',
      `POST /bus/sign/save (batch, ${RUN_ORDERS}-order run), worst of ${signs.length}`,
      worstSeconds(signs),
      2,
      signOk && signs.length === SIGN_RUNS,
    ),
    secondsResult(
      'destination',
      `POST /bus/send/printware (${RUN_ORDERS}-order run sheet), worst of ${prints.length}`,
      worstSeconds(prints),
      3,
      printOk && prints.length === PRINTS,
    ),
  ];
}

export const destinationBench: BenchGroup = {
  name: 'destination',
  seed: seedDestinationBench,
  async scenarios(ctx) {
    const admin = await ctx.login('admin', 'admin123');
    const page = 'pageNum=1&pageSize=20';
    return [
      { name: 'GET /bus/arrive/list (admin)', path: `/prod-api/bus/arrive/list?${page}`, token: admin, p95Budget: 50 },
      { name: 'GET /bus/send/list (admin)', path: `/prod-api/bus/send/list?${page}`, token: admin, p95Budget: 50 },
      { name: 'GET /bus/sign/list (admin)', path: `/prod-api/bus/sign/list?${page}`, token: admin, p95Budget: 50 },
      { name: 'GET /bus/send/desk (admin)', path: `/prod-api/bus/send/desk?${page}`, token: admin, p95Budget: 50 },
    ];
  },
  async measure(ctx, log) {
    const admin = await ctx.login('admin', 'admin123');
    return [...(await measureScan(ctx, admin, log)), ...(await measureSignAndPrint(ctx, admin, log))];
  },
};
