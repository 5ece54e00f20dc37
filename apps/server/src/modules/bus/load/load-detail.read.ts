import {
  sum,
  type TLoadDetail,
  type TLoadDetailQuery,
  type TLoadOrderRow,
  toMoneyString,
  toVolumeString,
  toWeightString,
} from '@theone/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { allOf } from '../../../platform/db/sql-helpers';
import { notFound } from '../../../platform/errors';
import { pageOf } from '../../../platform/http/paging';
import { ofMarksInScope } from '../../bas/api/order-lookups';
import { arrayParam, codeList, searchNumbers } from '../bus-list';
import type { TOrderCtx } from '../inware/inware.context';
import { busOrder } from '../inware/inware.table';
import { orderScope } from '../inware/order-common';
import { cachedMarks, markIdsByCode, pick, refNames } from '../inware/order-names';
import { loadRowsByIds, type TLoadListSums } from './load.read';
import { loadFiles } from './load-files';
import { findLoad, loadLogOf } from './load-record';

/**
 * A load's own page (`GET loadplan/{id}`, `GET load/{id}`, `load/detail/{id}`): its row, the caller's orders in it
 * as lines, the per-mark summary, its log and files. The lists of loads are load.read.ts.
 */

const o = alias(busOrder, 'o');

const orderLineColumns = {
  id: o.id,
  version: o.version,
  transportId: o.transportId,
  status: o.status,
  markId: o.markId,
  consignee: o.consignee,
  cargoName: o.cargoName,
  cargoType: o.cargoType,
  busType: o.busType,
  destAddrId: o.destAddrId,
  arrivedPiece: o.arrivedPiece,
  arrivedWeight: o.arrivedWeight,
  arrivedVolume: o.arrivedVolume,
  trayNo: o.trayNo,
  arrivedHouseId: o.arrivedHouseId,
  arrivedTime: o.arrivedTime,
  containerNo: o.containerNo,
  signPiece: o.signPiece,
  auditStatus: o.auditStatus,
  ifException: o.ifException,
  feeArAmount: o.feeArAmount,
};

/** The caller's orders of a load as lines, sorted by mark code then waybill number. */
async function orderLines(ctx: TOrderCtx, loadId: number, filters: SQL[] = []): Promise<TLoadOrderRow[]> {
  const rows = await ctx.db
    .select(orderLineColumns)
    .from(o)
    .where(allOf([sql`${o.loadId} = ${loadId}`, orderScope(ctx.auth, o as unknown as typeof busOrder), ...filters]));
  const marks = await cachedMarks(
    ctx.db,
    rows.map((r) => r.markId).filter((x): x is number => x !== null),
  );
  const refs = await refNames(ctx.db);
  const lines = rows.map(({ destAddrId, arrivedHouseId, ...r }) => ({
    ...r,
    mark: r.markId !== null ? (marks.get(r.markId)?.mark ?? '') : '',
    arrivedPiece: r.arrivedPiece ?? 0,
    destAddrName: destAddrId !== null ? pick(ctx.lang, refs.geog.get(destAddrId)) : '',
    arrivedHouseName: arrivedHouseId !== null ? pick(ctx.lang, refs.house.get(arrivedHouseId)) : '',
  }));
  return lines.sort((a, b) => {
    // orders without a mark last
    if (a.mark !== b.mark) return a.mark === '' ? 1 : b.mark === '' ? -1 : a.mark < b.mark ? -1 : 1;
    return a.transportId < b.transportId ? -1 : a.transportId > b.transportId ? 1 : 0;
  });
}

/** Per mark: orders, pieces, weight, volume (exact sums), in mark order. */
export function markSummary(lines: readonly TLoadOrderRow[]): TLoadDetail['marks'] {
  const groups = new Map<string, TLoadOrderRow[]>();
  for (const l of lines) groups.set(l.mark, [...(groups.get(l.mark) ?? []), l]);
  return [...groups].map(([mark, list]) => ({
    mark,
    orders: list.length,
    pieces: list.reduce((n, l) => n + l.arrivedPiece, 0),
    weight: toWeightString(sum(list.map((l) => l.arrivedWeight ?? '0'))),
    volume: toVolumeString(sum(list.map((l) => l.arrivedVolume ?? '0'))),
  }));
}

/** `GET loadplan/{id}`, `GET load/{id}`: the row, the caller's orders, per-mark summary, log newest first. */
export async function loadDetail(ctx: TOrderCtx, id: number): Promise<TLoadDetail> {
  await findLoad(ctx.db, ctx.auth, id);
  const [[load], orders, log, files] = await Promise.all([
    loadRowsByIds(ctx, [id]),
    orderLines(ctx, id),
    loadLogOf(ctx.db, id, 1000),
    loadFiles(ctx.db, id),
  ]);
  if (!load) throw notFound();
  return { load, orders, marks: markSummary(orders), log, files };
}

/** load/detail/{id}: the caller's orders of the load, filtered and paged, with the sums of the filtered set. */
export async function loadOrdersPage(
  ctx: TOrderCtx,
  id: number,
  q: TLoadDetailQuery,
): Promise<{ rows: TLoadOrderRow[]; total: number; sums: TLoadListSums }> {
  const load = await findLoad(ctx.db, ctx.auth, id);
  const filters: SQL[] = [];
  const transportIds = searchNumbers(q.transportId, 'transportId');
  if (transportIds) filters.push(sql`${o.transportId} = ANY(${arrayParam(transportIds, 'text[]')})`);
  const marks = searchNumbers(q.mark, 'mark');
  if (marks) filters.push(ofMarksInScope(ctx.auth, o.markId, await markIdsByCode(ctx.db, marks)));
  const statuses = codeList(q.status);
  if (statuses) filters.push(sql`${o.status} = ANY(${arrayParam(statuses, 'smallint[]')})`);
  const lines = await orderLines(ctx, id, filters);
  const { limit, offset } = pageOf(q);
  return {
    rows: lines.slice(offset, offset + limit),
    total: lines.length,
    sums: {
      orders: lines.length,
      pieces: lines.reduce((n, l) => n + l.arrivedPiece, 0),
      weight: toWeightString(sum(lines.map((l) => l.arrivedWeight ?? '0'))),
      volume: toVolumeString(sum(lines.map((l) => l.arrivedVolume ?? '0'))),
      containerFee: toMoneyString(load.containerFee ?? '0'),
      orderArAmount: toMoneyString(sum(lines.map((l) => l.feeArAmount ?? '0'))),
    },
  };
}
