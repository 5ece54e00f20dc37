/** The three interface languages (spec §9): zh-cn is the default and the fallback. */
export const LANGUAGES = ['zh-cn', 'en', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-cn';

/** Each language's own name, shown in the switchers (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-cn': '简体中文', en: 'English', th: 'ไทย' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
