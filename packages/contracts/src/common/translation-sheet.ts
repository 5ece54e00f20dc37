import { cachedIn } from './cached';

/**
 * The translation sheet (apps/web/public/i18n/translations.csv): one row per key with columns
 * key, zh-cn, th, en; the first row is a header and is skipped (spec §7 'Language file').
 * A translator edits it in a spreadsheet program, so fields follow RFC 4180 (quotes, doubled quotes,
 * commas and newlines inside quotes). Interpolation uses i18next's `{{name}}` on both server and web.
 */
export const LANGUAGES = ['zh-cn', 'en', 'th'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'zh-cn';

export type TTranslations = Record<TLanguage, Record<string, string>>;

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.length > 1 || r[0] !== '');
}

/** Parses the sheet; later rows win over earlier rows with the same key. */
export function parseTranslationSheet(text: string): TTranslations {
  const out: TTranslations = { 'zh-cn': {}, en: {}, th: {} };
  const [, ...rows] = parseCsv(text);
  for (const [key, zh = '', th = '', en = ''] of rows) {
    const k = key?.trim();
    if (!k) continue;
    out['zh-cn'][k] = zh;
    out.th[k] = th;
    out.en[k] = en;
  }
  return out;
}

const pluralRules = new Map<TLanguage, Intl.PluralRules>();

/**
 * Plurals as i18next resolves them on the web: a message that counts something has rows `<key>_one`, `<key>_other`
 * (the CLDR forms of the language; zh-cn and th have only 'other', so their two rows hold the same text) and is
 * called with `count`. Answers the keys to try in order: the count's form, 'other', then the key itself.
 */
export function pluralKeys(key: string, lang: TLanguage, params?: Record<string, unknown>): string[] {
  const count = params?.count;
  if (typeof count !== 'number' || !Number.isFinite(count)) return [key];
  const rules = cachedIn(pluralRules, lang, () => new Intl.PluralRules(lang === 'zh-cn' ? 'zh' : lang));
  return [...new Set([`${key}_${rules.select(count)}`, `${key}_other`, key])];
}

/** Replaces `{{name}}` placeholders. */
export function interpolate(template: string, params?: Record<string, unknown>): string {
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) =>
    params[name] === undefined || params[name] === null ? m : String(params[name]),
  );
}

/** 'th-TH,th;q=0.9' -> 'th'; unknown -> undefined. */
export function matchLanguage(header: string | undefined | null): TLanguage | undefined {
  if (!header) return undefined;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase();
    if (!tag) continue;
    if (tag.startsWith('zh')) return 'zh-cn';
    if (tag.startsWith('th')) return 'th';
    if (tag.startsWith('en')) return 'en';
  }
  return undefined;
}

/**
 * One language's texts as the web loads them (a file per language, built from the sheet): an empty cell takes the
 * zh-cn text, as i18next's fallback would, so a language's file is all that language needs. Keys with no text in
 * either are left out.
 */
export function languageTexts(sheet: TTranslations, lang: TLanguage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, text] of Object.entries(sheet[lang])) {
    const value = text.trim() !== '' ? text : sheet[DEFAULT_LANGUAGE][key];
    if (value && value.trim() !== '') out[key] = value;
  }
  return out;
}
