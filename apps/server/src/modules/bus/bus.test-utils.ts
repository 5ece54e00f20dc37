import { type TDemoUser, type TSuite, useSuite } from '../../../test/suite';
import { refIds, type TRefIds } from './inware/inware.test-utils';

/** Helpers of the bus integration tests (not a test file). */

export type TBusSuite<U extends string> = TSuite<U> & { ids: TRefIds };

/**
 * `useSuite` with the reference ids of the seeded data (`s.ids`: places, warehouse, marks) read before `setup`.
 */
export function useBusSuite<U extends TDemoUser = never, X extends object = object>(
  options: { users?: readonly U[]; env?: Record<string, string>; setup?: (s: TBusSuite<U>) => Promise<X> } = {},
): TBusSuite<U> & X {
  const { setup } = options;
  return useSuite({
    ...options,
    setup: async (s) => {
      const withIds = { ...s, ids: await refIds(s.t) };
      return { ids: withIds.ids, ...((await setup?.(withIds)) as X) };
    },
  });
}
