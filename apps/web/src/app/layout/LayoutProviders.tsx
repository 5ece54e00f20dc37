import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { prefetchFeedback } from '../../lib/feedback';
import { queryClient } from '../../lib/query-client';
import { useLanguage } from '../../lib/use-language';
import { applyDayjsLocale } from '../locales';

/**
 * Providers of the signed-in pages: TanStack Query and antd's <App> (for screens that use
 * `App.useApp()`); the static message and modal code is fetched ahead of its first use; dates (dayjs) follow
 * the interface language.
 */
export function LayoutProviders({ children }: { children: ReactNode }) {
  const language = useLanguage();
  useEffect(() => {
    prefetchFeedback();
  }, []);
  useEffect(() => {
    void applyDayjsLocale(language);
  }, [language]);
  return (
    <QueryClientProvider client={queryClient}>
      <AntdApp className="theone-app">{children}</AntdApp>
    </QueryClientProvider>
  );
}
