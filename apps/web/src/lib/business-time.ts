import { wallClockText } from '@theone/contracts/common/zone-clock';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { authStore } from './session';

dayjs.extend(utc);

/**
 * Business time (docs/web.md 'Dates and times'). The company works in one time zone, the server's APP_TIMEZONE
 * (Asia/Shanghai by default), which the web learns from getInfo (`timezone`). Every business time is shown and
 * entered in it, whatever the browser's zone: a clerk in Bangkok and one in Guangzhou see the same '10:00'.
 *
 * - The server answers instants (ISO 8601 with 'Z'); it reads times without a zone ('YYYY-MM-DD HH:mm:ss') in the
 *   business zone. `businessText` turns either into the business wall clock, 'YYYY-MM-DD HH:mm:ss'.
 * - Date pickers hold a *carrier*: a dayjs in UTC mode whose fields are the business wall clock, so neither the
 *   browser's zone nor its daylight-saving gaps touch them (`toPickerValue` / `fromPickerValue`, and
 *   `BusinessDatePicker`, whose 'now' is `businessNow()`).
 * - A value the user did not touch is sent back exactly as the server answered it (the form keeps the server's
 *   string), so it is stored unchanged to the millisecond; an edited one goes as business text.
 * - Day boundaries of list filters are the server's: ranges go as business days ('YYYY-MM-DD').
 */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** What the server or a form holds for a time. */
export type TimeValue = string | number | Date | null | undefined;

export const businessTimeZone = (): string => authStore.get().timezone;

/** 'YYYY-MM-DD HH:mm:ss' of an instant (epoch ms) in the business time zone. */
const wallClock = (ms: number): string => wallClockText(ms, businessTimeZone());

/** Text without a zone: already business time (the server reads it so). */
const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?$/;
/** ISO 8601 with a zone (or PostgreSQL's text form, '+08' without minutes): an instant. */
const INSTANT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/;

/**
 * A time as 'YYYY-MM-DD HH:mm:ss' in the business time zone: an instant (ISO with a zone, Date, epoch ms) is
 * converted, text without a zone is business time already and only normalised ('2026-11-10' -> '2026-11-10
 * 00:00:00'). null for an empty value or anything that is not a time.
 */
export function businessText(value: TimeValue): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const text = value.trim();
    const m = WALL.exec(text);
    if (m) return `${m[1]}-${m[2]}-${m[3]} ${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}`;
    if (!INSTANT.test(text)) return null;
    const ms = Date.parse(text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
    return Number.isNaN(ms) ? null : wallClock(ms);
  }
  const ms = value instanceof Date ? value.getTime() : value;
  return Number.isFinite(ms) ? wallClock(ms) : null;
}

/**
 * Display: `YYYY-MM-DD HH:mm:ss` (or another dayjs format) in the business time zone; '' for no value, the value
 * itself when it is not a time.
 */
export function formatBusinessTime(value: TimeValue, format = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const text = businessText(value);
  if (text === null) return String(value);
  if (format === DATE_TIME_FORMAT) return text;
  if (format === DATE_FORMAT) return text.slice(0, 10);
  return toCarrier(text).format(format);
}

const toCarrier = (text: string): Dayjs => dayjs.utc(text);

/** The picker value of a server or form value: a carrier of its business wall clock (null when empty). */
export function toPickerValue(value: TimeValue): Dayjs | null {
  const text = businessText(value);
  return text === null ? null : toCarrier(text);
}

/** Any dayjs the picker made (a carrier, or a local dayjs it parsed from typed text) as a carrier. */
export function asCarrier(value: Dayjs): Dayjs {
  return value.isUTC() ? value : dayjs.utc(value.format('YYYY-MM-DDTHH:mm:ss.SSS')).locale(value.locale());
}

/** What the form keeps and the server takes: 'YYYY-MM-DD HH:mm:ss' (or 'YYYY-MM-DD') business text. */
export function fromPickerValue(value: Dayjs | null | undefined, dateOnly = false): string | null {
  if (!value?.isValid()) return null;
  return value.format(dateOnly ? DATE_FORMAT : DATE_TIME_FORMAT);
}

/** Now, as a picker carrier (the pickers' 'Now' and 'Today'). */
export const businessNow = (): Dayjs => toCarrier(wallClock(Date.now()));

/** Now as business text ('YYYY-MM-DD HH:mm:ss'), for a form's default time. */
export const businessNowText = (): string => wallClock(Date.now());

/** Today's business day ('YYYY-MM-DD'), or the day `offsetDays` from it. */
export function businessToday(offsetDays = 0): string {
  return toCarrier(wallClock(Date.now())).add(offsetDays, 'day').format(DATE_FORMAT);
}

/** A time plus whole days, as business text (the wall clock is kept: expected arrival = order time + transit days). */
export function addBusinessDays(value: TimeValue, days: number): string | null {
  const carrier = toPickerValue(value);
  return carrier ? fromPickerValue(carrier.add(days, 'day')) : null;
}

/** Whole business days from today to a day ('YYYY-MM-DD'): 0 today, negative once past. */
export function daysFromToday(day: string): number {
  const target = toPickerValue(day);
  return target ? target.startOf('day').diff(toCarrier(businessToday()), 'day') : Number.NaN;
}
