import { useQuery } from '@tanstack/react-query';
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
