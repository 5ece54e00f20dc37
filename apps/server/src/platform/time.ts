import { DATE_TIME_FIELDS, zoneOffsetMs } from '@theone/contracts/common/zone-clock';

/**
 * Business time: the company works in one time zone (config.timezone, default Asia/Shanghai). Day boundaries, price
 * validity, dates typed without a zone and dates shown in exports and PDFs are read in it. Formatters are cached per
 * zone: creating one per call dominated large exports.
 */

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export const DEFAULT_TIMEZONE = 'Asia/Shanghai';
let configuredZone = DEFAULT_TIMEZONE;

/**
 * The configured business time zone (APP_TIMEZONE), set once by buildApp. Helpers that are not handed a zone
 * (`dateRange`, `sendExcel`) read it, so every list filter, export and print of the process uses the same zone.
 */
export function businessTimeZone(): string {
  return configuredZone;
}

export function setBusinessTimeZone(timezone: string): void {
  if (!isTimeZone(timezone)) throw new Error(`Unknown time zone '${timezone}'`);
  configuredZone = timezone;
}

/** True for an IANA zone name the runtime knows ('Asia/Shanghai', 'UTC'). */
export function isTimeZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return timezone !== '';
  } catch {
    return false;
  }
}

/**
 * 'YYYY-MM-DD HH:mm:ss' (or the date) in the business time zone. 'sv-SE' writes exactly that pattern; the formatter is
 * cached per zone because creating one per cell was a third of a large export's CPU.
 */
export function formatDateTime(value: Date | string, timezone: string, dateOnly = false): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  let f = dateTimeFormats.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', { ...DATE_TIME_FIELDS, timeZone: timezone });
    dateTimeFormats.set(timezone, f);
  }
  const text = f.format(d);
  return dateOnly ? text.slice(0, 10) : text;
}

const ZONED = /[zZ]|[+-]\d{2}:?\d{2}$/;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A body time ('YYYY-MM-DD HH:mm:ss' in the business time zone, or ISO 8601 with a zone) as a Date; undefined and
 * null pass through.
 */
export function parseBusinessTime(value: string | null | undefined, timezone: string): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const text = value.trim().replace(' ', 'T');
  if (ZONED.test(text)) return new Date(text);
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/.exec(text);
  if (!m) return new Date(Number.NaN);
  const local = Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
    Number(m[7] ?? 0),
  );
  let utc = local - zoneOffsetMs(local, timezone);
  const again = local - zoneOffsetMs(utc, timezone);
  if (again !== utc) utc = again;
  return new Date(utc);
}

/** 'YYYY-MM-DD' of an instant in the business time zone (price validity is by this day). */
export function businessDay(date: Date, timezone: string): string {
  let f = dayFormats.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timezone, f);
  }
  return f.format(date);
}

/** Today ('YYYY-MM-DD') in the business time zone. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  return businessDay(now, timezone);
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
