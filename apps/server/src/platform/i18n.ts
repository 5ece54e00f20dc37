import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_LANGUAGE,
  interpolate,
  matchLanguage,
  parseTranslationSheet,
  pluralKeys,
  type TLanguage,
  type TTranslations,
} from '@theone/contracts';
import { findRepoRoot } from './config';

/**
 * Server-side messages come from the same translation sheet as the web (one sheet for a translator).
 * Error messages, export headers and PDF labels are translated here by key.
 */
let sheet: TTranslations | undefined;

export function translationSheetPath(): string {
  return path.join(findRepoRoot(), 'apps', 'web', 'public', 'i18n', 'translations.csv');
}

export function loadTranslations(file = translationSheetPath()): TTranslations {
  sheet = parseTranslationSheet(readFileSync(file, 'utf8'));
  return sheet;
}

function current(): TTranslations {
  return sheet ?? loadTranslations();
}

/**
 * Translates a key; falls back to zh-cn, then to the key itself so a missing row is visible, never blank. With a
 * numeric `count` the plural rows are used as on the web (`<key>_one` / `<key>_other`, contracts `pluralKeys`).
 */
export function t(key: string, lang: TLanguage = DEFAULT_LANGUAGE, params?: Record<string, unknown>): string {
  const s = current();
  for (const k of pluralKeys(key, lang, params)) {
    const template = s[lang]?.[k] || s[DEFAULT_LANGUAGE]?.[k];
    if (template) return interpolate(template, params);
  }
  return interpolate(key, params);
}

export function hasKey(key: string): boolean {
  return Boolean(current()[DEFAULT_LANGUAGE]?.[key]);
}

/** The caller's language: the Accept-Language the web client sends, else the user's setting, else zh-cn. */
export function resolveLanguage(acceptLanguage: string | undefined, userLang?: string | null): TLanguage {
  return matchLanguage(acceptLanguage) ?? matchLanguage(userLang) ?? DEFAULT_LANGUAGE;
}

/**
 * Messages stored in the database (login log) are kept as a key and its parameters ('err_login_failed {"left":3}')
 * and translated when read, so each reader sees them in their own language.
 */
export function storedMessage(key: string, params?: Record<string, unknown>): string {
  return params && Object.keys(params).length ? `${key} ${JSON.stringify(params)}` : key;
}

const STORED = /^((?:err|msg)_[a-z0-9_]+)(?: (\{.*\}))?$/;

export function translateStored(message: string, lang: TLanguage): string {
  const m = STORED.exec(message);
  if (!m) return message;
  try {
    return t(m[1]!, lang, m[2] ? JSON.parse(m[2]) : undefined);
  } catch {
    return message;
  }
}
