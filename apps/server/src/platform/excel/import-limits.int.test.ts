import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/build-test-app';
import { errorOf, multipart } from '../../modules/system/shared/system.fixture';
import { buildXlsx, letters, repeat, si, textCell, textRow } from './xlsx-fixture.test-utils';

/**
 * Hostile and huge .xlsx files against the real import endpoints (issue 11 item 3): each is refused quickly with a
 * short translated answer, the server's memory barely moves, and other requests keep being answered.
 * `t` runs with the default limits; `loose` lets any size and ratio through the zip directory, so the limits
 * applied while streaming (cell length, rows) are what stops the file there.
 */
let t: TestApp;
let loose: TestApp;
let admin: TestClient;
let looseAdmin: TestClient;
let bomb: Buffer;

const USER_HEADER = ['User name', 'Nickname', 'Department', 'Mobile', 'E-mail', 'Sex', 'Status', 'Remark'];

beforeAll(async () => {
  [t, loose] = await Promise.all([
    createTestApp({ IMPORT_RATE_LIMIT: '1000' }),
    createTestApp({
      IMPORT_RATE_LIMIT: '1000',
      IMPORT_MAX_UNCOMPRESSED_MB: '1024',
      IMPORT_MAX_COMPRESSION_RATIO: '100000',
    }),
  ]);
  [admin, looseAdmin] = await Promise.all([t.login('admin'), loose.login('admin')]);
  // one cell of 400 MB: deflated chunk by chunk, never held
  bomb = await buildXlsx({
    rows: [
      textRow(1, USER_HEADER),
      '<row r="2"><c r="A2" t="inlineStr"><is><t>',
      ...repeat('A'.repeat(1 << 20), 400),
      '</t></is></c></row>',
    ],
  });
}, 120_000);
afterAll(async () => Promise.all([t?.close(), loose?.close()]));

function importUsers(client: TestClient, file: Buffer, lang = 'en') {
  const m = multipart('file', 'users.xlsx', file);
  return client.request({
    method: 'POST',
    url: '/system/user/importData',
    payload: m.payload,
    headers: { ...m.headers, 'accept-language': lang },
  });
}

/** CPU time of this process's main thread (the event loop) in ms, from Linux's per-thread accounting. */
function mainThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Runs a request while sampling this process's RSS every 5 ms and asking `GET /health` every 20 ms. A probe's
 * delay is the event loop's own time while the probe waited: its wall time, or the main thread's CPU time when the
 * machine is busy with other processes (the team's 2 shared cores often run 10 things; the OS not scheduling this
 * process is not the import blocking it). On an idle machine the wall time itself must stay under the budget.
 */
async function measured(app: TestApp, run: () => ReturnType<typeof importUsers>) {
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  let running = true;
  const probes: { wall: number; cpu: number }[] = [];
  const prober = (async () => {
    while (running) {
      const started = performance.now();
      const cpuBefore = mainThreadCpuMs();
      await app.anon.get('/health');
      const wall = performance.now() - started;
      const cpuAfter = mainThreadCpuMs();
      probes.push({ wall, cpu: cpuBefore === undefined || cpuAfter === undefined ? wall : cpuAfter - cpuBefore });
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const res = await run();
  const ms = performance.now() - started;
  running = false;
  await prober;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    res,
    ms,
    rssMb: (peak - base) / 2 ** 20,
    probes: probes.length,
    slowestWallMs: Math.max(0, ...probes.map((p) => p.wall)),
    slowestProbeMs: Math.max(0, ...probes.map((p) => Math.min(p.wall, p.cpu))),
  };
}

/** The machine is idle enough for wall-clock budgets. */
const idleMachine = () => loadavg()[0]! < cpus().length * 0.75;

/**
 * A wall-clock budget, stretched by how overloaded the machine is: the refusal is quick when the process gets the CPU,
 * and on the shared 2-core machines (CI runs the test files in parallel beside other work) a load average of 8 means
 * a runnable process gets about a quarter of a core. The memory checks are not stretched.
 */
const wallBudget = (ms: number) => ms * Math.max(1, loadavg()[0]! / cpus().length);

/** A refusal: the expected answer, short (no echoed cell), quick, and the server's memory flat. */
function expectRefused(m: Awaited<ReturnType<typeof measured>>, answer: Record<string, unknown>, withinMs: number) {
  expect(errorOf(m.res)).toMatchObject(answer);
  expect(m.res.body.length).toBeLessThan(2048);
  expect(m.ms).toBeLessThan(wallBudget(withinMs));
  expect(m.rssMb).toBeLessThan(200);
}

describe('[IMPORT] hostile files', () => {
  it('refuses a 400 MB cell in a small file from the zip directory, in milliseconds, with a short answer', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const m = await measured(t, () => importUsers(admin, bomb));
    const answer = {
      status: 413,
      code: 500,
      errorCode: 'PAYLOAD_TOO_LARGE',
      msg: 'The file is too large: at most 50 MB once unpacked',
    };
    expectRefused(m, answer, 1000);
  });

  it('stops the same cell while streaming when the directory limits are lifted: memory stays flat', async () => {
    const m = await measured(loose, () => importUsers(looseAdmin, bomb, 'zh-cn'));
    expectRefused(m, { status: 400, errorCode: 'VALIDATION', msg: '第 2 行 A 列：单元格最多 32767 个字符' }, 2000);
  });

  it('refuses 2 million rows: too large by default, stopped at the row limit while streaming', async () => {
    const rows = function* () {
      yield textRow(1, USER_HEADER);
      for (let r = 2; r <= 2_000_001; r++)
        yield `<row r="${r}">${textCell(`A${r}`, `u${r}`)}${textCell(`B${r}`, 'n')}</row>`;
    };
    const file = await buildXlsx({ rows: rows() });
    expect(file.length).toBeLessThan(20 * 1024 * 1024);
    const strict = await measured(t, () => importUsers(admin, file));
    expectRefused(strict, { status: 413, errorCode: 'PAYLOAD_TOO_LARGE' }, 1000);
    const streamed = await measured(loose, () => importUsers(looseAdmin, file));
    expectRefused(streamed, { status: 400, msg: 'At most 10000 rows per import' }, 3000);
  }, 120_000);

  it('refuses a value in column 20,000, and a 100,000-character cell, naming row and column', async () => {
    const wide = await buildXlsx({
      rows: [textRow(1, USER_HEADER), `<row r="2">${textCell(`${letters(20_000)}2`, 'far')}</row>`],
    });
    expect(errorOf(await importUsers(admin, wide))).toMatchObject({
      status: 400,
      msg: 'Row 2, column ACOF: data may use at most 200 columns',
    });
    const headerWide = await buildXlsx({
      rows: [
        `<row r="1">${Array.from({ length: 20_000 }, (_, i) => textCell(`${letters(i + 1)}1`, `h${i}`)).join('')}</row>`,
      ],
    });
    expect(errorOf(await importUsers(admin, headerWide, 'th'))).toMatchObject({
      status: 400,
      msg: 'แถวที่ 1 คอลัมน์ GS: ข้อมูลมีได้ไม่เกิน 200 คอลัมน์',
    });
    const long = await buildXlsx({
      rows: [textRow(1, USER_HEADER), textRow(2, ['longcell', 'Long', '', '', '', '', '', 'x'.repeat(100_000)])],
    });
    const r = await importUsers(admin, long);
    expect(errorOf(r)).toMatchObject({ status: 400, msg: 'Row 2, column H: a cell holds at most 32767 characters' });
    expect(r.body.length).toBeLessThan(2048);
  });

  it('refuses a zip that declares a huge size, and a text file renamed .xlsx', async () => {
    const huge = await buildXlsx({ rows: [textRow(1, USER_HEADER)], sheetDeclaredSize: 0xfffffff0 });
    const started = performance.now();
    expect(errorOf(await importUsers(admin, huge))).toMatchObject({ status: 413, errorCode: 'PAYLOAD_TOO_LARGE' });
    expect(performance.now() - started).toBeLessThan(wallBudget(500));
    const renamed = await importUsers(admin, Buffer.from('User name,Nickname\nu1,n1\n'));
    expect(errorOf(renamed)).toMatchObject({
      status: 415,
      errorCode: 'UNSUPPORTED_FILE',
      msg: 'The file is not a valid Excel (.xlsx) file',
    });
  });

  it('quotes at most 50 characters of a cell in every per-row error', async () => {
    const dept = '部'.repeat(30_000);
    const file = await buildXlsx({
      sharedStrings: [si(dept)],
      rows: [
        textRow(1, USER_HEADER),
        ...[2, 3, 4].map(
          (r) =>
            `<row r="${r}">${textCell(`A${r}`, `quote${r}`)}${textCell(`B${r}`, 'Q')}<c r="C${r}" t="s"><v>0</v></c></row>`,
        ),
      ],
    });
    const r = await importUsers(admin, file);
    expect(errorOf(r)).toMatchObject({ status: 400, msg: 'Import failed: 3 errors; nothing was saved' });
    const errors = r.json().data.errors as { row: number; column: string; message: string }[];
    expect(errors).toHaveLength(3);
    for (const e of errors) {
      expect(e.message).toBe(`Department ${'部'.repeat(50)}… does not exist or is outside your data scope`);
    }
    expect(r.body.length).toBeLessThan(2048);

    const orders = await buildXlsx({
      rows: [
        textRow(1, ['Mark', 'Transport mode', 'Origin', 'Destination']),
        textRow(2, ['M'.repeat(20_000), 'EK', 'GZ', 'BKK']),
      ],
    });
    const m = multipart('file', 'orders.xlsx', orders);
    const o = await admin.request({
      method: 'POST',
      url: '/bus/inware/import',
      payload: m.payload,
      headers: { ...m.headers, 'accept-language': 'en' },
    });
    expect(o.statusCode).toBe(400);
    expect(o.json().data.errors[0].message).toBe(`Mark ${'M'.repeat(50)}… does not exist, is disabled or is not yours`);
    expect(o.body.length).toBeLessThan(2048);
  });
});

describe('[IMPORT] a large legal file', () => {
  it('imports 10,000 users while other requests are answered within 200 ms and memory grows under 200 MB', async () => {
    const rows = function* () {
      yield textRow(1, USER_HEADER);
      for (let i = 1; i <= 10_000; i++)
        yield textRow(i + 1, [`bulk${i}`, `Bulk user ${i}`, '', '', '', '0', '0', `remark ${i} ${'r'.repeat(400)}`]);
    };
    const file = await buildXlsx({ rows: rows() });
    const m = await measured(t, () => importUsers(admin, file));
    expect(m.res.statusCode, m.res.body.slice(0, 300)).toBe(200);
    expect(m.res.json().data).toEqual({ created: 10_000, updated: 0 });
    expect(m.probes).toBeGreaterThan(5);
    expect(m.slowestProbeMs).toBeLessThan(200);
    if (idleMachine()) expect(m.slowestWallMs).toBeLessThan(200);
    expect(m.rssMb).toBeLessThan(200);
    console.info(
      `10,000-user import: ${Math.round(m.ms)} ms, RSS +${m.rssMb.toFixed(0)} MB, ${m.probes} health probes, ` +
        `slowest ${m.slowestProbeMs.toFixed(0)} ms of event-loop time (${m.slowestWallMs.toFixed(0)} ms wall, load ${loadavg()[0]!.toFixed(1)})`,
    );
  }, 120_000);
});
