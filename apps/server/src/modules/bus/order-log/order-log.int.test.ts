import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useBusSuite } from '../bus.test-utils';
import { addOrder, getOrder, orderBody, receivedOrder } from '../inware/inware.test-utils';
import { busOrderLog } from './order-log.table';

/**
 * Issue 10 item 8, on the server: the details answer gives each step's time from the log row that entered it (the
 * page showed the last edit's time as the receipt's), and the log answer makes edits readable: the declared lines'
 * numbers and what happened to them (not 'cargo lines: - -> 2'), and names for the ids it holds.
 */
const en = { 'accept-language': 'en' };

type TChange = {
  field: string;
  before: unknown;
  after: unknown;
  lines?: unknown;
  beforeLabel?: unknown;
  afterLabel?: unknown;
};
type TLogRow = { id: number; action: string; toStatus: number | null; createTime: string; changes: TChange[] };

async function log(id: number, headers?: Record<string, string>): Promise<TLogRow[]> {
  const res = await s.admin.get(`/bus/busOrderLog/list?orderId=${id}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows;
}

/** An edit of the order as the form sends it: its body with the current version and lines, and the changes. */
async function edit(id: number, patch: (lines: Record<string, unknown>[]) => Record<string, unknown>) {
  const d = await getOrder(s.admin, id);
  // the declared lines (a received order's measured lines belong to its receipts)
  const lines = d.cargoLines
    .filter((l) => !l.receivingNo)
    .map(({ id: lineId, piece, weight, volume }) => ({ id: lineId, piece, weight, volume }));
  const res = await s.admin.post('/bus/inware/edit', { ...orderBody(s.ids), id, version: d.version, ...patch(lines) });
  expect(res.statusCode, res.body).toBe(200);
}

const s = useBusSuite({ users: ['admin'] });

describe('step times of the details', () => {
  it("takes the receipt step's time from the receipt row, not from a later edit", async () => {
    const o = await receivedOrder(s.admin, s.ids, 'WR-LOG-1', {
      arrivedPiece: 3,
      arrivedWeight: '250',
      arrivedVolume: '1.235',
    });
    // The receipt happened yesterday morning; the edit now.
    await s.t.db
      .update(busOrderLog)
      .set({ createTime: sql`now() - interval '1 day'` })
      .where(and(eq(busOrderLog.orderId, o.id), eq(busOrderLog.action, 'submitToWarehouse')));
    await edit(o.id, (lines) => ({ consignee: 'Khun Malee', cargoLines: lines }));

    const rows = await log(o.id);
    const receipt = rows.find((x) => x.action === 'submitToWarehouse')!;
    const confirmed = rows.find((x) => x.toStatus === 1)!;
    const edited = rows.at(-1)!;
    expect(edited).toMatchObject({ action: 'edit', toStatus: 2 });
    const details = await getOrder(s.admin, o.id);
    expect(details.stepTimes).toEqual({ 1: confirmed.createTime, 2: receipt.createTime });
    expect((details.stepTimes as Record<string, string>)[2]).not.toBe(edited.createTime);
  });

  it('drops the receipt time when the receipt is cancelled', async () => {
    const o = await receivedOrder(s.admin, s.ids, 'WR-LOG-2', {
      arrivedPiece: 1,
      arrivedWeight: '10',
      arrivedVolume: '0.1',
    });
    expect((await s.admin.post(`/bus/inware/status/${o.id}`, { status: 1, action: 'cancelReceipt' })).statusCode).toBe(
      200,
    );
    const details = await getOrder(s.admin, o.id);
    expect(details.status).toBe(1);
    expect(Object.keys(details.stepTimes as object)).toEqual(['1']);
  });
});

describe('readable log rows', () => {
  it('records the numbers of declared lines before and after and what happened to them', async () => {
    const o = await addOrder(s.admin, orderBody(s.ids, { cargoLines: [{ piece: 2, weight: '10', volume: '0.2' }] }));
    await edit(o.id, (lines) => ({ cargoLines: [lines[0], { piece: 1, weight: '5', volume: '0.1' }] }));
    let change = (await log(o.id)).at(-1)!.changes.find((c) => c.field === 'cargoLines');
    expect(change).toEqual({ field: 'cargoLines', before: 1, after: 2, lines: { added: 1, removed: 0, changed: 0 } });
    // one line changed, the other removed
    await edit(o.id, (lines) => ({ cargoLines: [{ ...lines[0], piece: 3 }] }));
    change = (await log(o.id)).at(-1)!.changes.find((c) => c.field === 'cargoLines');
    expect(change).toEqual({ field: 'cargoLines', before: 2, after: 1, lines: { added: 0, removed: 1, changed: 1 } });
  });

  it('names the ids an edit changed, in the reader language', async () => {
    const o = await addOrder(s.admin, orderBody(s.ids));
    await edit(o.id, (lines) => ({ markId: s.ids.TH002, destAddrId: s.ids.cnx, cargoLines: lines }));
    const changes = (await log(o.id, en)).at(-1)!.changes;
    expect(changes.find((c) => c.field === 'markId')).toMatchObject({
      before: s.ids.TH001,
      after: s.ids.TH002,
      beforeLabel: 'TH001',
      afterLabel: 'TH002',
    });
    const dest = changes.find((c) => c.field === 'destAddrId')!;
    expect(dest).toMatchObject({ before: s.ids.bkk, after: s.ids.cnx });
    expect(dest.beforeLabel).toMatch(/Bangkok/);
    expect(dest.afterLabel).toMatch(/Chiang Mai/);
    const zh = (await log(o.id)).at(-1)!.changes.find((c) => c.field === 'destAddrId')!;
    expect(zh.beforeLabel).toMatch(/曼谷/);
  });
});
