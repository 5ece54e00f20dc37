import { lineSize, lineVolume, sumCargoLines, type TCargoLineBody, toWeightString } from '@theone/contracts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { badRequest } from '../../../platform/errors';
import { busCargo } from './cargo.table';

/**
 * Cargo lines (spec §3 'Cargo line'). Declared lines (receivingNo '') come from the order form; measured lines
 * are stored under the receipt number that measured them (`inware/arrived/update`).
 */
export type TCargoRow = typeof busCargo.$inferSelect;

export const cargoColumns = {
  id: busCargo.id,
  orderId: busCargo.orderId,
  lineNo: busCargo.lineNo,
  receivingNo: busCargo.receivingNo,
  totalCount: busCargo.totalCount,
  piece: busCargo.piece,
  cargoLength: busCargo.cargoLength,
  cargoWidth: busCargo.cargoWidth,
  cargoHight: busCargo.cargoHight,
  weight: busCargo.weight,
  volume: busCargo.volume,
  size: busCargo.size,
};

function lineValues(orderId: number, line: TCargoLineBody, lineNo: number, receivingNo: string, by: string) {
  return {
    orderId,
    lineNo,
    receivingNo,
    totalCount: line.totalCount ?? null,
    piece: line.piece,
    cargoLength: line.cargoLength ?? null,
    cargoWidth: line.cargoWidth ?? null,
    cargoHight: line.cargoHight ?? null,
    weight: toWeightString(line.weight ?? '0'),
    volume: lineVolume(line),
    size: lineSize(line),
    createBy: by,
  };
}

/** Lines of orders, grouped by order then receipt ('' first: the declaration), in entry order. */
export async function cargoOf(db: DbOrTx, orderIds: readonly number[]) {
  if (!orderIds.length) return [];
  return db
    .select(cargoColumns)
    .from(busCargo)
    .where(inArray(busCargo.orderId, [...orderIds]))
    .orderBy(asc(busCargo.orderId), asc(busCargo.receivingNo), asc(busCargo.lineNo), asc(busCargo.id));
}

export async function insertDeclaredLines(tx: DbOrTx, orderId: number, lines: readonly TCargoLineBody[], by: string) {
  if (!lines.length) return;
  await tx.insert(busCargo).values(lines.map((l, i) => lineValues(orderId, l, i + 1, '', by)));
}

/** A stored line and its new values hold the same cargo (its position aside). */
function lineSame(old: typeof busCargo.$inferSelect, values: ReturnType<typeof lineValues>): boolean {
  return (
    old.piece === values.piece &&
    (old.totalCount ?? null) === values.totalCount &&
    (old.cargoLength ?? null) === values.cargoLength &&
    (old.cargoWidth ?? null) === values.cargoWidth &&
    (old.cargoHight ?? null) === values.cargoHight &&
    old.weight === values.weight &&
    old.volume === values.volume
  );
}

/** What an edit did to the declared lines (the order log's 'cargoLines' change). */
export interface TLinesChange {
  before: number;
  after: number;
  added: number;
  removed: number;
  changed: number;
}

/**
 * Makes the order's declared lines equal to `lines`: lines with an id are updated (they must be this order's
 * declared lines), lines without one are added, declared lines left out are deleted. Answers the numbers of lines
 * before and after and how many were added, removed and changed; null when nothing changed.
 */
export async function syncDeclaredLines(
  tx: DbOrTx,
  orderId: number,
  lines: readonly TCargoLineBody[],
  by: string,
): Promise<TLinesChange | null> {
  const existing = await tx
    .select()
    .from(busCargo)
    .where(and(eq(busCargo.orderId, orderId), eq(busCargo.receivingNo, '')));
  const byId = new Map(existing.map((l) => [l.id, l]));
  const keep = lines.filter((l) => l.id).map((l) => l.id!);
  for (const id of keep)
    if (!byId.has(id)) throw badRequest('err_invalid_value', { field: 'cargoLines.id' }, 'cargoLines');
  const count = { added: 0, removed: 0, changed: 0 };
  const removed = existing.filter((l) => !keep.includes(l.id)).map((l) => l.id);
  if (removed.length) {
    await tx.delete(busCargo).where(inArray(busCargo.id, removed));
    count.removed = removed.length;
  }
  for (const [i, line] of lines.entries()) {
    const values = lineValues(orderId, line, i + 1, '', by);
    if (line.id) {
      const old = byId.get(line.id)!;
      if (old.lineNo === values.lineNo && lineSame(old, values)) continue;
      const { createBy: _c, ...update } = values;
      await tx.update(busCargo).set(update).where(eq(busCargo.id, line.id));
      // a line that only moved up after a removal is not a change of its own
      if (!lineSame(old, values)) count.changed++;
    } else {
      await tx.insert(busCargo).values(values);
      count.added++;
    }
  }
  if (!count.added && !count.removed && !count.changed) return null;
  return { before: existing.length, after: lines.length, ...count };
}

/** Replaces the lines of one receipt (a re-measure) and answers the totals of every measured line of the order. */
export async function replaceReceiptLines(
  tx: DbOrTx,
  orderId: number,
  receivingNo: string,
  lines: readonly TCargoLineBody[],
  by: string,
) {
  await tx.delete(busCargo).where(and(eq(busCargo.orderId, orderId), eq(busCargo.receivingNo, receivingNo)));
  if (lines.length)
    await tx.insert(busCargo).values(lines.map((l, i) => lineValues(orderId, l, i + 1, receivingNo, by)));
  return measuredTotals(tx, orderId);
}

/** Pieces, weight and volume of the order's measured lines (every receipt). */
export async function measuredTotals(tx: DbOrTx, orderId: number) {
  const measured = await tx
    .select({ piece: busCargo.piece, weight: busCargo.weight, volume: busCargo.volume })
    .from(busCargo)
    .where(and(eq(busCargo.orderId, orderId), ne(busCargo.receivingNo, '')));
  return { ...sumCargoLines(measured), lines: measured.length };
}

/** Drops the measured lines (cancel receipt). */
export async function deleteMeasuredLines(tx: DbOrTx, orderIds: readonly number[]) {
  if (!orderIds.length) return;
  await tx.delete(busCargo).where(and(inArray(busCargo.orderId, [...orderIds]), ne(busCargo.receivingNo, '')));
}

/** One cargo line by id (null when none). */
export async function cargoLine(db: DbOrTx, id: number): Promise<TCargoRow | null> {
  const [line] = await db.select().from(busCargo).where(eq(busCargo.id, id));
  return line ?? null;
}

/** Deletes a declared line; answers the order's remaining declared lines in line order. */
export async function deleteDeclaredLine(tx: DbOrTx, line: TCargoRow): Promise<TCargoRow[]> {
  await tx.delete(busCargo).where(eq(busCargo.id, line.id));
  return tx
    .select()
    .from(busCargo)
    .where(and(eq(busCargo.orderId, line.orderId), eq(busCargo.receivingNo, '')))
    .orderBy(asc(busCargo.lineNo));
}
