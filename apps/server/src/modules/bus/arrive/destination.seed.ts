import { Readable } from 'node:stream';
import { ZArriveEditBody, ZArriveLocationBody, ZArriveSureBody } from '@theone/contracts/bus/arrive.schemas';
import { isSignTel } from '@theone/contracts/bus/send';
import { ZSendAddBody, ZSignFailBody, ZSignSaveBody } from '@theone/contracts/bus/send.schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import { createSession, loadAuthContext, revokeSession } from '../../../platform/auth/session';
import type { Db } from '../../../platform/db/database';
import type { FileStore } from '../../../platform/files/file-store';
import { DEFAULT_TIMEZONE, formatDateTime } from '../../../platform/time';
import { ensureDemoFleet } from '../../bas/api/demo-fleet';
import { orderFormRefs } from '../../bas/api/order-refs';
import { liveUsersByName } from '../../system/api';
import type { TOrderCtx } from '../inware/inware.context';
import { busOrder } from '../inware/inware.table';
import { addRun, sureRuns } from '../send/send.service';
import { saveSign, signFail } from '../send/sign.service';
import { editArrive, setLocation, sureArrive } from './arrive.service';
import { busArrive } from './arrive.table';
import { sealPhoto, signedNotePhoto } from './demo-photos';

/**
 * Demo data of the destination end (issue 14) for `npm start` outside production, after the demo loads
 * (load.seed.ts): a new user opens the pick-up, overseas warehouse, delivery and sign screens and finds them filled.
 * Applied once, when no delivery run exists yet and a departed demo container waits for its pick-up (the land
 * container CSNU7345215 at the Mukdahan border, else the first one), through the modules' own service functions as
 * the demo 'dispatcher' and 'driver' accounts would call them (each with its checks, order-log, run-log and
 * load-log rows, milestones and photos through the files module):
 *
 * - bas: two delivery drivers (the first linked to the 'driver' account) and a trailer (demo-fleet.ts);
 * - pick-up registered 5 hours ago with a seal photo; all orders but one scanned off the container piece by piece
 *   into the Bangkok warehouse 3 hours ago (P2: one still to receive on arriveOrder), on two shelves;
 * - a run dispatched this morning to the 'driver' account's driver with four orders: one signed with a photo, one
 *   signed with a piece short (partly signed, and its 'short delivery' problem item), one failed (consignee absent,
 *   red on the desk for redelivery), one still out (the driver's phone list);
 * - a draft run for tomorrow 08:00 with two orders; the rest in the overseas stock for the desk.
 *
 * A failure is logged and the start goes on (the demo is a convenience, never a reason not to start).
 */

const H = 3_600_000;

interface TActor {
  ctx: TOrderCtx;
  done: () => Promise<void>;
}

/** A short session of a demo account, so the services see exactly that user's permissions and data scope. */
async function actAs(db: Db, userId: number, timezone: string): Promise<TActor | null> {
  const { sessionId } = await createSession(db, {
    userId,
    ipaddr: '127.0.0.1',
    userAgent: 'TheOne demo data',
    ttlMinutes: 10,
    maxHours: 1,
  });
  const auth: AuthContext | null = await loadAuthContext(db, sessionId, 1);
  if (!auth) return null;
  return {
    ctx: { db, auth, lang: 'zh-cn', timezone },
    done: async () => {
      await revokeSession(db, sessionId);
    },
  };
}

async function store(files: FileStore, auth: AuthContext, fileName: string, png: Buffer) {
  const saved = await files.save({
    stream: Readable.from([png]),
    fileName,
    uploader: { userId: auth.userId, userName: auth.userName },
  });
  return saved.fileId;
}

/** The departed container waiting for its pick-up (P0, every order still S5). */
async function waitingContainer(db: Db) {
  const rows = await db
    .select({
      arriveId: busArrive.id,
      version: busArrive.version,
      containerNo: sql<string>`max(${busOrder.containerNo})`,
      orders: sql<number>`count(*)::int`,
      departed: sql<number>`count(*) FILTER (WHERE ${busOrder.status} = 5)::int`,
    })
    .from(busArrive)
    .innerJoin(busOrder, eq(busOrder.loadId, busArrive.loadId))
    .where(eq(busArrive.status, 0))
    .groupBy(busArrive.id, busArrive.version)
    .orderBy(asc(busArrive.id));
  const full = rows.filter((r) => r.orders >= 4 && r.orders === r.departed);
  return full.find((r) => r.containerNo === 'CSNU7345215') ?? full[0] ?? null;
}

export async function seedDemoDestination(
  db: Db,
  options: { files: FileStore; timezone?: string; log?: (line: string) => void },
): Promise<boolean> {
  const timezone = options.timezone ?? DEFAULT_TIMEZONE;
  const log = options.log ?? (() => {});
  const anyRun = await db.execute(sql`SELECT 1 FROM bus_send LIMIT 1`);
  if (anyRun.rows.length) return false;
  const container = await waitingContainer(db);
  const users = new Map((await liveUsersByName(db, ['dispatcher', 'driver'])).map((u) => [u.userName, u.id]));
  const bkk = (await orderFormRefs(db)).warehouses.find((w) => w.code === 'BKK');
  if (!container || !users.get('dispatcher') || !bkk) return false;

  const dispatcher = await actAs(db, users.get('dispatcher')!, timezone);
  const driverUser = users.get('driver') ? await actAs(db, users.get('driver')!, timezone) : null;
  if (!dispatcher) return false;
  const signer = driverUser ?? dispatcher;
  const at = (hoursFromNow: number) => formatDateTime(new Date(Date.now() + hoursFromNow * H), timezone);
  try {
    const fleet = await ensureDemoFleet(db, users.get('driver') ?? null, 'admin');
    const ctx = dispatcher.ctx;

    // pick-up at the border, unloaded in Bangkok; every order but the last received
    const seal = await store(options.files, ctx.auth, 'seal-CSNU7345215.png', sealPhoto());
    await editArrive(
      ctx,
      ZArriveEditBody.parse({
        id: container.arriveId,
        version: container.version,
        pickupTime: at(-5),
        vehicleId: fleet.pickup.vehicleId,
        driverId: fleet.pickup.driverId,
        houseId: bkk.id,
        unloadTime: at(-3),
        sealIntact: '1',
        remark: '穆达汉口岸提柜，铅封完好 / picked up at Mukdahan, seal intact',
        sealPhotos: [seal],
        doorPhotos: [],
      }),
    );
    const orders = await db
      .select({
        id: busOrder.id,
        transportId: busOrder.transportId,
        consignee: busOrder.consignee,
        consigneeTel: busOrder.consigneeTel,
        pieces: busOrder.arrivedPiece,
      })
      .from(busOrder)
      .innerJoin(busArrive, and(eq(busArrive.loadId, busOrder.loadId), eq(busArrive.id, container.arriveId)))
      .orderBy(asc(busOrder.id));
    // scanned off the container piece label by piece label (the first scan of an order receives it)
    const received = orders.slice(0, -1);
    for (const o of received)
      for (let piece = 1; piece <= Math.max(1, o.pieces ?? 1); piece++)
        await sureArrive(
          ctx,
          ZArriveSureBody.parse({
            arriveId: container.arriveId,
            code: `${o.transportId}-${piece}`,
            arrivedHouseId: bkk.id,
            arriveTime: at(-3),
          }),
        );
    const half = Math.ceil(received.length / 2);
    for (const [shelf, part] of [
      ['A-01-02', received.slice(0, half)],
      ['A-02-01', received.slice(half)],
    ] as const)
      if (part.length)
        await setLocation(ctx, ZArriveLocationBody.parse({ orderIds: part.map((o) => o.id), trayNo: shelf }));

    // this morning's run, dispatched; the driver signs, signs short, fails one, one still out
    const out = received.slice(0, 4);
    const morning = await addRun(
      ctx,
      ZSendAddBody.parse({
        sendTime: at(-2),
        driverId: fleet.drivers[0]!.id,
        vehicleId: fleet.drivers[0]!.vehicleId,
        sendRemark: '邦纳、拉卡邦 / Bang Na, Lat Krabang',
        orderIds: out.map((o) => o.id),
      }),
    );
    await sureRuns(ctx, [morning.id]);
    const sign = async (o: (typeof out)[number], short: boolean, hoursAgo: number, variant: number) => {
      const pieces = o.pieces ?? 1;
      const picture = await store(
        options.files,
        signer.ctx.auth,
        `sign-${o.transportId}.png`,
        signedNotePhoto(variant),
      );
      await saveSign(
        signer.ctx,
        ZSignSaveBody.parse({
          orderId: o.id,
          signPerson: o.consignee,
          signTime: at(-hoursAgo),
          signPiece: short && pieces > 1 ? pieces - 1 : pieces,
          signTel: isSignTel(o.consigneeTel) ? o.consigneeTel : '',
          signPicture: picture,
          remark: short ? '收货人称少一件 / consignee counted one piece short' : '',
        }),
      );
    };
    if (out[0]) await sign(out[0], false, 1.2, 0);
    if (out[1]) await sign(out[1], true, 0.8, 1);
    if (out[2])
      await signFail(
        signer.ctx,
        ZSignFailBody.parse({
          orderIds: [out[2].id],
          signFailReason: '1',
          signFailRemark: 'ลูกค้าไม่อยู่บ้าน โทรไม่รับสาย / nobody home, phone not answered',
        }),
      );

    // tomorrow's draft run; the rest waits in the overseas stock
    const tomorrow = received.slice(4, 6);
    if (tomorrow.length) {
      const day = formatDateTime(new Date(Date.now() + 24 * H), timezone, true);
      await addRun(
        ctx,
        ZSendAddBody.parse({
          sendTime: `${day} 08:00:00`,
          driverId: fleet.drivers[1]!.id,
          vehicleId: fleet.drivers[1]!.vehicleId,
          sendRemark: '素坤逸、拉玛四路 / Sukhumvit, Rama 4',
          orderIds: tomorrow.map((o) => o.id),
        }),
      );
    }
    log(
      `Demo data: ${container.containerNo || 'a container'} picked up, ${received.length} of ${orders.length} orders in the Bangkok warehouse, ${tomorrow.length ? 2 : 1} delivery runs.`,
    );
    return true;
  } catch (err) {
    log(`Demo data of the destination screens not added: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  } finally {
    await dispatcher.done();
    await driverUser?.done();
  }
}
