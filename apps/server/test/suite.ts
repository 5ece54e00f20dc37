import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from './build-test-app';

/** The demo users of the seeded database (admin/admin123, the others demo123). */
export type TDemoUser = 'admin' | 'sales' | 'sales2' | 'service' | 'dispatcher' | 'driver' | 'finance';

export type TSuite<U extends string> = { t: TestApp } & Record<U, TestClient>;

/**
 * The app of one integration test file: in `beforeAll` a fresh database and app (`env` for its config), the
 * `users` signed in (one client each, under their name), then `setup` adds what else the file needs (its result's
 * keys join the suite); `afterAll` closes the app. Read the suite inside tests and hooks, never at the top level:
 *
 *   const s = useSuite({ users: ['admin', 'sales'], setup: async ({ t }) => ({ ids: await refIds(t) }) });
 *   it('...', async () => { const res = await s.sales.get(`/bus/inware/list?markId=${s.ids.TH001}`); });
 */
export function useSuite<U extends TDemoUser = never, X extends object = object>(
  options: { users?: readonly U[]; env?: Record<string, string>; setup?: (s: TSuite<U>) => Promise<X> } = {},
): TSuite<U> & X {
  const suite = {} as TSuite<U> & X;
  beforeAll(async () => {
    const t = await createTestApp(options.env);
    suite.t = t;
    const users = options.users ?? [];
    const clients = await Promise.all(users.map(async (u) => [u, await t.login(u)] as const));
    Object.assign(suite, Object.fromEntries(clients));
    if (options.setup) Object.assign(suite, await options.setup(suite));
  });
  afterAll(async () => suite.t?.close());
  return suite;
}
