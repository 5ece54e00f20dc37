import {
  type AnyPgColumn,
  type ExtraConfigColumn,
  index,
  type PgColumnBuilderBase,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn, linkId } from '../../platform/db/columns';

/** Column builders the bus tables share (fresh builders on every call). */

/** A moment: timestamp with time zone. */
export const ts = () => timestamp({ withTimezone: true });

/** Who added the row and when (rows that are never edited: photos, files, log entries, messages). */
export const createdColumns = () => ({
  createBy: varchar({ length: 64 }).notNull().default(''),
  createTime: ts().notNull().defaultNow(),
});

/**
 * A record-log row after its record's id column (load log, run log): the action, status from -> to, the orders it
 * moved, a remark, who and when. Written from a TRecordLogEntry by `recordLogValues` (platform/db/columns).
 */
export const recordLogColumns = () => ({
  action: varchar({ length: 30 }).notNull(),
  fromStatus: smallint(),
  toStatus: smallint(),
  orderCount: smallint().notNull().default(0),
  remark: varchar({ length: 500 }).notNull().default(''),
  ...createdColumns(),
});

/** The record-log columns a log is answered with (all but the ids), for a select. */
export const recordLogFields = <T extends Record<TRecordLogField, AnyPgColumn>>(log: T) => ({
  action: log.action,
  fromStatus: log.fromStatus,
  toStatus: log.toStatus,
  orderCount: log.orderCount,
  remark: log.remark,
  createBy: log.createBy,
  createTime: log.createTime,
});
type TRecordLogField = 'action' | 'fromStatus' | 'toStatus' | 'orderCount' | 'remark' | 'createBy' | 'createTime';

/**
 * A record's log table (load log, run log): its own id, the record's id `recordId`, the record-log columns; read per
 * record in id order (index `indexName`).
 */
export function recordLogTable<N extends string, K extends string>(name: N, recordId: K, indexName: string) {
  const columns = {
    id: idColumn(),
    ...({ [recordId]: linkId() } as Record<K, ReturnType<typeof linkId>>),
    ...recordLogColumns(),
  };
  return pgTable(name, columns, (t) => [index(indexName).on(t[recordId], t.id)]);
}

/**
 * A record's photo table (pick-up photos, load photos, problem-item photos): its own id, the record's id `recordId`,
 * the `extra` columns (the photo's kind), the file id of the files module, who and when. Indexed by record,
 * `<name>_<record>_idx` (`inIdOrder`: then by id, the order the photos are listed in), and by file, `<name>_file_idx`
 * (the file module's owner lookups).
 */
export function recordPhotoTable<
  N extends string,
  K extends `${string}Id`,
  E extends Record<string, PgColumnBuilderBase>,
>(name: N, recordId: K, extra: E, options: { inIdOrder?: boolean } = {}) {
  const columns = {
    id: idColumn(),
    ...({ [recordId]: linkId() } as Record<K, ReturnType<typeof linkId>>),
    ...extra,
    fileId: uuid().notNull(),
    ...createdColumns(),
  };
  return pgTable(name, columns, (t) => [
    index(`${name}_${recordId.slice(0, -2)}_idx`).on(t[recordId], ...(options.inIdOrder ? [t.id] : [])),
    index(`${name}_file_idx`).on(t.fileId),
  ]);
}

/**
 * The indexes of a numbered record listed by status tab and by time, newest first (loads, delivery runs):
 * `<table>_no_uq` on its number, `<table>_status_time_idx` and `<table>_time_idx`.
 */
export const numberedListIndexes = (
  table: string,
  t: { id: ExtraConfigColumn; status: ExtraConfigColumn },
  no: ExtraConfigColumn,
  time: ExtraConfigColumn,
) => [
  uniqueIndex(`${table}_no_uq`).on(no),
  index(`${table}_status_time_idx`).on(t.status, time.desc(), t.id.desc()),
  index(`${table}_time_idx`).on(time.desc(), t.id.desc()),
];
