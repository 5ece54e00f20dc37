import { DATE_TIME_FIELDS } from '@theone/contracts/common/zone-clock';

/**
 * The business clock of the e2e server (APP_TIMEZONE unset: Asia/Shanghai): an instant as the screens show it,
 * 'YYYY-MM-DD HH:mm:ss', whatever the zone of the browser or of the test runner.
 */
const SHANGHAI = new Intl.DateTimeFormat('sv-SE', { ...DATE_TIME_FIELDS, timeZone: 'Asia/Shanghai' });

export const businessClock = (instant: string | Date = new Date()) => SHANGHAI.format(new Date(instant));

/** 'YYYY-MM-DD' plus n days (calendar arithmetic). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
