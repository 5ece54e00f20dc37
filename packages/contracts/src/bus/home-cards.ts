import type { TOrderView } from './order-list.schemas';

/**
 * The home page's count cards (DOMAIN §8, screens bus-container.md §2) and the list each opens: one definition for
 * the web (the card's link) and the server's tests (a card's count is the total of the list it opens, for the same
 * data; home.int.test.ts checks every target below that has a `view`).
 *
 * A card names its targets in order of preference: the first screen the user's routes hold is opened (so a screen
 * that lands later, such as sign-list, takes over from orderList without touching the page); a card none of whose
 * screens the user has shows its count without a link.
 *
 * `filters` are the list screen's URL query (ListPage url-state: a field's `name`, a date range's begin/end names,
 * `tab` read by the screen itself); the web sends them to `GET /bus/inware/list` as the list does (a date range as
 * whole business days, `params[beginTime]`/`params[endTime]`). `day` is today in the business time zone
 * ('YYYY-MM-DD', the dashboard answer's `day`).
 */
export const HOME_CARD_KEYS = [
  'todayOrders',
  'yesterdayOrders',
  'waitingInput',
  'waitingLoad',
  'waitingDeparture',
  'noMark',
  'waitingSettlement',
  'waitingSign',
  'problemItems',
  'myDeliveries',
] as const;
export type THomeCardKey = (typeof HOME_CARD_KEYS)[number];

export interface THomeCardTarget {
  /** the screen's route */
  path: string;
  /** the view of `GET /bus/inware/list` that lists the same orders (absent: the screen is another module's list) */
  view?: TOrderView;
  filters: (day: string) => Record<string, string>;
}

export interface THomeCardDefinition {
  key: THomeCardKey;
  /** the list key a user needs to see the card (the server leaves the card out otherwise) */
  perm: string;
  targets: readonly THomeCardTarget[];
}

/** 'YYYY-MM-DD' plus n days (calendar arithmetic, no time zone involved). */
export function addCalendarDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** orderList for one business day (the cards and the chart's bars). */
export const ORDER_LIST_PATH = '/bus/orderList';
export const orderListDayFilters = (day: string) => ({ beginTime: day, endTime: day });

const none = () => ({});

export const HOME_CARDS: readonly THomeCardDefinition[] = [
  {
    key: 'todayOrders',
    perm: 'bus:order',
    targets: [{ path: ORDER_LIST_PATH, view: 'orderList', filters: (day) => orderListDayFilters(day) }],
  },
  {
    key: 'yesterdayOrders',
    perm: 'bus:order',
    targets: [
      { path: ORDER_LIST_PATH, view: 'orderList', filters: (day) => orderListDayFilters(addCalendarDays(day, -1)) },
    ],
  },
  {
    key: 'waitingInput',
    perm: 'bus:unOrder',
    targets: [{ path: '/bus/unOrder', view: 'unOrder', filters: () => ({ status: '0' }) }],
  },
  {
    key: 'waitingLoad',
    perm: 'bus:inOrder',
    targets: [{ path: '/bus/inOrder', view: 'inOrder', filters: () => ({ tab: 'stock' }) }],
  },
  {
    // loads loaded and waiting for departure (L2): track-list's 'waiting' tab (GET /bus/track/list?tab=waiting)
    key: 'waitingDeparture',
    perm: 'bus:track',
    targets: [{ path: '/bus/track-list', filters: () => ({ tab: 'waiting' }) }],
  },
  {
    key: 'noMark',
    perm: 'bus:noMarkOrder',
    targets: [{ path: '/bus/noMarkOrder', view: 'noMarkOrder', filters: none }],
  },
  {
    key: 'waitingSettlement',
    perm: 'bus:order',
    targets: [{ path: ORDER_LIST_PATH, view: 'orderList', filters: () => ({ status: '8', arWriteStatus: '0,1' }) }],
  },
  {
    key: 'waitingSign',
    perm: 'bus:sign',
    targets: [
      // every order out for delivery (S7), failed deliveries included (they still wait for a signature): the sign
      // list's All tab narrowed to S7 lists exactly the orders the card counts
      { path: '/bus/sign-list', filters: () => ({ tab: 'all', status: '7' }) },
      { path: ORDER_LIST_PATH, view: 'orderList', filters: () => ({ status: '7' }) },
    ],
  },
  {
    key: 'problemItems',
    perm: 'bus:exception',
    targets: [
      { path: '/bus/exception-list', filters: () => ({ tab: 'open' }) },
      { path: ORDER_LIST_PATH, view: 'orderList', filters: () => ({ ifException: '1' }) },
    ],
  },
  {
    // a driver's orders out for delivery on their own runs (S7, not failed): sign-list's Unsigned tab, where a driver
    // sees exactly those; users who are no driver get no such card (the server leaves the count out)
    key: 'myDeliveries',
    perm: 'bus:sign',
    targets: [{ path: '/bus/sign-list', filters: () => ({ tab: 'unsigned' }) }],
  },
];
