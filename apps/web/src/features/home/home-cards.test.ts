import { describe, expect, it } from 'vitest';
import { addDays, HOME_CARDS, visibleCards } from './home-cards';

/** The home cards' links (each opens its list pre-filtered) and which cards show. */
describe('home cards', () => {
  const href = (key: string, day = '2026-03-01') => HOME_CARDS.find((c) => c.key === key)!.href(day);

  it('link every count to its filtered list', () => {
    expect(href('todayOrders')).toBe('/bus/orderList?beginOrderTime=2026-03-01&endOrderTime=2026-03-01');
    // yesterday across a month end (and a leap-year-free February)
    expect(href('yesterdayOrders')).toBe('/bus/orderList?beginOrderTime=2026-02-28&endOrderTime=2026-02-28');
    expect(href('waitingInput')).toBe('/bus/unOrder?status=0');
    expect(href('waitingLoad')).toBe('/bus/inOrder?tab=stock');
    expect(href('noMark')).toBe('/bus/noMarkOrder');
    expect(href('waitingSettlement')).toBe('/bus/orderList?status=8&arWriteStatus=0,1');
    expect(href('waitingSign')).toBe('/bus/sign-list?tab=unsigned');
    expect(href('problemItems')).toBe('/bus/exception-list?tab=open');
  });

  it('shows the cards the server answered, in a fixed order, zero included', () => {
    expect(visibleCards({ problemItems: 0, todayOrders: 3, waitingLoadVolume: '1.000' }).map((c) => c.key)).toEqual([
      'todayOrders',
      'problemItems',
    ]);
    expect(visibleCards({})).toEqual([]);
  });

  it('adds days on the calendar', () => {
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});
