import { TRANSPORT_MODE, type TTransportMode } from '../bas/constants';
import { div, money, type TDecimal, type TMoneyInput } from '../common/money';
import { allowsOf, rejectKeysOf, type TRecordOperations } from './record-operations';

/**
 * The load record (screens bus-container.md §0 and Q3): one row per container or truck, shown as the load plan
 * (loadplanList/Add/Details), the load (loadList/loadDetails) and the container's journey (track-list/details).
 * Its status L0..L5 follows its orders; the rules here are pure and shared by the server and the web.
 *
 * - L0 planning: no plan order loaded yet. L1 loading: some loaded, some still planned. L2 loaded: every plan
 *   order loaded (and there is at least one). L3 departed (A15). L4 arrived: at least one order S6 or later.
 *   L5 finished: every order signed.
 * - The order actions A10-A16 are in order-status.ts; LOAD_OPERATIONS says which load statuses allow each
 *   operation on the record (the order's own status is checked by the order core).
 */

export const LOAD_STATUS = {
  PLANNING: 0,
  LOADING: 1,
  LOADED: 2,
  DEPARTED: 3,
  ARRIVED: 4,
  FINISHED: 5,
} as const;
export type TLoadStatus = (typeof LOAD_STATUS)[keyof typeof LOAD_STATUS];
export const LOAD_STATUSES = Object.values(LOAD_STATUS) as readonly TLoadStatus[];

const L = LOAD_STATUS;

/**
 * Operations on a load record: the load statuses that allow each (screens §3 loadplan*, load*, track*), and the
 * refusal key in any other status (spec M3 pattern, screens wordings).
 */
export const LOAD_OPERATIONS = {
  /** loadplan/edit: the plan's header (L0-L2) */
  editPlan: { from: [L.PLANNING, L.LOADING, L.LOADED], reject: 'msg_load_not_planning_reselect' },
  /** A10 loadplan/addOrder (adding to a loaded plan makes it 'loading' again) */
  addToPlan: { from: [L.PLANNING, L.LOADING, L.LOADED], reject: 'msg_load_not_planning_reselect' },
  /** A11 loadplan/removeOrder */
  removeFromPlan: { from: [L.PLANNING, L.LOADING, L.LOADED], reject: 'msg_load_not_planning_reselect' },
  /** loadplan/delete: nothing loaded yet */
  deletePlan: { from: [L.PLANNING], reject: 'msg_load_delete_state_reselect' },
  /** A12 load/addOrder (a late addition to a loaded container too) */
  load: { from: [L.PLANNING, L.LOADING, L.LOADED], reject: 'msg_load_not_planning_reselect' },
  /** A13 load/removeOrder */
  unload: { from: [L.LOADING, L.LOADED], reject: 'msg_load_not_loading_reselect' },
  /** A14 load/delete */
  cancelLoading: { from: [L.LOADING, L.LOADED], reject: 'msg_load_not_loading_reselect' },
  /** load/edit: container data once loading began, until arrival */
  editContainer: { from: [L.LOADING, L.LOADED, L.DEPARTED, L.ARRIVED], reject: 'msg_load_edit_state_reselect' },
  /** A15 track/save */
  depart: { from: [L.LOADED], reject: 'msg_load_unloaded_orders' },
  /** A16 track/delete of the 'departed' milestone (its own guards: latest milestone, no order arrived) */
  cancelDeparture: { from: [L.DEPARTED], reject: 'msg_load_cancel_departure_state' },
  /** track/saveDetail, track/edit, track/delete of a manual milestone */
  milestone: { from: [L.DEPARTED, L.ARRIVED], reject: 'msg_load_not_departed_reselect' },
  /** track/upatePreArriveTime */
  changeEta: { from: [L.LOADED, L.DEPARTED], reject: 'msg_load_eta_state_reselect' },
  /** load/files/add and load/files/delete: photos of the container, seal and loading until every order is signed */
  files: { from: [L.PLANNING, L.LOADING, L.LOADED, L.DEPARTED, L.ARRIVED], reject: 'msg_load_files_state' },
  /** load/previewSend and load/printSend: delivery notes of the container's orders once it reached the destination */
  deliveryNotes: { from: [L.ARRIVED, L.FINISHED], reject: 'msg_load_notes_state' },
} as const satisfies TRecordOperations<TLoadStatus>;
export type TLoadOperation = keyof typeof LOAD_OPERATIONS;
export const LOAD_REJECT_KEYS = rejectKeysOf(LOAD_OPERATIONS);
export const loadAllows = allowsOf(LOAD_OPERATIONS);

/** What a load's photo shows (bus_load_file.kind; dictionary load_file_kind). */
export const LOAD_FILE_KINDS = { container: '1', seal: '2', loading: '3', other: '9' } as const;
export type TLoadFileKind = (typeof LOAD_FILE_KINDS)[keyof typeof LOAD_FILE_KINDS];
/** At most this many photos per load. */
export const LOAD_FILES_MAX = 60;

/** What a load record's status is before departure, from its orders (L0, L1 or L2). */
export function planStatusOf(counts: { planned: number; loaded: number }): TLoadStatus {
  if (counts.loaded === 0) return L.PLANNING;
  return counts.planned === 0 ? L.LOADED : L.LOADING;
}

/** After departure: L3 until an order reached the overseas warehouse, L4, then L5 when every order is signed. */
export function journeyStatusOf(counts: { total: number; arrived: number; signed: number }): TLoadStatus {
  if (counts.total > 0 && counts.signed === counts.total) return L.FINISHED;
  return counts.arrived > 0 ? L.ARRIVED : L.DEPARTED;
}

// ---------------------------------------------------------------------------------------------------------
// Container types and the fill gauge (screens Q13: usable volume and maximum weight per type)

export interface TContainerCapacity {
  /** usable volume, m³ */
  volume: string;
  /** maximum payload, kg */
  weight: string;
  /** a truck (plate number) rather than a container (ISO 6346 number) */
  truck: boolean;
}

/** Keyed by the `container_type` dictionary value. */
export const CONTAINER_CAPACITY: Readonly<Record<string, TContainerCapacity>> = {
  '20GP': { volume: '28', weight: '21000', truck: false },
  '40GP': { volume: '58', weight: '26000', truck: false },
  '40HQ': { volume: '68', weight: '26000', truck: false },
  '45HQ': { volume: '78', weight: '27000', truck: false },
  TRUCK_6W: { volume: '30', weight: '8000', truck: true },
  TRUCK_9_6M: { volume: '55', weight: '18000', truck: true },
  TRUCK_10W: { volume: '45', weight: '15000', truck: true },
  TRAILER_18W: { volume: '85', weight: '30000', truck: true },
};
export const CONTAINER_TYPES = Object.keys(CONTAINER_CAPACITY) as readonly string[];

/** Warn (never block) above this fill, per cent. */
export const FILL_WARN_PERCENT = '100';
/** The bar turns blue from here (screens loadplanList: green under 85, blue 85-100, red over 100). */
export const FILL_FULL_PERCENT = '85';

export interface TFill {
  /** per cent of usable volume, 1 dp, as text; null when the type is unknown */
  volumePercent: string | null;
  weightPercent: string | null;
  /** over 100 % by volume or by weight (M-cap) */
  over: boolean;
}

function percent(part: TMoneyInput, whole: string): TDecimal {
  return div(money(part).times(100), whole);
}

/**
 * The fill gauge of a container type for the given sums (exact decimals). `over` compares the exact fill, so a
 * load 1 kg over the maximum warns even though its percentage shows as 100.0.
 */
export function fillOf(containerType: string, volume: TMoneyInput, weight: TMoneyInput): TFill {
  const cap = CONTAINER_CAPACITY[containerType];
  if (!cap) return { volumePercent: null, weightPercent: null, over: false };
  const v = percent(volume, cap.volume);
  const w = percent(weight, cap.weight);
  return {
    volumePercent: v.toDecimalPlaces(1).toFixed(1),
    weightPercent: w.toDecimalPlaces(1).toFixed(1),
    over: v.greaterThan(FILL_WARN_PERCENT) || w.greaterThan(FILL_WARN_PERCENT),
  };
}

/** The colour band of a fill percentage: under 85 'ok', 85-100 'full', over 100 'over'. */
export function fillBand(percentText: string | null): 'ok' | 'full' | 'over' {
  if (percentText === null) return 'ok';
  const p = money(percentText);
  if (p.greaterThan(FILL_WARN_PERCENT)) return 'over';
  return p.greaterThanOrEqualTo(FILL_FULL_PERCENT) ? 'full' : 'ok';
}

// ---------------------------------------------------------------------------------------------------------
// Milestones (dictionary track_status): automatic ones reuse the order status code they stand for

/** Written by the life-cycle actions only (received, loaded, departed, arrived, delivered, signed). */
export const AUTO_MILESTONES = ['2', '4', '5', '6', '7', '8'] as const;
export const DEPARTED_MILESTONE = '5';

/** Manual milestones (track_status 10-21) and the transport modes they fit. */
const LAND: readonly TTransportMode[] = [TRANSPORT_MODE.LAND_EK, TRANSPORT_MODE.CUSTOMS_TRANSIT, TRANSPORT_MODE.BULK];
const SEA: readonly TTransportMode[] = [TRANSPORT_MODE.SEA, TRANSPORT_MODE.FCL];
const AIR: readonly TTransportMode[] = [TRANSPORT_MODE.AIR, TRANSPORT_MODE.DIRECT_FLIGHT];
const RAIL: readonly TTransportMode[] = [TRANSPORT_MODE.RAIL];
const EVERY: readonly TTransportMode[] = [...LAND, ...SEA, ...AIR, ...RAIL];

export const MANUAL_MILESTONES: Readonly<Record<string, readonly TTransportMode[]>> = {
  /** cargo out of container (transloading at the border or port) */
  '10': [...LAND, ...SEA, ...RAIL],
  '11': EVERY,
  '12': EVERY,
  '13': EVERY,
  /** sailed */
  '14': SEA,
  /** customs-transit release */
  '15': [...LAND, ...RAIL],
  /** arrived at border port */
  '16': [...LAND, ...RAIL],
  '17': EVERY,
  /** arrived at destination port (sea port, airport, rail terminal) */
  '18': [...SEA, ...AIR, ...RAIL],
  '19': EVERY,
  '20': EVERY,
  '21': EVERY,
};

/** The manual milestones that fit a transport mode, in journey order. */
export function milestonesFor(busType: string): string[] {
  return Object.entries(MANUAL_MILESTONES)
    .filter(([, modes]) => (modes as readonly string[]).includes(busType))
    .map(([code]) => code);
}

export const isManualMilestone = (code: string): boolean => code in MANUAL_MILESTONES;

/** In transit with no milestone for this long: the 'no news' flag (screens track-list). */
export const NO_NEWS_HOURS = 72;

// ---------------------------------------------------------------------------------------------------------
// Load numbers

/** `LD{yyMMdd}{NNNN}`: the daily sequence 'loadNo' in the business time zone. */
export function formatLoadNo(period: string, sequence: number): string {
  return `LD${period}${String(sequence).padStart(4, '0')}`;
}
export const LOAD_NO_PATTERN = /^LD\d{6}\d{4,5}$/;
