import type { THomeCounts } from './api';

/**
 * The count cards of the home page (DOMAIN §8, screens bus-container.md §2) and the filtered list each opens.
 * The list screens read their filters from the URL query string (components/ListPage/url-state.ts: a field's
 * `name`, a date range's `begin`/`end` names; `tab` is read by the screen itself), so a card is a plain link.
 *
 * | card              | list           | query                                   |
 * |-------------------|----------------|-----------------------------------------|
 * | todayOrders       | orderList      | beginOrderTime=endOrderTime=today        |
 * | yesterdayOrders   | orderList      | beginOrderTime=endOrderTime=yesterday    |
 * | waitingInput      | unOrder        | status=0                                |
 * | waitingLoad       | inOrder        | tab=stock                               |
 * | noMark            | noMarkOrder    | (the list itself)                       |
 * | waitingSettlement | orderList      | status=8&arWriteStatus=0,1              |
 * | waitingSign       | sign-list      | tab=unsigned                            |
 * | problemItems      | exception-list | tab=open                                |
 */
export type CardKey = Exclude<keyof THomeCounts, 'waitingLoadVolume'>;

export interface HomeCard {
  key: CardKey;
  /** translation key of the title */
  title: string;
  /** accent colour of the icon */
  color: string;
  /** list key (the server leaves out cards without it; kept here for the quick check in tests) */
  perm: string;
  href: (day: string) => string;
}

/** 'YYYY-MM-DD' plus n days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** orderList for one business day (the chart's bars open it too). */
export const orderListOfDay = (day: string) => `/bus/orderList?beginOrderTime=${day}&endOrderTime=${day}`;

export const HOME_CARDS: readonly HomeCard[] = [
  {
    key: 'todayOrders',
    title: 'home_today_orders',
    color: '#de7a62',
    perm: 'bus:order',
    href: (day) => orderListOfDay(day),
  },
  {
    key: 'yesterdayOrders',
    title: 'home_yesterday_orders',
    color: '#8c8c8c',
    perm: 'bus:order',
    href: (day) => orderListOfDay(addDays(day, -1)),
  },
  {
    key: 'waitingInput',
    title: 'home_waiting_input',
    color: '#1677ff',
    perm: 'bus:unOrder',
    href: () => '/bus/unOrder?status=0',
  },
  {
    key: 'waitingLoad',
    title: 'home_waiting_load',
    color: '#13a8a8',
    perm: 'bus:inOrder',
    href: () => '/bus/inOrder?tab=stock',
  },
  {
    key: 'noMark',
    title: 'home_no_mark',
    color: '#d48806',
    perm: 'bus:noMarkOrder',
    href: () => '/bus/noMarkOrder',
  },
  {
    key: 'waitingSettlement',
    title: 'home_waiting_settlement',
    color: '#722ed1',
    perm: 'bus:order',
    href: () => '/bus/orderList?status=8&arWriteStatus=0,1',
  },
  {
    key: 'waitingSign',
    title: 'home_waiting_sign',
    color: '#389e0d',
    perm: 'bus:sign',
    href: () => '/bus/sign-list?tab=unsigned',
  },
  {
    key: 'problemItems',
    title: 'home_problem_items',
    color: '#cf1322',
    perm: 'bus:exception',
    href: () => '/bus/exception-list?tab=open',
  },
];

/** The cards the answer holds, in the page's order. */
export function visibleCards(counts: Partial<THomeCounts>): HomeCard[] {
  return HOME_CARDS.filter((c) => counts[c.key] !== undefined);
}
