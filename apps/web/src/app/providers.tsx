import { ConfigProvider, Spin, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { overlayStore } from '../lib/overlay';
import { useLanguage } from '../lib/use-language';
import { bundledLocale, loadLocale } from './locales';
import { settingsStore } from './settings/settings-store';

/**
 * Providers of every page: antd ConfigProvider (theme colour, dark algorithm, component size, locale
 * following i18next; also applied to antd's static message/modal through `holderRender`), the download
 * overlay, and the html classes for grayscale and colour-weak modes. TanStack Query and antd's <App>
 * live in the layout (layout/LayoutProviders): the login page needs neither, and leaving them out keeps
 * its first load small (scripts/check-web-budget.mjs).
 */
const SIZE = { mini: 'small', default: 'middle', large: 'large' } as const;

function GlobalOverlay() {
  const text = overlayStore.use((s) => s.text);
  if (!text) return null;
  return <Spin fullscreen spinning description={text} />;
}

function useAntdLocale(): Locale | undefined {
  const language = useLanguage();
  const [locale, setLocale] = useState<Locale | undefined>(() => bundledLocale(language));
  useEffect(() => {
    let live = true;
    loadLocale(language).then((l) => live && setLocale(l));
    return () => {
      live = false;
    };
  }, [language]);
  return locale;
}

function useHtmlModes() {
  const isGrayscale = settingsStore.use((s) => s.isGrayscale);
  const isInvert = settingsStore.use((s) => s.isInvert);
  const isDark = settingsStore.use((s) => s.isDark);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('theone-grayscale', isGrayscale);
    root.classList.toggle('theone-invert', isInvert);
    root.dataset.theme = isDark ? 'dark' : 'light';
    root.style.colorScheme = isDark ? 'dark' : 'light';
  }, [isGrayscale, isInvert, isDark]);
}

export function AppProviders({ children }: { children: ReactNode }) {
  const primaryColor = settingsStore.use((s) => s.primaryColor);
  const isDark = settingsStore.use((s) => s.isDark);
  const componentSize = settingsStore.use((s) => s.componentSize);
  const locale = useAntdLocale();
  useHtmlModes();
  const themeConfig = useMemo(
    () => ({
      algorithm: isDark ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: { colorPrimary: primaryColor, colorLink: primaryColor, borderRadius: 4 },
    }),
    [isDark, primaryColor],
  );
  useEffect(() => {
    // Static message/modal (used before the layout's <App> is mounted) get the same theme and locale.
    ConfigProvider.config({
      holderRender: (holder) => (
        <ConfigProvider locale={locale} theme={themeConfig}>
          {holder}
        </ConfigProvider>
      ),
    });
  }, [locale, themeConfig]);
  return (
    <ConfigProvider locale={locale} theme={themeConfig} componentSize={SIZE[componentSize]}>
      {children}
      <GlobalOverlay />
    </ConfigProvider>
  );
}
