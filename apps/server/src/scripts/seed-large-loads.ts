import { sql } from 'drizzle-orm';
import { LOAD_TOTALS_SQL, rebuildParties } from '../modules/bus/load/load-record';
import type { Db } from '../platform/db/database';

/**
 * The life of the large seed's orders (issue 13): which status each bench order has and which load record it is
 * on, as pure SQL of its number g, so `seedLargeOrders` inserts every order in its final state in one statement
 * and a second run finds the same answer (idempotent, resumable).
 *
 * An order's age is g mod days (in days, as its order time); its load is (age, transport mode, chunk of 50
 * order numbers): about 25 orders per load, 22 loads a day, 7,900 loads for 200,000 orders over 365 days.
 *
 *   age 0        staged or confirmed (S0/S1)        age 12-14  loaded (L2, S4)
 *   age 1        confirmed (S1)                     age 15-24  departed (L3, S5)
 *   age 2-6      in warehouse (S2), no load         age 25-36  arrived (L4: S6, S7, S8 mixed)
 *   age 7-9      planned (L0, S3)                   age 37+    signed (L5, S8)
 *   age 10-11    loading (L1: half S4, half S3)
 *
 * Load numbers are `LD00{age:4}{mode}{chunk:3}` (a 'yyMMdd' that is no date, so never one a real plan gets).
 * Containers get valid ISO 6346 numbers BNLU{serial}{check digit}, trucks a Chinese (粤A01234) or Thai (23-4567)
 * plate, each number on one load only. The load statuses are then recomputed from the orders (contracts planStatusOf / journeyStatusOf).
 */

/** First day of each stage, by age in days. */
export const LIFE = {
  staged: 0,
  inStock: 2,
  planned: 7,
  loading: 10,
  loaded: 12,
  departed: 15,
  arrived: 25,
  signed: 37,
};
/** Order numbers per load chunk (orders of one transport mode in a chunk: about half). */
const CHUNK = 50;

/** ISO 6346 letter values of the owner code 'BNLU' weighted by 2^position (the digits' part is added in SQL). */
function ownerWeight(owner: string): number {
  let total = 0;
  for (let i = 0; i < 4; i++) {
    let v = owner.charCodeAt(i) - 55;
    v += Math.floor((v - 1) / 10);
    total += v * 2 ** i;
  }
  return total;
}
const OWNER = 'BNLU';

/** SQL of an order's life from its number g (an integer column or expression) and the seed's `days`. */
export function lifeColumns(g: string, days: number) {
  const age = `(${g} % ${days})`;
  const k = `(${g} / ${days})`;
  const status = `(CASE WHEN ${age} = 0 THEN (${k} / 2) % 2
    WHEN ${age} < ${LIFE.inStock} THEN 1
    WHEN ${age} < ${LIFE.planned} THEN 2
    WHEN ${age} < ${LIFE.loading} THEN 3
    WHEN ${age} < ${LIFE.loaded} THEN CASE WHEN ${k} % ${CHUNK} < ${CHUNK / 2} THEN 4 ELSE 3 END
    WHEN ${age} < ${LIFE.departed} THEN 4
    WHEN ${age} < ${LIFE.arrived} THEN 5
    WHEN ${age} < ${LIFE.signed} THEN 6 + (${k} / 2) % 3
    ELSE 8 END)`;
  const loadNo = `(CASE WHEN ${age} >= ${LIFE.planned} THEN 'LD00' || lpad(${age}::text, 4, '0') || (${g} % 2)::text || lpad((${k} / ${CHUNK})::text, 3, '0') END)`;
  return { age, k, status, loadNo };
}

const TRUCK = `(container_type LIKE 'TRUCK%' OR container_type LIKE 'TRAILER%')`;

/**
 * The load records of orders 1..orders (before the orders: they join them by number), with their pick-up records
 * once departed. Status and arrive status are placeholders by age until `settleLargeLoads`.
 */
export async function insertLargeLoads(db: Db, orders: number, days: number) {
  const check = `((${ownerWeight(OWNER)} + substr(s, 1, 1)::int * 16 + substr(s, 2, 1)::int * 32 + substr(s, 3, 1)::int * 64 + substr(s, 4, 1)::int * 128 + substr(s, 5, 1)::int * 256 + substr(s, 6, 1)::int * 512) % 11 % 10)`;
  await db.execute(
    sql.raw(`
    WITH keys AS (
      SELECT DISTINCT g % ${days} AS age, g % 2 AS mode, (g / ${days}) / ${CHUNK} AS chunk
      FROM generate_series(1, ${orders}) g WHERE g % ${days} >= ${LIFE.planned}
    ), geo AS (
      SELECT (SELECT id FROM bas_geog WHERE org_id = 1 AND code = 'GZ') AS gz,
             (SELECT id FROM bas_geog WHERE org_id = 2 AND code = 'BKK') AS bkk,
             (SELECT id FROM bas_warehouse WHERE code = 'GZ') AS wh
    ), k AS (
      SELECT keys.*, age * 1000 + mode * 100 + chunk AS serial, lpad((age * 1000 + mode * 100 + chunk)::text, 6, '0') AS s,
             CASE WHEN mode = 0 THEN (ARRAY['40HQ','TRUCK_9_6M','40HQ','TRAILER_18W','TRUCK_10W'])[1 + (age + chunk) % 5]
                  ELSE (ARRAY['40HQ','40GP','45HQ','40HQ'])[1 + (age + chunk) % 4] END AS container_type,
             date_trunc('hour', now()) + make_interval(days => ${LIFE.planned + 1} - age, hours => chunk % 10) AS load_time
      FROM keys
    ), t AS (
      SELECT k.*, ${TRUCK} AS truck, load_time + interval '1 day' AS etd,
             CASE WHEN mode = 0 THEN interval '6 days' ELSE interval '12 days' END AS transit
      FROM k
    )
    INSERT INTO bus_load (load_no, status, bus_type, left_addr_id, dest_addr_id, container_type, load_house_id,
      load_time, load_person, cls_date, etd_date, eta_date, left_time, load_port, unload_port, customs_corp,
      export_agent, vessel_owner, vessel_name, voyage_no, container_no, seal_no, truck_no, container_fee, currency,
      create_by, create_time, update_by, update_time, remark)
    SELECT 'LD00' || lpad(age::text, 4, '0') || mode::text || lpad(chunk::text, 3, '0'),
      CASE WHEN age < ${LIFE.loading} THEN 0 WHEN age < ${LIFE.loaded} THEN 1 WHEN age < ${LIFE.departed} THEN 2
           WHEN age < ${LIFE.arrived} THEN 3 WHEN age < ${LIFE.signed} THEN 4 ELSE 5 END,
      CASE WHEN mode = 0 THEN 'EK' ELSE 'SEA' END, geo.gz, geo.bkk, container_type, geo.wh,
      load_time, '黄建国', CASE WHEN mode = 1 THEN load_time - interval '6 hours' END, etd,
      CASE WHEN age >= ${LIFE.departed} AND age < ${LIFE.arrived}
           THEN greatest(etd + transit, date_trunc('hour', now()) + make_interval(days => 1 + serial % 6))
           ELSE etd + transit END,
      CASE WHEN age >= ${LIFE.departed} THEN etd END,
      CASE WHEN mode = 0 THEN '凭祥友谊关 Pingxiang Youyiguan' ELSE '广州南沙 Nansha' END,
      CASE WHEN mode = 0 THEN (ARRAY['มุกดาหาร Mukdahan','หนองคาย Nong Khai','นครพนม Nakhon Phanom'])[1 + serial % 3]
           ELSE (ARRAY['แหลมฉบัง Laem Chabang','ท่าเรือกรุงเทพ Bangkok Port'])[1 + serial % 2] END,
      CASE WHEN mode = 0 THEN '凭祥通达报关行' ELSE '广州南沙报关行' END,
      CASE WHEN mode = 0 THEN '广西友谊关国际物流' ELSE '广州海联国际货代' END,
      CASE WHEN mode = 1 THEN (ARRAY['Wan Hai Lines','SITC','Evergreen'])[1 + serial % 3] ELSE '' END,
      CASE WHEN mode = 1 THEN (ARRAY['WAN HAI 3','SITC HAIPHONG ','EVER CONNECT '])[1 + serial % 3] || lpad((chunk + 1)::text, 2, '0') ELSE '' END,
      CASE WHEN mode = 1 THEN 'S' || lpad(age::text, 3, '0') ELSE '' END,
      CASE WHEN age >= ${LIFE.loading} AND NOT truck THEN '${OWNER}' || s || ${check}::text ELSE '' END,
      CASE WHEN age >= ${LIFE.loading} THEN 'BS' || lpad(serial::text, 8, '0') ELSE '' END,
      CASE WHEN age < ${LIFE.loading} OR NOT truck THEN ''
           WHEN serial % 3 = 0 THEN (10 + (serial / 10000) % 89)::text || '-' || lpad((serial % 10000)::text, 4, '0')
           ELSE (ARRAY['粤','桂','湘','闽'])[1 + serial % 4] || (ARRAY['A','B','C','D','E','F','G','H'])[1 + (serial / 4) % 8]
                || lpad(((serial / 32) % 100000)::text, 5, '0') END,
      CASE container_type WHEN '40HQ' THEN CASE WHEN mode = 0 THEN 16500 ELSE 7800 END
           WHEN '40GP' THEN 7200 WHEN '45HQ' THEN 8600 WHEN 'TRUCK_9_6M' THEN 9800 WHEN 'TRUCK_10W' THEN 12800
           ELSE 21000 END::numeric(14, 2),
      'RMB', 'bench', load_time - interval '2 days', 'bench', load_time, ''
    FROM t, geo
    ON CONFLICT (load_no) DO NOTHING`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO bus_arrive (load_id, status, house_id, pickup_time, unload_time, create_by, create_time)
    SELECT l.id, CASE WHEN l.status = 3 THEN 0 WHEN l.status = 4 THEN 2 ELSE 3 END,
           (SELECT id FROM bas_warehouse WHERE code = 'BKK'),
           CASE WHEN l.status >= 4 THEN l.eta_date - interval '6 hours' END,
           CASE WHEN l.status >= 4 THEN l.eta_date END, 'bench', l.left_time
    FROM bus_load l WHERE l.create_by = 'bench' AND l.left_time IS NOT NULL
    ON CONFLICT (load_id) DO NOTHING`),
  );
}

const ORDER_STEPS = [
  'save',
  'confirm',
  'submitToWarehouse',
  'addToLoadPlan',
  'confirmLoad',
  'confirmDeparture',
  'confirmArrival',
  'confirmDelivery',
  'sign',
];
/** Manual milestones in journey order (contracts milestonesFor: land EK, sea). */
const MILESTONES = { EK: ['11', '13', '15', '16', '17'], SEA: ['11', '13', '14', '18', '19'] };

/**
 * After the orders: order-log rows of each new order's life, load-log rows, automatic 'loaded'/'departed'
 * milestones with 2-5 manual ones per departed load (and some messages), then each load's status from its orders
 * and its pick-up record's status from its load. Each part only where it is missing.
 */
export async function settleLargeLoads(db: Db) {
  // planStatusOf before departure, journeyStatusOf after (contracts load.ts)
  await db.execute(
    sql.raw(`
    UPDATE bus_load l SET status = c.s
    FROM (
      SELECT load_id, CASE
        WHEN max(status) <= 4 THEN CASE WHEN count(*) FILTER (WHERE status >= 4) = 0 THEN 0
                                        WHEN count(*) FILTER (WHERE status = 3) = 0 THEN 2 ELSE 1 END
        WHEN count(*) FILTER (WHERE status = 8) = count(*) THEN 5
        WHEN count(*) FILTER (WHERE status >= 6) > 0 THEN 4 ELSE 3 END AS s
      FROM bus_order WHERE load_id IS NOT NULL AND transport_id LIKE 'BN%' GROUP BY load_id
    ) c
    WHERE c.load_id = l.id AND l.create_by = 'bench' AND l.status <> c.s`),
  );
  const steps = `ARRAY[${ORDER_STEPS.map((s) => `'${s}'`).join(',')}]`;
  await db.execute(
    sql.raw(`
    INSERT INTO bus_order_log (order_id, transport_id, action, from_status, to_status, create_by, create_time)
    SELECT o.id, o.transport_id, (${steps})[s + 1], CASE WHEN s > 0 THEN s - 1 END, s, 'bench',
      coalesce(CASE s WHEN 0 THEN o.order_time WHEN 1 THEN o.order_time + interval '1 hour' WHEN 2 THEN o.arrived_time
        WHEN 3 THEN l.create_time WHEN 4 THEN l.load_time WHEN 5 THEN l.left_time WHEN 6 THEN l.eta_date
        WHEN 7 THEN l.eta_date + interval '12 hours' ELSE o.sign_time END, o.order_time)
    FROM bus_order o LEFT JOIN bus_load l ON l.id = o.load_id, generate_series(0, o.status) s
    WHERE o.transport_id LIKE 'BN%' AND NOT EXISTS (SELECT 1 FROM bus_order_log x WHERE x.order_id = o.id)`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO bus_load_log (load_id, action, from_status, to_status, order_count, remark, create_by, create_time)
    SELECT l.id, a.action, a.from_status, a.to_status, a.n, a.remark, 'bench', a.at
    FROM bus_load l
    JOIN LATERAL (SELECT count(*)::int AS n FROM bus_order o WHERE o.load_id = l.id) c ON true
    CROSS JOIN LATERAL (VALUES
      ('add', NULL::smallint, 0::smallint, 0, l.load_no, l.create_time, true),
      ('addOrder', 0::smallint, 0::smallint, c.n, '', l.create_time, true),
      ('load', 0::smallint, LEAST(l.status, 2)::smallint, c.n, l.container_no || l.truck_no, l.load_time, l.status >= 1),
      ('depart', 2::smallint, 3::smallint, c.n, '', l.left_time, l.status >= 3)
    ) a(action, from_status, to_status, n, remark, at, present)
    WHERE l.create_by = 'bench' AND a.present AND NOT EXISTS (SELECT 1 FROM bus_load_log x WHERE x.load_id = l.id)`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO bus_track (load_id, track_status, track_time, track_remark, auto, create_by, create_time)
    SELECT l.id, m.code, m.at, m.remark, m.auto, 'bench', m.at
    FROM bus_load l
    CROSS JOIN LATERAL (
      SELECT '4' AS code, l.load_time AS at, '' AS remark, '1' AS auto WHERE l.status >= 2
      UNION ALL SELECT '5', l.left_time, '', '1' WHERE l.status >= 3
      UNION ALL
      SELECT (CASE WHEN l.bus_type = 'EK' THEN ARRAY['${MILESTONES.EK.join("','")}'] ELSE ARRAY['${MILESTONES.SEA.join("','")}'] END)[i],
             -- in transit: the last one 0-47 hours ago (every tenth load went quiet: 80-103 hours ago);
             -- arrived: spread up to the ETA
             CASE WHEN l.status = 3
                  THEN l.left_time + (now() - l.left_time - make_interval(hours => CASE WHEN l.id % 10 = 0
                       THEN 80 + (l.id % 24)::int ELSE (l.id % 48)::int END)) * i / n.n
                  ELSE l.left_time + (l.eta_date - l.left_time) * i / (n.n + 1) END,
             '', '0'
      FROM (SELECT 2 + l.id % 4 AS n) n, generate_series(1, n.n) i WHERE l.status >= 3
    ) m
    WHERE l.create_by = 'bench' AND NOT EXISTS (SELECT 1 FROM bus_track x WHERE x.load_id = l.id)`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO bus_track_message (track_id, content, visible_to_customer, create_by, create_time)
    SELECT t.id, 'bench message ' || t.id, (t.id % 2)::text, 'service', t.track_time + interval '1 hour'
    FROM bus_track t JOIN bus_load l ON l.id = t.load_id
    WHERE l.create_by = 'bench' AND t.auto = '0' AND t.id % 5 = 0
      AND NOT EXISTS (SELECT 1 FROM bus_track_message x WHERE x.track_id = t.id)`),
  );
  await db.execute(
    sql.raw(`
    UPDATE bus_arrive a SET status = CASE WHEN l.status = 3 THEN 0 WHEN l.status = 4 THEN 2 ELSE 3 END
    FROM bus_load l
    WHERE l.id = a.load_id AND l.create_by = 'bench'
      AND a.status <> CASE WHEN l.status = 3 THEN 0 WHEN l.status = 4 THEN 2 ELSE 3 END`),
  );
  await refreshBenchLoadTotals(db);
}

/**
 * The stored totals and party rows of the bench loads (migrations 0014-0016 and 0019, kept by refreshLoadTotals in
 * the actions) from their orders: the seeds write orders directly.
 */
export async function refreshBenchLoadTotals(db: Db, loadNoLike = 'LD%') {
  await db.execute(sql`
    UPDATE bus_load l SET total_orders = s.n, total_pieces = s.pieces, total_weight = s.weight,
           total_volume = s.volume, total_ar = s.ar, mark_ids = s.marks, total_planned = s.planned,
           total_loaded = s.loaded, total_arrived = s.arrived, total_signed = s.signed, loaded_pieces = s.loaded_pieces
      FROM (SELECT load_id, ${LOAD_TOTALS_SQL} FROM bus_order WHERE load_id IS NOT NULL GROUP BY load_id) s
     WHERE l.id = s.load_id AND l.create_by = 'bench' AND l.load_no LIKE ${loadNoLike}
       AND (l.total_orders, l.total_pieces, l.total_weight, l.total_volume, l.total_ar, l.mark_ids, l.total_planned,
            l.total_loaded, l.total_arrived, l.total_signed, l.loaded_pieces)
           IS DISTINCT FROM (s.n, s.pieces, s.weight, s.volume, s.ar, s.marks, s.planned, s.loaded, s.arrived,
            s.signed, s.loaded_pieces)`);
  const loads = sql`(SELECT id FROM bus_load WHERE create_by = 'bench' AND load_no LIKE ${loadNoLike})`;
  await rebuildParties(db, sql`ARRAY${loads}`);
}
