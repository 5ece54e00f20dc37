import { useQuery } from '@tanstack/react-query';
import type { THome } from '@theone/contracts/bus/home.responses';
import { createQueryKeys } from '../../lib/query-keys';
import { getData } from '../../lib/request';
import { useLanguage } from '../../lib/use-language';

/**
 * GET /bus/index (server apps/server/src/modules/home): the dashboard in the caller's data scope, typed by its
 * response contract (contracts bus/home.responses.ts). A card is in `counts` only when the user can open its list;
 * `chart` is null for users without an order screen, `arrivingContainers` null for users without a tracking or
 * arrival screen.
 */
export type { TArrivingContainer, THome, THomeChart, THomeCounts } from '@theone/contracts/bus/home.responses';

export const homeKeys = createQueryKeys('home');

/** Auto-refresh every 5 minutes (screens §2). */
export const HOME_REFRESH_MS = 5 * 60_000;

export function useHome() {
  const language = useLanguage();
  return useQuery({
    queryKey: homeKeys.custom('index', language),
    queryFn: () => getData<THome>('/bus/index'),
    refetchInterval: HOME_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 30_000,
  });
}
