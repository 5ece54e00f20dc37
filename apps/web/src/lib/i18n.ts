import { parseTranslationSheet } from '@theone/contracts/common/translation-sheet';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_ZH_CN } from './i18n-fallback';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';
import { localStore } from './storage';

/**
 * Translations come from one sheet a translator edits in a spreadsheet (`public/i18n/translations.csv`,
 * columns key, zh-cn, th, en; the header row is skipped), fetched at start-up. If it cannot be loaded the
 * app runs on the built-in zh-cn subset (`i18n-fallback.ts`) and logs the failure to the console only.
 * Placeholders are i18next's, as the server uses them: `t('confirm_approve', { n: 3 })` fills `{{n}}`.
 */
export const TRANSLATIONS_URL = `${import.meta.env.BASE_URL}i18n/translations.csv`;
export const LANGUAGE_STORAGE = 'language';

export { parseTranslationSheet };

export function storedLanguage(): Language {
  const value = localStore.get<unknown>(LANGUAGE_STORAGE, DEFAULT_LANGUAGE);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function currentLanguage(): Language {
  const value = i18n.language;
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** Fetches the sheet and adds its bundles; false (and a console error) when it cannot. */
export async function loadTranslations(fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(TRANSLATIONS_URL);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const bundles = parseTranslationSheet(await response.text());
    for (const language of LANGUAGES) {
      // Empty cells are left out so the zh-cn fallback applies.
      const entries = Object.entries(bundles[language]).filter(([, text]) => text.trim() !== '');
      i18n.addResourceBundle(language, 'translation', Object.fromEntries(entries), true, true);
    }
    return true;
  } catch (error) {
    console.error('[i18n] the translation sheet could not be loaded; using the built-in zh-cn texts', error);
    return false;
  }
}

export async function initI18n(options: { fetcher?: typeof fetch; language?: Language } = {}) {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: { [DEFAULT_LANGUAGE]: { translation: { ...FALLBACK_ZH_CN } } },
      lng: options.language ?? storedLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES,
      lowerCaseLng: true,
      load: 'currentOnly',
      returnEmptyString: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  await loadTranslations(options.fetcher);
  applyDocumentLanguage(currentLanguage());
  return i18n;
}

function applyDocumentLanguage(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'zh-cn' ? 'zh-CN' : language;
}

/** Switches the interface language; antd and dayjs locales follow (see app/providers). */
export async function changeLanguage(language: Language) {
  localStore.set(LANGUAGE_STORAGE, language);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

/** Translate outside React (request client, stores). */
export const translate = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);

export { i18n };
