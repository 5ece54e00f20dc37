import Decimal from 'decimal.js';
import { z } from 'zod';

/**
 * Helper validators of spec §5, shared by the web forms and the server bodies so both accept exactly the
 * same input. Each rule is a plain predicate (`isX`) for ad-hoc checks and live hints, and a zod schema
 * (`zX`) whose message is a translation key (`err_*` in apps/web/public/i18n/translations.csv): the
 * server answers the key, the client translates it, so no language is baked into the rule.
 *
 * The spec was written for China only; the business delivers in Thailand, so phones, plates, ID cards
 * and postal codes also accept the Thai forms where a screen needs them (chosen, see screens docs).
 * Phones and plates are written with spaces, hyphens or dots by people and scanners: the predicates
 * ignore those separators. The schemas trim but otherwise keep what was typed (no transform), so the
 * same schema can also describe a response.
 */

// ---------------------------------------------------------------------------------------------------
// Phones

/** Spaces, hyphens and dots people put inside phone numbers and plates ('081-234-5678', '138 1234 5678'). */
const SEPARATORS = /[\s\-.·•]/g;
const stripSeparators = (value: string) => value.replace(SEPARATORS, '');

/** China mobile: 11 digits, 13x-19x; an optional +86 / 0086 country prefix. */
export function isChinaMobile(value: string): boolean {
  return /^(?:\+86|0086)?1[3-9]\d{9}$/.test(stripSeparators(value));
}

/** Thai mobile: 10 digits starting 06, 08 or 09, or the +66 form without the leading 0 (+66812345678). */
export function isThaiMobile(value: string): boolean {
  return /^(?:0|\+66|0066)[689]\d{8}$/.test(stripSeparators(value));
}

/** A China or a Thai mobile number (consignees, drivers and staff are in both countries). */
export function isMobile(value: string): boolean {
  return isChinaMobile(value) || isThaiMobile(value);
}

/** China landline (spec §5): a 3-4 digit area code starting with 0, then 7-8 digits, optional hyphen. */
export function isChinaLandline(value: string): boolean {
  return /^0\d{2,3}-?[1-9]\d{6,7}$/.test(value.trim().replace(/\s+/g, ''));
}

/** Thai landline (chosen addition): 9 digits, 0 then area 2-7 ('02-123-4567', '053 123 456'). */
export function isThaiLandline(value: string): boolean {
  return /^0[2-7]\d{7}$/.test(stripSeparators(value));
}

/** A China or a Thai landline. */
export function isLandline(value: string): boolean {
  return isChinaLandline(value) || isThaiLandline(value);
}

/** Any phone a contact field accepts: mobile or landline, China or Thailand (address tel, consigneeTel). */
export function isPhone(value: string): boolean {
  return isMobile(value) || isLandline(value);
}

/**
 * The digits-only national form used to store and search phones: '+66 81-234-5678' -> '0812345678',
 * '+86 138 1234 5678' -> '13812345678'. Landlines keep their area code. Null when it is not a phone.
 */
export function normalizePhone(value: string): string | null {
  if (!isPhone(value)) return null;
  const compact = stripSeparators(value);
  if (/^(?:\+66|0066)/.test(compact)) return `0${compact.replace(/^(?:\+66|0066)/, '')}`;
  return compact.replace(/^(?:\+86|0086)/, '');
}

// ---------------------------------------------------------------------------------------------------
// Accounts and passwords

/** Account (user name, agent portal login): a letter, then 4-15 letters, digits or underscores (5-16 in all). */
export function isAccount(value: string): boolean {
  return /^[A-Za-z]\w{4,15}$/.test(value);
}

/** Password (spec §5): a letter, then 5-15 word characters (6-16 in all). */
export function isPassword(value: string): boolean {
  return /^[A-Za-z]\w{5,15}$/.test(value);
}

export type TPasswordStrength = 'weak' | 'medium' | 'strong';

/** How many of the four character classes (lower case, upper case, digits, symbols) the text uses. */
export function passwordClassCount(value: string): number {
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/];
  return classes.filter((re) => re.test(value)).length;
}

/**
 * Strength for the meter: weak under 6 characters or a single character class; medium with two classes;
 * strong with three or more (the spec's strong-password rule: at least three of lower/upper/digit/symbol).
 */
export function passwordStrength(value: string): TPasswordStrength {
  const classes = passwordClassCount(value);
  if ([...value].length < 6 || classes <= 1) return 'weak';
  return classes === 2 ? 'medium' : 'strong';
}

/** Strong password (spec §5): 6-16 characters with at least three of lower/upper letters, digits, symbols. */
export function isStrongPassword(value: string): boolean {
  const length = [...value].length;
  return length >= 6 && length <= 16 && passwordStrength(value) === 'strong';
}

/** User password (screens §4.1, chosen instead of §5's 6-16): 8-64 characters and not weak on the meter. */
export function isUserPassword(value: string): boolean {
  const length = [...value].length;
  return length >= 8 && length <= 64 && passwordStrength(value) !== 'weak';
}

// ---------------------------------------------------------------------------------------------------
// Network, identity, address

/** Dotted IPv4, each part 0-255 without leading zeros ('010.0.0.1' is refused: it reads as octal to some tools). */
export function isIPv4(value: string): boolean {
  const part = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
  return new RegExp(`^${part}(?:\\.${part}){3}$`).test(value);
}

/**
 * E-mail: a practical subset of RFC 5321 (what mail servers deliver to): local part of letters, digits and
 * `._%+-` without leading, trailing or doubled dots; a domain of at least two labels; 254 characters at most.
 */
export function isEmail(value: string): boolean {
  if (value.length > 254) return false;
  const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
  const re = new RegExp(`^[A-Za-z0-9_%+-]+(?:\\.[A-Za-z0-9_%+-]+)*@${label}(?:\\.${label})*\\.[A-Za-z]{2,63}$`);
  const local = value.split('@')[0] ?? '';
  return local.length <= 64 && re.test(value);
}

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK = '10X98765432';

/** A day that exists in the Gregorian calendar (no 30 February, no month 13, 29 February in leap years only). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= (days[month - 1] ?? 0);
}

/**
 * 18-digit Chinese resident ID (GB 11643): region (first digit 1-9), a real birth date 1900-2099, sequence,
 * and the ISO 7064 MOD 11-2 check character (0-9 or X; a lower-case x is accepted as people type it).
 */
export function isChinaIdCard(value: string): boolean {
  const id = value.trim().toUpperCase();
  if (!/^[1-9]\d{5}(?:19|20)\d{9}[\dX]$/.test(id)) return false;
  if (!isCalendarDate(Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14)))) return false;
  let total = 0;
  for (let i = 0; i < 17; i++) total += Number(id[i]) * (ID_CARD_WEIGHTS[i] ?? 0);
  return ID_CARD_CHECK[total % 11] === id[17];
}

/** Thai national ID (chosen, sign and driver screens): 13 digits, the last a mod-11 check digit; hyphens allowed. */
export function isThaiIdCard(value: string): boolean {
  const id = stripSeparators(value);
  if (!/^[1-8]\d{12}$/.test(id)) return false;
  let total = 0;
  for (let i = 0; i < 12; i++) total += Number(id[i]) * (13 - i);
  return (11 - (total % 11)) % 10 === Number(id[12]);
}

/** An 18-digit Chinese or a 13-digit Thai ID (signIdcard, driver idCard). */
export function isIdCard(value: string): boolean {
  return isChinaIdCard(value) || isThaiIdCard(value);
}

/**
 * Chinese full name: 2-20 characters, Han characters with single middle dots between parts
 * (minority and transliterated names such as 阿沛·阿旺晋美).
 */
export function isChineseName(value: string): boolean {
  const length = [...value].length;
  return length >= 2 && length <= 20 && /^\p{Script=Han}+(?:[·•・]\p{Script=Han}+)*$/u.test(value);
}

/** China postal code (spec §5): 6 digits. */
export function isPostalCode(value: string): boolean {
  return /^\d{6}$/.test(value);
}

/** Thai postal code (chosen addition for consignee addresses): 5 digits, 10xxx-96xxx. */
export function isThaiPostalCode(value: string): boolean {
  return /^(?:1\d|[2-8]\d|9[0-6])\d{3}$/.test(value);
}

/**
 * http or https URL with a host (domain name, localhost or IPv4), optional port, path, query and fragment.
 * Other schemes (javascript:, ftp:, data:) are refused so a stored link can be rendered as an anchor safely.
 */
export function isUrl(value: string): boolean {
  const label = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
  const host = `(?:localhost|${label}(?:\\.${label})*\\.[A-Za-z]{2,63}|\\d{1,3}(?:\\.\\d{1,3}){3})`;
  const re = new RegExp(`^https?://${host}(?::\\d{1,5})?(?:[/?#][^\\s]*)?$`, 'i');
  if (value.length > 2000 || !re.test(value)) return false;
  const ip = /^https?:\/\/(\d{1,3}(?:\.\d{1,3}){3})(?:[:/?#]|$)/i.exec(value);
  return ip?.[1] === undefined || isIPv4(ip[1]);
}

// ---------------------------------------------------------------------------------------------------
// Plates and containers

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领';
/** Letters on Chinese plates: A-Z without I and O (they read as 1 and 0). */
const PLATE_LETTER = 'A-HJ-NP-Z';
const CHINA_PLATE = new RegExp(
  `^[${PROVINCES}][${PLATE_LETTER}](?:` +
    // ordinary 7-character plate; the last may be a trailer/coach/police/HK/Macau marker
    `[${PLATE_LETTER}0-9]{4}[${PLATE_LETTER}0-9挂学警港澳]` +
    // new-energy 8-character plates: small car (letter D/F/A-K first) or large vehicle (letter last)
    `|[A-HJK][${PLATE_LETTER}0-9]\\d{4}|\\d{5}[A-HJK])$`,
);

/** Chinese licence plate, ordinary (粤B12345) and new-energy (粤BD12345, 粤B12345D); separators and case ignored. */
export function isChinaPlate(value: string): boolean {
  return CHINA_PLATE.test(stripSeparators(value).toUpperCase());
}

/** Thai consonants ก-ฮ; provinces use the whole Thai block (vowels and tone marks). */
const THAI_PLATE = /^(?:\d?[ก-ฮ]{1,2}[\s-]?\d{1,4}|\d{2}-?\d{4})(?:\s+[\u0E01-\u0E4E]{2,})?$/;

/**
 * Thai plate: cars '1กข 1234' or 'กข 1234' (optional leading digit, one or two consonants, 1-4 digits),
 * trucks '70-1234', each optionally followed by the province ('1กข 1234 กรุงเทพมหานคร').
 */
export function isThaiPlate(value: string): boolean {
  return THAI_PLATE.test(value.trim().replace(/\s+/g, ' '));
}

/** A Chinese or a Thai plate (truckNo of land shipments, vehicles on both sides of the border). */
export function isPlate(value: string): boolean {
  return isChinaPlate(value) || isThaiPlate(value);
}

/**
 * The ISO 6346 check digit of a container number's first ten characters (owner code, category, 6-digit serial):
 * letter values skip multiples of 11; sum of value × 2^position, mod 11, mod 10.
 */
export function containerCheckDigit(body: string): number {
  let total = 0;
  for (let i = 0; i < 10; i++) {
    const ch = body.charCodeAt(i);
    let v: number;
    if (i < 4) {
      v = ch - 55; // A = 10
      v += Math.floor((v - 1) / 10); // skip 11, 22, 33
    } else {
      v = ch - 48;
    }
    total += v * 2 ** i;
  }
  return (total % 11) % 10;
}

/** A container number of `owner` (4 letters, e.g. 'BNSU') and a serial (last 6 digits), with its check digit. */
export function makeContainerNo(owner: string, serial: number | string): string {
  const body = `${owner}${String(serial).padStart(6, '0').slice(-6)}`;
  return `${body}${containerCheckDigit(body)}`;
}

/** ISO 6346 container number (chosen, load dialog): owner code (3 letters), category (U, J or Z), 6 digits, check digit. */
export function isContainerNo(value: string): boolean {
  const code = stripSeparators(value).toUpperCase();
  if (!/^[A-Z]{3}[UJZ]\d{7}$/.test(code)) return false;
  return containerCheckDigit(code) === Number(code[10]);
}

// ---------------------------------------------------------------------------------------------------
// Dates and times

const DAY_TEXT = /^([1-9]\d{3})-(\d{2})-(\d{2})$/;
const DATE_TIME_TEXT =
  /^([1-9]\d{3})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/i;

/** A calendar day 'YYYY-MM-DD' that exists (years 1000-9999): '2026-02-30', '2026-13-01' are refused. */
export function isDayText(value: string): boolean {
  const m = DAY_TEXT.exec(value);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * A day or a wall-clock time the API takes in bodies and filters: 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm[:ss]' (the business
 * time zone) or ISO 8601 with 'T', milliseconds and a zone ('Z', '+07:00', '+0700'). Every part must exist: the day
 * in the calendar, hours 00-23 (no '24:00:00', which PostgreSQL and Date.parse read as the next midnight), minutes
 * and seconds 00-59 (no leap second), a zone offset within ±14:59. JavaScript's Date.parse takes '2026-02-30' as
 * 2 March, so it is no check.
 */
export function isDateTimeText(value: string): boolean {
  const m = DATE_TIME_TEXT.exec(value);
  if (m === null || !isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  const [hour, minute, second, offsetHour, offsetMinute] = [m[4], m[5], m[6], m[8], m[9]].map((v) =>
    v === undefined ? 0 : Number(v),
  ) as [number, number, number, number, number];
  return hour <= 23 && minute <= 59 && second <= 59 && offsetHour <= 14 && offsetMinute <= 59;
}

// ---------------------------------------------------------------------------------------------------
// Number cleaners (input masks: applied on every keystroke, so they never reject, they repair)

/** Integer only: drops everything that is not a digit and the leading zeros ('a0012b3' -> '123'). */
export function cleanInteger(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.replace(/^0+(?=\d)/, '');
}

/**
 * Decimal with at most 2 places: keeps digits and the first dot, cuts (does not round) further decimals,
 * so typing never changes a digit already entered. A leading dot becomes '0.'; '12.' stays while typing.
 */
export function cleanDecimal2(value: string): string {
  const kept = value.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  const integer = (dot === -1 ? kept : kept.slice(0, dot)).replace(/^0+(?=\d)/, '');
  if (dot === -1) return integer;
  const fraction = kept
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, 2);
  return `${integer === '' ? '0' : integer}.${fraction}`;
}

/** Percentage: a 2-place decimal capped at 100 (spec §9). */
export function cleanPercent(value: string): string {
  const cleaned = cleanDecimal2(value);
  if (cleaned === '' || cleaned === '0.') return cleaned;
  return new Decimal(cleaned.endsWith('.') ? cleaned.slice(0, -1) : cleaned).gt(100) ? '100' : cleaned;
}

// ---------------------------------------------------------------------------------------------------
// Colours (theme primary colour input)

/** Six hex digits, with or without '#'. */
export function isHexColor(value: string): boolean {
  return /^#?[0-9a-fA-F]{6}$/.test(value.trim());
}

const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i;

/** 'rgb(1,22,255)': three values of 1-3 digits, each 0-255; spaces around values allowed. */
export function isRgbColor(value: string): boolean {
  const m = RGB.exec(value.trim());
  return m?.slice(1, 4).every((part) => Number(part) <= 255) ?? false;
}

/** The colour as lower-case '#rrggbb', from either form; null when it is neither. */
export function parseColor(value: string): string | null {
  const text = value.trim();
  if (isHexColor(text)) return `#${text.replace('#', '').toLowerCase()}`;
  const m = RGB.exec(text);
  if (m === null || !isRgbColor(text)) return null;
  return `#${m
    .slice(1, 4)
    .map((part) => Number(part).toString(16).padStart(2, '0'))
    .join('')}`;
}

// ---------------------------------------------------------------------------------------------------
// zod schemas: the message is the translation key

/** Message keys of these schemas, for tests and for anyone checking the translation sheet. */
export const VALIDATOR_MESSAGE_KEYS = {
  mobile: 'err_mobile',
  landline: 'err_landline',
  phone: 'err_phone',
  account: 'err_account',
  password: 'err_password',
  strongPassword: 'err_strong_password',
  userPassword: 'err_user_password',
  ipv4: 'err_ipv4',
  email: 'err_email',
  idCard: 'err_id_card',
  chineseName: 'err_chinese_name',
  postalCode: 'err_postal_code',
  url: 'err_url',
  plate: 'err_plate',
  containerNo: 'err_container_no',
  hexColor: 'err_hex_color',
  rgbColor: 'err_rgb_color',
  color: 'err_color',
} as const;

const K = VALIDATOR_MESSAGE_KEYS;
/** A trimmed string checked by a predicate, with a translation key as the message. */
const trimmed = (check: (value: string) => boolean, message: string, max = 255) =>
  z.string().trim().max(max, message).refine(check, message);
/** Passwords are never trimmed: a space is a character the user chose. */
const untrimmed = (check: (value: string) => boolean, message: string) => z.string().refine(check, message);

export const zMobile = trimmed(isMobile, K.mobile, 30);
export const zChinaMobile = trimmed(isChinaMobile, K.mobile, 30);
export const zThaiMobile = trimmed(isThaiMobile, K.mobile, 30);
export const zLandline = trimmed(isLandline, K.landline, 30);
export const zPhone = trimmed(isPhone, K.phone, 30);
export const zAccount = trimmed(isAccount, K.account, 16);
export const zPassword = untrimmed(isPassword, K.password);
export const zStrongPassword = untrimmed(isStrongPassword, K.strongPassword);
export const zUserPassword = untrimmed(isUserPassword, K.userPassword);
export const zIPv4 = trimmed(isIPv4, K.ipv4, 15);
export const zEmail = trimmed(isEmail, K.email, 254);
export const zChinaIdCard = trimmed(isChinaIdCard, K.idCard, 18);
export const zIdCard = trimmed(isIdCard, K.idCard, 20);
export const zChineseName = trimmed(isChineseName, K.chineseName, 40);
export const zPostalCode = trimmed(isPostalCode, K.postalCode, 6);
export const zThaiPostalCode = trimmed(isThaiPostalCode, K.postalCode, 5);
export const zUrl = trimmed(isUrl, K.url, 2000);
export const zChinaPlate = trimmed(isChinaPlate, K.plate, 20);
export const zThaiPlate = trimmed(isThaiPlate, K.plate, 40);
export const zPlate = trimmed(isPlate, K.plate, 40);
export const zContainerNo = trimmed(isContainerNo, K.containerNo, 15);
export const zHexColor = trimmed(isHexColor, K.hexColor, 7);
export const zRgbColor = trimmed(isRgbColor, K.rgbColor, 30);
/** Either colour form, normalised to '#rrggbb' (the one schema here with a transform: themes store one form). */
export const zColor = z
  .string()
  .trim()
  .refine((value) => parseColor(value) !== null, K.color)
  .transform((value) => parseColor(value) ?? value)
  .pipe(z.string());
