import dayjs from 'dayjs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addBusinessDays,
  asCarrier,
  businessNow,
  businessNowText,
  businessText,
  businessToday,
  daysFromToday,
  formatBusinessTime,
  fromPickerValue,
  toPickerValue,
} from './business-time';
import { formatDate, formatDateTime } from './format';
import { authStore } from './session';

/**
 * The business-time helpers give the same answers whatever the browser's (here: the process's) time zone. Each block
 * runs in another zone, set through process.env.TZ (Node applies it at once); New York adds daylight saving.
 */
const ORIGINAL_TZ = process.env.TZ;
afterAll(() => {
  process.env.TZ = ORIGINAL_TZ;
});

describe.each(['Asia/Bangkok', 'UTC', 'America/New_York'])('browser in %s, business zone Asia/Shanghai', (zone) => {
  beforeAll(() => {
    process.env.TZ = zone;
    authStore.set({ timezone: 'Asia/Shanghai' });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs in that zone', () => {
    const offset = new Date('2026-11-10T00:00:00Z').getTimezoneOffset();
    expect(offset).toBe({ 'Asia/Bangkok': -420, UTC: 0, 'America/New_York': 300 }[zone]);
  });

  it('shows an instant as the business wall clock', () => {
    // half past midnight in Shanghai is still the 9th in Bangkok, in UTC and in New York
    expect(businessText('2026-11-09T16:30:00.000Z')).toBe('2026-11-10 00:30:00');
    expect(businessText('2026-11-10T00:30:00+08:00')).toBe('2026-11-10 00:30:00');
    expect(businessText('2026-11-09 16:30:00.123+00')).toBe('2026-11-10 00:30:00');
    expect(businessText('2026-11-10T00:30:00+0800')).toBe('2026-11-10 00:30:00');
    expect(businessText(new Date('2026-11-09T16:30:00Z'))).toBe('2026-11-10 00:30:00');
    expect(businessText(Date.parse('2026-11-09T16:30:00Z'))).toBe('2026-11-10 00:30:00');
    expect(formatDateTime('2026-11-09T16:30:00.456Z')).toBe('2026-11-10 00:30:00');
    expect(formatDate('2026-11-09T16:30:00Z')).toBe('2026-11-10');
    expect(formatBusinessTime('2026-11-09T16:30:00Z', 'MM/DD HH:mm')).toBe('11/10 00:30');
  });

  it('reads text without a zone as business time already', () => {
    expect(businessText('2026-11-10 00:30:00')).toBe('2026-11-10 00:30:00');
    expect(businessText('2026-11-10T00:30')).toBe('2026-11-10 00:30:00');
    expect(businessText('2026-11-10')).toBe('2026-11-10 00:00:00');
    expect(formatDate('2026-11-10')).toBe('2026-11-10');
  });

  it('leaves empty values empty and shows anything else as it is', () => {
    expect(businessText(null)).toBeNull();
    expect(businessText('')).toBeNull();
    expect(businessText('next week')).toBeNull();
    expect(businessText('2026/11/10 10:00')).toBeNull();
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('next week')).toBe('next week');
  });

  it('round-trips through a picker unchanged: the server reads the text as the same instant', () => {
    const picked = toPickerValue('2026-11-09T16:30:00.000Z');
    expect(picked?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-10 00:30');
    expect(fromPickerValue(picked)).toBe('2026-11-10 00:30:00');
    expect(fromPickerValue(picked, true)).toBe('2026-11-10');
    expect(fromPickerValue(null)).toBeNull();
    // what the server does with it (parseBusinessTime): 00:30 in Shanghai
    expect(new Date(`${fromPickerValue(picked)?.replace(' ', 'T')}+08:00`).toISOString()).toBe(
      '2026-11-09T16:30:00.000Z',
    );
  });

  it('turns a time typed into the picker (parsed in the browser zone) into the same wall clock', () => {
    const typed = dayjs('2026-03-08 02:30:00', 'YYYY-MM-DD HH:mm:ss');
    expect(fromPickerValue(asCarrier(typed))).toBe(typed.format('YYYY-MM-DD HH:mm:ss'));
    expect(fromPickerValue(asCarrier(dayjs('2026-11-10 00:30:00')))).toBe('2026-11-10 00:30:00');
  });

  it("takes 'now' and 'today' from the business clock", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-09T16:30:00Z'));
    expect(businessNowText()).toBe('2026-11-10 00:30:00');
    expect(fromPickerValue(businessNow())).toBe('2026-11-10 00:30:00');
    expect(businessToday()).toBe('2026-11-10');
    expect(businessToday(-30)).toBe('2026-10-11');
    expect(daysFromToday('2026-11-10')).toBe(0);
    expect(daysFromToday('2026-11-17')).toBe(7);
    expect(daysFromToday('2026-11-09')).toBe(-1);
  });

  it('adds whole days keeping the wall clock, also across a daylight-saving change of the browser', () => {
    expect(addBusinessDays('2026-11-09T16:30:00Z', 7)).toBe('2026-11-17 00:30:00');
    // 02:30 on 8 March 2026 does not exist in New York; business time is not New York's
    expect(addBusinessDays('2026-03-07 02:30:00', 1)).toBe('2026-03-08 02:30:00');
    expect(addBusinessDays(null, 1)).toBeNull();
  });

  it('follows the zone the server gives', () => {
    authStore.set({ timezone: 'Asia/Bangkok' });
    try {
      expect(businessText('2026-11-09T16:30:00Z')).toBe('2026-11-09 23:30:00');
    } finally {
      authStore.set({ timezone: 'Asia/Shanghai' });
    }
  });
});
