import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { ServerProcess } from '../server-process';

/** Order writes for the reliability tests: a staged order with two declared cargo lines, tagged by clientNo. */
export interface OrderRefs {
  markId: number;
  gz: number;
  bkk: number;
}

export async function orderRefs(db: pg.Client): Promise<OrderRefs> {
  const one = async (text: string, values: unknown[]) => {
    const { rows } = await db.query<{ id: string }>(text, values);
    if (!rows[0]) throw new Error(`not seeded: ${text} ${JSON.stringify(values)}`);
    return Number(rows[0].id);
  };
  return {
    markId: await one('SELECT id FROM bas_mark WHERE mark = $1', ['TH001']),
    gz: await one('SELECT id FROM bas_geog WHERE org_id = 1 AND code = $1', ['GZ']),
    bkk: await one('SELECT id FROM bas_geog WHERE org_id = 2 AND code = $1', ['BKK']),
  };
}

export function orderBody(refs: OrderRefs, tag: string) {
  return {
    status: 0,
    markId: refs.markId,
    busType: 'EK',
    leftAddrId: refs.gz,
    destAddrId: refs.bkk,
    consignee: 'Khun Prasert',
    consigneeTel: '0823456789',
    consigneeAddr: '12/3 Ratchada Rd, Bangkok',
    cargoName: '家具',
    clientNo: tag,
    cargoLines: [
      { piece: 2, cargoLength: '50', cargoWidth: '40', cargoHight: '30', weight: '24.5' },
      { piece: 1, volume: '0.05', weight: '15.5' },
    ],
  };
}

export const LINES_PER_ORDER = 2;

export interface Acked {
  tag: string;
  id: number;
  transportId: string;
}

/** Adds one order; the answer when the server acknowledged it (HTTP 200, code 200), else the refusal. */
export async function addOrder(server: ServerProcess, token: string, refs: OrderRefs, tag: string) {
  const res = await server.request('POST', '/bus/inware/add', { token, body: orderBody(refs, tag) });
  if (res.status === 200 && res.body.code === 200) {
    const data = res.body.data as { id: number; transportId: string };
    return { acked: { tag, id: data.id, transportId: data.transportId } satisfies Acked };
  }
  return { refused: `${res.status} ${JSON.stringify(res.body).slice(0, 300)}` };
}

/** The 5-digit daily sequence at the end of a waybill number ({country}{yyMMdd}{NNNNN}). */
export const sequenceOf = (transportId: string) => Number(transportId.slice(-5));
export const periodOfNumber = (transportId: string) => transportId.slice(-11, -5);

/** Rows of the tagged orders with their cargo line and log row counts. */
export async function taggedOrders(db: pg.Client, prefix: string) {
  const { rows } = await db.query<{ id: string; transport_id: string; client_no: string; lines: number; logs: number }>(
    `SELECT o.id, o.transport_id, o.client_no,
       (SELECT count(*) FROM bus_cargo c WHERE c.order_id = o.id)::int AS lines,
       (SELECT count(*) FROM bus_order_log l WHERE l.order_id = o.id)::int AS logs
     FROM bus_order o WHERE o.client_no LIKE $1`,
    [`${prefix}%`],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The waybill sequence numbers of a day in use by orders, ascending, and the stored sequence value. */
export async function waybillNumbers(db: pg.Client, period: string) {
  const { rows } = await db.query<{ transport_id: string }>(
    `SELECT transport_id FROM bus_order WHERE substr(transport_id, length(transport_id) - 10, 6) = $1`,
    [period],
  );
  const seq = await db.query<{ value: string }>(
    `SELECT value FROM sys_sequence WHERE name = 'transportId' AND period = $1`,
    [period],
  );
  return {
    used: rows.map((r) => sequenceOf(r.transport_id)).sort((a, b) => a - b),
    stored: Number(seq.rows[0]?.value ?? 0),
  };
}

/** The embedded PostgreSQL of a server started without DATABASE_URL: its cluster from the start message. */
export function embeddedUrl(server: ServerProcess, port: number): { url: string; clusterDir: string } {
  const m = /Embedded PostgreSQL: data in (\S+?)(,|\s|$)/m.exec(server.output());
  if (!m) throw new Error(`no 'Embedded PostgreSQL: data in' line:\n${server.output()}`);
  const clusterDir = m[1]!;
  const password = readFileSync(`${clusterDir}.password`, 'utf8').trim();
  return { url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`, clusterDir };
}

export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
