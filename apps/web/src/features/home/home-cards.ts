import {
  HOME_CARDS,
  ORDER_LIST_PATH,
  orderListDayFilters,
  type THomeCardKey,
  type THomeCardTarget,
} from '@theone/contracts/bus/home-cards';
import type { THomeCounts } from './api';

/**
 * The count cards of the home page and the list each opens. Which list, with which filters, is the shared definition
 * in contracts (bus/home-cards.ts), the one the server's tests check the counts against: a card opens the first of
 * its target screens the user's routes hold, with the card's own filters; without any, it shows its count only.
 *
 * The list screens read their filters from the URL query (components/ListPage/url-state.ts). `pageNum=1` makes the
 * query the list's whole state, so a screen's default filters (orderList opens on the last 30 days) never add to
 * the card's.
 */
export type CardKey = THomeCardKey;

export interface HomeCard {
  key: CardKey;
  /** translation key of the title */
  title: string;
  /** accent colour of the icon */
  color: string;
  targets: readonly THomeCardTarget[];
}

const LOOK: Record<CardKey, { title: string; color: string }> = {
  todayOrders: { title: 'home_today_orders', color: '#de7a62' },
  yesterdayOrders: { title: 'home_yesterday_orders', color: '#8c8c8c' },
  waitingInput: { title: 'home_waiting_input', color: '#1677ff' },
  waitingLoad: { title: 'home_waiting_load', color: '#13a8a8' },
  waitingDeparture: { title: 'home_waiting_departure', color: '#2f54eb' },
  noMark: { title: 'home_no_mark', color: '#d48806' },
  waitingSettlement: { title: 'home_waiting_settlement', color: '#722ed1' },
  waitingSign: { title: 'home_waiting_sign', color: '#389e0d' },
  problemItems: { title: 'home_problem_items', color: '#cf1322' },
  myDeliveries: { title: 'home_my_deliveries', color: '#08979c' },
};

export const HOME_CARD_LIST: readonly HomeCard[] = HOME_CARDS.map((c) => ({
  key: c.key,
  targets: c.targets,
  ...LOOK[c.key],
}));

/** A target screen with its filters, as a link. */
export function targetHref(target: THomeCardTarget, day: string): string {
  const query = new URLSearchParams({ ...target.filters(day), pageNum: '1' });
  return `${target.path}?${query.toString()}`;
}

/** The link of a card: its first target whose screen the user has (`hasScreen`), else undefined. */
export function cardHref(card: HomeCard, day: string, hasScreen: (path: string) => boolean): string | undefined {
  const target = card.targets.find((t) => hasScreen(t.path));
  return target ? targetHref(target, day) : undefined;
}

/** orderList for one business day (the chart's bars). */
export const orderListOfDay = (day: string) =>
  targetHref({ path: ORDER_LIST_PATH, filters: () => orderListDayFilters(day) }, day);

/** The cards the answer holds, in the page's order. */
export function visibleCards(counts: Partial<THomeCounts>): HomeCard[] {
  return HOME_CARD_LIST.filter((c) => counts[c.key] !== undefined);
}
