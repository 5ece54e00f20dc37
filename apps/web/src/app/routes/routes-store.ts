import { fetchRouters, fetchUserInfo, type RouterVo } from '../../lib/auth-api';
import { checkPermission, checkRole } from '../../lib/permission';
import { authStore, onSessionCleared } from '../../lib/session';
import { createStore } from '../../lib/store';
import { buildRouteTable, EMPTY_ROUTE_TABLE, type RouteTable } from './build-routes';
import { LOCAL_ROUTES } from './local-routes';
import { registry } from './registry';

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

export function buildTableFor(routers: readonly RouterVo[]): RouteTable {
  const { permissions, roles } = authStore.get();
  return buildRouteTable(routers, LOCAL_ROUTES, {
    isRegistered: (id) => Object.hasOwn(registry, id),
    hasPermi: (keys) => checkPermission(permissions, keys),
    hasRole: (keys) => checkRole(roles, keys),
  });
}

let inFlight: Promise<void> | undefined;

/** getInfo, then (unless the password must be changed first) getRouters; builds the table once. */
export function loadSessionRoutes(): Promise<void> {
  if (inFlight) return inFlight;
  routesStore.set({ status: 'loading' });
  inFlight = (async () => {
    try {
      const info = await fetchUserInfo();
      const routers = info.mustChangePassword ? [] : await fetchRouters();
      routesStore.replace({ status: 'ready', routers, table: buildTableFor(routers) });
    } catch (error) {
      routesStore.set({ status: 'error' });
      throw error;
    } finally {
      inFlight = undefined;
    }
  })();
  return inFlight;
}
