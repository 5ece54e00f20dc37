import { sql } from 'drizzle-orm';
import { refreshRunTotals } from '../modules/bus/send/send-record';
import type { Db, DbOrTx } from '../platform/db/database';

/**
 * The destination end of the large seed's orders (issue 14), after their loads (seed-large-loads.ts): what the
 * pick-up, the overseas warehouse, the delivery runs and the signatures write, in the shape the services write it
 * (arrive.service.ts, send.service.ts, sign.service.ts), as set-based SQL. Idempotent: each part only where missing.
 *
 * - 24 bench drivers (Thai names, create_by 'bench') with a pick-up/van each (plates 'บน 7001 กรุงเทพมหานคร'...);
 * - pick-up records of arrived loads: vehicle, driver, seal intact; the record status from its load's orders
 *   (contracts arriveStatusOf: P3 all in, P2 some, P0 on the way);
 * - one bus_arrive_order row per order in S6-S8 (arrive time = the load's ETA, after its departure; the overseas
 *   warehouse BKK; every piece label counted), the S6-S8 orders on an overseas shelf (trayNo);
 * - delivery runs: the S7/S8 orders of one delivery day (ETA + 12 h) split into runs of 20-40 orders, one per bench
 *   driver and day (send numbers SD{yyMMdd}9NNN, never a number the daily sequence hands out), D1 while one of its
 *   orders is out, D2 when all are signed; one line per order (pieces sent = arrived pieces, a delivery cost
 *   [fee], sometimes other costs [fee]) with the phone for S8; every tenth S7 order failed (reason 1 on its line,
 *   sign status 2), as sign/signFail writes it; the order's sendId and delivery status (delivered) as the order
 *   core writes them (its sign columns are set by seed-large.ts already); run-log rows add/addOrder/sure/batchSign.
 */

const DRIVERS = 24;
const FIRST = ['สมชาย', 'สมศักดิ์', 'ประเสริฐ', 'วิชัย', 'สุรชัย', 'อนุชา', 'ธนากร', 'กิตติ', 'ณัฐพล', 'พงศกร', 'ชัยวัฒน์', 'ศักดิ์ชัย'];
const LAST = ['ใจดี', 'ศรีสุข', 'มั่นคง', 'แก้วมณี', 'บุญมา', 'ทองคำ'];
/** The run's day and send number use the business time zone (platform DEFAULT_TIMEZONE, as periodOf does). */
const TZ = 'Asia/Shanghai';
const BN = `o.transport_id LIKE 'BN%'`;

export async function seedLargeDestination(db: Db, log: (line: string) => void = () => {}) {
  const started = Date.now();
  const state = await db.execute<{ drivers: number; arrivals: boolean; lines: boolean }>(
    sql.raw(`SELECT
      (SELECT count(*)::int FROM bas_driver WHERE create_by = 'bench') AS drivers,
      EXISTS (SELECT 1 FROM bus_order o WHERE ${BN} AND o.status >= 6 AND o.arrive_id IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM bus_arrive_order a WHERE a.order_id = o.id)) AS arrivals,
      EXISTS (SELECT 1 FROM bus_order o WHERE ${BN} AND o.status >= 7
              AND NOT EXISTS (SELECT 1 FROM bus_send_line x WHERE x.order_id = o.id AND x.returned = '0')) AS lines`),
  );
  const s = state.rows[0]!;
  if (s.drivers >= DRIVERS && !s.arrivals && !s.lines) {
    log('arrivals, delivery runs and signatures already there');
    return;
  }
  await seedDrivers(db);
  await seedArrivals(db);
  const t1 = Date.now();
  log(`drivers, pick-ups and arrival rows ready (${((t1 - started) / 1000).toFixed(1)} s)`);
  const runs = await seedRuns(db);
  log(`${runs} delivery runs with their lines (${((Date.now() - t1) / 1000).toFixed(1)} s)`);
  for (const table of [
    'bas_driver',
    'bas_vehicle',
    'bus_arrive',
    'bus_arrive_order',
    'bus_send',
    'bus_send_line',
    'bus_send_log',
    'bus_order',
  ])
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  log(`destination seed done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function seedDrivers(db: Db) {
  const names = Array.from(
    { length: DRIVERS },
    (_, i) => `'${FIRST[i % FIRST.length]} ${LAST[(i + Math.floor(i / FIRST.length)) % LAST.length]}'`,
  );
  await db.execute(
    sql.raw(`
    INSERT INTO bas_vehicle (plate_no, country, vehicle_type, capacity_kg, capacity_cbm, ownership, create_by)
    SELECT 'บน ' || (7000 + i) || ' กรุงเทพมหานคร', 'TH', CASE WHEN i % 3 = 0 THEN '6' ELSE '1' END,
           CASE WHEN i % 3 = 0 THEN 1500 ELSE 1000 END, CASE WHEN i % 3 = 0 THEN 8.00 ELSE 4.50 END, '1', 'bench'
    FROM generate_series(1, ${DRIVERS}) i
    ON CONFLICT (plate_no) DO NOTHING`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO bas_driver (driver_name, phone, country, id_card, licence_no, vehicle_id, employment, create_by)
    SELECT n.name, '089' || lpad((1000000 + n.i)::text, 7, '0'), 'TH', '', 'TH-DL-' || lpad(n.i::text, 6, '0'),
           (SELECT id FROM bas_vehicle WHERE plate_no = 'บน ' || (7000 + n.i) || ' กรุงเทพมหานคร'), '1', 'bench'
    FROM unnest(ARRAY[${names.join(',')}]) WITH ORDINALITY AS n(name, i)
    WHERE NOT EXISTS (SELECT 1 FROM bas_driver d WHERE d.create_by = 'bench' AND d.driver_name = n.name)`),
  );
  await db.execute(
    sql.raw(`
    UPDATE bas_vehicle v SET driver_id = d.id FROM bas_driver d
    WHERE d.create_by = 'bench' AND d.vehicle_id = v.id AND v.driver_id IS NULL`),
  );
}

/** The bench drivers' ids in order, as an SQL array expression. */
const DRIVER_IDS = `(SELECT array_agg(id ORDER BY id) FROM bas_driver WHERE create_by = 'bench')`;

async function seedArrivals(db: Db) {
  // the pick-up registration of picked-up records (arrive/edit): vehicle, driver, seal intact
  await db.execute(
    sql.raw(`
    WITH d AS (SELECT ${DRIVER_IDS} AS ids)
    UPDATE bus_arrive a SET driver_id = d.ids[1 + a.id % array_length(d.ids, 1)],
           vehicle_id = (SELECT vehicle_id FROM bas_driver WHERE id = d.ids[1 + a.id % array_length(d.ids, 1)]),
           seal_intact = '1'
    FROM d, bus_load l
    WHERE l.id = a.load_id AND l.create_by = 'bench' AND a.pickup_time IS NOT NULL AND a.driver_id IS NULL`),
  );
  // one arrival row per received order (A17), every piece label counted
  await db.execute(
    sql.raw(`
    INSERT INTO bus_arrive_order (arrive_id, order_id, arrive_time, house_id, pieces, create_by, create_time)
    SELECT a.id, o.id, coalesce(l.eta_date, a.unload_time, now()), a.house_id,
           CASE WHEN coalesce(o.arrived_piece, 0) > 0 THEN ARRAY(SELECT generate_series(1, o.arrived_piece))
                ELSE '{}'::integer[] END, 'bench', coalesce(l.eta_date, now())
    FROM bus_order o JOIN bus_arrive a ON a.id = o.arrive_id JOIN bus_load l ON l.id = a.load_id
    WHERE ${BN} AND o.status >= 6
    ON CONFLICT (order_id) DO NOTHING`),
  );
  // the record's status from its load's orders (arriveStatusOf over the stored load totals)
  await db.execute(
    sql.raw(`
    UPDATE bus_arrive a SET status = x.s
    FROM (SELECT a.id, CASE WHEN l.total_arrived = 0 THEN CASE WHEN a.pickup_time IS NOT NULL THEN 1 ELSE 0 END
                            WHEN l.total_arrived >= l.total_orders THEN 3 ELSE 2 END AS s
            FROM bus_arrive a JOIN bus_load l ON l.id = a.load_id
           WHERE l.create_by = 'bench' AND l.load_no LIKE 'LD00%') x
    WHERE x.id = a.id AND a.status <> x.s`),
  );
}

/** The runs in one transaction (its temporary plan table lives on one connection). */
const seedRuns = (db: Db) => db.transaction((tx) => seedRunsIn(tx));

async function seedRunsIn(db: DbOrTx): Promise<number> {
  // the orders out for delivery or signed without a line, by delivery day, split into runs of 20-40
  await db.execute(
    sql.raw(`CREATE TEMP TABLE bench_send_plan (order_id bigint, status smallint, send_no text, day timestamp,
      out_at timestamptz, idx int) ON COMMIT DROP`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO bench_send_plan
    WITH o AS (
      SELECT o.id, o.status, l.eta_date + interval '12 hours' AS out_at,
             date_trunc('day', (l.eta_date + interval '12 hours') AT TIME ZONE '${TZ}') AS day
      FROM bus_order o JOIN bus_load l ON l.id = o.load_id
      WHERE ${BN} AND o.status IN (7, 8) AND l.eta_date IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM bus_send_line x WHERE x.order_id = o.id AND x.returned = '0')
    ), d AS (
      SELECT o.*, count(*) OVER (PARTITION BY day) AS n, row_number() OVER (PARTITION BY day ORDER BY id) - 1 AS rn
      FROM o
    ), k AS (
      SELECT d.*, (rn % LEAST(${DRIVERS}, GREATEST(1, round(n / 30.0))))::int AS idx FROM d
    )
    SELECT id, status, 'SD' || to_char(day, 'YYMMDD') || (9001 + idx)::text, day, out_at, idx FROM k`),
  );
  const created = await db.execute(
    sql.raw(`
    WITH d AS (SELECT ${DRIVER_IDS} AS ids)
    INSERT INTO bus_send (send_no, status, send_time, driver_id, vehicle_id, dispatch_time, send_remark, create_by,
      create_time, update_by, update_time)
    SELECT p.send_no, CASE WHEN bool_or(p.status = 7) THEN 1 ELSE 2 END, (p.day + interval '8 hours') AT TIME ZONE '${TZ}',
           d.ids[1 + p.idx], (SELECT vehicle_id FROM bas_driver WHERE id = d.ids[1 + p.idx]), min(p.out_at), '', 'bench',
           (p.day - interval '4 hours') AT TIME ZONE '${TZ}', 'bench', max(p.out_at)
    FROM bench_send_plan p, d
    GROUP BY p.send_no, p.day, p.idx, d.ids
    ON CONFLICT (send_no) DO NOTHING`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO bus_send_line (send_id, order_id, seq, pieces, send_fee_amount, send_part_amount, send_other_amount,
      sign_tel, sign_fail_reason, sign_fail_remark, returned, create_by, create_time)
    SELECT s.id, o.id,
           coalesce((SELECT max(seq) FROM bus_send_line x WHERE x.send_id = s.id), 0)
             + row_number() OVER (PARTITION BY s.id ORDER BY o.id),
           coalesce(o.arrived_piece, o.cargo_piece, 0), (30 + (o.id % 5) * 5)::numeric(14, 2), NULL,
           CASE WHEN o.id % 9 = 0 THEN 20.00 END, CASE WHEN o.status = 8 THEN o.consignee_tel ELSE '' END,
           CASE WHEN o.status = 7 AND o.id % 10 = 0 THEN '1' ELSE '' END, '', '0', 'bench', s.create_time
    FROM bench_send_plan p JOIN bus_send s ON s.send_no = p.send_no JOIN bus_order o ON o.id = p.order_id
    ON CONFLICT (order_id) WHERE returned = '0' DO NOTHING`),
  );
  // one rewrite of each S6-S8 order: the overseas shelf (arriveOrder 'Set location'; the origin tray is cleared at
  // arrival) and the order core's columns: sendId, delivered (pieces sent = arrived), failed on every tenth S7
  await db.execute(
    sql.raw(`
    UPDATE bus_order o SET send_id = coalesce(x.send_id, o.send_id),
           delivery_status = CASE WHEN x.send_id IS NULL THEN o.delivery_status WHEN x.pieces <= 0 THEN 0
             WHEN x.pieces < coalesce(o.arrived_piece, x.pieces) THEN 1 ELSE 2 END,
           sign_status = CASE WHEN o.status <> 7 OR x.send_id IS NULL THEN o.sign_status
             WHEN x.sign_fail_reason <> '' THEN 2 ELSE 0 END,
           tray_no = CASE WHEN o.tray_no LIKE 'T-%'
             THEN 'BK-' || chr(65 + (o.id % 6)::int) || '-' || lpad((o.id % 40)::text, 2, '0') ELSE o.tray_no END
    FROM (SELECT o2.id, l.send_id, l.pieces, l.sign_fail_reason FROM bus_order o2
            LEFT JOIN bus_send_line l ON l.order_id = o2.id AND l.returned = '0'
           WHERE o2.transport_id LIKE 'BN%' AND o2.status >= 6) x
    WHERE x.id = o.id
      AND (o.tray_no LIKE 'T-%' OR (x.send_id IS NOT NULL AND (o.send_id IS DISTINCT FROM x.send_id
           OR o.delivery_status <> 2)))`),
  );
  // the runs' statuses from their orders (runStatusOf; all were dispatched) and their log
  await db.execute(
    sql.raw(`
    UPDATE bus_send s SET status = c.st
    FROM (SELECT l.send_id, CASE WHEN count(*) FILTER (WHERE o.status = 7) > 0 THEN 1
                                 WHEN count(*) FILTER (WHERE o.status = 8) > 0 THEN 2 ELSE 0 END AS st
            FROM bus_send_line l JOIN bus_order o ON o.id = l.order_id WHERE l.returned = '0' GROUP BY l.send_id) c
    WHERE c.send_id = s.id AND s.create_by = 'bench' AND s.status <> c.st`),
  );
  // the runs' stored totals (refreshRunTotals keeps them for the app's own writes)
  const benchRuns = await db.execute<{ id: number }>(sql`SELECT id FROM bus_send WHERE create_by = 'bench'`);
  await refreshRunTotals(
    db,
    benchRuns.rows.map((r) => Number(r.id)),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO bus_send_log (send_id, action, from_status, to_status, order_count, remark, create_by, create_time)
    SELECT s.id, a.action, a.from_status, a.to_status, a.n, a.remark, 'bench', a.at
    FROM bus_send s
    JOIN LATERAL (SELECT count(*)::int AS n, count(*) FILTER (WHERE o.status = 8)::int AS signed,
                         max(o.sign_time) AS last_sign
                    FROM bus_send_line l JOIN bus_order o ON o.id = l.order_id
                   WHERE l.send_id = s.id AND l.returned = '0') c ON true
    CROSS JOIN LATERAL (VALUES
      ('add', NULL::smallint, 0::smallint, 0, s.send_no, s.create_time, true),
      ('addOrder', 0::smallint, 0::smallint, c.n, '', s.create_time, true),
      ('sure', 0::smallint, 1::smallint, c.n, s.send_no, s.dispatch_time, s.dispatch_time IS NOT NULL),
      ('batchSign', 1::smallint, 2::smallint, c.signed, '', coalesce(c.last_sign, s.update_time), s.status = 2)
    ) a(action, from_status, to_status, n, remark, at, present)
    WHERE s.create_by = 'bench' AND a.present AND a.at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM bus_send_log x WHERE x.send_id = s.id)`),
  );
  return created.rowCount ?? 0;
}
