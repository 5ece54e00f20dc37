import {
  bigint,
  char,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** Who and when, on every business table (RuoYi's BaseEntity). */
export const auditColumns = {
  createBy: varchar({ length: 64 }).notNull().default(''),
  createTime: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updateBy: varchar({ length: 64 }).notNull().default(''),
  updateTime: timestamp({ withTimezone: true }),
};

/** Optimistic locking for records edited by several people. */
export const versionColumn = { version: integer().notNull().default(0) };

export const statusColumn = { status: char({ length: 1 }).notNull().default('0') };

/** '0' present, '2' deleted (RuoYi). */
export const delFlagColumn = { delFlag: char({ length: 1 }).notNull().default('0') };

export const idColumn = (name?: string) =>
  name
    ? bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity()
    : bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();

export const remarkColumn = { remark: varchar({ length: 500 }).notNull().default('') };

/**
 * The tail of a record people maintain: status, optimistic-lock version, who and when, remark (in that column order).
 */
export const recordColumns = { ...statusColumn, ...versionColumn, ...auditColumns, ...remarkColumn };

/** recordColumns of a record deleted by flag (RuoYi's users and roles): the del flag after the status. */
export const flaggedRecordColumns = {
  ...statusColumn,
  ...delFlagColumn,
  ...versionColumn,
  ...auditColumns,
  ...remarkColumn,
};

/** Money: numeric(14,2), a string in TypeScript (a fresh builder on every call). */
export const money = () => numeric({ precision: 14, scale: 2 });

/** A rate (exchange rate, price ratio, insurance percentage): numeric(12,6), a string in TypeScript. */
export const rate = () => numeric({ precision: 12, scale: 6 });

/** A calendar day without time, as 'YYYY-MM-DD' text. */
export const day = () => date({ mode: 'string' });

const requiredText = (length: number) => varchar({ length }).notNull();
/** Text that may be left empty: '' when there is none, never null. */
export const optionalText = (length: number) => varchar({ length }).notNull().default('');

/** The English and Thai translations of the text column `key`: `keyEn` and `keyTh`, '' when there is none (ADR 0007). */
export function translationColumns<K extends string>(key: K, length: number) {
  return { [`${key}En`]: optionalText(length), [`${key}Th`]: optionalText(length) } as Record<
    `${K}En` | `${K}Th`,
    ReturnType<typeof optionalText>
  >;
}

/**
 * A record's name in three languages (ADR 0007): `key`, the name as typed (required), then its translations
 * `keyEn` and `keyTh` (translationColumns), which may be longer than the name itself.
 */
export function localizedNameColumns<K extends string>(key: K, length: number, translatedLength = length) {
  return {
    ...({ [key]: requiredText(length) } as Record<K, ReturnType<typeof requiredText>>),
    ...translationColumns(key, translatedLength),
  };
}

/** The id of another row this one belongs to or points at (required). */
export const linkId = () => bigint({ mode: 'number' }).notNull();

/**
 * A many-to-many link table: the ids `left` and `right`, the pair its primary key; `rightIndex` names an index on
 * `right` for look-ups from that side.
 */
export function linkTable<L extends string, R extends string>(name: string, left: L, right: R, rightIndex?: string) {
  const columns = { [left]: linkId(), [right]: linkId() } as Record<L | R, ReturnType<typeof linkId>>;
  return pgTable(name, columns, (t) => [
    primaryKey({ columns: [t[left], t[right]] }),
    ...(rightIndex ? [index(rightIndex).on(t[right])] : []),
  ]);
}

/** A record-log entry (load log, run log): the action, status from -> to, orders it moved, a remark. */
export interface TRecordLogEntry {
  action: string;
  fromStatus: number | null;
  toStatus: number | null;
  orderCount?: number;
  remark?: string;
}

/** The columns of a record-log row from an entry: the order count kept to a smallint, the remark to 500. */
export function recordLogValues(e: TRecordLogEntry, by: string) {
  return {
    action: e.action,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    orderCount: Math.min(e.orderCount ?? 0, 32_767),
    remark: (e.remark ?? '').slice(0, 500),
    createBy: by,
  };
}
