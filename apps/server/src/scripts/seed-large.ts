/**
 * Large order data for the performance budgets (issue 6): `npm run seed:large` against DATABASE_URL (migrates and
 * applies the normal seed first), or `seedLargeOrders(db, options)` from the bench.
 *
 *   DATABASE_URL=postgres://... npm run seed:large            # 200,000 orders, 2,000 marks, 365 days
 *   DATABASE_URL=postgres://... npm run seed:large -- 50000   # another order count
 *
 * Everything is one INSERT ... SELECT generate_series per table (no rows travel through Node), so 200,000 orders
 * take seconds. Idempotent: marks BENCH0001.. and orders BN.. are added only when missing. The shape of the data:
 * - marks BENCH0001..BENCH2000 (automatic pricing, owned by the demo sales users, half each);
 * - orders spread evenly over the marks (order n -> mark n mod marks) and over the last `days` days;
 * - EK for even and SEA for odd orders (so `busType=SEA` selects exactly half: the 100,000-row export of the bench);
 * - their whole life (issue 13, seed-large-loads.ts): statuses 0-8 by age (most signed, a few thousand in each
 *   of S2-S7), about 7,900 load records (25 orders each on average, containers and trucks, L0-L5 consistent with
 *   their orders), pick-up records, automatic and manual milestones, messages, order-log and load-log rows;
 * - two express numbers each (SF{1e9+n}, YT{2e9+n}), a receipt number from S2 on, one cargo line, fees.
 * Orders seeded by the earlier script (statuses 0-8 in turn, no loads) are moved to their life on the next run.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { applySeed } from '../modules/system/seed/seed';
import { connectDatabase, type Db, runMigrations } from '../platform/db/database';
import { seedLargeDestination } from './seed-large-destination';
import { insertLargeLoads, lifeColumns, settleLargeLoads } from './seed-large-loads';

export interface LargeSeedOptions {
  orders: number;
  marks: number;
  days: number;
}

export const LARGE_SEED_DEFAULTS: LargeSeedOptions = { orders: 200_000, marks: 2_000, days: 365 };

/** The mark code of the n-th bench mark (1-based). */
export const benchMark = (n: number) => `BENCH${String(n).padStart(4, '0')}`;
/** The first express number of bench order n (1-based); the second is YT{2e9+n}. */
export const benchExpressNo = (n: number) => `SF${1_000_000_000 + n}`;

export async function seedLargeOrders(
  db: Db,
  options: Partial<LargeSeedOptions> = {},
  log: (line: string) => void = () => {},
): Promise<{ marks: number; orders: number }> {
  const { orders, marks, days } = { ...LARGE_SEED_DEFAULTS, ...options };
  const started = Date.now();
  await db.execute(sql`
    INSERT INTO bas_mark (mark, name_zh, client_type, balance_type, cal_price_type, sales, service, min_amount, shipping_channels, dept_id, create_by)
    SELECT 'BENCH' || lpad(g::text, 4, '0'), '压测客户' || g, '1', '5', '3',
           CASE WHEN g % 2 = 0 THEN s1.user_id ELSE s2.user_id END, sv.user_id, 50.00, ARRAY['EK','SEA'],
           CASE WHEN g % 2 = 0 THEN s1.dept_id ELSE s2.dept_id END, 'bench'
    FROM generate_series(1, ${marks}::int) g
    LEFT JOIN LATERAL (SELECT user_id, dept_id FROM sys_user WHERE user_name = 'sales' LIMIT 1) s1 ON true
    LEFT JOIN LATERAL (SELECT user_id, dept_id FROM sys_user WHERE user_name = 'sales2' LIMIT 1) s2 ON true
    LEFT JOIN LATERAL (SELECT user_id FROM sys_user WHERE user_name = 'service' LIMIT 1) sv ON true
    ON CONFLICT (mark) DO NOTHING`);
  log(`marks ready (${((Date.now() - started) / 1000).toFixed(1)} s)`);

  const existing = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM bus_order WHERE transport_id LIKE 'BN%'`,
  );
  const have = Number(existing.rows[0]?.n ?? 0);
  if (have >= orders) {
    // Done before: every order past the warehouse is on a load and the loads have their log.
    const done = await db.execute<{ ok: boolean }>(sql`
      SELECT NOT EXISTS (SELECT 1 FROM bus_order WHERE transport_id LIKE 'BN%' AND status >= 3 AND load_id IS NULL)
         AND EXISTS (SELECT 1 FROM bus_load l JOIN bus_load_log g ON g.load_id = l.id WHERE l.create_by = 'bench')
         AND NOT EXISTS (SELECT 1 FROM bus_load WHERE create_by = 'bench' AND total_orders = 0 AND load_no LIKE 'LD00%')
         AS ok`);
    if (done.rows[0]?.ok) {
      log(`${have} bench orders and their loads already there`);
      await seedLargeDestination(db, log);
      return { marks, orders: have };
    }
  }
  const t0 = Date.now();
  await insertLargeLoads(db, Math.max(have, orders), days);
  log(`load records ready (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  const life = lifeColumns('g', days);
  /** The order's status-dependent columns from its life and its load `l` / pick-up record `a`. */
  const lifeSet = sql.raw(`
      status = x.status, load_id = x.load_id, container_no = x.container_no, seal_no = x.seal_no,
      truck_no = x.truck_no, left_time = x.left_time, pre_arrive_time = x.pre_arrive_time, arrive_id = x.arrive_id,
      sign_time = x.sign_time, sign_person = x.sign_person, sign_piece = x.sign_piece, sign_status = x.sign_status,
      delivery_status = x.delivery_status, receiving_no = x.receiving_no, arrived_time = x.arrived_time,
      arrived_piece = x.arrived_piece, arrived_weight = x.arrived_weight, arrived_volume = x.arrived_volume,
      tray_no = x.tray_no`);
  const lifeSelect = (from: number, to: number) => sql`
    WITH m AS (
      SELECT array_agg(id ORDER BY mark) AS ids FROM bas_mark WHERE mark LIKE 'BENCH%' AND create_by = 'bench'
    ), geo AS (
      SELECT (SELECT id FROM bas_geog WHERE org_id = 1 AND code = 'GZ') AS gz,
             (SELECT id FROM bas_geog WHERE org_id = 2 AND code = 'BKK') AS bkk,
             (SELECT id FROM bas_warehouse WHERE code = 'GZ') AS wh
    ), src AS (
      SELECT g,
             m.ids[1 + (g % array_length(m.ids, 1))] AS mark_id,
             ${sql.raw(life.status)} AS status,
             ${sql.raw(life.loadNo)} AS load_no,
             now() - make_interval(days => g % ${days}::int, secs => (g * 37) % 86400) AS order_time,
             1 + g % 12 AS piece,
             round((5 + (g % 997) * 0.73)::numeric, 2) AS weight,
             round((0.05 + (g % 331) * 0.011)::numeric, 3) AS volume,
             geo.gz, geo.bkk, geo.wh
      FROM generate_series(${from}::int, ${to}::int) g, m, geo
    ), priced AS (
      SELECT src.*, GREATEST(round(volume * 680, 2), round(weight * 4.5, 2), 50.00) AS freight,
             l.id AS l_id, l.container_no AS l_container_no, l.seal_no AS l_seal_no, l.truck_no AS l_truck_no,
             l.left_time AS l_left_time, l.eta_date AS l_eta, a.id AS a_id
      FROM src LEFT JOIN bus_load l ON l.load_no = src.load_no LEFT JOIN bus_arrive a ON a.load_id = l.id
    ), x AS (
      SELECT priced.*,
        CASE WHEN status >= 3 THEN l_id END AS load_id,
        CASE WHEN status >= 4 THEN l_container_no ELSE '' END AS container_no,
        CASE WHEN status >= 4 THEN l_seal_no ELSE '' END AS seal_no,
        CASE WHEN status >= 4 THEN l_truck_no ELSE '' END AS truck_no,
        CASE WHEN status >= 5 THEN l_left_time END AS left_time,
        CASE WHEN status >= 3 THEN l_eta ELSE order_time + interval '7 days' END AS pre_arrive_time,
        CASE WHEN status >= 6 THEN a_id END AS arrive_id,
        CASE WHEN status = 8 THEN l_eta + interval '1 day' END AS sign_time,
        CASE WHEN status = 8 THEN 'Consignee ' || g ELSE '' END AS sign_person,
        CASE WHEN status = 8 THEN piece END AS sign_piece,
        CASE WHEN status = 8 THEN 1 ELSE 0 END AS sign_status,
        CASE WHEN status = 8 THEN 2 ELSE 0 END AS delivery_status,
        CASE WHEN status >= 2 THEN 'WR' || lpad(g::text, 11, '0') ELSE '' END AS receiving_no,
        CASE WHEN status >= 2 THEN order_time + interval '1 day' END AS arrived_time,
        CASE WHEN status >= 2 THEN piece END AS arrived_piece,
        CASE WHEN status >= 2 THEN weight END AS arrived_weight,
        CASE WHEN status >= 2 THEN volume END AS arrived_volume,
        CASE WHEN status >= 2 THEN 'T-' || (g % 300) ELSE '' END AS tray_no
      FROM priced
    )`;
  // Orders of an earlier run (the former statuses 0-8 in turn, without loads) move to their life once.
  if (have > 0) {
    const t1 = Date.now();
    const moved = await db.execute(sql`
      ${lifeSelect(1, have)}
      UPDATE bus_order o SET ${lifeSet}
      FROM x WHERE o.transport_id = 'BN' || lpad(x.g::text, 11, '0')
        AND (o.status <> x.status OR o.load_id IS DISTINCT FROM x.load_id)`);
    if (moved.rowCount)
      log(`${moved.rowCount} earlier orders moved to their life (${((Date.now() - t1) / 1000).toFixed(1)} s)`);
  }
  if (have < orders) {
    const t1 = Date.now();
    await db.execute(sql`
      ${lifeSelect(have + 1, orders)}
      INSERT INTO bus_order (
        transport_id, status, mark_id, bus_type, left_addr_id, dest_addr_id, arrived_house_id,
        consignee, consignee_tel, consignee_addr, express_corp, express_no, receiving_no,
        cargo_name, cargo_type, cargo_piece, cargo_weight, cargo_volume, order_time, pre_arrive_time,
        arrived_time, arrived_piece, arrived_weight, arrived_volume, tray_no, load_id, container_no, seal_no,
        truck_no, left_time, arrive_id, sign_time, sign_person, sign_piece, sign_status, delivery_status,
        cal_price_type, min_amount, volume_price, weight_price, vol_wgt_rate, wgt_vol_rate,
        fee_freight_ar, fee_pick_ar, fee_ar_amount, currency, currency_rate, rmb_amount, create_by
      )
      SELECT
        'BN' || lpad(g::text, 11, '0'), status, mark_id, CASE WHEN g % 2 = 0 THEN 'EK' ELSE 'SEA' END, gz, bkk, wh,
        'Consignee ' || g, '08' || lpad((g % 100000000)::text, 8, '0'), (g % 500) || ' Sukhumvit Rd, Bangkok',
        'SF', 'SF' || (1000000000 + g) || ',YT' || (2000000000 + g), receiving_no,
        '货物' || (g % 50), '1', piece, weight, volume, order_time, pre_arrive_time,
        arrived_time, arrived_piece, arrived_weight, arrived_volume, tray_no, load_id, container_no, seal_no,
        truck_no, left_time, arrive_id, sign_time, sign_person, sign_piece, sign_status, delivery_status,
        '3', 50.00, 680.00, 4.50, 300, 300,
        freight, CASE WHEN g % 7 = 0 THEN 30.00 ELSE 0 END,
        freight + CASE WHEN g % 7 = 0 THEN 30.00 ELSE 0 END, 'RMB', 1,
        freight + CASE WHEN g % 7 = 0 THEN 30.00 ELSE 0 END, 'bench'
      FROM x`);
    log(`${orders - have} orders inserted (${((Date.now() - t1) / 1000).toFixed(1)} s)`);
  } else log(`${have} bench orders already there`);
  const t2 = Date.now();
  await db.execute(sql`
    INSERT INTO bus_cargo (order_id, line_no, piece, cargo_length, cargo_width, cargo_hight, weight, volume, size, create_by)
    SELECT o.id, 1, o.cargo_piece, 50, 40, 30, o.cargo_weight, o.cargo_volume, '50×40×30', 'bench'
    FROM bus_order o
    WHERE o.transport_id LIKE 'BN%' AND NOT EXISTS (SELECT 1 FROM bus_cargo c WHERE c.order_id = o.id)`);
  await settleLargeLoads(db);
  log(`cargo lines, log rows, milestones, load statuses (${((Date.now() - t2) / 1000).toFixed(1)} s)`);
  // Statistics for the planner and the visibility map for index-only counts (outside any transaction).
  for (const table of [
    'bas_mark',
    'bus_order',
    'bus_cargo',
    'bus_order_log',
    'bus_load',
    'bus_load_log',
    'bus_track',
    'bus_track_message',
    'bus_arrive',
  ])
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  await seedLargeDestination(db, log);
  log(`large seed done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { marks, orders };
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'DATABASE_URL is required (the database to fill), e.g. DATABASE_URL=postgres://user:pass@127.0.0.1:5432/theone',
    );
    process.exit(2);
  }
  const orders = process.argv[2] ? Number(process.argv[2]) : LARGE_SEED_DEFAULTS.orders;
  const database = connectDatabase(url, { max: 2, statementTimeoutMs: 0 });
  try {
    await runMigrations(database);
    await applySeed(database.db, { production: process.env.NODE_ENV === 'production' });
    await seedLargeOrders(database.db, { orders }, (l) => console.log(l));
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
