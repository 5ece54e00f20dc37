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
  'bas/agent-add': lazy(() => import('../../features/bas/marks/AgentAddPage')),
  'bas/agent-detail': lazy(() => import('../../features/bas/marks/AgentDetailPage')),
  'bas/agent-edit': lazy(() => import('../../features/bas/marks/AgentEditPage')),
  'bas/agent-mark': lazy(() => import('../../features/bas/marks/AgentMarkPage')),
  'bas/contPriceAdd': lazy(() => import('../../features/bas/prices/ContPriceFormPage')),
  'bas/contPriceEdit': lazy(() => import('../../features/bas/prices/ContPriceFormPage')),
  'bas/contPriceList': lazy(() => import('../../features/bas/prices/ContPriceListPage')),
  'bas/currate-add': lazy(() => import('../../features/bas/resources/CurrateAddRoute')),
  'bas/currate-details': lazy(() => import('../../features/bas/resources/CurrateDetailRoute')),
  'bas/currate-edit': lazy(() => import('../../features/bas/resources/CurrateEditRoute')),
  'bas/currate-list': lazy(() => import('../../features/bas/resources/CurrateListRoute')),
  'bas/custom-add': lazy(() => import('../../features/bas/marks/CustomAddPage')),
  'bas/custom-detail': lazy(() => import('../../features/bas/marks/CustomDetailPage')),
  'bas/custom-edit': lazy(() => import('../../features/bas/marks/CustomEditPage')),
  'bas/custom-mark': lazy(() => import('../../features/bas/marks/CustomMarkPage')),
  'bas/driver-add': lazy(() => import('../../features/bas/resources/DriverAddRoute')),
  'bas/driver-details': lazy(() => import('../../features/bas/resources/DriverDetailRoute')),
  'bas/driver-edit': lazy(() => import('../../features/bas/resources/DriverEditRoute')),
  'bas/driver-list': lazy(() => import('../../features/bas/resources/DriverListRoute')),
  'bas/insurance-add': lazy(() => import('../../features/bas/resources/InsuranceAddRoute')),
  'bas/insurance-details': lazy(() => import('../../features/bas/resources/InsuranceDetailRoute')),
  'bas/insurance-edit': lazy(() => import('../../features/bas/resources/InsuranceEditRoute')),
  'bas/insurance-list': lazy(() => import('../../features/bas/resources/InsuranceListRoute')),
  'bas/payinfo-add': lazy(() => import('../../features/bas/resources/PayinfoAddRoute')),
  'bas/payinfo-details': lazy(() => import('../../features/bas/resources/PayinfoDetailRoute')),
  'bas/payinfo-edit': lazy(() => import('../../features/bas/resources/PayinfoEditRoute')),
  'bas/payinfo-list': lazy(() => import('../../features/bas/resources/PayinfoListRoute')),
  'bas/price-add': lazy(() => import('../../features/bas/prices/PriceFormPage')),
  'bas/price-batch': lazy(() => import('../../features/bas/prices/PriceBatchPage')),
  'bas/price-details': lazy(() => import('../../features/bas/prices/PriceDetailPage')),
  'bas/price-edit': lazy(() => import('../../features/bas/prices/PriceFormPage')),
  'bas/price-list': lazy(() => import('../../features/bas/prices/PriceListPage')),
  'bas/vehicle-add': lazy(() => import('../../features/bas/resources/VehicleAddRoute')),
  'bas/vehicle-details': lazy(() => import('../../features/bas/resources/VehicleDetailRoute')),
  'bas/vehicle-edit': lazy(() => import('../../features/bas/resources/VehicleEditRoute')),
  'bas/vehicle-list': lazy(() => import('../../features/bas/resources/VehicleListRoute')),
  'home/index': lazy(() => import('../../features/home/HomePage')),
  'system/config-list': lazy(() => import('../../features/system/config/ConfigPage')),
  'system/dept': lazy(() => import('../../features/system/dept/DeptPage')),
  'system/dict-data': lazy(() => import('../../features/system/dict/DictDataPage')),
  'system/dict-list': lazy(() => import('../../features/system/dict/DictTypePage')),
  'system/log-list': lazy(() => import('../../features/system/log/LogPage')),
  'system/menu': lazy(() => import('../../features/system/menu/MenuPage')),
  'system/post-list': lazy(() => import('../../features/system/post/PostPage')),
  'system/profile': lazy(() => import('../../pages/profile/ProfilePage')),
  'system/role': lazy(() => import('../../features/system/role/RolePage')),
  'system/role-auth': lazy(() => import('../../features/system/role/RoleAuthUserPage')),
  'system/user': lazy(() => import('../../features/system/user/UserPage')),
  'system/user-auth': lazy(() => import('../../features/system/user/UserAuthRolePage')),
};
