import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import type { Language } from '../lib/languages';

/**
 * antd and dayjs locales follow the interface language. antd's zh-cn (the default) is bundled; en and th,
 * and dayjs with its locales, are fetched when needed so the login page does not carry them.
 */
const loaders: Record<Language, () => Promise<Locale>> = {
  'zh-cn': async () => zhCN,
  en: async () => (await import('antd/es/locale/en_US')).default,
  th: async () => (await import('antd/es/locale/th_TH')).default,
};

const DAYJS: Record<Language, () => Promise<unknown>> = {
  'zh-cn': () => import('dayjs/locale/zh-cn'),
  en: async () => undefined,
  th: () => import('dayjs/locale/th'),
};
const DAYJS_NAME: Record<Language, string> = { 'zh-cn': 'zh-cn', en: 'en', th: 'th' };

const cache = new Map<Language, Locale>([['zh-cn', zhCN]]);

export const bundledLocale = (language: Language): Locale | undefined => cache.get(language);

export async function loadLocale(language: Language): Promise<Locale> {
  const [locale, { default: dayjs }] = await Promise.all([
    cache.get(language) ?? loaders[language](),
    import('dayjs'),
    DAYJS[language](),
  ]);
  cache.set(language, locale);
  dayjs.locale(DAYJS_NAME[language]);
  return locale;
}
