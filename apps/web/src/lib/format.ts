import dayjs from 'dayjs';

/**
 * Display formats (spec §9): dates `YYYY-MM-DD HH:mm:ss`; money as decimal strings with thousands
 * separators, rounded half up on the digits themselves (never through a JS number).
 */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY-MM-DD';

export function formatDateTime(value: string | number | Date | null | undefined, format = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : String(value);
}

export const formatDate = (value: string | number | Date | null | undefined) => formatDateTime(value, DATE_FORMAT);

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

/** True for a negative decimal string (for red amounts). */
export const isNegativeAmount = (value: string | number | null | undefined) =>
  value !== null && value !== undefined && /^-\d*\.?\d*[1-9]/.test(String(value).trim());
