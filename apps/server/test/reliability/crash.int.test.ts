import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_ADMIN_PASSWORD } from '../../src/modules/system/seed/seed';
import { isAlive, lockFilePid } from '../../src/platform/db/cluster-lock';
import { freePort } from '../../src/platform/db/embedded';
import { periodOf } from '../../src/platform/sequences';
import { crash, runToEnd, type ServerProcess, serverCommand, serverEnv, startServer } from '../server-process';
import {
  type Acked,
  addOrder,
  connect,
  embeddedUrl,
  LINES_PER_ORDER,
  orderRefs,
  periodOfNumber,
  sequenceOf,
  taggedOrders,
  waybillNumbers,
} from './orders';

/**
 * Crash safety (issue 11 item 7): 20 writers create orders through the API of a real TheOne process on its embedded
 * PostgreSQL; mid-load the process, the postmaster and every PostgreSQL process get SIGKILL at once. The restart
 * (same DATA_DIR, the start path of `npm start`) must find every acknowledged order with all its cargo lines and its
 * log row, no order half-written, and the day's waybill numbers without a gap. The embedded database is the one the
 * app starts itself, so this runs in the embedded integration pass only (TEST_DATABASE_URL unset).
 */
const WRITERS = 20;
const ACKED_BEFORE_CRASH = 60;
const TIMEZONE = 'Asia/Shanghai';

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('[RELIABILITY] crash: SIGKILL mid-load', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'theone-crash-'));
  chmodSync(dataDir, 0o711); // as root the embedded server runs as 'postgres', which must enter it
  let server: ServerProcess | undefined;
  let db: pg.Client | undefined;
  afterAll(async () => {
    await db?.end().catch(() => {});
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged order whole, writes nothing by halves, leaves no gap in waybill numbers; starts again over the stale postmaster.pid and still refuses a second app', async () => {
    const pgPort = await freePort();
    const env = serverEnv({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), APP_TIMEZONE: TIMEZONE });
    server = await startServer(env);
    const { url, clusterDir } = embeddedUrl(server, pgPort);
    db = await connect(url);
    const refs = await orderRefs(db);
    const period = periodOf(new Date(), TIMEZONE, 'yyMMdd');
    const before = (await waybillNumbers(db, period)).stored;
    await db.end();
    db = undefined;

    /** Writers until ACKED_BEFORE_CRASH answers, then the crash; the acknowledged orders. */
    const loadAndCrash = async (round: string, backends: boolean) => {
      const live = server!;
      const token = await live.login('admin', DEV_ADMIN_PASSWORD);
      const acked: Acked[] = [];
      const refused: string[] = [];
      let crashing = false;
      const writer = async (w: number) => {
        for (let n = 0; ; n++) {
          try {
            const r = await addOrder(live, token, refs, `${round}-${w}-${n}`);
            if (r.acked) acked.push(r.acked);
            else if (!crashing) refused.push(r.refused);
          } catch {
            return; // the connection died with the server: not acknowledged
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
      const deadline = Date.now() + 40_000;
      while (acked.length < ACKED_BEFORE_CRASH && Date.now() < deadline && !refused.length) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(refused).toEqual([]);
      expect(acked.length).toBeGreaterThanOrEqual(ACKED_BEFORE_CRASH);
      crashing = true;
      await crash(live, clusterDir, { backends });
      const atCrash = [...acked];
      await Promise.all(writers);
      expect(existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(true);
      return atCrash;
    };

    /** Every acknowledged order whole, every tagged order whole, nothing dangling; the tagged rows. */
    const verify = async (client: pg.Client, round: string, acked: Acked[], report = true) => {
      const rows = await taggedOrders(client, `${round}-`);
      const byTag = new Map(rows.map((r) => [r.client_no, r]));
      expect(byTag.size).toBe(rows.length); // no order written twice
      for (const a of acked) {
        expect(byTag.get(a.tag), `acknowledged ${a.tag}`).toMatchObject({
          id: a.id,
          transport_id: a.transportId,
          lines: LINES_PER_ORDER,
          logs: 1,
        });
      }
      // Committed but not acknowledged (the answer died with the server): at most one per writer, whole too.
      expect(rows.length - acked.length).toBeGreaterThanOrEqual(0);
      expect(rows.length - acked.length).toBeLessThanOrEqual(WRITERS);
      for (const r of rows) expect(r, `order ${r.client_no}`).toMatchObject({ lines: LINES_PER_ORDER, logs: 1 });
      const { rows: dangling } = await client.query(
        `SELECT c.order_id FROM bus_cargo c LEFT JOIN bus_order o ON o.id = c.order_id WHERE o.id IS NULL
         UNION ALL SELECT l.order_id FROM bus_order_log l LEFT JOIN bus_order o ON o.id = l.order_id WHERE o.id IS NULL`,
      );
      expect(dangling).toEqual([]);
      if (report)
        console.log(
          `crash test, ${round}: ${acked.length} orders acknowledged before the SIGKILL, ${rows.length - acked.length} more committed whose answer was lost`,
        );
      return rows;
    };

    // Round 1: the app, the postmaster and every PostgreSQL process killed at once (a power cut's way).
    const acked1 = await loadAndCrash('crash1', true);
    // The same start again over the crashed cluster: PostgreSQL recovers from its WAL (its log, shown at debug).
    server = await startServer({ ...env, LOG_LEVEL: 'debug' });
    expect(server.output()).toContain(`Embedded PostgreSQL: data in ${clusterDir}`);
    expect(server.output()).toMatch(/database system was interrupted|automatic recovery in progress/);
    db = await connect(embeddedUrl(server, pgPort).url);
    const rows1 = await verify(db, 'crash1', acked1);
    await db.end();
    db = undefined;

    // Round 2: the app and the postmaster only; its backends leave on their own while the next start waits.
    const acked2 = await loadAndCrash('crash2', false);
    server = await startServer(env);
    db = await connect(embeddedUrl(server, pgPort).url);
    await verify(db, 'crash1', acked1, false);
    const rows2 = await verify(db, 'crash2', acked2);

    // Numbers are taken in the order's own transaction: one lost with a crash was never given out.
    const all = [...rows1, ...rows2];
    expect(new Set(all.map((r) => periodOfNumber(r.transport_id)))).toEqual(new Set([period])); // (not across midnight)
    const numbers = await waybillNumbers(db, period);
    expect(numbers.used.filter((n) => n > before)).toEqual(
      Array.from({ length: all.length }, (_, i) => before + 1 + i),
    );
    expect(numbers.stored).toBe(before + all.length);

    // The restarted app goes on with the next number, and a second app on the same DATA_DIR is still refused.
    const token = await server.login('admin', DEV_ADMIN_PASSWORD);
    const next = await addOrder(server, token, refs, 'after-crash');
    expect(next.refused).toBeUndefined();
    expect(sequenceOf(next.acked!.transportId)).toBe(before + all.length + 1);
    const second = await runToEnd(process.execPath, serverCommand(), env, 60_000);
    expect(second.code).not.toBe(0);
    expect(second.output).toMatch(/in use by another running server \(PostgreSQL PID \d+\)\. Stop the other TheOne/);

    // Only the app killed: its PostgreSQL runs on, parentless; the next start says how to stop it.
    await db.end();
    db = undefined;
    const postmaster = lockFilePid(clusterDir)!;
    process.kill(server.pid, 'SIGKILL');
    await server.exited;
    const refused = await runToEnd(process.execPath, serverCommand(), env, 60_000);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain(
      `The TheOne process that started it has ended: stop it with 'kill -INT ${postmaster}'`,
    );
    process.kill(postmaster, 'SIGINT');
    while (isAlive(postmaster)) await new Promise((r) => setTimeout(r, 50));
    server = await startServer(env);
    db = await connect(embeddedUrl(server, pgPort).url);
    await verify(db, 'crash2', acked2, false);
  }, 180_000);
});
