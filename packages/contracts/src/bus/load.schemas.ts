import { z } from 'zod';
import { editKey, zFlagFilter, zIdFilter, zText } from '../bas/common.schemas';
import { CURRENCIES, TRANSPORT_MODES } from '../bas/constants';
import { zMoney } from '../common/money';
import { emptyToUndefined, zDateRanges, zId, zPageFields, zPageQuery, zTextFilter } from '../common/page';
import { okEnvelope, tableEnvelope, zCode, zDecimal, zRef, zTime, zTimestamp } from '../common/responses';
import { isContainerNo, isPlate, VALIDATOR_MESSAGE_KEYS } from '../common/validators';
import { zOptionalDateTime } from './inware.schemas';
import { CONTAINER_CAPACITY } from './load';
import { arrivedFigures, feeOptional, orderLineHead } from './order.responses';
import {
  cargoFigures,
  cargoSums,
  recordActionFields,
  tickedOrders,
  ZIdsDoneAnswer,
  ZRecordLogRowWithId,
  zDigitsFilter,
  zIdsText,
  zRecordIds,
  zRequiredDateTime,
} from './record.schemas';

/**
 * Requests and answers of the load record (load plan, load, track; screens bus-container.md §3 loadplanList ..
 * track-details, spec §7 'Load plan', 'Load', 'Track'). Bodies are strict; times are 'YYYY-MM-DD HH:mm:ss' in the
 * business time zone (or ISO 8601 with a zone); money, weights and volumes are decimal strings.
 */

// ---------------------------------------------------------------------------------------------------------
// Requests

const zContainerType = z.string().refine((v) => v in CONTAINER_CAPACITY, 'err_invalid_value');
/** Order ids of a plan or load call (a 40HQ holds a few hundred orders; a truck of parcels up to two thousand). */
export const MAX_LOAD_ORDERS = 2000;

/** The container's journey: closing, departure and arrival dates, ports, customs, vessel (plan header, load/edit). */
const voyageFields = {
  clsDate: zOptionalDateTime,
  etdDate: zOptionalDateTime,
  etaDate: zOptionalDateTime,
  loadPort: zText(100),
  unloadPort: zText(100),
  customsCorp: zText(100),
  exportAgent: zText(100),
  vesselOwner: zText(100),
  vesselName: zText(100),
  voyageNo: zText(50),
};

/** The plan's header (loadplanAdd), `containerFee` [fee]. */
export const loadHeaderFields = {
  busType: z.enum(TRANSPORT_MODES, { error: 'err_required' }),
  leftAddrId: zId,
  destAddrId: zId,
  containerType: zContainerType,
  /** the loading warehouse (bas warehouse id) */
  loadHouseId: zId,
  /** planned loading day and time; the Load dialog writes the actual one */
  loadTime: zRequiredDateTime,
  ...voyageFields,
  containerFee: z.preprocess(emptyToUndefined, zMoney.nullable().optional()),
  currency: z.preprocess(emptyToUndefined, z.enum(CURRENCIES).default('RMB')),
  loadPerson: zText(64),
  remark: zText(500),
};

export const ZLoadPlanAddBody = z
  .object({ ...loadHeaderFields, orderIds: z.array(zId).max(MAX_LOAD_ORDERS).default([]) })
  .strict();
export type TLoadPlanAddBody = z.infer<typeof ZLoadPlanAddBody>;

export const ZLoadPlanEditBody = z.object({ ...editKey, ...loadHeaderFields }).strict();
export type TLoadPlanEditBody = z.infer<typeof ZLoadPlanEditBody>;

/** loadplan/addOrder/{id}, loadplan/removeOrder/{id}, load/removeOrder/{id}. */
export const ZLoadOrdersBody = z.object(tickedOrders(MAX_LOAD_ORDERS)).strict();
export type TLoadOrdersBody = z.infer<typeof ZLoadOrdersBody>;

/** A container number (ISO 6346 with its check digit), upper-cased, spaces and '-' dropped. */
export const zLoadContainerNo = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().min(1, 'err_required').max(20).refine(isContainerNo, VALIDATOR_MESSAGE_KEYS.containerNo));
/** A Chinese or Thai truck plate. */
export const zTruckNo = z.string().trim().max(40).refine(isPlate, VALIDATOR_MESSAGE_KEYS.plate);

/**
 * A12 `load/addOrder/{id}`: the container data with the orders to load: `orderIds` (ticked), or `code` (the
 * loading scan mode: a waybill number or piece label, resolved on the server), or neither (every planned
 * order of the plan). A late addition (an S2 order) is planned and loaded in one transaction.
 * For a truck the plate is its number: `containerNo` may be empty when `truckNo` is given.
 */
export const ZLoadBody = z
  .object({
    orderIds: z.array(zId).max(MAX_LOAD_ORDERS).optional(),
    code: z.string().trim().min(1).max(40).optional(),
    containerNo: z.preprocess(emptyToUndefined, zLoadContainerNo.optional()),
    sealNo: z.string().trim().min(1, 'err_required').max(30),
    truckNo: z.preprocess(emptyToUndefined, zTruckNo.optional()),
    loadTime: zRequiredDateTime,
    loadPerson: z.string().trim().min(1, 'err_required').max(64),
  })
  .strict()
  .refine((b) => b.containerNo !== undefined || b.truckNo !== undefined, {
    message: 'err_required',
    path: ['containerNo'],
  });
export type TLoadBody = z.infer<typeof ZLoadBody>;

/** load/edit: the container data (L1-L4). */
export const ZLoadEditBody = z
  .object({
    ...editKey,
    containerNo: z.preprocess(emptyToUndefined, zLoadContainerNo.optional()),
    sealNo: zText(30),
    truckNo: z.preprocess(emptyToUndefined, zTruckNo.optional()),
    ...voyageFields,
    remark: zText(500),
  })
  .strict();
export type TLoadEditBody = z.infer<typeof ZLoadEditBody>;

export const LOAD_LIST_ORDER_BY = ['loadTime', 'etdDate', 'etaDate', 'leftTime', 'createTime', 'loadNo'] as const;

const loadFilters = {
  loadNo: zTextFilter(2_000),
  /** multi-number box, exact on each */
  containerNo: zTextFilter(10_000),
  sealNo: zTextFilter(30),
  truckNo: zTextFilter(40),
  busType: zTextFilter(10),
  leftAddrId: zIdFilter,
  destAddrId: zIdFilter,
  containerType: zTextFilter(20),
  /** load statuses '0,1' */
  status: zDigitsFilter,
  loadPerson: zTextFilter(64),
  vesselName: zTextFilter(100),
  voyageNo: zTextFilter(50),
  customsCorp: zTextFilter(100),
  /** the load holding this order (waybill number) */
  transportId: zTextFilter(20),
  /** loads holding orders of this mark code */
  mark: zTextFilter(50),
  ...zDateRanges('LoadTime', 'EtdDate', 'EtaDate', 'LeftTime'),
};

/** loadplan/list (default L0/L1), load/list (L1-L5). `params[beginTime]` filters loadTime. */
export const ZLoadListQuery = zPageQuery(LOAD_LIST_ORDER_BY, loadFilters);
export type TLoadListQuery = z.infer<typeof ZLoadListQuery>;

/** Exports: the list's filters, or the ticked `ids` (or one `id`: the plan's own export). */
export const ZLoadExportBody = zPageQuery(LOAD_LIST_ORDER_BY, {
  ...loadFilters,
  id: zIdFilter,
  ids: zIdsText,
});
export type TLoadExportBody = z.infer<typeof ZLoadExportBody>;

/** One load's export (exportLoadInfo, exportLoadBill): `{ id }`. */
export const ZLoadIdBody = z.object({ id: zId }).strict();

/** track-list tabs: waiting departure (L2), in transit (L3), arrived (L4/L5), all (L2 and later). */
export const TRACK_TABS = ['waiting', 'transit', 'arrived', 'all'] as const;
export type TTrackTab = (typeof TRACK_TABS)[number];

export const ZTrackListQuery = zPageQuery(LOAD_LIST_ORDER_BY, {
  ...loadFilters,
  tab: z.preprocess(emptyToUndefined, z.enum(TRACK_TABS).default('transit')),
  /** the latest milestone's code */
  trackStatus: zTextFilter(10),
  /** in transit with no milestone for 72 h */
  noNews: zFlagFilter,
});
export type TTrackListQuery = z.infer<typeof ZTrackListQuery>;

/** load/detail/{id}: a load's orders, paged and filtered. */
export const ZLoadDetailQuery = z
  .object({
    ...zPageFields,
    transportId: zTextFilter(15_000),
    mark: zTextFilter(50),
    status: zDigitsFilter,
  })
  .strict();
export type TLoadDetailQuery = z.infer<typeof ZLoadDetailQuery>;

/** When a milestone happened and the remark on it (the departure of track/save, a manual milestone). */
const milestoneTimeFields = { trackTime: zRequiredDateTime, trackRemark: zText(500) };

/** A15 track/save: confirm departure of one or many loads. */
export const ZTrackSaveBody = z.object({ loadIds: zRecordIds, ...milestoneTimeFields }).strict();
export type TTrackSaveBody = z.infer<typeof ZTrackSaveBody>;

/** What a manual milestone says: its status (milestone dictionary), time and remark. */
const milestoneFields = { trackStatus: z.string().trim().min(1, 'err_required').max(10), ...milestoneTimeFields };

/** Whether a message on a milestone shows to the customer ('1') or stays internal. */
const zVisibleToCustomer = z.enum(['0', '1']).default('0');

/** track/saveDetail: a manual milestone on one or several loads (five trucks at the border together). */
export const ZTrackDetailBody = z
  .object({
    loadIds: zRecordIds,
    ...milestoneFields,
    /** an optional first message on the milestone */
    message: zText(1000),
    visibleToCustomer: zVisibleToCustomer,
  })
  .strict();
export type TTrackDetailBody = z.infer<typeof ZTrackDetailBody>;

/** track/edit: a manual milestone's time, status and remark. */
export const ZTrackEditBody = z
  .object({
    ...editKey,
    ...milestoneFields,
  })
  .strict();
export type TTrackEditBody = z.infer<typeof ZTrackEditBody>;

export const ZTrackMessageBody = z
  .object({
    trackId: zId,
    content: z.string().trim().min(1, 'err_required').max(1000),
    visibleToCustomer: zVisibleToCustomer,
  })
  .strict();
export type TTrackMessageBody = z.infer<typeof ZTrackMessageBody>;

/** track/upatePreArriveTime (spec spelling): the loads' ETA and every order's preArriveTime. */
export const ZTrackEtaBody = z.object({ loadIds: zRecordIds, preArriveTime: zRequiredDateTime }).strict();
export type TTrackEtaBody = z.infer<typeof ZTrackEtaBody>;

// ---------------------------------------------------------------------------------------------------------
// Answers

/** A load record as the lists and details show it (plan, container and journey columns), sums of its orders. */
export const ZLoadRow = z.object(
  feeOptional({
    id: z.number().int(),
    loadNo: z.string(),
    status: z.number().int(),
    busType: z.string(),
    leftAddrId: zRef,
    leftAddrName: z.string(),
    destAddrId: zRef,
    destAddrName: z.string(),
    containerType: z.string(),
    loadHouseId: zRef,
    loadHouseName: z.string(),
    loadTime: zTime,
    loadPerson: z.string(),
    clsDate: zTime,
    etdDate: zTime,
    etaDate: zTime,
    leftTime: zTime,
    loadPort: z.string(),
    unloadPort: z.string(),
    customsCorp: z.string(),
    exportAgent: z.string(),
    vesselOwner: z.string(),
    vesselName: z.string(),
    voyageNo: z.string(),
    containerNo: z.string(),
    sealNo: z.string(),
    truckNo: z.string(),
    currency: z.string(),
    remark: z.string(),
    version: z.number().int(),
    createBy: z.string(),
    createTime: zTimestamp,
    /** sums over the orders the caller may see (all of them, or their own customers') */
    orderCount: z.number().int(),
    loadedCount: z.number().int(),
    markCount: z.number().int(),
    ...cargoFigures,
    volumePercent: z.string().nullable(),
    weightPercent: z.string().nullable(),
    containerFee: zDecimal.nullable(),
    /** Σ the orders' receivables [fee] */
    orderArAmount: zDecimal,
    /** receivables − container fee [fee] */
    estimatedMargin: zDecimal.nullable(),
  }),
);
export type TLoadRow = z.output<typeof ZLoadRow>;

/** track-list adds the latest milestone and the 'no news' flag. */
export const ZTrackRow = ZLoadRow.extend({
  trackStatus: z.string().nullable(),
  trackTime: zTime,
  trackRemark: z.string().nullable(),
  trackBy: z.string().nullable(),
  /** days since departure (whole days), null before */
  daysInTransit: z.number().int().nullable(),
  noNews: z.boolean(),
  messageCount: z.number().int(),
});
export type TTrackRow = z.output<typeof ZTrackRow>;

export const ZLoadSums = z.object(
  feeOptional({
    ...cargoSums,
    containerFee: zDecimal,
    orderArAmount: zDecimal,
  }),
);

export const ZLoadListAnswer = tableEnvelope(ZLoadRow, { sums: ZLoadSums });
export const ZTrackListAnswer = tableEnvelope(ZTrackRow, { sums: ZLoadSums });

/** An order line of a plan or load. */
export const ZLoadOrderRow = z.object(
  feeOptional({
    ...orderLineHead,
    cargoName: z.string(),
    cargoType: zCode,
    busType: z.string(),
    destAddrName: z.string(),
    ...arrivedFigures,
    trayNo: z.string(),
    arrivedHouseName: z.string(),
    arrivedTime: zTime,
    containerNo: z.string(),
    signPiece: z.number().int().nullable(),
    auditStatus: z.number().int(),
    ifException: z.number().int(),
    feeArAmount: zDecimal,
  }),
);
export type TLoadOrderRow = z.output<typeof ZLoadOrderRow>;

/** Per-mark summary of a plan or load. */
export const ZLoadMarkSummary = z.object({ mark: z.string(), ...cargoSums });

export const ZLoadLogRow = ZRecordLogRowWithId;

/** A photo of the load (container, seal, loading). */
export const ZLoadFileRow = z.object({
  id: z.number().int(),
  kind: z.string(),
  fileId: z.string(),
  name: z.string(),
  createBy: z.string(),
  createTime: zTimestamp,
});
export type TLoadFileRow = z.output<typeof ZLoadFileRow>;

/** load/files/add: images uploaded through /file/upload, attached to the load under one kind. */
export const ZLoadFilesAddBody = z
  .object({
    loadId: z.number().int().positive(),
    kind: z.enum(['1', '2', '3', '9']),
    fileIds: z.array(z.string().uuid()).min(1).max(20),
  })
  .strict();
export type TLoadFilesAddBody = z.infer<typeof ZLoadFilesAddBody>;
/** load/files/add and load/files/delete: the load's photos after the change. */
export const ZLoadFilesAnswer = okEnvelope(z.array(ZLoadFileRow));

/** `GET loadplan/{id}` and `GET load/{id}`: the record, its orders (every one the caller may see), marks, log. */
export const ZLoadDetail = z.object({
  load: ZLoadRow,
  orders: z.array(ZLoadOrderRow),
  marks: z.array(ZLoadMarkSummary),
  log: z.array(ZLoadLogRow),
  files: z.array(ZLoadFileRow),
});
export const ZLoadDetailAnswer = okEnvelope(ZLoadDetail);
export type TLoadDetail = z.output<typeof ZLoadDetail>;

/** load/detail/{id}: the load's orders, paged. */
export const ZLoadOrdersAnswer = tableEnvelope(ZLoadOrderRow, { sums: ZLoadSums });

/** loadplan/init: a new plan number, the container types with capacity, defaults. */
export const ZLoadPlanInitAnswer = okEnvelope(
  z.object({
    loadNo: z.string(),
    loadPerson: z.string(),
    containerTypes: z.array(z.object({ value: z.string(), volume: zDecimal, weight: zDecimal, truck: z.boolean() })),
  }),
);

/** What a plan or load action did: the record's new status and version, orders changed, warnings. */
export const ZLoadActionAnswer = okEnvelope(
  z.object({
    ...recordActionFields('loadNo'),
    /** the scan mode's order (waybill number) */
    transportId: z.string().optional(),
    /** pieces loaded / planned after the action (scan counter) */
    loadedPieces: z.number().int(),
    plannedPieces: z.number().int(),
    /** M-cap: over capacity by volume or weight (a warning, never a refusal) */
    fill: z.object({ volumePercent: z.string().nullable(), weightPercent: z.string().nullable(), over: z.boolean() }),
  }),
);
export type TLoadActionAnswer = z.output<typeof ZLoadActionAnswer>['data'];

/** A milestone of a load's journey (automatic ones are written by their actions and locked). */
export const ZTrackDetailRow = z.object({
  id: z.number().int(),
  loadId: z.number().int(),
  trackStatus: z.string(),
  trackTime: zTimestamp,
  trackRemark: z.string(),
  /** '1' written by a life-cycle action (received, loaded, departed, arrived, delivered, signed) */
  auto: z.enum(['0', '1']),
  version: z.number().int(),
  createBy: z.string(),
  createTime: zTimestamp,
  updateBy: z.string(),
  messageCount: z.number().int(),
});
export type TTrackDetailRow = z.output<typeof ZTrackDetailRow>;
export const ZTrackDetailAnswer = okEnvelope(z.array(ZTrackDetailRow));

export const ZTrackMessageRow = z.object({
  id: z.number().int(),
  trackId: z.number().int(),
  content: z.string(),
  visibleToCustomer: z.enum(['0', '1']),
  createBy: z.string(),
  createTime: zTimestamp,
});
export const ZTrackMessagesAnswer = okEnvelope(z.array(ZTrackMessageRow));

/** `GET track/{id}`: the load (container, route, vessel or truck, ETD, ETA, departure). */
export const ZTrackAnswer = okEnvelope(ZTrackRow);

/**
 * `inware/selectOrdersHasTrackByTransportIdPages/{transportId}`: the orders matching the number with their
 * container and journey (customer service's 'where is my cargo').
 */
export const ZOrderJourneyRow = z.object({
  orderId: z.number().int(),
  transportId: z.string(),
  status: z.number().int(),
  mark: z.string(),
  consignee: z.string(),
  arrivedTime: zTime,
  leftTime: zTime,
  preArriveTime: zTime,
  load: z
    .object({
      id: z.number().int(),
      loadNo: z.string(),
      status: z.number().int(),
      containerNo: z.string(),
      sealNo: z.string(),
      truckNo: z.string(),
      busType: z.string(),
      vesselName: z.string(),
      voyageNo: z.string(),
      etdDate: zTime,
      etaDate: zTime,
      leftTime: zTime,
    })
    .nullable(),
  milestones: z.array(ZTrackDetailRow),
});
export const ZOrderJourneyAnswer = tableEnvelope(ZOrderJourneyRow);

/** Ids in the answer of a track/save or saveDetail over several loads. */
export const ZLoadIdsAnswer = ZIdsDoneAnswer;
