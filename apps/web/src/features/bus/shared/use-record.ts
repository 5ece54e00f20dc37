import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { QueryKeys } from '../../../lib/query-keys';

/**
 * One record of a module by its id (the details screens and dialogs): cached under the module's `detail(id)` key,
 * asked only once the id is known (not null, not 0).
 */
export function useRecord<T>(keys: QueryKeys<string>, id: number | null, fetch: (id: number) => Promise<T>) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: () => fetch(id as number),
    enabled: id !== null && id > 0,
  });
}

/** The record id a details screen is opened on (`?id=` of its URL); null when there is none. */
export function useUrlId(): number | null {
  const [params] = useSearchParams();
  return Number(params.get('id')) || null;
}
