import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { prefetchFeedback } from '../../lib/feedback';
import { queryClient } from '../../lib/query-client';

/**
 * Providers of the signed-in pages: TanStack Query and antd's <App> (for screens that use
 * `App.useApp()`); the static message and modal code is fetched ahead of its first use.
 */
export function LayoutProviders({ children }: { children: ReactNode }) {
  useEffect(() => {
    prefetchFeedback();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <AntdApp className="theone-app">{children}</AntdApp>
    </QueryClientProvider>
  );
}
