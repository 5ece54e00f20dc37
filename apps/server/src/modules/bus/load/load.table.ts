import { sql } from 'drizzle-orm';
import { bigint, char, index, integer, numeric, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import {
  auditColumns,
  idColumn,
  linkId,
  money,
  optionalText,
  remarkColumn,
  versionColumn,
} from '../../../platform/db/columns';
import { createdColumns, numberedListIndexes, recordLogTable, recordPhotoTable, ts } from '../bus.columns';

/**
 * The load record (screens bus-container.md §0, Q3): one row per container or truck, shown as the load plan, the
 * load and the container's journey. `status` is L0..L5 (contracts LOAD_STATUS), recomputed from its orders by the
 * load service after every plan or load action. Orders point at it with `bus_order.load_id`; the container number,
 * seal and plate are copied onto each loaded order (spec: orders carry containerNo, sealNo, truckNo).
 * The container money of the later issue (payables, receivables, profit) adds its columns here.
 */
export const busLoad = pgTable(
  'bus_load',
  {
    id: idColumn(),
    /** LD{yyMMdd}{NNNN} */
    loadNo: varchar({ length: 20 }).notNull(),
    status: smallint().notNull().default(0),
    busType: varchar({ length: 10 }).notNull(),
    leftAddrId: linkId(),
    destAddrId: linkId(),
    /** dictionary container_type (capacity in contracts CONTAINER_CAPACITY) */
    containerType: varchar({ length: 20 }).notNull(),
    /** the loading warehouse */
    loadHouseId: linkId(),
    /** planned loading time; the Load dialog writes the actual one */
    loadTime: ts(),
    loadPerson: optionalText(64),
    clsDate: ts(),
    etdDate: ts(),
    etaDate: ts(),
    /** departure (A15) */
    leftTime: ts(),
    loadPort: optionalText(100),
    unloadPort: optionalText(100),
    customsCorp: optionalText(100),
    exportAgent: optionalText(100),
    vesselOwner: optionalText(100),
    vesselName: optionalText(100),
    voyageNo: optionalText(50),
    containerNo: optionalText(20),
    sealNo: optionalText(30),
    truckNo: optionalText(40),
    /** the container's cost (default from the container price table) [fee] */
    containerFee: money(),
    currency: varchar({ length: 3 }).notNull().default('RMB'),
    /**
     * Totals of all its orders, kept by `refreshLoadTotals` in the transaction of every order change (the order core
     * and settleLoadStatus), so a list's sums over thousands of loads add up these instead of their orders.
     */
    totalOrders: integer().notNull().default(0),
    totalPieces: integer().notNull().default(0),
    totalWeight: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
    totalVolume: numeric({ precision: 16, scale: 3 }).notNull().default('0'),
    /** Σ the orders' feeArAmount [fee: answered as orderArAmount] */
    totalAr: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
    /** orders planned (S3), loaded or later (S4+), arrived overseas or later (S6+), signed (S8); loaded pieces */
    totalPlanned: integer().notNull().default(0),
    totalLoaded: integer().notNull().default(0),
    totalArrived: integer().notNull().default(0),
    totalSigned: integer().notNull().default(0),
    loadedPieces: integer().notNull().default(0),
    /** the marks of its orders, sorted (GIN-indexed): a scoped user's loads are found through their marks */
    markIds: bigint({ mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    /**
     * The parties of its orders' marks (the user and department ids of its bus_load_party rows, sorted), kept with
     * them by rebuildParties: a scoped list walks the loads in its order and tests each in the row itself (0.2 ms
     * for a page of customer service on the large seed, against 1.9 ms probing the party rows). Internal: never
     * answered.
     */
    partyUsers: bigint({ mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    partyDepts: bigint({ mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    ...versionColumn,
    ...auditColumns,
    ...remarkColumn,
  },
  (t) => [
    ...numberedListIndexes('bus_load', t, t.loadNo, t.loadTime),
    index('bus_load_container_no_idx').on(t.containerNo),
    index('bus_load_left_time_idx').on(t.leftTime.desc()),
    // the container lists (L1-L5) walk the loads by time without the plans, whose planned days sort first (a scoped
    // user's first page read 205 loads to keep 20, 39 with it)
    index('bus_load_loaded_time_idx').on(t.loadTime.desc(), t.id.desc()).where(sql`${t.status} >= 1`),
    // track-list's tabs of one status ('in transit', 'waiting') walk their loads in the list's order and stop at the page
    index('bus_load_status_left_time_idx').on(t.status, t.leftTime.desc(), t.loadTime.desc(), t.id.desc()),
    index('bus_load_eta_idx').on(t.etaDate),
    index('bus_load_mark_ids_gin').using('gin', t.markIds).with({ fastupdate: false }),
    index('bus_load_create_by_idx').on(t.createBy),
    // the list sums of users who see every load, read from the index alone
    index('bus_load_status_sums_idx').on(
      t.status,
      t.containerFee,
      t.totalOrders,
      t.totalPieces,
      t.totalWeight,
      t.totalVolume,
      t.totalAr,
    ),
  ],
);

/** The load log: one row per action on a load record (who, when, action, status from -> to, orders, remark). */
export const busLoadLog = recordLogTable('bus_load_log', 'loadId', 'bus_load_log_load_idx');

/**
 * Milestones of a load's journey (DOMAIN §3): manual ones from the track_status dictionary (10-21) and automatic
 * ones written by the life-cycle actions (auto '1': loaded 4, departed 5, later arrived 6, delivered 7, signed 8).
 */
export const busTrack = pgTable(
  'bus_track',
  {
    id: idColumn(),
    loadId: linkId(),
    trackStatus: varchar({ length: 10 }).notNull(),
    trackTime: ts().notNull(),
    trackRemark: optionalText(500),
    auto: char({ length: 1 }).notNull().default('0'),
    ...versionColumn,
    ...auditColumns,
  },
  (t) => [
    index('bus_track_load_time_idx').on(t.loadId, t.trackTime.desc(), t.id.desc()),
    index('bus_track_status_idx').on(t.trackStatus),
  ],
);

/** Messages on a milestone (visible to customers or internal). */
export const busTrackMessage = pgTable(
  'bus_track_message',
  {
    id: idColumn(),
    trackId: linkId(),
    content: varchar({ length: 1000 }).notNull(),
    visibleToCustomer: char({ length: 1 }).notNull().default('0'),
    ...createdColumns(),
  },
  (t) => [index('bus_track_message_track_idx').on(t.trackId, t.id)],
);

/**
 * Per load and per party (bas `markPartiesSql`: a sales or customer-service person 'u', a department 'd'): the count
 * and sums of the load's orders whose mark has that party. Kept with the stored totals by refreshLoadTotals (and
 * when a mark's parties change, through bas `onMarkPartiesChanged`), so a scoped user's loads and their sums are
 * found through a few hundred rows of their own instead of their customers' orders (ADR 0014).
 */
export const busLoadParty = pgTable(
  'bus_load_party',
  {
    loadId: linkId(),
    kind: char({ length: 1 }).notNull(),
    refId: linkId(),
    orders: integer().notNull(),
    loaded: integer().notNull(),
    marks: integer().notNull(),
    pieces: integer().notNull(),
    weight: numeric({ precision: 16, scale: 2 }).notNull(),
    volume: numeric({ precision: 16, scale: 3 }).notNull(),
    ar: numeric({ precision: 16, scale: 2 }).notNull(),
  },
  (t) => [index('bus_load_party_ref_idx').on(t.kind, t.refId, t.loadId), index('bus_load_party_load_idx').on(t.loadId)],
);

/**
 * Photos of a load (screens loadplanDetails/loadDetails 'Files': the container, its seal, the loading), each an
 * image uploaded through the files module; readable by whoever may read the load (loadFileOwner).
 */
export const busLoadFile = recordPhotoTable(
  'bus_load_file',
  'loadId',
  {
    /** contracts LOAD_FILE_KINDS: 1 container, 2 seal, 3 loading, 9 other */
    kind: char({ length: 1 }).notNull(),
  },
  { inIdOrder: true },
);
