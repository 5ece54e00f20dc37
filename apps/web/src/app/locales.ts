import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import type { Language } from '../lib/languages';

/**
 * antd and dayjs locales follow the interface language. antd's zh-cn (the default) is bundled; en and th are
 * fetched when needed. dayjs (dates) and its locales are fetched by the signed-in layout (LayoutProviders), the
 * only pages that show dates, so the login page does not download them.
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
  const locale = cache.get(language) ?? (await loaders[language]());
  cache.set(language, locale);
  return locale;
}

export async function applyDayjsLocale(language: Language): Promise<void> {
  const [{ default: dayjs }] = await Promise.all([import('dayjs'), DAYJS[language]()]);
  dayjs.locale(DAYJS_NAME[language]);
}
