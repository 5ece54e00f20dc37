import { cachedIn } from './cached';

/**
 * The wall clock of an instant in an IANA time zone, for the server (platform/time.ts: offsets, business days) and
 * the web (lib/business-time.ts: what every screen shows). Formatters are cached per zone: creating one per call
 * dominated large exports. Pure Intl, no dependencies (the login page may load it).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** Every field of a date and time, two digits each (four for the year), on a 24-hour clock. */
export const DATE_TIME_FIELDS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

function zoneFormat(zone: string): Intl.DateTimeFormat {
  return cachedIn(formats, zone, () => new Intl.DateTimeFormat('en-US', { ...DATE_TIME_FIELDS, timeZone: zone }));
}

export interface TWallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The fields of an instant (epoch ms) on the zone's wall clock. */
export function wallClockParts(instant: number, zone: string): TWallClock {
  const p: Record<string, string> = {};
  for (const part of zoneFormat(zone).formatToParts(new Date(instant))) p[part.type] = part.value;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD HH:mm:ss' of an instant (epoch ms) on the zone's wall clock. */
export function wallClockText(instant: number, zone: string): string {
  const c = wallClockParts(instant, zone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

/** The zone's offset from UTC at an instant, in ms (Asia/Shanghai: +8 h), to the second. */
export function zoneOffsetMs(instant: number, zone: string): number {
  const c = wallClockParts(instant, zone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}
