import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * Screen registry: component id (as `getRouters` sends it, '<group>/<route>') -> lazily loaded page.
 * A menu entry whose component id is not here is left out of the menu and the routes.
 *
 * To add a screen: one line, in alphabetical order, pointing at a module whose default export is the page:
 *   'bus/orderAdd': lazy(() => import('../../features/bus/inware/pages/OrderAddPage')),
 * Keep this a flat object literal, one entry per line (several engineers add lines at once).
 */
export type PageComponent = LazyExoticComponent<ComponentType>;

export const registry: Record<string, PageComponent> = {
  'home/index': lazy(() => import('../../pages/home/HomePage')),
  'system/profile': lazy(() => import('../../pages/profile/ProfilePage')),
};
