import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../test/build-test-app';
import { busExceptionPhoto } from '../exception/exception.table';
import { arrivedOrders, dispatchedRun, linesOf, multipart, orderRow, PNG, useSendSuite } from '../send/send.test-utils';
import { arrivePhotos, arriveRow, departedLoad, editBody, pickupRefs } from './arrive.test-utils';

/**
 * Photos of the destination end (issue 14 §7: images only, size-limited, typed by content) through every way in:
 * the files module's upload (one and several), then the photo fields that attach an uploaded file (the pick-up's
 * seal and door photos, the signature photo, a problem item's photos) and the direct proof-of-delivery upload
 * (inware/signUpload). An HTML page renamed .jpg (sent as image/jpeg) and an image over the size limit are refused
 * with a translated message and leave nothing behind: no sys_file row, no file on disk, no photo linked.
 */

const en = { 'accept-language': 'en' };
const HTML = Buffer.from(
  '<!doctype html><html><body><script>fetch("/prod-api/system/user/list")</script></body></html>',
);
/** A JPEG start of image followed by 1 MB and a bit (the limit is 1 MB here). */
const BIG_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(1024 * 1024 + 64),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

const s = useSendSuite({
  users: ['dispatcher', 'service', 'driver'],
  env: { UPLOAD_MAX_MB: '1' },
  setup: async ({ t }) => ({ refs: await pickupRefs(t) }),
});

const fileCount = async () =>
  (await s.t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sys_file`)).rows[0]!.n;
/** Files on disk under DATA_DIR/files (the store's folders and its tmp folder included). */
const filesOnDisk = () => {
  const root = path.join(s.t.config.dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
  } catch {
    return 0;
  }
};

async function post(client: TestClient, url: string, files: Parameters<typeof multipart>[0]) {
  const { payload, headers } = multipart(files);
  return client.request({ method: 'POST', url: `/prod-api${url}`, payload, headers: { ...headers, ...en } });
}

async function uploaded(client: TestClient, name: string, content: Buffer, type: string) {
  const res = await post(client, '/file/upload', [{ field: 'file', name, content, type }]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.fileId as string;
}

/** The call was refused with `status` and the translated message, and nothing was stored. */
async function refusedAndNothingStored(
  call: () => Promise<{ statusCode: number; json: () => { msg: string } }>,
  status: number,
  msg: RegExp,
) {
  const [rows, disk] = [await fileCount(), filesOnDisk()];
  const res = await call();
  expect(res.statusCode).toBe(status);
  expect(res.json().msg).toMatch(msg);
  expect([await fileCount(), filesOnDisk()]).toEqual([rows, disk]);
}

describe('[PHOTOS] the files module decides the type by content and enforces the size limit', () => {
  it('an HTML page renamed .jpg (declared image/jpeg) is refused by /file/upload and /file/uploadFiles', async () => {
    const unsupported = /^Unsupported file type \(checked by content\): (seal|door)\.jpg$/;
    await refusedAndNothingStored(
      () =>
        post(s.dispatcher, '/file/upload', [{ field: 'file', name: 'seal.jpg', content: HTML, type: 'image/jpeg' }]),
      415,
      unsupported,
    );
    await refusedAndNothingStored(
      () =>
        post(s.dispatcher, '/file/uploadFiles', [
          { field: 'files', name: 'door.jpg', content: HTML, type: 'image/jpeg' },
        ]),
      415,
      unsupported,
    );
    // the same bytes under .jpeg or .png, and an SVG (script inside) renamed .jpg, fare no better
    for (const [name, content] of [
      ['seal.jpeg', HTML],
      ['seal.png', HTML],
      ['seal.jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ] as const)
      expect(
        (await post(s.dispatcher, '/file/upload', [{ field: 'file', name, content, type: 'image/jpeg' }])).statusCode,
      ).toBe(415);
    // a real image with the right extension passes, typed by its content
    const ok = await post(s.dispatcher, '/file/upload', [
      { field: 'file', name: 'seal.png', content: PNG, type: 'text/html' },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.contentType).toBe('image/png');
  });

  it('an image over the size limit is refused (413) and the next upload works', async () => {
    await refusedAndNothingStored(
      () => post(s.driver, '/file/upload', [{ field: 'file', name: 'pod.jpg', content: BIG_JPEG, type: 'image/jpeg' }]),
      413,
      /^The request or file is too large$/,
    );
    expect(
      (await post(s.driver, '/file/upload', [{ field: 'file', name: 'pod.png', content: PNG, type: 'image/png' }]))
        .statusCode,
    ).toBe(200);
  });
});

describe('[PHOTOS] the photo fields of pick-up, signing and problem items take images only', () => {
  it('pick-up (arrive/edit): a PDF as seal photo is refused, nothing registered; a PNG is linked', async () => {
    const { arrive } = await departedLoad(s.kit, s.dispatcher, 1);
    const pdf = await uploaded(s.dispatcher, 'seal.pdf', PDF, 'application/pdf');
    const bad = await s.dispatcher.post('/bus/arrive/edit', editBody(arrive, s.refs, { sealPhotos: [pdf] }), en);
    expect([bad.statusCode, bad.json().field, bad.json().msg]).toEqual([
      400,
      'sealPhotos',
      'Photos must be image files',
    ]);
    expect((await arriveRow(s.t, arrive.id)).status).toBe(0);
    expect(await arrivePhotos(s.t, arrive.id)).toEqual([]);
    const png = await uploaded(s.dispatcher, 'seal.png', PNG, 'image/png');
    const good = await s.dispatcher.post('/bus/arrive/edit', editBody(arrive, s.refs, { sealPhotos: [png] }), en);
    expect(good.statusCode, good.body).toBe(200);
    expect((await arrivePhotos(s.t, arrive.id)).map((p) => p.fileId)).toEqual([png]);
  });

  it('signing (sign/save and signUpload): a PDF signature photo, an HTML .jpg and an oversized POD are refused', async () => {
    const { orders } = await arrivedOrders(s.kit, 1);
    const id = orders[0]!.id;
    const run = await dispatchedRun(s.dispatcher, s.mine.driverId, [id]);

    const pdf = await uploaded(s.driver, 'sign.pdf', PDF, 'application/pdf');
    const sign = (signPicture: string) =>
      s.driver.post(
        '/bus/sign/save',
        {
          orderId: id,
          signPerson: 'Khun Malee',
          signTime: '2026-11-24 10:00:00',
          signPiece: 3,
          signTel: '0823456789',
          signPicture,
        },
        en,
      );
    const bad = await sign(pdf);
    expect([bad.statusCode, bad.json().field, bad.json().msg]).toEqual([
      400,
      'signPicture',
      'The signature photo must be an image',
    ]);
    expect(await orderRow(s.kit, id)).toMatchObject({ status: 7, signStatus: 0 });

    await refusedAndNothingStored(
      () =>
        post(s.driver, `/bus/inware/signUpload/${id}`, [
          { field: 'file', name: 'pod.jpg', content: HTML, type: 'image/jpeg' },
        ]),
      415,
      /^Unsupported file type \(checked by content\): pod\.jpg$/,
    );
    await refusedAndNothingStored(
      () =>
        post(s.driver, `/bus/inware/signUpload/${id}`, [
          { field: 'file', name: 'pod.jpg', content: BIG_JPEG, type: 'image/jpeg' },
        ]),
      413,
      /^The request or file is too large$/,
    );
    expect((await linesOf(s.t, run.id))[0]!.podPicture || null).toBeNull();

    const png = await uploaded(s.driver, 'sign.png', PNG, 'image/png');
    expect((await sign(png)).statusCode).toBe(200);
    expect((await linesOf(s.t, run.id))[0]!.signPicture).toBe(png);
  });

  it('problem items (inware/editFields): a PDF photo is refused and raises nothing; a PNG is linked', async () => {
    const { orders } = await arrivedOrders(s.kit, 1);
    const id = orders[0]!.id;
    const raise = (photos: string[]) =>
      s.service.post(
        '/bus/inware/editFields',
        { ids: [id], fields: { ifException: 1, exceptionType: '2', exceptionDesc: 'carton crushed' }, photos },
        en,
      );
    const pdf = await uploaded(s.service, 'damage.pdf', PDF, 'application/pdf');
    const bad = await raise([pdf]);
    expect([bad.statusCode, bad.json().field, bad.json().msg]).toEqual([
      400,
      'photos',
      'Problem-item photos must be images',
    ]);
    expect(await orderRow(s.kit, id)).toMatchObject({ ifException: 0 });
    expect(await s.t.db.select().from(busExceptionPhoto).where(eq(busExceptionPhoto.orderId, id))).toEqual([]);
    const png = await uploaded(s.service, 'damage.png', PNG, 'image/png');
    expect((await raise([png])).statusCode).toBe(200);
    const linked = await s.t.db.select().from(busExceptionPhoto).where(eq(busExceptionPhoto.orderId, id));
    expect(linked.map((p) => p.fileId)).toEqual([png]);
  });
});
