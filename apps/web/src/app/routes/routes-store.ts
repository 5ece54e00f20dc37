import { fetchRouters, fetchUserInfo, type RouterVo } from '../../lib/auth-api';
import { checkPermission, checkRole } from '../../lib/permission';
import { authStore, onSessionCleared } from '../../lib/session';
import { createStore } from '../../lib/store';
import { buildRouteTable, EMPTY_ROUTE_TABLE, type RouteTable } from './build-routes';
import { LOCAL_ROUTES } from './local-routes';

/**
 * The signed-in user's routes and menu. Empty until the guard's first entry loads getInfo and getRouters
 * (spec §2: 'routes built from the user's permissions on first entry, then navigation is redone');
 * reset when the session ends.
 */
export type RoutesStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface RoutesState {
  status: RoutesStatus;
  routers: RouterVo[];
  table: RouteTable;
}

const initial = (): RoutesState => ({ status: 'idle', routers: [], table: EMPTY_ROUTE_TABLE });

export const routesStore = createStore<RoutesState>(initial());

onSessionCleared(() => routesStore.replace(initial()));

/** The route table for the session's permissions; `screens` are the component ids of this build. */
export function buildTableFor(routers: readonly RouterVo[], screens: ReadonlySet<string>): RouteTable {
  const { permissions, roles } = authStore.get();
  return buildRouteTable(routers, LOCAL_ROUTES, {
    isRegistered: (id) => screens.has(id),
    hasPermi: (keys) => checkPermission(permissions, keys),
    hasRole: (keys) => checkRole(roles, keys),
  });
}

let inFlight: Promise<void> | undefined;

/**
 * getInfo, then (unless the password must be changed first) getRouters; builds the table once.
 * The screen registry is fetched alongside: it lists every screen's chunk, so it stays out of the login
 * page's first load.
 */
export function loadSessionRoutes(): Promise<void> {
  if (inFlight) return inFlight;
  routesStore.set({ status: 'loading' });
  inFlight = (async () => {
    try {
      const [info, { registry }] = await Promise.all([fetchUserInfo(), import('./registry')]);
      const routers = info.mustChangePassword ? [] : await fetchRouters();
      const screens = new Set(Object.keys(registry));
      routesStore.replace({ status: 'ready', routers, table: buildTableFor(routers, screens) });
    } catch (error) {
      routesStore.set({ status: 'error' });
      throw error;
    } finally {
      inFlight = undefined;
    }
  })();
  return inFlight;
}
