import { readdirSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD } from '../modules/system/seed/seed';
import type { BenchContext, BenchGroup, BenchResult } from './bench';
import { rssMb } from './bench';
import { secondsResult } from './bench-result';
import { benchExpressNo, benchMark, LARGE_SEED_DEFAULTS, seedLargeOrders } from './seed-large';

/**
 * Order budgets (issue 6) on `seedLargeOrders` data (200,000 orders, 2,000 marks, 365 days):
 * - orderList with a mark filter and with an express-number search: p95 < 50 ms at 50 connections;
 * - export of 100,000 rows (`busType=SEA` is exactly half of the bench orders): < 15 s, server RSS growth < 150 MB;
 * - import of a 5,000-row file: < 10 s.
 */

/** The server started by the bench: this process's child running dist/main.js. */
function serverPid(): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('dist/main.js')) return Number(entry);
    } catch {
      /* gone */
    }
  }
  return null;
}

async function measureExport(ctx: BenchContext, token: string, log: (l: string) => void): Promise<BenchResult[]> {
  const pid = serverPid();
  const before = pid ? rssMb(pid) : 0;
  let peak = before;
  const sampler = setInterval(() => {
    if (pid) peak = Math.max(peak, rssMb(pid));
  }, 100);
  const started = Date.now();
  const res = await fetch(`${ctx.base}/prod-api/bus/inware/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ view: 'orderList', busType: 'SEA' }),
  });
  let bytes = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const ok = res.status === 200 && (res.headers.get('content-type') ?? '').includes('spreadsheetml');
  log(
    `export: HTTP ${res.status}, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s, RSS ${before} -> ${peak} MB`,
  );
  return [
    secondsResult('orders', 'export 100,000 orders (xlsx, streamed)', seconds, 15, ok),
    {
      group: 'orders',
      name: 'export 100,000 orders: server RSS growth',
      value: peak - before,
      unit: 'MB',
      budget: '< 150 MB',
      pass: ok && pid !== null && peak - before < 150,
    },
  ];
}

async function importFile(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('orders');
  ws.addRow([
    '唛头',
    '运输方式',
    '起运地',
    '目的地',
    '收货人',
    '收货人电话',
    '收货地址',
    '快递单号',
    '品名',
    '货物类型',
    '件数',
    '重量(kg)',
    '体积(m³)',
  ]);
  for (let i = 1; i <= rows; i++) {
    ws.addRow([
      benchMark(1 + (i % 2000)),
      'EK',
      'GZ',
      'BKK',
      `Khun ${i}`,
      '0812345678',
      `${i} Rama 9 Rd, Bangkok`,
      `JD${8_000_000_000 + i}`,
      '日用品',
      '普货',
      1 + (i % 9),
      10 + (i % 300),
      0.1 + (i % 50) / 100,
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function measureImport(ctx: BenchContext, token: string, log: (l: string) => void): Promise<BenchResult[]> {
  const file = await importFile(5_000);
  const form = new FormData();
  form.append(
    'file',
    new Blob([file], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    'orders.xlsx',
  );
  const started = Date.now();
  const res = await fetch(`${ctx.base}/prod-api/bus/inware/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { code: number; msg: string; data?: { created: number } };
  const seconds = (Date.now() - started) / 1000;
  log(`import: HTTP ${res.status} ${body.msg} in ${seconds.toFixed(1)} s`);
  const ok = res.status === 200 && body.data?.created === 5_000;
  return [secondsResult('orders', 'import 5,000 orders (xlsx)', seconds, 10, ok)];
}

export const ordersBench: BenchGroup = {
  name: 'orders',
  async seed(db, log) {
    await seedLargeOrders(db, LARGE_SEED_DEFAULTS, log);
  },
  async scenarios(ctx) {
    const admin = await ctx.login('admin', 'admin123');
    const sales = await ctx.login('sales', DEMO_PASSWORD);
    const list = '/prod-api/bus/inware/list?view=orderList';
    return [
      { name: 'orderList mark filter (admin)', path: `${list}&mark=${benchMark(42)}`, token: admin, p95Budget: 50 },
      {
        name: 'orderList express number (admin)',
        path: `${list}&expressNo=${benchExpressNo(123_459)}`,
        token: admin,
        p95Budget: 50,
      },
      {
        name: 'orderList mark filter (sales, self scope)',
        path: `${list}&mark=${benchMark(42)}`,
        token: sales,
        p95Budget: 50,
      },
      {
        name: 'orderList express number (sales, self scope)',
        path: `${list}&expressNo=${benchExpressNo(123_457)}`,
        token: sales,
        p95Budget: 50,
      },
      {
        name: 'orderList last 30 days (admin, no budget)',
        path: `${list}&params[beginTime]=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`,
        token: admin,
      },
    ];
  },
  async measure(ctx, log) {
    const admin = await ctx.login('admin', 'admin123');
    return [...(await measureExport(ctx, admin, log)), ...(await measureImport(ctx, admin, log))];
  },
};
