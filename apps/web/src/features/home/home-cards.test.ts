import { addCalendarDays } from '@theone/contracts/bus/home-cards';
import { describe, expect, it } from 'vitest';
import { readListState } from '../../components/ListPage/url-state';
import { cardHref, HOME_CARD_LIST, orderListOfDay, visibleCards } from './home-cards';

/**
 * The home cards' links: each opens its list with the card's own filters, in the names the list screen reads
 * (issue 10 item 8: 'yesterday's orders' opened orderList on its default last 30 days, because the link's
 * beginOrderTime/endOrderTime are not the names of orderList's order-time range).
 */
const ALL_SCREENS = () => true;
const card = (key: string) => HOME_CARD_LIST.find((c) => c.key === key)!;
const href = (key: string, day = '2026-03-01', has: (path: string) => boolean = ALL_SCREENS) =>
  cardHref(card(key), day, has) as string;

/** What the list screen makes of a link: the path and the filters its url-state reads. */
function opened(link: string, filterNames: string[], defaultFilters?: Record<string, string>) {
  const url = new URL(link, 'http://x');
  return {
    path: url.pathname,
    filters: readListState(url.searchParams, { urlKey: '', filterNames, defaultFilters }).filters,
    tab: url.searchParams.get('tab'),
  };
}

/** The filter names of orderList's search form (OrderListPage: order-time range beginTime/endTime). */
const ORDER_LIST_FILTERS = ['transportId', 'beginTime', 'endTime', 'status', 'arWriteStatus', 'ifException'];
const ORDER_LIST_DEFAULTS = { beginTime: '2026-01-30', endTime: '2026-03-01' };

describe('home cards', () => {
  it('open orderList on exactly the card day, not on the list default 30 days', () => {
    expect(opened(href('todayOrders'), ORDER_LIST_FILTERS, ORDER_LIST_DEFAULTS)).toEqual({
      path: '/bus/orderList',
      filters: { beginTime: '2026-03-01', endTime: '2026-03-01' },
      tab: null,
    });
    // yesterday across a month end
    expect(opened(href('yesterdayOrders'), ORDER_LIST_FILTERS, ORDER_LIST_DEFAULTS).filters).toEqual({
      beginTime: '2026-02-28',
      endTime: '2026-02-28',
    });
    expect(opened(orderListOfDay('2026-02-14'), ORDER_LIST_FILTERS, ORDER_LIST_DEFAULTS).filters).toEqual({
      beginTime: '2026-02-14',
      endTime: '2026-02-14',
    });
  });

  it('open the queues with their own filters and nothing else', () => {
    expect(opened(href('waitingInput'), ['status', 'transportId'])).toMatchObject({
      path: '/bus/unOrder',
      filters: { status: '0' },
    });
    expect(opened(href('waitingLoad'), ['transportId', 'beginTime', 'endTime'])).toEqual({
      path: '/bus/inOrder',
      filters: {},
      tab: 'stock',
    });
    expect(opened(href('noMark'), ['expressNo', 'beginTime', 'endTime'], { beginTime: '2026-01-01' })).toMatchObject({
      path: '/bus/noMarkOrder',
      filters: {},
    });
    expect(opened(href('waitingSettlement'), ORDER_LIST_FILTERS, ORDER_LIST_DEFAULTS).filters).toEqual({
      status: '8',
      arWriteStatus: '0,1',
    });
  });

  it('prefer the card own screen, fall back to orderList, and link nowhere without either', () => {
    const only =
      (...paths: string[]) =>
      (path: string) =>
        paths.includes(path);
    expect(href('waitingSign', '2026-03-01', only('/bus/sign-list', '/bus/orderList'))).toBe(
      '/bus/sign-list?tab=all&status=7&pageNum=1',
    );
    expect(opened(href('waitingSign', '2026-03-01', only('/bus/orderList')), ORDER_LIST_FILTERS)).toMatchObject({
      path: '/bus/orderList',
      filters: { status: '7' },
    });
    expect(opened(href('problemItems', '2026-03-01', only('/bus/orderList')), ORDER_LIST_FILTERS).filters).toEqual({
      ifException: '1',
    });
    expect(cardHref(card('waitingSign'), '2026-03-01', only('/bus/unOrder'))).toBeUndefined();
    expect(cardHref(card('todayOrders'), '2026-03-01', only())).toBeUndefined();
  });

  it('shows the cards the server answered, in a fixed order, zero included', () => {
    expect(visibleCards({ problemItems: 0, todayOrders: 3, waitingLoadVolume: '1.000' }).map((c) => c.key)).toEqual([
      'todayOrders',
      'problemItems',
    ]);
    expect(visibleCards({})).toEqual([]);
  });

  it('adds days on the calendar', () => {
    expect(addCalendarDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});
