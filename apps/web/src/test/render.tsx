import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { http } from '../lib/request';

/** What the web tests share to render a screen and answer its requests. */

/** A query client for one test: no retries, so a refused call fails at once. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** Renders `ui` under a memory router opened at `url`, inside `client` (a fresh test query client by default). */
export function renderRouted(url: string, ui: ReactNode, client = testQueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

/** Shows where the router is (`data-testid="where"`): the path, the query, or both. */
export function Where({ part = 'both' }: { part?: 'path' | 'search' | 'both' }) {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{part === 'path' ? pathname : part === 'search' ? search : pathname + search}</div>;
}

/** Answers every request of `http` with status 200 and the body `answer(config)` gives. */
export function answerRequests(answer: (config: InternalAxiosRequestConfig) => unknown) {
  http.defaults.adapter = (async (config) => ({
    data: answer(config),
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  })) as AxiosAdapter;
}
