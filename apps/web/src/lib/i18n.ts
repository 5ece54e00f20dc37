import { parseTranslationSheet } from '@theone/contracts/common/translation-sheet';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_ZH_CN } from './i18n-fallback';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './languages';
import { localStore } from './storage';
import { createStore } from './store';

/**
 * Translations come from one sheet a translator edits in a spreadsheet (`public/i18n/translations.csv`,
 * columns key, zh-cn, th, en). The build turns it into one hashed file per language (build/translations.ts, names in
 * `__TRANSLATION_FILES__`), and the browser loads only the language it shows: at start-up, and the first time the
 * user switches to another. If a file cannot be loaded the app runs on the built-in zh-cn subset
 * (`i18n-fallback.ts`) and logs the failure to the console only.
 *
 * The login page waits for no file: the build puts the texts its own code uses into the first load, in the three
 * languages (`__BOOT_TRANSLATIONS__`). Started at /login, the app runs on them; signing in or opening any other
 * page loads the file first (`ensureTranslations`, awaited by the route guard). Outside a build (dev, tests) there
 * are no boot texts and the file is loaded at start-up.
 * Placeholders are i18next's, as the server uses them: `t('confirm_approve', { n: 3 })` fills `{{n}}`.
 */
type Texts = Record<string, string>;
declare const __TRANSLATION_FILES__: Record<Language, string> | undefined;
declare const __BOOT_TRANSLATIONS__: Record<Language, Texts> | string | undefined;
const FILES = typeof __TRANSLATION_FILES__ === 'object' ? __TRANSLATION_FILES__ : undefined;
const BOOT = typeof __BOOT_TRANSLATIONS__ === 'object' ? __BOOT_TRANSLATIONS__ : undefined;

/** Where a language's texts are (outside a Vite build, e.g. unit tests: `<base>i18n/<language>.json`). */
export function translationsUrl(language: Language): string {
  return `${import.meta.env.BASE_URL}${FILES?.[language] ?? `i18n/${language}.json`}`;
}

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

let fetchTexts: typeof fetch = (...args) => fetch(...args);
let boot: Record<Language, Texts> | undefined = BOOT;
const loaded = new Set<Language>();

/** `full`: the language's file is wanted and there (or failed: the app goes on with what it has). */
export const translationsStore = createStore({ full: false });

/** Fetches one language's texts and adds them; false (and a console error) when it cannot. */
export async function loadTranslations(language: Language, fetcher: typeof fetch = fetchTexts): Promise<boolean> {
  try {
    const response = await fetcher(translationsUrl(language));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const texts = (await response.json()) as Record<string, string>;
    i18n.addResourceBundle(language, 'translation', texts, true, true);
    loaded.add(language);
    return true;
  } catch (error) {
    console.error(`[i18n] the ${language} texts could not be loaded; using the built-in zh-cn texts`, error);
    return false;
  }
}

const loading = new Map<Language, Promise<boolean>>();
function loadOnce(language: Language): Promise<boolean> {
  let pending = loading.get(language);
  if (!pending) {
    pending = loadTranslations(language).finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** Adds a language's boot texts; false when there are none (outside a build). */
function addBootTexts(language: Language): boolean {
  const texts = boot?.[language];
  if (!texts) return false;
  i18n.addResourceBundle(language, 'translation', texts, true, true);
  return true;
}

/** Loads the current language's file unless it is there; every page but /login waits for this. */
export async function ensureTranslations(): Promise<void> {
  const language = currentLanguage();
  if (!loaded.has(language)) await loadOnce(language);
  if (!translationsStore.get().full) translationsStore.set({ full: true });
}

/**
 * Starts i18next in the stored language with that language's texts: the boot texts when the app opens at /login
 * (`path`), else its file (`fetcher` serves later loads too; `boot` replaces the build's boot texts in tests).
 */
export async function initI18n(
  options: { fetcher?: typeof fetch; language?: Language; path?: string; boot?: Record<Language, Texts> } = {},
) {
  if (options.fetcher) fetchTexts = options.fetcher;
  if (options.boot) boot = options.boot;
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
  const path = options.path ?? (typeof location === 'undefined' ? '' : location.pathname);
  if (!(/\/login\/?$/.test(path) && addBootTexts(currentLanguage()))) await ensureTranslations();
  applyDocumentLanguage(currentLanguage());
  return i18n;
}

function applyDocumentLanguage(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'zh-cn' ? 'zh-CN' : language;
}

/** Switches the interface language (loading its texts the first time); antd and dayjs locales follow. */
export async function changeLanguage(language: Language) {
  localStore.set(LANGUAGE_STORAGE, language);
  const wanted = translationsStore.get().full || !addBootTexts(language);
  if (wanted && !loaded.has(language)) await loadOnce(language);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

/** Translate outside React (request client, stores). */
export const translate = (key: string, values?: Record<string, unknown>) => i18n.t(key, values);

export { i18n };
