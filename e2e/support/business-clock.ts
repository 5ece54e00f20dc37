/**
 * The business clock of the e2e server (APP_TIMEZONE unset: Asia/Shanghai): an instant as the screens show it,
 * 'YYYY-MM-DD HH:mm:ss', whatever the zone of the browser or of the test runner.
 */
const SHANGHAI = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export const businessClock = (instant: string | Date = new Date()) => SHANGHAI.format(new Date(instant));

/** 'YYYY-MM-DD' plus n days (calendar arithmetic). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
