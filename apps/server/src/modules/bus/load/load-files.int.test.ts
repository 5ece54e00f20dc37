import { describe, expect, it } from 'vitest';
import { upload } from '../arrive/arrive.test-utils';
import { useBusSuite } from '../bus.test-utils';
import { loadKit, loadLog, planWith, setLoadStatus, stockOrder } from './load.test-utils';

/**
 * load/files/add and load/files/delete (photos of the container, seal and loading on loadplanDetails and
 * loadDetails): images only, the caller's own uploads, L0-L4, edit keys, a load-log row per change; the photos
 * come with the load's detail and download only for users who may read the load.
 */

const s = useBusSuite({
  users: ['admin', 'dispatcher', 'service'],
  setup: async ({ t, ids, admin }) => ({ kit: await loadKit(t, ids, admin) }),
});

async function planOf(markId?: number) {
  const o = await stockOrder(s.kit, markId ? { markId } : {});
  return planWith(s.kit, [o.id]);
}

describe('[LOAD] photos of a load', () => {
  it('adds images under a kind once each, answers them with the detail, and logs the change', async () => {
    const plan = await planOf();
    const a = await upload(s.dispatcher);
    const b = await upload(s.dispatcher);
    const res = await s.dispatcher.post('/bus/load/files/add', { loadId: plan.id, kind: '2', fileIds: [a, b, a] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((f: { fileId: string; kind: string }) => [f.fileId, f.kind])).toEqual([
      [a, '2'],
      [b, '2'],
    ]);
    expect(res.json().data[0]).toMatchObject({ name: 'seal.png', createBy: 'dispatcher' });
    // the same image again: not twice
    const again = await s.dispatcher.post('/bus/load/files/add', { loadId: plan.id, kind: '1', fileIds: [a] });
    expect(again.json().data).toHaveLength(2);
    const detail = (await s.dispatcher.get(`/bus/loadplan/${plan.id}`)).json().data;
    expect(detail.files.map((f: { fileId: string }) => f.fileId)).toEqual([a, b]);
    expect((await loadLog(s.kit, plan.id)).map((l) => l.action)).toContain('addFiles');

    const id = detail.files[0].id;
    const del = await s.dispatcher.post(`/bus/load/files/delete/${id}`, {});
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data.map((f: { fileId: string }) => f.fileId)).toEqual([b]);
    expect((await loadLog(s.kit, plan.id)).map((l) => l.action)).toContain('deleteFile');
  });

  it('refuses a PDF, a file someone else uploaded, a bad kind and an unknown load, changing nothing', async () => {
    const plan = await planOf();
    const pdf = await upload(s.dispatcher, 'pdf');
    const theirs = await upload(s.admin);
    const bad = async (body: Record<string, unknown>, status: number, key?: string) => {
      const res = await s.dispatcher.post('/bus/load/files/add', { loadId: plan.id, kind: '1', ...body });
      expect(res.statusCode, res.body).toBe(status);
      if (key) expect(res.json().msg).toBeTruthy();
      return res;
    };
    await bad({ fileIds: [pdf] }, 400, 'load_err_photo_image');
    await bad({ fileIds: [theirs] }, 400);
    await bad({ fileIds: [await upload(s.dispatcher)], kind: '7' }, 400);
    await bad({ fileIds: [] }, 400);
    await bad({ fileIds: [await upload(s.dispatcher)], loadId: 999_999_999 }, 404);
    expect((await s.dispatcher.get(`/bus/loadplan/${plan.id}`)).json().data.files).toEqual([]);
  });

  it('refuses a load whose orders are all signed (L5) with its message', async () => {
    const plan = await planOf();
    const f = await upload(s.dispatcher);
    await setLoadStatus(s.kit, plan.id, 5);
    const res = await s.dispatcher.post('/bus/load/files/add', { loadId: plan.id, kind: '3', fileIds: [f] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('WRONG_STATE');
  });

  it('needs an edit key: customer service (read only) gets 403', async () => {
    const plan = await planOf();
    const f = await upload(s.service);
    const res = await s.service.post('/bus/load/files/add', { loadId: plan.id, kind: '1', fileIds: [f] });
    expect(res.statusCode).toBe(403);
    expect((await s.service.post('/bus/load/files/delete/1', {})).statusCode).toBe(403);
  });

  it("downloads only for users who may read the load: customer service of the load's customer, not of another", async () => {
    const ids = s.kit.ids;
    const mine = await planOf(ids.TH001);
    const other = await planOf(ids.TH002);
    const f1 = await upload(s.dispatcher);
    const f2 = await upload(s.dispatcher);
    await s.dispatcher.post('/bus/load/files/add', { loadId: mine.id, kind: '1', fileIds: [f1] });
    await s.dispatcher.post('/bus/load/files/add', { loadId: other.id, kind: '1', fileIds: [f2] });
    // the oracle: whether the load itself is visible to customer service
    const sees = async (id: number) => (await s.service.get(`/bus/load/${id}`)).statusCode === 200;
    expect(await sees(mine.id)).toBe(true);
    expect(await sees(other.id)).toBe(false);
    expect((await s.service.get(`/file/download/${f1}`)).statusCode).toBe(200);
    expect((await s.service.get(`/file/download/${f2}`)).statusCode).toBe(404);
  });

  it('two people deleting the same photo at once: one succeeds, the other is told it is gone', async () => {
    const plan = await planOf();
    const f = await upload(s.dispatcher);
    const [photo] = (
      await s.dispatcher.post('/bus/load/files/add', { loadId: plan.id, kind: '1', fileIds: [f] })
    ).json().data;
    const answers = await Promise.all([
      s.dispatcher.post(`/bus/load/files/delete/${photo.id}`, {}),
      s.admin.post(`/bus/load/files/delete/${photo.id}`, {}),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
  });
});
