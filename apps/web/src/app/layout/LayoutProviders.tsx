import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { setFeedback } from '../../lib/feedback';
import { queryClient } from '../../lib/query-client';

/**
 * Providers of the signed-in pages: TanStack Query and antd's <App> (context-aware message and modal,
 * handed to non-React code through `setFeedback`).
 */
function FeedbackBridge() {
  const api = AntdApp.useApp();
  useEffect(() => {
    setFeedback({ message: api.message, modal: api.modal });
    return () => setFeedback(undefined);
  }, [api]);
  return null;
}

export function LayoutProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdApp className="theone-app">
        <FeedbackBridge />
        {children}
      </AntdApp>
    </QueryClientProvider>
  );
}
