import { DATE_FORMAT, DATE_TIME_FORMAT, formatBusinessTime, type TimeValue } from './business-time';

/**
 * Display formats (spec §9): dates `YYYY-MM-DD HH:mm:ss` in the business time zone (lib/business-time), whatever
 * the browser's zone; money as decimal strings with thousands separators, rounded half up on the digits themselves
 * (never through a JS number).
 */
export { DATE_FORMAT, DATE_TIME_FORMAT };

export function formatDateTime(value: TimeValue, format = DATE_TIME_FORMAT): string {
  return formatBusinessTime(value, format);
}

export const formatDate = (value: TimeValue) => formatDateTime(value, DATE_FORMAT);

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** '1234.5' -> '1,234.50'; '-0.005' -> '-0.01'; non-numeric text is returned as it is. */
export function formatMoney(value: string | number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim();
  if (text === '' || !DECIMAL.test(text)) return text;
  const negative = text.startsWith('-');
  const unsigned = text.replace(/^[-+]/, '');
  const [intRaw, fracRaw = ''] = unsigned.split('.');
  let int = intRaw.replace(/^0+(?=\d)/, '') || '0';
  let frac = fracRaw;
  if (frac.length > decimals) {
    const roundUp = frac.charCodeAt(decimals) >= 53; // '5'
    frac = frac.slice(0, decimals);
    if (roundUp) {
      const digits = `${int}${frac}`.split('').map(Number);
      let i = digits.length - 1;
      while (i >= 0 && digits[i] === 9) {
        digits[i] = 0;
        i--;
      }
      if (i < 0) digits.unshift(1);
      else digits[i]++;
      const all = digits.join('');
      int = all.slice(0, all.length - decimals) || '0';
      frac = all.slice(all.length - decimals);
    }
  } else {
    frac = frac.padEnd(decimals, '0');
  }
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const zero = /^0$/.test(int) && /^0*$/.test(frac);
  return `${negative && !zero ? '-' : ''}${grouped}${decimals > 0 ? `.${frac}` : ''}`;
}

/** A decimal string without its trailing zeros ('0.300000' -> '0.3', '12.000' -> '12'), never through a number. */
export function plainDecimal(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim();
  if (!DECIMAL.test(text) || !text.includes('.')) return text;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

/** True for a negative decimal string (for red amounts). */
export const isNegativeAmount = (value: string | number | null | undefined) =>
  value !== null && value !== undefined && /^-\d*\.?\d*[1-9]/.test(String(value).trim());
