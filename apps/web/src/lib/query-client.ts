import { QueryClient } from '@tanstack/react-query';
import { i18n } from './i18n';
import { isApiError } from './request';
import { onSessionCleared } from './session';

/**
 * One QueryClient. No refetch on window focus (pages kept alive in hidden tabs would all refetch);
 * no retry of API errors the user has been told about (4xx/5xx envelopes), one retry for transport errors.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      retry: (count, error) => isApiError(error) && (error.kind === 'network' || error.kind === 'timeout') && count < 1,
    },
    mutations: { retry: false },
  },
});

onSessionCleared(() => queryClient.clear());

// Names the server composes in the request's language (a user's department and roles, department trees, options,
// the profile's role group) are fetched again when the interface language changes (ADR 0007).
i18n.on('languageChanged', () => {
  void queryClient.invalidateQueries();
});
